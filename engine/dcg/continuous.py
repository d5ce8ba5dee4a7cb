"""Continuous effects (常在型, 15-8-2) and processing conditions (処理条件, 15-6).

A continuous effect — `timing: your_turn | opponents_turn | all_turns` — does not trigger: it applies from
the moment its turn and its conditions hold until they stop holding (15-8-2-2, 15-8-2-3, 15-8-2-6). The
engine recomputes what such effects give (`Mod(until="continuous")`) whenever the rule check may run and
before each battle, and records a step each time one starts or stops applying.
"""
from __future__ import annotations

from dataclasses import replace

from .effects import CONTINUOUS
from .keywords import keyword_text
from .model import PLAYERS, Board, Digimon, Effect, Mod, opponent

TURN_NAMES = {"your_turn": "Your Turn", "opponents_turn": "Opponent's Turn", "all_turns": "All Turns"}


def has_continuous(board: Board) -> bool:
    """Whether any card of the scenario carries a continuous effect (else refreshing is skipped)."""
    return any(e.timing in CONTINUOUS for p in PLAYERS for c in board.player(p).all_cards() for e in c.effects)


def turn_holds(board: Board, owner: str, timing: str) -> bool:
    return timing == "all_turns" or (board.turn == owner) == (timing == "your_turn")


def condition_holds(board: Board, owner: str, e: Effect, holder: Digimon | None) -> tuple[bool, str]:
    """Whether every processing condition of `e` holds now (15-6-1), and the conditions in words."""
    ps = board.player(owner)
    words = []
    ok = True
    for name, want in e.condition:
        if name == "tamer":
            have = any(d.card.kind == "tamer" for d in ps.battle_area)
            words.append(f"{owner} has {'a' if want else 'no'} Tamer")
            ok &= have == want
        elif name == "suspended":
            have = holder is not None and holder.suspended
            words.append(f"this card is {'suspended' if want else 'unsuspended'}")
            ok &= holder is not None and have == want
        elif name == "sources_at_least":
            words.append(f"this Digimon has {want} or more digivolution cards")
            ok &= holder is not None and len(holder.sources) >= want
        elif name in ("memory_at_least", "memory_at_most"):
            mem = board.memory_for(owner)
            words.append(f"{owner}'s memory is {want} or {'more' if name.endswith('least') else 'less'}")
            ok &= mem >= want if name.endswith("least") else mem <= want
        elif name == "security_at_most":
            words.append(f"{owner} has {want} or fewer security cards")
            ok &= len(ps.security) <= want
        elif name == "opponent_security_at_most":
            words.append(f"{opponent(owner)} has {want} or fewer security cards")
            ok &= len(board.player(opponent(owner)).security) <= want
    return ok, " and ".join(words)


def _grants(board: Board) -> list[tuple[str, str, str, Effect, Mod]]:
    """(target owner, target id, source card id, effect, what it gives) for every continuous effect that
    applies now. Only cards in the battle area apply them (3-4-5-4: not the breeding area)."""
    out = []
    for p in PLAYERS:
        for d in board.player(p).battle_area:
            for e in d.effects():
                if e.timing not in CONTINUOUS or not turn_holds(board, p, e.timing):
                    continue
                if e.condition and not condition_holds(board, p, e, d)[0]:
                    continue
                mod = Mod("continuous", dp=e.amount or 0 if e.do == "dp" else 0, keyword=e.keyword,
                          flag="cannot_be_blocked" if e.do == "cannot_be_blocked" else None)
                if e.target == "self":
                    targets = [(p, d)]
                else:
                    side = p if e.target == "all_own_digimon" else opponent(p)
                    targets = [(side, x) for x in board.player(side).battle_area if x.is_digimon]
                source = next(c.id for c in d.cards() if e in c.effects)
                out.extend((tp, t.id, source, e, mod) for tp, t in targets)
    return out


def describe(e: Effect) -> str:
    if e.do == "dp":
        return f"DP {e.amount:+d}"
    if e.do == "gain":
        return f"gains {keyword_text(e.keyword)}"
    return "cannot be blocked"


def refresh(game) -> None:
    """Recompute what continuous effects give; record each effect that starts or stops applying."""
    board = game.board
    grants = _grants(board)
    active = {(tp, tid, src, e) for tp, tid, src, e, _ in grants}
    for key in sorted(active - game.continuous_active, key=str):
        tp, tid, src, e = key
        keys = ["dcg.continuous.effect", "dcg.continuous.starts",
                "dcg.timing.all_turns" if e.timing == "all_turns" else "dcg.timing.turn"]
        keys += ["dcg.continuous.condition", "dcg.condition.processing"] if e.condition else []
        if len([g for g in grants if g[1] == tid]) > 1:
            keys.append("dcg.continuous.stack")
        cond = f" (while {condition_holds(board, board.owner_of(src) or tp, e, None)[1]})" if e.condition else ""
        game.step("continuous.applies", f"{src}'s [{TURN_NAMES[e.timing]}] effect applies{cond}: "
                  f"{tid} {describe(e)}.", *keys)
    for key in sorted(game.continuous_active - active, key=str):
        tp, tid, src, e = key
        if game.find(tid) is None:
            continue   # the Digimon left: nothing to report
        keys = ["dcg.continuous.stops"] + (["dcg.continuous.condition_lost"] if e.condition else [])
        game.step("continuous.stops", f"{src}'s [{TURN_NAMES[e.timing]}] effect no longer applies to {tid} "
                  f"({describe(e)} ends).", *keys)
    game.continuous_active = active
    per_target: dict[tuple[str, str], list[Mod]] = {}
    for tp, tid, _, _, mod in grants:
        per_target.setdefault((tp, tid), []).append(mod)
    for p in PLAYERS:
        ps = game.ps(p)
        changed = False
        area = []
        for d in ps.battle_area:
            mods = tuple(m for m in d.mods if m.until != "continuous") + tuple(per_target.get((p, d.id), ()))
            if mods != d.mods:
                d, changed = replace(d, mods=mods), True
            area.append(d)
        if changed:
            game.set_ps(p, replace(ps, battle_area=tuple(area)))
