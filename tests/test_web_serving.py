"""Serving: compressed answers, validators (ETag / 304) and `judge serve --workers N` (gunicorn processes)."""
from __future__ import annotations

import gzip
import http.client
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import brotli
import pytest

REPO = Path(__file__).resolve().parent.parent


def test_a_rule_page_is_compressed_with_brotli_or_gzip(client):
    plain = client.get("/rules/dcg-ja-3.6/16")
    assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
    br = client.get("/rules/dcg-ja-3.6/16", headers={"Accept-Encoding": "gzip, br"})
    assert br.headers["Content-Encoding"] == "br" and "Accept-Encoding" in br.headers["Vary"]
    assert brotli.decompress(br.data) == plain.data and len(br.data) < len(plain.data) / 3
    gz = client.get("/api/search?q=blocker", headers={"Accept-Encoding": "gzip"})
    assert gz.headers["Content-Encoding"] == "gzip" and gzip.decompress(gz.data).startswith(b"{")


def test_pages_revalidate_with_an_etag(client):
    first = client.get("/rules/dcg-ja-3.6/14-2-1-3")
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get("/rules/dcg-ja-3.6/14-2-1-3", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    other = client.get("/rules/dcg-ja-3.6/14-2-1-2", headers={"If-None-Match": etag})
    assert other.status_code == 200


def test_a_compressed_answer_revalidates_with_its_own_etag(client):
    first = client.get("/casebook", headers={"Accept-Encoding": "br"})
    assert first.headers["ETag"].endswith(':br"')
    again = client.get("/casebook", headers={"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_static_files_are_compressed_and_keep_their_validators(client):
    css = client.get("/static/style.css", headers={"Accept-Encoding": "gzip"})
    assert css.headers["Content-Encoding"] == "gzip" and "ETag" in css.headers
    assert b"{" in gzip.decompress(css.data)


def test_a_simulation_post_gets_no_etag(client):
    text = (REPO / "judge_app" / "examples" / "dcg-blocker-tie.yaml").read_bytes()
    r = client.post("/api/simulate", data=text, headers={"Content-Type": "application/yaml"})
    assert r.status_code == 200 and "ETag" not in r.headers


@pytest.mark.skipif(os.name != "posix", reason="gunicorn runs on POSIX only")
def test_serve_with_two_worker_processes(tmp_path):
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "judge_app", "serve", "--port", "0", "--workers", "2"],
                                cwd=REPO, stdout=subprocess.DEVNULL, stderr=out)
    try:
        port = None
        deadline = time.monotonic() + 120
        while port is None and time.monotonic() < deadline and proc.poll() is None:
            found = re.search(rb"serving on http://127\.0\.0\.1:(\d+)/ \(2 worker processes\)", log.read_bytes())
            port = int(found.group(1)) if found else time.sleep(0.1)
        assert port, log.read_text(errors="replace")
        pids = set()
        while time.monotonic() < deadline and len(pids) < 2:   # new connections reach both workers
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            conn.request("GET", "/api/search?q=blocker&limit=1")
            response = conn.getresponse()
            assert response.status == 200 and b"dcg-ja-3.6:16-4" in response.read()
            conn.close()
            pids |= set(re.findall(rb"\[(\d+)\] \[INFO\] Booting worker", log.read_bytes()))
        assert len(pids) == 2
    finally:
        proc.terminate()
        proc.wait(30)
