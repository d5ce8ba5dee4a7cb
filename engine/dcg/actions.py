"""The scenario's actions: each has `can_x(game, …) -> Refusal | None` (the reason and the rule) and `x()`.

`run_action` refuses what the rules forbid (recorded, the run goes on) and performs the rest, then lets
pending effects resolve and ends the turn if memory crossed to the opponent's side (6-1-4-1).
"""
from __future__ import annotations

from dataclasses import replace

from ..trace import Refusal
from .attack import attack, can_attack, can_block
from .game import Game
from .main_phase import cannot_pay, hand_owner, held_in_main, main_phase_refusal
from .model import Card, Digimon
from .options import activate, can_activate, can_use, use
from .resolve import play_card
from .setup import can_start_game, start_game
from .turn import can_end_turn, end_turn_if_memory_crossed, start_next_turn
from .validate import Action
from . import combine, cost_changes

# action -> (can_x, x, the action's fields in argument order)
COMBINE_ACTIONS = {
    "dna_digivolve": (combine.can_dna, combine.dna, ("card", "onto", "cost")),
    "burst_digivolve": (combine.can_burst, combine.burst, ("card", "onto", "tamer", "cost")),
    "app_fusion": (combine.can_app_fusion, combine.app_fusion, ("card", "onto", "cost")),
    "link": (combine.can_link, combine.link, ("card", "onto", "cost")),
    "training": (combine.can_training, combine.training, ("card",)),
    "delay": (combine.can_delay, combine.delay, ("card",)),
}


# ------------------------------------------------------------------------------------------ play
def can_play(game: Game, card_id: str, cost: int | None, xros: tuple[str, list] | None = None) -> Refusal | None:
    """`xros`: ("digixros" | "assembly", the card ids placed under the card as it is played, 7-2 / 7-3)."""
    refusal, held = held_in_main(game, "play", card_id, "dcg.main.play")
    if refusal:
        return refusal
    p, card = held
    if card.kind not in ("digimon", "tamer"):
        return Refusal("play", f"{card.label} is not a Digimon or Tamer card: only those are played.",
                       ("dcg.play.rule",))
    if card.kind == "digimon" and card.dp is None:
        return Refusal("play", f"{card.label} has no DP: a Digimon without DP would be trashed at once.",
                       ("dcg.rule_check.no_dp",))
    price = _cost(card, cost, "play_cost")
    rules = 0
    if xros is not None:
        refusal = combine.xros_refusal(game, p, card, xros[1], xros[0])
        if refusal:
            return refusal
        spec = getattr(card, xros[0])
        rules = -(spec.reduce * len(xros[1]) if xros[0] == "digixros" else spec.reduce)
    return cannot_pay(game, "play", p, cost_changes.price(game, p, "play", card, price, rules))


def play(game: Game, card_id: str, cost: int | None, xros: tuple[str, list] | None = None) -> None:
    p, card = hand_owner(game, card_id)
    price = _cost(card, cost, "play_cost")
    ps = game.ps(p)
    game.set_ps(p, replace(ps, hand=tuple(c for c in ps.hand if c.id != card_id)))
    sources, keys = (), ["dcg.play.procedure", "dcg.memory.pay", "dcg.play.rule", "dcg.play.declare",
                         "dcg.play.pay", "dcg.play.place"]
    reduction = 0
    if xros is not None:
        sources, reduction = combine.place_xros(game, p, card, xros[1], xros[0])
        keys += ["dcg.digixros.procedure_play" if xros[0] == "digixros" else "dcg.assembly.procedure_play",
                 "dcg.main.play_digixros" if xros[0] == "digixros" else "dcg.main.play_assembly"]
        if price - reduction < 0 and not cost_changes.effect_changes(game, p, "play", card):
            keys.append("dcg.cost.floor_zero")
    elif card.digixros is not None or card.assembly is not None:
        name = "DigiXros" if card.digixros is not None else "Assembly"
        game.step("xros.not_used", f"{p} plays {card.label} without {name}: it is not mandatory.",
                  "dcg.digixros.optional" if card.digixros is not None else "dcg.assembly.optional", player=p, card=card.label, method=name)
    price = cost_changes.changed_price(game, p, "play", card, price, -reduction)
    before, after = game.memory_add(p, -price)
    play_card(game, p, card, f"{p} plays {card.label}, paying {price} memory ({game.memory_text(p, before)} → "
              f"{game.memory_text(p, after)}).", *keys, "dcg.main.play", sources=sources, cost=price, memory_before=before, memory_after=after,
              xrossed=len(sources) if xros is not None and xros[0] == "digixros" else 0)


def _cost(card: Card, given: int | None, field: str) -> int:
    return given if given is not None else getattr(card, field)


# ------------------------------------------------------------------------------------------ digivolve
def _level_met(card: Card, d: Digimon) -> bool:
    return card.level is None or d.card.level is None or card.level == d.card.level + 1


def _second_requirement(card: Card, d: Digimon) -> bool:
    """8-1-2-1: with two requirements the player chooses; the second is used when only it is met, or when both
    are and it costs less."""
    also = card.digivolve_also
    if also is None or not also.to.matches(d.card):
        return False
    return not _level_met(card, d) or (card.digivolve_cost is not None and also.cost < card.digivolve_cost)


def _onto(game: Game, onto: str) -> tuple[str, Digimon, str] | None:
    for p in ("A", "B"):
        ps = game.ps(p)
        d = ps.digimon(onto)
        if d is not None:
            return p, d, "battle"
        if ps.breeding_area is not None and ps.breeding_area.id == onto:
            return p, ps.breeding_area, "breeding"
    return None


def can_digivolve(game: Game, card_id: str, onto: str, cost: int | None,
                  digisorption: list[str] | None = None) -> Refusal | None:
    refusal, held = held_in_main(game, "digivolve", card_id, "dcg.main.digivolve")
    if refusal:
        return refusal
    p, card = held
    if card.kind != "digimon" or card.dp is None:
        return Refusal("digivolve", f"{card.label} is not a Digimon card with DP: one digivolves into a Digimon "
                       f"card.", ("dcg.digivolve.rule",))
    base = _onto(game, onto)
    if base is None or base[0] != p:
        return Refusal("digivolve", f"{onto} is not {p}'s Digimon in the battle or breeding area.",
                       ("dcg.digivolve.rule",))
    _, d, _ = base
    if d.is_token:
        return Refusal("digivolve", f"{d.label} is a token: no card can be placed on a token.",
                       ("dcg.token.no_stacking",))
    if not d.is_digimon:
        return Refusal("digivolve", f"{d.label} is a Tamer: only a Digimon meets the digivolution requirements.",
                       ("dcg.digivolve.requirements",))
    if not _level_met(card, d) and not _second_requirement(card, d):
        return Refusal("digivolve", f"{card.label} (Lv.{card.level}) does not digivolve from {d.label} "
                       f"(Lv.{d.card.level}): the requirement is a Digimon one level lower.",
                       ("dcg.digivolve.requirements",))
    if digisorption:
        refusal = combine.digisorption_refusal(game, p, card, digisorption)
        if refusal:
            return refusal
    price = cost if cost is not None else card.digivolve_also.cost if _second_requirement(card, d) else card.digivolve_cost
    rules = -sum(kw.n for kw, _ in zip([k for k in card.keywords if k.kid == "digisorption"],
                                      combine.digisorption_picks(game, p, card, onto, digisorption)))
    return cannot_pay(game, "digivolve", p, cost_changes.price(game, p, "digivolve", card, price, rules, (d,)))


def digivolve(game: Game, card_id: str, onto: str, cost: int | None, digisorption: list[str] | None = None) -> None:
    p, card = hand_owner(game, card_id)
    base = _onto(game, onto)[1]
    second = _second_requirement(card, base)
    printed = price = cost if cost is not None else card.digivolve_also.cost if second else card.digivolve_cost
    if card.digivolve_also is not None:
        also = card.digivolve_also
        game.step("digivolve.requirement", f"{card.label} has two digivolution requirements (Lv.{card.level or '?'} "
                  f"from one level lower, cost {card.digivolve_cost}; from {also.to.text}, cost {also.cost}); {p} "
                  f"chooses " + (f"the second, which {base.label} meets" + (" and which costs less" if
                                 _level_met(card, base) else "") if second else "the first") + ".",
                  "dcg.digivolve.choose_requirement", "dcg.digivolve.requirements", player=p, card=card.label,
                  base=base.label, second=second)
    picks = combine.digisorption_picks(game, p, card, onto, digisorption)
    if picks:                         # 8-1-2-5: it triggers as the card is revealed, before the cost is paid
        price = combine.digisorption(game, p, card, onto, picks, price)
    _, d, area = _onto(game, onto)
    sorbed = sum(kw.n for kw, _ in zip([k for k in card.keywords if k.kid == "digisorption"], picks))
    price = cost_changes.changed_price(game, p, "digivolve", card, printed, -sorbed, (d,))
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
              f"({game.memory_text(p, before)} → {game.memory_text(p, after)}); it stays {state} and is the same "
              f"Digimon; {d.label} becomes a digivolution card without leaving the area"
              + (f"; its link card{'s' * (len(d.links) > 1)} {', '.join(c.label for c in d.links)} stay{'s' * (len(d.links) == 1)}"
                 f" with it (not a new card)" if d.links else "") + ".",
              "dcg.digivolve.procedure", "dcg.memory.pay", "dcg.digivolve.keeps_state", "dcg.main.digivolve",
              "dcg.digivolve.rule", "dcg.digivolve.declare", "dcg.digivolve.pay", "dcg.digivolve.same_digimon",
              "dcg.digivolve.not_left", "dcg.sources.definition", "dcg.stack.source_any_category",
              *(["dcg.effect.given_carries_over"] if any(m.until != "continuous" for m in d.mods) else []),
              *(["dcg.link.state", "dcg.link.dp"] if d.links else []), player=p, base=d.label, card=card.label, cost=price, memory_before=before, memory_after=after)
    if game.draw(p, 1):
        game.step("digivolve.draw", f"Digivolution bonus: {p} draws 1 card.", "dcg.digivolve.draw", player=p)
    else:
        game.step("digivolve.draw", f"{p}'s deck is empty: the digivolution completes without the draw.",
                  "dcg.digivolve.no_draw", player=p, deck=0)
    game.emit("digimon_digivolved", p, new, area)
    if area == "battle":
        game.trigger_effects(p, new, "when_digivolving")
    elif any(e.timing == "when_digivolving" for e in card.effects):
        game.step("digivolve.breeding", f"{card.label} is in the breeding area: its [When Digivolving] effect "
                  f"does not trigger.", "dcg.breeding.no_effects", card=card.label)


# ------------------------------------------------------------------------------------------ pass
def can_pass(game: Game) -> Refusal | None:
    return main_phase_refusal(game, "pass", None)


def pass_turn(game: Game) -> None:
    p = game.board.turn
    before = game.board.memory
    game.board = replace(game.board, memory=-3)
    game.step("turn.pass", f"{p} passes: memory moves from {game.memory_text(p, before)} to the opponent's 3.",
              "dcg.pass", player=p, memory_before=before)


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
        how = next((k for k in ("digixros", "assembly") if action.get(k) is not None), None)
        xros = (how, list(action.get(how))) if how else None
        refusal = can_play(game, action.get("card"), action.get("cost"), xros)
        if refusal is None:
            play(game, action.get("card"), action.get("cost"), xros)
    elif kind == "digivolve":
        sorb = action.get("digisorption")
        sorb = list(sorb) if sorb is not None else None
        refusal = can_digivolve(game, action.get("card"), action.get("onto"), action.get("cost"), sorb)
        if refusal is None:
            digivolve(game, action.get("card"), action.get("onto"), action.get("cost"), sorb)
    elif kind in COMBINE_ACTIONS:
        can, do, fields = COMBINE_ACTIONS[kind]
        args = [list(action.get(f)) if isinstance(action.get(f), tuple) else action.get(f) for f in fields]
        refusal = can(game, *args)
        if refusal is None:
            do(game, *args)
    elif kind == "use":
        refusal = can_use(game, action.get("card"), action.get("cost"))
        if refusal is None:
            use(game, action.get("card"), action.get("cost"))
    elif kind == "activate":
        refusal = can_activate(game, action.get("card"), action.get("effect", 0))
        if refusal is None:
            activate(game, action.get("card"), action.get("effect", 0))
    elif kind == "start_game":
        refusal = can_start_game(game, action.get("first"), action.get("redraw") or ())
        if refusal is None:
            start_game(game, action.get("first"), action.get("redraw") or ())
    elif kind == "pass":
        refusal = can_pass(game)
        if refusal is None:
            pass_turn(game)
    else:
        refusal = can_end_turn(game)
        if refusal is None:
            start_next_turn(game, action.get("breeding"))
    if refusal is not None:
        game.trace.record_refusal(refusal)
        return
    game.flush()
    end_turn_if_memory_crossed(game)
