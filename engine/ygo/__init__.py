"""Yu-Gi-Oh OCG rules engine: battle, summoning, phases and chains, every step citing the rulebook.

`validate(data, edition) -> Scenario` (setup validation, InvalidScenario with the field path) and
`simulate(scenario) -> engine.result.Result`.
"""
from .run import simulate
from .validate import validate

__all__ = ["simulate", "validate"]
