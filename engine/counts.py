"""Counts the READMEs state, computed: `judge counts [--json] [--check] [--write]`.

Every number a README gives about the project's data (rulings, examples, rules-test questions, test
scenarios, sections, rule coverage, search relevance) is written where a phrase of `PHRASES` finds it, and
`tests/test_counts.py` fails when one differs from what these functions compute. After changing rulings,
examples, tests or search: `judge counts --write` rewrites the numbers in place (and the coverage block
between `<!-- coverage:start -->` and `<!-- coverage:end -->` from `judge coverage --markdown`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
COVERAGE_START, COVERAGE_END = "<!-- coverage:start -->\n", "<!-- coverage:end -->"


def casebook_counts() -> dict:
    from rulings.casebook import CASEBOOK_DIR, load_casebook

    from .check import check_paths

    rulings = load_casebook()
    doc = check_paths([str(CASEBOOK_DIR)])
    flipping = {e["id"] for e in doc["results"]
                if e.get("controls") and all(c["flipped"] for c in e["controls"])}
    out = {"rulings": len(rulings)}
    for game in ("dcg", "ygo"):
        mine = [r for r in rulings if r.game == game]
        out[f"rulings_{game}"] = len(mine)
        out[f"controlled_{game}"] = sum(r.id in flipping for r in mine)
    out["known_divergence"] = sum(bool(r.known_divergence) for r in rulings)
    return out


def example_counts() -> dict:
    from rulings.casebook import CASEBOOK_DIR
    from rulings.yamlio import load_yaml

    doc = load_yaml((CASEBOOK_DIR.parent / "data" / "dcg_examples.yaml").read_text(encoding="utf-8"))
    entries = doc["examples"]
    return {"examples": len(entries),
            "examples_rulings": sum("ruling" in e for e in entries),
            "examples_not_expressible": sum("not_expressible" in e for e in entries)}


def engine_test_counts() -> dict:
    from .coverage import engine_test_scenarios

    scenarios = engine_test_scenarios()
    return {f"test_scenarios_{game}": sum(s.data.get("game") == game for s in scenarios) for game in ("dcg", "ygo")}


def section_counts() -> dict:
    from rulings import corpus, index

    return {"sections": sum(len(corpus.load(e).sections) for e in index.indexed_editions())}


def relevance_counts() -> dict:
    """hit@1 / hit@5 (percent, one decimal) and MRR of the search on the floor, development (and its English
    companion, dev_en) and held-out question sets; dev_en also by game (Digimon English is issue 27's target)."""
    from rulings.relevance import evaluate, load_cases
    from rulings.search import get_search

    rs = get_search()
    out = {}
    for name in ("floor", "dev", "dev_en", "heldout"):
        path = REPO / "tests" / "data" / f"search_{name}.yaml"
        if not path.exists():
            continue
        report = evaluate(rs, load_cases(path))
        f = report.overall
        out.update({f"{name}_questions": f.cases, f"{name}_hit5": round(100 * f.hit5, 1),
                    f"{name}_hit1": round(100 * f.hit1, 1), f"{name}_mrr": round(f.mrr, 2)})
        for group, key in (("cat", "typo"), ("lang", "en"), ("lang", "ja"), ("lang", "zh"), ("lang", "zht")):
            g = report.by(group).get(key)
            if g is not None:
                out[f"{name}_hit5_{key}"] = round(100 * g.hit5)
        if name == "dev_en":
            for game, g in sorted(report.by("about").items()):
                out[f"{name}_hit5_{game}"] = round(100 * g.hit5, 1)
    return out


def coverage_markdown() -> str:
    from .coverage import coverage_report, render_markdown

    return render_markdown(coverage_report())


def compute(relevance: bool = True) -> dict:
    out = {**casebook_counts(), **example_counts(), **engine_test_counts(), **section_counts()}
    from .rules_test import questions

    out["rules_test_questions"] = len(list(questions()))
    if relevance:
        out.update(relevance_counts())
    return out


# --- where the READMEs state them ----------------------------------------------------------------------
# (file, pattern): each named group is a count; every pattern must match at least once.

PHRASES: tuple[tuple[str, str], ...] = (
    ("README.md", r"a casebook of (?P<rulings>\d+) rulings"),
    ("README.md", r"rulings/casebook/ +(?P<rulings>\d+) rulings ="),
    ("README.md", r"holds (?P<rulings>\d+) rulings \((?P<rulings_dcg>\d+) Digimon, (?P<rulings_ygo>\d+) Yu-Gi-Oh\): "
                  r"the (?P<examples_rulings>\d+) `\(例: …\)` examples"),
    ("README.md", r"accounts for all (?P<examples>\d+), with the reason for each of\s+the other "
                  r"(?P<examples_not_expressible>\d+)\)"),
    ("README.md", r"every Digimon ruling and (?P<controlled_ygo>\d+) of the (?P<rulings_ygo>\d+) Yu-Gi-Oh rulings"),
    ("README.md", r"(?P<test_scenarios_dcg>\d+) Digimon and (?P<test_scenarios_ygo>\d+) Yu-Gi-Oh scenarios in"),
    ("README.md", r"all (?P<sections>[\d,]+) sections"),
    ("README.md", r"search relevance, (?P<floor_questions>\d+) held-out floor questions \(`bench/search.py`\) \| "
                  r"hit@5 (?P<floor_hit5>[\d.]+) %, hit@1 (?P<floor_hit1>[\d.]+) %, MRR (?P<floor_mrr>[\d.]+); "
                  r"typos (?P<floor_hit5_typo>\d+) %; en (?P<floor_hit5_en>\d+) %, ja (?P<floor_hit5_ja>\d+) %, "
                  r"zh (?P<floor_hit5_zh>\d+) %, zh-Hant (?P<floor_hit5_zht>\d+) %"),
    ("rulings/casebook/README.md", r"(?P<rulings>\d+) rulings: (?P<rulings_dcg>\d+) Digimon \(`dcg/`\), "
                                   r"(?P<rulings_ygo>\d+) Yu-Gi-Oh \(`ygo/`\)"),
    ("rulings/casebook/README.md", r"(?P<known_divergence>\d+) marked `known_divergence` today"),
    ("rulings/casebook/README.md", r"(?P<controlled_dcg>\d+) Digimon and (?P<controlled_ygo>\d+) Yu-Gi-Oh "
                                   r"rulings carry a control that flips"),
    ("rulings/casebook/README.md", r"— (?P<examples>\d+) of them \((?P<examples_parenthesised>\d+) printed as"),
    ("rulings/casebook/README.md", r"Today \*\*(?P<examples_rulings>\d+) are rulings and "
                                   r"(?P<examples_not_expressible>\d+) are not expressible\*\*"),
    ("rulings/casebook/README.md", r"prints (?P<rules_test_questions>\d+) rules-test questions"),
    ("rulings/data/dcg_examples.yaml", r"# Counts \(`judge counts`\): (?P<examples>\d+) examples, "
                                       r"(?P<examples_rulings>\d+) rulings, "
                                       r"(?P<examples_not_expressible>\d+) not expressible"),
)


def _derived(counts: dict) -> dict:
    # one example (15-5-3) is printed without its opening parenthesis (tests/test_casebook_examples.py)
    return {**counts, "examples_parenthesised": counts["examples"] - 1}


def _show(name: str, value) -> str:
    if name == "sections":
        return f"{value:,}"
    return str(value)


@dataclass(frozen=True)
class Stale:
    file: str
    name: str
    stated: str
    actual: str

    def __str__(self) -> str:
        if self.name == "":
            return f"{self.file}: {self.stated}"
        return f"{self.file}: {self.name} is {self.stated}, but it is {self.actual}"


def _flexible(pattern: str) -> str:
    """A space in a phrase matches any run of white space (a README wraps its lines anywhere)."""
    return re.sub(r" (?![+*])", r"\\s+", pattern)


def _rewrite(text: str, pattern: str, counts: dict, file: str, stale: list[Stale]) -> str:
    found = False

    def fix(m: re.Match) -> str:
        nonlocal found
        found = True
        out, last = [], m.start()
        for name, value in m.groupdict().items():
            if name not in counts:
                continue
            want = _show(name, counts[name])
            if value != want:
                stale.append(Stale(file, name, value, want))
            out.append(text[last:m.start(name)] + want)
            last = m.end(name)
        out.append(text[last:m.end()])
        return "".join(out)

    new = re.sub(_flexible(pattern), fix, text)
    if not found:
        stale.append(Stale(file, "", f"no phrase matches {pattern!r} (update engine/counts.py PHRASES)", ""))
    return new


def check_files(counts: dict, coverage: str | None, write: bool = False, root: Path = REPO) -> list[Stale]:
    """Every stated count that differs (or phrase not found); with `write`, fix the numbers in place."""
    counts = _derived(counts)
    stale: list[Stale] = []
    for file in dict.fromkeys(f for f, _ in PHRASES):
        path = root / file
        text = path.read_text(encoding="utf-8")
        new = text
        for f, pattern in PHRASES:
            if f == file and (pattern_names := set(re.compile(pattern).groupindex)) & set(counts):
                if pattern_names <= set(counts):
                    new = _rewrite(new, pattern, counts, file, stale)
        if coverage is not None and COVERAGE_START in new:
            a = new.index(COVERAGE_START) + len(COVERAGE_START)
            b = new.index(COVERAGE_END)
            if new[a:b] != coverage:
                stale.append(Stale(file, "coverage", "the block between the coverage markers",
                                   "`judge coverage --markdown`"))
                new = new[:a] + coverage + new[b:]
        if write and new != text:
            path.write_text(new, encoding="utf-8")
    return stale
