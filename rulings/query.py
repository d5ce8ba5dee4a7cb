"""Reading a judge's query: rule numbers written anywhere in it, question words to ignore, spelling.

* `numbers_in("rule 14-2-1-3")` -> ["14-2-1-3"]; also `第4章` (4), `4.4节` (4.4), `3.1.2 p8` (3.1.2.p8),
  `第十四章` (14), `§12-5`, `第8章第3节` / `8章3節` / `chapter 8 section 3` (8.3), `第4章第9节第1条` (4.9.1). A bare integer counts only with a chapter/section word (`第N章`, `chapter 4`).
* `strip_question_words` cuts question words and particles out of Chinese and Japanese runs (是什么, 吗,
  怎么办, 可以, ですか, できる, どうなる …): what is left are the words the answer contains.
* `ENGLISH_STOP` are English question and function words (what, how, does, the …).
* `one_edit` tells a spelling correction (rulings/search.py asks Whoosh's corrector) one insertion, deletion,
  replacement or swap of neighbours away (`blokcer` -> blocker, `damge` -> damage).
"""
from __future__ import annotations

import re

_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9}
_CN_NUMERAL = "[零〇一二两兩三四五六七八九十百]+"

# dashed / dotted multi-part numbers, optionally with a paragraph suffix (`3.1.2.p8`, `3.1.2 p8`)
_MULTI = re.compile(r"(?<![A-Za-z0-9_.])§?\s*(\d{1,3}(?:\s*[-.]\s*\d{1,3})+)(?:\s*\.?\s*[pP](\d{1,3}))?(?![\d])")
# a chapter/section written with words: 第4章 第十四章 4.4节 第3.7节 chapter 4 section 3.6 rule 12
_WORDED = re.compile(r"第\s*(\d{1,3}(?:\.\d{1,3})*|" + _CN_NUMERAL + r")\s*(?:章|节|節|条|條|項|项)"
                     r"|(?<![\w.])(\d{1,3}(?:\.\d{1,3})*)\s*(?:章|节|節)"
                     r"|\b(?:chapter|section|rule|sec\.?|ch\.?)\s+(\d{1,3})(?![\d.-])", re.IGNORECASE)


# a chapter and its section (and article) written as words: 第8章第3节 第4章第9节第1条 8章3節 第十一章第五节
# chapter 8 section 3 -> 8.3 / 4.9.1 (normalize_number writes it the edition's way: 8-3 in DCG)
_N = r"(\d{1,3}|" + _CN_NUMERAL + r")"
_COMPOUND = re.compile(r"第?\s*" + _N + r"\s*章\s*第?\s*" + _N + r"\s*[节節]"
                       r"(?:\s*第?\s*" + _N + r"\s*[条條項项])?"
                       r"|\bchapter\s+(\d{1,3})\s*,?\s*(?:section|sec\.?)\s+(\d{1,3})\b", re.IGNORECASE)


def _value(raw: str) -> str | None:
    if raw[0].isdigit():
        return raw
    value = chinese_numeral(raw)
    return str(value) if value is not None else None


def chinese_numeral(text: str) -> int | None:
    """一 -> 1, 十四 -> 14, 二十 -> 20, 一百零二 -> 102 (up to 999); None when it is not one."""
    total, current = 0, 0
    for ch in text:
        if ch in _CN_DIGITS:
            current = _CN_DIGITS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
        else:
            return None
    total += current
    return total or None


def numbers_in(text: str) -> list[tuple[str, tuple[int, int]]]:
    """Rule numbers written in `text` (NFKC-normalised), each with its span, in order of appearance."""
    found: list[tuple[str, tuple[int, int]]] = []
    taken: list[tuple[int, int]] = []
    for m in _COMPOUND.finditer(text):
        parts = [_value(g) for g in m.groups() if g]
        if parts and None not in parts:
            found.append((".".join(parts), m.span()))
            taken.append(m.span())
    for m in _MULTI.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        number = re.sub(r"\s+", "", m.group(1))
        if m.group(2):
            number += f".p{m.group(2)}"
        found.append((number, m.span()))
        taken.append(m.span())
    for m in _WORDED.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        raw = m.group(1) or m.group(2) or m.group(3)
        if not raw:
            continue
        if not raw[0].isdigit():
            value = chinese_numeral(raw)
            if value is None:
                continue
            raw = str(value)
        found.append((raw, m.span()))
    return sorted(found, key=lambda f: f[1])


# Question words and particles: cut out of a CJK run before it is split into bigrams. Longest first.
QUESTION_WORDS_ZH = [
    "是什么意思", "什么意思", "是什么", "什么叫", "为什么", "什么", "怎么办", "怎么样", "怎么", "怎样", "如何", "会怎样",
    "能不能", "可不可以", "可以吗", "能否", "是否", "会不会", "有没有", "吗", "呢", "吧", "呀", "啊", "哪些",
    "哪个", "哪里", "多少", "几只", "几张", "几次", "几个", "几级", "几", "请问", "的话", "还是", "时候",
    "发生", "会", "可以", "能", "是", "了", "的", "在", "和", "与", "或", "也", "都", "就", "这", "那", "被",
    # traditional forms (queries are also matched in simplified form; these keep the typed form clean)
    "是什麼", "什麼", "為什麼", "怎麼辦", "怎麼樣", "怎麼", "會怎樣", "會不會", "嗎", "幾隻", "幾張", "幾次",
    "幾個", "幾級", "幾", "會", "請問",
]
QUESTION_WORDS_JA = [
    "どうなりますか", "どうなる", "どうすれば", "できますか", "できません", "できない", "できる", "ありますか",
    "ですか", "ますか", "でしょうか", "なりますか", "なら", "何体", "何枚", "何回", "何度", "いくつ", "どれ",
    "どの", "どこ", "いつ", "とき", "場合", "何", "か", "は", "が", "を", "に", "の", "で", "と", "も", "へ",
    "ね", "よ", "?", "?",
]
_QUESTION_ZH = re.compile("|".join(map(re.escape, sorted(QUESTION_WORDS_ZH, key=len, reverse=True))))
_QUESTION_JA = re.compile("|".join(map(re.escape, sorted(QUESTION_WORDS_JA, key=len, reverse=True))))
_KANA = re.compile(r"[\u3040-\u30ff]")


def trim_question_words(run: str) -> str:
    """The run with question words and particles cut off its ends only (什么是发动卡的优先权 -> 发动卡的优先权:
    the phrase a title may hold, its inner 的 kept)."""
    pattern = _QUESTION_JA if _KANA.search(run) else _QUESTION_ZH
    while True:
        m = pattern.match(run)
        if m and m.end() > 0:
            run = run[m.end():]
            continue
        ends = [m for m in pattern.finditer(run) if m.end() == len(run) and m.start() < m.end()]
        if ends:
            run = run[:ends[-1].start()]
            continue
        return run


def strip_question_words(run: str) -> list[str]:
    """The pieces of a CJK run left when its question words and particles are cut out (Japanese words for a
    run with kana, Chinese otherwise); none for a run of question words only."""
    pattern = _QUESTION_JA if _KANA.search(run) else _QUESTION_ZH
    return [p for p in pattern.split(run) if p]


ENGLISH_STOP = frozenset("""
a an the and or of to in on at by for with from into onto as is are was were be been being do does did doing
have has had can could may might must shall should will would what whats what's which who whom whose when
where why how many much does if then than that this these those there it its it's i me my we our you your
he she they them their about any some all such not no yes so too very just also only please say says said
rule rules happen happens happened mean means meaning
""".split())


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def one_edit(a: str, b: str) -> bool:
    """One insertion, deletion, replacement or swap of neighbouring letters turns a into b."""
    if a == b:
        return False
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la == lb:
        diff = [i for i in range(la) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    short, long_ = (a, b) if la < lb else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


class NameMatcher:
    """Names (of 3+ characters) one edit away from a string: a character replaced, added or left out."""

    def __init__(self, names: dict[str, object]):
        self._deletes: dict[str, list[tuple[str, object]]] = {}
        self._names = {n: v for n, v in names.items() if len(n) >= 3}
        for name, value in self._names.items():
            for variant in _deletes(name) | {name}:
                self._deletes.setdefault(variant, []).append((name, value))

    def exact(self, text: str) -> list:
        """The value of the name `text` is (in the matcher's folded form), if any: セキュリテイ written with a
        full-size イ, which a name scan of the query as typed does not find."""
        return [self._names[text]] if text in self._names else []

    def near(self, text: str, accept=None) -> list:
        """Values of the names exactly one edit from `text` (not equal: an exact name is a mention);
        `accept(name)`, when given, must also accept the name."""
        if len(text) < 3 or text in self._names:
            return []
        out = []
        for variant in _deletes(text) | {text}:
            for name, value in self._deletes.get(variant, ()):
                if one_edit(text, name) and value not in out and (accept is None or accept(name)):
                    out.append(value)
        return out


def typed_alike(typed: str, meant: str, before: str = "", after: str = "", chinese: bool = True) -> bool:
    """Whether `typed` (one edit from the name `meant`) reads as a typo of it. A name missing its first or
    last character counts as that character replaced by the one typed beside it (`before` / `after`):
    触发效果 is no typo of 诱发效果, nor のカード of 罠カード. In Chinese a replaced character sounds like the
    one meant (pinyin input: 阻挡着 for 阻挡者, 伤害部骤 for 伤害步骤; 进化后 is no 进化源); Japanese
    replacements are kana (ジャミンク for ジャミング) and pass, but not in place of a name's first or last
    character."""
    if len(typed) == len(meant):
        diff = [i for i in range(len(typed)) if typed[i] != meant[i]]
        return len(diff) != 1 or not chinese or homophones(typed[diff[0]], meant[diff[0]])
    if len(typed) + 1 == len(meant):
        if meant[1:] == typed and before:
            return chinese and homophones(before, meant[0])
        if meant[:-1] == typed and after:
            return chinese and homophones(after, meant[-1])
    return True


_READINGS: dict | None = None


def _readings() -> dict:
    """pypinyin's table of the readings of each Chinese character (code point -> "zhe,zhāo,…"), read from its
    data module alone: importing the package would also load its phrase dictionary (~1 s)."""
    global _READINGS
    if _READINGS is None:
        import importlib.util
        import os

        package = importlib.util.find_spec("pypinyin")
        if package is None:     # an environment installed before pyproject named it: no typo is refused
            _READINGS = {}
            return _READINGS
        path = os.path.join(package.submodule_search_locations[0], "pinyin_dict.py")
        spec = importlib.util.spec_from_file_location("pypinyin.pinyin_dict", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _READINGS = module.pinyin_dict
    return _READINGS


def _toneless(reading: str) -> set[str]:
    import unicodedata

    return {"".join(c for c in unicodedata.normalize("NFD", r) if not unicodedata.combining(c)).replace("ü", "v")
            for r in reading.split(",")}


def homophones(a: str, b: str) -> bool:
    """Two Chinese characters sharing a reading, tones aside (着/者 zhe, 部/步 bu, 访/防 fang): what a pinyin
    input method swaps. A character without a reading (kana) is given the benefit of the doubt."""
    table = _readings()
    ra, rb = table.get(ord(a)), table.get(ord(b))
    if ra is None or rb is None:
        return True
    return not _toneless(ra).isdisjoint(_toneless(rb))
