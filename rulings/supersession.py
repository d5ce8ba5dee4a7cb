"""Which passages a later official revision replaced (rulings/data/supersession.yaml), for search ranking,
search results (`superseded_by`) and the rule page."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parent / "data" / "supersession.yaml"


@dataclass(frozen=True)
class Replacement:
    ref: str            # the replaced passage
    by: str             # the passage that states the rule now
    revision: str
    why: str


@lru_cache(maxsize=1)
def replacements() -> dict[str, Replacement]:
    """Replaced ref -> its replacement."""
    from .yamlio import load_yaml_file

    out: dict[str, Replacement] = {}
    for entry in load_yaml_file(DATA_FILE) or []:
        for item in entry.get("replaced") or []:
            out[str(item["ref"])] = Replacement(str(item["ref"]), str(entry["by"]), str(entry.get("revision", "")),
                                                str(item.get("why", "")))
    return out


def superseded() -> dict[str, str]:
    """Replaced ref -> the ref that replaced it."""
    return {ref: r.by for ref, r in replacements().items()}


def replacement(ref: str) -> Replacement | None:
    return replacements().get(ref)
