"""Shared parser plumbing: the fixes data file, drafts -> linked `Section`s, cross-reference resolution.

Every parser builds a list of `Draft`s in rule order, then calls `finish()` which links parents and
children, applies the text fixes from `rulings/data/fixes.yaml`, resolves cross-references and fills
`edition.sections` / `edition.notes`.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path


from .model import Edition, Section

FIXES_FILE = Path(__file__).resolve().parent / "data" / "fixes.yaml"


@dataclass
class Draft:
    """A section under construction (mutable until `finish`)."""

    number: str
    title: str = ""
    text: str = ""
    lines: tuple[int, int] = (0, 0)
    kind: str = "rule"
    parent: str | None = None          # set by parsers whose numbers do not encode the parent
    refs: list[str] = field(default_factory=list)   # printed cross-reference target numbers, in order


@dataclass(frozen=True)
class TextFix:
    find: str
    replace: str
    regex: bool
    reason: str


@dataclass(frozen=True)
class RefRedirect:
    source: str
    target: str
    reason: str


@lru_cache(maxsize=None)
def _fixes_data() -> dict:
    from .yamlio import load_yaml

    return load_yaml(FIXES_FILE.read_text(encoding="utf-8")) or {}


def text_fixes(edition_id: str) -> list[TextFix]:
    out = []
    for item in _fixes_data().get("text_fixes", []):
        if edition_id in item["editions"]:
            out.append(TextFix(item["find"], item["replace"], bool(item.get("regex")), item["reason"]))
    return out


def ref_redirects(edition_id: str) -> dict[str, RefRedirect]:
    out = {}
    for item in _fixes_data().get("ref_redirects", []):
        if item["edition"] == edition_id:
            out[str(item["from"])] = RefRedirect(str(item["from"]), str(item["to"]), item["reason"])
    return out


def apply_fixes(text: str, fixes: list[TextFix]) -> str:
    for fx in fixes:
        text = re.sub(fx.find, fx.replace, text) if fx.regex else text.replace(fx.find, fx.replace)
    return text


def nfkc(s: str) -> str:
    return unicodedata.normalize("NFKC", s)


def parent_by_prefix(number: str, known: set[str], sep: str) -> str | None:
    """Nearest existing ancestor of a printed number (`14-2-1-3` -> `14-2-1`, else `14-2`, …)."""
    parts = number.split(sep)
    for k in range(len(parts) - 1, 0, -1):
        cand = sep.join(parts[:k])
        if cand in known:
            return cand
    return None


def finish(edition: Edition, drafts: list[Draft], sep: str | None) -> None:
    """Link drafts (already in rule order) and store them as `Section`s on the edition.

    `sep` is the number separator when parents follow from the number (`-` or `.`); None when each
    draft already carries its parent.
    """
    fixes = text_fixes(edition.id)
    redirects = ref_redirects(edition.id)
    known = {d.number for d in drafts}
    if len(known) != len(drafts):
        raise ValueError(f"{edition.id}: duplicate section numbers after parsing")
    parents: dict[str, str | None] = {}
    children: dict[str, list[str]] = {d.number: [] for d in drafts}
    for d in drafts:
        p = d.parent if sep is None else parent_by_prefix(d.number, known, sep)
        parents[d.number] = p
        if p is not None:
            children[p].append(d.number)
    depth: dict[str, int] = {}
    for d in drafts:  # parents come before children in rule order
        p = parents[d.number]
        depth[d.number] = 1 if p is None else depth.get(p, 1) + 1

    used_fixes: set[TextFix] = set()
    for d in drafts:
        clean_title, clean_text = d.title, d.text
        for fx in fixes:
            title2, text2 = apply_fixes(clean_title, [fx]), apply_fixes(clean_text, [fx])
            if (title2, text2) != (clean_title, clean_text):
                used_fixes.add(fx)
            clean_title, clean_text = title2, text2
        refs_out: list[str] = []
        broken: list[str] = []
        for target in d.refs:
            if target in known:
                full = f"{edition.id}:{target}"
                if full not in refs_out:
                    refs_out.append(full)
                continue
            full = f"{edition.id}:{target}"
            if full not in broken:
                broken.append(full)
            note = f"broken cross-reference in {d.number}: {target} does not exist in {edition.id}"
            redirect = redirects.get(target)
            if redirect and redirect.target in known:
                alias = f"{edition.id}:{redirect.target}"
                if alias not in refs_out:
                    refs_out.append(alias)
                note += f"; read as {redirect.target} per rulings/data/fixes.yaml ({redirect.reason})"
            edition.notes.append(note)
        edition.sections[d.number] = Section(
            edition=edition.id,
            number=d.number,
            title=clean_title,
            text=clean_text,
            parent=parents[d.number],
            children=tuple(children[d.number]),
            refs_out=tuple(refs_out),
            broken_refs=tuple(broken),
            lines=d.lines,
            depth=depth[d.number],
            kind=d.kind,
            raw_title=d.title,
            raw_text=d.text,
        )
    for fx in fixes:
        if fx in used_fixes:
            edition.notes.append(f"text fix {fx.find!r} -> {fx.replace!r}: {fx.reason}")
