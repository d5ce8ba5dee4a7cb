"""The effects and processings of the Standby and End Phases, taken one at a time (rulebook 3.7.3.p4-p18,
4.10.2.p8-p11, 4.10.8.p14).

A phase's items are its trigger effects "during the Standby / End Phase" (face-up cards, graveyard and hand),
maintenance costs (maintenance.py), cards banished until then coming back (temporary.py) and what a resolved
effect left for that phase ("destroy it during the End Phase", delayed.py). They do not meet their timing at one
time point, so they never form one chain (4.10.2.p8): each is applied by itself — a trigger as chain link 1 of its
own chain — and after it both players may respond (3.1.3.p21). Who applies the next one follows 3.7.3:

1. the turn player applies one of theirs, in any order they like (4.10.2.p8, p9), or passes;
3. then the non-turn player applies one, or passes;
4. both passed: a player with a mandatory item left must apply one — the turn player first (5), else the turn player
   may still apply one (6) before the non-turn player must (7); after any item it is the turn player's choice again;
8. nothing mandatory left: the phase ends (the End Phase goes on to the hand size adjustment).

Each card's trigger is activated once per phase; a card that moved since is a new card (4.10.2.p11). The order is
`choose: {phase.standby | phase.end: [ids, pass, …]}` (a card id: apply that item; `pass`: the deciding player
passes; an id of the other player's item: the deciding player passes first). **Default** once the list is used up:
each player applies all their items in the order found (returning cards, maintenance costs, triggers, delayed
processings), optional triggers listed in `decline` are not activated, then passes.
After the hand size adjustment an End Phase effect can no longer be activated, and only one chain may be built,
by triggers the adjustment itself met (4.10.8.p14)."""
from __future__ import annotations

from dataclasses import dataclass, field

from . import delayed, maintenance, temporary
from .game import Window
from .model import Card, other
from .triggers import fire

TIMING = {"standby": "standby_phase", "end": "end_phase"}
NAMES = {"standby": "Standby Phase", "end": "End Phase"}


@dataclass
class Item:
    kind: str                # trigger | maintenance | return | delayed
    card: Card
    player: str              # who applies it
    mandatory: bool
    data: object = None      # temporary.Away / delayed.Delayed

    @property
    def key(self) -> tuple:
        return (self.kind, self.card.id, self.card.moved) if self.kind in ("trigger", "maintenance") else (self.kind, id(self.data))


@dataclass
class PhaseRun:
    phase: str
    script: list                                 # the rest of `choose: {phase.<phase>: […]}`
    step: int = 1                                # where 3.7.3's procedure stands (1, 3, 4-7)
    done: set = field(default_factory=set)       # Item keys applied (or declined) in this phase


def _candidates(game, player: str) -> list[Card]:
    """The player's cards whose effect may be met: face-up cards on the field, then the graveyard and hand cards
    whose effect is activated there."""
    p = game.board.player(player)
    on_field = [c for c in p.monster_list() + p.st_list() + ([p.field_spell] if p.field_spell else [])
                if c.face_up and not c.equip_was]   # an equipped monster's effects do not apply there (4.8.3.p4)
    hidden = [c for pile in ("graveyard", "hand") for c in getattr(p, pile)
              if any(e.source == pile for e in c.effects or ((c.effect,) if c.effect else ()))]
    return [c for c in on_field if not c.effect or any(e.source == "field" for e in c.effects or (c.effect,))] + hidden


def _met(game, card: Card, player: str, when: str) -> bool:
    eff = card.trigger(when)
    if eff is None:
        return False
    if game.on_field(card) and (card.effects_negated or card.unsummoned_gemini):
        return False
    turn = game.board.turn
    if eff.turn == "own" and player != turn or eff.turn == "opponent" and player == turn:
        return False
    return eff.condition != "sent_this_turn" or card.graveyard_turn == game.board.turn_number


def _kinds_in_play(game) -> set:
    """Which kinds of item the duel's cards can give at all — "trigger" (a Standby or End Phase trigger, its own
    effect or the one it has as an equip card), "maintenance" (a maintenance cost): a phase scans no hand,
    graveyard or field for a kind no card has. Found the first time a phase needs it (cards do not gain effects)."""
    found = game.in_play.get("phase_triggers")
    if found is None:
        found, whens = set(), set(TIMING.values())
        for p in game.board.players.values():
            for c in p.all_cards() + [m for c in p.monster_list() for m in c.materials]:   # Xyz Materials too
                for e in (*(c.effects or (c.effect,)), c.equip_effect):
                    if e and e.type == "trigger" and e.when in whens:
                        found.add("trigger")
                    if e and e.maintenance:
                        found.add("maintenance")
        game.in_play["phase_triggers"] = found
    return found


def items(game, run: PhaseRun, player: str) -> list[Item]:
    """The player's items still to be applied in this phase, in the default order."""
    out = [Item("return", a.card, player, True, a) for a in temporary.due(game, run.phase, player)]
    kinds = _kinds_in_play(game)
    if "maintenance" in kinds:
        out += [Item("maintenance", c, player, True) for c in maintenance.due(game, player, run.phase)]
    if "trigger" in kinds:
        when = TIMING[run.phase]
        out += [Item("trigger", c, player, c.trigger(when).mandatory) for c in _candidates(game, player)
                if _met(game, c, player, when)]
    out += [Item("delayed", d.card, player, True, d) for d in delayed.due(game, run.phase, player)]
    return [i for i in out if i.key not in run.done]


def gather(game, phase: str) -> None:
    """On entering the Standby or End Phase: its items wait to be applied one at a time."""
    if phase not in TIMING:
        return
    run = PhaseRun(phase, list(game.choose.get(f"phase.{phase}", [])))
    game.phase_run = run
    turn = game.board.turn
    waiting = items(game, run, turn) + items(game, run, other(turn))
    if len(waiting) > 1:
        game.step("phase.triggers", f"{len(waiting)} effects and processings apply during this {NAMES[phase]}: they do "
                  "not meet their timing at the same moment, so each is applied by itself (no chain between them), "
                  "the turn player's first, in the order that player chooses.", "ygo.phase_trigger.one_at_a_time",
                  "ygo.phase.turn_player_first", count=len(waiting), phase=NAMES[phase])


def next_item(game) -> bool:
    """Apply the next item by 3.7.3's procedure; False when the phase's items are over (its processing ends)."""
    run = game.phase_run
    while run is not None and not game.board.over and game.board.phase == run.phase:
        turn = game.board.turn
        if run.step == 1:
            if _offer(game, run, turn, must=False):
                return True
            run.step = 3
        elif run.step == 3:
            if _offer(game, run, other(turn), must=False):
                run.step = 1
                return True
            run.step = 4
        elif run.step == 4:
            mine, theirs = (any(i.mandatory for i in items(game, run, p)) for p in (turn, other(turn)))
            if not mine and not theirs:
                break
            run.step = 5 if mine else 6
        elif run.step == 5:
            _must(game, run, turn)
            return True
        elif run.step == 6:
            if _offer(game, run, turn, must=False):
                run.step = 1
                return True
            _must(game, run, other(turn))
            run.step = 1
            return True
    game.phase_run = None
    return False


def _must(game, run: PhaseRun, player: str) -> None:
    game.step("phase.must_apply", f"Both players passed, but {player} still has an effect or processing this "
              f"{NAMES[run.phase]} must apply: {player} applies one now (it may be another of theirs).",
              "ygo.phase.mandatory_left" if player == game.board.turn else "ygo.phase.non_turn_must", player=player, phase=NAMES[run.phase])
    _offer(game, run, player, must=True)
    run.step = 1


def _offer(game, run: PhaseRun, player: str, must: bool) -> bool:
    """`player` applies one item (True) or passes (False). When they must apply one, a choice that is not one of
    theirs waits for a later decision and the default applies."""
    while True:
        mine = items(game, run, player)
        entry = run.script[0] if run.script else None
        if not mine:
            if entry == "pass" and not must:
                run.script.pop(0)   # nothing to apply: the player passes as the list says
            return False
        chosen = next((i for i in mine if i.card.id == entry), None)
        if chosen is not None:
            run.script.pop(0)
            _apply(game, run, chosen, chosen_order=True)
            return True
        if entry is None or must:
            return _default(game, run, player, mine)
        if entry == "pass" or entry in {i.card.id for i in items(game, run, other(player))}:
            if entry == "pass":
                run.script.pop(0)
            _passes(game, run, player)   # an item of the other player's comes next: this player passes first
            return False
        run.script.pop(0)
        game.step("phase.choice_unavailable", f"{entry} has no effect or processing to apply in this "
                  f"{NAMES[run.phase]} now: that choice is skipped.", "ygo.phase_trigger.one_per_phase",
                  card=entry, phase=NAMES[run.phase])


def _default(game, run: PhaseRun, player: str, mine: list[Item]) -> bool:
    """**Default**: apply the first item, skipping optional triggers listed in `decline` (then pass)."""
    for item in mine:
        if item.kind == "trigger" and not item.mandatory and item.card.id in game.decline:
            run.done.add(item.key)
            game.step("trigger.declined", f"{player} chooses not to activate the trigger effect of "
                      f"{item.card.label()} this {NAMES[run.phase]}.", "ygo.trigger.optional_defined",
                      "ygo.phase.any_order", player=player, card=item.card.label())
            continue
        _apply(game, run, item, chosen_order=False)
        return True
    return False


def _passes(game, run: PhaseRun, player: str) -> None:
    keys = ("ygo.phase.turn_player_pass",) if player == game.board.turn else ("ygo.phase.non_turn_player",)
    game.step("phase.pass", f"{player} passes priority in the {NAMES[run.phase]} without applying another effect "
              "now.", *keys, player=player, phase=NAMES[run.phase])


def _apply(game, run: PhaseRun, item: Item, chosen_order: bool) -> None:
    run.done.add(item.key)
    order = ("ygo.phase.own_order_processings",) if chosen_order else ()
    if item.player != game.board.turn:
        order += ("ygo.phase.non_turn_player",)   # the turn player passed (or had nothing left) first
    if item.kind == "maintenance":
        maintenance.apply(game, item.card, item.player, *order)
    elif item.kind == "return":
        temporary.return_one(game, item.data, *order)
    elif item.kind == "delayed":
        delayed.apply(game, item.data, *order)
    else:
        if chosen_order:
            game.step("phase.chosen", f"{item.player} activates the {NAMES[run.phase]} effect of {item.card.label()} "
                      "now: the player takes their own effects in any order, optional ones before mandatory ones if "
                      "they like.", "ygo.phase.any_order", *order[1:], player=item.player, card=item.card.label(),
                      phase=NAMES[run.phase])
        game.add_trigger(item.card, Window(TIMING[run.phase], item.card, None, item.player))
        if item.card.effect.phase_chain:   # Traps' mandatory phase triggers ruled to chain with their like
            for other_item in items(game, run, item.player):
                if other_item.kind == "trigger" and other_item.card.effect.phase_chain:
                    run.done.add(other_item.key)
                    game.add_trigger(other_item.card, Window(TIMING[run.phase], other_item.card, None, item.player))
            if len(game.triggers) > 1:
                game.step("phase.trap_chain", f"{item.player}'s Trap Cards' mandatory {NAMES[run.phase]} effects are "
                          "ruled to form one chain with each other (an exception for some Trap Cards).",
                          "ygo.phase_trigger.trap_chain", player=item.player, phase=NAMES[run.phase])
        fire(game)
    if item.kind != "trigger" and game.triggers and not game.board.over:
        fire(game)   # what the processing met (a card destroyed) forms a chain at once


def after_hand_limit(game, discarded: list[Card]) -> None:
    """Cards discarded by the hand size adjustment: their "when sent to the graveyard" triggers may form the one
    chain left; an End Phase effect of theirs can no longer be activated."""
    for card in discarded:
        eff = card.effect
        if eff and eff.type == "trigger" and eff.when == "end_phase" and eff.source == "graveyard":
            game.step("trigger.not_activated", f"{card.label()} was sent to the graveyard by the hand size adjustment: "
                      "an effect that activates during the End Phase can no longer be activated after it.",
                      "ygo.phase_trigger.after_hand_limit", card=card.label())
    if game.triggers:
        game.step("end_phase.after_hand_limit", "Trigger effects met by the hand size adjustment form the one chain "
                  "that may still be built in this End Phase.", "ygo.phase_trigger.after_hand_limit")
