"""Scenario text -> plain data -> the game's validated scenario -> Result.

YAML is read with a safe loader under size, depth, alias and node limits (see SECURITY.md).
"""
from __future__ import annotations

import json

import yaml

from .errors import InvalidScenario

MAX_BYTES = 256 * 1024
MAX_DEPTH = 32
MAX_NODES = 20_000
TOP_KEYS = ("game", "edition", "title", "question", "board", "actions", "expect", "decline", "choose",
            "answer", "sources", "known_divergence", "tags", "id")


class _LimitedLoader(yaml.SafeLoader):
    """Safe YAML without aliases (no 'billion laughs') and with bounded depth and size."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise InvalidScenario("", f"YAML aliases are not allowed (line {event.start_mark.line + 1})")
        self._depth = getattr(self, "_depth", 0) + 1
        self._nodes = getattr(self, "_nodes", 0) + 1
        try:
            if self._depth > MAX_DEPTH:
                raise InvalidScenario("", f"YAML nested deeper than {MAX_DEPTH} levels")
            if self._nodes > MAX_NODES:
                raise InvalidScenario("", f"YAML has more than {MAX_NODES} nodes")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _check_shape(data) -> None:
    """The YAML depth and node limits, applied to the loaded data (JSON has no loader hook for them)."""
    stack, nodes = [(data, 1)], 0
    while stack:
        node, depth = stack.pop()
        nodes += 1
        if depth > MAX_DEPTH:
            raise InvalidScenario("", f"scenario nested deeper than {MAX_DEPTH} levels")
        if nodes > MAX_NODES:
            raise InvalidScenario("", f"scenario has more than {MAX_NODES} nodes")
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)


def read_document(text: str | bytes):
    """Scenario text (YAML or JSON) -> the plain data in it, under the size/depth/alias limits."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise InvalidScenario("", f"scenario is larger than {MAX_BYTES} bytes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidScenario("", "scenario is not UTF-8 text") from None
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InvalidScenario("", f"scenario is larger than {MAX_BYTES} bytes")
    try:
        if text.lstrip().startswith(("{", "[")):
            data = json.loads(text)
        else:
            data = yaml.load(text, Loader=_LimitedLoader)  # noqa: S506 - _LimitedLoader is a SafeLoader
        _check_shape(data)
        return data
    except InvalidScenario:
        raise
    except Exception as e:  # noqa: BLE001 - YAML constructors also raise AttributeError (`!!timestamp x`) etc.
        raise InvalidScenario("", f"not valid YAML/JSON: {' '.join(str(e).split())[:200]}") from None


def parse_text(text: str | bytes) -> dict:
    """Scenario text (YAML or JSON) -> dict. Raises InvalidScenario."""
    data = read_document(text)
    if isinstance(data, list):
        raise InvalidScenario("", f"this holds a list of {len(data)} scenarios; run one at a time, "
                                  "or check them all with `judge check`")
    if not isinstance(data, dict):
        raise InvalidScenario("", "a scenario is a mapping with at least `game` and `board`")
    return data


def game_module(game):
    if game == "dcg":
        from . import dcg as module
    elif game == "ygo":
        from . import ygo as module
    else:
        raise InvalidScenario("game", f"must be 'dcg' or 'ygo', not {game!r}")
    return module


def simulate(data: dict, edition: str | None = None):
    """Validate and run a scenario; `edition` overrides the file's own. Returns engine.result.Result."""
    if not isinstance(data, dict):
        raise InvalidScenario("", "a scenario is a mapping")
    unknown = [k for k in data if k not in TOP_KEYS]
    if unknown:
        raise InvalidScenario(str(unknown[0]), "unknown key")
    module = game_module(data.get("game"))
    scenario = module.validate(data, edition=edition)
    return module.simulate(scenario)
