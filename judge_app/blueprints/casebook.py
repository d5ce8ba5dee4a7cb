"""The casebook pages and ruling checks.

    GET  /casebook              browse / search rulings: ?game=dcg|ygo &q=words &rule=EDITION:NUMBER
    GET  /casebook/<id>         one ruling: question, answer, sources, the engine's cited run, agreement
    GET  /check                 a plain form: paste YAML/JSON (one ruling or a list) or upload files
    POST /check                 the verdict per ruling (HTML)
    POST /api/check             the same report as `judge check --json`; errors 400/413 {"error": …}

Checks run in the scenario worker processes, through the same admission as /api/simulate (judge_app.runner:
a busy server answers 429), under a CPU limit (CHECK_TIMEOUT_S, default 1 s of the worker's CPU per request, so no check
takes more than 1 s of CPU; 9 rulings take about 35 ms; past it: 413) and at most CHECK_MAX_RULINGS rulings
per request (default 50; more: 400).
"""
from __future__ import annotations

import unicodedata

from flask import Blueprint, abort, current_app, jsonify, render_template, request

from engine.check import check_text, report
from engine.errors import JudgeError, LimitExceeded
from rulings.casebook import by_id, load_casebook, rulings_citing
from rulings.corpus import BadRef, UnknownRef, lookup, normalize_number
from rulings.editions import DEFAULT_EDITION, EDITIONS, GAMES

from .. import services
from ..runner import Busy, run_job
from .rules import rendered_text

bp = Blueprint("casebook", __name__)

DEFAULT_TIMEOUT_S = 1.0
DEFAULT_MAX_RULINGS = 50
MAX_QUERY = 200


class CheckInputError(Exception):
    """Input the check cannot take: too many rulings (HTTP 400), too slow (413), or the workers are busy
    (429, with `retry_after`)."""

    def __init__(self, message: str, status: int = 400, retry_after: int | None = None):
        super().__init__(message)
        self.status, self.retry_after = status, retry_after


# --- browsing ----------------------------------------------------------------------------------------

def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "").casefold()


def _matches(ruling, words: list[str]) -> bool:
    hay = _fold(" ".join((ruling.id, ruling.title, ruling.question, ruling.answer, " ".join(ruling.tags),
                          " ".join(ruling.sources))))
    return all(w in hay for w in words)


def _rule_ref(raw: str, game: str | None) -> str | None:
    """`dcg-ja-3.6:14-2-1-3`, or a bare number read in the chosen game's default edition."""
    raw = unicodedata.normalize("NFKC", raw).strip()
    if not raw:
        return None
    if ":" in raw:
        return raw
    edition = DEFAULT_EDITION.get(game or "dcg")
    return f"{edition}:{normalize_number(edition, raw)}"


@bp.get("/casebook")
def index():
    game = request.args.get("game") or None
    tag = (request.args.get("tag") or "")[:MAX_QUERY] or None
    q = (request.args.get("q") or "")[:MAX_QUERY]
    rule = (request.args.get("rule") or "")[:MAX_QUERY]
    problems = []
    if game not in (None, *GAMES):
        problems.append(f"unknown game {game!r} (dcg or ygo)")
        game = None
    rulings = load_casebook()
    rule_ref = _rule_ref(rule, game)
    rule_title = None
    if rule_ref:
        try:
            section = lookup(rule_ref)
            rule_ref, rule_title = section.ref, section.title
        except (BadRef, UnknownRef) as e:
            problems.append(str(e))
        rulings = rulings_citing(rule_ref)
    if game:
        rulings = [r for r in rulings if r.game == game]
    if tag:
        rulings = [r for r in rulings if tag in r.tags]
    words = _fold(q).split()
    if words:
        rulings = [r for r in rulings if _matches(r, words)]
    status = 400 if problems else 200
    return render_template("casebook.html", rulings=rulings, game=game, q=q, rule=rule, rule_ref=rule_ref,
                           rule_title=rule_title, problems=problems, total=len(load_casebook()), tag=tag,
                           topics=topics(load_casebook()), grouped=not (tag or words or rule_ref),
                           controls={r.id: services.control_state(r.id) for r in rulings}), status


@bp.app_template_test("topic_is")
def topic_is(tags, wanted: str) -> bool:
    return (tags[0] if tags else "other") == wanted


def topic(ruling) -> str:
    """A ruling's topic: its first tag (the casebook files list the main one first)."""
    return ruling.tags[0] if ruling.tags else "other"


def topics(rulings) -> dict[str, list[tuple[str, int]]]:
    """game -> [(topic, number of rulings)], largest first: the casebook's index."""
    counts: dict[str, dict[str, int]] = {}
    for r in rulings:
        by_topic = counts.setdefault(r.game, {})
        by_topic[topic(r)] = by_topic.get(topic(r), 0) + 1
    return {g: sorted(c.items(), key=lambda kv: (-kv[1], kv[0])) for g, c in counts.items()}


@bp.get("/casebook/<rid>")
def ruling(rid: str):
    found = by_id(rid)
    if found is None:
        abort(404, description=f"no ruling {rid!r} in the casebook")
    entry = services.casebook_verdict(found.id)
    sources = []
    for ref, note in found.source_refs:
        try:
            section = lookup(ref)
            sources.append({"ref": section.ref, "note": note, "title": section.title,
                            "url": section.url})
        except (BadRef, UnknownRef):
            sources.append({"ref": ref, "note": note, "title": "", "url": None})
    cited = {}
    for c in entry.get("citations", []):
        try:
            cited[c["ref"]] = rendered_text(c["ref"])
        except (BadRef, UnknownRef):
            cited[c["ref"]] = ""
    return render_template("casebook_ruling.html", ruling=found, entry=entry, sources=sources, cited=cited,
                           editions=EDITIONS)


# --- checking ----------------------------------------------------------------------------------------

def _limits() -> tuple[float, int]:
    cfg = current_app.config
    return float(cfg.get("CHECK_TIMEOUT_S", DEFAULT_TIMEOUT_S)), int(cfg.get("CHECK_MAX_RULINGS", DEFAULT_MAX_RULINGS))


def _check_texts(texts: list[tuple[str, bytes | str]]) -> dict:
    """(name, text) pairs -> the `judge check --json` report. Raises CheckInputError."""
    timeout, max_rulings = _limits()
    try:
        return run_job(check_job, texts, max_rulings, timeout=timeout)
    except LimitExceeded:
        raise CheckInputError(f"checking took longer than {timeout:g} s", 413) from None
    except Busy as e:
        raise CheckInputError(str(e), 429, e.retry_after) from None
    except JudgeError as e:
        raise CheckInputError(str(e)) from None


def check_job(texts: list[tuple[str, bytes | str]], max_rulings: int) -> dict:
    """The check, in a scenario worker under the runner's budget: past it, each remaining ruling stops at
    its first step (an `invalid` entry), and the whole check is LimitExceeded."""
    from engine import budget

    entries = []
    for name, text in texts:
        entries.extend(check_text(text, name))
        if len(entries) > max_rulings:
            raise JudgeError(f"at most {max_rulings} rulings per check")
    budget.check()
    return report(entries)


def _first_error(doc: dict) -> str | None:
    """Bad input in a check report: an invalid ruling, or nothing to check at all."""
    if doc["total"] == 0:
        return "no ruling with an `expect:` block to check"
    bad = [e for e in doc["results"] if e["status"] == "invalid"]
    if not bad:
        return None
    label = bad[0].get("id") or bad[0]["file"]
    return f"{label}: {bad[0]['error']}" if label and label != bad[0]["file"] else bad[0]["error"]


@bp.get("/check")
def check_form():
    return render_template("check.html", text="", doc=None, error=None)


@bp.post("/check")
def check_submit():
    text = request.form.get("ruling", "")
    texts: list[tuple[str, bytes | str]] = []
    if text.strip():
        texts.append(("pasted", text))
    for upload in request.files.getlist("file"):
        if upload and upload.filename:
            texts.append((upload.filename, upload.read()))
    if not texts:
        return render_template("check.html", text=text, doc=None,
                               error="paste a ruling or choose a file to check"), 400
    try:
        doc = _check_texts(texts)
    except CheckInputError as e:
        return _retry_after(render_template("check.html", text=text, doc=None, error=str(e)), e)
    status = 400 if doc["invalid"] else 200
    return render_template("check.html", text=text, doc=doc, error=_first_error(doc)), status


@bp.post("/api/check")
def api_check():
    body = request.get_data(cache=False)
    if not body.strip():
        return _error(400, "empty body: send a ruling (YAML or JSON) or a list of rulings")
    try:
        doc = _check_texts([("request", body)])
    except CheckInputError as e:
        return _retry_after(jsonify(error=str(e)), e)
    problem = _first_error(doc)
    if problem:
        response = jsonify(error=problem, **doc)
        response.status_code = 400
        return response
    return jsonify(doc)


def _error(status: int, message: str):
    response = jsonify(error=message)
    response.status_code = status
    return response



def _retry_after(body, e: CheckInputError):
    """The answer to a refused check, with its status (and Retry-After for 429)."""
    response = current_app.make_response((body, e.status))
    if e.retry_after is not None:
        response.headers["Retry-After"] = str(e.retry_after)
    return response
