"""Run a scenario for the web: parse, simulate under a wall-clock limit, and build the "before" board.

The "before" board is the same scenario run with no actions: the engine normalises the board exactly
as it does for the real run (generated ids, defaults), so both pictures come from one source of truth.
"""
from __future__ import annotations

import concurrent.futures as futures
import time
from dataclasses import dataclass

from engine.errors import InvalidScenario, LimitExceeded
from rulings.editions import EDITIONS

# A small pool shared by all requests, so that hostile runs cannot take every HTTP thread. A run stops
# itself at its deadline (engine.budget: checked at every engine step), which frees its worker at once.
_POOL = futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="simulate")
GRACE_S = 1.0   # how long past the deadline the HTTP thread still waits for the run to stop itself


@dataclass
class Run:
    data: dict
    result: dict
    before: dict | None

    @property
    def names(self) -> dict[str, str]:
        """Card id -> name as written in the scenario (the result board carries ids only)."""
        found: dict[str, str] = {}
        stack = [self.data.get("board")]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                if isinstance(node.get("id"), str) and isinstance(node.get("name"), str):
                    found.setdefault(node["id"], node["name"])
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
        return found

    @property
    def verdict(self):
        """The one-line answer (judge_app.verdict): who wins, who loses what, what was refused and why."""
        from .verdict import verdict

        actions = self.data.get("actions")
        return verdict(self.result, self.before, actions if isinstance(actions, list) else [], self.names)

    def to_json(self) -> dict:
        """The contract's result, plus `verdict` (its English and Chinese text and its clauses)."""
        return {**self.result, "verdict": self.verdict.to_json()}


def check_edition(edition: str | None) -> str | None:
    if edition in (None, ""):
        return None
    if edition not in EDITIONS:
        raise InvalidScenario("edition", f"unknown edition {edition!r} (one of: {', '.join(EDITIONS)})")
    return edition


def run_text(text: str | bytes, edition: str | None = None, timeout: float = 5.0, before: bool = True) -> Run:
    """Raises InvalidScenario / JudgeError (bad input) or LimitExceeded (too slow, too many steps)."""
    from engine.scenario import parse_text

    data = parse_text(text)
    edition = check_edition(edition)
    ends = time.monotonic() + timeout    # time waiting for a worker counts against the run's budget
    future = _POOL.submit(_simulate_both, data, edition, before, ends, timeout)
    try:
        return future.result(timeout=timeout + GRACE_S)
    except futures.TimeoutError:
        future.cancel()
        raise LimitExceeded(f"scenario ran longer than {timeout:g} s") from None


def _simulate_both(data: dict, edition: str | None, before: bool, ends: float, timeout: float) -> Run:
    from engine import budget

    with budget.deadline(ends - time.monotonic(), label=timeout):
        return run_data(data, edition, before)


def run_data(data: dict, edition: str | None = None, before: bool = True) -> Run:
    """The run and (with `before`) the board before any action, without a time limit (the CLI's)."""
    from engine.scenario import simulate

    result = simulate(data, edition=edition).to_json()
    board = None
    if before:
        setup = {k: v for k, v in data.items() if k not in ("actions", "expect")}
        setup["actions"] = []
        board = simulate(setup, edition=edition).to_json()["final"]
    return Run(data, result, board)
