"""Rule pages: one section (`/rules/<edition>/<number>`) and an edition's outline (`/rules/<edition>`)."""
from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, abort, current_app, redirect, render_template, url_for
from markupsafe import Markup

from rulings import corpus, english
from rulings.corpus import UnknownRef
from rulings.editions import EDITIONS
from rulings.model import Section, rule_url

from .. import services
from ..render import render_rule_text

bp = Blueprint("rules", __name__)


@bp.get("/rules")
def index():
    return render_template("rules_index.html")


@bp.get("/rules/<edition>")
def outline(edition: str):
    if edition not in EDITIONS:
        abort(404, description=f"unknown edition {edition!r}")
    chapters = _outline(edition)
    return render_template("outline.html", edition=EDITIONS[edition], chapters=chapters,
                           count=len(corpus.load(edition)))


@bp.get("/rules/<edition>/<number>")
def rule(edition: str, number: str):
    if edition not in EDITIONS:
        abort(404, description=f"unknown edition {edition!r}")
    if len(number) > corpus.MAX_NUMBER_CHARS:   # before any normalising: no section number is this long
        return render_template("rule_missing.html", ref=f"{edition}:{number[:corpus.MAX_NUMBER_CHARS]}…",
                               edition=EDITIONS[edition], suggestions=[]), 404
    canonical = corpus.normalize_number(edition, number)
    try:
        section = corpus.section(edition, canonical)
    except UnknownRef as e:
        suggestions = [_lookup(r) for r in e.suggestions]
        return render_template("rule_missing.html", ref=e.ref, edition=EDITIONS[edition],
                               suggestions=[s for s in suggestions if s]), 404
    if section.number != number:
        return redirect(url_for("rules.rule", edition=edition, number=section.number), code=301)

    prev, nxt = services.neighbours(section)
    linked = [s for s in (_lookup(r) for r in services.linked_refs(section.ref)) if s]
    trail = services.ancestors(section)
    return render_template(
        "rule.html",
        section=section,
        edition=EDITIONS[edition],
        text_html=rendered_text(section.ref),
        trail=trail,
        outline_anchor=outline_anchor(section, trail),
        children=children_with_text(section.ref),
        prev=prev,
        next=nxt,
        refs_out=[(r, _lookup(r)) for r in section.refs_out],
        linked=linked,
        citing=services.rulings_citing(section.ref),
        citing_below=services.rulings_under(section) if section.children else [],
        citation=citation(section),
        permalink=current_app.config["PUBLIC_URL"].rstrip("/") + section.url,   # relative unless configured
    )


def citation(section: Section) -> str:
    return f"{section.ref} — {section.title}" if section.title else section.ref


@lru_cache(maxsize=8192)
def rendered_text(ref: str) -> Markup:
    """A section's text as sanitised HTML with cross-reference links and glossary tooltips."""
    return _render(corpus.lookup(ref))


def _render(section: Section, used: set[str] | None = None) -> Markup:
    links, previews = {}, {}
    for target in section.refs_out:
        edition, _, number = target.partition(":")
        if edition == section.edition:
            links[number] = rule_url(edition, number)
            found = _lookup(target)
            if found is not None:
                previews[number] = preview(found)
    return render_rule_text(section.text, links=links, terms=services.tooltips(section.edition), used=used,
                            previews=previews)


@lru_cache(maxsize=8192)
def english_of(ref: str) -> dict | None:
    """The section's unofficial English rendering for the English UI: `{"title", "html", "via"}` or None.

    The text goes the way of the original (escaped, cross-references linked, Markdown, nh3); a dcg-zh-1.2
    section shows its dcg-ja-3.6 counterpart's rendering (`via`), or the note that it has none."""
    section = _lookup(ref)
    if section is None:
        return None
    rendered = english.rendering(section.edition, section.number)
    if rendered is None:
        return None
    source = _lookup(rendered["via"]) if rendered.get("via") else section
    links = {}
    for target in (source.refs_out if source is not None else ()):
        edition, _, number = target.partition(":")
        if edition == source.edition:
            links[number] = rule_url(edition, number)
    html = render_rule_text(rendered["text"], links=links) if rendered["text"] else Markup()
    return {"title": rendered["title"], "html": html, "via": rendered.get("via")}


PREVIEW_CHARS = 220


def preview(section: Section) -> str:
    """A cross-reference's hover preview: the target's number, title and the start of its text."""
    body = " ".join(f"{section.title} {section.text}".split())
    body = body if len(body) <= PREVIEW_CHARS else body[: PREVIEW_CHARS - 1] + "…"
    return f"§{section.number} {body}"


def _lookup(ref: str) -> Section | None:
    try:
        return corpus.lookup(ref)
    except (UnknownRef, corpus.BadRef):
        return None


INLINE_TEXT_LIMIT = 60_000  # characters of child text shown on one section page; the rest are links


@lru_cache(maxsize=1024)
def children_with_text(ref: str) -> tuple[dict, ...]:
    """The section's children in order; a child without children of its own carries its rendered text,
    so a heading page (16-4, or a rulebook heading over its paragraphs) reads as one passage. A glossary
    term gets its tooltip once per page, not once per paragraph."""
    section = corpus.lookup(ref)
    edition = corpus.load(section.edition)
    used = set(_tooltip_words(section))
    out, budget = [], INLINE_TEXT_LIMIT
    for number in section.children:
        child = edition.get(number)
        if child is None:
            continue
        html = None
        if not child.children and child.text and len(child.text) <= budget:
            budget -= len(child.text)
            html = _render(child, used)
        out.append({"section": child, "html": html, "count": len(child.children)})
    return tuple(out)


@lru_cache(maxsize=4096)
def inline_children(ref: str) -> frozenset[str]:
    """Numbers of the children whose text the section's page shows inline (children_with_text's rule):
    a search hit among them opens that page at its paragraph."""
    section = corpus.lookup(ref)
    edition = corpus.load(section.edition)
    out, budget = [], INLINE_TEXT_LIMIT
    for number in section.children:
        child = edition.get(number)
        if child is not None and not child.children and child.text and len(child.text) <= budget:
            budget -= len(child.text)
            out.append(number)
    return frozenset(out) if len(section.children) > 1 else frozenset()


def _tooltip_words(section: Section) -> set[str]:
    """Words the section's own text already explains with a tooltip (rendered above its children)."""
    used: set[str] = set()
    if section.text:
        _render(section, used)
    return used


def outline_anchor(section: Section, trail: list[Section]) -> str:
    """`#s-<number>` of the section itself or its nearest ancestor listed in the edition's outline."""
    listed = _outline_numbers(section.edition)
    for candidate in (section, *reversed(trail)):
        if candidate.number in listed:
            return f"s-{candidate.number}"
    return ""


def _is_heading(section: Section) -> bool:
    return bool(section.title) and section.kind != "paragraph"


@lru_cache(maxsize=None)
def _outline(edition: str) -> list[dict]:
    """Top-level sections, each with its headings (titled sections, not every numbered line); each entry
    counts its direct children that are not headings themselves (rules, paragraphs, terms)."""
    chapters: list[dict] = []
    loaded = corpus.load(edition)

    def entry(section: Section) -> dict:
        kids = [loaded.get(c) for c in section.children]
        leaves = [k for k in kids if k is not None and not _is_heading(k)]
        return {"section": section, "leaves": len(leaves), "leaf_kind": leaves[0].kind if leaves else None}

    for section in loaded:
        if section.parent is None:
            chapters.append({**entry(section), "entries": []})
        elif _is_heading(section) and chapters:
            chapters[-1]["entries"].append(entry(section))
    return chapters


@lru_cache(maxsize=None)
def _outline_numbers(edition: str) -> frozenset[str]:
    return frozenset(e["section"].number for ch in _outline(edition) for e in (ch, *ch["entries"]))
