"""The search page: results grouped by edition, a number or a full reference jumps to its section."""
from __future__ import annotations

import re
import unicodedata

from flask import Blueprint, redirect, render_template, request

from rulings import corpus
from rulings.editions import EDITIONS, GAMES
from rulings.model import Section, rule_url

from .. import services
from ..services import SearchInputError
from ..render import snippet

bp = Blueprint("search", __name__)

PAGE_LIMIT = 30
_NUMBER = re.compile(r"^§?\s*\d+(?:\s*[-.]\s*\d+)*(?:\.p\d+)?\.?$")


def read_filters(args) -> tuple[list[str] | None, str | None]:
    """`edition` (repeatable or comma separated) and `game` from a query string; raises SearchInputError."""
    editions = [e.strip() for raw in args.getlist("edition") for e in raw.split(",") if e.strip()]
    unknown = [e for e in editions if e not in EDITIONS]
    if unknown:
        raise SearchInputError(f"unknown edition {unknown[0]!r} (one of: {', '.join(EDITIONS)})")
    game = (args.get("game") or "").strip() or None
    if game is not None and game not in GAMES:
        raise SearchInputError(f"unknown game {game!r} (one of: {', '.join(GAMES)})")
    return editions or None, game


def number_matches(query: str, editions: list[str] | None, game: str | None) -> list[Section]:
    """Sections whose number (or full reference) is the query, in the chosen editions."""
    text = unicodedata.normalize("NFKC", query).strip()
    if ":" in text:
        try:
            return [corpus.lookup(text)]
        except (corpus.UnknownRef, corpus.BadRef):
            return []
    if not _NUMBER.match(re.sub(r"[\u2010-\u2015\u2212\u30fc]", "-", text)):
        return []
    out = []
    for edition in editions or services.editions_for(game):
        section = corpus.load(edition).get(corpus.normalize_number(edition, text))
        if section is not None:
            out.append(section)
    return out


MAX_PAGE_QUERY = 500


@bp.get("/search")
def search_page():
    query = (request.args.get("q") or "").strip()
    try:
        editions, game = read_filters(request.args)
    except SearchInputError as e:
        return _page(query, error=str(e), status=400)
    if not query:
        return _page("", editions=editions, game=game)
    if len(query) > MAX_PAGE_QUERY:   # as /api/search: refused before any normalising, look-up or link
        return _page(query[:MAX_PAGE_QUERY], editions=editions, game=game, status=400,
                     error=f"query is longer than {MAX_PAGE_QUERY} characters")

    jumps = number_matches(query, editions, game)
    if len(jumps) == 1 and (":" in query or editions):
        return redirect(jumps[0].url)
    try:
        response = services.search(query, editions, game, PAGE_LIMIT)
    except SearchInputError as e:
        return _page(query, editions=editions, game=game, jumps=jumps, error=str(e), status=400)
    return _page(query, editions=editions, game=game, jumps=jumps, groups=group_by_edition(response["results"]),
                 took_ms=response.get("took_ms"), hint=response.get("hint"),
                 game_inferred=response.get("game_inferred"), rulings=response.get("rulings") or [])


def _page(query: str, *, editions=None, game=None, jumps=(), groups=(), took_ms=None, hint=None, error=None,
          status=200, game_inferred=None, rulings=()):
    return render_template("search.html", query=query, chosen_editions=editions or [], game=game, jumps=jumps,
                           groups=groups, took_ms=took_ms, hint=hint, error=error,
                           game_inferred=game_inferred, rulings=rulings), status


def group_by_edition(results: list[dict]) -> list[dict]:
    """Groups in the order of each edition's best hit; each hit gets its sanitised snippet."""
    groups: dict[str, dict] = {}
    for hit in results:
        edition = hit.get("edition") or hit["ref"].partition(":")[0]
        group = groups.setdefault(edition, {"edition": EDITIONS.get(edition), "id": edition, "hits": []})
        english = hit.get("english")
        group["hits"].append({**hit, "url": in_page_url(edition, hit["number"]),
                              "heading": "" if hit.get("title") else heading_of(edition, hit["number"]),
                              "snippet_markup": snippet(hit.get("snippet_html"), hit.get("snippet", "")),
                              "english_markup": snippet(english.get("snippet_html"), english.get("snippet", ""))
                              if english else None})
    return list(groups.values())


def in_page_url(edition: str, number: str) -> str:
    """Where a hit opens: a paragraph its parent's page shows inline opens that page at the paragraph
    (`#s-NUMBER`, highlighted by CSS :target), so the judge reads it in its passage; others their own page."""
    from .rules import inline_children

    try:
        section = corpus.section(edition, number)
    except (corpus.UnknownRef, corpus.BadRef):
        return rule_url(edition, number)
    if section.parent and number in inline_children(f"{edition}:{section.parent}"):
        return f"{rule_url(edition, section.parent)}#s-{number}"
    return rule_url(edition, number)


def heading_of(edition: str, number: str) -> str:
    """The nearest titled ancestor's title: where an untitled paragraph such as 4.4.4.p85 stands."""
    try:
        section = corpus.section(edition, number)
    except (corpus.UnknownRef, corpus.BadRef):
        return ""
    for ancestor in reversed(services.ancestors(section)):
        if ancestor.title:
            return ancestor.title
    return ""
