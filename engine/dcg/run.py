"""Run a scenario: `run(scenario) -> Game` plays its actions out; `simulate(scenario) -> Result`.

The top layer (docs/engine.md): it imports every mechanic, so each has registered its handlers with the kernel
(game.provides) before the first action runs. A new mechanic module is added to MECHANICS.
"""
from __future__ import annotations

from ..result import Result
from . import (attack, battle, card_events, color_waiver, combine, effect_numbers, for_each, game_end, if_attacking, keyword_verbs, lasting_all, leave, look, one_effect, options, place_cards,
               resolve, reveal, setup, text_filters, that_digimon, then_steps, trash_sources, turn, turn_end, twice_per_turn, zone_main)
from .actions import run_action
from .game import Game, final_board
from .validate import Scenario

MECHANICS = (attack, battle, card_events, color_waiver, combine, effect_numbers, for_each, game_end, if_attacking, keyword_verbs, lasting_all, leave, look, one_effect, options, place_cards,
              resolve, reveal, setup, text_filters, that_digimon, then_steps, trash_sources, turn, turn_end, twice_per_turn, zone_main)

REASONS = {"security": "an attack went through while the opponent had 0 security cards",
           "deck_out": "the opponent could not draw in their draw phase",
           "infinite_loop": "an infinite loop that neither player can stop",
           "effect": "a card's effect made a player win or lose"}


def run(scenario: Scenario) -> Game:
    """Play the scenario's actions out; the finished Game holds the board and the trace."""
    game = Game(scenario)
    total = len(game.actions)
    while game.actions:
        action = game.actions.popleft()
        game.trace.at = total - len(game.actions) - 1   # a refusal names the action it belongs to
        run_action(game, action)
    return game


def simulate(scenario: Scenario) -> Result:
    game = run(scenario)
    b = game.board
    outcome = {"winner": b.winner, "reason": REASONS.get(b.reason, b.reason)}
    return Result("dcg", scenario.edition, outcome, final_board(b), game.trace, scenario.title, scenario.question)
