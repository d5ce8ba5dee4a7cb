"""Pendulum Monsters: activating one as a Pendulum Scale in a Pendulum Zone (the leftmost or rightmost
Spell & Trap Zone), the Pendulum Summon (once per turn, Levels strictly between the two Scales, from the
hand to Main Monster Zones and from the face-up Extra Deck to the Extra Monster Zone or linked zones), and
Pendulum Monsters going face-up to the Extra Deck instead of the graveyard."""
from __future__ import annotations

from . import zones
from .game import Link, is_special_summon_monster, main_phase_refusal
from .model import PENDULUM_ZONES, Card, other
from .counters import watchers
from .summon_negation import begin
from .vows import refusal as vow_refusal

Refusal = tuple[str, tuple[str, ...]] | None


def scales(game, player: str) -> list[Card]:
    me = game.board.player(player)
    # a Pendulum Monster equipped as an equip card is no Pendulum Scale, even in S1/S5 (4.8.3.p5)
    return [me.spells_traps[z] for z in PENDULUM_ZONES if z in me.spells_traps and me.spells_traps[z].pendulum
            and not me.spells_traps[z].equip_was]


# ---------- activating a Pendulum Scale

def is_scale_activation(game, card: Card) -> bool:
    return card.pendulum and game.where(card) == "hand"


def can_activate_scale(game, card: Card, player: str | None, zone: str | None) -> Refusal:
    owner = game.controller(card)
    if player and player != owner:
        return f"{card.id} is in {owner}'s hand, not {player}'s", ("ygo.activate.card_activation",)
    refusal = main_phase_refusal(game, owner)
    if refusal:
        return refusal[0], ("ygo.activate.speed1_main_phase",)
    me = game.board.player(owner)
    if zone is not None and zone not in PENDULUM_ZONES:
        return (f"a Pendulum Monster is activated only in a Pendulum Zone (S1 or S5, the ends of the Spell & Trap "
                f"Zones), not {zone}", ("ygo.pendulum.zones", "ygo.pendulum.activate"))
    free = [z for z in ([zone] if zone else PENDULUM_ZONES) if z not in me.spells_traps]
    if not free:
        return (f"{owner}'s Pendulum Zone{'s' if not zone else ''} ({zone or 'S1, S5'}) "
                f"{'is' if zone else 'are'} not free", ("ygo.pendulum.zones", "ygo.zones.st_zone_full"))
    return None


def activate_scale(game, card: Card, player: str | None, zone: str | None) -> None:
    owner = game.controller(card)
    me = game.board.player(owner)
    zone = zone or next(z for z in PENDULUM_ZONES if z not in me.spells_traps)
    game.remove(card)
    card.kind = card.kind or ("effect" if card.effect else "normal")   # as a board card is read (validate)
    card.zone, card.face = zone, "up"
    me.spells_traps[zone] = card
    link = Link(len(game.chain) + 1, card, owner, 1, [], game.window, no_effect=True)
    link.counter_watchers = watchers(game, card, True)   # a Spell Card's activation (counters.py)
    game.chain.append(link)
    game.priority, game.last_pass = other(owner), ""
    game.step("pendulum.activate", f"{owner} activates {card.label()} from the hand as a Pendulum Spell in the "
              f"Pendulum Zone {zone} (Pendulum Scale {card.scale}) as chain link {link.n}; in that zone it is a "
              "Spell Card, not a monster.", "ygo.pendulum.activate", "ygo.pendulum.zones", "ygo.pendulum.not_a_monster",
              "ygo.pendulum.spell_in_zone", "ygo.zones.field_parts", player=owner, card=card.label(), zone=zone, scale=card.scale, link=link.n)


# ---------- the Pendulum Summon (a conditional Special Summon by the rules, 3.3.2.p24)

def can_pendulum_summon(game, cards: list[Card], zones_: dict | None = None) -> Refusal:
    board = game.board
    player = board.turn
    refusal = main_phase_refusal(game, player)
    if refusal:
        return refusal[0], refusal[1] + ("ygo.summon.conditional_main_phase",)
    if board.pendulum_summoned:
        return f"{player} has already Pendulum Summoned this turn", ("ygo.pendulum.once_per_turn",)
    for card in cards:
        locked = vow_refusal(game, player, "special_summon", card)
        if locked:
            return locked
    pair = scales(game, player)
    if len(pair) != 2:
        return (f"{player} needs a Pendulum Scale in both Pendulum Zones (S1 and S5) to Pendulum Summon",
                ("ygo.pendulum.zones", "ygo.pendulum.summon"))
    low, high = sorted(c.scale for c in pair)
    if not cards:
        return "a Pendulum Summon summons at least 1 monster", ("ygo.pendulum.summon",)
    taken: list[str] = []
    for card in cards:
        place = game.where(card)
        if game.controller(card) != player or place not in ("hand", "extra_deck"):
            return f"{card.label()} is not in {player}'s hand or Extra Deck", ("ygo.pendulum.summon",)
        if place == "extra_deck" and not card.face_up_in_extra_deck:
            return (f"{card.label()} is face-down in the Extra Deck; only face-up Pendulum Monsters are Pendulum "
                    "Summoned from there", ("ygo.pendulum.face_up_extra_deck",))
        if card.card_type != "monster":
            return f"{card.label()} is not a monster", ("ygo.pendulum.summon",)
        if place == "extra_deck" and is_special_summon_monster(card) and not card.properly_summoned:
            return (f"{card.label()} was never properly summoned: from the face-up Extra Deck it cannot be Pendulum "
                    "Summoned", ("ygo.summon.revive_limit",))
        if place == "hand" and is_special_summon_monster(card):
            return (f"{card.label()} is a Special Summon Monster: a Pendulum Summon is not its proper procedure",
                    ("ygo.pendulum.not_proper",))
        if not low < card.level < high:
            return (f"{card.label()} is Level {card.level}; with Scales {low} and {high} only Levels {low + 1} to "
                    f"{high - 1} can be Pendulum Summoned", ("ygo.pendulum.scale_range",))
        free, rule = zones.free_zones(board, player, "extra_deck" if place == "extra_deck" else "hand", card)
        free = [z for z in free if z not in taken and not (z.startswith("EMZ") and any(t.startswith("EMZ") for t in taken))]
        want = (zones_ or {}).get(card.id)
        if want is not None and want not in free:
            why = ("a monster Pendulum Summoned from the hand goes to a Main Monster Zone" if place == "hand" else
                   "a Pendulum Monster from the face-up Extra Deck goes to a free Extra Monster Zone or a Main Monster "
                   "Zone a Link Arrow points to")
            return f"{want} is not available for {card.label()}: {why}", (rule, "ygo.pendulum.summon")
        if not free:
            return (f"{player} has no zone left for {card.label()}", (rule, "ygo.zones.monster_zone_full"))
        taken.append(want or free[0])
    return None


def pendulum_summon(game, cards: list[Card], zones_: dict | None = None) -> None:
    board = game.board
    player = board.turn
    low, high = sorted(c.scale for c in scales(game, player))
    placed = []
    for card in cards:
        place = game.where(card)
        free, rule = zones.free_zones(board, player, "extra_deck" if place == "extra_deck" else "hand", card)
        zone = (zones_ or {}).get(card.id) or free[0]
        card.face_up_in_extra_deck = False
        game.place_monster(card, player, zone, "attack")
        placed.append((card, place, zone, rule))
    board.pendulum_summoned = True
    for card, place, zone, rule in placed:
        keys = ["ygo.pendulum.summon", "ygo.pendulum.scale_range", "ygo.pendulum.once_per_turn", rule]
        keys.append("ygo.pendulum.face_up_extra_deck" if place == "extra_deck" else "ygo.pendulum.hand_main_zone")
        game.step("summon.pendulum", f"{player} Pendulum Summons {card.label()} (Level {card.level}, between the Scales "
                  f"{low} and {high}) from the {'face-up Extra Deck' if place == 'extra_deck' else 'hand'} to {zone} "
                  "in face-up Attack Position.", *keys, player=player, card=card.label(), level=card.level, low=low, high=high, zone=zone, place=place)
    game.step("summon.pendulum.done", f"That was {player}'s one Pendulum Summon this turn ({len(placed)} monster(s) at "
              "the same time).", "ygo.pendulum.once_per_turn", "ygo.summon.conditional", player=player, count=len(placed))
    begin(game, [card for card, *_ in placed], player, "special", "Pendulum Summon")


ACTIONS = {"pendulum_summon": (
    lambda game, cards, zones=None: can_pendulum_summon(game, cards, zones),
    lambda game, cards, zones=None: pendulum_summon(game, cards, zones))}
