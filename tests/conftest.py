"""Shared fixtures: the CLI runner, and one real app (real corpus, index, engines) with its test client."""
from __future__ import annotations

import json
from dataclasses import dataclass

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
