"""Digimon Card Game engine: `validate(data, edition) -> Scenario`, `simulate(scenario) -> Result`.

The engine follows the comprehensive rules (default edition dcg-ja-3.6) and cites stable rule keys
(rule_keys.yaml); the Result turns them into section references of the chosen edition. Its layers (model, card
text, kernel, mechanics, actions, run) are described in docs/engine.md and checked by .importlinter.
"""
from __future__ import annotations

from .run import REASONS, run, simulate
from .validate import Scenario, validate

__all__ = ["validate", "simulate", "Scenario", "run"]
