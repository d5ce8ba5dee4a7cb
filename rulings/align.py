"""The same rule in the other DCG edition: CN 1.2 <-> JP 3.6, section by section (rulings/data/align_dcg.yaml).

`counterparts(ref)` answers `judge align` and `GET /api/align/…`; `changes()` answers `judge diff` and the
"what changed since 1.2" page. The data is built by rulings/align_build.py; see docs/align.md.
No web imports: the CLI uses this module without Flask.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .align_build import DATA_FILE, SOURCE, TARGET
from .corpus import BadRef, load, lookup
from .yamlio import load_yaml_file

EDITIONS = (SOURCE, TARGET)
KINDS = ("same", "reworded", "changed", "new", "removed")


@dataclass(frozen=True)
class Match:
    ref: str
    score: float
    kind: str

    def to_json(self) -> dict:
        return {"ref": self.ref, "score": self.score, "kind": self.kind}


@lru_cache(maxsize=1)
def data() -> dict:
    """align_dcg.yaml, read from its JSON copy while the file is unchanged (parsing it takes ~0.2 s)."""
    return load_yaml_file(DATA_FILE)


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, list[Match]], dict[str, list[Match]]]:
    """(CN number -> matches in JP, JP number -> matches in CN), best first."""
    forward: dict[str, list[Match]] = {}
    backward: dict[str, list[Match]] = {}
    for entry in data()["sections"]:
        cn = str(entry["cn"])
        forward[cn] = [Match(f"{TARGET}:{m['ja']}", m["score"], m["kind"]) for m in entry["matches"]]
        for m in entry["matches"]:
            backward.setdefault(str(m["ja"]), []).append(Match(f"{SOURCE}:{cn}", m["score"], m["kind"]))
    for matches in backward.values():
        matches.sort(key=lambda m: -m.score)
    return forward, backward


def counterparts(ref: str, to: str | None = None) -> dict:
    """`{"ref", "to", "matches": [{"ref", "score", "kind"}]}` best first; raises BadRef / UnknownRef."""
    sec = lookup(ref)
    if sec.edition not in EDITIONS:
        raise BadRef(f"no alignment for edition {sec.edition!r} (aligned: {', '.join(EDITIONS)})")
    other = TARGET if sec.edition == SOURCE else SOURCE
    if to is not None and to != other:
        if to not in _known_editions():
            raise BadRef(f"unknown edition {to!r} to align with (one of: {other})")
        raise BadRef(f"cannot align {sec.edition} with {to}: it is aligned with {other} only")
    forward, backward = _tables()
    matches = (forward if sec.edition == SOURCE else backward).get(sec.number, [])
    return {"ref": sec.ref, "to": other, "matches": [m.to_json() for m in matches]}


def _known_editions():
    from .editions import EDITIONS as ALL

    return ALL


def best(ref: str) -> Match | None:
    """The best counterpart of a DCG section, or None."""
    try:
        doc = counterparts(ref)
    except (BadRef, LookupError):
        return None
    m = doc["matches"][0] if doc["matches"] else None
    return Match(m["ref"], m["score"], m["kind"]) if m else None


@dataclass(frozen=True)
class Change:
    kind: str            # changed | new | removed (reworded/same are not changes of the rule)
    old: str | None      # CN ref
    new: str | None      # JP ref
    score: float | None

    def to_json(self) -> dict:
        return {"kind": self.kind, "old": self.old, "new": self.new, "score": self.score}


def changes(old: str = SOURCE, new: str = TARGET) -> list[dict]:
    """Changed, new and removed rules by chapter of the newer edition (removed ones by their old chapter).

    `[{"chapter", "title", "changes": [Change.to_json()]}]` in rule order of `new` (then the chapters of
    `old` that only hold removed rules).
    """
    if (old, new) != (SOURCE, TARGET):
        for e in (old, new):
            if e not in EDITIONS:
                raise BadRef(f"no alignment for edition {e!r} (aligned: {SOURCE} -> {TARGET})")
        raise BadRef(f"the alignment runs {SOURCE} -> {TARGET}; give them in that order")
    cn, ja = load(SOURCE), load(TARGET)
    chapters: dict[tuple[str, str], list[Change]] = {}
    for sec in ja:
        chapters[(TARGET, sec.number.split("-")[0])] = []
    for entry in data()["sections"]:
        number = str(entry["cn"])
        if not entry["matches"]:
            chapters.setdefault((SOURCE, number.split("-")[0]), []).append(
                Change("removed", f"{SOURCE}:{number}", None, None))
            continue
        m = entry["matches"][0]
        if m["kind"] == "changed":
            chapters[(TARGET, str(m["ja"]).split("-")[0])].append(
                Change("changed", f"{SOURCE}:{number}", f"{TARGET}:{m['ja']}", m["score"]))
    for entry in data()["new"]:
        number = str(entry["ja"])
        chapters[(TARGET, number.split("-")[0])].append(Change("new", None, f"{TARGET}:{number}", None))
    order = {s.number: k for k, s in enumerate(ja)}
    out = []
    for (edition, chapter), items in chapters.items():
        if not items:
            continue
        if edition == TARGET:
            items.sort(key=lambda c: order.get((c.new or "").partition(":")[2], -1))
        title = (ja if edition == TARGET else cn).get(chapter)
        out.append({"edition": edition, "chapter": chapter, "title": title.title if title else "",
                    "changes": [c.to_json() for c in items]})
    return out
