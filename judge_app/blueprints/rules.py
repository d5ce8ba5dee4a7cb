"""Rule pages: one section (`/rules/<edition>/<number>`) and an edition's outline (`/rules/<edition>`)."""
from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, abort, redirect, render_template, request, url_for
from markupsafe import Markup

from rulings import corpus
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
    return render_template(
        "rule.html",
        section=section,
        edition=EDITIONS[edition],
        text_html=rendered_text(section.ref),
        trail=services.ancestors(section),
        children=[s for s in (corpus.load(edition).get(c) for c in section.children) if s],
        prev=prev,
        next=nxt,
        refs_out=[(r, _lookup(r)) for r in section.refs_out],
        linked=linked,
        citing=services.rulings_citing(section.ref),
        citation=citation(section),
        permalink=request.url_root.rstrip("/") + section.url,
    )


def citation(section: Section) -> str:
    return f"{section.ref} — {section.title}" if section.title else section.ref


@lru_cache(maxsize=8192)
def rendered_text(ref: str) -> Markup:
    """A section's text as sanitised HTML with cross-reference links and glossary tooltips."""
    section = corpus.lookup(ref)
    links = {}
    for target in section.refs_out:
        edition, _, number = target.partition(":")
        if edition == section.edition:
            links[number] = rule_url(edition, number)
    return render_rule_text(section.text, links=links, terms=services.tooltips(section.edition))


def _lookup(ref: str) -> Section | None:
    try:
        return corpus.lookup(ref)
    except (UnknownRef, corpus.BadRef):
        return None


@lru_cache(maxsize=None)
def _outline(edition: str) -> list[dict]:
    """Top-level sections, each with its titled descendants (headings, not every numbered line)."""
    chapters: list[dict] = []
    for section in corpus.load(edition):
        if section.parent is None:
            chapters.append({"section": section, "entries": []})
        elif section.title and section.kind not in ("paragraph",) and chapters:
            chapters[-1]["entries"].append(section)
    return chapters
