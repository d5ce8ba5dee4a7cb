"""English glosses of ordinary rules words (rulings/data/glosses.yaml) and of the terms a text names:
the English words added to a Chinese or Japanese section's English field at index time."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

GLOSSES_FILE = Path(__file__).resolve().parent / "data" / "glosses.yaml"


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[re.Pattern, dict[str, str]]]:
    """language -> (one pattern of every gloss name, name -> its English words)."""
    from .terms import _trie_pattern
    from .yamlio import load_yaml

    out = {}
    for lang in ("zh", "ja"):
        english: dict[str, str] = {}
        for entry in load_yaml(GLOSSES_FILE.read_text(encoding="utf-8")) or []:
            for name in entry.get(lang) or []:
                name = str(name).casefold()
                english[name] = (english.get(name, "") + " " + str(entry["en"])).strip()
        out[lang] = (_trie_pattern(english, boundary=False), english)
    return out


def english_of(text: str, language: str, named_terms=()) -> list[str]:
    """English words for `text` in `language`: every term's English names, then the glosses it contains."""
    out = [name for term in dict.fromkeys(named_terms) for name in term.en]
    table = _table().get(language)
    if table and text:
        pattern, english = table
        out += [english[m.group()] for m in pattern.finditer(text.casefold())]
    return out


def found_in(text: str, language: str) -> list[tuple[str, str, tuple[int, int]]]:
    """The gloss names in `text` (prepared for `language`): (name, its English words, span)."""
    table = _table().get(language)
    if not table or not text:
        return []
    pattern, english = table
    return [(m.group(), english[m.group()], m.span()) for m in pattern.finditer(text.casefold())]
