"""Time to parse all five editions from their texts (target < 2 s) and the section counts."""
from __future__ import annotations

import time
from collections import Counter

from rulings import corpus
from rulings.editions import EDITIONS


def main() -> None:
    corpus.load.cache_clear()
    total_start = time.perf_counter()
    rows = []
    for edition_id in EDITIONS:
        start = time.perf_counter()
        edition = corpus.load(edition_id)
        took = time.perf_counter() - start
        kinds = Counter(s.kind for s in edition)
        broken = sum(len(s.broken_refs) for s in edition)
        refs = sum(len(s.refs_out) for s in edition)
        rows.append((edition_id, len(edition), took, dict(kinds), refs, broken))
    total = time.perf_counter() - total_start
    for edition_id, n, took, kinds, refs, broken in rows:
        kind_text = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
        print(f"{edition_id:16} {n:5} sections  {took * 1000:7.1f} ms  refs {refs:3} broken {broken}  ({kind_text})")
    print(f"{'all five':16} {sum(r[1] for r in rows):5} sections  {total * 1000:7.1f} ms  "
          f"({'OK' if total < 2 else 'OVER'} target < 2 s)")


if __name__ == "__main__":
    main()
