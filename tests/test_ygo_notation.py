"""The canonical text form of a Yu-Gi-Oh board round-trips."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import parse_text
from engine.ygo import notation, validate
from engine.ygo.model import Card
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


def _card_differences(a, b, where: str) -> list[str]:
    """Every field of card `a` that card `b` does not have alike (cards compare by identity, so field by field)."""
    out = []
    for name, value in vars(a).items():
        other = vars(b)[name]
        if isinstance(value, list) and value and isinstance(value[0], Card):
            if len(value) != len(other):
                out.append(f"{where}.{name}")
            else:
                out += [d for x, y in zip(value, other) for d in _card_differences(x, y, f"{where}.{name}")]
        elif value != other:
            out.append(f"{where}.{name}: {value!r} != {other!r}")
    return out


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_parsing_the_text_gives_the_same_board(path):
    """Every field a scenario can set survives the text form: a field validate reads that the writer leaves
    out would pass the text-to-text round trip above, and fail here."""
    board = validate(parse_text(path.read_text(encoding="utf-8"))).board
    again = notation.parse(notation.dump(board))
    assert [getattr(again, k) for k in ("turn", "phase", "turn_number", "normal_summons_used", "pendulum_summoned")] \
        == [getattr(board, k) for k in ("turn", "phase", "turn_number", "normal_summons_used", "pendulum_summoned")]
    differences = []
    for name in ("A", "B"):
        cards, cards_again = board.player(name).all_cards(), again.player(name).all_cards()
        assert [c.id for c in cards_again] == [c.id for c in cards]
        assert again.player(name).lp == board.player(name).lp
        differences += [d for a, b in zip(cards, cards_again) for d in _card_differences(a, b, a.id)]
    assert differences == []


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
