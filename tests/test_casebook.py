"""The whole casebook is machine-checked: every ruling agrees with the engine (or is an honestly marked
known divergence), every source resolves to a real section, and the loader's look-ups work."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulings.casebook import (CASEBOOK_DIR, CasebookError, by_id, load_casebook, rulings_citing,
                              simulated_refs)
from rulings.corpus import lookup


def test_casebook_size_and_games():
    rulings = load_casebook()
    assert len(rulings) >= 120
    assert sum(r.game == "dcg" for r in rulings) >= 80
    assert sum(r.game == "ygo" for r in rulings) >= 40


def test_every_ruling_agrees_with_the_engine(run_cli):
    r = run_cli("check", str(CASEBOOK_DIR), "--json")
    doc = r.json
    failures = [(e.get("id"), e.get("error"), e["mismatches"]) for e in doc["results"] if not e["ok"]]
    assert failures == []
    assert r.code == 0, r.err
    assert doc["total"] == len(load_casebook())


def test_known_divergences_still_diverge_and_are_explained(run_cli):
    """A mark that no longer matches reality must be removed: marked rulings really disagree today."""
    doc = run_cli("check", str(CASEBOOK_DIR), "--json").json
    marked = {r.id for r in load_casebook() if r.known_divergence}
    diverging = {e["id"] for e in doc["results"] if e["status"] == "known_divergence"}
    assert marked == diverging
    for r in load_casebook():
        if r.known_divergence:
            assert len(r.known_divergence) > 30, r.id


def test_every_source_is_a_real_section():
    for ruling in load_casebook():
        assert ruling.sources, ruling.id
        for ref, _note in ruling.source_refs:
            section = lookup(ref)   # raises UnknownRef / BadRef
            assert section.edition.split("-")[0] == ruling.game, (ruling.id, ref)


def test_rulings_have_question_answer_and_expect():
    for r in load_casebook():
        assert r.title and r.question and r.answer, r.id
        assert r.data["expect"], r.id
        assert r.url == f"/casebook/{r.id}"


def test_examples_of_the_rules_text_are_marked():
    """Rulings taken from a (例: …) example of the Japanese rules say so in their sources."""
    marked = [r for r in load_casebook() if any(note == "例" for _, note in r.source_refs)]
    assert len(marked) >= 15
    for r in marked:
        for ref, note in r.source_refs:
            if note == "例":
                assert "例" in lookup(ref).text, (r.id, ref)


def test_by_id_and_rulings_citing():
    tie = by_id("dcg-battle-tie-both-deleted")
    assert tie is not None and tie.game == "dcg"
    assert by_id("no-such-ruling") is None
    citing = rulings_citing("dcg-ja-3.6:14-2-1-3")
    assert tie in citing
    # forgiving ref input, like everywhere else
    assert rulings_citing("dcg-ja-3.6:14.2.1.3") == citing
    assert rulings_citing("not a ref") == []


def test_rulings_citing_includes_simulated_citations():
    """A ruling whose run cites a section it does not list in `sources` is still found under it."""
    found = False
    for r in load_casebook():
        extra = simulated_refs(r) - {lookup(ref).ref for ref, _ in r.source_refs}
        if extra:
            ref = sorted(extra)[0]
            assert r in rulings_citing(ref)
            found = True
            break
    assert found


def _write_casebook(tmp_path: Path, text: str) -> Path:
    root = tmp_path / "casebook"
    (root / "dcg").mkdir(parents=True)
    (root / "dcg" / "x.yaml").write_text(text, encoding="utf-8")
    return root


def test_loader_rejects_duplicates_and_missing_fields(tmp_path):
    src = (CASEBOOK_DIR / "dcg" / "battle.yaml").read_text(encoding="utf-8")
    root = tmp_path / "dup"
    shutil.copytree(CASEBOOK_DIR, root)
    (root / "dcg" / "copy.yaml").write_text(src, encoding="utf-8")
    with pytest.raises(CasebookError) as e:
        load_casebook(root)
    assert "duplicate id" in str(e.value)

    root = _write_casebook(tmp_path / "a", "- {id: x1, game: dcg, title: t, question: q, answer: a, board: {}, expect: {}}\n")
    with pytest.raises(CasebookError) as e:
        load_casebook(root)
    assert e.value.path == "dcg/x.yaml[0].sources"

    root = _write_casebook(tmp_path / "b", "- {id: x1, game: dcg, title: t, question: q, answer: a, board: {},"
                                           " sources: [dcg-ja-3.6:1-1-1], expect: {colour: red}}\n")
    with pytest.raises(CasebookError) as e:
        load_casebook(root)
    assert e.value.path == "dcg/x.yaml[0].expect.colour"
