"""Turn structure: phases in order, the normal draw, the End Phase hand size limit, passing the turn."""
from __future__ import annotations

from . import battle_damage, name_locks, phase_triggers, stats, summon_count, temporary, vows
from .control import return_at_end_phase
from .costs import pick_cards
from .model import HAND_LIMIT, PHASES, other
from .flow import settle

Refusal = tuple[str, tuple[str, ...]] | None
PHASE_NAMES = {"draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1",
               "battle": "Battle Phase", "main2": "Main Phase 2", "end": "End Phase"}
OPTIONAL_PHASES = ("battle", "main2")   # a player may skip the Battle Phase; Main Phase 2 only follows it


def can_enter_phase(game, phase: str) -> Refusal:
    board = game.board
    if board.over:
        return "the duel is already over", ("ygo.duel.over",)
    now, to = PHASES.index(board.phase), PHASES.index(phase)
    if to <= now:
        return (f"the turn only moves forward: {PHASE_NAMES[phase]} does not come after {PHASE_NAMES[board.phase]}",
                ("ygo.turn.phase_order",))
    if phase == "battle" and board.turn_number == 1:
        return "the player who goes first cannot conduct a Battle Phase on the first turn", ("ygo.turn.first_turn_no_battle",)
    if phase == "main2" and board.phase != "battle":
        return "Main Phase 2 only follows a Battle Phase; without a Battle Phase the turn goes on to the End Phase", \
            ("ygo.turn.no_main2_without_battle",)
    skipped = [p for p in PHASES[now + 1:to] if p not in OPTIONAL_PHASES]
    if skipped:
        return (f"the {PHASE_NAMES[skipped[0]]} cannot be skipped: only the Battle Phase (and with it Main Phase 2) "
                "is optional", ("ygo.turn.phase_order",))
    return None


ORDER_KEYS = {"draw": "ygo.turn.order_early", "standby": "ygo.turn.order_early", "main1": "ygo.turn.order_early",
              "battle": "ygo.turn.order_battle_main2", "main2": "ygo.turn.order_battle_main2"}


def enter_phase(game, phase: str) -> None:
    board = game.board
    if board.phase == "battle":
        end_step(game)
    board.phase = phase
    game.battle_step = False
    game.priority, game.last_pass = board.turn, ""
    keys = ["ygo.turn.phases"]   # then what this phase brings, then how priority moves the turn on
    if phase == "battle":
        keys += ["ygo.battle.steps", "ygo.battle.start_step", "ygo.battle.step_order", "ygo.battle.flow_start_step",
                 "ygo.battle.start_step_is_step", "ygo.battle.start_end_steps_named"]
    if phase == "main2":
        keys.append("ygo.battle.end_step_to_main2")
    if phase in ORDER_KEYS:
        keys.append(ORDER_KEYS[phase])
    keys += ["ygo.priority.advance", "ygo.priority.turn_progress", "ygo.priority.next_phase_passes"]
    game.step("phase.enter", f"Both players pass priority and {board.turn} enters the {PHASE_NAMES[phase]}"
              f"{' (its Start Step)' if phase == 'battle' else ''}.", *keys, player=board.turn, phase=phase, passed=True)
    phase_triggers.gather(game, phase)


def end_step(game) -> None:
    """Leaving the Battle Phase goes through its End Step (4.4.5), whichever phase comes next."""
    game.step("battle.end_step", f"{game.board.turn} ends the Battle Phase: its End Step follows the Battle Step.",
              "ygo.battle.end_step", "ygo.battle.flow_end_step", "ygo.battle.step_order",
              "ygo.battle.start_end_steps_named", player=game.board.turn)
    temporary.return_cards(game, "battle_phase_end")


def end_phase(game) -> None:
    """Run the End Phase — its trigger effects one at a time, control returning, the hand size adjustment and the
    one chain after it — then the next turn up to its Main Phase 1. Effects in these phases resolve without
    answers (both players pass), as the scenario has no action in between."""
    board = game.board
    if board.phase != "end":
        if board.phase == "battle":
            end_step(game)
        board.phase = "end"
        game.step("phase.enter", f"{board.turn} enters the End Phase.", "ygo.turn.phases", player=board.turn, phase="end")
        phase_triggers.gather(game, "end")
    settle(game)
    return_at_end_phase(game)
    discarded = _hand_limit(game)
    phase_triggers.after_hand_limit(game, discarded)
    game.phase_run = None
    settle(game)
    if board.over:
        return
    game.step("turn.end", f"{board.turn}'s turn ends; the turn passes to {other(board.turn)}.", "ygo.turn.end", player=board.turn, other=other(board.turn))
    _next_turn(game)


def _hand_limit(game) -> list:
    """Discard down to the hand size limit; the discarded cards."""
    board = game.board
    me = board.player(board.turn)
    excess = len(me.hand) - HAND_LIMIT
    if excess <= 0:
        return []
    # documented default: the last cards in the hand are discarded first
    picks = pick_cards(me.hand, game.choose.get("discard", []), excess)
    for card in picks:
        game.send(card, "graveyard")
    game.step("end_phase.hand_limit", f"{board.turn} has {HAND_LIMIT + excess} cards in hand and discards "
              f"{', '.join(c.label() for c in picks)} down to {HAND_LIMIT}.", "ygo.turn.hand_limit", player=board.turn, count=HAND_LIMIT + excess, cards=", ".join(c.label() for c in picks), limit=HAND_LIMIT)
    return picks


def _next_turn(game) -> None:
    board = game.board
    stats.observe(game)       # a monster negated this turn has lost its own one-time changes (4.5.3)
    stats.end_of_turn(game)   # changes "until the end of this turn" stop applying
    for p in board.players.values():
        for card in p.monster_list():
            card.attacks_this_turn, card.attacked_ids = 0, []
            card.effects_negated = False   # "until the end of this turn"
        for card in p.graveyard + p.banished:   # a negation tied to no place followed the card there
            if card.negated_anywhere:
                card.effects_negated = card.negated_anywhere = False
        for card in p.monster_list():
            card.negated_anywhere = False
            if card.tuner_this_turn:   # "treated as a Tuner until the end of this turn"
                card.tuner = card.tuner_this_turn = False
    game.used_once.clear()   # once-per-turn limits last for the turn
    vows.end_of_turn(game)   # so do the restrictions "for the rest of this turn"
    game.lingering.clear()   # and protections granted "this turn"
    game.unnegatable.clear()
    battle_damage.end_of_turn(game)
    name_locks.end_of_turn(game)
    summon_count.end_of_turn(game)
    board.turn = other(board.turn)
    board.turn_number += 1
    board.normal_summons_used = 0
    board.pendulum_summoned = False
    board.phase = "draw"
    game.priority, game.last_pass, game.battle_step = board.turn, "", False
    game.step("phase.enter", f"Turn {board.turn_number}: {board.turn} begins the Draw Phase.", "ygo.turn.phases",
              "ygo.turn.order_early", player=board.turn, turn=board.turn_number)
    game.draw(board.turn, 1, "normal draw", "ygo.turn.normal_draw")
    if board.over:
        return
    board.phase = "standby"
    game.step("phase.enter", f"{board.turn} enters the Standby Phase.", "ygo.turn.phases", "ygo.turn.order_early", player=board.turn, phase="standby")
    phase_triggers.gather(game, "standby")
    settle(game)
    if board.over:
        return
    board.phase = "main1"
    game.step("phase.enter", f"{board.turn} enters Main Phase 1.", "ygo.turn.phases", "ygo.priority.turn_player_first",
              "ygo.turn.order_early", player=board.turn, phase="main1")
