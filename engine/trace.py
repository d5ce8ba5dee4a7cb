"""The trace: frozen records of every state change and every refused action, each citing rule keys."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from . import budget
from .errors import LimitExceeded

MAX_STEPS = 5000
_new, _set = object.__new__, object.__setattr__


@dataclass(frozen=True)
class Step:
    n: int
    event: str                 # dotted event name, e.g. "attack.declared"
    text: str                  # one plain sentence for the judge
    cites: tuple[str, ...]     # rule keys, e.g. ("dcg.battle.tie",)
    # The message's parameters, so a UI can say `text` in another language: the event is the message id
    # (judge_app/narration.py). Optional: a step without them is narrated by its event alone.
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Refusal:
    action: str                # action kind as written in the scenario, e.g. "block"
    why: str
    cites: tuple[str, ...]     # rule keys
    params: tuple[tuple[str, object], ...] = ()   # as Step.params; the action kind is the message id
    at: int | None = None      # which scenario action was refused: its index in `actions` (0 first)


@dataclass
class Trace:
    steps: list[Step] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    max_steps: int = MAX_STEPS
    at: int | None = None      # the index of the scenario action being run (set by the runner)

    def add(self, event: str, text: str, *cites: str, **params) -> Step:
        if not cites:
            raise ValueError(f"step {event!r} cites no rule")
        if len(self.steps) >= self.max_steps:
            raise LimitExceeded(f"engine step limit ({self.max_steps}) reached")
        budget.check()
        # Step(...) without the frozen __init__'s five object.__setattr__ calls: a run records a step per change
        step = _new(Step)
        _set(step, "__dict__", {"n": len(self.steps) + 1, "event": event, "text": text, "cites": cites,
                                "params": tuple(params.items())})
        self.steps.append(step)
        return step

    def record_refusal(self, refusal: Refusal) -> None:
        """A refusal made elsewhere (the Digimon action table's `Refusal`), stamped with the action it belongs to."""
        if refusal.at is None and self.at is not None:
            refusal = replace(refusal, at=self.at)
        self.refused.append(refusal)

    def refuse(self, action: str, why: str, *cites: str, **params) -> Refusal:
        if not cites:
            raise ValueError(f"refusal of {action!r} cites no rule")
        budget.check()
        refusal = Refusal(action, why, tuple(cites), tuple(params.items()), self.at)
        self.refused.append(refusal)
        return refusal
