"""The canonical text form of a Yu-Gi-Oh board round-trips."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import parse_text
from engine.ygo import notation, validate
from engine.ygo.run import play

CASES = sorted((Path(__file__).parent / "ygo").glob("*.yaml"))


def _assert_round_trip(board):
    text = notation.dump(board)
    again = notation.parse(text)
    assert notation.dump(again) == text
    assert notation.board_data(again) == notation.board_data(board)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_round_trip(path):
    _assert_round_trip(validate(parse_text(path.read_text(encoding="utf-8"))).board)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_final_board_round_trips(path):
    """The board after the actions (summoned cards, Set cards, piles that grew) has the same canonical text form."""
    _assert_round_trip(play(validate(parse_text(path.read_text(encoding="utf-8")))).board)


def test_canonical_form_is_readable():
    board = validate(parse_text((Path(__file__).parent / "ygo" / "contract_example.yaml").read_text())).board
    text = notation.dump(board)
    assert "turn: A\nphase: main1\nturn_number: 3\n" in text
    assert "    - {id: m1, type: monster, name: Gemini Elf, kind: effect, level: 4, atk: 2000, def: 1500" in text


def test_counters_are_in_the_canonical_form():
    board = validate(parse_text((Path(__file__).parent / "ygo" / "counters_negated_removed.yaml").read_text())).board
    text = notation.dump(board)
    assert "holds_counters: [spell], counters: {spell: 2, a: 1}" in text
    after = play(validate(parse_text((Path(__file__).parent / "ygo" / "counters_negated_removed.yaml").read_text())))
    assert "counters: {a: 1}" in notation.dump(after.board)
    _assert_round_trip(after.board)
