"""Shared fixtures: the CLI runner. (App and client fixtures live beside the web tests.)"""
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
