"""Build the section alignment CN 1.2 -> JP 3.6 from the two texts: rulings/data/align_dcg.yaml.

    python -m rulings.align_build            # rewrite the data file
    python -m rulings.align_build --check    # exit 1 when the data file is not what the texts give

How (docs/align.md has the details):
1. every section becomes features (rulings/align_text.py: shared hanzi, hanzi bigrams, term tokens,
   numbers), TF-IDF weighted; a heading also gets the features of everything under it;
2. score = cosine of the two sections (+ 0.3 × the cosine of their parents' subtrees: the same topic);
3. anchors = pairs that are each other's best match with score >= ANCHOR;
4. between two consecutive anchors whose Japanese positions are in order and close, the sections in
   between are aligned by sequence alignment (dynamic programming, score - GAP per matched pair);
   the rest take their best match anywhere, nudged towards the neighbouring anchors (moved rules);
5. kind: stated numbers that differ -> `changed`; a different number of sentences, an example on one side
   only, a length out of proportion or a low score -> `reworded`; else `same`.
Reviewed corrections (rulings/data/align_dcg_review.yaml) are applied last and marked `source: review`;
the automatic pick stays in `auto` so the reviewed sample measures the generator, not the corrections.
"""
from __future__ import annotations

import argparse
import math
import re
import sys
from collections import Counter
from pathlib import Path

import yaml

from .align_text import features, numbers

DATA_DIR = Path(__file__).resolve().parent / "data"
DATA_FILE = DATA_DIR / "align_dcg.yaml"
REVIEW_FILE = DATA_DIR / "align_dcg_review.yaml"
SOURCE, TARGET = "dcg-zh-1.2", "dcg-ja-3.6"

ANCHOR = 0.35        # a mutual best match this good anchors the sequence alignment
GAP = 0.12           # a pair must score above this to be worth aligning
FALLBACK = 0.3       # an unanchored section takes its best match only when it scores this much
CONTEXT = 0.3        # weight of the parents' similarity
NEAR_BONUS = 0.08    # nudge towards the neighbouring anchors for unanchored sections
SAME = 0.4           # a pair scoring less is `reworded`, not `same`
HEADING_SAME = 0.25  # headings state no rule: `same` from this score, else `reworded`
LENGTH_RATIO = 1.35  # a faithful JP translation runs about this many characters per CN character
LENGTH_SLACK = 0.7   # |log(JP/CN length / LENGTH_RATIO)| beyond this: one says more than the other
SECONDARY = 0.85     # other sections scoring this fraction of the best one are listed too
NUMBER_WEIGHT = 2.0
SHAPE_PENALTY = 0.15  # a heading (a section with sub-sections) rarely states the same rule as a leaf


def _vectors(secs, language, idf):
    out = []
    for s in secs:
        f = features(f"{s.title}\n{s.text}", language)
        out.append({k: idf(k) * (1 + math.log(v)) * (NUMBER_WEIGHT if k[0] == "#" else 1) for k, v in f.items()})
    return out


def _unit(v: dict) -> dict:
    n = math.sqrt(sum(x * x for x in v.values())) or 1.0
    return {k: x / n for k, x in v.items()}


def _subtrees(secs, vecs):
    index = {s.number: i for i, s in enumerate(secs)}
    out = [Counter(v) for v in vecs]
    for i, s in enumerate(secs):
        p = s.parent
        while p and p in index:
            out[index[p]].update(vecs[i])
            p = secs[index[p]].parent
    return [dict(c) for c in out]


def _matrix(a: list[dict], b: list[dict]):
    """Cosine matrix (dense list of lists) of unit vectors through an inverted index."""
    inverted: dict[str, list[tuple[int, float]]] = {}
    for j, v in enumerate(b):
        for k, x in v.items():
            inverted.setdefault(k, []).append((j, x))
    out = []
    for v in a:
        row = [0.0] * len(b)
        for k, x in v.items():
            for j, y in inverted.get(k, ()):
                row[j] += x * y
        out.append(row)
    return out


def score_matrix(cn, ja):
    """score[i][j] between CN section i and JP section j."""
    fz = [features(f"{s.title}\n{s.text}", "zh") for s in cn]
    fj = [features(f"{s.title}\n{s.text}", "ja") for s in ja]
    df: Counter = Counter()
    for f in fz + fj:
        df.update(f.keys())
    total = len(fz) + len(fj)

    def idf(k):
        return math.log((total + 1) / (df[k] + 1)) + 1

    vz, vj = _vectors(cn, "zh", idf), _vectors(ja, "ja", idf)
    own = _matrix([_unit(v) for v in vz], [_unit(v) for v in vj])
    tz, tj = _subtrees(cn, vz), _subtrees(ja, vj)
    tree = _matrix([_unit(v) for v in tz], [_unit(v) for v in tj])
    iz = {s.number: i for i, s in enumerate(cn)}
    ij = {s.number: j for j, s in enumerate(ja)}
    pz = [iz.get(s.parent, -1) for s in cn]
    pj = [ij.get(s.parent, -1) for s in ja]
    score = []
    for i, a in enumerate(cn):
        row = []
        for j, b in enumerate(ja):
            if a.children and b.children:
                base = 0.5 * own[i][j] + 0.5 * tree[i][j]
            else:
                base = own[i][j] - (SHAPE_PENALTY if bool(a.children) != bool(b.children) else 0.0)
            if (a.depth == 1) != (b.depth == 1):
                base -= SHAPE_PENALTY      # chapters match chapters
            ctx = tree[pz[i]][pj[j]] if pz[i] >= 0 and pj[j] >= 0 else 0.0
            row.append(base + CONTEXT * ctx)
        score.append(row)
    return score


def _argmax(row):
    return max(range(len(row)), key=row.__getitem__)


def _sequence_align(score, rows, cols, match):
    """Needleman-Wunsch without gap costs: the in-order pairing of rows and cols with the most score."""
    n, m = len(rows), len(cols)
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    move = [[0] * (m + 1) for _ in range(n + 1)]
    for a in range(1, n + 1):
        srow = score[rows[a - 1]]
        for b in range(1, m + 1):
            options = (best[a - 1][b], best[a][b - 1], best[a - 1][b - 1] + srow[cols[b - 1]] - GAP)
            k = max(range(3), key=options.__getitem__)
            best[a][b], move[a][b] = options[k], k
    a, b = n, m
    while a > 0 and b > 0:
        if move[a][b] == 2:
            match[rows[a - 1]] = cols[b - 1]
            a, b = a - 1, b - 1
        elif move[a][b] == 0:
            a -= 1
        else:
            b -= 1


def align_indices(score) -> dict[int, int]:
    """CN index -> JP index of the primary counterpart (absent: none)."""
    nz, nj = len(score), len(score[0])
    rowbest = [_argmax(r) for r in score]
    colbest = [max(range(nz), key=lambda i: score[i][j]) for j in range(nj)]
    anchors = [(i, rowbest[i]) for i in range(nz)
               if colbest[rowbest[i]] == i and score[i][rowbest[i]] >= ANCHOR]
    match = dict(anchors)
    for (i1, j1), (i2, j2) in zip([(-1, -1)] + anchors, anchors + [(nz, nj)]):
        rows = list(range(i1 + 1, i2))
        if not rows:
            continue
        if j1 < j2 and j2 - j1 <= 3 * (i2 - i1) + 10:
            _sequence_align(score, rows, list(range(j1 + 1, j2)), match)
        for i in rows:
            if i in match:
                continue
            row = list(score[i])
            if j1 >= 0:
                for j in range(j1 + 1, min(nj, j1 + 1 + (i - i1) + 3)):
                    row[j] += NEAR_BONUS
            if j2 < nj:
                for j in range(max(0, j2 - (i2 - i) - 3), j2):
                    row[j] += NEAR_BONUS
            j = _argmax(row)
            if score[i][j] >= FALLBACK:
                match[i] = j
    return match


def _sentences(text: str) -> int:
    """Sentences of a rule outside brackets (examples and references are bracketed in both editions)."""
    return len([s for s in re.split("。", _BRACKETED.sub("", text or "")) if s.strip()])


_BRACKETED = re.compile(r"[(（][^()（）]*[)）]")


def kind_of(cn_sec, ja_sec, score: float) -> str:
    """same | reworded | changed, from the texts (measured on the reviewed pairs: docs/align.md).

    Stated numbers that differ make a change. A faithful translation has as many sentences, an example
    on both sides or on neither, a length in proportion and a high score; anything else is reworded."""
    if cn_sec.children and ja_sec.children and not (cn_sec.text or ja_sec.text):
        return "same" if score >= HEADING_SAME else "reworded"   # headings state no rule of their own
    ours, theirs = numbers(cn_sec.title + cn_sec.text), numbers(ja_sec.title + ja_sec.text)
    if ours and theirs and ours != theirs:
        return "changed"
    if _sentences(cn_sec.text) != _sentences(ja_sec.text) or ("例" in cn_sec.text) != ("例" in ja_sec.text):
        return "reworded"
    ratio = len(ja_sec.text) / max(1, len(cn_sec.text))
    in_proportion = abs(math.log(max(ratio, 1e-3) / LENGTH_RATIO)) <= LENGTH_SLACK
    return "same" if score >= SAME and in_proportion else "reworded"


def build() -> dict:
    from .corpus import load

    cn, ja = list(load(SOURCE)), list(load(TARGET))
    score = score_matrix(cn, ja)
    primary = align_indices(score)
    review = _load_review()
    entries = []
    used: set[int] = set()
    taken = set(primary.values())     # a JP section that is another CN section's counterpart
    ij = {s.number: j for j, s in enumerate(ja)}
    for i, sec in enumerate(cn):
        picks: list[int] = []
        if i in primary:
            j0 = primary[i]
            picks = [j0] + sorted(
                (j for j, x in enumerate(score[i])
                 if j != j0 and j not in taken and x >= max(SECONDARY * score[i][j0], ANCHOR)),
                key=lambda j: -score[i][j])[:2]
        entry = {"cn": sec.number, "fingerprint": sec.fingerprint}
        if sec.number in review:
            # keep the automatic pick: the reviewed sample measures the generator, not the corrections
            entry["auto"] = ({"ja": ja[picks[0]].number, "kind": kind_of(sec, ja[picks[0]], score[i][picks[0]])}
                             if picks else {"ja": None})
            picks = [ij[str(n)] for n in review[sec.number].get("ja") or []]
            entry["source"] = "review"
        matches = []
        for k, j in enumerate(picks):
            s = max(0.0, min(1.0, score[i][j]))
            kind = kind_of(sec, ja[j], s)
            if k == 0 and sec.number in review and review[sec.number].get("kind"):
                kind = review[sec.number]["kind"]
            matches.append({"ja": ja[j].number, "fingerprint": ja[j].fingerprint,
                            "score": round(s, 3), "kind": kind})
            used.add(j)
        entry["matches"] = matches
        entries.append(entry)
    new = [{"ja": s.number, "fingerprint": s.fingerprint} for j, s in enumerate(ja) if j not in used]
    return {"from": SOURCE, "to": TARGET, "sections": entries, "new": new}


def _load_review() -> dict[str, dict]:
    if not REVIEW_FILE.exists():
        return {}
    data = yaml.safe_load(REVIEW_FILE.read_text(encoding="utf-8")) or {}
    return {str(k): v for k, v in data.items()}


HEADER = """\
# CN 1.2 -> JP 3.6, section by section. Generated by `python -m rulings.align_build` from the texts and
# rulings/data/align_dcg_review.yaml (reviewed corrections, `source: review`); do not edit by hand.
# kind: same | reworded | changed (content differs); `new` lists JP sections with no CN counterpart.
# Fingerprints are Section.fingerprint of both texts: tests/test_align.py fails when a text changed.
"""


def dump(data: dict) -> str:
    return HEADER + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rulings.align_build", description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when the data file is out of date")
    args = ap.parse_args(argv)
    text = dump(build())
    if args.check:
        current = DATA_FILE.read_text(encoding="utf-8") if DATA_FILE.exists() else ""
        if current != text:
            print(f"{DATA_FILE} is out of date: run python -m rulings.align_build", file=sys.stderr)
            return 1
        return 0
    DATA_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {DATA_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
