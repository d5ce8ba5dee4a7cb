"""A monster's own Special Summon procedure (召唤手续, rulebook 3.3.2, 3.4.2): the card field

    procedure: {from: hand, tribute: N, banish: N, return_to_deck: N, discard: N, condition: …}

and the action `special_summon_procedure: {card, cost: [ids], zone, position}`. "Special Summon this card from your
hand by Tributing 1 monster" (a summon condition of a Special Summon Monster, or the Special Summon method a
Normal-Summonable monster prints) is not an activated effect: nothing is activated and no chain starts, so no
card can be chained to it (3.3.2.p21, 3.4.1.p2); it is a summon "being made" that a summon-negating effect can
negate (3.4.2.p4, summon_negation.py), whose monster then goes to the graveyard from nowhere (3.4.2.p5).

It is made by the turn player in their own Main Phase at an open game state (3.3.2.p5, 3.4.2.p1), from the hand
unless the card says otherwise (3.3.2.p5), and it is the monster's proper procedure, so the monster counts as
properly summoned (3.3.2.p6) and its revive limit is lifted. The cards Tributed, banished, returned or discarded
for it are not sent by a card effect (3.3.2.p20). Costs: `tribute` (monsters the player controls, their zones
then free), `return_to_deck` (monsters the player controls, shuffled into the deck, Extra Deck monsters to the
Extra Deck), `banish` (monsters in the player's graveyard), `discard` (other cards in the hand). `cost: [ids]`
names them (each by where it is: field, graveyard, hand); **default** the first ones in zone/pile order.
Conditions: `no_monsters` (the player controls no monsters), `opponent_only` (only the opponent controls monsters).
"""
from __future__ import annotations

from . import zones
from .game import is_special_summon_monster, main_phase_refusal
from .model import MAIN_ZONES, MONSTER_ZONES, Card, other
from .summon_negation import begin
from .vows import refusal as vow_refusal

PLACES = ("hand", "graveyard", "banished", "extra_deck")
COSTS = ("tribute", "return_to_deck", "banish", "discard")
CONDITIONS = ("no_monsters", "opponent_only")
Refusal = tuple[str, tuple[str, ...]] | None


def parse(value) -> dict:
    """The `procedure:` card field -> {from, costs: {cost: N}, condition}; raises ValueError."""
    if not isinstance(value, dict) or set(value) - {"from", "condition", *COSTS}:
        raise ValueError(f"a mapping of from ({' | '.join(PLACES)}), {', '.join(COSTS)} (counts) and condition "
                         f"({' | '.join(CONDITIONS)})")
    place = value.get("from", "hand")
    if place not in PLACES:
        raise ValueError(f"`from` is one of {', '.join(PLACES)}")
    costs = {}
    for cost in COSTS:
        if cost in value:
            n = value[cost]
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 10:
                raise ValueError(f"`{cost}` is a count from 1 to 10")
            costs[cost] = n
    if "tribute" in costs and "return_to_deck" in costs:
        raise ValueError("give tribute or return_to_deck, not both (each names monsters you control)")
    condition = value.get("condition", "")
    if condition and condition not in CONDITIONS:
        raise ValueError(f"`condition` is one of {', '.join(CONDITIONS)}")
    return {"from": place, "costs": costs, "condition": condition}


def _pool(game, player: str, cost: str, card: Card) -> list[Card]:
    me = game.board.player(player)
    if cost == "return_to_deck":   # a token is never returned for a procedure (3.1.10.p2); it may be Tributed
        return [c for c in me.monster_list() if c.kind != "token"]
    if cost == "tribute":
        return me.monster_list()
    if cost == "banish":
        return [c for c in me.graveyard if c.card_type == "monster" and c is not card]
    return [c for c in me.hand if c is not card]


def _split(game, player: str, card: Card, chosen: list[Card] | None) -> tuple[dict, Refusal]:
    """{cost: [cards]}: the named `cost` cards sorted by where they are, or **default** the first ones."""
    costs = card.procedure["costs"]
    out = {}
    token = next((c for c in chosen or () if c is not None and c.kind == "token"), None)
    if token is not None and "return_to_deck" in costs and "tribute" not in costs:
        return out, (f"{token.label()} is a token: it cannot be returned to the deck for {card.label()}'s procedure",
                     ("ygo.tokens.no_return_cost",))
    for cost, n in costs.items():
        pool = _pool(game, player, cost, card)
        picked = [c for c in chosen if c in pool] if chosen is not None else pool[:n]
        if len(picked) != n:
            what = {"tribute": "monsters to Tribute", "return_to_deck": "monsters to return to the deck",
                    "banish": "monsters in the graveyard to banish", "discard": "other cards in the hand to discard"}
            return out, (f"{card.label()}'s procedure needs {n} {what[cost]} ({len(picked)} "
                         f"{'named' if chosen is not None else 'available'})", ("ygo.procedure.cost",))
        out[cost] = picked
    if chosen is not None and sum(len(v) for v in out.values()) != len(chosen):
        return out, ("a card named in `cost` is not one the procedure can use (monsters on the field for Tributes or "
                     "returns, graveyard monsters to banish, other hand cards to discard)", ("ygo.procedure.cost",))
    return out, None


def _condition_refusal(game, player: str, card: Card) -> Refusal:
    condition = card.procedure["condition"]
    mine = game.board.player(player).monster_list()
    theirs = game.board.player(other(player)).monster_list()
    if condition == "no_monsters" and mine:
        return (f"{card.label()} is Special Summoned this way only while {player} controls no monsters",
                ("ygo.procedure.condition",))
    if condition == "opponent_only" and (mine or not theirs):
        return (f"{card.label()} is Special Summoned this way only while only {other(player)} controls monsters",
                ("ygo.procedure.condition",))
    return None


def can_special_summon_procedure(game, card: Card, cost: list[Card] | None = None, zone: str | None = None,
                                 position: str = "attack") -> Refusal:

    found = game.board.find(card.id)
    player = found[0].name if found else card.owner
    if card.procedure is None:
        return (f"{card.label()} has no Special Summon procedure of its own (`procedure:`); an effect that Special "
                "Summons is activated instead", ("ygo.procedure.no_activation",))
    refusal = main_phase_refusal(game, player)
    if refusal:
        return refusal[0], refusal[1] + ("ygo.procedure.main_phase",)
    place = card.procedure["from"]
    if not found or found[1] != place:
        keys = ("ygo.procedure.from_hand",) if place == "hand" else ("ygo.procedure.condition",)
        return f"{card.label()}'s procedure Special Summons it from the {place.replace('_', ' ')} only", keys
    if card.kind == "link" and position != "attack":
        return "a Link Monster cannot be in Defense Position", ("ygo.link.no_defense",)
    refusal = _condition_refusal(game, player, card) or vow_refusal(game, player, "special_summon", card)
    if refusal:
        return refusal
    paid, refusal = _split(game, player, card, cost)
    if refusal:
        return refusal
    leaving = tuple(paid.get("tribute", []) + paid.get("return_to_deck", []))
    free, rule = zones.free_zones(game.board, player, place, card, without=leaving)
    if place != "extra_deck":
        free = [z for z in free if z in MAIN_ZONES]
    if not free or zone is not None and zone not in free:
        return f"{player} has no zone for {card.label()}" + (f" ({zone} is not free)" if zone else ""), \
            (rule, "ygo.zones.monster_zone_full")
    return None


def special_summon_procedure(game, card: Card, cost: list[Card] | None = None, zone: str | None = None,
                             position: str = "attack") -> None:

    found = game.board.find(card.id)
    player, place = found[0].name, found[1]
    paid, _ = _split(game, player, card, cost)
    leaving = tuple(paid.get("tribute", []) + paid.get("return_to_deck", []))
    free, rule = zones.free_zones(game.board, player, place, card, without=leaving)
    if place != "extra_deck":
        free = [z for z in free if z in MAIN_ZONES]
    zone = zone or ([z for z in free if z.startswith("M")] or free)[0]
    _pay(game, player, card, paid)
    game.place_monster(card, player, zone, "attack" if card.kind == "link" else position)
    card.properly_summoned = True
    game.step("summon.procedure", f"{player} Special Summons {card.label()} from the {place.replace('_', ' ')} to "
              f"{zone} by its own procedure: no card or effect is activated, so nothing can be chained to it, and it is "
              "properly summoned.", "ygo.procedure.no_activation", "ygo.summon.conditional", "ygo.summon.proper",
              "ygo.procedure.main_phase", *(("ygo.procedure.from_hand",) if place == "hand" else ()),
              *(("ygo.procedure.condition",) if card.procedure["condition"] else ()), rule,
              *(() if is_special_summon_monster(card) else ("ygo.procedure.normal_monster_method",)),
              player=player, card=card.label(), zone=zone, place=place)
    begin(game, [card], player, "special", "Special Summon by its own procedure")


def _pay(game, player: str, card: Card, paid: dict) -> None:
    for cost, cards in paid.items():
        for c in cards:
            was = game.where(c)
            pile = {"tribute": "graveyard", "return_to_deck": "deck", "banish": "banished", "discard": "graveyard"}[cost]
            with game.during("summon"):   # a "when" trigger met by the procedure misses its timing (4.10.7.p14)
                game.send(c, "extra_deck" if pile == "deck" and c.kind in ("fusion", "synchro", "xyz", "link") else pile)
            done = {"tribute": f"Tributes {c.label()}", "return_to_deck": f"returns {c.label()} to the deck",
                    "banish": f"banishes {c.label()}", "discard": f"discards {c.label()}"}[cost]
            game.step("summon.procedure.cost", f"{player} {done} ({was}) for the procedure of "
                      f"{card.label()}: a summon condition, not an effect, so the card is not sent by a card effect.",
                      "ygo.procedure.cost", *(("ygo.summon.tribute",) if cost == "tribute" else ()),
                      player=player, card=c.label(), monster=card.label(), cost=cost)
            if cost == "return_to_deck" and was in MONSTER_ZONES and c in game.board.player(c.owner).deck:
                deck = game.board.player(c.owner).deck
                deck.append(deck.pop(0))   # shuffled in: the engine keeps no order, so under the deck
