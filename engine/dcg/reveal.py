"""Revealing the deck's top cards and adding cards to the hand (JP 3.6 15-15-3 「オープン」, 4-9-2, 13-1-7-4).

    effects:
      - {timing: on_play, do: reveal, amount: 5, take: {count: 1, kind: tamer}, rest: bottom}
      - {timing: security, do: add_to_hand}                    # "[Security] Add this card to its owner's hand."
      - {timing: on_deletion, do: add_to_hand, target: <this card's id>}   # from the trash

`reveal`: the top `amount` cards of the owner's deck are revealed (as many as there are, 1-3-2); of them, up to
`take.count` cards meeting `take` (`kind`, `name`, `trait`, `color`, `level`; all given must hold) go to the
hand — `choose: {reveal: [ids]}` picks which, else the first revealed that qualify; the rest go `rest`:
`bottom` (default) or `top` of the deck, or the `trash`, in the order they were revealed (the player of the
effect chooses that order, 15-15-3-7; the scenario's default keeps it). The whole is one process: it ends when
the last revealed card is placed (15-15-3-5).

`add_to_hand`: without `target`, the card whose [Security] effect this is goes to its owner's hand instead of
the trash (13-1-7-4); with `target`, that card of the owner's trash goes to the hand.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidScenario
from .effects import effect_field, effect_verb
from .game import Game, runs_verbs
from .model import Card, Digimon, Effect
from .requirements import PICK_FIELDS, parse_pick, pick_test

RESTS = ("bottom", "top", "trash")


def _parse_take(value, fields: dict, path: str):
    if fields.get("do") != "reveal":
        raise InvalidScenario(path, "only `do: reveal` takes cards from those revealed")
    if not isinstance(value, dict) or not value:
        raise InvalidScenario(path, "a mapping like {count: 1, kind: tamer, trait: Royal Knights}")
    return parse_pick(value, path)


def _parse_rest(value, fields: dict, path: str):
    if fields.get("do") != "reveal":
        raise InvalidScenario(path, "only `do: reveal` places the cards it revealed")
    if value not in RESTS:
        raise InvalidScenario(path, f"one of: {', '.join(RESTS)}")
    return value


effect_verb("reveal", {"amount"}, set())
effect_verb("add_to_hand", set(), {"target"})
effect_field("take", _parse_take)
effect_field("rest", _parse_rest)


def _words(take: dict) -> str:
    parts = [f"{k} {v}" for k, v in take.items() if k not in PICK_FIELDS]
    return " ".join([*parts, take.get("kind", "card")])


def _labels(cards) -> str:
    return ", ".join(c.label for c in cards) or "none"


def reveal(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    ps = game.ps(owner)
    shown = ps.deck[:e.amount]
    if not shown:
        game.step("effect.nothing", f"{card_id}'s effect reveals nothing: {owner}'s deck is empty.",
                  "dcg.impossible", card=card_id, verb="reveal")
        return
    short = len(shown) < e.amount
    # 15-15-3-2: the revealed cards belong to no zone while revealed
    game.set_ps(owner, replace(ps, deck=ps.deck[len(shown):]))
    game.step("effect.reveal", f"{card_id}'s effect reveals the top {len(shown)} card{'s' * (len(shown) != 1)} of "
              f"{owner}'s deck" + (f" (it had only {len(shown)})" if short else "") + f": {_labels(shown)}.",
              "dcg.reveal.def", "dcg.reveal.not_in_zone", *(["dcg.impossible"] if short else []),
              card=card_id, player=owner, n=len(shown), cards=_labels(shown))
    take = dict(e.mark("take") or ())
    taken: list[Card] = []
    if take:
        fits = [c for c in shown if pick_test(take, "take")(c)]
        listed = game.choices.get("reveal") or ()
        listed = (listed,) if isinstance(listed, str) else listed
        taken = [c for c in fits if c.id in listed][:take["count"]]
        if not taken:
            taken = fits[:take["count"]]
        if taken:
            ps = game.ps(owner)
            game.set_ps(owner, replace(ps, hand=ps.hand + tuple(taken)))
            game.step("effect.reveal_take", f"{owner} adds {_labels(taken)} ({_words(take)}) among them to the "
                      f"hand.", "dcg.reveal.def", "dcg.zone.hand", player=owner, cards=_labels(taken))
        else:
            game.step("effect.reveal_take", f"No revealed card is a {_words(take)}: none is added to the hand.",
                      "dcg.impossible", "dcg.reveal.def", player=owner, cards="none")
    rest = tuple(c for c in shown if c not in taken)
    where = e.mark("rest", "bottom")
    if rest:
        ps = game.ps(owner)
        if where == "trash":
            game.trash_cards(owner, rest)
        else:
            game.set_ps(owner, replace(ps, deck=ps.deck + rest if where == "bottom" else rest + ps.deck))
    placed = {"bottom": "at the bottom of the deck", "top": "on top of the deck", "trash": "in the trash"}[where]
    game.step("effect.reveal_end", f"The other revealed cards ({_labels(rest)}) are placed {placed}"
              + (", in the order they were revealed (the player of the effect chooses it, and shows it before the "
                 "cards go into the hidden deck)" if len(rest) > 1 and where != "trash" else "")
              + ": the reveal ends with the last card placed, as one process.", "dcg.reveal.one_process",
              *(["dcg.reveal.return_order", "dcg.zone.hidden_order_shown"] if len(rest) > 1 and where != "trash"
                else []), player=owner, cards=_labels(rest), where=where)


def add_to_hand(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    if e.target is None:
        card = game.limbo
        if card is None or card.id != card_id:
            game.step("effect.nothing", f"{card_id}'s effect: this card is not being checked from security, so it "
                      f"is not added to the hand.", "dcg.impossible", card=card_id, verb="add to hand")
            return
        game.limbo = None     # so the check does not trash it (13-1-7-4)
        ps = game.ps(owner)
        game.set_ps(owner, replace(ps, hand=ps.hand + (card,)))
        game.step("effect.add_to_hand", f"{card.label}'s [Security] effect adds it to its owner's ({owner}'s) hand: "
                  f"it is in a zone now, so it is not trashed.", "dcg.owner", "dcg.check.trash", "dcg.zone.hand",
                  card=card.label, player=owner)
        return
    ps = game.ps(owner)
    card = next((c for c in ps.trash if c.id == e.target), None)
    if card is None:
        game.step("effect.nothing", f"{card_id}'s effect: {e.target} is not in {owner}'s trash, so it is not "
                  f"added to the hand.", "dcg.impossible", card=card_id, verb="add to hand")
        return
    game.set_ps(owner, replace(ps, trash=tuple(c for c in ps.trash if c.id != card.id), hand=ps.hand + (card,)))
    game.step("effect.add_to_hand", f"{card_id}'s effect adds {card.label} from the trash to its owner's ({owner}'s) "
              f"hand.", "dcg.owner", "dcg.zone.hand", card=card.label, player=owner)


runs_verbs({"reveal": reveal, "add_to_hand": add_to_hand})
