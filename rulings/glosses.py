"""English glosses of ordinary rules words (rulings/data/glosses.yaml) and of the terms a text names:
the English words added to a Chinese or Japanese section's English field at index time."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .name_scan import NameScanner

GLOSSES_FILE = Path(__file__).resolve().parent / "data" / "glosses.yaml"


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[NameScanner, dict[str, str]]]:
    """language -> (a scanner of every gloss name, name -> its English words)."""
    out = {}
    for lang in ("zh", "ja"):
        english: dict[str, str] = {}
        for entry in _entries():
            for name in entry.get(lang) or []:
                name = str(name).casefold()
                english[name] = (english.get(name, "") + " " + str(entry["en"])).strip()
        out[lang] = (NameScanner(english, boundary=False), english)
    return out


@lru_cache(maxsize=1)
def _entries() -> list[dict]:
    from .yamlio import load_yaml_file

    return load_yaml_file(GLOSSES_FILE) or []


def synonyms(name: str, language: str) -> list[str]:
    """Every Chinese and Japanese name of the glosses that list `name` (itself included)."""
    key = name.casefold()
    out: list[str] = []
    for entry in _entries():
        names = [str(x).casefold() for x in entry.get(language) or []]
        if key in names:
            for lang in ("zh", "ja"):
                out += [str(x).casefold() for x in entry.get(lang) or []]
    return list(dict.fromkeys(out or [key]))


def english_of(text: str, language: str, named_terms=()) -> list[str]:
    """English words for `text` in `language`: every term's English names, then the glosses it contains."""
    out = [name for term in dict.fromkeys(named_terms) for name in term.en]
    table = _table().get(language)
    if table and text:
        scanner, english = table
        hay = text.casefold()
        out += [english[hay[a:b]] for a, b in scanner.finditer(hay)]
    return out


def found_in(text: str, language: str) -> list[tuple[str, str, tuple[int, int]]]:
    """The gloss names in `text` (prepared for `language`): (name, its English words, span)."""
    table = _table().get(language)
    if not table or not text:
        return []
    scanner, english = table
    hay = text.casefold()
    return [(hay[a:b], english[hay[a:b]], (a, b)) for a, b in scanner.finditer(hay)]
