"""A work budget for one engine run: a cooperative deadline that the trace checks at every step.

A thread cannot be stopped from outside, so a run that overstays its budget must stop itself: the caller
opens `deadline(seconds)` around a run, and every step or refusal the engines record calls `check()`,
which raises `LimitExceeded` once the budget is spent. The worker is then free at once.
The budget is a context variable, so each thread (each request) has its own.

Two clocks: wall time (`time.monotonic`, the default) and the CPU time of this process
(`cpu_deadline`, for `judge simulate --budget` and the web's worker processes, where one run is the only
work in the process): a run starved of CPU by a busy machine is not cut short for it, and one that
really works too long stops all the same.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable

from .errors import LimitExceeded


class BudgetExceeded(LimitExceeded):
    """The run used up its time budget (wall clock or CPU) and stopped itself."""


class _Budget:
    __slots__ = ("clock", "end", "label", "unit", "wall_end")

    def __init__(self, clock: Callable[[], float], seconds: float, label: float, unit: str,
                 wall_seconds: float | None):
        self.clock, self.end, self.label, self.unit = clock, clock() + seconds, label, unit
        self.wall_end = None if wall_seconds is None else time.monotonic() + wall_seconds

    def spent(self) -> bool:
        return self.clock() > self.end or (self.wall_end is not None and time.monotonic() > self.wall_end)


_budget: ContextVar[_Budget | None] = ContextVar("engine_budget", default=None)


@contextmanager
def deadline(seconds: float, label: float | None = None):
    """Runs inside this block raise LimitExceeded once `seconds` of wall clock have passed (`label`: the
    limit to name in the message when part of it was already spent waiting)."""
    token = _budget.set(_Budget(time.monotonic, seconds, seconds if label is None else label, "s", None))
    try:
        yield
    finally:
        _budget.reset(token)


@contextmanager
def cpu_deadline(seconds: float, wall_seconds: float | None = None):
    """Runs inside this block raise LimitExceeded once they have used `seconds` of this process's CPU time
    (or, with `wall_seconds`, once that much wall clock has passed, whichever comes first)."""
    token = _budget.set(_Budget(time.process_time, seconds, seconds, "s of CPU", wall_seconds))
    try:
        yield
    finally:
        _budget.reset(token)


def check() -> None:
    """Raise BudgetExceeded (a LimitExceeded) when the current budget is spent (no budget: never)."""
    budget = _budget.get()
    if budget is not None and budget.spent():
        raise BudgetExceeded(f"scenario ran longer than {budget.label:g} {budget.unit}")
