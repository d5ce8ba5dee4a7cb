"""Admission by work, not by count (judge_app.runner): ordinary runs queue and are served; a 429 comes only
when every worker holds a long run, the queue wait runs out, or the scenario routes hold their share of the
server's threads, and it always carries Retry-After. Deterministic: the queue waits in these tests are far
longer than any run, and "long" is set to 0 s where a test needs busy workers."""
from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from judge_app import create_app, runner

EXAMPLE = Path(__file__).resolve().parent.parent / "judge_app" / "examples" / "dcg-blocker-tie.yaml"
LATER = 3600.0   # a deadline that never comes during a test


def hold(admission: runner.Admission, n: int, deadline_in: float = LATER) -> list[object]:
    return [admission.enter(deadline_in) for _ in range(n)]


def test_a_burst_queues_first_come_first_served_and_nobody_is_turned_away():
    admission = runner.Admission(workers=2, max_threads=12, queue_wait_s=LATER, long_run_s=LATER)
    order, refused = [], []
    gate = threading.Barrier(10)

    def judge(i: int):
        gate.wait()
        try:
            ticket = admission.enter(LATER)
        except runner.Busy as e:
            refused.append(e)
            return
        order.append(i)
        time.sleep(0.01)            # an ordinary run
        admission.leave(ticket)

    judges = [threading.Thread(target=judge, args=(i,)) for i in range(10)]
    for t in judges:
        t.start()
    for t in judges:
        t.join(60)
    assert refused == [] and sorted(order) == list(range(10))
    assert admission.snapshot() == {"running": 0, "queued": 0}


def test_never_more_runs_than_workers():
    admission = runner.Admission(workers=2, max_threads=12, queue_wait_s=LATER, long_run_s=LATER)
    running, most, lock = [0], [0], threading.Lock()

    def judge():
        ticket = admission.enter(LATER)
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.005)
        with lock:
            running[0] -= 1
        admission.leave(ticket)

    judges = [threading.Thread(target=judge) for _ in range(8)]
    for t in judges:
        t.start()
    for t in judges:
        t.join(60)
    assert most[0] == 2


def test_workers_busy_with_long_runs_turn_a_request_away_at_once_with_retry_after():
    admission = runner.Admission(workers=2, max_threads=12, queue_wait_s=LATER, long_run_s=0.0)
    held = hold(admission, 2, deadline_in=4.0)
    started = time.monotonic()
    with pytest.raises(runner.Busy, match="busy with a long run") as e:
        admission.enter(LATER)
    assert time.monotonic() - started < LATER / 2      # at once, not after the queue wait
    assert 1 <= e.value.retry_after <= 4                 # until the first long run should have stopped
    admission.leave(held[0])
    admission.leave(admission.enter(LATER))   # a worker is free again: admitted


def test_a_negative_control_short_runs_do_not_close_the_queue():
    admission = runner.Admission(workers=2, max_threads=12, queue_wait_s=LATER, long_run_s=LATER)
    held = hold(admission, 2)
    threading.Timer(0.05, admission.leave, args=(held[0],)).start()
    admission.leave(admission.enter(LATER))   # waited for the short run, then ran


def test_the_queue_wait_runs_out_with_a_429():
    admission = runner.Admission(workers=2, max_threads=12, queue_wait_s=0.05, long_run_s=LATER)
    hold(admission, 2, deadline_in=2.5)
    with pytest.raises(runner.Busy, match="no scenario worker was free within 0.05 s") as e:
        admission.enter(LATER)
    assert 1 <= e.value.retry_after <= 3
    assert admission.snapshot() == {"running": 2, "queued": 0}


def test_the_threads_scenarios_hold_are_bounded():
    admission = runner.Admission(workers=2, max_threads=3, queue_wait_s=LATER, long_run_s=LATER)
    held = hold(admission, 2)
    waiting = threading.Thread(target=lambda: admission.leave(admission.enter(LATER)), daemon=True)
    waiting.start()
    while admission.snapshot()["queued"] < 1:
        time.sleep(0.001)
    with pytest.raises(runner.Busy, match="3 scenario requests are already running or queued") as e:
        admission.enter(LATER)
    assert e.value.retry_after == 1
    admission.leave(held[0])                 # the queued one runs, and the thread is free again
    waiting.join(60)
    assert admission.snapshot() == {"running": 1, "queued": 0}


@pytest.mark.parametrize("threads,held", [(1, 1), (2, 1), (8, 6), (16, 12), (64, 48)])
def test_scenarios_may_hold_three_quarters_of_the_server_threads(monkeypatch, threads, held):
    monkeypatch.setattr(runner, "ADMISSION", runner.Admission())
    runner.limit_threads(threads)
    assert runner.ADMISSION.max_threads == held


# ------------------------------------------------------------------ every route through the same admission
BUSY_ROUTES = [
    ("/api/simulate", {"data": EXAMPLE.read_bytes(), "content_type": "application/yaml"}),
    ("/api/check", {"data": EXAMPLE.read_bytes(), "content_type": "application/yaml"}),
    ("/simulate", {"data": {"scenario": EXAMPLE.read_text()}}),
    ("/check", {"data": {"ruling": EXAMPLE.read_text()}}),
]


@pytest.mark.parametrize("path,kwargs", BUSY_ROUTES, ids=[p for p, _ in BUSY_ROUTES])
def test_every_scenario_route_answers_429_with_retry_after_when_the_workers_hold_long_runs(
        client, monkeypatch, path, kwargs):
    busy = runner.Admission(long_run_s=0.0)
    monkeypatch.setattr(runner, "ADMISSION", busy)
    held = hold(busy, runner.WORKERS, deadline_in=2.0)
    try:
        r = client.post(path, **kwargs)
        assert r.status_code == 429 and 1 <= int(r.headers["Retry-After"]) <= 2
        if path.startswith("/api/"):
            assert "long run" in r.get_json()["error"]
        else:
            assert "long run" in r.get_data(as_text=True)
    finally:
        for ticket in held:
            busy.leave(ticket)


def test_ten_judges_at_once_on_an_ordinary_board_are_all_served(monkeypatch):
    """The issue's burst, through the real worker processes: 10 simultaneous runs, no 429 (the queue wait is
    stretched so that a loaded machine cannot turn this into a timing test)."""
    monkeypatch.setattr(runner, "ADMISSION", runner.Admission(queue_wait_s=LATER))
    app = create_app({"TESTING": True, "WARM": False, "SIMULATE_TIMEOUT_S": 120})
    runner.warm()
    statuses, gate = [], threading.Barrier(10)

    def judge():
        gate.wait()
        r = app.test_client().post("/api/simulate", data=EXAMPLE.read_bytes(), content_type="application/yaml")
        statuses.append(r.status_code)

    judges = [threading.Thread(target=judge) for _ in range(10)]
    for t in judges:
        t.start()
    for t in judges:
        t.join(120)
    assert statuses == [200] * 10
