"""Costs (rulebook 3.1.1 cost): paid when the card or effect is activated, before targets are chosen
(3.5.2); a cost stays paid even if the activation is then negated. Vocabulary (EFFECTS.md, `cost:`):

    {discard: self | N}     from the hand: this card, or N other cards (`choose: {cost.<card id>: [ids]}`,
                            default the last cards in the hand)
    {pay_lp: N}             N LP (the player needs at least N; paying down to 0 loses the duel)
    {tribute: self | N}     this monster, or N other monsters the player controls (`choose`, default zone order)
    {send_to_graveyard: self}   {banish: self}   this card, from where it is
    {banish: {from: graveyard, filter: <traits>}}   1 card of the player's graveyard that matches (traits.py;
                            `choose: {cost.<card id>: [id]}`, default the first one no lock forbids, vows.cost_locked)
    {detach: N}             N of this Xyz Monster's Xyz Materials (`choose: {cost.<card id>: [ids]}`,
                            default the first ones); they go to the graveyard "as a cost"
    {remove_counters: {kind, count, from: self | field}}   N counters of that kind (counters.py)
"""
from __future__ import annotations

from . import counters
from .model import MONSTER_ZONES, Card
from .traits import matches, parse as parse_traits
from .protection import is_unaffected
from .continuous import sources
from .equip_monsters import check_equips
from .replacement import cost_refusal
from .vows import cost_lock_refusal, cost_locked

Refusal = tuple[str, tuple[str, ...]] | None
MAX_COUNT = 60


def _self_or_count(args):
    if args == "self":
        return "self"
    if isinstance(args, bool) or not isinstance(args, int) or not 1 <= args <= MAX_COUNT:
        raise ValueError(f"`self` or a count from 1 to {MAX_COUNT}, not {args!r}")
    return args


def _self_only(args):
    if args != "self":
        raise ValueError("only `self` (this card)")
    return "self"


def _lp(args):
    if args == "half":
        return "half"   # half of the LP, the rest rounded up (no fractions of LP)
    if isinstance(args, bool) or not isinstance(args, int) or not 1 <= args <= 10**9:
        raise ValueError(f"an LP amount (a positive integer) or `half`, not {args!r}")
    return args


def _banish(args):
    if args == "self":
        return "self"
    if not isinstance(args, dict) or args.get("from") != "graveyard" or set(args) - {"from", "filter"}:
        raise ValueError("`self`, or {from: graveyard, filter: {kinds, names, races, ...}}")
    return {"from": "graveyard", **({"filter": parse_traits(args["filter"])} if "filter" in args else {})}


def _count(args):
    if isinstance(args, bool) or not isinstance(args, int) or not 1 <= args <= MAX_COUNT:
        raise ValueError(f"a count from 1 to {MAX_COUNT}, not {args!r}")
    return args


PARSERS = {"discard": _self_or_count, "pay_lp": _lp, "tribute": _self_or_count,
           "send_to_graveyard": _self_only, "banish": _banish, "detach": _count,
           "remove_counters": counters.parse_cost}


def parse(value) -> tuple:
    if not isinstance(value, list) or not value:
        raise ValueError("a non-empty list, e.g. [{discard: self}] or [{pay_lp: 1000}]")
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or len(item) != 1:
            raise ValueError(f"[{i}]: each cost is a one-key mapping")
        (name, args), = item.items()
        if name not in PARSERS:
            raise ValueError(f"[{i}]: unknown cost {name!r} (one of: {', '.join(PARSERS)})")
        try:
            out.append((name, PARSERS[name](args)))
        except ValueError as e:
            raise ValueError(f"[{i}].{name}: {e}") from None
    return tuple(out)


def pick_cards(pool: list[Card], chosen: list[str], count: int, default_last: bool = True) -> list[Card]:
    """`count` cards of `pool`: the `chosen` ids first (in their order, unknown ones ignored), then the documented
    default — the last cards of the pool (or the first, `default_last=False`)."""
    by_id = {c.id: c for c in pool}
    picks = [by_id[i] for i in dict.fromkeys(chosen) if i in by_id][:count]
    for c in (reversed(pool) if default_last else pool):
        if len(picks) == count:
            break
        if c not in picks:
            picks.append(c)
    return picks


def _pick(game, card: Card, pool: list[Card], count: int, default_last: bool) -> list[Card]:
    return pick_cards(pool, game.choose.get(f"cost.{card.id}", []), count, default_last)


def _hand_others(game, card, player):
    return [c for c in game.board.player(player).hand if c is not card]


def _graveyard_pool(game, card, player, args) -> list[Card]:
    """Cards of the player's graveyard the cost may banish: matching its filter, and not forbidden by a lock."""
    return [c for c in game.board.player(player).graveyard if c is not card
            and (not args.get("filter") or matches(c, args["filter"])) and not cost_locked(game, card, player, c)]


def _monsters_others(game, card, player):
    """Monsters that can be Tributed for the cost: not one destroyed by battle (4.4.4.p130)."""
    return [c for c in game.board.player(player).monster_list() if c is not card and not game.battle_destroyed(c)]


def can_pay(game, card: Card, player: str) -> Refusal:
    refusal = _unpayable(game, card, player) or cost_refusal(game, card)
    return (refusal[0], refusal[1] + ("ygo.cost.strict", "ygo.cost.unpayable")) if refusal else None


def lp_waived(game, card: Card, player: str) -> Card | None:
    """The face-up card of `player` whose continuous `no_lp_cost` ("Spell Cards you activate need no LP cost",
    Spell Economics) waives this card's LP cost, or None. Only that kind of card is waived; a card whose LP cost
    is not waived still needs that many LP (3.1.1.p13)."""
    kind = card.card_type or "monster"
    return next((src for src, owner in sources(game) if owner == player for name, args in src.effect.continuous
                 if name == "no_lp_cost" and args in (kind + "s", "all")), None)


def _unpayable(game, card: Card, player: str) -> Refusal:
    for name, args in card.effect.cost:
        place = game.where(card)
        if name == "pay_lp" and args != "half" and game.board.player(player).lp < args \
                and not lp_waived(game, card, player):
            return (f"paying {args} LP needs at least {args} LP; {player} has {game.board.player(player).lp}",
                    ("ygo.cost.pay_lp",))
        if name == "discard" and args == "self" and place != "hand":
            return f"the cost discards {card.label()} from the hand, but it is not in the hand", ("ygo.cost.paid",)
        if name == "discard" and args != "self" and len(_hand_others(game, card, player)) < args:
            return f"the cost discards {args} card(s) from the hand; {player} does not have them", ("ygo.cost.paid",)
        if name == "tribute" and args == "self" and place not in MONSTER_ZONES:
            return f"the cost Tributes {card.label()}, which is not on the field", ("ygo.cost.paid",)
        if name == "tribute" and args != "self" and len(_monsters_others(game, card, player)) < args:
            destroyed = any(game.battle_destroyed(c) for c in game.board.player(player).monster_list())
            return (f"the cost Tributes {args} monster(s); {player} does not control them (Spells and Traps cannot be "
                    f"Tributed{', nor a monster destroyed by battle' if destroyed else ''})",
                    ("ygo.cost.paid", "ygo.cost.tribute_monsters_only",
                     *(("ygo.battle.destroyed_not_cost",) if destroyed else ())))
        if name == "banish" and args != "self" and not _graveyard_pool(game, card, player, args):

            return (cost_lock_refusal(game, card, player) or
                    (f"the cost banishes a card from {player}'s graveyard, and none there can be", ("ygo.cost.paid",)))
        if name == "remove_counters":
            refusal = counters.cost_refusal(game, card, player, args)
            if refusal:
                return refusal
        if name == "detach" and (place not in MONSTER_ZONES or len(card.materials) < args):
            return (f"the cost detaches {args} Xyz Material(s) from {card.label()}, which has "
                    f"{len(card.materials) if place in MONSTER_ZONES else 0}", ("ygo.cost.paid", "ygo.xyz.detach"))
    return None


def pay(game, card: Card, player: str) -> list[Card]:
    """Pay every cost of the activation, each a cited step; the cost is not refunded if negated later. Returns the
    cards moved as the cost (an effect may refer to them, e.g. a lock on their Attribute)."""
    paid: list[Card] = []
    for name, args in card.effect.cost:
        if name == "pay_lp" and lp_waived(game, card, player):
            src = lp_waived(game, card, player)
            game.step("cost.lp_waived", f"{player} activates {card.label()} without paying its LP cost: the continuous "
                      f"effect of {src.label()} waives the LP cost of {player}'s {card.card_type or 'monster'} cards "
                      f"(LP {game.board.player(player).lp}).", "ygo.cost.pay_lp", "ygo.continuous.applies",
                      player=player, card=card.label(), source=src.label(), lp=game.board.player(player).lp)
            continue
        if name == "pay_lp":
            half = args == "half"
            amount = game.board.player(player).lp // 2 if half else args
            game.board.player(player).lp -= amount
            game.step("cost.pay_lp", f"{player} pays {'half their LP, ' if half else ''}{amount} LP as the cost of "
                      f"{card.label()} (LP {game.board.player(player).lp}"
                      f"{', rounded up: LP have no fractions' if half else ''}); paying LP is not damage.",
                      *(["ygo.cost.half_lp"] if half else []), "ygo.cost.pay_lp", "ygo.cost.paid",
                      "ygo.lp.damage_or_payment", player=player, lp_paid=amount,
                      card=card.label(), lp=game.board.player(player).lp, **({"half": True} if half else {}))
            if game.board.player(player).lp == 0:
                game.step("cost.lp_zero", f"{player}'s LP reached 0 by paying the cost: {player} loses at once.",
                          "ygo.cost.lp_zero", player=player)
            game.check_lp()
            continue
        if name == "remove_counters":
            counters.pay_cost(game, card, player, args)
            continue
        if name == "detach":
            detached = _pick(game, card, list(card.materials), args, default_last=False)
            for m in detached:
                card.materials.remove(m)
                game.board.player(m.owner).graveyard.append(m)   # even a Pendulum Monster: to the graveyard
            game.step("cost.detach", f"{player} detaches {', '.join(m.label() for m in detached)} from {card.label()} as "
                      f"the cost of its effect; Xyz Materials removed as a cost are sent to the graveyard "
                      f"({len(card.materials)} left).", "ygo.cost.paid", "ygo.xyz.detach", player=player, cards=", ".join(m.label() for m in detached), card=card.label(), left=len(card.materials))
            continue
        if args == "self":
            cards = [card]
        elif name == "banish":
            cards = _pick(game, card, _graveyard_pool(game, card, player, args), 1, default_last=False)
        elif name == "discard":
            cards = _pick(game, card, _hand_others(game, card, player), args, default_last=True)
        else:
            cards = _pick(game, card, _monsters_others(game, card, player), args, default_last=False)
        pile = "banished" if name == "banish" else "graveyard"
        verb = {"discard": "discards", "tribute": "Tributes", "send_to_graveyard": "sends to the graveyard",
                "banish": "banishes"}[name]
        face_down = any(c.position == "set" for c in cards)
        paid += cards
        with game.during("cost"):   # a "when" trigger met by a cost misses its timing (4.10.7.p14)
            for c in cards:
                game.send(c, pile)
        game.step(f"cost.{name}", f"{player} {verb} {', '.join(c.label() for c in cards)} as the cost of activating "
                  f"{card.label()}; a cost is paid on activation and stays paid even if the activation is negated.",
                  "ygo.cost.paid", *(["ygo.cost.self"] if args == "self" else []),
                  *(["ygo.cost.own_hand"] if name == "discard" else []),
                  *(["ygo.protect.costs_not_effects"] if any(is_unaffected(c) and c is not card for c in cards) else []),
                  *(["ygo.cost.tribute_to_graveyard"] if name == "tribute" else []),
                  *(["ygo.cost.tribute_face_down"] if name == "tribute" and face_down else []), player=player,
                  cards=", ".join(c.label() for c in cards), card=card.label())
    check_equips(game)
    return paid
