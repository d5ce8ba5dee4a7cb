"""Home page, the OpenAPI description and `judge serve` (waitress, never debug)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent


def test_home_has_search_pickers_editions_and_recent_changes(client):
    page = client.get("/").get_data(as_text=True)
    assert '<input id="q" name="q" type="search"' in page
    assert '<select id="game" name="game">' in page
    for edition in ("dcg-ja-3.6", "dcg-zh-1.2", "dcg-zh-glossary", "ygo-zh-rulebook", "ygo-zh-nmr"):
        assert f'name="edition" value="{edition}"' in page
        assert f'href="/rules/{edition}"' in page
    assert "Ver.3.6 (2025-12-25)" in page
    changes = re.search(r'<ul class="changes" lang="ja">.*?</ul>', page, re.S).group(0)
    assert 'href="/rules/dcg-ja-3.6/5-1-3"' in changes and "5-1-3.は更新しました。" in changes


def test_openapi_describes_every_api_route(app, client):
    r = client.get("/api/openapi.json")
    assert r.status_code == 200 and r.is_json
    doc = r.get_json()
    assert doc["openapi"].startswith("3.")
    documented = {re.sub(r"\{(\w+)\}", r"<\1>", p) for p in doc["paths"]}
    served = {re.sub(r"<(?:\w+:)?(\w+)>", r"<\1>", rule.rule) for rule in app.url_map.iter_rules()
              if rule.rule.startswith("/api/")}
    assert served <= documented
    assert {"/api/rules/<edition>/<number>", "/api/search", "/api/simulate", "/api/check"} <= documented
    # every $ref resolves
    refs = re.findall(r'"\$ref": "#/components/schemas/(\w+)"', json.dumps(doc))
    assert refs and set(refs) <= set(doc["components"]["schemas"])


def test_judge_serve_runs_waitress_on_the_bundled_corpus(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "judge_app", "serve", "--port", "0"], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        line = ""
        while time.monotonic() < deadline and "serving on" not in line:
            line = proc.stderr.readline()
            assert line or proc.poll() is None, "server exited"
        url = re.search(r"serving on (http://\S+/)", line).group(1)
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "api/rules/dcg-ja-3.6/14.2.1.3", timeout=10) as r:
            assert r.status == 200
            assert r.headers["Server"] == "waitress"
            assert json.load(r)["ref"] == "dcg-ja-3.6:14-2-1-3"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_judge_serve_rejects_a_bad_port(run_cli):
    r = run_cli("serve", "--port", "70000")
    assert r.code == 2 and r.err.startswith("error: ")
