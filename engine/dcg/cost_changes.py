"""Costs that effects change: "the digivolve cost is 2 less", "costs 1 more to play" (continuous `do: cost`).

What a player pays is the printed cost (or the action's `cost:`) plus every change at once: the changes from
rules (DigiXros, Assembly, Digisorption) and from effects are added up first, then added to the cost (1-3-8),
and the result is never below 0 (1-3-9; 7-2-3-3: the changed cost is what is paid). An effect that changes
digivolution costs changes DNA, Burst and App Fusion costs too (8-2-2-5, 8-3-2-5, 8-4-2-3).

    effects: [{timing: opponents_turn, do: cost, of: digivolve, amount: 1, target: all_opponent_digimon,
               no_sources: true}]
"""
from __future__ import annotations

from .continuous import applying
from .model import Card, Digimon

# how a digivolution is done -> the rule that effects on digivolving apply to it too
DIGIVOLVE_KINDS = {"dna": "dcg.dna.cost_effects", "burst": "dcg.burst.cost_effects",
                   "app_fusion": "dcg.app_fusion.cost_effects"}


def effect_changes(game, p: str, of: str, card: Card, bases: tuple[Digimon, ...] = ()) -> list[tuple[str, int]]:
    """(card id of the effect, amount) for every continuous cost effect that applies to `p` paying the `of`
    cost of `card` (onto `bases`, the Digimon that digivolve or are linked to)."""
    if not game.continuous:
        return []
    out = []
    for owner, src, e, holder in applying(game.board, game.continuous):
        if e.do != "cost" or e.of != of:
            continue
        if e.target == "self":
            if holder is None or not any(b.id == holder.id for b in bases):
                continue
        elif (owner == p) != (e.target == "all_own_digimon"):
            continue
        if e.card is not None and not e.card.matches(card):
            continue
        if e.no_sources and not any(not b.sources for b in bases):
            continue
        out.append((src, e.amount))
    return out


def price(game, p: str, of: str, card: Card, base: int, rules: int = 0, bases: tuple[Digimon, ...] = ()) -> int:
    """The cost `p` pays: `base` plus the rules' change `rules` (negative: DigiXros …) plus the effects'."""
    return max(0, base + rules + sum(a for _, a in effect_changes(game, p, of, card, bases)))


def changed_price(game, p: str, of: str, card: Card, base: int, rules: int = 0, bases: tuple[Digimon, ...] = (),
                  how: str = "") -> int:
    """As `price`, recording a step when effects change the cost (`how`: dna | burst | app_fusion)."""
    changes = effect_changes(game, p, of, card, bases)
    final = max(0, base + rules + sum(a for _, a in changes))
    if not changes:
        return final
    raw = base + rules + sum(a for _, a in changes)
    parts = [f"{src}'s effect {amount:+d}" for src, amount in changes] + ([f"the rules {rules:+d}"] if rules else [])
    keys = ["dcg.cost.changed", "dcg.cost.sum_first"]
    if rules:
        keys.append("dcg.digixros.place" if of == "play" else "dcg.keyword.digisorption")
    if raw < 0:
        keys.append("dcg.cost.floor_zero")
    if how in DIGIVOLVE_KINDS:
        keys.append(DIGIVOLVE_KINDS[how])
    game.step("cost.changed", f"{card.label}'s {of} cost {base}: {', '.join(parts)} are added up first "
              f"({sum(a for _, a in changes) + rules:+d}), so {p} pays {final}"
              + (" (a cost is never below 0)" if raw < 0 else "") + ".", *keys,
              card=card.label, base=base, final=final)
    return final
