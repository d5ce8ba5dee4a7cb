"""Shared fixtures: the CLI runner, and one real app (real corpus, index, engines) with its test client."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from judge_app.cli import main


@dataclass
class CliResult:
    code: int
    out: str
    err: str

    @property
    def json(self):
        return json.loads(self.out)


@pytest.fixture
def run_cli(capsys):
    """run_cli("rule", "dcg-ja-3.6:1-1-1", "--json") -> CliResult(code, out, err)."""

    def run(*argv: str) -> CliResult:
        capsys.readouterr()
        code = main(list(argv))
        out, err = capsys.readouterr()
        return CliResult(code, out, err)

    return run


@pytest.fixture(scope="session")
def app():
    from judge_app import create_app

    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


# --- search tests: one real index per session, one searcher on it per module ---------------------------

def shared_index_dir(tmp_path_factory) -> Path:
    """One real index per test session (a second `ensure` on the same directory finds it fresh)."""
    from rulings import index

    base = tmp_path_factory.getbasetemp() / "search-data"
    index.ensure(base)
    return base


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    from rulings.search import RuleSearch

    searcher = RuleSearch(shared_index_dir(tmp_path_factory))
    yield searcher
    searcher.close()


# --- browser tests (tests/test_browser*.py): one app server and one chromium per test process ----------

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def base_url():
    import threading

    from waitress.server import create_server

    from judge_app import create_app

    server = create_server(create_app(), host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()


@pytest.fixture(scope="session")
def browser():
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield launched
        launched.close()
