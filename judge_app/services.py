"""The web app's view of the other parts (corpus, search, terms, casebook, engines).

Every optional part is reached through one function here, so a missing module degrades to a clear
"not available" section instead of a crash, and the pages never import those modules directly.
"""
from __future__ import annotations

import importlib
import logging
from functools import lru_cache
from types import ModuleType

from rulings import corpus
from rulings.editions import EDITIONS
from rulings.model import Section

log = logging.getLogger(__name__)


def optional_module(name: str) -> ModuleType | None:
    """Import `name`, or None when that module itself does not exist (a broken module still raises)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and (name == e.name or name.startswith(e.name + ".")):
            return None
        raise


# --- corpus -----------------------------------------------------------------------------------

def neighbours(section: Section) -> tuple[Section | None, Section | None]:
    """Previous and next section in rule order."""
    order = _order(section.edition)
    i = order["index"][section.number]
    seq = order["numbers"]
    edition = corpus.load(section.edition)
    prev = edition.get(seq[i - 1]) if i > 0 else None
    nxt = edition.get(seq[i + 1]) if i + 1 < len(seq) else None
    return prev, nxt


@lru_cache(maxsize=None)
def _order(edition_id: str) -> dict:
    numbers = list(corpus.load(edition_id).sections)
    return {"numbers": numbers, "index": {n: i for i, n in enumerate(numbers)}}


def ancestors(section: Section) -> list[Section]:
    """Root first, excluding the section itself."""
    edition = corpus.load(section.edition)
    chain: list[Section] = []
    parent = section.parent
    while parent:
        sec = edition.get(parent)
        if sec is None or sec in chain:
            break
        chain.append(sec)
        parent = sec.parent
    return list(reversed(chain))


def editions_for(game: str | None) -> list[str]:
    return [e for e, info in EDITIONS.items() if game is None or info.game == game]


# --- search -----------------------------------------------------------------------------------

class SearchInputError(ValueError):
    """A query or filter the searcher refuses (unknown edition or game, limit out of range, too long)."""


def search_engine():
    """The process-wide searcher, or None when the search module is not there."""
    module = optional_module("rulings.search")
    return module.get_search() if module else None


def search(query: str, editions: list[str] | None, game: str | None, limit: int) -> dict | None:
    """The search response JSON, or None when search is not available. Raises SearchInputError."""
    engine = search_engine()
    if engine is None:
        return None
    refused = getattr(optional_module("rulings.search"), "SearchInputError", ())
    try:
        return engine.search(query, editions=editions, game=game, limit=limit).to_json()
    except refused as e:
        raise SearchInputError(str(e)) from None


# --- terms ------------------------------------------------------------------------------------

def terms_module() -> ModuleType | None:
    return optional_module("rulings.terms")


def linked_refs(ref: str) -> list[str]:
    module = terms_module()
    if module is None:
        return []
    return [r for r in module.linked_refs(ref) if r != ref]


@lru_cache(maxsize=None)
def tooltips(edition_id: str) -> dict[str, str]:
    """Glossary word as printed in this edition's language -> tooltip (its names in the other languages
    and the section defining it in this edition)."""
    module = terms_module()
    if module is None:
        return {}
    info = EDITIONS[edition_id]
    out: dict[str, str] = {}
    for term in module.all_terms(info.game):
        others = [names[0] for lang in ("en", "zh", "ja") if lang != info.language
                  for names in [tuple(getattr(term, lang, ()) or ())] if names]
        number = (getattr(term, "sections", {}) or {}).get(edition_id)
        tip = " / ".join(others) + (f" — § {number}" if number else "")
        if not tip.strip():
            continue
        for word in getattr(term, info.language, ()) or ():
            if len(word) >= 2 and word not in out:
                out[word] = tip
    return out


# --- casebook ---------------------------------------------------------------------------------

def casebook_module() -> ModuleType | None:
    return optional_module("rulings.casebook")


def rulings_citing(ref: str) -> list | None:
    """Casebook rulings that cite `ref`; None when the casebook is not there."""
    module = casebook_module()
    if module is None or not hasattr(module, "rulings_citing"):
        return None
    try:
        return list(module.rulings_citing(ref))
    except Exception:  # a broken casebook must not take the rule text down with it
        log.exception("casebook look-up for %s failed", ref)
        return None
