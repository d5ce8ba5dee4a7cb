"""What a one-shot command reads instead of recomputing (issue 14): remembered file digests, JSON copies of
the YAML data, term names found in a query without compiling the terms' regexes, the index's columns. Each
shortcut must give exactly what the long way gives."""
from __future__ import annotations

import json
import os
import time

import pytest

from rulings import corpus, digests, glosses, terms
from rulings.editions import EDITIONS
from rulings.name_scan import SHORT_TEXT, NameScanner
from rulings.yamlio import load_yaml, load_yaml_file


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(digests, "_memory", {})
    return tmp_path / "data"


def _age(path, seconds: float = 60):
    """Give `path` an mtime `seconds` in the past (a settled file: its digest may be remembered)."""
    past = time.time_ns() - int(seconds * 1e9)
    os.utime(path, ns=(past, past))


def test_a_settled_file_is_hashed_once_and_a_changed_one_again(data_dir, tmp_path):
    source = tmp_path / "rules.txt"
    source.write_text("DP が同じ数値だった場合", encoding="utf-8")
    _age(source)
    first = digests.file_digests([source])
    assert first == [digests.sha256_of(source)]
    record = json.loads((data_dir / digests.RECORD).read_text(encoding="utf-8"))
    assert record[str(source.resolve())][2] == first[0]
    # unchanged size and mtime: the record answers (a planted digest proves the file was not read)
    record[str(source.resolve())][2] = "0" * 64
    (data_dir / digests.RECORD).write_text(json.dumps(record), encoding="utf-8")
    digests._memory.clear()
    assert digests.file_digests([source]) == ["0" * 64]
    # same size, new mtime: hashed again
    source.write_text("DP が同じ数値だった場合", encoding="utf-8")
    _age(source, 30)
    assert digests.file_digests([source]) == first


def test_a_freshly_written_file_is_hashed_every_time(data_dir, tmp_path):
    source = tmp_path / "young.txt"
    source.write_text("a", encoding="utf-8")
    digests.file_digests([source])
    assert not (data_dir / digests.RECORD).exists()     # two writes in one clock tick could look unchanged


def test_a_damaged_record_or_read_only_place_only_means_hashing(data_dir, tmp_path, monkeypatch):
    source = tmp_path / "rules.txt"
    source.write_text("x", encoding="utf-8")
    _age(source)
    data_dir.mkdir()
    (data_dir / digests.RECORD).write_bytes(b"\x80 not json")
    assert digests.file_digests([source]) == [digests.sha256_of(source)]
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "rules.txt" / "under-a-file"))
    digests._memory.clear()
    assert digests.file_digests([source]) == [digests.sha256_of(source)]


def test_yaml_data_reads_back_from_its_json_copy_equal_to_the_parse(data_dir):
    for path in (terms.TERMS_FILE, glosses.GLOSSES_FILE):
        parsed = load_yaml(path.read_text(encoding="utf-8"))
        assert load_yaml_file(path) == parsed
        copies = list((data_dir / "yaml").glob(f"data-{path.stem}-*.json"))
        assert len(copies) == 1 and json.loads(copies[0].read_text(encoding="utf-8")) == parsed


def test_a_changed_yaml_file_is_parsed_again_and_its_old_copy_dropped(data_dir, tmp_path):
    path = tmp_path / "data" / "table.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("- {id: a, en: [one]}\n", encoding="utf-8")
    _age(path, 120)
    assert load_yaml_file(path) == [{"id": "a", "en": ["one"]}]
    path.write_text("- {id: b, en: [two]}\n", encoding="utf-8")
    _age(path, 60)
    assert load_yaml_file(path) == [{"id": "b", "en": ["two"]}]
    assert len(list((data_dir / "yaml").glob("data-table-*.json"))) == 1


def test_yaml_that_json_cannot_hold_is_not_copied(data_dir, tmp_path):
    path = tmp_path / "dated.yaml"
    path.write_text("when: 2024-02-16\n1: one\n", encoding="utf-8")
    _age(path)
    first = load_yaml_file(path)
    assert first == load_yaml(path.read_text(encoding="utf-8"))
    assert not list((data_dir / "yaml").glob("*dated*")) if (data_dir / "yaml").exists() else True


def test_a_damaged_json_copy_is_ignored(data_dir):
    load_yaml_file(terms.TERMS_FILE)
    copy = next((data_dir / "yaml").glob("data-terms-*.json"))
    copy.write_bytes(b"[{\"id\": ")
    assert load_yaml_file(terms.TERMS_FILE) == load_yaml(terms.TERMS_FILE.read_text(encoding="utf-8"))


def _scanners():
    table = terms._table()
    return [(lang, table.scan[lang]) for lang in terms.LANGUAGES] + \
        [(lang, glosses._table()[lang][0]) for lang in ("zh", "ja")]


def test_walking_the_name_trie_finds_what_the_compiled_regex_finds_in_every_section():
    """The Python walk (queries) and the regex (long texts, index builds) of every terms and glosses
    scanner agree on every title and text of every edition that a walk may be given (up to SHORT_TEXT
    characters), in the forms they are scanned in."""
    texts = set()
    for edition in EDITIONS:
        for section in corpus.load(edition):
            for raw in (section.title, section.text):
                form = terms._scan_form(raw)
                texts |= {t for t in (form, terms.to_simplified(form), raw.casefold()) if len(t) <= SHORT_TEXT}
    texts |= {"blocker's", "dp5000", "5000dp", "x blocker", "[security]attack", "security attack+1", "阻挡者阻挡"}
    compared = 0
    for lang, scanner in _scanners():
        for text in texts:
            assert list(scanner._walk(text)) == [m.span() for m in scanner.pattern.finditer(text)], (lang, text[:60])
            compared += 1
    assert compared > 30_000


@pytest.mark.parametrize("text, expected", [
    ("blocker", [(0, 7)]), ("blockers", []), ("xblocker", []), ("a blocker.", [(2, 9)]),
    ("ab", [(0, 2)]), ("abc", [(0, 3)]), ("abd", []), ("ab-c", [(0, 2)]), ("zabc", []), ("阻挡者", [(0, 3)]),
])
def test_a_latin_name_stands_as_a_whole_word_and_the_longest_wins(text, expected):
    scanner = NameScanner(["blocker", "ab", "abc", "阻挡者", "阻挡"], boundary=True)
    assert list(scanner._walk(text)) == expected == [m.span() for m in scanner.pattern.finditer(text)]


def test_a_query_does_not_compile_the_terms_regexes():
    scanner = NameScanner(["阻挡者", "阻挡"], boundary=False)
    assert list(scanner.finditer("阻挡者的阻挡")) == [(0, 3), (4, 6)]
    assert scanner._pattern is None
    assert list(scanner.finditer("阻挡" * 200))[:2] == [(0, 2), (2, 4)] and scanner._pattern is not None


def test_stop_words_are_whooshs():
    from whoosh.analysis import STOP_WORDS

    from rulings.analysis import _STOP

    assert _STOP == frozenset(STOP_WORDS)


def test_a_search_loads_none_of_the_modules_whoosh_imports_but_never_calls():
    """rulings/whooshlib.py: Whoosh imports without urllib.request, asyncio (cached_property) or its English
    morphology table; the stand-ins still reach the real functions, and leave sys.modules."""
    import subprocess
    import sys
    from pathlib import Path

    probe = ("import sys\n"
             "from rulings.search import get_search\n"
             "assert get_search().search('blocker').results\n"
             "print(sorted(m for m in ('urllib.request', 'asyncio', 'cached_property', 'whoosh.lang.morph_en') "
             "if m in sys.modules))\n"
             "from whoosh.query.terms import variations\n"
             "import whoosh.reading, functools\n"
             "print(sorted(variations('blocks')), whoosh.reading.cached_property is functools.cached_property)\n"
             "import urllib.request\n"
             "print(urllib.request.urlretrieve.__module__)\n")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(root)})
    assert out.stdout.splitlines() == ["[]", "['block', 'blocks'] True", "urllib.request"]
