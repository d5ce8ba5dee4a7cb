"""The web app's view of the other parts (corpus, search, terms, casebook): what the pages need from them."""
from __future__ import annotations

import copy
import logging
import os
import time
from functools import lru_cache

from rulings import casebook, corpus, index, terms
from rulings.editions import EDITIONS
from rulings.model import Section
from rulings.search import SearchInputError, get_search  # noqa: F401 - SearchInputError is re-exported

log = logging.getLogger(__name__)


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

def search(query: str, editions: list[str] | None, game: str | None, limit: int) -> dict:
    """The search response JSON (a fresh copy: callers may change it). Raises SearchInputError.

    Answers are cached per index generation: one query always has one answer from one index, and the
    same questions come from many judges (the same card at the same event). `took_ms` is this look-up's.
    """
    started = time.perf_counter()
    doc = copy.deepcopy(_search(_generation(), query, tuple(editions) if editions else None, game, limit))
    doc["took_ms"] = round((time.perf_counter() - started) * 1000, 3)
    return doc


def _generation():
    try:
        st = os.stat(index.search_dir() / "CURRENT")
        return st.st_ino, st.st_mtime_ns
    except OSError:
        return None


@lru_cache(maxsize=2048)
def _search(generation, query: str, editions: tuple[str, ...] | None, game: str | None, limit: int) -> dict:
    return get_search().search(query, editions=list(editions) if editions else None, game=game,
                               limit=limit).to_json()


# --- terms ------------------------------------------------------------------------------------

def linked_refs(ref: str) -> list[str]:
    return [r for r in terms.linked_refs(ref) if r != ref]


@lru_cache(maxsize=None)
def tooltips(edition_id: str) -> dict[str, str]:
    """Glossary word as printed in this edition's language -> tooltip (its names in the other languages
    and the section defining it in this edition)."""
    info = EDITIONS[edition_id]
    out: dict[str, str] = {}
    for term in terms.all_terms(info.game):
        others = [names[0] for lang in ("en", "zh", "ja") if lang != info.language
                  for names in [getattr(term, lang)] if names]
        number = term.sections.get(edition_id)
        tip = " / ".join(others) + (f" — § {number}" if number else "")
        if not tip.strip():
            continue
        for word in getattr(term, info.language):
            if len(word) >= 2 and word not in out:
                out[word] = tip
    return out


# --- casebook ---------------------------------------------------------------------------------

def rulings_citing(ref: str) -> list | None:
    """Casebook rulings that cite `ref`; None when the casebook failed to load."""
    try:
        return list(casebook.rulings_citing(ref))
    except Exception:  # a broken casebook must not take the rule text down with it
        log.exception("casebook look-up for %s failed", ref)
        return None


@lru_cache(maxsize=None)
def casebook_verdict(rid: str) -> dict:
    """A bundled ruling's check entry (the engine's run and the agreement). `create_app` computes them all
    at start, so the casebook pages run in the request thread and never wait on the uploads' check pool."""
    from engine.check import check_item

    ruling = casebook.by_id(rid)
    return check_item(ruling.data, ruling.path, None)


def control_state(rid: str) -> str:
    """`flips` when the ruling has controls and each flips its answer, `no-flip` when one does not, `none`."""
    controls = casebook_verdict(rid).get("controls") or []
    if not controls:
        return "none"
    return "flips" if all(c["flipped"] for c in controls) else "no-flip"


def warm_casebook_verdicts() -> None:
    for ruling in casebook.load_casebook():
        casebook_verdict(ruling.id)


def rulings_under(section: Section) -> list[tuple[object, list[str]]] | None:
    """Rulings that cite a sub-rule of `section` but not the section itself, each with the sub-rules it
    cites (a heading's page lists what its rules' rulings say); None when the casebook failed to load."""
    try:
        return list(_rulings_under(section.ref))
    except Exception:  # a broken casebook must not take the rule text down with it
        log.exception("casebook look-up under %s failed", section.ref)
        return None


@lru_cache(maxsize=4096)
def _rulings_under(ref: str) -> tuple[tuple[object, list[str]], ...]:
    section = corpus.lookup(ref)
    edition = corpus.load(section.edition)
    direct = {r.id for r in casebook.rulings_citing(ref)}
    found: dict[str, tuple[object, list[str]]] = {}
    stack = list(reversed(section.children))
    while stack:
        number = stack.pop()
        sub = edition.get(number)
        if sub is None:
            continue
        for ruling in casebook.rulings_citing(sub.ref):
            if ruling.id not in direct:
                found.setdefault(ruling.id, (ruling, []))[1].append(sub.ref)
        stack.extend(reversed(sub.children))
    return tuple(found.values())

