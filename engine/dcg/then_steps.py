"""One effect of several processes: "A. Then, B" (「その後」), "if you do" / "if this effect …" (「そうしたなら」,
「この効果で～したなら」), each process with its own condition.

    effects: [{timing: on_deletion, do: play_from_hand, target: kiriha, condition: {tamers_at_most: 1},
               then: [{do: save}]}]
    effects: [{timing: on_play, do: delete, target: own_digimon, optional: true,
               then: [{do: draw, amount: 2, if_done: true}]}]

The effect's processes are carried out in the order written (15-1-2), all inside the one effect: no rule check
and no other effect comes between them (17-1-2-2). Each `then` process is an effect mapping without `timing`
(it takes the effect's) and runs after the one before it:
- whether or not the one before did anything: a processing condition 「～なら」 binds only the process after
  it (15-6-2), so the effect's own `condition` binds only its first process once it has `then` processes, and
  the effect still activates unless no process's condition holds (15-6-3); a `then` process's `condition` is
  checked as it runs (15-8-3-9-3);
- `if_done: true` ("if you do", 「そうしたなら」): only if the process before it happened. A process happened
  when it changed the board; one that did nothing (no target, already in that state, 1-3-3) did not; one
  carried out only in part (1-3-2: as much as possible) did;
- a process whose `by:` (「～ことで」, 15-7) is not carried out stops the effect: nothing after it is carried
  out (15-7-2), nor when the effect's own `by:` is not.

The whole mechanic is this module: two effect fields and three kernel hooks (docs/engine.md).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidScenario
from .continuous import condition_holds
from .effects import CONTINUOUS, effect_field, parse_effect
from .game import Game, on
from .model import Digimon, Effect

FIELD = "then"
IF_DONE = "if_done"
# fields a further process takes from its effect, or that belong to an effect as a whole
NOT_IN_A_STEP = ("timing", "then", "once_per_turn", "twice_per_turn", "zone", "inherited", "link", "cost",
                 "delayed", "instead")


def _parse(value, fields: dict, path: str, card_ids_later: list):
    if fields.get("timing") in CONTINUOUS:
        raise InvalidScenario(path, "a continuous effect applies; it has no processes carried out one after "
                                    "another (15-1-2)")
    if not isinstance(value, list) or not value:
        raise InvalidScenario(path, "a list of the processes after this one, like [{do: draw, amount: 1}]")
    if len(value) > 10:
        raise InvalidScenario(path, "at most 10 processes")
    return tuple(_step(item, fields["timing"], f"{path}[{i}]", card_ids_later) for i, item in enumerate(value))


def _step(item, timing, path: str, card_ids_later: list) -> Effect:
    if not isinstance(item, dict):
        raise InvalidScenario(path, "a process is a mapping like {do: draw, amount: 1} (an effect without timing)")
    for key in NOT_IN_A_STEP:
        if key in item:
            raise InvalidScenario(f"{path}.{key}", "given by the effect, not by one of its processes")
    data = dict(item)
    if_done = data.pop(IF_DONE, False)
    if not isinstance(if_done, bool):
        raise InvalidScenario(f"{path}.{IF_DONE}", "true or false")
    step = parse_effect({**data, "timing": timing}, path, card_ids_later)
    return replace(step, marks=tuple(sorted(step.marks + ((IF_DONE, True),)))) if if_done else step


def _parse_if_done(value, fields: dict, path: str):   # never reached: effects.py rejects it on an effect itself
    raise InvalidScenario(path, "only a `then` process carries it")


effect_field(FIELD, _parse, steps=True)
effect_field(IF_DONE, _parse_if_done, step_only=True)


def _holder(game: Game, holder: Digimon | None) -> Digimon | None:
    return (game.current(holder.id) or holder) if holder is not None else None


@on("condition_deferred")   # 15-6-2: the effect's condition binds its first process only
def _deferred(game: Game, owner: str, e: Effect, card_id: str):
    steps = e.mark(FIELD)
    if not steps:
        return None
    holder = None
    # 15-6-3: it activates unless no process can run: each has a condition and none holds
    if all(s.condition and not condition_holds(game.board, owner, s, holder)[0] for s in steps):
        return None
    return True


@on("process_may_run")      # the first process's own condition, checked as it runs (15-6-2)
def _first_condition(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None):
    if not e.condition or not e.mark(FIELD):
        return None
    ok, words = condition_holds(game.board, owner, e, _holder(game, holder))
    if ok:
        return None
    return ("then.condition_unmet", f"its condition ({words}) does not hold, so its first process ({e.do}) is "
            f"not carried out; it binds that process only, and the rest of the effect goes on",
            ("dcg.condition.one_process", "dcg.condition.processing"))


@on("effect_processed")     # the processes after it, in the order written (15-1-2)
def _then(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None, done: bool):
    steps = e.mark(FIELD)
    if not steps:
        return
    for n, step in enumerate(steps, 1):
        if step.mark(IF_DONE) and not done:
            game.step("then.not_done", f"{card_id}'s effect: \"if you do\" — the process before did not happen "
                      f"(it changed nothing), so the next one ({step.do}) is not carried out.",
                      "dcg.condition.processing", "dcg.already_in_state", card=card_id, do=step.do)
            done = False
            continue
        now = _holder(game, holder)
        if step.condition:
            ok, words = condition_holds(game.board, owner, step, now)
            if not ok:
                game.step("then.condition_unmet", f"{card_id}'s effect: the condition of its next process "
                          f"({words}) does not hold, so that process ({step.do}) is not carried out.",
                          "dcg.condition.one_process", "dcg.condition.processing", card=card_id, do=step.do,
                          condition=words)
                done = False
                continue
        # 16-11-7: a second De-Digivolve of the same effect is its own process, carried out after the first
        again = step.do == "de_digivolve" and "de_digivolve" in (e.do, *(s.do for s in steps[:n - 1]))
        if again:   # 16-11-8: after each one the chosen card's situation is checked: effects that now apply, apply
            game.refresh()
            game.step("then.situation_checked", f"{card_id}'s effect: before its next De-Digivolve, the situation of the "
                      f"chosen card is checked, and the effects that apply now apply to it.",
                      "dcg.keyword.de_digivolve_check_each", card=card_id)
        game.step("then.next", f"Then {card_id}'s effect goes on with its next process ({step.do}), within the same "
                  f"effect: nothing comes between its processes" + (" (each De-Digivolve is carried out separately)"
                                                                    if again else "") + ".",
                  *(["dcg.keyword.de_digivolve_separate"] if again else []), "dcg.effect.text_order",
                  "dcg.rule_check.not_during_effect", card=card_id, do=step.do, n=n)
        done = game.run_effect(owner, step, card_id, now)
        if done is None:
            game.step("then.stopped", f"{card_id}'s effect: the condition to carry out (「～ことで」) was not "
                      f"carried out, so nothing after it is.", "dcg.cost_condition.not_done", card=card_id)
            return
