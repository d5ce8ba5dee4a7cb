"""Driving the duel between player actions: close the open window — resolve the chain, let a summon succeed, fire
waiting triggers, go on with the attack or the phase's items — until the next action is due."""
from __future__ import annotations

from . import battle, chain, phase_triggers, summon_negation, triggers
from .damage_step import STAGE_NAMES
from .game import Window


def advance(game) -> None:
    """Close the current response window: resolve the chain, then go on with the attack in progress.
    Stops when new trigger effects have formed a chain, so that the next actions may respond to it."""
    while not game.board.over:
        if game.chain:
            in_battle_step = game.attack is not None and game.attack.stage == ""
            chain.resolve_chain(game)
            if summon_negation.opens_after_chain(game):
                return   # chain link 1 left a summon being made (3.4.3.p7): the next actions may answer it
            if in_battle_step and game.attack is not None and not game.triggers and not game.board.over:
                game.step("battle.step_goes_on", "The chain has resolved: it is no longer the attack declaration, "
                          "and the Battle Step goes on — quick effects may still be activated (the turn player first) "
                          "before both players pass on to the Damage Step.", "ygo.battle.step_goes_on",
                          "ygo.battle.declaration_over", attacker=game.attack.attacker.label())
                return
        elif game.summoning:
            summon_negation.finish(game)   # the summon was not negated: it succeeds (3.1.3.p22)
        elif game.triggers:
            triggers.fire(game)
            if game.chain:
                return
        elif game.attack:
            battle.proceed(game)
        elif game.phase_run:
            if phase_triggers.next_item(game):
                return
        else:
            return
    game.chain.clear()
    game.triggers.clear()
    game.attack = None


def settle(game) -> None:
    """Finish everything in progress (before a new game action, and at the end of the scenario)."""
    while not game.board.over and (game.chain or game.triggers or game.attack or game.summoning
                                   or game.phase_run):
        advance(game)
    game.window = None


def enter_damage_step(game, step: str) -> None:
    """Both players pass until the attack reaches `step`; the window there is open for activations."""
    while game.attack is not None and not game.board.over and game.attack.stage != step:
        if game.chain:
            chain.resolve_chain(game)
        elif game.triggers:
            triggers.fire(game)
            if game.chain:
                return   # a trigger chain opened first: the next actions answer it
        else:
            battle.proceed(game)
    if game.attack is None or game.board.over:
        game.step("damage_step.not_reached", f"The battle ended before {STAGE_NAMES[step]}.", "ygo.battle.damage_step", stage=step, ended=True)
        return
    atk = game.attack
    game.window = Window("damage_step", atk.attacker, atk.target, game.board.turn, stage=step)
    game.priority, game.last_pass = game.board.turn, ""
    game.step("damage_step.window", f"{STAGE_NAMES[step][0].upper()}{STAGE_NAMES[step][1:]}: the turn player "
              "has priority first.", "ygo.damage_step.allowed", "ygo.priority.turn_player_first", stage=step)
    if game.triggers and not game.chain:
        triggers.fire(game)   # trigger effects of this sub-step form its first chain; the next actions answer it
