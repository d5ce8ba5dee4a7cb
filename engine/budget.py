"""A work budget for one engine run: a cooperative deadline that the trace checks at every step.

A thread cannot be stopped from outside, so a run that overstays its time must stop itself: the web
runner opens `deadline(seconds)` around a run, and every step or refusal the engines record calls
`check()`, which raises `LimitExceeded` once the time is up. The worker thread is then free at once.
The budget is a context variable, so each thread (each request) has its own.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar

from .errors import LimitExceeded

_deadline: ContextVar[tuple[float, float] | None] = ContextVar("engine_deadline", default=None)


@contextmanager
def deadline(seconds: float, label: float | None = None):
    """Runs inside this block raise LimitExceeded once `seconds` of wall clock have passed (`label`: the
    limit to name in the message when part of it was already spent waiting)."""
    token = _deadline.set((time.monotonic() + seconds, seconds if label is None else label))
    try:
        yield
    finally:
        _deadline.reset(token)


def check() -> None:
    """Raise LimitExceeded when the current budget is spent (no budget: never)."""
    budget = _deadline.get()
    if budget is not None and time.monotonic() > budget[0]:
        raise LimitExceeded(f"scenario ran longer than {budget[1]:g} s")
