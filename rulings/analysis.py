"""Text analysis for the search index: the same steps run on section text and on queries.

* NFKC first (full-width letters, digits and punctuation become ASCII; half-width katakana full-width).
* Chinese text (section or query) also goes traditional -> simplified (OpenCC t2s). Japanese never does:
  it would merge Japanese kanji spellings into Chinese ones.
* Chinese and Japanese: character bigrams over runs of CJK characters (measured: a word segmenter such
  as jieba drops katakana queries; bigrams find every expected section). Spaces inside a CJK run (PDF
  extraction: `S 攻击`, `A C E`) do not break it; any other character does. A run of one character is
  indexed as that single character.
* Latin letters and digits: lower-cased word tokens, English stop words removed, irregular verb forms and
  number words read as their base forms and digits (chosen: choose, two: 2), Porter stemming.
"""
from __future__ import annotations

import re
import unicodedata

from functools import lru_cache

from .terms import to_simplified

# Bump when anything here changes the indexed tokens: the index is rebuilt on the next start.
ANALYZER_VERSION = "4"

# Longest query text analysed; the rest is ignored (a pasted page must not cost more than a question).
MAX_QUERY_CHARS = 200

_CJK_CHAR = ("\u3005\u3006\u3007\u25cb"        # 々 〆 〇 ○ (the rules' placeholder 「○○」)
             "\u3040-\u309f\u30a0-\u30ff"      # hiragana, katakana (incl. ー)
             "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff")
CJK_RUN = re.compile(f"[{_CJK_CHAR}](?:[ \u3000\t]*[{_CJK_CHAR}])*")
_SPACES = re.compile(r"[ \u3000\t]+")
LATIN_WORD = re.compile(r"[A-Za-z0-9]+")


def prepare(text: str, language: str) -> str:
    """NFKC, and t2s for Chinese (`language == "zh"`). Applied to section text and queries alike."""
    text = unicodedata.normalize("NFKC", text or "")
    return to_simplified(text) if language == "zh" and text else text


def cjk_runs(text: str) -> list[str]:
    """The CJK runs of already prepared text, inner spaces removed."""
    return [_SPACES.sub("", m.group()) for m in CJK_RUN.finditer(text)]


def bigrams(run: str) -> list[str]:
    return [run] if len(run) < 2 else [run[i:i + 2] for i in range(len(run) - 1)]


# Whoosh's English stop words (whoosh.analysis.STOP_WORDS; tests/test_startup_caches.py checks they agree), written
# out: importing whoosh.analysis costs a one-shot search ~40 ms (it loads urllib and http.client).
STOP_WORDS = _STOP = frozenset("a an and are as at be by can for from have if in is it may not of on or tbd that the this "
                  "to us we when will with yet you your".split())


# Irregular verb forms read as their base form, and number words as digits (the renderings write "1 of your
# Digimon", "3 cards"; judges type "two blockers", "trash zero cards"; "chosen" and "choose" are one word).
# Porter stemming alone leaves chosen/choose, paid/pay, sent/send apart.
_BASE_FORMS = {
    "chosen": "choose", "chose": "choose", "drawn": "draw", "drew": "draw", "given": "give", "gave": "give",
    "taken": "take", "took": "take", "paid": "pay", "sent": "send", "kept": "keep", "held": "hold",
    "made": "make", "gone": "go", "went": "go", "came": "come", "became": "become", "began": "begin",
    "begun": "begin", "dealt": "deal", "found": "find", "laid": "lay", "brought": "bring", "broken": "break",
    "broke": "break", "hidden": "hide", "written": "write", "wrote": "write", "overwritten": "overwrite",
    "known": "know", "knew": "know", "shown": "show", "seen": "see", "lost": "lose", "won": "win", "left": "leave",
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10",
}


@lru_cache(maxsize=100_000)
def _stem(word: str) -> str:
    from whoosh.lang.porter import stem   # on the first English word: a CJK query never needs it

    word = _BASE_FORMS.get(word, word)
    return word if word.isdigit() else stem(word)


stem = _stem     # one lower-case English word's index form: its base form (chosen: choose, two: 2), stemmed


def english_tokens(text: str) -> list[str]:
    """Stemmed English tokens of prepared text (what the English fields hold): Latin words and numbers,
    lower-cased, one-letter words and English stop words dropped, Porter stems."""
    return [_stem(w) for w in LATIN_WORD.findall((text or "").lower())
            if (len(w) > 1 or w.isdigit()) and w not in _STOP]


# Small kana read as their full-size forms in tokens: ッ/ツ, ィ/イ differ in OCR and typing, not in meaning.
_SMALL_KANA = str.maketrans("ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ", "あいうえおつやゆよわアイウエオツヤユヨワカケ")


def fold_kana(text: str) -> str:
    return text.translate(_SMALL_KANA)


def cjk_tokens(text: str) -> list[str]:
    """What the CJK fields index: the bigrams of every CJK run (a one-character run as itself), small
    kana folded."""
    return [gram for run in cjk_runs(fold_kana(text)) for gram in bigrams(run)]


def cjk_chars(text: str) -> list[str]:
    """The single CJK characters of prepared text (a one-character question word such as 输 or 放)."""
    return [ch for run in cjk_runs(fold_kana(text)) for ch in run]


def cjk_chars(text: str) -> list[str]:
    """The single CJK characters of prepared text (a one-character question word such as 输 or 放)."""
    return [ch for run in cjk_runs(fold_kana(text)) for ch in run]


_WORD = re.compile(r"[a-z][a-z'-]*[a-z]|[a-z]")


def english_words(text: str) -> list[str]:
    """Lower-case English words of prepared text, unstemmed (the spelling corrector's vocabulary)."""
    return _WORD.findall((text or "").lower())
