"""Run a scenario for the web: parse, simulate under a wall-clock limit, and build the "before" board.

The "before" board is the same scenario run with no actions: the engine normalises the board exactly
as it does for the real run (generated ids, defaults), so both pictures come from one source of truth.
"""
from __future__ import annotations

import concurrent.futures as futures
import concurrent.futures.process
import multiprocessing
import os
import threading
import time
from dataclasses import dataclass

from engine.errors import InvalidScenario, JudgeError, LimitExceeded
from rulings.editions import EDITIONS

# Runs go to a small pool of worker processes: the engines are pure Python, and in the server's own
# process a long run would hold the interpreter lock (GIL) against every search and page. A run stops
# itself at its deadline (engine.budget, checked at every engine step), which frees its worker at once.
WORKERS = 2
WORKER_NICENESS = 10
GRACE_S = 1.0   # how long past the deadline the HTTP thread still waits for the run to stop itself
# Runs admitted at once (running or waiting for a worker). Past this a request is answered 429 at once
# instead of holding one of the server's threads: hostile runs cannot take every thread from search.
MAX_IN_FLIGHT = 2 * WORKERS
_IN_FLIGHT = threading.BoundedSemaphore(MAX_IN_FLIGHT)
# A few requests may wait briefly for a slot (ordinary runs take milliseconds, so a burst of users gets
# through); the rest are turned away at once. Server threads held by scenarios: MAX_IN_FLIGHT + MAX_WAITING.
MAX_WAITING = 2
SLOT_WAIT_S = 0.5
_WAITING = threading.BoundedSemaphore(MAX_WAITING)
_POOL: futures.ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def pool() -> futures.ProcessPoolExecutor:
    """The worker processes, started on first use (forkserver: never a fork of a threaded server)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = futures.ProcessPoolExecutor(max_workers=WORKERS, initializer=_load_engines,
                                                mp_context=multiprocessing.get_context("forkserver"))
        return _POOL


def _replace_broken_pool(broken: futures.ProcessPoolExecutor) -> None:
    global _POOL
    with _POOL_LOCK:
        if _POOL is broken:
            _POOL = None
    broken.shutdown(wait=False, cancel_futures=True)


def warm() -> None:
    """Start the workers now rather than in the first request."""
    for f in [pool().submit(time.monotonic) for _ in range(WORKERS)]:
        f.result(120)


def _load_engines() -> None:
    """In each worker, once: a lower CPU priority (when scenarios keep the cores busy, the server's own
    threads answering searches and pages still come first), then run the bundled examples, which loads
    both engines, the rule keys and the cited rules texts."""
    from engine.scenario import parse_text, simulate

    os.nice(WORKER_NICENESS)

    from .examples import examples

    for example in examples():
        try:
            simulate(parse_text(example.text)).to_json()
        except Exception:  # noqa: BLE001 - a broken example shows on its own page, not here
            pass


class Busy(JudgeError):
    """Every simulation slot is taken: the client should retry shortly (HTTP 429)."""


@dataclass
class Run:
    data: dict
    result: dict
    before: dict | None
    refusal_keys: tuple[str, ...] = ()   # each refusal's first rule key (the JSON cites only refs), for the UI

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
        return verdict(self.result, self.before, actions if isinstance(actions, list) else [], self.names,
                       self.refusal_keys)

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
    """Raises InvalidScenario / JudgeError (bad input), LimitExceeded (too slow, too many steps) or Busy.
    The text is parsed in the worker too: reading 256 KiB of YAML is work the server's threads never do."""
    edition = check_edition(edition)
    return _in_worker(_simulate_text, (text, edition, before), timeout)


def actions_text(text: str | bytes, after: int | None = None, timeout: float = 5.0) -> dict:
    """`engine.legal_actions` of a scenario text, under the same admission, workers and limits as `run_text`."""
    return _in_worker(_actions_text, (text, after), timeout)


def _in_worker(work, args: tuple, timeout: float):
    """`work(*args, ends, timeout)` in a worker process, admitted as every scenario run is."""
    if not _admitted():
        raise Busy(f"{MAX_IN_FLIGHT} scenarios are already running: try again in a moment")
    ends = time.monotonic() + timeout    # time waiting for a worker counts against the run's budget
    workers = pool()
    try:
        future = workers.submit(work, *args, ends, timeout)
    except BaseException:
        _IN_FLIGHT.release()
        raise
    future.add_done_callback(lambda _: _IN_FLIGHT.release())   # a slot is free when the run has stopped
    try:
        outcome = future.result(timeout=timeout + GRACE_S)
    except futures.TimeoutError:
        future.cancel()
        raise LimitExceeded(f"scenario ran longer than {timeout:g} s") from None
    except futures.process.BrokenProcessPool:   # a worker died (killed, out of memory): start new ones
        _replace_broken_pool(workers)
        raise LimitExceeded("the scenario's worker process stopped; the run was abandoned") from None
    if isinstance(outcome, _Failure):
        outcome.raise_it()
    return outcome


def _admitted() -> bool:
    """A run slot: at once, or after a short wait when few others are waiting too."""
    if _IN_FLIGHT.acquire(blocking=False):
        return True
    if not _WAITING.acquire(blocking=False):
        return False
    try:
        return _IN_FLIGHT.acquire(timeout=SLOT_WAIT_S)
    finally:
        _WAITING.release()


def _simulate_text(text: str | bytes, edition: str | None, before: bool, ends: float,
                   timeout: float) -> Run | _Failure:
    from engine import budget
    from engine.scenario import parse_text

    try:
        with budget.deadline(ends - time.monotonic(), label=timeout):
            budget.check()                   # it waited its whole budget for a worker: not even read
            return run_data(parse_text(text), edition, before)
    except InvalidScenario as e:   # typed errors cross the process boundary as plain data (_Failure)
        return _Failure(InvalidScenario, e.path, e.message)
    except JudgeError as e:
        return _Failure(LimitExceeded if isinstance(e, LimitExceeded) else JudgeError, "", str(e))
    except Exception as e:  # noqa: BLE001 - an engine crash stays a crash (500), without breaking the pool
        return _Failure(RuntimeError, "", f"engine error: {type(e).__name__}: {e}")


def _actions_text(text: str | bytes, after: int | None, ends: float, timeout: float) -> dict | _Failure:
    from engine import budget
    from engine.legal_actions import legal_actions
    from engine.scenario import parse_text

    try:
        with budget.deadline(ends - time.monotonic(), label=timeout):
            budget.check()
            return legal_actions(parse_text(text), after)
    except InvalidScenario as e:
        return _Failure(InvalidScenario, e.path, e.message)
    except JudgeError as e:
        return _Failure(LimitExceeded if isinstance(e, LimitExceeded) else JudgeError, "", str(e))
    except Exception as e:  # noqa: BLE001 - an engine crash stays a crash (500), without breaking the pool
        return _Failure(RuntimeError, "", f"engine error: {type(e).__name__}: {e}")


@dataclass(frozen=True)
class _Failure:
    """A worker's InvalidScenario / LimitExceeded / JudgeError, rebuilt in the server by `raise_it`."""
    kind: type
    path: str
    message: str

    def raise_it(self):
        if self.kind is InvalidScenario:
            raise InvalidScenario(self.path, self.message)
        raise self.kind(self.message)


def run_data(data: dict, edition: str | None = None, before: bool = True) -> Run:
    """The run and (with `before`) the board before any action, without a time limit (the CLI's)."""
    from engine.scenario import simulate

    done = simulate(data, edition=edition)
    result = done.to_json()
    board = None
    if before:
        setup = {k: v for k, v in data.items() if k not in ("actions", "expect")}
        setup["actions"] = []
        board = simulate(setup, edition=edition).to_json()["final"]
    return Run(data, result, board, tuple(r.cites[0] if r.cites else "" for r in done.trace.refused))
