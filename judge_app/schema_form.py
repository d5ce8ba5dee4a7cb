"""Server-rendered form fields generated from a JSON Schema, and the value read back from the posted form.

`build(schema, value, name)` gives a tree of `Field`s the `_schema_form.html` macros draw; `read(schema,
form, name)` turns the posted fields back into the value (empty fields are left out, as the scenario format
leaves defaults out). Supported: objects, enums (`enum` or `oneOf` of `const` with titles), integers,
booleans, strings, arrays of enums (check boxes), arrays of objects (a list with add and remove), `oneOf`
of objects (a choice of variant, e.g. an effect's operation), `$ref` into `$defs`, and the Digimon keyword
list (`x-format: dcg-keywords`).
"""
from __future__ import annotations

import json
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
    """Follow `$ref`, merge `allOf` parts, and drop the `null` of a nullable `anyOf`/`oneOf`."""
    for _ in range(20):
        if not isinstance(schema, dict):
            return {}
        if "$ref" in schema and root is not None:
            node = root
            for part in schema["$ref"].lstrip("#/").split("/"):
                node = node.get(part, {}) if isinstance(node, dict) else {}
            schema = {**node, **{k: v for k, v in schema.items() if k != "$ref"}}
            continue
        if schema.get("allOf"):
            merged = {k: v for k, v in schema.items() if k != "allOf"}
            props = {}
            for part in schema["allOf"]:
                part = resolve(part, root)
                props.update(part.get("properties") or {})
                merged = {**part, **merged}
            merged["properties"] = {**props, **(schema.get("properties") or {})}
            schema = merged
            continue
        alts = schema.get("anyOf") or schema.get("oneOf")
        if alts:
            kept = [a for a in alts if not (isinstance(a, dict) and a.get("type") == "null")]
            if len(kept) == 1:
                rest = {k: v for k, v in schema.items() if k not in ("anyOf", "oneOf")}
                schema = {**resolve(kept[0], root), **rest}
                continue
            if len(kept) < len(alts):
                schema = {**schema, "anyOf" if "anyOf" in schema else "oneOf": kept}
        return schema
    return schema


SCALAR_KINDS = ("text", "int", "bool", "select", "checks", "keywords", "scalar")


def _choices(schema: dict, lang: str) -> list | None:
    """A closed vocabulary: `enum`, or the `const` alternatives of `anyOf`/`oneOf` (other alternatives there
    are spellings in other languages, which the form need not offer)."""
    if "enum" in schema:
        return [(str(v), str(v)) for v in schema["enum"]]
    alts = schema.get("oneOf") or schema.get("anyOf")
    consts = [a for a in alts or () if isinstance(a, dict) and "const" in a]
    if consts:
        return [(str(a["const"]), title(a, lang, str(a["const"]))) for a in consts]
    return None


def _pick_alternative(schema: dict, root) -> dict | None:
    """Of alternatives such as `string | array of colours`, the one a form shows best (array, object,
    integer, boolean, then string)."""
    alts = [resolve(a, root) for a in schema.get("anyOf") or schema.get("oneOf") or ()]
    for want in ("array", "object", "integer", "boolean", "string"):
        for a in alts:
            if a.get("type") == want or (want == "object" and "properties" in a):
                return a
    return None


def _variants(schema: dict, root) -> list[dict] | None:
    """`oneOf`/`anyOf` whose every alternative is a one-key mapping (`{destroy: …}`): a choice of variant."""
    alts = schema.get("oneOf") or schema.get("anyOf")
    if not alts:
        return None
    alts = [resolve(a, root) for a in alts]
    if all((a.get("type") == "object" or "properties" in a) and _variant_key(a) for a in alts):
        return alts
    return None


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
    if _is_keywords(schema, root):
        return _keywords(value, name, label, lang, schema, root)
    choices = _choices(schema, lang)
    if choices is not None:
        return Field("select", name, label, "" if value is None else str(value), choices, required=required)
    variants = _variants(schema, root)
    if variants:
        return _variant(variants, value, name, label, lang, root)
    if schema.get("anyOf") or schema.get("oneOf"):
        chosen = _pick_alternative(schema, root)
        if chosen is not None:
            return build({**chosen, **{k: schema[k] for k in ("title", "x-title-zh") if k in schema}},
                         value, name, lang, root, label, required)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind == "object" or "properties" in schema:
        value = value if isinstance(value, dict) else {}
        req = set(schema.get("required") or ())
        more = set(schema.get("x-more") or ())
        children, extra, kept = [], [], {}
        for key, sub in (schema.get("properties") or {}).items():
            field = build(sub, value.get(key), f"{name}.{key}", lang, root, key, key in req)
            if key not in more:
                children.append(field)
            elif field.kind in SCALAR_KINDS:
                extra.append(field)
            elif key in value:   # a nested value the form does not draw: kept as it is (edit it in the YAML)
                kept[key] = value[key]
        if more:
            children.append(Field("more", f"{name}.__more", "", children=extra))
        return Field("object", name, label, kept, children=children)
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
    if kind is None and isinstance(value, (dict, list)):
        return Field("object", name, label, value, children=[])   # an open shape: kept, edited as YAML
    if kind is None:
        return Field("scalar", name, label, "" if value is None else str(value))
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


def _is_keywords(schema: dict, root) -> bool:
    if schema.get("x-format") == "dcg-keywords":
        return True
    return schema.get("type") == "array" and "x-vocabulary" in resolve(schema.get("items") or {}, root)


def _vocabulary(schema: dict, root) -> tuple[list, list]:
    """The keywords a card simply has: (plain [(word, en, zh)], numbered [(slug, word, kind, en, zh)]).
    From the schema's `x-vocabulary` (acting keywords need an effect's timing and are left to effects)."""
    vocab = resolve(schema.get("items") or {}, root).get("x-vocabulary") if isinstance(schema, dict) else None
    if not vocab:
        return (list(DCG_KEYWORDS_PLAIN),
                [(kid, pattern.split("{")[0].strip(), "signed", en, zh) for kid, pattern, en, zh in DCG_KEYWORDS_NUMBERED])
    plain, numbered = [], []
    for w in vocab:
        if w.get("x-acting") or not isinstance(w.get("const"), str):
            continue
        word, en, zh = w["const"], w.get("title") or w["const"], w.get("x-title-zh") or w.get("title") or w["const"]
        if w.get("x-parameter") is None:
            plain.append((word, en, zh))
        elif w.get("x-parameter") in ("signed", "count"):
            numbered.append((_slug(word), word, w["x-parameter"], en, zh))
    return plain, numbered


def _slug(word: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in word.lower()).strip("_")


def _keyword_text(word: str, kind: str, n: int) -> str:
    return f"{word} {n:+d}" if kind == "signed" else f"{word} {n}"


def _keywords(value, name, label, lang, schema=None, root=None) -> Field:
    plain, numbered = _vocabulary(schema or {}, root)
    have = [str(k) for k in value] if isinstance(value, list) else []
    options = [(word, zh if lang == "zh" else en) for word, en, zh in plain]
    checked = [w for w, _ in options if w in have]
    used = set(checked)
    fields = []
    for slug, word, kind, en, zh in numbered:
        n = ""
        for k in have:
            rest = k[len(word):].strip() if k.startswith(word) else None
            if rest and rest.lstrip("+-").isdigit():
                n, _ = rest.lstrip("+"), used.add(k)
                break
        fields.append(Field("int", f"{name}.{slug}", (zh if lang == "zh" else en) + (" ±N" if kind == "signed" else " N"), n))
    other = [k for k in have if k not in used]   # words the form has no box for: kept as they are
    return Field("keywords", name, label, checked, options, fields, attrs={"other": other})


# ------------------------------------------------------------------------------------------ reading
def read(schema: dict, form, name: str, root: dict | None = None, keep_empty: bool = False):
    """The value the posted form gives for `name` under `schema`; None when every field was left empty.
    `keep_empty` keeps a list's empty items (a draft being filled in, not a card being saved)."""
    schema = resolve(schema, root)
    if _is_keywords(schema, root):
        return _read_keywords(schema, root, form, name)
    if _choices(schema, "en") is not None:
        raw = (form.get(name) or "").strip()
        return _typed(raw, schema) if raw else None
    variants = _variants(schema, root)
    if variants:
        return _read_variant(variants, form, name, root, keep_empty)
    if schema.get("anyOf") or schema.get("oneOf"):
        chosen = _pick_alternative(schema, root)
        if chosen is not None:
            return read(chosen, form, name, root, keep_empty)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind == "object" or "properties" in schema:
        out = _kept(form, name)
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
    if kind is None:
        if not raw:
            return _kept(form, name) or None
        return int(raw) if raw.lstrip("-").isdigit() else {"true": True, "false": False}.get(raw, raw)
    return raw or None


def _kept(form, name: str) -> dict:
    """The nested values a card form carried without drawing them (hidden `<name>.__keep`, JSON)."""
    raw = form.get(f"{name}.__keep")
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


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


def _read_keywords(schema, root, form, name):
    plain, numbered = _vocabulary(schema, root)
    words = {w for w, _, _ in plain}
    out = [k for k in form.getlist(name) if k in words]
    for slug, word, kind, _, _ in numbered:
        raw = (form.get(f"{name}.{slug}") or "").strip().lstrip("+")
        if raw.lstrip("-").isdigit():
            out.append(_keyword_text(word, kind, int(raw)))
    try:
        other = json.loads(form.get(f"{name}.__other") or "[]")
    except ValueError:
        other = []
    out += [k for k in other if isinstance(k, str) and k not in out]
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
