"""Relevance figures of a searcher on a judged question set (hit@1, hit@5, MRR, by language and category).

    from rulings.relevance import load_cases, evaluate
    report = evaluate(get_search(), load_cases(Path("tests/data/search_floor.yaml")))
    report.overall.hit5, report.by("lang")["en"].hit1

A case hits at k when one of its `expect` refs is among the first k results (search without filters
unless the case names `game` / `editions`). The reciprocal rank counts the first expected ref in the top 10.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

DEPTH = 10


def load_cases(path: Path) -> list[dict]:
    from .yamlio import load_yaml

    return load_yaml(Path(path).read_text(encoding="utf-8"))["cases"]


@dataclass
class Figures:
    cases: int = 0
    hits1: int = 0
    hits5: int = 0
    rr: float = 0.0

    def add(self, rank: int | None) -> None:
        self.cases += 1
        if rank is not None:
            self.hits1 += rank == 1
            self.hits5 += rank <= 5
            self.rr += 1 / rank

    @property
    def hit1(self) -> float:
        return self.hits1 / max(1, self.cases)

    @property
    def hit5(self) -> float:
        return self.hits5 / max(1, self.cases)

    @property
    def mrr(self) -> float:
        return self.rr / max(1, self.cases)


@dataclass
class Report:
    overall: Figures = field(default_factory=Figures)
    groups: dict[str, dict[str, Figures]] = field(default_factory=dict)
    misses: list[tuple[dict, list[str]]] = field(default_factory=list)   # (case, top refs) outside the top 5

    def by(self, key: str) -> dict[str, Figures]:
        return self.groups.get(key, {})


def rank_of(rs, case: dict) -> tuple[int | None, list[str]]:
    response = rs.search(case["q"], editions=case.get("editions"), game=case.get("game"), limit=DEPTH)
    refs = [h.ref for h in response.results]
    for i, ref in enumerate(refs, 1):
        if ref in case["expect"]:
            return i, refs
    return None, refs


def about(case: dict) -> str:
    """The game a case is about: its `about`, else the game of its first expected ref."""
    return case.get("about") or case["expect"][0].split("-", 1)[0]


def evaluate(rs, cases: list[dict], keys=("lang", "about", "cat")) -> Report:
    report = Report()
    for case in cases:
        rank, refs = rank_of(rs, case)
        report.overall.add(rank)
        for key in keys:
            value = about(case) if key == "about" else case.get(key)
            if value is not None:
                report.groups.setdefault(key, {}).setdefault(str(value), Figures()).add(rank)
        if rank is None or rank > 5:
            report.misses.append((case, refs[:5]))
    return report


def table(report: Report, keys=("lang", "about", "cat")) -> str:
    """The report as aligned text lines: overall, then each group."""
    rows = [f"{'':14}{'n':>5}{'hit@1':>8}{'hit@5':>8}{'MRR':>7}"]

    def line(name: str, f: Figures) -> str:
        return f"{name:14}{f.cases:5}{f.hit1:8.1%}{f.hit5:8.1%}{f.mrr:7.3f}"

    rows.append(line("all", report.overall))
    for key in keys:
        for name, f in sorted(report.by(key).items()):
            rows.append(line(f"  {key}={name}", f))
    return "\n".join(rows)
