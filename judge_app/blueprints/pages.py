"""Home page and the language switch."""
from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, send_from_directory
from werkzeug.exceptions import NotFound

from rulings.corpus import load
from rulings.editions import EDITIONS

from .. import i18n
from ..changelog import latest_changes

bp = Blueprint("pages", __name__)

LANG_COOKIE_AGE = 365 * 24 * 3600


@bp.get("/")
def home():
    editions = [(info, len(load(e))) for e, info in EDITIONS.items()]
    return render_template("home.html", edition_rows=editions, changes=latest_changes("dcg-ja-3.6"))


@bp.get("/schema/scenario.json")
def scenario_schema():
    """The JSON Schema of the scenario format (engine/scenario_schema.py writes the committed file)."""
    return send_from_directory(current_app.static_folder, "scenario.schema.json", mimetype="application/json")


@bp.route("/lang/<code>", methods=["GET", "POST"])
def set_language(code: str):
    if code not in i18n.LANGUAGES:
        raise NotFound("unknown language")
    target = i18n.safe_next(request.values.get("next"))
    response = redirect(target, code=303)
    response.set_cookie(i18n.COOKIE, code, max_age=LANG_COOKIE_AGE, samesite="Lax", httponly=True,
                        secure=request.is_secure)
    return response
