""""For each" (「～ごとに」, 15-15-7-1): the effect's number is counted as it is processed.

    effects: [{timing: on_play, do: memory, amount: 1, for_each: own_tamers}]   # memory +1 for each of your Tamers

`for_each` names what is counted when the process is carried out: `own_digimon` / `opponent_digimon` (Digimon in
the battle area), `own_tamers`, `own_security` / `opponent_security`, `own_hand`, `own_trash`, `sources` (this
Digimon's digivolution cards), `those_digimon` (the Digimon whose event triggered the effect: several deleted at
once trigger it once, and it counts them, 15-15-7-4; engine/dcg/card_events.py). The process is carried out with `amount` × that count; a count of 0 means it is
done 0 times, so it is not done (1-3-4).

The whole mechanic is this module: an effect field and two kernel questions (docs/engine.md).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidScenario
from .effects import CONTINUOUS, effect_field
from .game import Game, on
from .model import Digimon, Effect, opponent

FIELD = "for_each"
WHAT = {"own_digimon": "your Digimon", "opponent_digimon": "your opponent's Digimon", "own_tamers": "your Tamers",
        "own_security": "your security cards", "opponent_security": "your opponent's security cards",
        "own_hand": "the cards in your hand", "own_trash": "the cards in your trash",
        "sources": "this Digimon's digivolution cards",
        "those_digimon": "the Digimon whose event triggered this effect"}
COUNTED = ("draw", "memory", "dp", "recovery", "trash_security", "de_digivolve", "trash_sources")
# 15-15-7-2, 15-15-7-3: stacked cards taken "for each" from the top / the bottom, in order up to the number
STACK_ENDS = {"top": "dcg.for_each.from_top", "bottom": "dcg.for_each.from_bottom"}   # verbs whose amount is a number


def _parse(value, fields: dict, path: str):
    if not isinstance(value, str) or value not in WHAT:
        raise InvalidScenario(path, f"what is counted: one of {', '.join(WHAT)}")
    if fields.get("timing") in CONTINUOUS:
        raise InvalidScenario(path, "a triggered or activated effect counts as it is processed; not a continuous one")
    do = str(fields.get("do", "")).replace(" ", "_").casefold()
    if do not in COUNTED or fields.get("amount") is None:
        raise InvalidScenario(path, f"multiplies the `amount` of {', '.join(COUNTED)}")
    return value


effect_field(FIELD, _parse)


def _count(game: Game, owner: str, what: str, holder: Digimon | None) -> int:
    me, foe = game.ps(owner), game.ps(opponent(owner))
    if what in ("own_digimon", "opponent_digimon"):
        return sum(d.is_digimon for d in (me if what == "own_digimon" else foe).battle_area)
    if what == "own_tamers":
        return sum(d.card.kind == "tamer" for d in me.battle_area)
    if what == "those_digimon":   # 15-15-7-4: one trigger for Digimon deleted at once, counted one by one
        return len(game.running.subject) if game.running is not None else 0
    if what == "sources":
        now = game.current(holder.id) if holder is not None else None
        return len(now.sources) if now is not None else 0
    ps = foe if what.startswith("opponent") else me
    return len(getattr(ps, what.split("_", 1)[1]))


@on("process_may_run")       # 1-3-4: counted 0, the process is done 0 times: not done
def _none(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None):
    what = e.mark(FIELD) if e.marks else None
    if what is None or _count(game, owner, what, holder):
        return None
    return ("effect.for_each_none", f"it counts {WHAT[what]} (\"for each\"): none, so its process ({e.do}) is done "
            f"0 times, which is not doing it", ("dcg.for_each", "dcg.zero_times"))


@on("process_scaled")        # 15-15-7-1: "for each" counts as the process is carried out
def _scaled(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None):
    what = e.mark(FIELD) if e.marks else None
    if what is None:
        return None
    n = _count(game, owner, what, holder)
    end = (e.mark("from") or "top") if e.do == "trash_sources" else None
    taken = f", taken from the {end} in order up to that number" if end else ""
    game.step("effect.for_each", f"{card_id}'s effect counts {WHAT[what]} (\"for each\"): {n}, so its process "
              f"({e.do}) is carried out with {e.amount} × {n} = {e.amount * n}{taken}.",
              *([STACK_ENDS[end]] if end else []),
              *(["dcg.for_each.simultaneous"] if what == "those_digimon" else []), "dcg.for_each", card=card_id,
              what=WHAT[what], n=n, amount=e.amount * n)
    return replace(e, amount=e.amount * n, marks=tuple(m for m in e.marks if m[0] != FIELD))
