"""The parsed-edition cache under the data directory: JSON that round-trips, never code, never required."""
from __future__ import annotations

import json

from rulings import corpus, parsed_cache


def test_a_cached_edition_reads_back_equal_to_the_parse(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    edition = corpus.load("dcg-ja-3.6")
    path = parsed_cache.path_for(edition.id, edition.file)
    parsed_cache.write(path, edition)
    assert json.loads(path.read_text(encoding="utf-8"))["id"] == "dcg-ja-3.6"   # plain JSON on disk
    again = parsed_cache.read(path)
    assert again == edition and list(again.sections) == list(edition.sections)
    assert again.get("14-2-1-3").text == "DP が同じ数値だった場合、両方ともバトルに負けます。"


def test_a_damaged_or_foreign_cache_file_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    path = parsed_cache.path_for("dcg-zh-1.2", corpus.EDITIONS["dcg-zh-1.2"].file)
    path.parent.mkdir(parents=True)
    for junk in (b"\x80\x04\x95 not json", b'{"id": "dcg-zh-1.2"}', b'{"sections": [{"bogus": 1}]}'):
        path.write_bytes(junk)
        assert parsed_cache.read(path) is None
