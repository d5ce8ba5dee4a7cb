"""The Damage Step's sub-steps and what may be activated in them (rulebook 4.4.4, 3.2.4).

Sub-steps, in order: start (伤害步骤开始时), before_calculation (伤害计算前: a face-down monster is flipped),
calculation (伤害计算时: damage calculation), after_calculation (伤害计算后), end (伤害步骤结束时: monsters
destroyed by battle are sent to the graveyard). The `damage_step: {step: <sub-step>}` action closes the
open window (both players pass) and runs the attack up to that sub-step, where the next activations happen.

In the Damage Step only these may be activated (4.4.4.p79, 3.2.4.p8): Counter Traps; effects that negate an
activation (at any sub-step); effects that change ATK/DEF — without a stated timing only up to before damage
calculation (4.4.4.p83), those worded for damage calculation (`when: damage_calculation`) only then. An
effect activated "when a card or effect is activated" that does not negate the activation may not
(4.4.4.p82). Trigger effects are activated by their own timing.
"""
from __future__ import annotations

from .model import Card

Refusal = tuple[str, tuple[str, ...]] | None
STAGES = ("start", "before_calculation", "calculation", "after_calculation", "end")
STAGE_NAMES = {"start": "the start of the Damage Step", "before_calculation": "before damage calculation",
               "calculation": "damage calculation", "after_calculation": "after damage calculation",
               "end": "the end of the Damage Step"}


def in_damage_step(game) -> bool:
    return game.attack is not None and game.attack.stage in STAGES


def _ops(card: Card) -> set[str]:
    return {name for name, _ in card.effect.ops} if card.effect else set()


def can_activate(game, card: Card, speed: int) -> Refusal:
    """Whether `card` may be activated now; only asked while an attack is in the Damage Step."""
    stage = game.attack.stage
    ops = _ops(card)
    when = card.effect.when
    if when == "damage_calculation":
        return None   # its own timing decides (chain._timing)
    if speed == 3 or "negate_activation" in ops:
        return None
    if when == "activation":
        keys = ("ygo.damage_step.activation_timing",) + (("ygo.damage_step.negate_any_time",)
                                                           if "negate_effect" in ops else ())
        return (f"{card.label()} is activated \"when a card or effect is activated\" and does not negate that "
                f"activation, so it cannot be activated in the Damage Step", keys)
    if ops & {"change_atk", "change_def"}:
        if stage in ("start", "before_calculation"):
            return None
        return (f"{card.label()} changes ATK/DEF without stating a timing: in the Damage Step only at its start or "
                f"before damage calculation, not at {STAGE_NAMES[stage]}", ("ygo.damage_step.atk_def_until_calc",)
                + (("ygo.damage_step.quick_effect_kinds",) if card.card_type == "monster" else ()))
    keys = ("ygo.damage_step.allowed", "ygo.damage_step.only_these", "ygo.damage_step.quick_effects") \
        if card.card_type == "monster" else ("ygo.damage_step.allowed", "ygo.damage_step.only_these")
    return (f"in the Damage Step only Counter Traps, effects that negate an activation and effects that change "
            f"ATK/DEF may be activated; {card.label()} is none of them", keys)


def can_enter(game, step: str) -> Refusal:
    if game.board.over:
        return "the duel is already over", ("ygo.duel.over",)
    if game.attack is None:
        return "no attack is in progress, so there is no Damage Step", ("ygo.battle.damage_step",)
    now = STAGES.index(game.attack.stage) if game.attack.stage in STAGES else -1
    if STAGES.index(step) <= now:
        return (f"the Damage Step is already at {STAGE_NAMES[game.attack.stage]}; its sub-steps only go forward",
                ("ygo.damage_step.order",))
    return None


