"""Put a Japanese and a Chinese DCG rule on common ground, to compare them and to show what differs.

Both texts go through NFKC and case folding. Chinese goes traditional -> simplified (OpenCC `t2s`).
Japanese kanji go to their traditional form (OpenCC `jp2t`, e.g. 発 -> 發) and then to simplified (`t2s`,
發 -> 发), so 進化 and 进化 meet; kana are left alone (they have no Chinese counterpart). Conversion is
done character by character, so every normalised character knows the original character it came from
(the rule page highlights the original text). Game terms (rulings/data/terms.yaml) and a few everyday
katakana words (rulings/data/align_vocab.yaml) become one shared token per concept: ブロッカー and 阻挡者
compare equal.

Nothing here imports the web app: `judge align` and `judge diff` use it from the command line.
"""
from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

VOCAB_FILE = Path(__file__).resolve().parent / "data" / "align_vocab.yaml"

# Japanese shapes that jp2t + t2s leave apart from the Chinese ones the rules use.
_EXTRA = {"鬭": "斗", "鬥": "斗", "値": "值"}
_TOKEN_BASE = 0xE000          # private-use characters stand for shared concepts
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_RUN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ue000-\uefff]+")   # hanzi and tokens
_NUMBER = re.compile(r"\d+")
# Section numbers printed in the text ("详细参照 9-3-6") differ between editions by design.
_SECTION_REF = re.compile(r"\d+(?:\s*[-－‐]\s*\d+)+")


@lru_cache(maxsize=2)
def _converter(config: str):
    import opencc

    return opencc.OpenCC(config)


@lru_cache(maxsize=20000)
def _char(ch: str, language: str) -> str:
    s = unicodedata.normalize("NFKC", ch).casefold()
    if not any("\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" for c in s):
        return s
    if language == "ja":
        s = _converter("jp2t").convert(s)
    s = _converter("t2s").convert(s)
    return "".join(_EXTRA.get(c, c) for c in s)


def normalize(text: str, language: str) -> tuple[str, list[int]]:
    """Normalised text and, for each of its characters, the index of the original character."""
    out: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text or ""):
        for c in _char(ch, language):
            out.append(c)
            origin.append(i)
    return "".join(out), origin


@lru_cache(maxsize=1)
def _concepts() -> dict[str, list[tuple[str, str]]]:
    """language -> [(normalised spelling, token char)], longest spelling first."""
    from .terms import all_terms

    groups: list[dict[str, list[str]]] = [
        {"ja": list(t.names("ja")), "zh": list(t.names("zh"))} for t in all_terms("dcg")]
    groups += yaml.safe_load(VOCAB_FILE.read_text(encoding="utf-8")) or []
    table: dict[str, list[tuple[str, str]]] = {"ja": [], "zh": []}
    for k, group in enumerate(groups):
        token = chr(_TOKEN_BASE + k)
        for language in ("ja", "zh"):
            for name in group.get(language) or []:
                key = normalize(re.sub(r"[《》『』«»<>【】\[\]{}\s]", "", name), language)[0]
                if len(key) >= 2 or _HAN.fullmatch(key) is None:   # one hanzi alone is too loose
                    if key:
                        table[language].append((key, token))
    for language in table:
        table[language].sort(key=lambda kv: -len(kv[0]))
    return table


@lru_cache(maxsize=1)
def _concept_patterns() -> dict[str, tuple[re.Pattern, dict[str, str]]]:
    out = {}
    for language, pairs in _concepts().items():
        lookup = {}
        for key, token in pairs:
            lookup.setdefault(key, token)
        pattern = re.compile("|".join(re.escape(k) for k, _ in pairs))
        out[language] = (pattern, lookup)
    return out


def tokenized(text: str, language: str) -> tuple[str, list[tuple[int, int]]]:
    """Normalised text with terms replaced by their concept tokens, spaces removed; for each character
    the span (first, last) of original characters it stands for."""
    s, origin = normalize(text, language)
    pattern, lookup = _concept_patterns()[language]
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in pattern.finditer(s):
        out.extend(s[pos:m.start()])
        spans.extend((o, o) for o in origin[pos:m.start()])
        out.append(lookup[m.group()])
        spans.append((origin[m.start()], origin[m.end() - 1]))
        pos = m.end()
    out.extend(s[pos:])
    spans.extend((o, o) for o in origin[pos:])
    keep = [k for k, c in enumerate(out) if not c.isspace()]
    return "".join(out[k] for k in keep), [spans[k] for k in keep]


def comparable(text: str, language: str) -> str:
    """Normalised text with terms replaced by their concept tokens and spaces removed."""
    return tokenized(text, language)[0]


def features(text: str, language: str) -> Counter:
    """What two rules can share: concept tokens, hanzi and hanzi bigrams, numbers (not section numbers)."""
    s = comparable(_SECTION_REF.sub(" ", text), language)
    out: Counter = Counter()
    for m in _NUMBER.finditer(s):
        out["#" + m.group()] += 1
    for c in s:
        if ord(c) >= _TOKEN_BASE and ord(c) < _TOKEN_BASE + 4096:
            out[c] += 1
    for m in _RUN.finditer(s):
        run = m.group()
        for c in run:
            if not ord(c) >= _TOKEN_BASE:
                out[c] += 1
        for i in range(len(run) - 1):
            out[run[i:i + 2]] += 1
    return out


_EXAMPLE = re.compile(r"[(（](?:例|详细|詳細)[^()（）]*(?:[(（][^()（）]*[)）][^()（）]*)*[)）]")


def numbers(text: str) -> set[str]:
    """The numbers a rule states (DP, counts, costs): not the section numbers it refers to, not those of its
    examples, and not 1 (both languages use it as an article: 1 枚のカード, 1 张卡牌)."""
    s = unicodedata.normalize("NFKC", text or "")
    s = _SECTION_REF.sub(" ", _EXAMPLE.sub(" ", s))
    return {n for n in _NUMBER.findall(s) if n != "1"}


@dataclass(frozen=True)
class Segment:
    text: str
    changed: bool


def highlight(text: str, language: str, other: str, other_language: str) -> list[Segment]:
    """`text` cut into runs that the other edition's text shares (after normalisation) or not.

    A character-level comparison that ignores order: Japanese puts the verb last, Chinese does not, so
    an ordered diff would flag a faithful translation. A character (or term) is a difference when the
    other text does not have it at all.

    Hiragana, spaces and punctuation are never a difference: they are Japanese grammar and layout, with
    nothing to match in Chinese.
    """
    a, spans = tokenized(text, language)
    b, _ = tokenized(other, other_language)
    shared = [False] * len(text)
    present = set(b)
    for k, c in enumerate(a):
        if c in present:
            first, last = spans[k]
            for i in range(first, last + 1):
                shared[i] = True
    for i, ch in enumerate(text):
        if not ch.strip() or unicodedata.category(ch)[0] in "PZ" or "\u3041" <= ch <= "\u309f":
            shared[i] = True
    segments: list[Segment] = []
    for i, ch in enumerate(text):
        changed = not shared[i]
        if segments and segments[-1].changed == changed:
            segments[-1] = Segment(segments[-1].text + ch, changed)
        else:
            segments.append(Segment(ch, changed))
    return segments


def cosine(a: Counter, b: Counter, weight) -> float:
    dot = sum(weight(k) ** 2 * v * b[k] for k, v in a.items() if k in b)
    if not dot:
        return 0.0
    na = math.sqrt(sum((weight(k) * v) ** 2 for k, v in a.items()))
    nb = math.sqrt(sum((weight(k) * v) ** 2 for k, v in b.items()))
    return dot / (na * nb)
