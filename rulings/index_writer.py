"""Whoosh's SegmentWriter, for writing a whole generation in one go (rulings/index.py): the same index files,
less CPU.

Whoosh's writer is made for documents trickling in: every posting becomes a tuple in a pool that may spill
to disk, the 400,000 tuples are sorted at commit, each posting's field length is read back from the length
column on disk, and each posting passes through a generator and three calls on its way to the codec.
Writing 4,500 sections at once, this writer
- groups the postings by (field, term) as documents come: they come in number order, so each term's list
  is already sorted and only the 42,000 terms are sorted at commit;
- remembers each document's field lengths (as the length column stores them) instead of reading them back;
- hands each term's postings to Whoosh's postings writer in one loop.
Whoosh's codec writes every byte (segment, terms, postings, columns, stored fields, TOC): the files are the
ones Whoosh's own writer makes of the same documents (`bench/search_ids.py` checks the answers).
"""
from __future__ import annotations

from functools import lru_cache

from whoosh.codec.whoosh3 import W3Codec
from whoosh.system import emptybytes, pack_uint
from whoosh.util.numeric import byte_to_length, length_to_byte
from whoosh.writing import SegmentWriter

COMPRESSION = 0         # posting blocks: zlib level (Whoosh: 3): the generation is read whole into RAM, and
                        # compressing then decompressing 43,000 small blocks costs more than the 3 MB saved


class BulkWriter(SegmentWriter):
    """`SegmentWriter` for documents without boosts, vectors or separate spelling fields (the schema of
    rulings/schema.py): `add_document` and the flush at commit are leaner; the rest is Whoosh's."""

    def __init__(self, ix, **kwargs):
        kwargs.setdefault("codec", W3Codec(compression=COMPRESSION))
        super().__init__(ix, **kwargs)
        for name, field in self.schema.items():
            if field.vector or field.separate_spelling():
                raise ValueError(f"BulkWriter cannot write field {name!r} (term vectors or a spelling field)")
        # field -> term -> postings. Fields that count their tokens (schema.TokensOf fields: `counts`)
        # keep (docnums, frequencies) under the term's text, encoded once at commit (UTF-8 keeps the order
        # of the code points, so text order is Whoosh's byte order); other fields keep Whoosh's
        # (docnum, weight, value bytes) under the term's bytes.
        self._terms: dict[str, dict] = {}
        self._lengths: dict[str, dict[int, int]] = {}

    def add_document(self, **fields):
        self._check_state()
        if any(name.startswith("_") for name in fields):
            raise ValueError("BulkWriter takes no boosts or custom stored values")
        perdocwriter, schema, docnum = self.perdocwriter, self.schema, self.docnum
        names = sorted(fields)
        self._check_fields(schema, names)
        perdocwriter.start_doc(docnum)
        for name in names:
            value = fields[name]
            if value is None:
                continue
            field = schema[name]
            length = 0
            if field.indexed:
                terms = self._terms.get(name)
                if terms is None:
                    terms = self._terms[name] = {}
                counts = getattr(field, "counts", None)
                if counts is not None and isinstance(value, str):
                    for text, freq in counts(value).items():
                        length += freq
                        found = terms.get(text)
                        if found is None:
                            terms[text] = ([docnum], [freq])
                        else:
                            found[0].append(docnum)
                            found[1].append(freq)
                else:
                    scorable = field.scorable
                    for tbytes, freq, weight, vbytes in field.index(value):
                        if scorable:
                            length += freq
                        terms.setdefault(tbytes, []).append((docnum, weight, vbytes))
                if length:      # what the length column keeps, and what Whoosh's writer reads back
                    self._lengths.setdefault(name, {})[docnum] = byte_to_length(length_to_byte(length))
            perdocwriter.add_field(name, field, value if field.stored else None, length)
            if field.column_type:
                perdocwriter.add_column_value(name, field.column_type, field.to_column_value(value))
        perdocwriter.finish_doc()
        self._added = True
        self.docnum += 1

    def _flush_segment(self):
        self.perdocwriter.close()
        writer, schema = self.fieldwriter, self.schema
        for name in sorted(self._terms):
            field = schema[name]
            terms = self._terms[name]
            lengths = self._lengths.get(name, {})
            writer.start_field(name, field)
            for term in sorted(terms):
                postings = terms[term]
                if isinstance(term, str):
                    docnums, freqs = postings
                    boost = field.format.field_boost
                    writer.start_term(term.encode("utf-8"))
                    _add_postings(writer._postwriter, docnums, [f * boost for f in freqs],
                                  [_packed(f) for f in freqs], [lengths.get(d, 0) for d in docnums])
                else:
                    writer.start_term(term)
                    _add_postings(writer._postwriter, [p[0] for p in postings], [p[1] for p in postings],
                                  [emptybytes if p[2] is None else p[2] for p in postings],
                                  [lengths.get(p[0], 0) for p in postings])
                writer.finish_term()
            writer.finish_field()
        writer.close()

    def _close_segment(self):
        self._terms = {}
        super()._close_segment()


def _add_postings(pw, docnums: list, weights: list, values: list, lengths: list) -> None:
    """What `pw.add_posting(docnum, weight, value, length)` for each posting in turn does to Whoosh's
    postings writer (W3PostingsWriter, whoosh-reloaded 2.7.5: a full block is written when the next
    posting comes), a block at a time. tests/test_index_writer.py compares the files with Whoosh's writer's."""
    limit = pw._blocklimit
    for start in range(0, len(docnums), limit):
        if start:
            pw._write_block()
        end = start + limit
        block_weights = weights[start:end]
        pw._ids.extend(docnums[start:end])
        pw._weights.extend(block_weights)
        top = max(block_weights)
        if top > pw._maxweight:
            pw._maxweight = top
        pw._values.extend(v for v in values[start:end] if v)
        given = [n for n in lengths[start:end] if n]
        if given:
            low, high = min(given), max(given)
            if pw._minlength is None or low < pw._minlength:
                pw._minlength = low
            if high > pw._maxlength:
                pw._maxlength = high


@lru_cache(maxsize=None)
def _packed(freq: int) -> bytes:
    return pack_uint(freq)
