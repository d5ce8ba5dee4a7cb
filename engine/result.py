"""The simulation result (contract section 4), built from a finished engine run."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .citations import resolve
from .trace import Trace


@dataclass
class Result:
    game: str
    edition: str
    outcome: dict                     # {"winner": "A"|"B"|"draw"|None, "reason": str}
    final: dict                       # contract "final" board
    trace: Trace = field(default_factory=Trace)
    title: str = ""
    question: str = ""

    def refs(self, keys) -> list[str]:
        return list(_refs(tuple(keys), self.edition))

    def to_json(self) -> dict:
        steps = [{"n": s.n, "event": s.event, "text": s.text, "cites": self.refs(s.cites), **_params(s)}
                 for s in self.trace.steps]
        refused = [{"action": r.action, "why": r.why, "cites": self.refs(r.cites), **_params(r),
                    **({"at": r.at} if r.at is not None else {})}
                   for r in self.trace.refused]
        seen: dict[str, dict] = {}
        for item in steps + refused:
            for ref in item["cites"]:
                if ref not in seen:
                    title, text, url = _citation(ref)
                    seen[ref] = {"ref": ref, "title": title, "text": text, "url": url}
        out = {"game": self.game, "edition": self.edition, "outcome": self.outcome, "final": self.final,
               "steps": steps, "refused": refused, "citations": list(seen.values())}
        if self.title:
            out["title"] = self.title
        if self.question:
            out["question"] = self.question
        return out


# The rule-key tables and the corpus are read once per process, so what a step's keys cite and what a section
# says never change: a run resolves the same few dozen keys and sections as the last one did.
@lru_cache(maxsize=8192)
def _refs(keys: tuple[str, ...], edition: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(resolve(k, edition) for k in keys))  # two keys may share a section


@lru_cache(maxsize=8192)
def _citation(ref: str) -> tuple[str, str, str]:
    from rulings.corpus import lookup  # late import: the corpus is parsed once, on first use

    sec = lookup(ref)
    return sec.title, sec.text, sec.url


def _params(record) -> dict:
    """`params` of a step or refusal, when the engine gave any (message parameters for translations)."""
    params = getattr(record, "params", ())
    return {"params": dict(params)} if params else {}
