"""The judge's desk: Flask app factory (`create_app`), blueprints, JSON API and the `judge` CLI.

The package itself imports nothing heavy, so that `judge rule` and `judge search` never load Flask or
Babel: `create_app` and `TEMPLATES` are looked up from `judge_app.app` on first use.
"""
from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = REPO_ROOT / "templates"


def __getattr__(name: str):
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
