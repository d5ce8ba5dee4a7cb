"""The end of a turn (6-1-4, 6-6) and the next turn's phases up to its main phase (6-2 … 6-5)."""
from __future__ import annotations

from dataclasses import replace

from ..trace import Refusal
from .game import Game
from .model import Digimon, opponent
from .turn_end import burst_end, queue_end_of_turn


def end_turn_if_memory_crossed(game: Game) -> None:
    """6-1-4-1: with memory on the opponent's side and nothing left to process, the turn ends."""
    b = game.board
    if game.over or b.phase != "main" or game.attack is not None or b.memory >= 0:
        return
    p, foe = b.turn, opponent(b.turn)
    game.step("turn.end_condition", f"Memory is on {foe}'s side ({foe}'s {-b.memory}) and nothing is left to "
              f"process: {p}'s turn reaches its end.", "dcg.turn.end_condition", "dcg.turn.end_timing", player=p, foe=foe, memory=-b.memory)
    _turn_timing(game, p, "end_of_turn", "end_of_opponents_turn", "end_of_all_turns")
    if game.delayed:
        if game.new_triggers:
            game.step("turn.held", "The processes held until the end of the turn are handled together with the "
                      "effects triggered now, like simultaneous triggers.", "dcg.pending.simultaneous")
        game.new_triggers.extend(game.delayed)
        game.delayed = []
    triggered = bool(game.new_triggers)
    if triggered:
        game.step("turn.end_effects", f"{p}'s turn stays in this phase until the effects triggered at the end of "
                  f"the turn are processed.", "dcg.turn.end_timing_waits", player=p)
    queue_end_of_turn(game, p)
    game.flush()
    if not game.over:
        burst_end(game, p)
        game.flush()
    if game.over:
        return
    if game.board.memory >= 0:
        game.step("turn.continues", f"Memory is back on {p}'s side: the turn does not end.", "dcg.turn.memory_back",
                  *(["dcg.trigger.end_stays"] if triggered else []), player=p)
        return
    game.expire("end_of_turn")
    game.expire(f"end_of_turn_of:{p}")   # "until the end of the opponent's turn" (resolve.mod_until)
    game.used_once.clear()   # [Once Per Turn] counts afresh each turn (15-14-1-1)
    game.emit("turn_ended", p)
    for q in ("A", "B"):
        ps = game.ps(q)
        game.set_ps(q, replace(ps, battle_area=tuple(replace(d, played_this_turn=False) for d in ps.battle_area)))
    game.board = replace(game.board, turn=foe, memory=-game.board.memory, phase="start")
    game.step("turn.ended", f"{p}'s turn ends; it is now {foe}'s turn (memory {foe}'s {game.board.memory}).",
              "dcg.turn.end", "dcg.turn.turn_player", player=p, foe=foe, memory=game.board.memory)
    game.refresh()


def _turn_timing(game: Game, p: str, own: str, theirs: str, both: str | None = None) -> None:
    """Queue the turn player's [… Your Turn/Main Phase] effects and the other player's [… Opponent's …]
    effects (and [End of All Turns] of both): they trigger together (15-4-3-2) and the turn player's go first
    (flush, 15-4-3-5)."""
    foe = opponent(p)
    for who, timings in ((p, (own, both)), (foe, (theirs, both))):
        for timing in filter(None, timings):
            for d in game.ps(who).battle_area:
                game.trigger_effects(who, d, timing)
            game.trigger_zone_effects(who, timing)


def can_end_turn(game: Game) -> Refusal | None:
    if game.over:
        return Refusal("end_turn", "The game is over.", ("dcg.game.over",))
    if game.board.phase == "main":
        p = game.board.turn
        return Refusal("end_turn", f"{p}'s turn has not ended: memory is still on {p}'s side or 0 (pay costs or "
                       f"pass to move it to the opponent's side).", ("dcg.turn.end_condition",))
    return None


def start_next_turn(game: Game, breeding: str) -> None:
    """Run the new turn player's start of turn, unsuspend, draw and breeding phases, then the main phase."""
    p, foe = game.board.turn, opponent(game.board.turn)
    game.step("turn.start", f"{p}'s turn begins.", "dcg.phase.unsuspend", player=p)
    _turn_timing(game, p, "start_of_turn", "start_of_opponents_turn")
    if game.new_triggers:
        game.step("turn.start_effects", "The effects triggered at the start of the turn are processed before the "
                  "unsuspend phase unsuspends anything.", "dcg.turn.start_first", "dcg.turn.phase_waits")
    game.flush()
    if game.over:
        return
    game.board = replace(game.board, phase="main")
    if game.board.memory < 0:      # 6-2-1-2: start-of-turn effects met the end condition before unsuspending
        game.step("turn.ends_at_start", f"Memory is on {foe}'s side after the start-of-turn effects: the turn ends "
                  f"before the unsuspend phase.", "dcg.turn.start_end", foe=foe)
        end_turn_if_memory_crossed(game)
        return
    _unsuspend_phase(game, p, foe)
    if not _draw_phase(game, p, foe):
        return
    _breeding_phase(game, p, breeding)
    game.step("phase.main", f"{p}'s main phase begins.", "dcg.phase.main", "dcg.turn.phase_order", player=p)
    _turn_timing(game, p, "start_of_main", "start_of_opponents_main")
    game.flush()


def _unsuspend_phase(game: Game, p: str, foe: str) -> None:
    ps = game.ps(p)
    woken = [d.label for d in ps.battle_area if d.suspended]
    game.set_ps(p, replace(ps, battle_area=tuple(replace(d, suspended=False) for d in ps.battle_area),
                           breeding_area=ps.breeding_area and replace(ps.breeding_area, suspended=False)))
    game.step("phase.unsuspend", f"Unsuspend phase: {p} unsuspends all their cards"
              + (f" ({', '.join(woken)}, all at once)." if woken else " (none was suspended)."), "dcg.phase.unsuspend",
              *(["dcg.unsuspend.no_order", "dcg.state.unsuspended_def"] if woken else []), player=p,
              cards=", ".join(woken) if woken else "-")
    other = game.ps(foe)
    rebooted = [d for d in other.battle_area if d.suspended and d.has("reboot")]
    if rebooted:
        game.set_ps(foe, replace(other, battle_area=tuple(
            replace(d, suspended=False) if d in rebooted else d for d in other.battle_area)))
        game.step("keyword.reboot", f"Reboot: {', '.join(d.label for d in rebooted)} ({foe}) also unsuspend"
                  f"{'s' if len(rebooted) == 1 else ''} in {p}'s unsuspend phase, together with {p}'s cards (no order).", "dcg.keyword.reboot",
                  "dcg.keyword.reboot_static", "dcg.keyword.reboot_forced", "dcg.keyword.reboot_simultaneous",
                  *(["dcg.keyword.reboot_once"] if any(d.count("reboot") > 1 for d in rebooted) else []), cards=", ".join(d.label for d in rebooted), foe=foe, player=p)


def _draw_phase(game: Game, p: str, foe: str) -> bool:
    skipped = game.objection("draw_phase_skipped", p)
    if skipped is not None:              # the first player's first turn (6-3-1-1, setup.py)
        event, text, keys = skipped
        game.step(event, text, *keys, player=p)
        return True
    if not game.ps(p).deck:
        game.win(foe, "deck_out", f"Draw phase: {p} has no card in the deck and cannot draw: {foe} wins the game.",
                 "dcg.phase.draw", "dcg.win.deck_out")
        return False
    game.draw(p, 1)
    game.step("phase.draw", f"Draw phase: {p} draws 1 card.", "dcg.phase.draw", player=p)
    return True


def _breeding_phase(game: Game, p: str, choice: str) -> None:
    ps = game.ps(p)
    if choice == "hatch":
        if ps.breeding_area is not None:
            game.refuse("end_turn", f"{p} cannot hatch: there is already a Digimon in the breeding area.",
                        "dcg.breeding.hatch_occupied", "dcg.breeding.one_card")
        elif not ps.digitama:
            game.refuse("end_turn", f"{p} cannot hatch: the Digi-Egg deck is empty.", "dcg.breeding.hatch_empty")
        else:
            egg = ps.digitama[0]
            game.set_ps(p, replace(ps, digitama=ps.digitama[1:], breeding_area=Digimon(egg)))
            game.step("phase.breeding", f"Breeding phase: {p} hatches {egg.label} into the breeding area.",
                      "dcg.breeding.hatch", "dcg.breeding.one_of_three", "dcg.breeding.hatched_here",
                      "dcg.hatch.definition", "dcg.digimon.egg_in_area", player=p, egg=egg.label)
            return
    elif choice == "move":
        d = ps.breeding_area
        if d is None or d.dp is None:
            game.refuse("end_turn", f"{p} cannot move: the breeding area holds no Digimon with DP.",
                        "dcg.breeding.move_needs_dp")
        else:
            game.set_ps(p, replace(ps, breeding_area=None, battle_area=ps.battle_area + (d,)))
            game.step("phase.breeding", f"Breeding phase: {p} moves {d.label} to the battle area "
                      f"({'suspended' if d.suspended else 'unsuspended'}, as it was).", "dcg.breeding.move",
                      "dcg.breeding.one_of_three", "dcg.move.definition", "dcg.move.keeps_state",
                      *(["dcg.move.keeps_effects"] if d.mods else []), player=p, card=d.label)
            game.trigger_effects(p, d, "on_move")
            game.flush()
            return
    game.step("phase.breeding", f"Breeding phase: {p} does nothing.", "dcg.breeding.nothing",
              "dcg.breeding.one_of_three", player=p)
