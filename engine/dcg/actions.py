"""The scenario's actions: each has `can_x(game, …) -> Refusal | None` (the reason and the rule) and `x()`.

`run_action` refuses what the rules forbid (recorded, the run goes on) and performs the rest, then lets
pending effects resolve and ends the turn if memory crossed to the opponent's side (6-1-4-1).
"""
from __future__ import annotations

from dataclasses import replace

from ..trace import Refusal
from .attack import attack, can_attack, can_block
from .game import Game
from .model import Card, Digimon
from .options import activate, can_activate, can_use, use
from .resolve import play_card
from .turn import can_end_turn, end_turn_if_memory_crossed, start_next_turn
from .validate import Action


def _main_phase_refusal(game: Game, action: str, p: str | None) -> Refusal | None:
    b = game.board
    if game.over:
        return Refusal(action, "The game is over.", ("dcg.game.over",))
    if p is not None and p != b.turn:
        return Refusal(action, f"It is {b.turn}'s turn: only the turn player acts in the main phase.",
                       ("dcg.phase.main",))
    if b.phase != "main":
        return Refusal(action, f"{b.turn}'s turn has not reached its main phase yet (run `end_turn`).",
                       ("dcg.phase.main",))
    return None


def _hand_owner(game: Game, card_id: str) -> tuple[str, Card] | None:
    for p in ("A", "B"):
        for c in game.ps(p).hand:
            if c.id == card_id:
                return p, c
    return None


def _cannot_pay(game: Game, action: str, p: str, cost: int) -> Refusal | None:
    have = game.board.memory_for(p)
    if have - cost < -10:
        return Refusal(action, f"{p} cannot pay {cost}: memory {have} would pass the opponent's 10, the end of "
                       f"the gauge.", ("dcg.cost.cannot_pay", "dcg.memory.gauge_limit"))
    return None


# ------------------------------------------------------------------------------------------ play
def can_play(game: Game, card_id: str, cost: int | None) -> Refusal | None:
    held = _hand_owner(game, card_id)
    refusal = _main_phase_refusal(game, "play", held[0] if held else None)
    if refusal:
        return refusal
    if held is None:
        return Refusal("play", f"{card_id} is not in {game.board.turn}'s hand.", ("dcg.main.play",))
    p, card = held
    if card.kind not in ("digimon", "tamer"):
        return Refusal("play", f"{card.label} is not a Digimon or Tamer card: only those are played.",
                       ("dcg.play.rule",))
    if card.kind == "digimon" and card.dp is None:
        return Refusal("play", f"{card.label} has no DP: a Digimon without DP would be trashed at once.",
                       ("dcg.rule_check.no_dp",))
    return _cannot_pay(game, "play", p, _cost(card, cost, "play_cost"))


def play(game: Game, card_id: str, cost: int | None) -> None:
    p, card = _hand_owner(game, card_id)
    price = _cost(card, cost, "play_cost")
    ps = game.ps(p)
    game.set_ps(p, replace(ps, hand=tuple(c for c in ps.hand if c.id != card_id)))
    before, after = game.memory_add(p, -price)
    play_card(game, p, card, f"{p} plays {card.label}, paying {price} memory ({game.memory_text(p, before)} → "
              f"{game.memory_text(p, after)}).", "dcg.play.procedure", "dcg.memory.pay")


def _cost(card: Card, given: int | None, field: str) -> int:
    return given if given is not None else getattr(card, field)


# ------------------------------------------------------------------------------------------ digivolve
def _onto(game: Game, onto: str) -> tuple[str, Digimon, str] | None:
    for p in ("A", "B"):
        ps = game.ps(p)
        d = ps.digimon(onto)
        if d is not None:
            return p, d, "battle"
        if ps.breeding_area is not None and ps.breeding_area.id == onto:
            return p, ps.breeding_area, "breeding"
    return None


def can_digivolve(game: Game, card_id: str, onto: str, cost: int | None) -> Refusal | None:
    held = _hand_owner(game, card_id)
    refusal = _main_phase_refusal(game, "digivolve", held[0] if held else None)
    if refusal:
        return refusal
    if held is None:
        return Refusal("digivolve", f"{card_id} is not in {game.board.turn}'s hand.", ("dcg.main.digivolve",))
    p, card = held
    if card.kind != "digimon" or card.dp is None:
        return Refusal("digivolve", f"{card.label} is not a Digimon card with DP: one digivolves into a Digimon "
                       f"card.", ("dcg.digivolve.rule",))
    base = _onto(game, onto)
    if base is None or base[0] != p:
        return Refusal("digivolve", f"{onto} is not {p}'s Digimon in the battle or breeding area.",
                       ("dcg.digivolve.rule",))
    _, d, _ = base
    if not d.is_digimon:
        return Refusal("digivolve", f"{d.label} is a Tamer: only a Digimon meets the digivolution requirements.",
                       ("dcg.digivolve.requirements",))
    if card.level is not None and d.card.level is not None and card.level != d.card.level + 1:
        return Refusal("digivolve", f"{card.label} (Lv.{card.level}) does not digivolve from {d.label} "
                       f"(Lv.{d.card.level}): the requirement is a Digimon one level lower.",
                       ("dcg.digivolve.requirements",))
    return _cannot_pay(game, "digivolve", p, _cost(card, cost, "digivolve_cost"))


def digivolve(game: Game, card_id: str, onto: str, cost: int | None) -> None:
    p, card = _hand_owner(game, card_id)
    _, d, area = _onto(game, onto)
    price = _cost(card, cost, "digivolve_cost")
    ps = game.ps(p)
    game.set_ps(p, replace(ps, hand=tuple(c for c in ps.hand if c.id != card_id)))
    before, after = game.memory_add(p, -price)
    new = replace(d, card=card, sources=(d.card,) + d.sources)    # same Digimon, same state (8-1-2-3/4)
    if area == "battle":
        game.put(p, new, old_id=d.id)
    else:
        game.set_ps(p, replace(game.ps(p), breeding_area=new))
    state = "suspended" if d.suspended else "unsuspended"
    game.step("digivolve.done", f"{p} digivolves {d.label} into {card.label}, paying {price} memory "
              f"({game.memory_text(p, before)} → {game.memory_text(p, after)}); it stays {state}.",
              "dcg.digivolve.procedure", "dcg.memory.pay", "dcg.digivolve.keeps_state")
    if game.draw(p, 1):
        game.step("digivolve.draw", f"Digivolution bonus: {p} draws 1 card.", "dcg.digivolve.draw")
    else:
        game.step("digivolve.draw", f"{p}'s deck is empty: the digivolution completes without the draw.",
                  "dcg.digivolve.no_draw")
    if area == "battle":
        game.trigger_effects(p, new, "when_digivolving")
    elif any(e.timing == "when_digivolving" for e in card.effects):
        game.step("digivolve.breeding", f"{card.label} is in the breeding area: its [When Digivolving] effect "
                  f"does not trigger.", "dcg.breeding.no_effects")


# ------------------------------------------------------------------------------------------ pass
def can_pass(game: Game) -> Refusal | None:
    return _main_phase_refusal(game, "pass", None)


def pass_turn(game: Game) -> None:
    p = game.board.turn
    before = game.board.memory
    game.board = replace(game.board, memory=-3)
    game.step("turn.pass", f"{p} passes: memory moves from {game.memory_text(p, before)} to the opponent's 3.",
              "dcg.pass")


# ------------------------------------------------------------------------------------------ dispatch
def run_action(game: Game, action: Action) -> None:
    kind = action.kind
    game.seen.clear()
    game.refresh()
    if kind == "attack":
        refusal = can_attack(game, action.get("attacker"), action.get("target"))
        if refusal is None:
            attack(game, action.get("attacker"), action.get("target"))
    elif kind == "block":
        refusal = can_block(game, "", action.get("blocker") or "none")
        if refusal is None:   # can_block only allows a block at block timing, which attack() consumes
            refusal = Refusal("block", "A block answers an attack at its block timing.",
                              ("dcg.attack.block_timing",))
    elif kind == "play":
        refusal = can_play(game, action.get("card"), action.get("cost"))
        if refusal is None:
            play(game, action.get("card"), action.get("cost"))
    elif kind == "digivolve":
        refusal = can_digivolve(game, action.get("card"), action.get("onto"), action.get("cost"))
        if refusal is None:
            digivolve(game, action.get("card"), action.get("onto"), action.get("cost"))
    elif kind == "use":
        refusal = can_use(game, action.get("card"), action.get("cost"), _main_phase_refusal, _cannot_pay)
        if refusal is None:
            use(game, action.get("card"), action.get("cost"))
    elif kind == "activate":
        refusal = can_activate(game, action.get("card"), action.get("effect", 0), _main_phase_refusal, _cannot_pay)
        if refusal is None:
            activate(game, action.get("card"), action.get("effect", 0))
    elif kind == "pass":
        refusal = can_pass(game)
        if refusal is None:
            pass_turn(game)
    else:
        refusal = can_end_turn(game)
        if refusal is None:
            start_next_turn(game, action.get("breeding"))
    if refusal is not None:
        game.trace.refused.append(refusal)
        return
    game.flush()
    end_turn_if_memory_crossed(game)
