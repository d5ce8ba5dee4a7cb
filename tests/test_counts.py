"""Counts that stay true: every number the READMEs state about the project's data is what `judge counts`
computes now (rulings, controls, examples, rules-test questions, test scenarios, sections, relevance), and the
coverage block is what `judge coverage --markdown` prints. `judge counts --write` fixes them."""
from __future__ import annotations

import shutil

import pytest

from engine.counts import PHRASES, REPO, check_files, compute, coverage_markdown


@pytest.fixture(scope="module")
def counts():
    return compute(relevance=True)


def test_every_stated_count_is_current(counts):
    stale = check_files(counts, coverage_markdown())
    assert [str(s) for s in stale] == [], "run `judge counts --write`"


def test_a_stale_count_is_found_and_rewritten(counts, tmp_path):
    files = sorted({f for f, _ in PHRASES})
    for f in files:
        (tmp_path / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / f, tmp_path / f)
    readme = tmp_path / "rulings/casebook/README.md"
    text = readme.read_text(encoding="utf-8")
    wrong = text.replace(f"{counts['rulings']} rulings: {counts['rulings_dcg']} Digimon",
                         f"{counts['rulings'] + 1} rulings: {counts['rulings_dcg']} Digimon")
    assert wrong != text
    readme.write_text(wrong, encoding="utf-8")
    stale = check_files(counts, None, write=True, root=tmp_path)
    assert [(s.file, s.name, s.stated) for s in stale] == [
        ("rulings/casebook/README.md", "rulings", str(counts["rulings"] + 1))]
    assert readme.read_text(encoding="utf-8") == text
    assert check_files(counts, None, root=tmp_path) == []


def test_a_phrase_that_no_longer_matches_is_reported(counts, tmp_path):
    for f in sorted({f for f, _ in PHRASES}):
        (tmp_path / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / f, tmp_path / f)
    examples = tmp_path / "rulings/data/dcg_examples.yaml"
    examples.write_text(examples.read_text(encoding="utf-8").replace("# Counts (`judge counts`)", "# Counted"),
                        encoding="utf-8")
    (problem,) = check_files(counts, None, root=tmp_path)
    assert problem.file == "rulings/data/dcg_examples.yaml" and "no phrase matches" in str(problem)


def test_cli_counts(run_cli):
    r = run_cli("counts", "--json", "--no-relevance")
    assert r.code == 0
    doc = r.json
    assert doc["rulings"] == doc["rulings_dcg"] + doc["rulings_ygo"]
    assert doc["examples"] == doc["examples_rulings"] + doc["examples_not_expressible"]
    assert doc["controlled_dcg"] == doc["rulings_dcg"]
    assert "floor_hit5" not in doc
