"""UI language: English or Simplified Chinese, from a cookie set by /lang/<code>, else Accept-Language.

Catalogs ship as .po (the .mo files are gitignored); `compile_catalogs` builds any missing or stale .mo
at start, in place when the package directory is writable, else in a private temporary directory.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import request

LANGUAGES = {"en": "English", "zh": "简体中文"}
HTML_LANG = {"en": "en", "zh": "zh-Hans"}
COOKIE = "lang"
TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def select_locale() -> str:
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default="en")


def compile_catalogs(source: Path = TRANSLATIONS) -> Path:
    """Compile every messages.po under `source`; returns the translations directory to use."""
    pos = sorted(source.glob("*/LC_MESSAGES/messages.po"))
    if all(_fresh(po, po.with_suffix(".mo")) for po in pos):
        return source
    try:
        for po in pos:
            _compile(po, po.with_suffix(".mo"))
        return source
    except OSError:  # read-only install: compile into a temporary directory instead
        target = Path(tempfile.mkdtemp(prefix="judge-translations-"))
        for po in pos:
            _compile(po, target / po.relative_to(source).with_suffix(".mo"))
        return target


def _fresh(po: Path, mo: Path) -> bool:
    return mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime


def _compile(po: Path, mo: Path) -> None:
    with open(po, "rb") as f:
        catalog = read_po(f)
    mo.parent.mkdir(parents=True, exist_ok=True)
    tmp = mo.with_suffix(".mo.tmp")
    with open(tmp, "wb") as f:
        write_mo(f, catalog)
    tmp.replace(mo)  # atomic: a concurrent start never reads a half-written catalog


def safe_next(target: str | None) -> str:
    """Only a same-site relative path (`/…`, not `//host` or `/\\host`) is a redirect target."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    if any(c in target for c in "\\\r\n\t") or any(ord(c) < 32 for c in target):
        return "/"
    return target
