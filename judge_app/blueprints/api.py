"""The JSON API (contract section 5). Bad input is 400/404/413 JSON `{"error": …}`, never a 500."""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request, send_from_directory

from engine.errors import InvalidScenario, JudgeError, LimitExceeded
from rulings import corpus, english
from rulings.corpus import BadRef, UnknownRef
from rulings.editions import EDITIONS

from .. import services
from ..runner import Busy, actions_text, run_text
from ..services import SearchInputError
from .search import read_filters

bp = Blueprint("api", __name__, url_prefix="/api")


def error(status: int, message: str, **extra):
    response = jsonify(error=message, **extra)
    response.status_code = status
    return response


@bp.get("/rules/<edition>/<number>")
def rule(edition: str, number: str):
    if edition not in EDITIONS:
        return error(404, f"unknown edition {edition!r} (one of: {', '.join(EDITIONS)})")
    try:
        section = corpus.section(edition, number)
    except UnknownRef as e:
        return error(404, str(e), suggestions=e.suggestions)
    except BadRef as e:
        return error(400, str(e))
    return jsonify(english.section_json(section))


@bp.get("/align/<edition>/<number>")
def align(edition: str, number: str):
    """The same rule in the other DCG edition (`judge align --json`); `matches: []` when it has none."""
    from rulings.align import counterparts

    if edition not in EDITIONS:
        return error(404, f"unknown edition {edition!r} (one of: {', '.join(EDITIONS)})")
    try:
        doc = counterparts(f"{edition}:{number}", request.args.get("to"))
    except UnknownRef as e:
        return error(404, str(e), suggestions=e.suggestions)
    except BadRef as e:
        return error(400, str(e))
    return jsonify(doc)


@bp.get("/search")
def search():
    query = (request.args.get("q") or "").strip()
    if not query:
        return error(400, "missing query parameter q")
    if len(query) > 500:
        return error(400, "query is longer than 500 characters")
    try:
        editions, game = read_filters(request.args)
    except SearchInputError as e:
        return error(400, str(e))
    raw_limit = request.args.get("limit", "10")
    try:
        limit = int(raw_limit)
    except ValueError:
        return error(400, f"limit must be an integer, not {raw_limit[:40]!r}")
    if not 1 <= limit <= current_app.config["SEARCH_MAX_LIMIT"]:
        return error(400, f"limit must be between 1 and {current_app.config['SEARCH_MAX_LIMIT']}")
    try:
        response = services.search(query, editions, game, limit)
    except SearchInputError as e:
        return error(400, str(e))
    return jsonify(response)


def run_error(e: JudgeError):
    """The JSON answer to a scenario run that did not finish (every route that calls judge_app.runner):
    400 with `path` (invalid), 413 (time or step limit), 429 with Retry-After (busy), 400 (other)."""
    if isinstance(e, InvalidScenario):
        return error(400, str(e), path=e.path)
    if isinstance(e, LimitExceeded):
        return error(413, str(e))
    if isinstance(e, Busy):
        response = error(429, str(e))
        response.headers["Retry-After"] = str(e.retry_after)
        return response
    return error(400, str(e))


@bp.post("/simulate")
def simulate():
    body = request.get_data(cache=False)  # MAX_CONTENT_LENGTH applies: larger bodies are a 413
    if not body.strip():
        return error(400, "empty body: send a scenario as YAML or JSON")
    try:
        run = run_text(body, edition=request.args.get("edition"),
                       timeout=current_app.config["SIMULATE_TIMEOUT_S"])
    except JudgeError as e:
        return run_error(e)
    return jsonify(run.to_json())


@bp.post("/actions")
def actions():
    """`engine.legal_actions` (`judge actions --json`): body as for /api/simulate, `?after=N` (default: all)."""
    body = request.get_data(cache=False)
    if not body.strip():
        return error(400, "empty body: send a scenario as YAML or JSON")
    raw_after = request.args.get("after")
    after = None
    if raw_after not in (None, ""):
        if not raw_after.strip().isdigit() or not raw_after.strip().isascii() or len(raw_after) > 6:
            return error(400, f"after must be a whole number of actions, not {raw_after[:40]!r}", path="after")
        after = int(raw_after)
    try:
        doc = actions_text(body, after, timeout=current_app.config["SIMULATE_TIMEOUT_S"])
    except JudgeError as e:
        return run_error(e)
    return jsonify(doc)


@bp.get("/openapi.json")
def openapi():
    return send_from_directory(current_app.static_folder, "openapi.json", mimetype="application/json")

