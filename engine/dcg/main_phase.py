"""The checks every main-phase action makes first (the action table's and the combining actions' alike): the
game is not over, it is the player's turn and main phase, the card is in their hand, the cost fits the gauge."""
from __future__ import annotations

from ..trace import Refusal
from .game import Game
from .model import Card


def main_phase_refusal(game: Game, action: str, p: str | None) -> Refusal | None:
    b = game.board
    if game.over:
        return Refusal(action, "The game is over.", ("dcg.game.over",))
    if p is not None and p != b.turn:
        return Refusal(action, f"It is {b.turn}'s turn: only the turn player acts in the main phase.",
                       ("dcg.phase.main",))
    if b.phase != "main":
        return Refusal(action, f"{b.turn}'s turn has not reached its main phase yet (run `end_turn`).",
                       ("dcg.phase.main",))
    return None


def hand_owner(game: Game, card_id: str) -> tuple[str, Card] | None:
    for p in ("A", "B"):
        for c in game.ps(p).hand:
            if c.id == card_id:
                return p, c
    return None


def held_in_main(game: Game, action: str, card_id: str, rule_key: str):
    """The hand card a main-phase action uses: (refusal, None) when the game, the turn, the phase or the hand
    forbid it, else (None, (owner, card))."""
    held = hand_owner(game, card_id)
    refusal = main_phase_refusal(game, action, held[0] if held else None)
    if refusal is None and held is None:
        refusal = Refusal(action, f"{card_id} is not in {game.board.turn}'s hand.", (rule_key,))
    return refusal, held


def cannot_pay(game: Game, action: str, p: str, cost: int) -> Refusal | None:
    have = game.board.memory_for(p)
    if have - cost < -10:
        return Refusal(action, f"{p} cannot pay {cost}: memory {have} would pass the opponent's 10, the end of "
                       f"the gauge; the card goes back and memory does not move.",
                       ("dcg.cost.cannot_pay", "dcg.memory.gauge_limit",
                        *{"play": ("dcg.play.cannot_complete",),
                          "digivolve": ("dcg.digivolve.cannot_complete",)}.get(action, ())))
    return None
