"""The search index's storage: BM25F weights per (token, section), precomputed at build time and summed with
numpy at query time.

Whoosh took ~12 s to write the 4,554 sections (its posting writer is pure Python per posting) and a few ms
to run a question's 30 clauses; these flat arrays are written in well under a second and a clause costs
one fancy-indexed add over its postings.

Files of one generation (written by `write`, read by `PostingsIndex.load`):

    vocab.json      {"field\\x1ftoken": [offset, count], ...}
    docs.npy        int32 section numbers of every posting, grouped by token
    weights.npy     float32 BM25F weight of each posting (idf x saturated tf x field boost)
    stored.json     the stored fields of every section (ref, title, text, snippet sources, ...)

Everything is JSON or plain arrays (numpy loads them with allow_pickle=False): a damaged or hostile data
directory cannot run code.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np

K1 = 1.2
B = 0.5
SEP = "\x1f"
FILES = ("vocab.json", "docs.npy", "weights.npy", "stored.json")


class PostingsError(ValueError):
    """The files of a generation do not form an index (missing, truncated, inconsistent)."""


def write(path: Path, fields: dict[str, float], documents: list[dict[str, list[str]]], stored: list[dict]) -> None:
    """Write the index of `documents` (per section: field -> tokens, repeats counting as term frequency)
    with per-field boosts `fields` into the directory `path`."""
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
    vocab = {key: [int(offsets[i]), int(counts[i])] for key, i in keys.items()}
    (path / "vocab.json").write_text(json.dumps(vocab, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    with open(path / "docs.npy", "wb") as f:
        np.save(f, docs.astype(np.int32), allow_pickle=False)
    with open(path / "weights.npy", "wb") as f:
        np.save(f, weights.astype(np.float32), allow_pickle=False)
    (path / "stored.json").write_text(json.dumps(stored, ensure_ascii=False, separators=(",", ":")),
                                      encoding="utf-8")


class PostingsIndex:
    """A loaded generation: postings by token, stored fields by section number (0..n-1)."""

    def __init__(self, vocab: dict, docs: np.ndarray, weights: np.ndarray, stored: list[dict]):
        self.vocab = vocab
        self.docs = docs
        self.weights = weights
        self.stored = stored
        self.by_ref = {s["ref"]: i for i, s in enumerate(stored)}
        self.size = len(stored)
        self.frequency_cache: dict[str, int] = {}

    @classmethod
    def load(cls, path: Path) -> "PostingsIndex":
        try:
            vocab = json.loads((path / "vocab.json").read_text(encoding="utf-8"))
            docs = np.load(path / "docs.npy", allow_pickle=False)
            weights = np.load(path / "weights.npy", allow_pickle=False)
            stored = json.loads((path / "stored.json").read_text(encoding="utf-8"))
        except (OSError, ValueError, EOFError) as e:
            raise PostingsError(f"{type(e).__name__}: {e}") from None
        if not isinstance(vocab, dict) or not isinstance(stored, list):
            raise PostingsError("vocab.json / stored.json do not hold an index")
        if docs.shape != weights.shape or docs.ndim != 1:
            raise PostingsError("docs.npy and weights.npy differ in shape")
        if len(docs) and (int(docs.min()) < 0 or int(docs.max()) >= len(stored)):
            raise PostingsError("docs.npy names sections that stored.json does not have")
        end = max((o + c for o, c in vocab.values()), default=0)
        if end != len(docs):
            raise PostingsError("vocab.json and docs.npy disagree on the number of postings")
        return cls(vocab, docs, weights, stored)

    def postings(self, field: str, token: str) -> tuple[np.ndarray, np.ndarray] | None:
        found = self.vocab.get(field + SEP + token)
        if not found:
            return None
        offset, count = found
        return self.docs[offset:offset + count], self.weights[offset:offset + count]

    def doc_frequency(self, field: str, token: str) -> int:
        found = self.vocab.get(field + SEP + token)
        return found[1] if found else 0

    def close(self) -> None:
        """Nothing to release (the arrays are in memory); kept for the searcher's interface."""
