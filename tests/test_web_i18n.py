"""Translations ship as .po and are compiled at start; a fresh clone (no .mo) works."""
from __future__ import annotations

import shutil

from babel.support import Translations

from judge_app import i18n


def test_catalog_compiles_from_po_alone(tmp_path):
    source = tmp_path / "translations"
    po = source / "zh" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    shutil.copy(i18n.TRANSLATIONS / "zh" / "LC_MESSAGES" / "messages.po", po)
    assert not po.with_suffix(".mo").exists()
    directory = i18n.compile_catalogs(source)
    assert directory == source and po.with_suffix(".mo").exists()
    zh = Translations.load(str(directory), ["zh"])
    assert zh.gettext("Search") == "搜索"
    assert zh.gettext("Player %(p)s") % {"p": "A"} == "玩家 A"


def test_every_ui_string_has_a_chinese_translation():
    from babel.messages.pofile import read_po

    with open(i18n.TRANSLATIONS / "zh" / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    untranslated = [m.id for m in catalog if m.id and not m.string]
    assert not untranslated


def test_safe_next_only_allows_same_site_paths():
    assert i18n.safe_next("/rules/dcg-ja-3.6/1?x=1") == "/rules/dcg-ja-3.6/1?x=1"
    for bad in (None, "", "//evil", "/\\evil", "http://evil", "evil", "/a\r\nb", "/a\tb"):
        assert i18n.safe_next(bad) == "/"


def test_every_string_in_the_code_and_templates_is_in_the_catalog():
    """Extract the UI strings as `pybabel extract -F babel.cfg` does; each must have a Chinese translation."""
    from pathlib import Path

    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg
    from babel.messages.pofile import read_po

    root = Path(i18n.TRANSLATIONS).resolve().parents[1]
    with open(root / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    ids = {msg if isinstance(msg, str) else msg[0]
           for _, _, msg, _, _ in extract_from_dir(str(root), method_map, options_map)}
    with open(i18n.TRANSLATIONS / "zh" / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    missing = sorted(m for m in ids if m and (m not in catalog or not catalog[m].string))
    assert ids and missing == []
