"""The operations of an effect (kernel): the table every mechanic's operations are registered in (effects.py
builds it), and the parsing and applying of a `do:` list of steps through it, one time point per step."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .kernel import STEP_APPLIED, STEPS_DONE
from .targets import MASS_SELECTORS

@dataclass(frozen=True)
class Operation:
    parse: Callable
    apply: Callable
    check: Callable | None = None     # (game, card, player, targets) -> refusal: can the card be activated?


# the operations of the vocabulary (EFFECTS.md), in the order they are listed and reported
OPS = ("destroy", "negate_activation", "negate_effect", "negate_attack", "attack_again", "change_atk",
       "change_def", "change_level", "change_original_atk", "change_original_def", "lose_lp", "swap_atk_def",
       "damage", "gain_lp", "draw", "discard", "special_summon", "banish", "return_to_hand", "return_to_deck",
       "flip_face_down", "change_position", "fusion_summon", "extra_summon", "ritual_summon", "negate_summon", "restrict",
       "battle_damage", "effect_damage", "lock_name", "extra_normal_summon", "normal_summon_count", "equip",
       "equip_monster", "take_control", "swap_control", "add_to_hand", "negate_effects", "send_to_graveyard",
       "become_tuner", "protect", "cannot_be_negated", "one_of", "each_of", "place_counters", "negate_column",
       "move", "make_unaffected", "remove_counters", "delayed", "only_if", "each_time")
OPERATIONS: dict[str, Operation] = {}   # name -> Operation, registered by the mechanic that applies it (`operation`)


def operation(name: str, parse: Callable, check: Callable | None = None):
    """Decorator: `apply(game, link, args)` applies the operation `name` (one of OPS) of the mechanic's module,
    whose arguments `parse` checks at validation and `check(game, card, player, targets)` when it is activated."""
    def register(apply: Callable) -> Callable:
        OPERATIONS[name] = Operation(parse, apply, check)
        ordered = sorted(OPERATIONS.items(), key=lambda item: OPS.index(item[0]))
        OPERATIONS.clear()
        OPERATIONS.update(ordered)   # kept in the order of OPS, whatever order the mechanics load in
        return apply
    return register


class StepError(ValueError):
    """A bad step of a `do:` list; `where` is its path below `do`, e.g. "[1].destroy"."""
    def __init__(self, where: str, message: str):
        super().__init__(message)
        self.where = where


def parse_steps(items) -> tuple[tuple, tuple]:
    """A `do:` list -> (((op, args), ...), per-step links: "" | then | and; () when no step has one)."""
    if not isinstance(items, list) or not items:
        raise StepError("", "a non-empty list of operations")
    parsed, steps = [], []
    for i, op in enumerate(items):
        after = op.get("after", "") if isinstance(op, dict) else ""
        if isinstance(op, dict) and "after" in op:
            if after not in ("then", "and"):
                raise StepError(f"[{i}].after", f"must be one of then, and, not {after!r}")
            if i == 0:
                raise StepError(f"[{i}].after", "the first step follows no other step")
            op = {k: v for k, v in op.items() if k != "after"}
        if not isinstance(op, dict) or len(op) != 1:
            raise StepError(f"[{i}]", "each operation is a one-key mapping, e.g. {destroy: targets} "
                            "(plus `after: then | and` for a step that needs the one before)")
        (name, args), = op.items()
        if name not in OPERATIONS:
            raise StepError(f"[{i}].{name}", f"unknown operation (one of: {', '.join(OPERATIONS)})")
        try:
            parsed.append((name, OPERATIONS[name].parse(args)))
        except StepError as e:
            raise StepError(f"[{i}].{name}{e.where}", str(e)) from None
        except ValueError as e:
            raise StepError(f"[{i}].{name}", str(e)) from None
        steps.append(after)
    return tuple(parsed), (tuple(steps) if any(steps) else ())


STEP_LINKS = {"then": "then (那之后/再)", "and": "and (，)"}


def apply_steps(game, link, ops: tuple, links: tuple) -> bool:
    """The operations in order; True if the last one applied. A step written `after: then` ("A. Then, B", 那之后/再) or `after: and` ("A, B", ，)
    applies only if the step before it was applied; the effect ends there otherwise (4.7.2). Other steps are
    independent. An operation counts as applied when it did something (a summon made, a card destroyed, damage
    dealt; a token that vanished instead of returning did not return)."""
    previous, mass = True, False
    for i, (name, args) in enumerate(ops):
        if game.board.over:
            return previous
        after = links[i] if i < len(links) else ""
        if after and not previous:
            game.step("effect.step_not_applied", f"The step before \"{name.replace('_', ' ')}\" of {link.card.label()} "
                      f"was not applied, and this step follows it ({STEP_LINKS[after]}): it is not applied"
                      f"{' and the effect has finished' if after == 'then' else ''}.",
                      "ygo.effect.steps_then" if after == "then" else "ygo.effect.steps_comma",
                      *(("ygo.effect.steps_then_ends",) if after == "then" else ()),
                      *(("ygo.effect.as_many_as_possible",) if mass else ()),   # "all" destroyed none (4.7.4.p5)
                      card=link.card.label(), op=name, after=after)
            previous = False
            continue
        if after != "and":
            game.happen("operation")   # each operation is something that happens (a "when" trigger before it misses)
        done = OPERATIONS[name].apply(game, link, args)
        previous = done is not False   # operations that do not report count as applied
        mass = name == "destroy" and args in MASS_SELECTORS + ("all_cards",)
        for handler in STEP_APPLIED.handlers:   # equip cards left alone go, counters that cannot stay go, and
            handler(game)                       # what applies now comes before the next change (4.5.7)
    for handler in STEPS_DONE.handlers:   # a continuous effect that now applies may take counters away
        handler(game)
    return previous
