"""The latest change-log block of the Japanese DCG rules (shown on the home page as "recent changes")."""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from rulings.corpus import TEXT_DIR
from rulings.editions import EDITIONS

_NUMBER = re.compile(r"(?<![\d-])\d+(?:-\d+)+")
_VERSION_LINE = re.compile(r"^\((\d{4})/(\d{2})/(\d{2})\)\s*Ver\.?\s*([\d.]+)\s*$")


@lru_cache(maxsize=None)
def latest_changes(edition_id: str = "dcg-ja-3.6") -> dict | None:
    """{"edition", "version", "date", "items": [{"text", "number"}]} for the edition's own version, or None.

    In the change log each `(YYYY/MM/DD) Ver.X` line heads the list of changes that follow it.
    """
    info = EDITIONS[edition_id]
    version = re.search(r"Ver\.?\s*([\d.]+)", info.version)
    if not version:
        return None
    lines = (TEXT_DIR / info.file).read_text(encoding="utf-8").splitlines()
    items: list[str] = []
    found = None
    for raw in lines:
        line = unicodedata.normalize("NFKC", raw).strip()
        m = _VERSION_LINE.match(line)
        if m:
            if found:
                break
            if m.group(4) == version.group(1):
                found = f"{m.group(1)}-{m.group(2)}-{m.group(3)}"
            continue
        if found and line:
            text = line.split("\t")[0].strip()
            number = _NUMBER.search(text)
            items.append({"text": text, "number": number.group(0) if number else None})
    if not found:
        return None
    return {"edition": edition_id, "version": f"Ver.{version.group(1)}", "date": found, "items": items}
