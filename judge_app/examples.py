"""Example scenarios offered in the /simulate editor (YAML files in judge_app/examples/)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rulings.yamlio import load_yaml

EXAMPLE_DIR = Path(__file__).resolve().parent / "examples"


@dataclass(frozen=True)
class Example:
    name: str      # file stem, used in ?example=
    game: str
    title: str
    text: str


@lru_cache(maxsize=None)
def examples() -> tuple[Example, ...]:
    out = []
    for path in sorted(EXAMPLE_DIR.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        data = load_yaml(text)
        out.append(Example(path.stem, data["game"], data.get("title", path.stem), text))
    return tuple(out)


def example(name: str | None) -> Example | None:
    return next((e for e in examples() if e.name == name), None)
