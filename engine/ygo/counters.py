"""Counters (rulebook 3.1.7, 4.11.2): marks that effects place on face-up cards on the field.

Card fields (EFFECTS.md "Counters"):

    counters: {spell: 2}            the counters on a face-up card on the field, by kind
    holds_counters: [spell]         restricted kinds this card's own text places on itself: it is "a card that
                                    can hold" them (3.1.7.p4)
    counter_limit: {spell: 1}       the most of a kind this card can hold ("max 1")
    gains_counter: {kind: spell, per: spell_card | spell}
                                    "each time a Spell Card (or Spell effect) is activated, place 1 counter on
                                    this card when that Spell resolves" (implies holds_counters)

Kinds are names (`spell` = 魔力指示物, `a` = A指示物, …). Counters of different kinds never stand in for each
other, and the unnamed counters of different cards are different kinds (3.1.7.p2-3): give each card's unnamed
counters a kind of their own. The kinds in RESTRICTED go only on a card that can hold them, and are removed
when that card's effects are negated (3.1.7.p4); other kinds go on any face-up card and stay.
All counters go when the card leaves its zone, is turned face-down or is banished for a while (3.1.7.p1,
4.11.2.p1).
"""
from __future__ import annotations

import re

from ..errors import InvalidScenario
from .kernel import LEFT_ZONE, NEGATED, STEP_APPLIED, STEPS_DONE
from .model import MONSTER_ZONES, Card
from .targets import check_keys, parse_selector, resolve_selector
from .protection import unaffected_by
from .steps import operation

# the kinds 3.1.7.p4 names as placed only on "a card that can hold" them and removed when its effects are negated
RESTRICTED = ("spell", "bushido", "sound", "yosen", "kaiju", "black_feather", "flame_star", "athlete")
CARD_KEYS = ("counters", "holds_counters", "counter_limit", "gains_counter", "counter_locks")
LOCKS = ("cannot_attack", "negate_effects")   # "a monster with this counter cannot attack / has its effects negated"
PER = ("spell_card", "spell")   # a Spell Card activated | a Spell Card or Spell effect activated
MAX_COUNTERS = 99
_KIND = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
TARGETS = ("targets", "self", "holder")   # `holder`: a face-up card you control that can hold the kind (chosen)


# ---------- validation

def is_kind(value) -> bool:
    """A counter kind is a lower-case name: spell, a, soul_pendulum …"""
    return isinstance(value, str) and bool(_KIND.match(value))


def _kind(value, path: str) -> str:
    if not is_kind(value):
        raise InvalidScenario(path, f"a counter kind is a lower-case name (spell, a, …), not {value!r}")
    return value


def _is_count(value, lo: int = 1) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and lo <= value <= MAX_COUNTERS


def _count(value, path: str, lo: int = 1) -> int:
    if not _is_count(value, lo):
        raise InvalidScenario(path, f"must be an integer from {lo} to {MAX_COUNTERS}, not {value!r}")
    return value


def _kind_map(value, path: str, lo: int) -> dict:
    if not isinstance(value, dict):
        raise InvalidScenario(path, "a mapping of counter kind to count, e.g. {spell: 2}")
    return {_kind(k, f"{path}.{k}"): _count(v, f"{path}.{k}", lo) for k, v in value.items()}


def card_fields(card: Card, data: dict, path: str, on_field: bool) -> None:
    """Read the counter fields of a card (`counters` only on a face-up card on the field)."""
    if not any(k in data for k in CARD_KEYS):
        return
    if "holds_counters" in data:
        kinds = data["holds_counters"]
        if not isinstance(kinds, list):
            raise InvalidScenario(f"{path}.holds_counters", "a list of counter kinds, e.g. [spell]")
        card.holds_counters = tuple(dict.fromkeys(_kind(k, f"{path}.holds_counters[{i}]") for i, k in enumerate(kinds)))
    if "counter_limit" in data:
        card.counter_limit = _kind_map(data["counter_limit"], f"{path}.counter_limit", 1)
    if "gains_counter" in data:
        g = data["gains_counter"]
        if not isinstance(g, dict) or set(g) - {"kind", "per"} or "kind" not in g:
            raise InvalidScenario(f"{path}.gains_counter", "{kind: <counter kind>, per: spell_card | spell}")
        per = g.get("per", "spell_card")
        if per not in PER:
            raise InvalidScenario(f"{path}.gains_counter.per", f"one of {', '.join(PER)}, not {per!r}")
        card.gains_counter = {"kind": _kind(g["kind"], f"{path}.gains_counter.kind"), "per": per}
    if "counter_locks" in data:
        locks = data["counter_locks"]
        if not isinstance(locks, dict):
            raise InvalidScenario(f"{path}.counter_locks", "a mapping {counter kind: [cannot_attack, negate_effects]}")
        card.counter_locks = {_kind(k, f"{path}.counter_locks.{k}"): _locks(v, f"{path}.counter_locks.{k}")
                              for k, v in locks.items()}
    if "counters" in data:
        if not on_field:
            raise InvalidScenario(f"{path}.counters", "counters are placed only on cards on the field (3.1.7.p1)")
        counters = _kind_map(data["counters"], f"{path}.counters", 0)
        if any(counters.values()) and not card.face_up:
            raise InvalidScenario(f"{path}.counters", "a face-down card has no counters (3.1.7.p1, 4.11.2.p1)")
        for kind, n in counters.items():
            if n and kind in RESTRICTED and not holds(card, kind):
                raise InvalidScenario(f"{path}.counters.{kind}", f"{kind} counters go only on a card that can hold "
                                      f"them (holds_counters: [{kind}] or gains_counter) (3.1.7.p4)")
            if n > card.counter_limit.get(kind, MAX_COUNTERS):
                raise InvalidScenario(f"{path}.counters.{kind}", f"this card holds at most "
                                      f"{card.counter_limit[kind]} {kind} counter(s)")
        card.counters = {k: n for k, n in counters.items() if n}


def _locks(value, path: str) -> tuple:
    if not isinstance(value, list) or not value or any(v not in LOCKS for v in value):
        raise InvalidScenario(path, f"a list of {', '.join(LOCKS)}")
    return tuple(dict.fromkeys(value))


def data_of(card: Card) -> dict:
    """The counter fields of a card for the canonical text form (only those that are set)."""
    out: dict = {}
    if card.holds_counters:
        out["holds_counters"] = list(card.holds_counters)
    if card.counter_limit:
        out["counter_limit"] = dict(card.counter_limit)
    if card.gains_counter:
        out["gains_counter"] = dict(card.gains_counter)
    if card.counter_locks:
        out["counter_locks"] = {k: list(v) for k, v in card.counter_locks.items()}
    if card.counters:
        out["counters"] = dict(card.counters)
    return out


def locked(card: Card, what: str) -> str:
    """The counter kind whose attached processing forbids `what` (cannot_attack | negate_effects) while the card
    has such counters: applied when they were placed, not a continuous effect, so a monster that becomes
    unaffected by effects afterwards keeps it (4.6.5.p5, 4.1.4.p15); "" when none."""
    return next((k for k, locks in card.counter_locks.items() if what in locks and card.counters.get(k)), "")


# ---------- who can hold what

def holds(card: Card, kind: str) -> bool:
    """Whether the card's own text places `kind` counters on itself (3.1.7.p4)."""
    return kind in card.holds_counters or bool(card.gains_counter and card.gains_counter["kind"] == kind)


def _negated(game, card: Card) -> bool:
    return card.zone in MONSTER_ZONES and NEGATED.answer(game, card)


def can_hold(game, card: Card, kind: str) -> bool:
    """Whether a `kind` counter may be placed on the card now: face-up on the field, and for a restricted
    kind a card that can hold it whose effects are not negated (3.1.7.p1, p4)."""
    if not game.on_field(card) or not card.face_up:
        return False
    return kind not in RESTRICTED or holds(card, kind) and not _negated(game, card)


def total(game, player: str, kind: str) -> int:
    return sum(c.counters.get(kind, 0) for c in _field_cards(game, player))


def _field_cards(game, player: str) -> list[Card]:
    p = game.board.player(player)
    return p.monster_list() + p.st_list() + ([p.field_spell] if p.field_spell else [])


# ---------- placing and removing

def place(game, card: Card, kind: str, count: int, by: str, *keys: str) -> int:
    """Place up to `count` counters (never past the card's limit); returns how many were placed."""
    room = card.counter_limit.get(kind, MAX_COUNTERS) - card.counters.get(kind, 0)
    n = max(0, min(count, room))
    if n == 0:
        game.step("counters.full", f"{card.label()} already holds the most {kind} counters it can "
                  f"({card.counter_limit.get(kind)}): no counter is placed.", "ygo.counters.limit",
                  card=card.label(), kind=kind)
        return 0
    card.counters[kind] = card.counters.get(kind, 0) + n
    game.step("counters.place", f"{by} places {n} {kind} counter(s) on {card.label()} (it now has "
              f"{card.counters[kind]}).", "ygo.counters.defined", *keys, card=card.label(), kind=kind, count=n,
              now=card.counters[kind])
    return n


@LEFT_ZONE.on()
def left_zone(game, card: Card, place: str) -> None:
    if card.counters:
        clear(game, card, f"leaves the field (from {place})")


def clear(game, card: Card, why: str, *keys: str) -> None:
    """All counters go (the card left its zone, was turned face-down or banished for a while)."""
    if not card.counters:
        return
    gone = ", ".join(f"{n} {k}" for k, n in card.counters.items())
    card.counters, card.counter_locks = {}, {}
    game.step("counters.removed", f"{card.label()} {why}: its counters ({gone}) are all removed.",
              "ygo.counters.leave_or_face_down", *keys, card=card.label(), counters=gone)


@STEP_APPLIED.on(order=10)
@STEPS_DONE.on()
def check(game) -> None:
    """Restricted counters on a card that can no longer hold them (its effects negated) are removed (3.1.7.p4);
    counters on a face-down card vanish (4.11.2.p1)."""
    if not any(c.counters for p in game.board.players.values() for zone in (p.monsters, p.spells_traps)
               for c in zone.values()) and not any(p.field_spell and p.field_spell.counters
                                                   for p in game.board.players.values()):
        return   # no counter on the field (the usual case): nothing to check, after every operation
    for player in game.board.players:
        for card in _field_cards(game, player):
            if not card.counters:
                continue
            if not card.face_up:
                clear(game, card, "is face-down", "ygo.counters.face_down_vanish")
                continue
            lost = [k for k in card.counters if k in RESTRICTED and not can_hold(game, card, k)]
            for kind in lost:
                n = card.counters.pop(kind)
                game.step("counters.removed", f"The effects of {card.label()} are negated: it is no longer a card that "
                          f"can hold {kind} counters, so its {n} {kind} counter(s) are removed.",
                          "ygo.counters.negated_removed", card=card.label(), kind=kind, count=n)
            if lost and card.counters:
                game.step("counters.kept", f"{card.label()} keeps its other counters "
                          f"({', '.join(f'{n} {k}' for k, n in card.counters.items())}): they need no particular "
                          "card and stay though its effects are negated.", "ygo.counters.free_kinds_stay",
                          card=card.label())


# ---------- the effect operations

def parse_place(args) -> dict:
    args = check_keys(args, ("target", "kind", "count", "with"), ("target", "kind"))
    with_ = args.get("with", [])
    if not isinstance(with_, list) or any(v not in LOCKS for v in with_):
        raise ValueError(f"`with` lists what a monster with these counters suffers: {', '.join(LOCKS)}")
    if args["target"] not in TARGETS:
        raise ValueError(f"`target` is one of {', '.join(TARGETS)}, not {args['target']!r}")
    kind = args["kind"]
    if not is_kind(kind):
        raise ValueError(f"`kind` is a lower-case counter name (spell, a, …), not {kind!r}")
    count = args.get("count", 1)
    if not _is_count(count):
        raise ValueError(f"`count` is from 1 to {MAX_COUNTERS}, not {count!r}")
    out = {"target": args["target"], "kind": kind, "count": count}
    if with_:
        out["with"] = list(dict.fromkeys(with_))
    return out


def _holders(game, player: str, kind: str) -> list[Card]:
    return [c for c in _field_cards(game, player) if can_hold(game, c, kind)]


def check_place(game, card: Card, player: str, targets: list):
    """An effect that places counters cannot choose a card that cannot hold them (3.1.7.p4), and one that places
    them on "a card you control that can hold them" needs such a card."""
    for name, args in card.effect.ops:
        if name != "place_counters":
            continue
        kind = args["kind"]
        if args["target"] == "targets":
            for t in targets:
                if not can_hold(game, t, kind):
                    why = ("its effects are negated" if kind in RESTRICTED and holds(t, kind) and t.face_up
                           else "it is face-down" if not t.face_up else f"its text places no {kind} counters on itself")
                    return (f"{card.label()} places {kind} counters; {t.label()} cannot hold them ({why})",
                            ("ygo.counters.holders_only", "ygo.counters.no_negated_target"))
        if args["target"] == "holder" and not [c for c in _holders(game, player, kind) if c is not card]:
            return (f"{card.label()} places {kind} counters on a face-up card {player} controls that can hold them, "
                    f"and {player} has none", ("ygo.counters.holders_only",))
    return None


def apply_place(game, link, args) -> None:
    kind = args["kind"]
    if args["target"] == "holder":
        pool = [c for c in _holders(game, link.player, kind) if c is not link.card]
        chosen = game.choose.get(f"counters.{link.card.id}")
        picked = next((c for c in pool if c.id == chosen), pool[0] if pool else None)   # **default**: the first
        cards = [picked] if picked else []
    else:
        cards = resolve_selector(game, link, args["target"])
    for card in cards:
        if not game.on_field(card):
            continue
        if unaffected_by(game, link.card, card):
            game.step("counters.unaffected", f"{card.label()} is unaffected by other cards' effects: no counter can "
                      "be placed on it.", "ygo.counters.unaffected", card=card.label())
            continue
        if not can_hold(game, card, kind):
            game.step("counters.cannot_hold", f"{card.label()} cannot hold {kind} counters now: none is placed.",
                      "ygo.counters.holders_only", card=card.label(), kind=kind)
            continue
        placed = place(game, card, kind, args["count"], f"The effect of {link.card.label()}",
                       *(("ygo.counters.holders_only",) if kind in RESTRICTED else ()))
        if placed and args.get("with") and card.zone in MONSTER_ZONES:
            card.counter_locks[kind] = tuple(dict.fromkeys(card.counter_locks.get(kind, ()) + tuple(args["with"])))
            game.step("counters.locks", f"While {card.label()} has {kind} counters it "
                      f"{' and '.join({'cannot_attack': 'cannot attack', 'negate_effects': 'has its effects negated'}[w] for w in args['with'])}"
                      ": processing attached to placing them, not a continuous effect.",
                      "ygo.counters.attached_processing", card=card.label(), kind=kind)


def parse_remove(args) -> dict:
    args = check_keys(args, ("target", "kind", "count"), ("target", "kind"))
    kind = args["kind"]
    if not is_kind(kind):
        raise ValueError(f"`kind` is a lower-case counter name, not {kind!r}")
    count = args.get("count", "all")
    if count != "all" and not _is_count(count):
        raise ValueError(f"`count` is from 1 to {MAX_COUNTERS} or all, not {count!r}")
    return {"target": parse_selector(args["target"]), "kind": kind, "count": count}


def apply_remove(game, link, args) -> None:
    kind = args["kind"]
    for card in resolve_selector(game, link, args["target"]):
        have = card.counters.get(kind, 0)
        n = have if args["count"] == "all" else min(have, args["count"])
        if not n:
            continue
        card.counters[kind] = have - n
        if not card.counters[kind]:
            del card.counters[kind]
        game.step("counters.remove", f"The effect of {link.card.label()} removes {n} {kind} counter(s) from "
                  f"{card.label()}; counters of other kinds are not touched.", "ygo.counters.defined",
                  "ygo.counters.kinds_distinct", card=card.label(), kind=kind, count=n)


# ---------- the cost

def parse_cost(args) -> dict:
    if not isinstance(args, dict) or set(args) - {"kind", "count", "from"} or "kind" not in args:
        raise ValueError("{kind: <counter kind>, count: N, from: self | field}")
    kind = args["kind"]
    if not is_kind(kind):
        raise ValueError(f"`kind` is a lower-case counter name, not {kind!r}")
    count = args.get("count", 1)
    if not _is_count(count):
        raise ValueError(f"`count` is from 1 to {MAX_COUNTERS}, not {count!r}")
    source = args.get("from", "self")
    if source not in ("self", "field"):
        raise ValueError(f"`from` is self (this card) or field (cards you control), not {source!r}")
    return {"kind": kind, "count": count, "from": source}


def _cost_pool(game, card: Card, player: str, source: str) -> list[Card]:
    if source == "self":
        return [card] if game.on_field(card) else []
    return [card] + [c for c in _field_cards(game, player) if c is not card] if game.on_field(card) \
        else _field_cards(game, player)


def cost_refusal(game, card: Card, player: str, args: dict):
    kind = args["kind"]
    have = sum(c.counters.get(kind, 0) for c in _cost_pool(game, card, player, args["from"]))
    if have >= args["count"]:
        return None
    where = card.label() if args["from"] == "self" else f"{player}'s field"
    others = {k: n for k, n in card.counters.items() if k != kind}
    note = (f" (its {', '.join(f'{n} {k}' for k, n in others.items())} counter(s) are another kind and cannot stand "
            "in for them)") if others else ""
    return (f"the cost removes {args['count']} {kind} counter(s) from {where}, which has {have}{note}",
            ("ygo.cost.paid", "ygo.counters.kinds_distinct", *(("ygo.counters.unnamed_distinct",) if others else ())))


def pay_cost(game, card: Card, player: str, args: dict) -> None:
    """Remove the counters: this card's first, then the player's other cards in zone order (**default**;
    `choose: {cost.<card id>: [ids]}` names the cards to take them from first)."""
    kind, left = args["kind"], args["count"]
    pool = _cost_pool(game, card, player, args["from"])
    chosen = game.choose.get(f"cost.{card.id}") or []
    pool.sort(key=lambda c: chosen.index(c.id) if c.id in chosen else len(chosen))
    taken = []
    for c in pool:
        n = min(left, c.counters.get(kind, 0))
        if n:
            c.counters[kind] -= n
            if not c.counters[kind]:
                del c.counters[kind]
            taken.append(f"{n} from {c.label()}")
            left -= n
    game.step("cost.remove_counters", f"{player} removes {args['count']} {kind} counter(s) ({', '.join(taken)}) as the "
              f"cost of {card.label()}.", "ygo.cost.paid", "ygo.counters.defined", player=player, kind=kind,
              count=args["count"], card=card.label())


# ---------- "each time a Spell is activated, place 1 counter on this card"

def watchers(game, card: Card, card_activation: bool) -> list[Card]:
    """Cards with `gains_counter` that see this activation: face-up on the field now, other than the card itself
    (a card's own activation is not yet an applied effect, 3.5.2)."""
    if not is_spell(game, card):
        return []
    out = []
    for player in game.board.players:
        for c in _field_cards(game, player):
            g = c.gains_counter
            if c is card or not g or not c.face_up:
                continue
            if g["per"] == "spell" or card_activation:
                out.append(c)
    return out


def is_spell(game, card: Card) -> bool:
    """A Spell Card, or a Pendulum Monster in a Pendulum Zone (activated there, it is a Spell Card)."""
    return card.card_type == "spell" or card.pendulum and game.where(card) in ("S1", "S5")


def after_link(game, link) -> None:
    """When a Spell's chain link is dealt with — resolved, or negated — each card that saw it activated gets its
    counter, if it can still hold it."""
    for c in link.counter_watchers:
        g = c.gains_counter
        if not can_hold(game, c, g["kind"]):
            continue
        negated = " (its activation was negated, but it was activated)" if link.negated_activation else ""
        place(game, c, g["kind"], 1, f"{link.card.label()} was activated{negated}: {c.label()}'s own effect",
              "ygo.counters.holders_only", "ygo.counters.own_text_holds")


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("place_counters", parse_place, check_place)(apply_place)
operation("remove_counters", parse_remove)(apply_remove)
