"""`expect:` keys for what a ruling is about beyond the final board: the chains built (`chains`), the steps in order
(`sequence`), the Extra Deck (`extra_deck`) and which action a refusal belongs to (`refused_at`). Each passes on
the real engine's result and fails when the result says otherwise; bad shapes are rejected with the field path."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import InvalidScenario
from engine.expect import compare, validate_expect
from engine.scenario import parse_text, simulate
from rulings.yamlio import load_yaml

ROOT = Path(__file__).resolve().parent.parent
CASE = parse_text((ROOT / "tests" / "ygo" / "expect_chain_sequence_extra_deck.yaml").read_text(encoding="utf-8"))
RESULT = simulate({k: v for k, v in CASE.items() if k != "expect"}).to_json()


@pytest.mark.parametrize("expect", [
    {"chains": [["eject", "judgment"]]},
    {"sequence": ["chain.activate@eject", "chain.activate@judgment", "chain.link.resolve"]},
    {"sequence": ["chain.activate", "chain.activate", "chain.cleanup", "chain.cleanup"]},
    {"extra_deck": {"A": ["other"], "B": []}},
    {"refused_at": {3: "activate"}},
    {"refused_at": {"3": "activate"}},
])
def test_right_expectation_passes(expect):
    assert compare(validate_expect(expect, "ygo"), RESULT) == []


@pytest.mark.parametrize("expect", [
    {"chains": [["judgment", "eject"]]},                    # the links in the other order
    {"chains": [["eject"], ["judgment"]]},                  # two chains, not one of two links
    {"sequence": ["chain.activate@judgment", "chain.activate@eject"]},   # B's link after A's, not before
    {"sequence": ["chain.activate", "chain.activate", "chain.activate"]},   # a third activation that never was
    {"extra_deck": {"A": []}},
    {"refused_at": {2: "activate"}},                        # the pass was not refused; action 3 was
    {"refused_at": {}},
])
def test_wrong_expectation_fails(expect):
    assert compare(validate_expect(expect, "ygo"), RESULT), expect


@pytest.mark.parametrize("expect, path", [
    ({"chains": [[]]}, "expect.chains[0]"),
    ({"chains": "eject"}, "expect.chains"),
    ({"refused_at": {"x": "activate"}}, "expect.refused_at.x"),
    ({"refused_at": [3]}, "expect.refused_at"),
    ({"extra_deck": {"C": []}}, "expect.extra_deck.C"),
])
def test_bad_shape_names_the_field(expect, path):
    with pytest.raises(InvalidScenario) as e:
        validate_expect(expect, "ygo")
    assert e.value.path == path


def test_ygo_only_keys_are_refused_for_digimon():
    for key in ("chains", "extra_deck"):
        with pytest.raises(InvalidScenario):
            validate_expect({key: [] if key == "chains" else {}}, "dcg")


def test_digimon_refusals_name_their_action():
    rulings = load_yaml((ROOT / "tests" / "dcg" / "attack.yaml").read_text(encoding="utf-8"))
    case = next(r for r in (rulings if isinstance(rulings, list) else [rulings]) if (r.get("expect") or {}).get("refused"))
    result = simulate({k: v for k, v in case.items() if k in ("game", "board", "actions", "edition", "decline", "choose")}).to_json()
    refused = result["refused"]
    assert refused and all(isinstance(r.get("at"), int) for r in refused)
    for r in refused:
        (kind, _), = case["actions"][r["at"]].items()
        assert kind == r["action"]
    got = {r["at"]: r["action"] for r in refused}
    assert compare(validate_expect({"refused_at": got}, "dcg"), result) == []
