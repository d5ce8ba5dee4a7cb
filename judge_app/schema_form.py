"""Server-rendered form fields generated from a JSON Schema, and the value read back from the posted form.

`build(schema, value, name)` gives a tree of `Field`s the `_schema_form.html` macros draw; `read(schema,
form, name)` turns the posted fields back into the value (empty fields are left out, as the scenario format
leaves defaults out). Supported: objects, enums (`enum` or `oneOf` of `const` with titles), integers,
booleans, strings, arrays of enums (check boxes), arrays of objects (a list with add and remove), `oneOf`
of objects (a choice of variant, e.g. an effect's operation), `$ref` into `$defs`, and the Digimon keyword
list (`x-format: dcg-keywords`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .builder_schema import DCG_KEYWORDS_NUMBERED, DCG_KEYWORDS_PLAIN, title

MAX_ITEMS = 20   # a posted list count beyond this is a hand-made request, not a form


@dataclass
class Field:
    kind: str                 # text | int | bool | select | checks | object | list | variant | keywords
    name: str                 # the form field name (dotted path)
    label: str
    value: object = None
    options: list = field(default_factory=list)      # [(value, title)]
    children: list = field(default_factory=list)
    attrs: dict = field(default_factory=dict)
    required: bool = False

    @property
    def dom_id(self) -> str:
        return "f-" + self.name.replace(".", "-").replace("_", "-")


def resolve(schema: dict, root: dict | None) -> dict:
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and root is not None and seen < 20:
        ref = schema["$ref"]
        node = root
        for part in ref.lstrip("#/").split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        schema = {**node, **{k: v for k, v in schema.items() if k != "$ref"}}
        seen += 1
    return schema


def _choices(schema: dict, lang: str) -> list | None:
    if "enum" in schema:
        return [(str(v), str(v)) for v in schema["enum"]]
    alts = schema.get("oneOf") or schema.get("anyOf")
    if alts and all(isinstance(a, dict) and "const" in a for a in alts):
        return [(str(a["const"]), title(a, lang, str(a["const"]))) for a in alts]
    return None


def _variants(schema: dict, root) -> list[dict] | None:
    alts = schema.get("oneOf") or schema.get("anyOf")
    if not alts:
        return None
    alts = [resolve(a, root) for a in alts]
    objects = [a for a in alts if a.get("type") == "object" or "properties" in a]
    return objects or None


def _variant_key(variant: dict) -> str | None:
    """The one key of a one-key mapping variant (`{destroy: …}`), else None."""
    props = variant.get("properties") or {}
    req = variant.get("required") or []
    if len(props) == 1 and list(props) == list(req)[:1]:
        return next(iter(props))
    return None


def build(schema: dict, value, name: str, lang: str = "en", root: dict | None = None,
          label: str = "", required: bool = False) -> Field:
    schema = resolve(schema, root)
    label = title(schema, lang, label or name.rsplit(".", 1)[-1])
    if schema.get("x-format") == "dcg-keywords":
        return _keywords(value, name, label, lang)
    choices = _choices(schema, lang)
    if choices is not None:
        return Field("select", name, label, "" if value is None else str(value), choices, required=required)
    variants = _variants(schema, root)
    if variants:
        return _variant(variants, value, name, label, lang, root)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind == "object" or "properties" in schema:
        value = value if isinstance(value, dict) else {}
        req = set(schema.get("required") or ())
        children = [build(sub, value.get(key), f"{name}.{key}", lang, root, key, key in req)
                    for key, sub in (schema.get("properties") or {}).items()]
        return Field("object", name, label, children=children)
    if kind == "array":
        items = resolve(schema.get("items") or {}, root)
        item_choices = _choices(items, lang)
        if item_choices is not None:
            chosen = [str(v) for v in value] if isinstance(value, list) else []
            return Field("checks", name, label, chosen, item_choices)
        if items.get("type") == "object" or "properties" in items or _variants(items, root):
            value = value if isinstance(value, list) else []
            children = [build(items, v, f"{name}.{i}", lang, root, f"{label} {i + 1}") for i, v in enumerate(value)]
            return Field("list", name, label, len(children), children=children)
        text = ", ".join(str(v) for v in value) if isinstance(value, list) else ""
        return Field("text", name, label, text, attrs={"list": True})
    if kind == "boolean":
        return Field("bool", name, label, bool(value))
    if kind in ("integer", "number"):
        attrs = {k: schema[k] for k in ("minimum", "maximum") if k in schema}
        return Field("int", name, label, "" if value is None else value, attrs=attrs, required=required)
    return Field("text", name, label, "" if value is None else str(value), required=required)


def _variant(variants, value, name, label, lang, root) -> Field:
    options = [(str(i), title(v, lang, _variant_key(v) or str(i))) for i, v in enumerate(variants)]
    chosen = None
    if isinstance(value, dict):
        for i, v in enumerate(variants):
            key = _variant_key(v)
            if key and key in value:
                chosen = i
                break
    children = []
    if chosen is not None:
        v = variants[chosen]
        key = _variant_key(v)
        inner = resolve(v["properties"][key], root)
        children = [build(inner, value.get(key), f"{name}.{key}", lang, root, key)]
    return Field("variant", name, label, "" if chosen is None else str(chosen), options, children)


def _keywords(value, name, label, lang) -> Field:
    have = [str(k) for k in value] if isinstance(value, list) else []
    plain = [(k, en if lang != "zh" else zh) for k, en, zh in DCG_KEYWORDS_PLAIN]
    checked = [k for k, _ in plain if k in have]
    numbered = []
    for kid, pattern, en, zh in DCG_KEYWORDS_NUMBERED:
        prefix = pattern.split("{")[0].strip()
        n = next((k[len(prefix):].strip() for k in have if k.startswith(prefix)), "")
        numbered.append(Field("int", f"{name}.{kid}", en if lang != "zh" else zh, n.lstrip("+")))
    return Field("keywords", name, label, checked, plain, numbered)


# ------------------------------------------------------------------------------------------ reading
def read(schema: dict, form, name: str, root: dict | None = None, keep_empty: bool = False):
    """The value the posted form gives for `name` under `schema`; None when every field was left empty.
    `keep_empty` keeps a list's empty items (a draft being filled in, not a card being saved)."""
    schema = resolve(schema, root)
    if schema.get("x-format") == "dcg-keywords":
        return _read_keywords(form, name)
    if _choices(schema, "en") is not None:
        raw = (form.get(name) or "").strip()
        return _typed(raw, schema) if raw else None
    variants = _variants(schema, root)
    if variants:
        return _read_variant(variants, form, name, root, keep_empty)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind == "object" or "properties" in schema:
        out = {}
        for key, sub in (schema.get("properties") or {}).items():
            v = read(sub, form, f"{name}.{key}", root, keep_empty)
            if v is not None:
                out[key] = v
        return out or None
    if kind == "array":
        items = resolve(schema.get("items") or {}, root)
        if _choices(items, "en") is not None:
            picked = [_typed(v, items) for v in form.getlist(name) if v]
            return picked or None
        if items.get("type") == "object" or "properties" in items or _variants(items, root):
            n = _count(form.get(f"{name}.__n"))
            values = [read(items, form, f"{name}.{i}", root, keep_empty) for i in range(n)]
            values = [{} if v is None else v for v in values] if keep_empty else [v for v in values if v is not None]
            return values or None
        raw = form.get(name) or ""
        parts = [p.strip() for p in raw.replace("，", ",").split(",") if p.strip()]
        return parts or None
    if kind == "boolean":
        return True if form.get(name) else None
    if kind in ("integer", "number"):
        raw = (form.get(name) or "").strip()
        if not raw:
            return None
        try:
            return int(raw)
        except ValueError:
            return raw   # kept as typed: the validator names the field
    raw = (form.get(name) or "").strip()
    return raw or None


def _typed(raw: str, schema: dict):
    return int(raw) if schema.get("type") == "integer" and raw.lstrip("-").isdigit() else raw


def _count(raw) -> int:
    try:
        return max(0, min(MAX_ITEMS, int(raw or 0)))
    except ValueError:
        return 0


def _read_variant(variants, form, name, root, keep_empty=False):
    raw = form.get(f"{name}.__v") or ""
    if not raw.isdigit() or int(raw) >= len(variants):
        return None
    v = variants[int(raw)]
    key = _variant_key(v)
    if not key:
        return read(v, form, name, root, keep_empty)
    inner = resolve(v["properties"][key], root)
    value = read(inner, form, f"{name}.{key}", root, keep_empty)
    if value is None:
        if inner.get("type") == "object" and not inner.get("properties"):
            value = {}
        elif inner.get("type") == "object" or "properties" in inner:
            value = {}
        else:
            return {key: None}
    return {key: value}


def _read_keywords(form, name):
    out = [k for k in form.getlist(name) if k in {p for p, _, _ in DCG_KEYWORDS_PLAIN}]
    for kid, pattern, _, _ in DCG_KEYWORDS_NUMBERED:
        raw = (form.get(f"{name}.{kid}") or "").strip().lstrip("+")
        try:
            n = int(raw)
        except ValueError:
            continue
        out.append(pattern.format(n=n))
    return out or None


# ------------------------------------------------------------------------------------------ list edits
def list_add(value: dict, path: str) -> dict:
    """Append an empty item to the list at dotted `path` (below the card) of a draft value."""
    parent, key = _walk(value, path)
    items = parent.get(key) if isinstance(parent.get(key), list) else []
    parent[key] = items + [{}]
    return value


def list_remove(value: dict, path: str) -> dict:
    head, _, index = path.rpartition(".")
    parent, key = _walk(value, head)
    items = parent.get(key)
    if isinstance(items, list) and index.isdigit() and int(index) < len(items):
        items.pop(int(index))
    return value


def _walk(value: dict, path: str):
    parts = path.split(".")
    node = value
    for part in parts[:-1]:
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict):
            node = node.setdefault(part, {})
        if not isinstance(node, (dict, list)):
            raise ValueError(f"not a list place: {path}")
    if not isinstance(node, dict):
        raise ValueError(f"not a list place: {path}")
    return node, parts[-1]
