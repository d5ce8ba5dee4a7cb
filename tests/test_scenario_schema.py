"""One JSON Schema of the scenario format (issue 21 item 2): committed, served, referenced, and in agreement
with the validators (tests/schema_agreement.py says what agreement means; bench/scenario_schema.py runs the
mutation check on every scenario of the repo)."""
from __future__ import annotations

import json
import random

import jsonschema
import pytest

from engine import scenario_schema
from schema_agreement import (REPO, REPO_SCENARIOS, SCHEMA_FILE, WRONG_TYPES, compare, compare_mutations,
                              schema_errors, validator_error)


def test_the_committed_schema_is_the_one_the_validators_tables_build():
    assert SCHEMA_FILE.read_text(encoding="utf-8") == scenario_schema.text(), \
        "run: python -m engine.scenario_schema --write"


def test_it_is_a_draft_2020_12_schema_with_titles_in_both_languages():
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    for name in ("dcg.card.digimon", "dcg.card.tamer", "dcg.effect", "dcg.verb.delete", "dcg.condition", "dcg.cost",
                 "dcg.action.attack", "ygo.card.xyz", "ygo.effect", "ygo.op.destroy", "ygo.cost", "ygo.action.link_summon"):
        node = schema["$defs"][name]
        assert node["title"] and node["x-title-zh"], name
    # the semantic rules that stay in the validator are named
    for rule in ("unique", "zone capacities", "x-title-zh", "yaml-language-server"):
        assert rule in schema["description"]


def test_every_scenario_in_the_repo_is_schema_valid():
    scenarios = REPO_SCENARIOS()
    assert len(scenarios) > 1000
    invalid = [(name, errors) for name, data in scenarios if (errors := schema_errors(data))]
    assert not invalid, invalid[:5]


@pytest.mark.parametrize("data, path", [
    ({"game": "dcg", "board": {"A": {"battle_area": [{"id": "g", "dp": "big"}]}}}, "board.A.battle_area[0].dp"),
    ({"game": "dcg", "board": {"memory": 11}}, "board.memory"),
    ({"game": "dcg", "board": {}, "actions": [{"fly": {}}]}, "actions[0]"),
    ({"game": "ygo", "board": {"A": {"monsters": [{"id": "m", "zone": "M9"}]}, "B": {}}}, "board.A.monsters[0].zone"),
    ({"game": "ygo", "board": {"A": {}, "B": {}}, "colour": "red"}, ""),
])
def test_schema_and_validator_reject_the_same_field(data, path):
    assert validator_error(data)[0].startswith(path)
    assert any(p.startswith(path) for p in schema_errors(data))
    assert compare(data)[0] == "both invalid, path agrees"


SAMPLE = random.Random(21).sample(range(1400), 3)


@pytest.mark.parametrize("index", SAMPLE)
def test_every_node_replaced_by_a_wrong_type_schema_and_validator_agree(index):
    """A seeded sample of the repo's scenarios; bench/scenario_schema.py runs all of them."""
    scenarios = REPO_SCENARIOS()
    name, data = scenarios[index % len(scenarios)]
    verdicts = list(compare_mutations(data))
    assert len(verdicts) >= len(WRONG_TYPES)
    disagreements = [detail for verdict, detail in verdicts if verdict.startswith("DISAGREE")]
    assert not disagreements, (name, disagreements[:5])


def test_the_schema_is_served_and_the_api_description_refers_to_it(client):
    r = client.get("/schema/scenario.json")
    assert r.status_code == 200 and r.is_json
    assert r.get_json() == json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    api = client.get("/api/openapi.json").get_json()
    for path in ("/api/simulate", "/api/check", "/api/actions"):
        body = api["paths"][path]["post"]["requestBody"]
        assert "/schema/scenario.json" in body["description"]
    assert api["components"]["schemas"]["Scenario"]["externalDocs"]["url"] == "/schema/scenario.json"


def test_the_docs_show_the_yaml_language_server_line():
    assert scenario_schema.LANGUAGE_SERVER_LINE.replace("<server>", "http://127.0.0.1:5000") in \
        (REPO / "README.md").read_text(encoding="utf-8")
