"""The other DCG edition beside a rule (`counterpart_of`, used by templates/_counterpart.html) and the
"what changed" page `/changes/<old>/<new>` (rulings/align.py; docs/align.md)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from flask import Blueprint, abort, render_template

from rulings import align, corpus
from rulings.align_text import Segment, highlight
from rulings.corpus import BadRef
from rulings.editions import EDITIONS
from rulings.model import Section

bp = Blueprint("changes", __name__)


@dataclass(frozen=True)
class Counterpart:
    section: Section
    score: float
    kind: str
    ours: list[Segment]       # this rule's text, the parts the counterpart lacks marked
    theirs: list[Segment]     # the counterpart's text, the parts this rule lacks marked


@bp.app_template_global()
def counterparts_of(section: Section) -> tuple[Counterpart, ...] | None:
    """The aligned sections of the other DCG edition, best first; None for editions not aligned."""
    if section.edition not in align.EDITIONS:
        return None
    return _counterparts(section.ref)


@lru_cache(maxsize=4096)
def _counterparts(ref: str) -> tuple[Counterpart, ...]:
    section = corpus.lookup(ref)
    out = []
    for m in align.counterparts(ref)["matches"]:
        other = corpus.lookup(m["ref"])
        ours_text, theirs_text = _text(section), _text(other)
        out.append(Counterpart(
            other, m["score"], m["kind"],
            highlight(ours_text, _language(section), theirs_text, _language(other)),
            highlight(theirs_text, _language(other), ours_text, _language(section))))
    return tuple(out)


def _text(section: Section) -> str:
    return "\n".join(t for t in (section.title, section.text) if t)


def _language(section: Section) -> str:
    return EDITIONS[section.edition].language


@bp.get("/changes/<old>/<new>")
def changes(old: str, new: str):
    if (old, new) != (align.SOURCE, align.TARGET):
        try:
            align.changes(old, new)
        except BadRef as e:
            abort(404, description=str(e))
    chapters, rows, counts = _changes()
    return render_template("changes.html", old=EDITIONS[old], new=EDITIONS[new], chapters=rows, counts=counts)


@lru_cache(maxsize=1)
def _changes():
    chapters = align.changes()
    rows = []
    for ch in chapters:
        items = []
        for c in ch["changes"]:
            items.append({**c, "old_section": corpus.lookup(c["old"]) if c["old"] else None,
                          "new_section": corpus.lookup(c["new"]) if c["new"] else None})
        rows.append({**ch, "items": items})
    counts = {k: sum(1 for ch in chapters for c in ch["changes"] if c["kind"] == k)
              for k in ("changed", "new", "removed")}
    return chapters, rows, counts
