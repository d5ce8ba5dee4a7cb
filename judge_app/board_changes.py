"""What a run changed: the "before" board against the result's `final` board, for the verdict summary.

A judge reading "Which Digimon are deleted?" wants the answer first: each card that changed zone,
each counter (LP, memory, deck) that changed, each card that turned (suspended / battle position).
"""
from __future__ import annotations

from dataclasses import dataclass

# Zones that hold cards, in the order a judge reads a board (contract §4 `final`).
ZONES = ("battle_area", "monsters", "spells_traps", "field", "breeding_area", "security", "hand",
         "trash", "graveyard", "banished", "extra_deck")
COUNTERS = ("lp", "deck_count", "digitama_count")


@dataclass(frozen=True)
class Change:
    player: str | None   # "A" / "B", or None for the shared memory gauge
    what: str            # a zone move ("zone"), a counter name, "suspended", "position" or "memory"
    card: str | None     # card id, when a card changed
    before: object
    after: object


def changes(before: dict | None, after: dict | None) -> list[Change]:
    if not isinstance(before, dict) or not isinstance(after, dict):
        return []
    out: list[Change] = []
    if before.get("memory") != after.get("memory") and "memory" in after:
        out.append(Change(None, "memory", None, before.get("memory"), after.get("memory")))
    for player in ("A", "B"):
        old = _player(before, player)
        new = _player(after, player)
        old_places, new_places = _places(old), _places(new)
        for card, (zone, state) in new_places.items():
            was = old_places.get(card)
            if was is None or was[0] != zone:
                out.append(Change(player, "zone", card, was[0] if was else None, zone))
            elif state != was[1]:
                out.extend(_turned(player, card, was[1], state))
        for card, (zone, _) in old_places.items():
            if card not in new_places:
                out.append(Change(player, "zone", card, zone, None))
        for counter in COUNTERS:
            if counter in new and old.get(counter) != new.get(counter):
                out.append(Change(player, counter, None, old.get(counter), new.get(counter)))
    return out


def _player(board: dict, name: str) -> dict:
    players = board.get("players")
    player = players.get(name) if isinstance(players, dict) else None
    return player if isinstance(player, dict) else {}


def _places(player: dict) -> dict[str, tuple[str, tuple]]:
    """card id -> (zone, (suspended, position)); cards under a Digimon count as in that Digimon's zone."""
    found: dict[str, tuple[str, tuple]] = {}

    def visit(card, zone: str) -> None:
        if isinstance(card, dict):
            cid = card.get("id")
            if isinstance(cid, str):
                found.setdefault(cid, (zone, (card.get("suspended"), card.get("position"))))
            for source in card.get("sources") or ():
                visit(source, zone)
        elif isinstance(card, str):
            found.setdefault(card, (zone, (None, None)))

    for zone in ZONES:
        held = player.get(zone)
        for card in held if isinstance(held, list) else ([held] if held else []):
            visit(card, zone)
    return found


def _turned(player: str, card: str, was: tuple, now: tuple) -> list[Change]:
    out = []
    if was[0] != now[0] and now[0] is not None:
        out.append(Change(player, "suspended", card, was[0], now[0]))
    if was[1] != now[1] and now[1] is not None:
        out.append(Change(player, "position", card, was[1], now[1]))
    return out
