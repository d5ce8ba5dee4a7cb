"""Effects that change the numbers written in other effects (JP 3.6 15-15-5 「効果の数値をプラス・マイナスする効果」).

    effects:
      - {timing: your_turn, do: effect_number, number: delete_dp_limit, amount: 1000, target: all_own_digimon}
        # 「【自分のターン】自分の発揮する DP 消滅効果の上限+1000。」

A continuous effect: while it applies, the DP limit written in a deletion effect ("delete 1 of your opponent's
Digimon with 6000 DP or less", `do: delete` with `filter: {dp_at_most: N}`) of its player (`target:
all_own_digimon`; `all_opponent_digimon`: the opponent's effects) is raised by `amount` (15-15-5-1) or, with a
negative `amount`, lowered (15-15-5-2; never below 0), as that effect is carried out. Several such effects add up.
`number` (default `delete_dp_limit`, the one printed so far): which number it changes.

A limit written without a number, `dp_up_to: this_digimon` on a deletion effect ("… with DP less than or equal
to this Digimon's"), is read from the Digimon holding the effect as the effect is carried out; an effect-number
change cannot change it (15-15-5-3).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidScenario
from .continuous import applying
from .effects import CONTINUOUS, effect_field, effect_verb
from .game import Game, on
from .model import Digimon, Effect, opponent

VERB = "effect_number"
NUMBERS = ("delete_dp_limit",)


def _parse(value, fields: dict, path: str):
    if fields.get("do") != VERB:
        raise InvalidScenario(path, f"only `do: {VERB}` names the number it changes")
    if fields.get("timing") not in CONTINUOUS:
        raise InvalidScenario(path, "an effect-number change is a continuous effect: your_turn, opponents_turn or "
                                    "all_turns")
    if value not in NUMBERS:
        raise InvalidScenario(path, f"one of: {', '.join(NUMBERS)}")
    if isinstance(fields.get("amount"), int) and not -100000 <= fields["amount"] <= 100000:
        raise InvalidScenario(f"{path[: path.rfind('.')]}.amount", "-100000..100000")
    return value


def _parse_up_to(value, fields: dict, path: str):
    if fields.get("do") != "delete":
        raise InvalidScenario(path, "only `do: delete` carries a DP limit read from this Digimon")
    if value != "this_digimon":
        raise InvalidScenario(path, "this_digimon (\"DP less than or equal to this Digimon's\")")
    return value


effect_field("dp_up_to", _parse_up_to)
effect_verb(VERB, {"amount", "target"}, set(), continuous=True)   # `number`: its own field
effect_field("number", _parse)


def _changes(game: Game, owner: str) -> list[tuple[str, int]]:
    """(card id, amount) of every effect-number change that applies now to `owner`'s deletion effects."""
    if not game.continuous:
        return []
    return [(src, e.amount) for p, src, e, _ in applying(game.board, game.continuous)
            if e.do == VERB and (e.mark("number") or NUMBERS[0]) == "delete_dp_limit" and (p if e.target != "all_opponent_digimon" else opponent(p)) == owner]


@on("process_scaled")   # 15-15-5-1/2: the number written in the effect, changed as the effect is carried out
def _changed(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None):
    if e.do != "delete" or e.marks and any(m[0] in ("for_each", "level_up_to") for m in e.marks):
        return None
    if e.mark("dp_up_to") is not None:
        return _up_to_holder(game, owner, e, card_id, holder)
    bound = dict(e.filter or ())
    limit = bound.get("dp_at_most")
    changes = _changes(game, owner) if limit is not None else []
    if not changes:
        return None
    total = sum(a for _, a in changes)
    bound["dp_at_most"] = max(0, limit + total)
    parts = ", ".join(f"{src}'s effect {a:+d}" for src, a in changes)
    game.step("effect.number_changed", f"{card_id}'s effect deletes a Digimon with {limit} DP or less; {parts} "
              f"change{'s' * (len(changes) == 1)} that written number, so it deletes one with {bound['dp_at_most']} "
              f"DP or less.", "dcg.effect_number.plus" if total >= 0 else "dcg.effect_number.minus",
              *(["dcg.continuous.stack"] if len(changes) > 1 else []), card=card_id, limit=limit,
              now=bound["dp_at_most"])
    return replace(e, filter=tuple(sorted(bound.items())))


def _up_to_holder(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> Effect:
    """"DP less than or equal to this Digimon's": read now; no number is written, so no change applies."""
    now = game.current(holder.id) if holder is not None else None
    dp = now.dp if now is not None and now.dp is not None else 0
    bound = dict(e.filter or ())
    bound["dp_at_most"] = min(dp, bound.get("dp_at_most", dp))
    changes = _changes(game, owner)
    if changes:
        parts = ", ".join(f"{src}'s effect {a:+d}" for src, a in changes)
        game.step("effect.number_unwritten", f"{card_id}'s effect deletes a Digimon with DP up to this Digimon's "
                  f"({dp}): no number is written in it, so {parts} cannot change that limit.",
                  "dcg.effect_number.unwritten", "dcg.target.condition_single", card=card_id, dp=dp)
    else:
        game.step("effect.dp_up_to", f"{card_id}'s effect reads this Digimon's DP as it is carried out: {dp}, so "
                  f"it deletes a Digimon with {dp} DP or less.", "dcg.target.condition_single", card=card_id, dp=dp)
    return replace(e, filter=tuple(sorted(bound.items())), marks=tuple(m for m in e.marks if m[0] != "dp_up_to"))
