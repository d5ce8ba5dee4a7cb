"""Effects that let only one kind of monster be face-up on each player's field (rulebook 4.2.1: Rivalry of
Warlords / 群雄割据 "each player can only control 1 Type of face-up monster", Gozen Match / 御前试合 the same for
Attributes).

Card text: a continuous effect `{only_one_kind: race | attribute}` (on a Continuous Trap or Spell, face-up on the
field). While it applies:

* a monster whose Type (Attribute) differs from the face-up monsters a player already controls cannot appear
  face-up on that player's field: no Normal, Flip, Tribute, Extra Deck, Pendulum or procedure summon of it
  (4.2.1.p7, p13), whoever summons it; Setting it face-down is allowed (4.2.1.p7);
* an effect that would Special Summon such a monster cannot be activated, and if it resolves while the effect
  applies, the summon is not applied (4.2.1.p8);
* a player with no face-up monster may summon any kind; the kind is not chosen for good (4.2.1.p4, p10);
* when monsters of two or more kinds are face-up on one player's field after an effect resolved or a summon
  succeeded — gaining control is not restricted (4.2.1.p15) — that player sends monsters to the graveyard until
  one kind is left: the ones that came later, or, when they came at once (or the effect began to apply with them
  there), all but the kind the player keeps (`choose: {only_kind.<player>: <race or attribute>}`; **default** the
  kind of the most monsters, then the first in zone order) (4.2.1.p21, p24). This is neither a destruction
  nor a sending by an effect (4.2.1.p28).

A monster without a Type (Attribute) given is never refused or sent. Monsters that come face-up by a battle are
not checked until the next effect or summon (4.2.1.p22 is not simulated).

"You can only control 1 face-up 'X'" / "only 1 face-up 'X' can be on the field" (4.2.2): the card field
`unique_on_field: own | field`. A second face-up monster of that name cannot appear face-up on its controller's
field (`own`) or anywhere on the field (`field`) (4.2.2.p1) — even when the copy already there has its effects
negated, since the text of the one appearing still applies (4.2.2.p3; both negated: it may). Should two be face-up
there at once anyway (a control change), the one that came later is destroyed, not by a card effect (4.2.2.p11).

"As long as you control a monster, your opponent cannot make more monsters appear on their field than you control"
(Imperial Custom / 皇帝斗技场, 4.2.3): a continuous effect `{monster_count_cap: true}`. While its controller
controls a monster, the opponent's summons (face-up or Set) that would leave the opponent with more monsters than
the controller are refused — Tributes and materials leaving first are counted out — and an effect that would
Special Summon such a monster to the opponent's field cannot be activated (4.2.3.p5); one that resolves while the
cap applies does not summon it, as a failed Special Summon (4.2.3.p11). Summoning to the controller's field, and
gaining control, are not restricted.
"""
from __future__ import annotations

from .continuous import drained, parses, sources
from .kernel import STEPS_DONE, SUMMONED
from .model import Card

Refusal = tuple[str, tuple[str, ...]] | None
KINDS = {"race": "Type", "attribute": "Attribute"}
FACE_UP_SUMMONS = ("normal_summon", "flip_summon", "special_summon_procedure", "synchro_summon", "xyz_summon",
                   "link_summon")


@parses("monster_count_cap")
def parse_monster_count_cap(value) -> bool:
    if value is not True:
        raise ValueError("true: the opponent cannot make more monsters appear on their field than you control")
    return True


def _caps(game) -> list[tuple[Card, str]]:
    """(source card, its controller) of the `monster_count_cap` effects that apply now."""
    if not game.has_continuous:
        return []
    return [(src, mine) for src, mine in sources(game) for name, _ in src.effect.continuous
            if name == "monster_count_cap"]


def cap_refusal(game, card: Card, side: str, leaving: int = 0, key: str = "ygo.cap.cannot_exceed",
                summoner: str | None = None) -> Refusal:
    """One more monster on `side`'s field (after `leaving` of its monsters go), made by `summoner` (**default** that
    side's player), against Imperial Custom (4.2.3): it limits only the opponent's own field and actions."""
    for src, mine in _caps(game):
        if side == mine or (summoner or side) == mine or game.on_field(card) and game.controller(card) == side:
            continue
        theirs = len(game.board.player(mine).monster_list())
        after = len(game.board.player(side).monster_list()) - leaving + 1
        if theirs and after > theirs:
            return (f"{src.label()} applies: {mine} controls {theirs} monster(s), so {side} cannot make {card.label()} "
                    f"appear — {side} would control {after}", (key,))
    return None


@parses("only_one_kind")
def parse_only_one_kind(value) -> str:
    if not isinstance(value, str) or value not in KINDS:
        raise ValueError("race (only 1 Type of face-up monster on each field) or attribute (only 1 Attribute)")
    return value


def _limits(game) -> list[tuple[Card, str]]:
    """(source card, race | attribute) of the `only_one_kind` effects that apply now."""
    if not game.has_continuous:
        return []
    return [(src, args) for src, _ in sources(game) for name, args in src.effect.continuous if name == "only_one_kind"]


def _kind(card: Card, kind: str) -> str:
    return (card.race if kind == "race" else card.attribute) or ""


def _face_up(game, side: str, but: Card | None = None) -> list[Card]:
    return [m for m in game.board.player(side).monster_list() if m.face_up and m is not but]


def _name(card: Card) -> str:
    return card.name or card.id


def _scope(card: Card, side: str) -> tuple[str, ...]:
    return (side,) if card.unique_on_field == "own" else ("A", "B")


def _uniques(game) -> bool:
    """Whether any card of the duel says "only 1 face-up 'X'" (looked up once: cards do not gain that text)."""
    found = game.in_play.get("unique_on_field")
    if found is None:
        found = game.in_play["unique_on_field"] = any(
            c.unique_on_field for p in game.board.players.values() for c in p.all_cards())
    return found


def unique_refusal(game, card: Card, side: str) -> Refusal:
    """A second face-up monster of a name that allows only one (4.2.2.p1, p3)."""
    if not card.unique_on_field:
        return None
    copy = next((m for s in _scope(card, side) for m in _face_up(game, s, card) if _name(m) == _name(card)), None)
    if copy is None:
        return None
    copy_negated = copy.effects_negated or drained(game, copy)
    if copy_negated and card.negated_anywhere:
        return None   # only when the second one is negated too may it appear (4.2.2.p3)
    where = f"{side}'s field" if card.unique_on_field == "own" else "the field"
    if copy_negated:
        return (f"only 1 face-up {_name(card)} may be on {where}: {copy.label()} is there with its effects negated, but "
                f"the text of {card.label()} itself still applies, so it cannot appear face-up",
                ("ygo.unique.negated_copy", "ygo.unique.cannot_appear"))
    return (f"only 1 face-up {_name(card)} may be on {where} and {copy.label()} is there, so {card.label()} cannot "
            "appear face-up", ("ygo.unique.cannot_appear",))


def appear_refusal(game, card: Card | None, side: str, summon_key: str = "ygo.only_kind.cannot_appear",
                   cap: bool = True, face_down: bool = False, summoner: str | None = None) -> Refusal:
    """A monster appearing face-up (`face_down`: Set) on `side`'s field while a limit applies (4.2.1.p7, 4.2.2.p1,
    4.2.3)."""
    if card is None:
        return None
    if face_down:
        return cap and cap_refusal(game, card, side, key="ygo.cap.summon_fails" if summon_key in (
            "ygo.only_kind.summon_not_applied", "ygo.only_kind.one_at_a_time") else "ygo.cap.cannot_exceed",
            summoner=summoner) or None
    refusal = unique_refusal(game, card, side) or cap and cap_refusal(
        game, card, side, key="ygo.cap.summon_fails" if summon_key in ("ygo.only_kind.summon_not_applied",
                                                                     "ygo.only_kind.one_at_a_time")
        else "ygo.cap.cannot_exceed", summoner=summoner)
    if refusal:
        return refusal
    for src, kind in _limits(game):
        mine = _kind(card, kind)
        kept = {_kind(m, kind) for m in _face_up(game, side, card)} - {""}
        if mine and kept and mine not in kept:
            why = (f"{src.label()} applies: {side} controls face-up {'/'.join(sorted(kept))} monsters, so the "
                   f"{mine} monster {card.label()} cannot appear face-up on {side}'s field")
            keys = (summon_key, "ygo.only_kind.cannot_appear") if summon_key != "ygo.only_kind.cannot_appear" \
                else (summon_key,)
            return why, keys
    return None


def action_refusal(game, kind: str, args: dict) -> Refusal:
    """The scenario's summons that would put a monster on its summoner's field."""
    uniques = _uniques(game)
    if not game.has_continuous and not uniques:
        return None
    if _limits(game) or uniques:
        _remember(game)   # what is face-up when an action begins came before anything the action brings
    else:
        _state(game)["seen"] = None   # nothing applies: what is there now is not "earlier" once one does
    if kind not in FACE_UP_SUMMONS + ("pendulum_summon", "set_monster"):
        return None
    side = game.board.turn
    if kind == "pendulum_summon":
        return next((r for r in (appear_refusal(game, c, side) for c in args.get("cards", [])) if r), None)
    card = args.get("card")
    if kind == "normal_summon" and card is not None and game.on_field(card):
        return None   # a Gemini monster summoned again is already face-up there (4.2.1.p16)
    leaving = sum(1 for c in list(args.get("tribute") or []) + list(args.get("materials") or [])
                  + list(args.get("cost") or []) if game.on_field(c) and game.controller(c) == side)
    capped = card is not None and cap_refusal(game, card, side, leaving)
    if capped:
        return capped   # Imperial Custom counts Set monsters too
    if kind == "set_monster" or args.get("position") == "set":
        return None   # face-down it may appear (4.2.1.p7)
    key = "ygo.only_kind.procedure" if kind == "special_summon_procedure" else "ygo.only_kind.cannot_appear"
    return appear_refusal(game, card, side, key, cap=False)


# ---------- what came when: monsters already face-up before a summon or an effect are kept first

def _state(game) -> dict:
    return game.in_play.setdefault("field_limits", {"seen": None, "kinds": {}})


def _remember(game) -> None:
    """The face-up monsters of each side now (the board as given, or after the last check)."""
    state = _state(game)
    board = game.board
    state["seen"] = {side: {m.id for m in _face_up(game, side)} for side in ("A", "B")}
    state["down"] = {m.id for side in ("A", "B") for m in board.player(side).monster_list() if not m.face_up}
    for _, kind in _limits(game):
        for side in ("A", "B"):
            kinds = {_kind(m, kind) for m in _face_up(game, side)} - {""}
            if len(kinds) == 1:
                state["kinds"][(side, kind)] = next(iter(kinds))


@SUMMONED.on(order=20)
def _summoned(game, card: Card, player: str, method: str) -> None:
    limits = _limits(game)
    if not limits:
        if _uniques(game):
            check(game)
        return
    side = game.controller(card)
    for src, kind in limits:
        mine = _kind(card, kind)
        others = {_kind(m, kind) for m in _face_up(game, side, card)} - {""}
        if card.face_up and mine and not others:
            before = _state(game)["kinds"].get((side, kind))
            changed = before is not None and before != mine
            game.step("only_kind.first", f"{side} controlled no other face-up monster, so {card.label()} ({mine}) "
                      f"could appear although {src.label()} applies; from now on only {mine} monsters may appear "
                      f"face-up on {side}'s field" + (f" (before, it was {before}: the kind is not chosen for good)"
                                                      if changed else "") + ".",
                      "ygo.only_kind.not_for_good" if changed else "ygo.only_kind.no_face_up",
                      player=side, card=card.label(), kind=mine)
    check(game)


@STEPS_DONE.on(order=20)
def _resolved(game) -> None:
    if _limits(game) or _uniques(game):
        check(game)


def check(game) -> None:
    """Send monsters to the graveyard until each player controls one kind (4.2.1.p21)."""
    limits = _limits(game)
    state = _state(game)
    seen = state["seen"] or {}
    if _uniques(game):
        _unique_check(game, seen)
    if not limits:
        _remember(game)
        return
    for src, kind in limits:
        for side in (game.board.turn, "B" if game.board.turn == "A" else "A"):
            monsters = [m for m in _face_up(game, side) if _kind(m, kind)]
            kinds = {_kind(m, kind) for m in monsters}
            if len(kinds) < 2:
                if monsters:
                    state["kinds"][(side, kind)] = next(iter(kinds))
                continue
            earlier = {_kind(m, kind) for m in monsters if m.id in seen.get(side, ())}
            if len(earlier) == 1:
                keep, key = next(iter(earlier)), "ygo.only_kind.later_sent"
            else:
                counts = {k: sum(_kind(m, kind) == k for m in monsters) for k in kinds}
                first = {k: next(i for i, m in enumerate(monsters) if _kind(m, kind) == k) for k in kinds}
                keep = game.choose.get(f"only_kind.{side}") or min(kinds, key=lambda k: (-counts[k], first[k]))
                if keep not in kinds:
                    keep = min(kinds, key=lambda k: (-counts[k], first[k]))
                key = "ygo.only_kind.keep_one"
            for m in monsters:
                if _kind(m, kind) == keep:
                    continue
                took, flipped = m.owner != side, m.id in state.get("down", ())
                game.send(m, "graveyard")
                why = (f"{side} keeps the {keep} monsters" if key == "ygo.only_kind.keep_one"
                       else "it was turned face-up by an effect" if flipped else "it came later")
                first = ("ygo.only_kind.control_gained" if took else "ygo.only_kind.flipped" if flipped
                         and key != "ygo.only_kind.keep_one" else key)
                game.step("only_kind.sent", f"{src.label()} applies and {side} controls face-up monsters of more than "
                          f"one {KINDS[kind]}: {m.label()} ({_kind(m, kind)}) is sent to the graveyard — {why}"
                          f"{' (its control was gained)' if took else ''}; this is neither a destruction nor a "
                          "sending by a card effect.",
                          first, "ygo.only_kind.not_by_effect",
                          player=side, card=m.label(), kind=_kind(m, kind), keep=keep)
            state["kinds"][(side, kind)] = keep
    _remember(game)


def _unique_check(game, seen: dict) -> None:
    """Two face-up monsters of a name that allows only one: the later one is destroyed (4.2.2.p11)."""
    groups: dict[tuple, list[Card]] = {}
    for side in ("A", "B"):
        for m in _face_up(game, side):
            if m.unique_on_field:
                groups.setdefault((_name(m), side if m.unique_on_field == "own" else ""), []).append(m)
    for (name, _), monsters in groups.items():
        if len(monsters) < 2 or all(m.effects_negated or drained(game, m) for m in monsters):
            continue   # with every copy's text negated, none applies and all stay (4.2.2.p3)
        earlier = [m for m in monsters if m.id in seen.get(game.controller(m), ())]
        keep = (earlier or monsters)[0]
        for m in monsters:
            if m is keep:
                continue
            side = game.controller(m)
            game.destroy(m, "rule")
            game.step("unique.destroyed", f"Only 1 face-up {name} may be there and {keep.label()} was there first: "
                      f"{m.label()} is destroyed ({side}'s), not by a card effect.", "ygo.unique.later_destroyed",
                      card=m.label(), kept=keep.label(), player=side)
