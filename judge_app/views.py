"""Helpers shared by the page blueprints and the templates."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from flask import current_app, request, url_for
from flask_babel import get_locale

from rulings.editions import DEFAULT_EDITION, EDITIONS, GAMES
from rulings.supersession import replacement

from . import i18n, narration

GAME_NAMES = {"dcg": "Digimon Card Game", "ygo": "Yu-Gi-Oh! OCG"}
TEXT_LANG = {"ja": "ja", "zh": "zh-Hans"}


def template_globals() -> dict:
    locale = str(get_locale() or "en")
    return {
        "ui_lang": locale,
        "html_lang": i18n.HTML_LANG.get(locale, "en"),
        "languages": i18n.LANGUAGES,
        "editions": EDITIONS,
        "games": GAMES,
        "game_names": GAME_NAMES,
        "default_edition": DEFAULT_EDITION,
        "text_lang": lambda edition: TEXT_LANG.get(EDITIONS[edition].language, "") if edition in EDITIONS else "",
        "static_url": static_url,
        "replacement_of": replacement,      # a passage a later revision replaced (rulings/data/supersession.yaml)
        "english_of": _english_of,          # unofficial English rendering (rulings/english.py), English UI
        "here": here(),
        "narrate": lambda game, step: narration.step(game, step.get("event", ""), step.get("text", ""),
                                                      step.get("params"), locale),
        "narrate_action": lambda kind: narration.action(kind, locale),
        "refusal_rule": lambda key: narration.refusal_rule(key, locale),
        "casebook_title": lambda ruling: narration.casebook_title(ruling.id, ruling.title, locale),
        "example_title": lambda ex: narration.example_title(ex.name, ex.title, locale),
    }


def _english_of(ref: str):
    from .blueprints.rules import english_of

    return english_of(ref)


def here() -> str:
    """This page as a relative path with its query, for the language switch's `next`."""
    qs = request.query_string.decode("latin-1")
    return request.path + (f"?{qs}" if qs else "")


def static_url(filename: str) -> str:
    return url_for("static", filename=filename, v=_mtime(filename))


@lru_cache(maxsize=None)
def _mtime(filename: str) -> int:
    path = Path(current_app.static_folder) / filename
    return int(path.stat().st_mtime) if path.exists() else 0
