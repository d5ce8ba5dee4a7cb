"""Round-2 hardening (issue 15): cost attacks and index faults while serving. Bounded, loopback only.

Each test is an attack and what must happen instead: a cheap refusal, a run that stops itself, a page that
does not wait, an index fault the server survives. The CPU each worst case costs and a normal request's
p99 while eight of them run are figures, printed by `python bench/load.py --hostile`.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest
import yaml

import hostile
from engine import budget
from engine.errors import InvalidScenario, LimitExceeded
from engine.limits import MAX_ACTIONS
from engine.scenario import TOP_KEYS, parse_text, simulate
from judge_app import cli_simulate, create_app, runner
from rulings import corpus, index
from rulings.casebook import load_casebook
from test_hardening_http import request, serving

SIMULATE = {"Content-Type": "application/json"}
UNSAFE_OUTPUT = ("\x1b", "\x07", "\x9b", "\u202e", "\u2066")


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("server")) as p:
        yield p


# ------------------------------------------------------------------ rule numbers
def test_a_16000_part_number_is_refused_before_any_look_up(client, monkeypatch):
    walks = []
    monkeypatch.setattr(corpus, "nearest", lambda *args: walks.append(args) or [])
    r = client.get(f"/api/rules/dcg-ja-3.6/{hostile.LONG_NUMBER}")
    assert r.status_code == 404 and "longer than any section number" in r.get_json()["error"]
    assert r.get_json()["suggestions"] == []
    assert client.get(f"/rules/dcg-ja-3.6/{hostile.LONG_NUMBER}").status_code == 404
    assert client.get(f"/rules/ygo-zh-rulebook/{hostile.LONG_NUMBER.replace('-', '.')}").status_code == 404
    assert client.get(f"/casebook?rule={hostile.LONG_NUMBER}").status_code == 400
    assert client.get("/search", query_string={"q": hostile.LONG_NUMBER}).status_code == 400   # > 500 characters
    r = client.get("/api/search", query_string={"q": hostile.LONG_NUMBER[:499]})
    assert r.status_code == 200 and r.get_json()["results"] == []
    assert walks == []                       # no ancestor walk, no fuzzy match over 16,000 parts
    assert client.get("/api/rules/dcg-ja-3.6/１４－２－１－３").status_code in (200, 301)   # forgiving input still works


# ------------------------------------------------------------------ engine work budget
def test_the_worst_legal_scenario_still_ends_at_the_step_limit():
    with pytest.raises(LimitExceeded, match="step limit"):
        simulate(hostile.loop_scenario())


PHOENIX = """
game: dcg
board:
  turn: A
  memory: 5
  A:
    hand:
      - {id: phoenix, level: 3, dp: 3000, play_cost: 3, effects: [{timing: on_play, do: delete, target: self}%s]}
    security: 2
    deck: 10
  B: {security: 2, deck: 10}
actions:
  - play: {card: phoenix}
"""


def test_a_real_infinite_loop_is_still_a_draw():
    result = simulate(parse_text(PHOENIX % ", {timing: on_deletion, do: play_from_trash, target: phoenix}"))
    doc = result.to_json()
    assert doc["final"]["phase"] == "over" and doc["steps"][-1]["event"] == "game.loop"
    # negative control: without the effect that plays it again, it is simply deleted once
    doc = simulate(parse_text(PHOENIX % "")).to_json()
    assert doc["final"]["phase"] != "over" and "game.loop" not in {s["event"] for s in doc["steps"]}
    assert doc["final"]["players"]["A"]["trash"] == ["phoenix"]


def test_judge_simulate_stops_at_its_cpu_budget_with_exit_3(run_cli, tmp_path):
    """The legal worst case stops at `--budget` seconds of CPU: its own exit code, one line, nothing on
    stdout (0.05 s: far less than the worst case needs, on any machine)."""
    worst = tmp_path / "worst.json"
    worst.write_text(json.dumps(hostile.continuous_scenario()), encoding="utf-8")
    r = run_cli("simulate", str(worst), "--budget", "0.05")
    assert (r.code, r.out) == (cli_simulate.EXIT_BUDGET, "") and cli_simulate.EXIT_BUDGET == 3
    assert r.err == "error: scenario ran longer than 0.05 s of CPU (--budget 0.05): stopped\n"
    assert run_cli("simulate", str(worst), "--budget", "-1").code == 2          # a bad budget is bad input
    # negative control: an ordinary scenario under the default budget (1 s) runs to its end
    r = run_cli("simulate", "judge_app/examples/dcg-blocker-tie.yaml", "--json")
    assert r.code == 0 and json.loads(r.out)["steps"]
    assert cli_simulate.DEFAULT_BUDGET_S == 1.0


def test_a_run_stops_itself_at_its_deadline():
    data = hostile.loop_scenario()
    with budget.deadline(0.05), pytest.raises(LimitExceeded, match="ran longer than 0.05 s"):
        simulate(data)
    simulate(parse_text(PHOENIX % ""))    # outside the block: no budget


def test_timed_out_runs_free_their_workers_at_once():
    app = create_app({"TESTING": True, "WARM": False, "SIMULATE_TIMEOUT_S": 0.3})
    runner.warm()                                    # the worker processes are up, as after a server's start
    body = hostile.loop_scenario_text()
    answers: list = []

    def hostile_client():
        r = app.test_client().post("/api/simulate", data=body, headers=SIMULATE)
        answers.append((r.status_code, r.get_json()["error"], r.headers.get("Retry-After")))

    clients = [threading.Thread(target=hostile_client) for _ in range(8)]   # four times the pool's workers
    for t in clients:
        t.start()
    for t in clients:
        t.join(60)
    timed_out = [a for a in answers if a[0] == 413]
    turned_away = [a for a in answers if a[0] == 429]
    assert len(timed_out) >= runner.WORKERS and len(timed_out) + len(turned_away) == 8, answers
    assert all(message.startswith("scenario ran longer than") for _, message, _ in timed_out), answers
    assert all(retry and int(retry) >= 1 for _, _, retry in turned_away), answers
    until = time.monotonic() + 60                     # every run stops itself: no run goes on behind the 413s
    while runner.ADMISSION.snapshot()["running"] and time.monotonic() < until:   # (no timing assert: the
        time.sleep(0.01)                                                          # machine may be busy)
    assert runner.ADMISSION.snapshot() == {"running": 0, "queued": 0}
    example = Path("judge_app/examples/dcg-blocker-tie.yaml").read_bytes()
    r = app.test_client().post("/api/simulate", data=example, headers={"Content-Type": "application/yaml"})
    assert r.status_code == 200, r.get_json()


def test_scenarios_run_in_low_priority_worker_processes():
    runner.warm()
    assert runner.pool().submit(os.getpid).result(30) != os.getpid()     # not the server's interpreter lock
    assert runner.pool().submit(os.nice, 0).result(30) >= os.nice(0) + runner.WORKER_NICENESS


def test_a_timed_out_check_frees_its_worker():
    app = create_app({"TESTING": True, "WARM": False, "CHECK_TIMEOUT_S": 0.3})
    ruling = {**hostile.loop_scenario(sources=10, turns=100), "expect": {"winner": "A"}}
    r = app.test_client().post("/api/check", data=json.dumps([ruling] * 12), headers=SIMULATE)
    assert r.status_code == 413 and r.get_json()["error"] == "checking took longer than 0.3 s"
    idle = runner.pool().submit(time.monotonic)   # the rulings left stopped at their first step
    assert idle.result(timeout=60) > 0              # (no timing assert: the machine may be busy)


def test_a_check_stops_at_its_default_limit_of_1_s():
    app = create_app({"TESTING": True, "WARM": False})
    ruling = {**hostile.loop_scenario(sources=10, turns=100), "expect": {"winner": "A"}}   # 0.25-0.4 s CPU, 17 kB each
    # 12 of them: well over 1 s of work however fast the engine
    r = app.test_client().post("/api/check", data=json.dumps([ruling] * 12), headers=SIMULATE)
    assert r.status_code == 413 and r.get_json()["error"] == "checking took longer than 1 s"


def test_casebook_pages_never_wait_on_the_scenario_workers(client, monkeypatch):
    """Every worker held by a long run: the casebook pages still answer (their verdicts were computed at
    start), and an uploaded check is turned away at once with Retry-After instead of waiting."""
    busy = runner.Admission(long_run_s=0.0)
    monkeypatch.setattr(runner, "ADMISSION", busy)
    held = [busy.enter(3) for _ in range(runner.WORKERS)]
    try:
        ruling = load_casebook()[0]
        r = client.get(f"/casebook/{ruling.id}")
        assert r.status_code == 200 and ruling.title in r.get_data(as_text=True)
        r = client.post("/api/check", data=Path("judge_app/examples/dcg-blocker-tie.yaml").read_bytes())
        assert r.status_code == 429 and 1 <= int(r.headers["Retry-After"]) <= 3 and "long run" in r.get_json()["error"]
    finally:
        for ticket in held:
            busy.leave(ticket)


# ------------------------------------------------------------------ the real server
def test_the_hostile_battery_gets_no_5xx_and_the_server_lives(port):
    for name, method, path, body in hostile.requests():
        status, _, data = request(port, method, path, body, SIMULATE if body else None)
        assert status < 500, (name, status, data[:200])
    assert request(port, "GET", "/api/search?q=blocker")[0] == 200


def test_a_huge_announced_body_is_refused_without_being_read(port):
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(b"POST /api/simulate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/yaml\r\n"
                  b"Content-Length: 100000000\r\n\r\n" + b"#" * 1024)
        reply = s.recv(4096)                 # answered now, while 99.99 MB are still unsent
    assert reply.startswith(b"HTTP/1.1 413"), reply[:200]


def test_a_huge_chunked_body_stops_at_the_cap(port):
    status, _, _ = request(port, "POST", "/api/simulate", b"#" * (4 * 1024 * 1024), SIMULATE, chunked=True)
    assert status == 413


def test_index_faults_under_a_running_server(tmp_path, monkeypatch):
    """Truncating the live generation's files (an mmap would SIGBUS), then a damaged new generation: the
    server keeps answering from what it read, and says so in its log."""
    live = index.ensure()                     # the repository's index, fresh: copied, not rebuilt
    base = tmp_path / "data"
    (base / "search").mkdir(parents=True)
    shutil.copytree(live.path, base / "search" / live.path.name)
    (base / "search" / "CURRENT").write_text(live.path.name, encoding="utf-8")
    monkeypatch.setenv("JUDGE_DATA_DIR", str(base))
    with serving(tmp_path) as port:
        def blocker_refs():
            status, _, data = request(port, "GET", "/api/search?q=blocker&limit=3")
            assert status == 200, data[:200]
            return [h["ref"] for h in json.loads(data)["results"]]

        before = blocker_refs()
        assert before
        gen = base / "search" / live.path.name
        for f in gen.iterdir():
            if f.name != "manifest.json":
                with open(f, "r+b") as fh:
                    fh.truncate(f.stat().st_size // 2)
        assert [blocker_refs() for _ in range(5)] == [before] * 5

        bad = base / "search" / "gen-9999999999999999999-bad"
        shutil.copytree(live.path, bad)
        segment = max((f for f in bad.iterdir() if f.name != "manifest.json"), key=lambda f: f.stat().st_size)
        segment.write_bytes(segment.read_bytes()[:100])
        pointer = base / "search" / ".CURRENT-new"
        pointer.write_text(bad.name, encoding="utf-8")
        os.replace(pointer, base / "search" / "CURRENT")
        assert [blocker_refs() for _ in range(5)] == [before] * 5
    log = (tmp_path / "serve.log").read_text(errors="replace")
    assert "is damaged" in log and "still searching" in log


# ------------------------------------------------------------------ scenario text
@pytest.mark.parametrize("text,path", [
    ("game: dcg\ngame: ygo\nboard: {}\n", "game"),
    ("game: dcg\nboard:\n  A:\n    battle_area:\n      - {id: a, dp: 1000, dp: 9000}\n", "board.A.battle_area[0].dp"),
    ('{"game": "dcg", "board": {"A": {"security": 1, "security": 5}}}', "board.A.security"),
    ('{"game": "ygo", "board": {}, "actions": [{"pass": {}}, {"pass": {}, "pass": {}}]}', "actions[1].pass"),
], ids=["yaml-top", "yaml-nested", "json-nested", "json-list"])
def test_duplicate_keys_are_refused_with_the_field_path(client, run_cli, tmp_path, text, path):
    with pytest.raises(InvalidScenario) as e:
        parse_text(text)
    assert e.value.path == path and "duplicate key" in e.value.message
    r = client.post("/api/simulate", data=text.encode(), headers={"Content-Type": "application/yaml"})
    assert r.status_code == 400 and r.get_json()["path"] == path
    f = tmp_path / "dup.yaml"
    f.write_text(text, encoding="utf-8")
    out = run_cli("simulate", str(f))
    assert out.code == 2 and out.out == "" and out.err == f"error: {path}: {e.value.message}\n"


@pytest.mark.parametrize("game,board,path,fragment", [
    ("dcg", {"A": {"battle_area": [{"id": "greymon", "dp": 1000}, {"id": "ｇｒｅｙｍｏｎ", "dp": 1000}]}},
     "board.A.battle_area[1].id", "the same as 'greymon'"),
    ("dcg", {"A": {"battle_area": [{"id": "grey\u202emon", "dp": 1000}]}}, "board.A.battle_area[0].id", "U+202E"),
    ("dcg", {"A": {"hand": [{"id": "a\u200db"}]}}, "board.A.hand[0].id", "U+200D"),
    ("ygo", {"A": {"hand": ["x\x1b]0;pwned\x07"]}}, "board.A.hand[0].id", "U+001B"),
    ("ygo", {"A": {"hand": ["ｋｕｒｉｂｏｈ", "kuriboh"]}}, "board.A.hand[1].id", "the same as 'ｋｕｒｉｂｏｈ'"),
], ids=["dcg-nfkc", "dcg-bidi", "dcg-zero-width", "ygo-escape", "ygo-nfkc"])
def test_ids_are_unique_after_nfkc_and_hold_no_control_or_bidi_characters(client, game, board, path, fragment):
    r = client.post("/api/simulate", data=json.dumps({"game": game, "board": board}), headers=SIMULATE)
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["path"] == path and fragment in r.get_json()["error"]


def test_ids_that_only_look_alike_in_case_are_still_two_ids(client):   # negative control: NFKC, not case
    board = {"A": {"battle_area": [{"id": "greymon", "dp": 1000}, {"id": "Greymon", "dp": 1000}]}}
    r = client.post("/api/simulate", data=json.dumps({"game": "dcg", "board": board}), headers=SIMULATE)
    assert r.status_code == 200


# ------------------------------------------------------------------ terminal output
def test_control_and_bidi_characters_never_reach_the_terminal(run_cli, tmp_path):
    ruling = {"id": "escape-test", "game": "dcg", "title": "tie \x1b]0;pwned\x07 \x9b2J", "question": "q\u202e?",
              "board": {"turn": "A", "memory": 2,
                        "A": {"battle_area": [{"id": "greymon", "name": "Grey\x1b[31mmon\u2066", "dp": 6000}]},
                        "B": {"battle_area": [{"id": "garurumon", "dp": 6000, "keywords": ["Blocker"]}]}},
              "actions": [{"attack": {"attacker": "greymon", "target": "player"}}, {"block": {"blocker": "garurumon"}}],
              "expect": {"outcome": "battle.tie"}}
    f = tmp_path / "ruling.yaml"
    f.write_text(yaml.safe_dump(ruling, allow_unicode=True), encoding="utf-8")
    for argv in (("simulate", str(f)), ("simulate", str(f), "--json"), ("check", str(f)), ("check", str(f), "--json"),
                 ("search", "\x1b[2Jblocker\u202e"), ("rule", "dcg-ja-3.6:\x1b]0;x\x07")):
        r = run_cli(*argv)
        for char in UNSAFE_OUTPUT:
            assert char not in r.out and char not in r.err, (argv, char)
    r = run_cli("simulate", str(f))
    assert "Grey\\u001b[31mmon\\u2066" in r.out
    assert json.loads(run_cli("simulate", str(f), "--json").out)["title"].startswith("tie \x1b]0;pwned")


# ------------------------------------------------------------------ permalinks
def test_permalinks_never_come_from_the_host_header(client):
    page = client.get("/rules/dcg-ja-3.6/14-2-1-3", headers={"Host": "evil.example"}).get_data(as_text=True)
    assert "evil.example" not in page
    assert '<a class="permalink" href="/rules/dcg-ja-3.6/14-2-1-3"' in page
    app = create_app({"TESTING": True, "WARM": False, "PUBLIC_URL": "https://judge.example.org/"})
    page = app.test_client().get("/rules/dcg-ja-3.6/14-2-1-3", headers={"Host": "evil.example"}).get_data(as_text=True)
    assert 'href="https://judge.example.org/rules/dcg-ja-3.6/14-2-1-3"' in page and "evil.example" not in page


# ------------------------------------------------------------------ the OpenAPI description
def test_the_openapi_schema_is_as_strict_as_the_server(client):
    doc = client.get("/api/openapi.json").get_json()
    params = {(path, p["name"]): p["schema"] for path, item in doc["paths"].items()
              for op in item.values() for p in op.get("parameters", [])}
    for path in ("/api/rules/{edition}/{number}", "/api/align/{edition}/{number}"):
        assert params[(path, "number")]["maxLength"] == corpus.MAX_NUMBER_CHARS
    assert params[("/api/search", "q")] == {"type": "string", "minLength": 1, "maxLength": 500, "pattern": "\\S"}
    scenario = doc["components"]["schemas"]["Scenario"]
    assert scenario["additionalProperties"] is False and set(scenario["properties"]) == set(TOP_KEYS)
    assert scenario["properties"]["actions"]["maxItems"] == MAX_ACTIONS
    assert scenario["properties"]["actions"]["items"]["maxProperties"] == 1
    # …and the server refuses just past each of them
    too_long = "1" * (corpus.MAX_NUMBER_CHARS + 1)
    assert client.get(f"/api/rules/dcg-ja-3.6/{too_long}").status_code == 404
    assert client.get("/api/search", query_string={"q": "   "}).status_code == 400
    r = client.post("/api/simulate", data=json.dumps({"game": "dcg", "board": {}, "colour": "red"}), headers=SIMULATE)
    assert r.status_code == 400 and r.get_json()["path"] == "colour"
    actions = [{"pass": {}}] * (MAX_ACTIONS + 1)
    r = client.post("/api/simulate", data=json.dumps({"game": "dcg", "board": {}, "actions": actions}), headers=SIMULATE)
    assert r.status_code == 400 and r.get_json()["path"] == "actions"
    r = client.post("/api/simulate", data=json.dumps({"game": "dcg", "board": {}, "actions": [{}]}), headers=SIMULATE)
    assert r.status_code == 400


def test_the_openapi_schema_states_what_the_server_does_in_the_five_cases_of_issue_26(client):
    """Each case: what the server answers, and the spec allowing exactly that (or documenting the refusal)."""
    import re

    import jsonschema

    doc = client.get("/api/openapi.json").get_json()
    schemas = doc["components"]["schemas"]

    def valid(schema: dict, value) -> bool:
        resolver = {"components": {"schemas": schemas}, **schema}
        return jsonschema.Draft4Validator(resolver).is_valid(value)

    ops = {path: next(iter(item.values())) for path, item in doc["paths"].items()}
    param = {(path, p["name"]): p["schema"] for path, op in ops.items() for p in op.get("parameters", [])}
    # 1. an edition of the other game: allowed by the spec, refused with a documented 400
    r = client.get("/api/search", query_string={"q": "blocker", "edition": "dcg-ja-3.6", "game": "ygo"})
    assert r.status_code == 400
    assert any(x["status"] == 400 and re.search(x["error"], r.get_json()["error"]) for x in ops["/api/search"]["x-refusals"])
    assert "edition=dcg-ja-3.6&game=ygo" in ops["/api/search"]["responses"]["400"]["description"]
    # 2 and 3. an empty body to /api/check and /api/simulate: refused, and forbidden by the spec
    for path in ("/api/check", "/api/simulate"):
        for body in (b"", b" \n"):
            assert client.post(path, data=body, content_type="application/yaml").status_code == 400
            for ctype in ("application/yaml", "text/plain"):
                assert not valid(ops[path]["requestBody"]["content"][ctype]["schema"], body.decode())
        assert valid(ops[path]["requestBody"]["content"]["application/yaml"]["schema"], "game: dcg")
    # 4. an edition without an alignment: a 400, and not an edition the spec allows there
    assert client.get("/api/align/dcg-zh-glossary/12").status_code == 400
    assert not valid(param[("/api/align/{edition}/{number}", "edition")], "dcg-zh-glossary")
    assert valid(param[("/api/align/{edition}/{number}", "edition")], "dcg-zh-1.2")
    assert "dcg-zh-glossary/12" in ops["/api/align/{edition}/{number}"]["responses"]["400"]["description"]
    # 5. an empty edition= (and game=): no filter, accepted by the server and allowed by the spec
    r = client.get("/api/search", query_string={"q": "blocker", "edition": "", "game": ""})
    assert r.status_code == 200 and r.get_json()["results"]
    assert valid(param[("/api/search", "edition")], [""]) and valid(param[("/api/search", "game")], "")
    example = Path("judge_app/examples/dcg-blocker-tie.yaml").read_bytes()
    assert client.post("/api/simulate?edition=", data=example, content_type="application/yaml").status_code == 200
    assert valid(param[("/api/simulate", "edition")], "")
    assert not valid(param[("/api/simulate", "edition")], "dcg-ja-9")   # negative control
