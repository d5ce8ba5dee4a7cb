"""The scenario editor: a plain form (works without JavaScript), example scenarios and share links."""
from __future__ import annotations

from flask import Blueprint, current_app, render_template, request, url_for

from engine.errors import InvalidScenario, JudgeError, LimitExceeded

from .. import sharing
from ..board_changes import changes
from ..examples import example, examples
from ..runner import Busy, run_text
from .rules import rendered_text

bp = Blueprint("simulate", __name__)


@bp.get("/simulate")
def editor():
    token = request.args.get("s")
    if token:
        try:
            text = sharing.decode(token, current_app.config["SHARE_MAX_CHARS"], current_app.config["SHARE_MAX_BYTES"])
        except sharing.ShareError as e:
            return _page(_default_text(), error=str(e), status=400)
        return _run(text, request.args.get("edition") or None)
    chosen = example(request.args.get("example")) or examples()[0] if examples() else None
    return _page(chosen.text if chosen else "", chosen=chosen.name if chosen else None)


@bp.post("/simulate")
def run():
    text = request.form.get("scenario", "").replace("\r\n", "\n")  # browsers submit CRLF
    return _run(text, request.form.get("edition") or None)


def _run(text: str, edition: str | None):
    try:
        run = run_text(text, edition=edition, timeout=current_app.config["SIMULATE_TIMEOUT_S"])
    except InvalidScenario as e:
        return _page(text, edition=edition, error=str(e), error_path=e.path, status=400)
    except Busy as e:
        page, status = _page(text, edition=edition, error=str(e), status=429)
        return page, status, {"Retry-After": str(e.retry_after)}
    except LimitExceeded as e:   # the time or step limit, as /api/simulate
        return _page(text, edition=edition, error=str(e), status=413)
    except JudgeError as e:
        return _page(text, edition=edition, error=str(e), status=400)
    return _page(text, edition=edition, run=run, share=_share_url(text, edition), cited=_cited(run.result),
                 changed=changes(run.before, run.result.get("final")))


def _cited(result: dict) -> dict[str, dict]:
    """ref -> title, url and the rule text rendered like the rule page (for the inline <details>)."""
    return {c["ref"]: {"title": c.get("title") or _preview(c.get("text", "")), "url": c["url"],
                       "html": rendered_text(c["ref"])}
            for c in result.get("citations", [])}


def _preview(text: str, width: int = 48) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _share_url(text: str, edition: str | None) -> str | None:
    token = sharing.encode(text)
    if len(token) > current_app.config["SHARE_MAX_CHARS"]:
        return None
    params = {"s": token}
    if edition:
        params["edition"] = edition
    return url_for("simulate.editor", **params)


def _from_example(data: dict) -> bool:
    """Whether the scenario carries a bundled example's title or question (so it was edited from one)."""
    said = {(data.get("title") or "").strip(), (data.get("question") or "").strip()} - {""}
    if not said:
        return False
    from engine.scenario import parse_text

    for ex in examples():
        try:
            known = parse_text(ex.text)
        except Exception:  # noqa: BLE001 - a broken example is reported on its own page
            continue
        if said & {(known.get("title") or "").strip(), (known.get("question") or "").strip()}:
            return True
    return False


def _default_text() -> str:
    return examples()[0].text if examples() else ""


def _page(text: str, *, status: int = 200, **context):
    if context.get("chosen") is None:
        context["chosen"] = next((e.name for e in examples() if e.text == text), None)
    context.setdefault("edition", None)
    context.setdefault("cited", {})
    context["card_names"] = context["run"].names if context.get("run") else {}
    context["edited_example"] = bool(context.get("run")) and context["chosen"] is None and _from_example(context["run"].data)
    return render_template("simulate.html", scenario_text=text, examples=examples(), **context), status
