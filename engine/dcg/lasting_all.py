"""A lasting process on "all" Digimon also reaches the Digimon that come later (15-11-2-2).

    effects: [{timing: when_digivolving, do: dp, amount: -5000, target: all_opponent_digimon,
               until: end_of_opponents_turn}]

An effect that gives all of a player's Digimon something for a while (`dp`, `gain`, `cannot_attack`,
`cannot_block`, `cannot_be_blocked`, `unaffected` with `until: end_of_turn` or `end_of_opponents_turn`) is a
continuing all-target process: a Digimon played on that side while it lasts gets it too, as it is played, if it
meets the effect's `filter` (15-11-2-2; 15-11-2-1). What it gave then ends when the process ends.

The whole mechanic is this module: three kernel hooks (docs/engine.md).
"""
from __future__ import annotations

from dataclasses import replace

from .game import Game, on
from .model import Digimon, Effect, opponent
from .target_filter import meets

KEPT = "lasting_all"
VERBS = ("dp", "gain", "cannot_be_blocked", "cannot_attack", "cannot_block", "unaffected")
UNTILS = ("end_of_turn", "end_of_opponents_turn")
SIDES = {"all_opponent_digimon": "foe", "all_own_digimon": "own"}


@on("effect_processed")      # the process began: it lasts until its `until`
def _began(game: Game, owner: str, e: Effect, card_id: str, holder, done: bool) -> None:
    if e.target in SIDES and e.do in VERBS and e.until in UNTILS:
        game.kept.setdefault(KEPT, []).append((owner, e, card_id))


@on("digimon_played")        # 15-11-2-2: a later target is affected too
def _played(game: Game, player: str, d: Digimon) -> None:
    for owner, e, card_id in tuple(game.kept.get(KEPT, ())):
        side = owner if SIDES[e.target] == "own" else opponent(owner)
        if player != side or not d.is_digimon or (e.filter and not meets(d, e.filter)):
            continue
        game.step("effect.lasting_all_reaches", f"{card_id}'s effect on all of {side}'s Digimon ({e.do}) is still "
                  f"going on, so it reaches {d.label}, played after it.", "dcg.target.all_later",
                  "dcg.target.all_processing", card=card_id, target=d.label, do=e.do)
        once = replace(e, target=d.id, filter=(), optional=False, condition=(), by=None, instead=None,
                       delayed=None, digiburst=None, marks=())
        game.run_effect(owner, once, card_id, None)


@on("turn_ended")            # the process ends with its duration
def _ended(game: Game, player: str) -> None:
    kept = game.kept.get(KEPT)
    if kept:
        game.kept[KEPT] = [(o, e, c) for o, e, c in kept
                           if e.until == "end_of_opponents_turn" and player != opponent(o)]
