"""The engine's architecture contracts (.importlinter: layers, independence of peer mechanics) hold: import-linter
reads the real import graph of the code, as `lint-imports` does."""
from __future__ import annotations

from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_hold(monkeypatch):
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / ".importlinter"), no_cache=True, no_logo=True) == 0
