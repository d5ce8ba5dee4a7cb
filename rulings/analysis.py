"""Text analysis for the search index: the same steps run on section text and on queries.

* NFKC first (full-width letters, digits and punctuation become ASCII; half-width katakana full-width).
* Chinese text (section or query) also goes traditional -> simplified (OpenCC t2s). Japanese never does:
  it would merge Japanese kanji spellings into Chinese ones.
* Chinese and Japanese: character bigrams over runs of CJK characters, with positions, so a query is a
  phrase of bigrams (measured: a word segmenter such as jieba drops katakana queries; bigrams find
  every expected section). Spaces inside a CJK run (PDF extraction: `S 攻击`, `A C E`) do not break it;
  any other character does, and the position gap keeps phrases from spanning it. A run of one
  character is indexed as that single character.
* Latin letters and digits: lower-cased word tokens, English stop words removed, Porter stemming.
"""
from __future__ import annotations

import re
import unicodedata

from whoosh.analysis import LowercaseFilter, RegexTokenizer, StemFilter, StopFilter, Token, Tokenizer

from .terms import to_simplified

# Bump when anything here changes the indexed tokens: the index is rebuilt on the next start.
ANALYZER_VERSION = "2"

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


class CjkBigramTokenizer(Tokenizer):
    """Bigrams of each CJK run; other characters only separate runs (position gap of 1)."""

    def __eq__(self, other):
        return type(self) is type(other)

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        pos = start_pos
        for run in cjk_runs(value):
            for gram in bigrams(run):
                t.text = gram
                t.boost = 1.0
                t.stopped = False
                if keeporiginal:
                    t.original = gram
                if positions:
                    t.pos = pos
                if chars:               # offsets are not kept: snippets are built from the stored text
                    t.startchar = t.endchar = start_char
                pos += 1
                yield t
            pos += 1


def cjk_analyzer():
    return CjkBigramTokenizer()


def english_analyzer():
    return RegexTokenizer(LATIN_WORD.pattern) | LowercaseFilter() | StopFilter() | StemFilter()


_EN = english_analyzer()


def english_tokens(text: str) -> list[str]:
    """Stemmed English tokens of prepared text (what the English fields hold)."""
    return [t.text for t in _EN(text)]


def cjk_tokens(text: str) -> list[str]:
    """What the CJK fields index: the bigrams of every CJK run (a one-character run as itself)."""
    return [gram for run in cjk_runs(text) for gram in bigrams(run)]


_WORD = re.compile(r"[a-z][a-z'-]*[a-z]|[a-z]")


def english_words(text: str) -> list[str]:
    """Lower-case English words of prepared text, unstemmed (the spelling corrector's vocabulary)."""
    return _WORD.findall((text or "").lower())
