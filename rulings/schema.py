"""The Whoosh schema of the search index: one document per section, its number as ID.

Fields (BM25F; the field boosts are the query's, rulings/search.py FIELD_BOOSTS and clause boosts):

    ref, edition            IDs (ref unique, also a column); a section's game and language are its
                            edition's, its parent is named by its number (index.parent_ref)
    title, body             CJK bigrams of the title / own text (small kana folded; Chinese simplified)
    body1                   single CJK characters of the own text (输, 放, 级), those a query may use only:
                            no hiragana, none in more than STOP_SHARE of the sections
    title_en, body_en       English stems of the text, plus the English names of the terms and glosses it
                            names in Chinese or Japanese
    english                 English stems of the section's unofficial English rendering, when there is one
    heading_terms           ids of the terms its ancestors' titles name or define: a paragraph inherits its
                            headings' subjects (4.9.1.p13 says 誓约 only in its heading; rulings/search.py
                            also credits it with what its ancestors' titles show, through `parent`)
    terms, title_terms      ids of the edition's game's terms named in the text / the title
    defines                 ids of the terms this section defines
    title_key               the exact title (terms.alias_key): exact-title hits
    words                   the English words of title_en/body_en, unstemmed, each in the first section
                            using it: the spelling corrector's vocabulary (Whoosh's reader corrector)
    counts                  kinds of number the text states (card, creature, times, level, any): "how many"
    doc                     stored: what a result shows (title, text, snippet sources, ...)

The analyzers below run rulings/analysis.py's steps, so a section and a query are read alike; a query is
compiled straight to Term queries of the tokens the same functions give.
"""
from __future__ import annotations

from collections import Counter

from whoosh import columns, fields, formats
from whoosh.analysis import Token, Tokenizer
from whoosh.codec.whoosh3 import W3Codec
from whoosh.system import pack_uint

from . import analysis

SEP = "\x1f"     # between the ids of an id field (a term id or a title key may hold a space)


class TokensOf(Tokenizer):
    """A tokenizer emitting what one of rulings/analysis.py's functions makes of the text (picklable: the
    schema is stored in the index by name)."""

    KINDS = {"cjk": analysis.cjk_tokens, "chars": analysis.cjk_chars, "english": analysis.english_tokens,
             "words": analysis.english_words, "ids": lambda text: [t for t in text.split(SEP) if t]}

    def __init__(self, kind: str):
        self.kind = kind

    def __eq__(self, other):
        return type(other) is type(self) and other.kind == self.kind

    def strings(self, value: str) -> list[str]:
        return self.KINDS[self.kind](value)

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for i, text in enumerate(self.KINDS[self.kind](value)):
            token.text = text
            token.boost = 1.0
            token.stopped = False
            if positions:
                token.pos = start_pos + i
            yield token


class _Counted:
    """`index` of a field with a TokensOf analyzer and Whoosh's Frequency format: the tokenizer's strings
    counted, without a Token object per word (a third of the index build's CPU). Gives what Whoosh's
    `Frequency.word_values` gives: (term bytes, frequency, frequency x field boost, packed frequency)."""

    def index(self, value, **kwargs):
        if not isinstance(value, str) or type(self.format) is not formats.Frequency:
            yield from super().index(value, **kwargs)
            return
        boost = self.format.field_boost
        for text, freq in self.counts(value).items():
            yield text.encode("utf-8"), freq, freq * boost, pack_uint(freq)

    def counts(self, value: str) -> Counter:
        """Each token's text -> its frequency."""
        return Counter(self.analyzer.strings(value))


class CountedText(_Counted, fields.TEXT):
    pass


class CountedKeyword(_Counted, fields.KEYWORD):
    pass


def _text(kind: str) -> fields.TEXT:
    return CountedText(analyzer=TokensOf(kind), phrase=False)


def _ids() -> fields.TEXT:
    # scorable (TEXT): BM25F needs field lengths, and Whoosh's writer looks for a field's length column
    # once per posting when it has none
    return CountedText(analyzer=TokensOf("ids"), phrase=False)


def _column() -> fields.COLUMN:
    return fields.COLUMN(columns.VarBytesColumn())


def schema() -> fields.Schema:
    return fields.Schema(
        ref=fields.ID(unique=True, sortable=True), edition=fields.ID,
        # a ranking column only (not searched), read for Whoosh's top N
        counts=_column(),
        title=_text("cjk"), body=_text("cjk"), body1=_text("chars"),
        title_en=_text("english"), body_en=_text("english"), english=_text("english"),
        heading_terms=_ids(),
        terms=_ids(), title_terms=_ids(), defines=_ids(), title_key=_ids(),
        words=CountedKeyword(analyzer=TokensOf("words"), scorable=True),   # scorable: see _ids
        doc=fields.STORED,
    )


class Codec(W3Codec):
    """Whoosh's W3 codec, set up for a generation that is read whole into RAM and searched without block
    skipping (rulings/search.py: optimize=False):
    * `compression=0` (the caller's): posting blocks not zlib-compressed; compressing then decompressing
      43,000 small blocks costs more CPU than the 3 MB it saves;
    * `length_stats = False` (Whoosh's own codec switch, as its plaintext codec sets it): the writer does
      not read each posting's field length back to keep per-term min/max lengths, which only bound a
      block's best score for skipping (a third of the writer's CPU: 420,000 postings). The field lengths
      BM25F scores with are written as before; a bound left at length 0 only skips fewer blocks."""

    length_stats = False


CASEBOOK = "CASEBOOK"   # the casebook's rulings: a second index in the same generation


def casebook_schema() -> fields.Schema:
    """The casebook's rulings (English): found by their words, and by the sections they cite."""
    return fields.Schema(
        id=fields.ID(unique=True), game=fields.ID,
        text=_text("english"),          # title, question, answer, tags
        cites=_ids(),                   # refs of its sources and of its expected citations
        doc=fields.STORED,
    )
