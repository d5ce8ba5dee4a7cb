"""Monster Zone geometry under the current Master Rule (April 2020): Link Arrows, linked zones, co-links,
Extra Link, and the zones a monster may be Special Summoned to.

Zone names are the controller's own (M1 is each player's leftmost Main Monster Zone as they sit; EMZ-L is
the Extra Monster Zone on their left), so A's EMZ-L is B's EMZ-R. Geometry works on one absolute grid seen
from A's side: row 0 = A's Main Monster Zones, row 1 = the two Extra Monster Zones (columns 1 and 3),
row 2 = B's Main Monster Zones; "top" points towards the opponent.
"""
from __future__ import annotations

from .model import EXTRA_ZONES, MAIN_ZONES, MONSTER_ZONES, ST_ZONES, Card

ARROWS = {"top-left": (1, -1), "top": (1, 0), "top-right": (1, 1), "left": (0, -1), "right": (0, 1),
          "bottom-left": (-1, -1), "bottom": (-1, 0), "bottom-right": (-1, 1)}
_REL = {**{z: (0, i) for i, z in enumerate(MAIN_ZONES)}, "EMZ-L": (1, 1), "EMZ-R": (1, 3)}


def cell(player: str, zone: str) -> tuple[int, int]:
    """The absolute grid cell of `player`'s `zone`."""
    r, c = _REL[zone]
    return (r, c) if player == "A" else (2 - r, 4 - c)


def zone_at(cell_: tuple[int, int]) -> tuple[str | None, str] | None:
    """(player whose zone it is, zone name) for a grid cell; an Extra Monster Zone belongs to nobody
    (player None) and is named from A's side. None when no zone is there."""
    r, c = cell_
    if r == 0 and 0 <= c <= 4:
        return "A", MAIN_ZONES[c]
    if r == 2 and 0 <= c <= 4:
        return "B", MAIN_ZONES[4 - c]
    if r == 1 and c in (1, 3):
        return None, "EMZ-L" if c == 1 else "EMZ-R"
    return None


def same_zone(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Whether (player, zone) a and b are the same physical zone (the Extra Monster Zones are shared)."""
    return cell(*a) == cell(*b)


def pointed_cells(player: str, zone: str, arrows) -> list[tuple[int, int]]:
    r, c = cell(player, zone)
    sign = 1 if player == "A" else -1      # B's arrows are drawn from B's side of the table
    out = []
    for name in arrows:
        dr, dc = ARROWS[name]
        target = (r + sign * dr, c + sign * dc)
        if zone_at(target) is not None:
            out.append(target)
    return out


def link_monsters(board) -> list[tuple[str, str, Card]]:
    """(controller, zone, card) of every face-up Link Monster in a Monster Zone."""
    return [(p.name, z, m) for p in board.players.values() for z, m in p.monsters.items()
            if m.kind == "link" and m.position == "attack"]


def linked_cells(board, without: tuple = ()) -> set[tuple[int, int]]:
    """Cells some Link Monster on the field points to (monsters in `without` are taken as gone)."""
    out = set()
    for player, zone, card in link_monsters(board):
        if card not in without:
            out.update(pointed_cells(player, zone, card.arrows))
    return out


def zones_linked_by(board, player: str, at_least: int) -> list[str]:
    """`player`'s Main Monster Zones that at least `at_least` Link Monsters (either player's) point to."""
    counts: dict[tuple[int, int], int] = {}
    for owner, zone, card in link_monsters(board):
        for target in pointed_cells(owner, zone, card.arrows):
            counts[target] = counts.get(target, 0) + 1
    return [z for z in MAIN_ZONES if counts.get(cell(player, z), 0) >= at_least]


def co_linked(board, a: tuple[str, str, Card], b: tuple[str, str, Card]) -> bool:
    """Two Link Monsters whose arrows point at each other."""
    return (cell(b[0], b[1]) in pointed_cells(a[0], a[1], a[2].arrows)
            and cell(a[0], a[1]) in pointed_cells(b[0], b[1], b[2].arrows))


def extra_link(board, extra: tuple[str, str, Card] | None = None, without: tuple = ()) -> bool:
    """Whether the Link Monsters in both Extra Monster Zones are joined by a chain of co-linked Link
    Monsters (Extra Link). `extra` adds a monster not yet on the field; `without` takes some away."""
    monsters = [m for m in link_monsters(board) if m[2] not in without] + ([extra] if extra else [])
    in_emz = [m for m in monsters if m[1] in EXTRA_ZONES]
    if len(in_emz) != 2:
        return False
    start, goal = in_emz
    seen, todo = {id(start[2])}, [start]
    while todo:
        here = todo.pop()
        if here[2] is goal[2]:
            return True
        for m in monsters:
            if id(m[2]) not in seen and co_linked(board, here, m):
                seen.add(id(m[2]))
                todo.append(m)
    return False


def emz_holder(board, player: str, zone: str):
    """(controller, card) of whatever stands in the physical Extra Monster Zone `zone` (named from
    `player`'s side), or None."""
    target = cell(player, zone)
    for p in board.players.values():
        for z in EXTRA_ZONES:
            if z in p.monsters and cell(p.name, z) == target and p.monsters[z] is not None:
                return p.name, p.monsters[z]
    return None


def free_zones(board, player: str, source: str, card: Card, without: tuple = ()) -> tuple[list[str], str]:
    """The zones `player` may Special Summon `card` to, with the rule that decides them.

    source: "extra_deck" (a monster coming from the Extra Deck; a Pendulum Monster from the face-up Extra
    Deck counts as one) or anything else (hand, deck, graveyard, banished). Monsters in `without` are
    leaving the field as materials or Tributes of this summon, so their zones count as free (2.1.6)."""
    me = board.player(player)
    occupied = {z for z, m in me.monsters.items() if m not in without}
    mains = [z for z in MAIN_ZONES if z not in occupied]
    if source != "extra_deck":
        return mains, "ygo.zones.main_only"          # 25.5: never to an Extra Monster Zone
    linked_only = card.kind == "link" or card.face_up_in_extra_deck
    if linked_only:
        pointed = linked_cells(board, without)
        mains = [z for z in mains if cell(player, z) in pointed]
    emz = []
    uses_emz = any(z in EXTRA_ZONES for z in occupied)
    for z in EXTRA_ZONES:
        holder = emz_holder(board, player, z)
        if holder is not None and holder[1] not in without:
            continue
        if not uses_emz:
            emz.append(z)
        elif card.kind == "link" and extra_link(board, (player, z, card), without):
            emz.append(z)                             # Extra Link: the second Extra Monster Zone
    return emz + mains, ("ygo.zones.extra_link_zone" if linked_only else "ygo.zones.extra_deck_main_zone")


# ---------- columns (columns.py): the line of zones across the table through a zone

def column(player: str, zone: str) -> int | None:
    """The column (0-4, from A's left) of `player`'s `zone`; None for the Field Zone or off the field."""
    if zone in ST_ZONES:
        zone = MAIN_ZONES[ST_ZONES.index(zone)]
    if zone not in MONSTER_ZONES:
        return None
    return cell(player, zone)[1]


def column_of(game, card: Card) -> int | None:
    return column(game.controller(card), card.zone) if game.on_field(card) else None


def cards_in(game, col: int) -> list[Card]:
    """Every card in column `col`, both players' monsters and Spells/Traps, in zone order."""
    out = []
    for p in game.board.players.values():
        out += [c for z, c in list(p.monsters.items()) + list(p.spells_traps.items()) if column(p.name, z) == col]
    return out


def others_in_column(game, card: Card) -> list[Card]:
    """The selector `column`: the other cards in this card's column."""
    col = column_of(game, card)
    return [] if col is None else [c for c in cards_in(game, col) if c is not card]


def opponent_in_column(game, card: Card, player: str) -> list[Card]:
    """The selector `opponent_column`: the cards of `player`'s opponent in this card's column."""
    return [c for c in others_in_column(game, card) if game.controller(c) != player]
