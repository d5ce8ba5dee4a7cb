"""The search index's storage: BM25F weights per (token, section), precomputed at build time and summed with
numpy at query time.

Whoosh took ~12 s to write the 4,554 sections (its posting writer is pure Python per posting) and a few ms
to run a question's 30 clauses; these flat arrays are written in well under a second and a clause costs
one fancy-indexed add over its postings.

Files of one generation (written by `write`, read by `PostingsIndex.load`):

    vocab.txt       every "field\x1ftoken", one a line, in token order
    spans.npy       int32 [offset, count] of each token's postings (row k: line k of vocab.txt)
    docs.npy        int32 section numbers of every posting, grouped by token
    weights.npy     float32 BM25F weight of each posting (idf x saturated tf x field boost)
    stored.jsonl    the stored fields of every section (ref, title, text, snippet sources, ...), one JSON
                    object a line, decoded when a section is first shown (a one-shot search shows ten)
    lines.npy       int64 byte offset of each line of stored.jsonl, and its length (n + 1 values)
    columns.json    per-section columns every search needs at once (ref, edition, game, ...), as lists

Everything is JSON, text or plain arrays (numpy loads them with allow_pickle=False): a damaged or hostile
data directory cannot run code. A one-shot `judge search` reads them in a few ms, where decoding the same
vocabulary and sections as one JSON document each took ~0.2 s.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np

K1 = 1.2
B = 0.5
SEP = "\x1f"
FILES = ("vocab.txt", "spans.npy", "docs.npy", "weights.npy", "stored.jsonl", "lines.npy", "columns.json")


class PostingsError(ValueError):
    """The files of a generation do not form an index (missing, truncated, inconsistent)."""


def write(path: Path, fields: dict[str, float], documents: list[dict[str, list[str]]], stored: list[dict],
          columns: dict[str, list]) -> None:
    """Write the index of `documents` (per section: field -> tokens, repeats counting as term frequency)
    with per-field boosts `fields` into the directory `path`; `stored` is what each section shows,
    `columns` (name -> one value per section, `ref` among them) what every search needs of all of them."""
    n = len(documents)
    keys: dict[str, int] = {}
    all_ids, all_docs, all_weights = [], [], []
    for name, boost in fields.items():
        token_keys: list[str] = []
        tfs: list[int] = []
        doc_ids: list[int] = []
        lengths = np.zeros(max(n, 1), dtype=np.float64)
        for i, doc in enumerate(documents):
            counts = Counter(doc.get(name, ()))
            token_keys.extend(counts.keys())
            tfs.extend(counts.values())
            doc_ids.extend([i] * len(counts))
            lengths[i] = sum(counts.values())
        if not token_keys:
            continue
        prefix = name + SEP
        ids = np.array([keys.setdefault(prefix + t, len(keys)) for t in token_keys], dtype=np.int64)
        docs = np.array(doc_ids, dtype=np.int64)
        tf = np.array(tfs, dtype=np.float64)
        frequency = np.bincount(ids, minlength=len(keys))[ids]
        idf = np.log(1 + (n - frequency + 0.5) / (frequency + 0.5))
        average = lengths[:n].mean() or 1.0
        norm = K1 * (1 - B + B * lengths[docs] / average)
        all_ids.append(ids)
        all_docs.append(docs)
        all_weights.append(boost * idf * tf * (K1 + 1) / (tf + norm))
    ids = np.concatenate(all_ids) if all_ids else np.zeros(0, dtype=np.int64)
    docs = np.concatenate(all_docs) if all_docs else np.zeros(0, dtype=np.int64)
    weights = np.concatenate(all_weights) if all_weights else np.zeros(0)
    order = np.lexsort((docs, ids))
    ids, docs, weights = ids[order], docs[order], weights[order]
    counts = np.bincount(ids, minlength=len(keys))
    offsets = np.concatenate([[0], np.cumsum(counts)[:-1]]) if len(keys) else np.zeros(0, dtype=np.int64)
    if any("\n" in key for key in keys):
        raise PostingsError("a token holds a line break")
    (path / "vocab.txt").write_text("\n".join(keys), encoding="utf-8")      # dicts keep insertion order: id order
    with open(path / "spans.npy", "wb") as f:
        np.save(f, np.stack([offsets, counts], axis=1).reshape(-1, 2).astype(np.int32), allow_pickle=False)
    with open(path / "docs.npy", "wb") as f:
        np.save(f, docs.astype(np.int32), allow_pickle=False)
    with open(path / "weights.npy", "wb") as f:
        np.save(f, weights.astype(np.float32), allow_pickle=False)
    # json.dumps escapes line breaks inside strings: one line per section
    lines = [(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8") for doc in stored]
    (path / "stored.jsonl").write_bytes(b"".join(lines))
    with open(path / "lines.npy", "wb") as f:
        np.save(f, np.cumsum([0] + [len(line) for line in lines], dtype=np.int64), allow_pickle=False)
    (path / "columns.json").write_text(json.dumps(columns, ensure_ascii=False, separators=(",", ":")),
                                       encoding="utf-8")


class StoredSections(Sequence):
    """The stored fields of every section, each decoded from its line of stored.jsonl on first use."""

    def __init__(self, data: bytes, offsets: np.ndarray):
        self._data = data
        self._offsets = offsets
        self._decoded: list[dict | None] = [None] * (len(offsets) - 1)

    def __len__(self) -> int:
        return len(self._decoded)

    def __getitem__(self, i: int) -> dict:
        doc = self._decoded[i]
        if doc is None:
            doc = self._decoded[i] = json.loads(self._data[int(self._offsets[i]):int(self._offsets[i + 1])])
        return doc

    def __iter__(self):
        return (self[i] for i in range(len(self._decoded)))


class PostingsIndex:
    """A loaded generation: postings by token, stored fields and columns by section number (0..n-1)."""

    def __init__(self, keys: list[str], spans: np.ndarray, docs: np.ndarray, weights: np.ndarray,
                 stored: Sequence[dict], columns: dict[str, list]):
        self.vocab = dict(zip(keys, range(len(keys))))      # "field\x1ftoken" -> row of spans
        self.spans = spans
        self.docs = docs
        self.weights = weights
        self.stored = stored
        self.columns = columns
        self.by_ref = dict(zip(columns["ref"], range(len(columns["ref"]))))
        self.size = len(stored)

    @classmethod
    def load(cls, path: Path) -> "PostingsIndex":
        try:
            keys = (path / "vocab.txt").read_text(encoding="utf-8").split("\n")
            spans = np.load(path / "spans.npy", allow_pickle=False)
            docs = np.load(path / "docs.npy", allow_pickle=False)
            weights = np.load(path / "weights.npy", allow_pickle=False)
            stored = (path / "stored.jsonl").read_bytes()
            offsets = np.load(path / "lines.npy", allow_pickle=False)
            columns = json.loads((path / "columns.json").read_text(encoding="utf-8"))
        except (OSError, ValueError, EOFError) as e:
            raise PostingsError(f"{type(e).__name__}: {e}") from None
        keys = keys if keys != [""] else []
        if (offsets.ndim != 1 or not len(offsets) or not np.issubdtype(offsets.dtype, np.integer)
                or int(offsets[0]) != 0 or int(offsets[-1]) != len(stored) or (np.diff(offsets) <= 0).any()):
            raise PostingsError("lines.npy does not hold the line offsets of stored.jsonl")
        sections = len(offsets) - 1
        if not isinstance(columns, dict) or not all(isinstance(c, list) and len(c) == sections
                                                    for c in columns.values()) or "ref" not in columns:
            raise PostingsError("columns.json does not hold one value per section of stored.jsonl")
        if spans.ndim != 2 or spans.shape != (len(keys), 2) or not np.issubdtype(spans.dtype, np.integer):
            raise PostingsError("spans.npy does not hold one [offset, count] per line of vocab.txt")
        if docs.shape != weights.shape or docs.ndim != 1:
            raise PostingsError("docs.npy and weights.npy differ in shape")
        if len(docs) and (int(docs.min()) < 0 or int(docs.max()) >= sections):
            raise PostingsError("docs.npy names sections that stored.jsonl does not have")
        end = int((spans[:, 0].astype(np.int64) + spans[:, 1]).max()) if len(spans) else 0
        if end != len(docs) or (len(spans) and int(spans.min()) < 0):
            raise PostingsError("vocab and docs.npy disagree on the number of postings")
        return cls(keys, spans, docs, weights, StoredSections(stored, offsets), columns)

    def postings(self, field: str, token: str) -> tuple[np.ndarray, np.ndarray] | None:
        row = self.vocab.get(field + SEP + token)
        if row is None:
            return None
        offset, count = int(self.spans[row, 0]), int(self.spans[row, 1])
        if not count:
            return None
        return self.docs[offset:offset + count], self.weights[offset:offset + count]

    def doc_frequency(self, field: str, token: str) -> int:
        row = self.vocab.get(field + SEP + token)
        return 0 if row is None else int(self.spans[row, 1])

    def close(self) -> None:
        """Nothing to release (the arrays are in memory); kept for the searcher's interface."""
