"""Input limits, measured on the real server (`judge serve`, waitress, loopback) and the real app.

Each limit in SECURITY.md has a test here: body size (413 JSON), YAML depth/aliases/nodes, cards and actions
per scenario, search query length, the engine step limit and the /api/simulate wall-clock budget.
"""
from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.errors import LimitExceeded
from engine.limits import MAX_ACTIONS, MAX_CARDS
from engine.scenario import MAX_BYTES, MAX_DEPTH, MAX_NODES, simulate
from engine.trace import MAX_STEPS, Trace
from judge_app import create_app
from judge_app.security import CSP

REPO = Path(__file__).resolve().parent.parent
SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options")


@contextlib.contextmanager
def serving(tmp_dir: Path, threads: int | None = None, workers: int | None = None):
    """`judge serve --port 0` in a subprocess on 127.0.0.1 (waitress; gunicorn with `workers`); yields the
    port. The log goes to a file (an unread pipe would fill up and block the server)."""
    log_path = tmp_dir / "serve.log"
    argv = [sys.executable, "-m", "judge_app", "serve", "--host", "127.0.0.1", "--port", "0"]
    if threads:
        argv += ["--threads", str(threads)]
    if workers:
        argv += ["--workers", str(workers)]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(argv, cwd=REPO, stdout=subprocess.DEVNULL, stderr=log, env=dict(os.environ))
    try:
        deadline = time.monotonic() + 180
        while True:
            found = re.search(r"serving on http://127\.0\.0\.1:(\d+)/", log_path.read_text(errors="replace"))
            if found:
                break
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"judge serve did not start: {log_path.read_text(errors='replace')[-2000:]}")
            time.sleep(0.05)
        port = int(found.group(1))
        for _ in range(2 * (workers or 1)):   # every worker has loaded the app (gunicorn boots them after that line)
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            try:
                conn.request("GET", "/api/search?q=blocker&limit=1")
                conn.getresponse().read()
            finally:
                conn.close()
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("server")) as p:
        yield p


def request(port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
            chunked: bool = False):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        if chunked:
            conn.putrequest(method, path)
            for k, v in (headers or {}).items():
                conn.putheader(k, v)
            conn.putheader("Transfer-Encoding", "chunked")
            conn.endheaders()
            for i in range(0, len(body), 16384):
                piece = body[i:i + 16384]
                try:
                    conn.send(b"%x\r\n%s\r\n" % (len(piece), piece))
                except (BrokenPipeError, ConnectionResetError):
                    break                       # the server answered 413 and closed: fine
            else:
                conn.send(b"0\r\n\r\n")
        else:
            conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data
    finally:
        conn.close()


def assert_json_error(status, headers, data, expected_status, *fragments):
    assert status == expected_status, (status, data[:300])
    assert headers["content-type"].startswith("application/json")
    message = json.loads(data)["error"]
    for fragment in fragments:
        assert fragment in message, message
    for name in SECURITY_HEADERS:
        assert name.lower() in headers, name
    return message


def yaml_scenario(board: str, actions: str = "[]") -> bytes:
    return f"game: dcg\nboard: {board}\nactions: {actions}\n".encode()


# ------------------------------------------------------------------ body size
@pytest.mark.parametrize("path", ["/api/simulate", "/api/check"])
@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_bodies_over_256_kib_are_413_json(port, path, chunked):
    body = b"game: dcg\n" + b"#" * (MAX_BYTES + 1024)
    status, headers, data = request(port, "POST", path, body, {"Content-Type": "application/yaml"}, chunked)
    assert_json_error(status, headers, data, 413)


@pytest.fixture(scope="module", params=["waitress", "gunicorn"])
def any_server(request, tmp_path_factory):
    """`judge serve` as it starts waitress (one process) and gunicorn (`--workers 2`)."""
    if request.param == "gunicorn" and os.name != "posix":
        pytest.skip("gunicorn runs on POSIX only")
    with serving(tmp_path_factory.mktemp("server"), workers=2 if request.param == "gunicorn" else None) as p:
        yield p


def send_whole_body_then_read(port: int, path: str, body: bytes, chunked: bool = False) -> tuple[int, dict, bytes]:
    """A client that writes its entire request before reading a byte of the answer."""
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/yaml\r\n"
    if chunked:
        payload = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 65536]), body[i:i + 65536])
                           for i in range(0, len(body), 65536)) + b"0\r\n\r\n"
        head += "Transfer-Encoding: chunked\r\n\r\n"
    else:
        payload = body
        head += f"Content-Length: {len(body)}\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(head.encode() + payload)
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += s.recv(65536) or b"".join(())
        header_text, _, data = reply.partition(b"\r\n\r\n")
        lines = header_text.decode("latin-1").split("\r\n")
        headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
        while len(data) < int(headers.get("content-length", 0)):
            more = s.recv(65536)
            if not more:
                break
            data += more
    return int(lines[0].split()[1]), headers, data


@pytest.mark.parametrize("size", [MAX_BYTES + 1, 1024 * 1024, 2 * 1024 * 1024], ids=["256k+1", "1m", "2m"])
@pytest.mark.parametrize("path", ["/api/simulate", "/api/check"])
def test_bodies_up_to_2_mib_sent_before_reading_get_the_413_json(any_server, path, size):
    status, headers, data = send_whole_body_then_read(any_server, path, b"#" * size)
    assert_json_error(status, headers, data, 413)


@pytest.mark.parametrize("path", ["/api/simulate", "/api/check"])
def test_a_chunked_body_of_1_mib_sent_before_reading_gets_the_413_json(any_server, path):
    status, headers, data = send_whole_body_then_read(any_server, path, b"#" * (1024 * 1024), chunked=True)
    assert_json_error(status, headers, data, 413)


def test_a_body_just_under_the_limit_is_read(port):
    body = yaml_scenario("{A: {}, B: {}}") + b"#" * (MAX_BYTES - 200)
    status, _, data = request(port, "POST", "/api/simulate", body, {"Content-Type": "application/yaml"})
    assert status == 200, data[:300]


# ------------------------------------------------------------------ YAML shape
def test_billion_laughs_is_refused_at_once(port):
    laughs = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    laughs += [f"a{i}: &a{i} [{','.join(f'*a{i - 1}' for _ in range(9))}]" for i in range(1, 10)]
    started = time.perf_counter()
    status, headers, data = request(port, "POST", "/api/simulate", "\n".join(laughs).encode())
    assert time.perf_counter() - started < 2
    assert_json_error(status, headers, data, 400, "aliases are not allowed")


def test_yaml_merge_keys_are_aliases_too(port):
    body = b"base: &b {game: dcg}\n<<: *b\nboard: {}\n"
    assert_json_error(*request(port, "POST", "/api/simulate", body), 400, "aliases are not allowed")


@pytest.mark.parametrize("form", ["yaml", "json"])
def test_nesting_deeper_than_the_limit_is_refused(port, form):
    depth = MAX_DEPTH + 5
    body = ("{\"game\": \"dcg\", \"board\": " + "[" * depth + "]" * depth + "}" if form == "json"
            else "game: dcg\nboard: " + "[" * depth + "]" * depth)
    assert_json_error(*request(port, "POST", "/api/simulate", body.encode()), 400, f"deeper than {MAX_DEPTH}")


@pytest.mark.parametrize("form", ["yaml", "json"])
def test_more_nodes_than_the_limit_are_refused(port, form):
    items = ",".join("0" for _ in range(MAX_NODES + 10))
    body = ("{\"game\": \"dcg\", \"board\": {\"x\": [" + items + "]}}" if form == "json"
            else "game: dcg\nboard: {x: [" + items + "]}")
    assert_json_error(*request(port, "POST", "/api/simulate", body.encode()), 400, f"more than {MAX_NODES} nodes")


# ------------------------------------------------------------------ cards and actions
@pytest.mark.parametrize("game,board", [
    ("dcg", "{A: {deck: 100, hand: 100, security: 100, trash: 100, digitama: 100, battle_area: [{id: x, dp: 1}]}, "
            "B: {deck: 100, hand: 100, security: 100, trash: 100, digitama: 100}, turn: A, memory: 3}"),
    ("ygo", "{A: {deck: 200, hand: 200, graveyard: 200}, B: {deck: 200, banished: 200, extra_deck: 200}}"),
])
def test_more_cards_than_the_limit_are_refused(port, game, board):
    body = f"game: {game}\nboard: {board}\n".encode()
    assert_json_error(*request(port, "POST", "/api/simulate", body), 400, f"more than {MAX_CARDS} cards")


@pytest.mark.parametrize("game", ["dcg", "ygo"])
def test_more_actions_than_the_limit_are_refused(port, game):
    board = "{A: {}, B: {}}" if game == "dcg" else "{A: {}, B: {}, phase: main1}"
    actions = "[" + ", ".join("{pass: {}}" for _ in range(MAX_ACTIONS + 1)) + "]"
    body = f"game: {game}\nboard: {board}\nactions: {actions}\n".encode()
    status, headers, data = request(port, "POST", "/api/simulate", body)
    assert_json_error(status, headers, data, 400, str(MAX_ACTIONS))
    assert json.loads(data)["path"] == "actions"


@pytest.mark.parametrize("game", ["dcg", "ygo"])
def test_exactly_the_limits_are_accepted(port, game):
    if game == "dcg":
        board = "{A: {deck: 100, hand: 100, security: 100, trash: 100, digitama: 100}, B: {deck: 100, hand: 100, " \
                "security: 100, trash: 100, digitama: 100}, turn: A, memory: 3}"
    else:
        board = "{A: {deck: 200, hand: 200, graveyard: 100}, B: {deck: 200, banished: 200, extra_deck: 100}}"
    assert board.count("100") + 2 * board.count("200") == MAX_CARDS // 100
    actions = "[" + ", ".join("{pass: {}}" for _ in range(MAX_ACTIONS)) + "]"
    body = f"game: {game}\nboard: {board}\nactions: {actions}\n".encode()
    status, _, data = request(port, "POST", "/api/simulate", body)
    assert status == 200, data[:300]


# ------------------------------------------------------------------ search query length
def test_search_query_length(port):
    ok = request(port, "GET", "/api/search?q=" + "a" * 500)
    assert ok[0] == 200 and json.loads(ok[2])["truncated"] is True      # only the first 200 are analysed
    assert_json_error(*request(port, "GET", "/api/search?q=" + "a" * 501), 400, "longer than 500")
    status, headers, data = request(port, "GET", "/api/search?q=" + "%E9%98%BB" * 5000)   # 15 kB of 阻
    assert_json_error(status, headers, data, 400, "longer than 500")


def test_huge_urls_and_headers_are_refused_without_a_500(port):
    status, _, _ = request(port, "GET", "/api/search?q=" + "a" * 200_000)
    assert status in (400, 414, 431)
    status, _, _ = request(port, "GET", "/", headers={"X-Big": "b" * 200_000})
    assert status in (200, 400, 431)


# ------------------------------------------------------------------ steps and wall clock
def test_trace_refuses_the_step_after_the_limit():
    trace = Trace()
    for i in range(MAX_STEPS):
        trace.add("x", "a step", "dcg.battle.tie")
    with pytest.raises(LimitExceeded, match=f"step limit \\({MAX_STEPS}\\)"):
        trace.add("x", "one too many", "dcg.battle.tie")


@pytest.mark.parametrize("game", ["dcg", "ygo"])
def test_the_longest_scenarios_stay_far_below_the_step_limit(game):
    """MAX_ACTIONS turn-passing actions (the most steps per action) take a fraction of MAX_STEPS."""
    if game == "dcg":
        actions = [{"pass": {}}, {"end_turn": {}}] * (MAX_ACTIONS // 2)
        board = {"turn": "A", "memory": 3, "A": {"deck": 100}, "B": {"deck": 100}}
    else:
        actions = [{"enter_phase": {"phase": "end"}}, {"end_phase": {}}] * (MAX_ACTIONS // 2)
        board = {"turn": "A", "phase": "main1", "A": {"deck": 200}, "B": {"deck": 200}}
    started = time.process_time()   # CPU, not wall clock: a busy machine must not fail this test
    result = simulate({"game": game, "board": board, "actions": actions}).to_json()
    assert len(result["steps"]) < MAX_STEPS / 2
    assert time.process_time() - started < 5


def test_simulate_time_budget_is_a_413_json():
    app = create_app({"TESTING": True, "WARM": False, "SIMULATE_TIMEOUT_S": 0.005})
    actions = "[" + ", ".join("{pass: {}}, {end_turn: {}}" for _ in range(200)) + "]"
    body = yaml_scenario("{turn: A, memory: 3, A: {deck: 100}, B: {deck: 100}}", actions)
    r = app.test_client().post("/api/simulate", data=body, content_type="application/yaml")
    assert r.status_code == 413 and r.is_json
    assert "ran longer than 0.005 s" in r.get_json()["error"]
    assert r.headers["Content-Security-Policy"] == CSP


# ------------------------------------------------------------------ headers on every kind of answer
@pytest.mark.parametrize("method,path,body,status", [
    ("GET", "/", None, 200),
    ("GET", "/search?q=%E9%98%BB%E6%8C%A1%E8%80%85", None, 200),
    ("GET", "/rules/dcg-ja-3.6/14-2-1-3", None, 200),
    ("GET", "/api/rules/dcg-ja-3.6/14-2-1-3", None, 200),
    ("GET", "/api/search?q=blocker", None, 200),
    ("GET", "/api/openapi.json", None, 200),
    ("GET", "/static/style.css", None, 200),
    ("POST", "/api/simulate", b"game: dcg\nboard: 5\n", 400),
    ("GET", "/api/search?q=x&limit=0", None, 400),
    ("GET", "/api/rules/dcg-ja-3.6/99-99", None, 404),
    ("GET", "/no-such-page", None, 404),
    ("GET", "/api/simulate", None, 405),
    ("POST", "/api/simulate", b"#" * (MAX_BYTES + 10), 413),
])
def test_security_headers_on_the_real_server(port, method, path, body, status):
    got, headers, data = request(port, method, path, body)
    assert got == status, data[:300]
    assert headers["content-security-policy"] == CSP
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"
    assert headers["x-frame-options"] == "DENY"
    assert "server" not in headers or "waitress" in headers["server"].lower()   # no framework/debug banner
    if status >= 400 and path.startswith("/api/"):
        assert json.loads(data)["error"]
    assert b"Traceback" not in data and b"werkzeug" not in data.lower()


def test_an_unexpected_error_is_a_500_json_without_internals():
    """The catch-all handler: what a bug would produce (a route that fails on purpose, on a real app)."""
    app = create_app({"TESTING": True, "WARM": False})

    def boom():
        raise KeyError("secret-internal-detail")

    app.add_url_rule("/api/boom", "boom", boom)
    app.add_url_rule("/boom", "boom_page", boom)
    client = app.test_client()
    r = client.get("/api/boom")
    assert r.status_code == 500 and r.get_json() == {"error": "internal error"}
    assert r.headers["Content-Security-Policy"] == CSP and r.headers["X-Content-Type-Options"] == "nosniff"
    page = client.get("/boom")
    assert page.status_code == 500 and "text/html" in page.content_type
    assert b"secret-internal-detail" not in page.data and b"Traceback" not in page.data
    assert page.headers["Content-Security-Policy"] == CSP
