"""The board builder (/build): pick the game, add cards zone by zone through forms generated from the
scenario schema, then play it out action by action and save it as a ruling.

No server session: the whole state is the canonical scenario YAML, carried in the form (`scenario`, which is
also the live YAML editor) and in the URL (`s`, the share encoding of /simulate), so every state is a
permalink. Every change is a POST of the one builder form (its buttons name the operation), answered with a
redirect to the new state (post/redirect/get); htmx, when loaded, swaps the builder in place.
"""
from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for

from engine.errors import InvalidScenario, JudgeError, LimitExceeded

from .. import board_edit, play, schema_form, sharing
from ..board_changes import changes
from ..builder_schema import card_schema
from ..runner import Busy, actions_text, run_text
from .simulate import _cited

bp = Blueprint("build", __name__)

GAMES = ("dcg", "ygo")


class BuildError(ValueError):
    """A builder request that does not fit: bad share token, unknown operation, a stale card place."""


# ------------------------------------------------------------------------------------------ GET
@bp.get("/build")
def page():
    game = request.args.get("game")
    token = request.args.get("s")
    if not token and game not in GAMES:
        return _render(None, "")
    try:
        if token:
            text = _decode(token)
            data = _parse(text)
        else:
            data = board_edit.empty(game)
    except BuildError as e:
        return _render(None, "", error=str(e), status=400)
    except InvalidScenario as e:
        return _render(None, text, error=str(e), error_path=e.path, status=400)
    return _render(data, board_edit.dump(data), card=request.args.get("card"), draft=request.args.get("draft"),
                   ruling_form=request.args.get("ruling") == "1")


@bp.get("/build/ruling.yaml")
def ruling_download():
    """The saved ruling as a file (the same text the ruling form shows)."""
    try:
        data = _parse(_decode(request.args.get("s") or ""))
    except (BuildError, InvalidScenario) as e:
        return Response(f"error: {e}\n", status=400, mimetype="text/plain")
    text = _ruling_text(data, request.args)
    if text is None:
        return Response("error: the board does not run\n", status=400, mimetype="text/plain")
    name = (request.args.get("id") or "ruling").strip() or "ruling"
    safe = "".join(c for c in name if c.isalnum() or c in "-_")[:80] or "ruling"
    return Response(text, mimetype="application/yaml",
                    headers={"Content-Disposition": f'attachment; filename="{safe}.yaml"'})


# ------------------------------------------------------------------------------------------ POST
@bp.post("/build")
def change():
    op = request.form.get("op", "")
    verb, _, arg = op.partition(":")
    if verb == "game":
        if arg not in GAMES:
            return _render(None, "", error=f"unknown game {arg!r}", status=400)
        return _goto(board_edit.empty(arg))
    text = (request.form.get("scenario") or "").replace("\r\n", "\n")
    try:
        data = _parse(text)
    except InvalidScenario as e:
        return _render(None, text, error=str(e), error_path=e.path, status=400)
    edited_yaml = _edited_yaml(text)
    if not edited_yaml and verb not in ("yaml",):
        data = _apply_settings(data, request.form)
    try:
        return _operate(data, verb, arg)
    except (board_edit.EditError, BuildError, ValueError) as e:
        return _render(data, board_edit.dump(data), error=str(e), status=400)


def _operate(data: dict, verb: str, arg: str):
    form = request.form
    if verb in ("", "yaml", "settings"):
        return _goto(data)
    if verb == "add":
        place, _, slot = arg.partition("@")
        board_edit.parse_place(place)
        draft = {"id": board_edit.new_id(data, place[0])}
        if slot:
            draft["zone"] = slot
        return _goto(data, card=place, draft=draft, anchor="card-form")
    if verb == "edit":
        board_edit.card_at(data, arg)
        return _goto(data, card=arg, anchor="card-form")
    if verb in ("save", "refresh", "listadd", "listdel"):
        place = form.get("card_place", "")
        card = _read_card(data, place, keep_empty=verb != "save")
        if verb == "save":
            return _goto(board_edit.put_card(data, place, card), anchor="mat")
        if verb == "listadd":
            card = schema_form.list_add(card, _below_card(arg))
        elif verb == "listdel":
            card = schema_form.list_remove(card, _below_card(arg))
        return _goto(data, card=place, draft=card, anchor="card-form")
    if verb == "cancel":
        return _goto(data)
    if verb == "remove":
        return _goto(board_edit.remove_card(data, arg)[0])
    if verb == "move":
        to = form.get(f"moveto.{arg}", "")
        if not to:
            raise BuildError("choose where to move the card")
        return _goto(board_edit.move_card(data, arg, to))
    if verb == "act":
        try:
            action = json.loads(arg)
        except ValueError:
            raise BuildError("not an action") from None
        if not (isinstance(action, dict) and len(action) == 1):
            raise BuildError("an action is a one-key mapping")
        return _goto(board_edit.append_action(data, action), go="verdict", anchor="verdict")
    if verb == "custom":
        return _goto(board_edit.append_action(data, _custom_action(data, form)), go="verdict", anchor="verdict")
    if verb == "choice":
        try:
            edit = json.loads(arg)
        except ValueError:
            raise BuildError("not a choice") from None
        return _goto(board_edit.apply_choice(data, edit), go="verdict", anchor="verdict")
    if verb == "undo":
        return _goto(board_edit.undo(data), go="verdict", anchor="verdict")
    if verb == "reset":
        return _goto(board_edit.reset(data), go="play", anchor="play")
    if verb == "ruling":
        return _goto(data, ruling="1", anchor="ruling")
    raise BuildError(f"unknown operation {verb!r}")


def action_args(game: str) -> dict[str, tuple]:
    """Each action kind of the game -> the arguments the validator accepts (required first)."""
    if game == "ygo":
        from engine.ygo.validate import ACTION_ARGS

        return {k: tuple(req) + tuple(opt) for k, (req, opt) in ACTION_ARGS.items()}
    from engine.dcg.validate import ACTION_FIELDS

    return {k: tuple(sorted(req)) + tuple(sorted(opt)) for k, (req, opt) in ACTION_FIELDS.items()}


CUSTOM_ARGS = ("card", "targets", "materials", "zone")   # what the "another action" form asks for


def _custom_action(data: dict, form) -> dict:
    """An action with the card, targets, materials or zone the judge picked (the legal-action buttons
    cover the rest); only the arguments the validator takes for that kind are kept."""
    kinds = action_args(data.get("game"))
    kind = form.get("do.kind", "")
    if kind not in kinds:
        raise BuildError(f"unknown action {kind!r}")
    args = {}
    for name in CUSTOM_ARGS:
        if name not in kinds[kind]:
            continue
        value = form.getlist(f"do.{name}") if name in ("targets", "materials") else form.get(f"do.{name}", "")
        if value:
            args[name] = value
    return {kind: args}


def _below_card(path: str) -> str:
    if not path.startswith("card."):
        raise BuildError(f"not a card field: {path}")
    return path[len("card."):]


def _read_card(data: dict, place: str, keep_empty: bool = False) -> dict:
    player, zone, *_ = board_edit.parse_place(place)
    schema = card_schema(data.get("game"), zone)
    return schema_form.read(schema, request.form, "card", root=schema, keep_empty=keep_empty) or {}


def _apply_settings(data: dict, form) -> dict:
    """The board's counters and turn as typed in the settings row (`set.memory`, `set.A.lp` …)."""
    board = dict(data.get("board") or {})
    for key in ("turn", "phase"):
        value = form.get(f"set.{key}")
        if value:
            board[key] = value
    for key in ("memory", "turn_number"):
        _set_int(board, key, form.get(f"set.{key}"))
    for player in board_edit.PLAYERS:
        side = dict(board.get(player) or {})
        for key in ("lp", "security", "deck", "digitama"):
            raw = form.get(f"set.{player}.{key}")
            if raw is not None and (key not in side or isinstance(side.get(key), int)):
                _set_int(side, key, raw)
        board[player] = side
    return {**data, "board": board}


def _set_int(target: dict, key: str, raw) -> None:
    if raw is None or not str(raw).strip():
        return
    try:
        target[key] = int(str(raw).strip())
    except ValueError:
        target[key] = str(raw).strip()   # left as typed: the validator names the field


def _edited_yaml(text: str) -> bool:
    """Whether the YAML box holds something other than the state the page was drawn from."""
    base = request.form.get("base")
    if not base:
        return False
    try:
        return _decode(base).strip() != text.strip()
    except BuildError:
        return True


# ------------------------------------------------------------------------------------------ state
def _decode(token: str) -> str:
    try:
        return sharing.decode(token, current_app.config["SHARE_MAX_CHARS"], current_app.config["SHARE_MAX_BYTES"])
    except sharing.ShareError as e:
        raise BuildError(str(e)) from None


def _parse(text: str) -> dict:
    from engine.scenario import parse_text

    data = parse_text(text)
    if data.get("game") not in GAMES:
        raise InvalidScenario("game", "must be 'dcg' or 'ygo'")
    if not isinstance(data.get("board"), dict):
        raise InvalidScenario("board", "required: a mapping")
    if data.get("actions") is None:
        data["actions"] = []
    elif not isinstance(data["actions"], list):
        raise InvalidScenario("actions", "must be a list")
    return data


def _goto(data: dict, anchor: str | None = None, **params):
    """Redirect (303) to the state's permalink; a draft card rides along as its own token."""
    params = {k: v for k, v in params.items() if v is not None}
    if "draft" in params:
        params["draft"] = sharing.encode(json.dumps(params["draft"], ensure_ascii=False))
    url = url_for("build.page", s=sharing.encode(board_edit.dump(data)), **params)
    return redirect(url + (f"#{anchor}" if anchor else ""), code=303)


# ------------------------------------------------------------------------------------------ page
def _render(data: dict | None, text: str, status: int = 200, card: str | None = None, draft: str | None = None,
            ruling_form: bool = False, **context):
    lang = context.get("ui_lang") or _lang()
    ctx = {"data": data, "yaml_text": text, "error": None, "error_path": None, "run": None, "legal": None,
           "card_form": None, "ruling_text": None, "permalink": None, "cited": {}, "changed": [],
           "ruling_form": ruling_form, "zones": board_edit.ZONES, "counted": board_edit.COUNTED}
    ctx.update(context)
    ctx.update(zone_names=_zone_names(), phases=_phases(), action_label=_action_label(lang))
    if data is not None:
        ctx["move_targets"] = _move_targets(data, ctx["zone_names"])
        ctx["custom_kinds"] = [k for k, args in action_args(data["game"]).items() if set(args) & set(CUSTOM_ARGS)]
        ctx["all_ids"] = board_edit.all_ids(data)
        ctx["token"] = sharing.encode(text)
        ctx["permalink"] = url_for("build.page", s=ctx["token"])
        ctx["card_names"] = {}
        if card:
            try:
                ctx["card_form"] = _card_form(data, card, draft, lang)
            except (board_edit.EditError, BuildError, ValueError) as e:
                ctx["error"] = str(e)
        if not ctx["error"]:
            _run_into(ctx, data, text)
        if ruling_form and ctx["run"] is not None:
            ctx["ruling_text"] = _ruling_text(data, request.args, ctx["run"])
            ctx["ruling_defaults"] = _ruling_defaults(request.args, ctx["run"])
    response = render_template("build.html", **ctx)
    headers = {}
    if request.headers.get("HX-Request") and request.method == "GET":
        headers["HX-Push-Url"] = request.full_path.rstrip("?")
    return response, status, headers


def _action_label(lang: str):
    """An action's button text: the engine's label in English; in Chinese the action's Chinese name and
    its arguments (ids stay as written)."""
    from .. import narration

    def text(action: dict, engine_label: str | None = None) -> str:
        if lang == "en" and engine_label:
            return engine_label
        return play.label(action, (lambda kind: narration.action(kind, lang)) if lang != "en" else None)
    return text


def _zone_names() -> dict:
    from flask_babel import gettext as _

    return {"battle_area": _("Battle area"), "breeding_area": _("Breeding area"), "security": _("Security"),
            "hand": _("Hand"), "trash": _("Trash"), "deck": _("Deck"), "digitama": _("Digi-Egg deck"),
            "monsters": _("Monster zone"), "spells_traps": _("Spell & Trap zone"), "field": _("Field"),
            "graveyard": _("Graveyard"), "banished": _("Banished"), "extra_deck": _("Extra Deck")}


def _phases() -> list:
    from flask_babel import gettext as _

    return [("draw", _("Draw Phase")), ("standby", _("Standby Phase")), ("main1", _("Main Phase 1")),
            ("battle", _("Battle Phase")), ("main2", _("Main Phase 2")), ("end", _("End Phase"))]


def _move_targets(data: dict, names: dict) -> list[tuple[str, str]]:
    """Where a card may be moved: every card zone of both players, and under each card in play."""
    from flask_babel import gettext as _

    game = data.get("game")
    out = []
    for player in board_edit.PLAYERS:
        for zone in board_edit.ZONES.get(game, ()):
            if zone in board_edit.COUNTED.get(game, ()) and zone == "deck":
                continue
            out.append((f"{player}.{zone}", f"{player} · {names.get(zone, zone)}"))
        under, zones = board_edit.UNDER.get(game, ("", ()))
        for zone in zones:
            for i, card in enumerate(board_edit.zone_cards(data, player, zone)):
                cid = card.get("id") if isinstance(card, dict) else card
                out.append((f"{player}.{zone}.{i}.{under}", _("under %(id)s", id=cid)))
    return out


def _lang() -> str:
    from flask_babel import get_locale

    return str(get_locale() or "en")


def _run_into(ctx: dict, data: dict, text: str) -> None:
    try:
        run = run_text(text, timeout=current_app.config["SIMULATE_TIMEOUT_S"])
    except InvalidScenario as e:
        ctx["error"], ctx["error_path"] = str(e), e.path
        return
    except (Busy, LimitExceeded, JudgeError) as e:
        ctx["error"] = str(e)
        return
    ctx["run"] = run
    ctx["board_text"] = board_text(data)
    ctx["card_names"] = run.names
    ctx["cited"] = _cited(run.result)
    ctx["changed"] = changes(run.before, run.result.get("final"))
    try:
        ctx["legal"] = actions_text(text, timeout=current_app.config["SIMULATE_TIMEOUT_S"])
    except (InvalidScenario, JudgeError) as e:
        ctx["legal"] = {"legal": [], "refused": [], "unsupported": [], "error": str(e)}
    ctx["rule_titles"] = _rule_titles(ctx["legal"])


def board_text(data: dict) -> str:
    """The engine's canonical text of the board (engine/<game>/notation.py): two scenarios that set up the
    same board have the same text, however their YAML was written."""
    from engine.scenario import game_module

    board = game_module(data["game"]).validate(data).board
    if data["game"] == "ygo":
        from engine.ygo.notation import dump

        return dump(board)
    from engine.dcg.notation import board_to_text

    return board_to_text(board)


def _rule_titles(legal: dict) -> dict:
    from rulings import corpus

    out = {}
    for item in legal.get("refused") or []:
        for ref in (item.get("cites") or [])[:1]:
            try:
                out[ref] = corpus.section(*ref.split(":", 1)).title
            except Exception:  # noqa: BLE001 - a missing title only drops the tooltip text
                pass
    return out


def _card_form(data: dict, place: str, draft: str | None, lang: str) -> dict:
    player, zone, i, under, j = board_edit.parse_place(place)
    if draft:
        try:
            value = json.loads(_decode(draft))
        except ValueError:
            raise BuildError("the card draft is not readable") from None
        if not isinstance(value, dict):
            raise BuildError("the card draft is not a card")
    elif i is not None and (under is None or j is not None):
        value = board_edit.card_at(data, place)
    else:
        value = {"id": board_edit.new_id(data, player)}
    schema = card_schema(data["game"], zone)
    return {"place": place, "player": player, "zone": zone, "new": i is None or (under and j is None),
            "field": schema_form.build(schema, value, "card", lang, root=schema)}


def _ruling_defaults(args, run) -> dict:
    return {"id": args.get("id") or "", "title": args.get("title") or "", "question": args.get("question") or "",
            "answer": args.get("answer") or run.verdict.text("en"),
            "sources": args.get("sources") or ", ".join(play.deciding(run.result))}


def _ruling_text(data: dict, args, run=None) -> str | None:
    import yaml

    if run is None:
        try:
            run = run_text(board_edit.dump(data), timeout=current_app.config["SIMULATE_TIMEOUT_S"])
        except (InvalidScenario, JudgeError):
            return None
    asked = _ruling_defaults(args, run)
    asked["sources"] = [s.strip() for s in asked["sources"].replace("，", ",").split(",") if s.strip()]
    ruling = play.ruling(data, run.result, run.before, asked)
    ruling = {k: v for k, v in ruling.items() if v not in (None, "")}
    head = {k: ruling.pop(k) for k in ("id", "title", "question", "answer", "sources") if k in ruling}
    expect = ruling.pop("expect")
    return yaml.safe_dump(head, allow_unicode=True, sort_keys=False, width=100) + board_edit.dump(
        ruling) + yaml.safe_dump({"expect": expect}, allow_unicode=True, sort_keys=False, width=100)
