"""Game setup and the first player's first turn (JP 3.6 5-2-1, 6-3-1-1): the action `start_game`.

    board: {turn: A, memory: 0, A: {deck: [...]}, B: {deck: [...]}}      # nothing in hands, security or areas
    actions:
      - start_game: {first: A, redraw: [B]}
      - end_turn: {}              # the first player's turn: unsuspend, no draw (6-3-1-1), breeding, main phase

Nothing is random: each deck's order on the board is its shuffled order (5-2-1-1). `first` (default: the board's
turn player) goes first (5-2-1-3). Each player draws 5 (5-2-1-4); the players listed in `redraw` declare the redraw,
the first player first: the hand goes back under the deck — the board's order stands for the shuffle (5-2-1-5) —
and 5 are drawn again. Then each player places the deck's top 5 cards face down as security one by one, the top
card ending lowest (5-2-1-6); memory goes to 0 (5-2-1-7); the game begins with the first player's turn (5-2-1-8),
whose draw phase draws nothing (6-3-1-1). Refused once the game has begun (a hand, security or a card in an area).
"""
from __future__ import annotations

from dataclasses import replace

from ..trace import Refusal
from .game import Game, on
from .model import PLAYERS, opponent

HAND = 5
SECURITY = 5
KEPT = "setup"


def can_start_game(game: Game, first: str | None, redraw: tuple) -> Refusal | None:
    b = game.board
    started = [p for p in PLAYERS if game.ps(p).hand or game.ps(p).security or game.ps(p).battle_area
               or game.ps(p).breeding_area is not None]
    if started or b.phase == "over" or b.memory != 0 or KEPT in game.kept:
        who = f" ({', '.join(started)} already {'has' if len(started) == 1 else 'have'} cards in hand, security or an area)" if started else ""
        return Refusal("start_game", f"The game has already begun{who}: setup comes before the first turn, with "
                       f"memory 0 and no card in hand, security or an area.", ("dcg.setup.procedure",))
    return None


def start_game(game: Game, first: str | None, redraw: tuple) -> None:
    first = first or game.board.turn
    second = opponent(first)
    game.kept[KEPT] = {"first_turn": first}
    game.step("setup.begin", f"Setup: each deck's and Digi-Egg deck's order on the board is its order after "
              f"shuffling; {first} goes first.", "dcg.setup.procedure", "dcg.setup.shuffle", "dcg.setup.digitama", player=first)
    for p in (first, second):
        n = game.draw(p, HAND)
        game.step("setup.hand", f"{p} draws {n} cards as the opening hand.", "dcg.setup.opening_hand",
                  *(["dcg.impossible"] if n < HAND else []), player=p, n=n)
    for p in (first, second):        # the first player declares first (5-2-1-4)
        if p not in redraw:
            continue
        ps = game.ps(p)
        game.set_ps(p, replace(ps, hand=(), deck=ps.deck + ps.hand))
        n = game.draw(p, HAND)
        game.step("setup.redraw", f"{p} declares the redraw: the hand goes back into the deck (under the rest: the "
                  f"board's order stands for the shuffle) and {p} draws {n} new cards.", "dcg.setup.redraw",
                  "dcg.setup.opening_hand", player=p, n=n)
    for p in (first, second):
        ps = game.ps(p)
        k = min(SECURITY, len(ps.deck))
        placed = tuple(reversed(ps.deck[:k]))    # one at a time: the deck's top card ends at the bottom
        game.set_ps(p, replace(ps, deck=ps.deck[k:], security=placed))
        game.step("setup.security", f"{p} places the top {k} cards of the deck face down as security, one at a "
                  f"time: the deck's top card is now the bottom security card.", "dcg.setup.security",
                  *(["dcg.impossible"] if k < SECURITY else []), player=p, n=k)
    game.board = replace(game.board, turn=first, memory=0, phase="start")
    game.step("setup.start", f"Memory is set to 0 and the game begins with {first}'s turn.", "dcg.setup.memory_zero",
              "dcg.setup.first_turn", "dcg.setup.first_player", player=first)


@on("draw_phase_skipped")
def _first_draw(game: Game, p: str):
    """6-3-1-1: the first player draws nothing in the draw phase of the game's first turn."""
    kept = game.kept.get(KEPT)
    if not kept or kept.get("first_turn") != p:
        return None
    kept["first_turn"] = None
    return ("phase.draw_skipped", f"Draw phase: {p} is the first player and this is the game's first turn, so {p} "
            f"draws no card.", ("dcg.setup.first_no_draw", "dcg.phase.draw"))
