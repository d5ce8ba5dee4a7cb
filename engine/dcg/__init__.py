"""Digimon Card Game engine: `validate(data, edition) -> Scenario`, `simulate(scenario) -> Result`.

The engine follows the comprehensive rules (default edition dcg-ja-3.6) and cites stable rule keys
(rule_keys.yaml); the Result turns them into section references of the chosen edition.
"""
from __future__ import annotations

from ..result import Result
from .actions import run_action
from .game import Game, final_board
from .validate import Scenario, validate

__all__ = ["validate", "simulate", "Scenario", "run"]

REASONS = {"security": "an attack went through while the opponent had 0 security cards",
           "deck_out": "the opponent could not draw in their draw phase",
           "infinite_loop": "an infinite loop that neither player can stop"}


def run(scenario: Scenario) -> Game:
    """Play the scenario's actions out; the finished Game holds the board and the trace."""
    game = Game(scenario)
    while game.actions:
        run_action(game, game.actions.popleft())
    return game


def simulate(scenario: Scenario) -> Result:
    game = run(scenario)
    b = game.board
    outcome = {"winner": b.winner, "reason": REASONS.get(b.reason, b.reason)}
    return Result("dcg", scenario.edition, outcome, final_board(b), game.trace, scenario.title, scenario.question)
