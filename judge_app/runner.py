"""Run scenarios for the web: admission, worker processes, a wall-clock budget, and the "before" board.

Every scenario-running route (/api/simulate, /api/check, the /simulate and /check forms, and any new one
through `run_job`) goes through one admission (`Admission`), which counts work, not requests:

- a run takes one of the `WORKERS` worker processes, or waits in a first-come queue for one, at most
  `QUEUE_WAIT_S` (ordinary runs take milliseconds, so a burst of judges pressing Run is queued and served);
- it is turned away (`Busy`, HTTP 429 with Retry-After) only when every worker holds a *long* run (one
  older than `LONG_RUN_S`), when the queue wait runs out, or when the scenario routes already hold
  `max_threads` of the server's threads (the rest stay free for searches and pages);
- Retry-After is the time until the first running run should have stopped (its budget), at least 1 s.

A run stops itself once it has used its budget of the worker's CPU (`engine.budget.cpu_deadline`, checked at
every engine step), or `WALL_LIMIT_S` of wall clock when a busy machine starves the worker.

The "before" board is the same scenario run with no actions: the engine normalises the board exactly
as it does for the real run (generated ids, defaults), so both pictures come from one source of truth.
"""
from __future__ import annotations

import collections
import concurrent.futures as futures
import concurrent.futures.process
import math
import multiprocessing
import os
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from engine.errors import InvalidScenario, JudgeError, LimitExceeded
from rulings.editions import EDITIONS

# Runs go to a small pool of worker processes: the engines are pure Python, and in the server's own
# process a long run would hold the interpreter lock (GIL) against every search and page. A run stops
# itself at its budget (engine.budget, checked at every engine step), which frees its worker at once.
WORKERS = 2
WORKER_NICENESS = 10
GRACE_S = 1.0        # how long past the deadline the HTTP thread still waits for the run to stop itself
WALL_LIMIT_S = 30.0  # a run's wall-clock limit, whatever its CPU budget: a worker starved by a busy machine
QUEUE_WAIT_S = 2.0   # the longest a request waits in the queue for a free worker
LONG_RUN_S = 1.0     # a run older than this is long: with every worker on one, the queue is closed
DEFAULT_MAX_THREADS = 12   # server threads the scenario routes may hold (running or queued); see limit_threads
_POOL: futures.ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()
_WARMED: set[futures.ProcessPoolExecutor] = set()   # pools whose workers have started
_WARM_LOCK = threading.Lock()


class Busy(JudgeError):
    """No worker will be free in time: the client should retry after `retry_after` seconds (HTTP 429)."""

    def __init__(self, message: str, retry_after: int = 1):
        super().__init__(message)
        self.retry_after = retry_after


class Admission:
    """Who runs now, who waits, and who is turned away (see the module's docstring)."""

    def __init__(self, workers: int = WORKERS, max_threads: int = DEFAULT_MAX_THREADS,
                 queue_wait_s: float = QUEUE_WAIT_S, long_run_s: float = LONG_RUN_S):
        self.workers, self.max_threads = workers, max_threads
        self.queue_wait_s, self.long_run_s = queue_wait_s, long_run_s
        self._cond = threading.Condition()
        self._running: dict[object, tuple[float, float]] = {}   # ticket -> (started, deadline)
        self._queue: collections.deque[object] = collections.deque()

    def enter(self, run_seconds: float) -> object:
        """A ticket for one worker, to hand back with `leave`. `run_seconds`: how long the run may take once
        it has its worker (for Retry-After). Raises Busy."""
        ticket = object()
        with self._cond:
            if len(self._running) + len(self._queue) >= self.max_threads:
                raise Busy(f"{self.max_threads} scenario requests are already running or queued: "
                           "try again in a moment", 1)
            self._refuse_if_long_runs()
            self._queue.append(ticket)
            gives_up = time.monotonic() + self.queue_wait_s
            try:
                while self._queue[0] is not ticket or len(self._running) >= self.workers:
                    left = gives_up - time.monotonic()
                    if left <= 0:
                        raise Busy(f"no scenario worker was free within {self.queue_wait_s:g} s: "
                                   "try again in a moment", self._retry_after())
                    self._refuse_if_long_runs()
                    self._cond.wait(min(left, 0.1))     # woken by `leave`; the 0.1 s re-checks for long runs
            except BaseException:
                self._queue.remove(ticket)
                self._cond.notify_all()                  # the next in line may be first now
                raise
            self._queue.popleft()
            now = time.monotonic()
            self._running[ticket] = (now, now + run_seconds)
            self._cond.notify_all()                      # a second free worker: the next in line may go too
        return ticket

    def leave(self, ticket: object) -> None:
        with self._cond:
            self._running.pop(ticket, None)
            self._cond.notify_all()

    def snapshot(self) -> dict:
        with self._cond:
            return {"running": len(self._running), "queued": len(self._queue)}

    def _refuse_if_long_runs(self) -> None:
        now = time.monotonic()
        if len(self._running) >= self.workers and all(now - started >= self.long_run_s
                                                       for started, _ in self._running.values()):
            raise Busy(f"every scenario worker is busy with a long run: try again in "
                       f"{self._retry_after()} s", self._retry_after())

    def _retry_after(self) -> int:
        """Whole seconds until the first running run should have stopped (at least 1)."""
        now = time.monotonic()
        ends = [deadline for _, deadline in self._running.values()]
        return max(1, math.ceil(min(ends) - now)) if ends else 1


ADMISSION = Admission()


def limit_threads(server_threads: int) -> None:
    """Size the admission to the server (`judge serve`): scenarios may hold three quarters of its threads
    (at least one), so a quarter (at least one, when there are two) always answers searches and pages."""
    ADMISSION.max_threads = max(1, server_threads - max(1, server_threads // 4)) if server_threads > 1 else 1


def pool() -> futures.ProcessPoolExecutor:
    """The worker processes, started on first use (forkserver: never a fork of a threaded server)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = futures.ProcessPoolExecutor(max_workers=WORKERS, initializer=_load_engines,
                                                mp_context=multiprocessing.get_context("forkserver"))
        return _POOL


def _started_pool() -> futures.ProcessPoolExecutor:
    """The pool with its workers up (engines loaded): starting them is not part of any run's budget."""
    workers = pool()
    if workers not in _WARMED:
        with _WARM_LOCK:
            if workers not in _WARMED:
                try:
                    for f in [workers.submit(time.monotonic) for _ in range(WORKERS)]:
                        f.result(120)
                except (futures.process.BrokenProcessPool, futures.TimeoutError):
                    _replace_broken_pool(workers)
                    raise LimitExceeded("the scenario worker processes did not start; try again") from None
                _WARMED.add(workers)
    return workers


def _replace_broken_pool(broken: futures.ProcessPoolExecutor) -> None:
    global _POOL
    with _POOL_LOCK:
        if _POOL is broken:
            _POOL = None
    _WARMED.discard(broken)
    broken.shutdown(wait=False, cancel_futures=True)


def warm() -> None:
    """Start the workers now rather than in the first request."""
    _started_pool()


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


def run_job(job: Callable[..., Any], *args, timeout: float = 5.0) -> Any:
    """`job(*args)` in a worker process, through the admission, stopped by the engine's budget once it has
    used `timeout` seconds of the worker's CPU (or `wall_limit` seconds of wall clock, when a busy machine
    starves the worker). The public entry for every route that runs scenarios.

    `job` must be a module-level function (it is pickled by name) and its arguments and result plain data.
    Raises Busy (429), LimitExceeded (413: the time or step limit), InvalidScenario (400, with `path`) or
    JudgeError (400), as the job raised them; any other exception in the job is a RuntimeError (500).
    """
    workers = _started_pool()
    ticket = ADMISSION.enter(timeout)
    try:
        future = workers.submit(_in_worker, job, args, timeout)
    except BaseException:
        ADMISSION.leave(ticket)
        raise
    future.add_done_callback(lambda _: ADMISSION.leave(ticket))   # a worker is free when the run has stopped
    try:
        outcome = future.result(timeout=wall_limit(timeout) + GRACE_S)
    except futures.TimeoutError:
        future.cancel()
        raise LimitExceeded(f"scenario ran longer than {wall_limit(timeout):g} s") from None
    except futures.process.BrokenProcessPool:   # a worker died (killed, out of memory): start new ones
        _replace_broken_pool(workers)
        raise LimitExceeded("the scenario's worker process stopped; the run was abandoned") from None
    if isinstance(outcome, _Failure):
        outcome.raise_it()
    return outcome


def wall_limit(timeout: float) -> float:
    return max(WALL_LIMIT_S, timeout)


def _in_worker(job: Callable[..., Any], args: tuple, timeout: float) -> Any:
    from engine import budget

    try:
        with budget.cpu_deadline(timeout, wall_seconds=wall_limit(timeout)):
            budget.check()
            return job(*args)
    except InvalidScenario as e:   # typed errors cross the process boundary as plain data (_Failure)
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
    return run_job(simulate_text, text, check_edition(edition), before, timeout=timeout)


def actions_text(text: str | bytes, after: int | None = None, timeout: float = 5.0) -> dict:
    """`engine.legal_actions` of a scenario text, under the same admission, workers and limits as `run_text`."""
    return run_job(legal_actions_text, text, after, timeout=timeout)


def legal_actions_text(text: str | bytes, after: int | None) -> dict:
    """The job of `actions_text`, in a worker."""
    from engine.legal_actions import legal_actions
    from engine.scenario import parse_text

    return legal_actions(parse_text(text), after)


def simulate_text(text: str | bytes, edition: str | None, before: bool) -> Run:
    """The job of `run_text`, in a worker."""
    from engine.scenario import parse_text

    return run_data(parse_text(text), edition, before)


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
