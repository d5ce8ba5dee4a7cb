"""Load editions (parsed once per process) and look sections up by reference."""
from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from .editions import EDITIONS
from .model import Edition, Section

TEXT_DIR = Path(__file__).resolve().parent / "texts"


class BadRef(ValueError):
    """A reference that cannot be read (no edition, unknown edition, empty number)."""


class UnknownRef(LookupError):
    """A well-formed reference to a section that does not exist."""

    def __init__(self, ref: str, suggestions: list[str]):
        self.ref = ref
        self.suggestions = suggestions
        hint = f"; nearest: {', '.join(suggestions)}" if suggestions else ""
        super().__init__(f"no section {ref}{hint}")


# The longest section number is 11 characters (`4.4.2.p169`); forgiving input (spaces, §, full-width
# digits) stays well under this. Longer input is refused before any look-up: the nearest-ancestor walk
# and the fuzzy match cost grow with the number of parts.
MAX_NUMBER_CHARS = 40

_DASHES = re.compile(r"[\u2010-\u2015\u2212\u30fc\uff70]")  # hyphens, dashes, minus, katakana long mark


def normalize_number(edition: str, raw: str) -> str:
    """Forgiving number input: NFKC, full-width digits/dashes, a leading §, spaces, `14.2.1.3` for DCG."""
    s = unicodedata.normalize("NFKC", raw or "")
    s = _DASHES.sub("-", s).strip().lstrip("§").strip().rstrip(".").strip()
    s = re.sub(r"\s+", "", s)
    game = EDITIONS[edition].game if edition in EDITIONS else ""
    if edition in ("dcg-ja-3.6", "dcg-zh-1.2"):
        s = s.replace(".", "-")
    elif game == "ygo" or edition == "dcg-zh-glossary":
        s = s.replace("-", ".")
        s = re.sub(r"(?<=\.)P(?=\d)", "p", s)   # generated paragraph numbers: 4.4.2.P3 -> 4.4.2.p3
    return s


@lru_cache(maxsize=None)
def load(edition_id: str) -> Edition:
    if edition_id not in EDITIONS:
        raise BadRef(f"unknown edition {edition_id!r} (one of: {', '.join(EDITIONS)})")
    from . import parsed_cache

    info = EDITIONS[edition_id]
    cached_at = parsed_cache.path_for(edition_id, info.file)
    edition = parsed_cache.read(cached_at)
    if isinstance(edition, Edition) and edition.id == edition_id:
        return edition
    from . import parsers  # parser modules register one function per edition

    text = (TEXT_DIR / info.file).read_text(encoding="utf-8")
    edition = Edition(info.id, info.game, info.language, info.title, info.version, info.file)
    parsers.PARSERS[edition_id](text, edition)
    parsed_cache.write(cached_at, edition)
    return edition


def all_editions() -> list[Edition]:
    return [load(e) for e in EDITIONS]


def parse_ref(ref: str) -> tuple[str, str]:
    """`EDITION:NUMBER` -> (edition, canonical number)."""
    s = unicodedata.normalize("NFKC", ref or "").strip()
    edition, sep, number = s.partition(":")
    edition = edition.strip()
    if not sep or not number.strip():
        raise BadRef(f"reference {ref!r} is not EDITION:NUMBER")
    if edition not in EDITIONS:
        raise BadRef(f"unknown edition {edition!r} (one of: {', '.join(EDITIONS)})")
    return edition, normalize_number(edition, number)


def lookup(ref: str) -> Section:
    edition_id, number = parse_ref(ref)
    return section(edition_id, number)


def section(edition_id: str, number: str) -> Section:
    edition = load(edition_id)
    if len(number) > MAX_NUMBER_CHARS:
        raise UnknownRef(f"{edition_id}:{number[:MAX_NUMBER_CHARS]}… (longer than any section number)", [])
    canonical = normalize_number(edition_id, number)
    sec = edition.get(canonical)
    if sec is None:
        raise UnknownRef(f"{edition_id}:{canonical}", nearest(edition, canonical))
    return sec


def nearest(edition: Edition, number: str, n: int = 5) -> list[str]:
    """Nearest existing refs: the closest ancestor first, then look-alike numbers."""
    out: list[str] = []
    parts = re.split(r"[-.]", number)
    sep = "-" if "-" in number or edition.id.startswith("dcg-") and edition.id != "dcg-zh-glossary" else "."
    for k in range(len(parts) - 1, 0, -1):
        anc = sep.join(parts[:k])
        if anc in edition.sections:
            out.append(f"{edition.id}:{anc}")
            break
    for m in difflib.get_close_matches(number, list(edition.sections), n=n, cutoff=0.6):
        r = f"{edition.id}:{m}"
        if r not in out:
            out.append(r)
    return out[:n]


def find_by_title(edition_id: str, title: str) -> list[Section]:
    """Sections whose title equals (then contains) `title`, NFKC-normalised."""
    t = unicodedata.normalize("NFKC", title).strip().casefold()
    if not t:
        return []
    secs = list(load(edition_id))
    exact = [s for s in secs if unicodedata.normalize("NFKC", s.title).casefold() == t]
    return exact or [s for s in secs if t in unicodedata.normalize("NFKC", s.title).casefold()]


def find(ref: str) -> Section:
    """`lookup`, then by title for `EDITION:TITLE` (unnumbered documents: `ygo-zh-nmr:基本分`).

    A title matches when it is the only section with exactly that title (NFKC, case-folded).
    """
    edition_id, number = parse_ref(ref)
    try:
        return section(edition_id, number)
    except UnknownRef as e:
        raw_title = unicodedata.normalize("NFKC", ref).partition(":")[2].strip().lstrip("§").strip()
        matches = find_by_title(edition_id, raw_title)
        exact = [s for s in matches
                 if unicodedata.normalize("NFKC", s.title).casefold() == raw_title.casefold()]
        if len(exact) == 1:
            return exact[0]
        by_title = [s.ref for s in matches[:5]]
        raise UnknownRef(e.ref, by_title + [r for r in e.suggestions if r not in by_title]) from None
