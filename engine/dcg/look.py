"""Looking at cards of the deck or security (JP 3.6 15-15-4 「確認」).

    effects:
      - {timing: on_play, do: look, amount: 3, at: deck, add: {count: 1, kind: tamer}, back: bottom, order: [d3, d1]}
      - {timing: when_attacking, do: look, amount: 2, at: security, add: {count: 1}}

`look`: the player of the effect (15-15-4-2: no other player is written) looks at the top `amount` cards of
their deck (`at: deck`, the default) or security (`at: security`) — as many as there are. The cards shown stay in
their zone, and looking at them does not change its count (15-15-4-3). `add` (optional): up to `count` (default
1) of them meeting all of `kind`, `name`, `trait`, `color`, `level` go to the hand (`choose: {look: [ids]}` picks
which, else the first that qualify; a card the effect names by its kind or information is shown before it goes
into the hand, a hidden zone, 3-1-3-7): the zone loses them, as if its own count fell (15-15-4-4) — from security,
"when security decreases" effects trigger. When that is over, the rest go back (15-15-4-6) to the `back` of the
zone — `top` (default) or `bottom` — in `order` (the ids; the player of the effect chooses it, 15-15-4-7; the
scenario's default keeps the order they were looked at in), face down as the zone's rules say.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidScenario
from .effects import effect_field, effect_verb
from .game import Game, runs_verbs
from .model import Card, Digimon, Effect
from .requirements import parse_pick, pick_test

ZONES = ("deck", "security")
BACKS = ("top", "bottom")


def _only_look(fields: dict, path: str) -> None:
    if fields.get("do") != "look":
        raise InvalidScenario(path, "only `do: look` takes this field")


def _parse_at(value, fields: dict, path: str):
    _only_look(fields, path)
    if value not in ZONES:
        raise InvalidScenario(path, f"one of: {', '.join(ZONES)}")
    return value


def _parse_add(value, fields: dict, path: str):
    _only_look(fields, path)
    if not isinstance(value, dict):
        raise InvalidScenario(path, "a mapping like {count: 1, kind: tamer, trait: Royal Knights}")
    return parse_pick(value, path)


def _parse_back(value, fields: dict, path: str):
    _only_look(fields, path)
    if value not in BACKS:
        raise InvalidScenario(path, f"one of: {', '.join(BACKS)}")
    return value


def _parse_order(value, fields: dict, path: str):
    _only_look(fields, path)
    if not isinstance(value, list) or not value or len(value) > 20 or not all(
            isinstance(v, str) and v for v in value) or len(set(value)) != len(value):
        raise InvalidScenario(path, "a list of distinct card ids: the order the cards go back in, first on top")
    return tuple(value)


effect_verb("look", {"amount"}, set())
effect_field("at", _parse_at)
effect_field("add", _parse_add)
effect_field("back", _parse_back)
effect_field("order", _parse_order)


def _labels(cards) -> str:
    return ", ".join(c.label for c in cards) or "none"


def _ordered(rest: tuple[Card, ...], order: tuple[str, ...]) -> tuple[Card, ...]:
    """The order the player chose (15-15-4-7): the listed ids first, as listed; the rest as they were looked at."""
    first = tuple(c for want in order for c in rest if c.id == want)
    return first + tuple(c for c in rest if c not in first)


def look(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    at = e.mark("at", "deck")
    cards = getattr(game.ps(owner), at)
    shown = cards[:e.amount]
    where = "deck" if at == "deck" else "security"
    if not shown:
        game.step("effect.nothing", f"{card_id}'s effect looks at nothing: {owner}'s {where} is empty.",
                  "dcg.impossible", card=card_id, verb="look")
        return
    game.step("effect.look", f"{owner}, the player of {card_id}'s effect, looks at the top {len(shown)} card"
              f"{'s' * (len(shown) != 1)} of their {where}: {_labels(shown)}. They stay in the {where}, whose count "
              f"does not change ({len(cards)} cards).", "dcg.look.who", "dcg.look.def", "dcg.look.in_zone",
              card=card_id, player=owner, zone=where, n=len(shown), cards=_labels(shown))
    add = dict(e.mark("add") or ())
    taken: list[Card] = []
    if add:
        fits = [c for c in shown if pick_test(add, "add")(c)]
        listed = game.choices.get("look") or ()
        listed = (listed,) if isinstance(listed, str) else listed
        taken = [c for c in fits if c.id in listed][:add["count"]] or fits[:add["count"]]
        if taken:
            ps = game.ps(owner)
            left = tuple(c for c in getattr(ps, at) if c not in taken)
            game.set_ps(owner, replace(ps, hand=ps.hand + tuple(taken), **{at: left}))   # 15-15-4-4: the zone's count
            named = len(add) > 1   # the effect says what it takes: shown before it goes into the hidden hand
            game.step("effect.look_take", f"{owner} adds {_labels(taken)} among them to the hand"
                      + (f", showing {'it' if len(taken) == 1 else 'them'} first, since the effect says what card it "
                         f"takes" if named else "")
                      + f": the {where} loses them, as its own count falls ({len(cards)} → {len(left)}).",
                      "dcg.look.count_change", *(["dcg.zone.hidden_specified"] if named else []), "dcg.zone.hand",
                      player=owner, cards=_labels(taken), zone=where)
        else:
            game.step("effect.look_take", f"None of the cards looked at qualifies: none is added to the hand.",
                      "dcg.impossible", player=owner, cards="none", zone=where)
    rest = tuple(c for c in shown if c not in taken)
    if not rest:
        return
    back = e.mark("back", "top")
    rest = _ordered(rest, e.mark("order") or ())
    ps = game.ps(owner)
    others = tuple(c for c in getattr(ps, at) if c not in rest)
    game.set_ps(owner, replace(ps, **{at: rest + others if back == "top" else others + rest}))
    game.step("effect.look_end", f"The looking is over: {_labels(rest)} go{'es' * (len(rest) == 1)} back "
              f"{'on top of' if back == 'top' else 'to the bottom of'} the {where}"
              + (f", in the order {owner} chooses (first on top)" if len(rest) > 1 else "") + ".",
              "dcg.look.return", *(["dcg.look.return_order"] if len(rest) > 1 else []),
              player=owner, cards=_labels(rest), zone=where, back=back)


runs_verbs({"look": look})
