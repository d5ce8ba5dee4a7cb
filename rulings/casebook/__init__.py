"""The casebook: known rulings, each a scenario with `expect:` that the engine must agree with.

Layout (see README.md beside this file): `rulings/casebook/<game>/<topic>.yaml`, each file a YAML list of
rulings (a single mapping is accepted too). A ruling is a contract §3 scenario plus `id`, `title`,
`question`, `answer`, `sources` (refs `EDITION:NUMBER`, optionally followed by a note such as `例` or
`Q12`), optional `tags` and `known_divergence`, and `expect:` (contract §4.1).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from engine.errors import InvalidScenario

CASEBOOK_DIR = Path(__file__).resolve().parent
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{1,80}$")
REQUIRED = ("id", "game", "title", "question", "answer", "sources", "board", "expect")


class CasebookError(InvalidScenario):
    """A casebook file that does not hold valid rulings (names the file and the field)."""


@dataclass(frozen=True)
class Ruling:
    id: str
    game: str
    title: str
    question: str
    answer: str
    sources: tuple[str, ...]
    tags: tuple[str, ...]
    known_divergence: str | None
    path: str                                   # relative to the casebook directory, e.g. dcg/battle.yaml
    data: dict = field(compare=False, hash=False, repr=False)   # the scenario as written

    @property
    def url(self) -> str:
        return f"/casebook/{self.id}"

    @property
    def source_refs(self) -> list[tuple[str, str]]:
        """(ref, note) for each source: `dcg-ja-3.6:16-4-3 例` -> ("dcg-ja-3.6:16-4-3", "例")."""
        return [split_source(s) for s in self.sources]


def split_source(source: str) -> tuple[str, str]:
    ref, _, note = source.strip().partition(" ")
    return ref, note.strip()


def read_file(path: Path) -> list[dict]:
    """The rulings in one file (a list, or a single mapping) as plain data. Raises CasebookError."""
    from engine.check import parse_rulings

    try:
        raw = path.read_bytes()
    except OSError as e:
        raise CasebookError(str(path), e.strerror or str(e)) from None
    try:
        return parse_rulings(raw)
    except InvalidScenario as e:
        raise CasebookError(f"{path.name}{e.path}", e.message) from None


def _ruling(item: dict, rel: str, index: int) -> Ruling:
    where = f"{rel}[{index}]"
    for key in REQUIRED:
        if key not in item:
            raise CasebookError(f"{where}.{key}", "required in a casebook ruling")
    rid = item["id"]
    if not isinstance(rid, str) or not ID_PATTERN.match(rid):
        raise CasebookError(f"{where}.id", "must be lower-case letters, digits and dashes")
    if not item["sources"] or not isinstance(item["sources"], list):
        raise CasebookError(f"{where}.sources", "must list at least one rule reference")
    from engine.check import validate_expect, validate_meta
    from engine.controls import validate_controls

    try:
        validate_meta(item)
        validate_expect(item["expect"], item.get("game"))
        validate_controls(item)
    except InvalidScenario as e:
        raise CasebookError(f"{where}.{e.path}", e.message) from None
    return Ruling(
        id=rid, game=item["game"], title=item["title"].strip(), question=item["question"].strip(),
        answer=item["answer"].strip(), sources=tuple(item["sources"]), tags=tuple(item.get("tags") or ()),
        known_divergence=(item.get("known_divergence") or None), path=rel, data=item)


def ruling_files(root: Path | str | None = None) -> list[Path]:
    """Ruling files live in a game directory (`dcg/…`, `ygo/…`)."""
    root = Path(root) if root else CASEBOOK_DIR
    return sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".yml", ".json") and p.is_file()
                  and len(p.relative_to(root).parts) > 1)


@lru_cache(maxsize=8)
def _load(root: str) -> tuple[Ruling, ...]:
    out: list[Ruling] = []
    seen: dict[str, str] = {}
    base = Path(root)
    for path in ruling_files(base):
        rel = path.relative_to(base).as_posix()
        for i, item in enumerate(read_file(path)):
            ruling = _ruling(item, rel, i)
            if ruling.id in seen:
                raise CasebookError(f"{rel}[{i}].id", f"duplicate id {ruling.id!r} (also in {seen[ruling.id]})")
            seen[ruling.id] = rel
            out.append(ruling)
    return tuple(out)


def load_casebook(root: Path | str | None = None) -> list[Ruling]:
    """Every ruling, in file order (files sorted by path). Cached per root."""
    return list(_load(str(Path(root).resolve() if root else CASEBOOK_DIR)))


def by_id(rid: str, root: Path | str | None = None) -> Ruling | None:
    for ruling in load_casebook(root):
        if ruling.id == rid:
            return ruling
    return None


@lru_cache(maxsize=8)
def _simulated_refs(root: str) -> dict[str, frozenset[str]]:
    """ruling id -> refs cited by its simulated result (empty if the engine cannot run it)."""
    from engine.scenario import simulate

    out = {}
    for ruling in _load(root):
        try:
            result = simulate(ruling.data).to_json()
            out[ruling.id] = frozenset(c["ref"] for c in result.get("citations", []))
        except Exception:  # bad ruling or engine crash: it cites nothing; `judge check` reports why
            out[ruling.id] = frozenset()
    return out


def simulated_refs(ruling: Ruling, root: Path | str | None = None) -> frozenset[str]:
    return _simulated_refs(str(Path(root).resolve() if root else CASEBOOK_DIR)).get(ruling.id, frozenset())


def _canonical(ref: str) -> str | None:
    from rulings.corpus import BadRef, parse_ref

    try:
        edition, number = parse_ref(ref)
    except BadRef:
        return None
    return f"{edition}:{number}"


def rulings_citing(ref: str, root: Path | str | None = None) -> list[Ruling]:
    """Rulings whose sources or simulated citations include `ref` (cached after the first call)."""
    want = _canonical(ref)
    if want is None:
        return []
    out = []
    for ruling in load_casebook(root):
        sources = {_canonical(r) for r, _ in ruling.source_refs}
        if want in sources or want in simulated_refs(ruling, root):
            out.append(ruling)
    return out


def clear_caches() -> None:
    _load.cache_clear()
    _simulated_refs.cache_clear()
