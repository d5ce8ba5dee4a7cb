"""DCG comprehensive rules: every printed rule line is a section, in rule order, with clean text.

The expected numbers are read from the raw files here with a plain regex, independently of the parser.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from rulings.corpus import load

TEXTS = Path(__file__).resolve().parents[1] / "rulings" / "texts"
RULE_LINE = re.compile(r"^[#\s-]*(\d+(?:-\d+)*)\.\s*(\S.*)$")


def nfkc(s: str) -> str:
    return unicodedata.normalize("NFKC", s).strip()


def ja_printed_lines() -> list[tuple[int, str, str]]:
    """(line, number, text) of every rule line in dcg-ja-3.6.

    Left out by this test's own logic: ToC lines (`title<TAB>page`); change-log lines (`12-30.は更新…`,
    no space after the number). A TAB line holds two rules (two merged page columns).
    """
    out = []
    for i, line in enumerate((TEXTS / "dcg-ja-3.6.txt").read_text(encoding="utf-8").split("\n"), 1):
        if re.search(r"\t\d+\s*$", line):
            continue
        for part in line.split("\t"):
            m = re.match(r"^[#\s-]*(\d+(?:-\d+)*)\.\s+(\S.*)$", part)
            if m:
                out.append((i, m.group(1), nfkc(m.group(2))))
    return out


def zh_printed_lines() -> list[tuple[int, str, str]]:
    """(line, number, text) of every rule line in dcg-zh-1.2.

    Left out: the ToC (up to its closing `更新记录` line, the first one) and the change log (after the
    last `更新记录` line).
    """
    lines = (TEXTS / "dcg-zh-1.2.txt").read_text(encoding="utf-8").split("\n")
    marks = [i for i, line in enumerate(lines) if line.strip() == "更新记录"]
    out = []
    for i in range(marks[0] + 1, marks[-1]):
        m = RULE_LINE.match(lines[i])
        if m:
            out.append((i + 1, m.group(1), nfkc(m.group(2))))
    return out


@pytest.fixture(scope="module")
def ja():
    return load("dcg-ja-3.6")


@pytest.fixture(scope="module")
def zh():
    return load("dcg-zh-1.2")


def _source_text(sec) -> str:
    return sec.raw_title or sec.raw_text


def test_ja_every_printed_number_is_a_section_with_its_text(ja):
    printed = ja_printed_lines()
    numbers = {n for _, n, _ in printed}
    assert len(numbers) == 1079
    assert set(ja.sections) == numbers
    for line, number, text in printed:
        sec = ja.get(number)
        # a rule's clean text starts with its printed line; broken sentences continue after it
        assert _source_text(sec).startswith(text), (line, number)


def test_zh_every_printed_number_is_a_section_with_its_text(zh):
    printed = zh_printed_lines()
    assert len(printed) == 927
    assert set(zh.sections) == {n for _, n, _ in printed}
    for line, number, text in printed:
        sec = zh.get(number)
        assert _source_text(sec).startswith(text), (line, number)
        assert sec.lines[0] == line


@pytest.mark.parametrize("edition", ["dcg-ja-3.6", "dcg-zh-1.2"])
def test_sections_are_in_rule_order_with_consistent_tree(edition):
    ed = load(edition)
    keys = [tuple(int(p) for p in n.split("-")) for n in ed.sections]
    assert keys == sorted(keys)
    for sec in ed:
        assert sec.edition == edition and sec.ref == f"{edition}:{sec.number}"
        assert sec.depth == sec.number.count("-") + 1
        if sec.parent is not None:
            assert sec.number.startswith(sec.parent + "-")
            assert sec.number in ed.get(sec.parent).children
        else:
            assert sec.depth == 1
        assert sec.title or sec.text
        assert "\t" not in sec.title + sec.text
        assert not re.match(r"^[#\-\s]", sec.text)


def test_ja_toc_is_not_a_section(ja):
    # ToC: `1. ゲームの概要<TAB>1` at line 11; the chapter is the body heading at line 31
    assert ja.get("1").title == "ゲームの概要"
    assert ja.get("1").lines[0] > 29
    assert all(not re.search(r"\d+$", s.title) or s.kind != "chapter" for s in ja)
    assert [s.number for s in ja if s.depth == 1] == [str(n) for n in range(1, 19)]


def test_zh_toc_that_looks_like_chapters_is_not_a_section(zh):
    # the ToC lists `1. 游戏概要` … `14. 关于描述的规则` at lines 13-26, exactly like the body headings
    chapters = [s for s in zh if s.depth == 1]
    assert [s.number for s in chapters] == [str(n) for n in range(1, 15)]
    assert all(s.lines[0] >= 30 and s.children for s in chapters)
    assert zh.get("9").title == "攻击和战斗"          # printed `9.攻击和战斗`, no space
    assert zh.get("9").lines == (912, 912)


def test_ja_change_log_is_not_rule_text(ja):
    assert all("更新しました" not in s.text and "Ver." not in s.text for s in ja)
    assert max(s.lines[1] for s in ja) < 2197
    assert ja.get("18-3-3-3").text.endswith("処理を停止した状態にします。")


def test_zh_change_log_is_not_rule_text(zh):
    # the log's `12-31. 更新。` and `- 2-3-3. 删除。` look like rule lines
    assert all(not re.search(r"(更新|删除|合并)。$", s.title + s.text) for s in zh)
    assert zh.get("12-31").title == "《突风合步》"
    assert zh.get("14-4-2").text == "只有1张的卡牌,不视为“重叠的卡牌”。"
    assert max(s.lines[1] for s in zh) < 1886


def test_ja_merged_columns_are_split(ja):
    # line 300 is `2-8. デジタマアイコン<TAB>3-1-2-2. 非公開領域`
    assert ja.get("2-8").title == "デジタマアイコン"
    assert ja.get("3-1-2-2").title == "非公開領域"
    assert ja.get("2-7-1").text == "使用コストは、オプションカードを使用する際に必要なコストを表す情報です。"
    # the right column's first line finishes 3-1-2-1-1, which is printed further down
    assert ja.get("3-1-2-1-1").text.endswith("全てのプレイヤーは、その内容や順番をいつでも確認することができます。")
    # 3-1-3-6..3-1-3-8 are printed twice (column and `- ` list); one section each, 3-1-3-8 completed
    assert ja.get("3-1-3-8").text.endswith("そのカードの持ち主の場所に置かれます。")
    order = list(ja.sections)
    assert order.index("3-1-3-6") + 1 == order.index("3-1-3-7")
    assert ja.get("2-12-1-6-3").text.startswith("ルールや効果に注釈がある場合")


def test_ja_out_of_order_blocks_are_put_in_rule_order(ja):
    order = list(ja.sections)
    # 7-1-2 … 7-2-2-2 are printed before `## 7. 登場`
    assert order.index("7") < order.index("7-1-1") < order.index("7-1-2") < order.index("7-2-2-3")
    assert ja.get("7-1-1").text.startswith("登場は、登場コストを持つカードを、エリアに新しいカード 1 体として")
    assert ja.get("7-2-2-2").text.endswith("デジクロスの宣言となります)")
    # `## 10. リンク` is printed inside 11-1-5; 11-1-5 is whole and 10 is a chapter before 11
    assert ja.get("11-1-5").text.endswith("非ターンプレイヤーのカウンタータイミングやブロックタイミングにはなります)")
    assert order.index("10-1-3-3") < order.index("11") < order.index("11-1-5")
    assert ja.get("10").title == "リンク" and "10-1" in ja.get("10").children
    # 18-2 / 18-3 are printed before `## 18`
    assert order.index("18") < order.index("18-1") < order.index("18-1-2") < order.index("18-2") < order.index("18-3")
    assert ja.get("18-1-2").text.endswith("(詳細は 15-4-3 「同時誘発」を参照)")
    assert ja.get("18-3-3-1").text == (
        "ターンプレイヤーは、その処理を何回繰り返すか宣言します。ターンプレイヤーに永久循環を停止する"
        "手段がない場合、何もせずに次の手順に進行します。"
    )


def test_broken_sentences_are_joined(ja, zh):
    assert ja.get("1-2-2").text == "いずれかのプレイヤーが勝利または敗北した時点で、ゲームが終了します。"
    assert ja.get("2-3-12-2").text.startswith("「リンク条件」は、そのカードがリンクできるデジモン 1 体の情報")
    assert ja.get("16-35-1").text.startswith("『デコード』は、「このデジモンがバトル以外でバトルエリアを離れるとき、このデジモンの進化元から、この効果で")
    # CN rules split mid-word across a blank line (`…但在规` / `则上，…`)
    assert "但在规则上,视为全部同时放置" in zh.get("3-2-3").text
    assert zh.get("7-1").text.endswith("被称为“登场”。")
    assert "\n" not in zh.get("12-15-1").text


def test_ocr_typos_fixed_in_clean_text_raw_kept(ja):
    clean = "\n".join(s.title + s.text for s in ja)
    raw = "\n".join(s.raw_title + s.raw_text for s in ja)
    for typo in ("トランシュ", "トランプ", "ティマー", "トーケン", "プラスト進化"):
        assert typo not in clean
        assert typo in raw
    assert ja.get("4-18").title == "トークン"
    assert ja.get("16-25").title == "«ブラスト進化»"
    assert ja.get("3-6").title == "トラッシュ"
    assert any("text fix" in n for n in ja.notes)


def test_ja_cross_references_resolve(ja):
    with_refs = [s for s in ja if s.refs_out]
    assert sum(len(s.refs_out) for s in ja) >= 125
    assert not any(s.broken_refs for s in ja)
    assert ja.get("1-2-3-1").refs_out == ("dcg-ja-3.6:11-5",)
    assert ja.get("2-5-1").refs_out == ("dcg-ja-3.6:14",)       # chapter reference `14「バトル」`
    for sec in with_refs:
        for ref in sec.refs_out:
            assert load("dcg-ja-3.6").get(ref.split(":")[1]) is not None


def test_zh_cross_references_and_the_missing_8_1_3_8_1_4(zh):
    assert zh.get("1-2-1-1-1").refs_out == ("dcg-zh-1.2:9-3-6",)
    assert zh.get("2-3-6-1").refs_out == ("dcg-zh-1.2:3",)       # `参照3“游戏区域”`
    broken = {s.number: s.broken_refs for s in zh if s.broken_refs}
    assert broken == {
        "2-14-2": ("dcg-zh-1.2:8-1-3",),
        "2-16-2": ("dcg-zh-1.2:8-1-4",),
        "4-21-1": ("dcg-zh-1.2:8-1-3",),
        "4-23-1": ("dcg-zh-1.2:8-1-4",),
    }
    notes = [n for n in zh.notes if n.startswith("broken cross-reference")]
    assert len(notes) == 4 and all("fixes.yaml" in n for n in notes)
    # fixes.yaml records what they mean (titles 合步进化 / 爆裂进化), so the meant section is linked too
    assert "dcg-zh-1.2:8-2" in zh.get("2-14-2").refs_out and zh.get("8-2").title == "合步进化"
    assert "dcg-zh-1.2:8-3" in zh.get("4-23-1").refs_out and zh.get("8-3").title == "爆裂进化"
    assert sum(len(s.refs_out) for s in zh) + 4 >= 41
