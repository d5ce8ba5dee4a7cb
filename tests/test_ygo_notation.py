"""The canonical text form of a Yu-Gi-Oh board round-trips."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import parse_text
from engine.ygo import notation, validate

CASES = sorted((Path(__file__).parent / "ygo").glob("*.yaml"))


@pytest.mark.parametrize("path", CASES[:20], ids=[p.stem for p in CASES[:20]])
def test_round_trip(path):
    board = validate(parse_text(path.read_text(encoding="utf-8"))).board
    text = notation.dump(board)
    again = notation.parse(text)
    assert notation.dump(again) == text
    assert notation.board_data(again) == notation.board_data(board)


def test_canonical_form_is_readable():
    board = validate(parse_text((Path(__file__).parent / "ygo" / "contract_example.yaml").read_text())).board
    text = notation.dump(board)
    assert "turn: A\nphase: main1\nturn_number: 3\n" in text
    assert "    - {id: m1, type: monster, name: Gemini Elf, kind: effect, level: 4, atk: 2000, def: 1500" in text
