"""Card ids as a scenario writes them: no control or bidi characters, and unique after NFKC.

Ids reach terminals, pages and the JSON result. An id holding ESC, a bidi override or a zero-width
character could make two different ids look the same (or rewrite a terminal line), and `ｇｒｅｙｍｏｎ` and
`greymon` look alike to a judge: both engines' validators refuse such ids with the field path.
"""
from __future__ import annotations

import unicodedata

from .errors import InvalidScenario

# control, format (bidi overrides and isolates, zero-width joiners, BOM), surrogate, private use,
# line and paragraph separators
UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})


def unsafe_char(text: str) -> str | None:
    """The first control or bidi (format) character in `text`, or None."""
    if text.isprintable():   # every unsafe category is non-printable: skip the per-character scan
        return None
    return next((ch for ch in text if unicodedata.category(ch) in UNSAFE_CATEGORIES), None)


def register_id(cid: str, path: str, keys: dict[str, tuple[str, str]]) -> None:
    """Refuse an id with an unsafe character, or one equal after NFKC to an id seen before (`keys`: NFKC
    form -> (id as written, its path)); then record it."""
    bad = unsafe_char(cid)
    if bad is not None:
        raise InvalidScenario(path, f"an id cannot hold control or bidi characters (U+{ord(bad):04X})")
    key = cid if cid.isascii() else unicodedata.normalize("NFKC", cid)   # ASCII is its own NFKC form
    if key in keys:
        other, where = keys[key]
        raise InvalidScenario(path, f"duplicate id {cid!r}: the same as {other!r} (at {where}) once "
                                    "full-width and compatibility characters are normalised (NFKC)")
    keys[key] = (cid, path)


class CardIds(set):
    """The ids of one scenario (a set, for reference checks) with their NFKC forms (`register_id`)."""

    def __init__(self):
        super().__init__()
        self.keys: dict[str, tuple[str, str]] = {}
