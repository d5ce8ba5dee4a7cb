"""A cache of parsed editions, so a one-shot command (`judge rule`) does not re-parse a rules text.

Each parsed edition is stored as JSON under `$JUDGE_DATA_DIR/corpus/` (default `<repo>/var/`; never pickle:
a damaged or hostile data directory must not run code), named by a hash of
everything the parse depends on (the edition's text, the parser and model code, rulings/data/*.yaml).
The cache is written by this process only (atomic rename) and is never required: a missing, unreadable or
read-only directory just means parsing again. `judge index` fills it for read-only deployments.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from . import cachefile, digests

PACKAGE_DIR = Path(__file__).resolve().parent
FORMAT = 2


def _key(edition_id: str, text_file: str) -> str:
    files = [PACKAGE_DIR / "texts" / text_file, *sorted(PACKAGE_DIR.glob("parse*.py")),
             *sorted((PACKAGE_DIR / "data").glob("*.yaml")), PACKAGE_DIR / "model.py", PACKAGE_DIR / "corpus.py"]
    return digests.combined(f"format={FORMAT};edition={edition_id}", files)[:24]


def path_for(edition_id: str, text_file: str) -> Path:
    return digests.data_dir() / "corpus" / f"{edition_id}-{_key(edition_id, text_file)}.json"


def _to_json(edition) -> dict:
    data = {f.name: getattr(edition, f.name) for f in dataclasses.fields(edition) if f.name != "sections"}
    data["sections"] = [dataclasses.asdict(s) for s in edition.sections.values()]
    return data


def _from_json(data: dict):
    from .model import Edition, Section   # the model only when a cache is read

    sections = {}
    for raw in data.pop("sections"):
        section = Section(**{k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()})
        sections[section.number] = section
    return Edition(**data, sections=sections)


def read(path: Path):
    try:
        return _from_json(json.loads(path.read_text(encoding="utf-8")))
    except Exception:  # missing, truncated, or written by another version: parse again
        return None


def write(path: Path, edition) -> None:
    """A read-only data directory is fine: the cache is an optimisation only."""
    text = json.dumps(_to_json(edition), ensure_ascii=False, separators=(",", ":"))
    if cachefile.write(path, text):
        cachefile.remove_older(path, f"{edition.id}-*.json")   # earlier versions of this edition
