"""The project's hand-edited data tables name each key once: PyYAML keeps the last of two equal keys without a
word, so a merge that duplicates a rule key or a narration entry would silently drop one of them."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
TABLES = sorted({*ROOT.glob("engine/*/*.yaml"), *ROOT.glob("rulings/*.yaml"), *ROOT.glob("rulings/data/*.yaml"),
                 *ROOT.glob("judge_app/narration/*.yaml")})


class _StrictLoader(yaml.SafeLoader):
    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise AssertionError(f"duplicate key {key!r} at line {key_node.start_mark.line + 1}")
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def test_there_are_tables():
    assert len(TABLES) >= 8


@pytest.mark.parametrize("path", TABLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_table_names_each_key_once(path):
    yaml.load(path.read_text(encoding="utf-8"), Loader=_StrictLoader)  # noqa: S506 - SafeLoader subclass
