"""Scenario text -> plain data -> the game's validated scenario -> Result.

YAML is read with a safe loader under size, depth, alias and node limits (see SECURITY.md).
"""
from __future__ import annotations

import json
from collections.abc import Hashable

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from .errors import InvalidScenario

MAX_BYTES = 256 * 1024
MAX_DEPTH = 32
MAX_NODES = 20_000
TOP_KEYS = ("game", "edition", "title", "question", "board", "actions", "expect", "decline", "choose",
            "answer", "sources", "known_divergence", "tags", "id", "controls", "point")


def field_path(parts) -> str:
    """("board", "A", "battle_area", 0, "id") -> "board.A.battle_area[0].id" (the InvalidScenario path)."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _duplicate(key, path) -> InvalidScenario:
    return InvalidScenario(field_path([*path, key]), "duplicate key (a mapping names each key once)")


class _Limits:
    """Safe YAML without aliases (no 'billion laughs'), duplicate keys, and with bounded depth and size:
    checked as the document is composed, node by node."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise InvalidScenario("", f"YAML aliases are not allowed (line {event.start_mark.line + 1})")
        self._depth = getattr(self, "_depth", 0) + 1
        self._nodes = getattr(self, "_nodes", 0) + 1
        self._path = getattr(self, "_path", [])
        if isinstance(index, int):
            self._path.append(index)
        elif isinstance(index, yaml.ScalarNode):
            self._path.append(index.value)
        try:
            if self._depth > MAX_DEPTH:
                raise InvalidScenario("", f"YAML nested deeper than {MAX_DEPTH} levels")
            if self._nodes > MAX_NODES:
                raise InvalidScenario("", f"YAML has more than {MAX_NODES} nodes")
            node = super().compose_node(parent, index)
            node.field_path = tuple(self._path)
            return node
        finally:
            self._depth -= 1
            if isinstance(index, (int, yaml.ScalarNode)):
                self._path.pop()

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            keys = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=deep)
                if isinstance(key, Hashable) and key in keys:
                    raise _duplicate(key, getattr(node, "field_path", ()))
                if isinstance(key, Hashable):
                    keys.add(key)
        return super().construct_mapping(node, deep=deep)


class _LimitedLoader(_Limits, yaml.SafeLoader):
    """The pure-Python safe loader under the limits."""


try:
    from yaml._yaml import CParser
except ImportError:     # PyYAML without libyaml
    _FastLoader = _LimitedLoader
else:
    class _FastLoader(_Limits, Composer, CParser, SafeConstructor, Resolver):
        """The same loader with libyaml's C parser producing the events: the limits still apply as Python
        composes the nodes (Composer first in the order), and reading 256 KiB costs a fraction of the time."""

        def __init__(self, stream):
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)


class _JSONObject(dict):
    """A JSON object that named a key twice (`duplicate`): reported with its path after loading."""
    duplicate = None


def _json_object(pairs):
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set = set()
    marked = _JSONObject(pairs)
    marked.duplicate = next(k for k, _ in pairs if k in seen or seen.add(k))
    return marked


def _check_json_duplicates(data) -> None:
    stack = [(data, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, _JSONObject) and node.duplicate is not None:
            raise _duplicate(node.duplicate, path)
        if isinstance(node, dict):
            stack.extend((v, (*path, k)) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, (*path, i)) for i, v in enumerate(node))


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
            data = json.loads(text, object_pairs_hook=_json_object)
            _check_shape(data)
            _check_json_duplicates(data)
        else:
            data = yaml.load(text, Loader=_FastLoader)  # noqa: S506 - a SafeConstructor under _Limits
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
