"""One printed effect with several timings (「【登場時】【進化時】[ターンに 1 回] …」): its [Once Per Turn] /
[Twice Per Turn] is one limit shared by all its timings.

    effects:
      - {timing: when_digivolving, do: memory, amount: 1, once_per_turn: true, one_effect: rage}
      - {timing: when_attacking, do: memory, amount: 1, once_per_turn: true, one_effect: rage}

A scenario writes such an effect once per timing and ties the entries with the same `one_effect` name. It is one
effect, so activating it at any of its timings uses its limit (15-14-1-1: the limit is used each time it is chosen
to activate, 15-1-6), and once used up it does not activate at its other timings either (15-14-1-2). Each card
counts its own (15-14-1-3); a card that becomes a new card counts afresh (15-14-1-4), and so does every card in
the next turn. Each entry carries the limit (`once_per_turn` or
`twice_per_turn`); the entry that activates says which.

The whole mechanic is this module: an effect field and four kernel hooks (docs/engine.md).
"""
from __future__ import annotations

import re

from ..errors import InvalidScenario
from .effects import CONTINUOUS, effect_field
from .game import Game, on
from .model import Effect

FIELD = "one_effect"
NAME = re.compile(r"^[A-Za-z0-9_\-]{1,40}$")


def _parse(value, fields: dict, path: str):
    if not isinstance(value, str) or not NAME.match(value):
        raise InvalidScenario(path, "a name (letters, digits, _ or -, at most 40) shared by the entries of one "
                                    "printed effect")
    if fields.get("timing") in CONTINUOUS:
        raise InvalidScenario(path, "a continuous effect applies, it does not activate: no per-turn limit (15-14-1)")
    if not (fields.get("once_per_turn") is True or fields.get("twice_per_turn") is True):
        raise InvalidScenario(path, "ties the timings of one [Once Per Turn] or [Twice Per Turn] effect: give "
                                    "once_per_turn or twice_per_turn")
    return value


effect_field(FIELD, _parse)


def _limit(e: Effect) -> int:
    return 1 if e.once_per_turn else 2


def _uses(game: Game) -> dict:
    """(card id, one_effect name) -> how many times that effect activated this turn, at any of its timings."""
    return game.kept.setdefault(FIELD, {})


@on("effect_may_activate")   # 15-14-1-2: used up at one timing, it does not activate at another
def _may_activate(game: Game, owner: str, e: Effect, card_id: str):
    name = e.mark(FIELD) if e.marks else None
    if name is None:
        return None
    n = _uses(game).get((card_id, name), 0)
    if n < _limit(e):
        return None
    limit = "[Once Per Turn]" if e.once_per_turn else "[Twice Per Turn]"
    return ("effect.one_effect_used", f"it is one effect with several timings, and its {limit} was already used "
            f"this turn at another of them", ("dcg.icon.once_per_turn_spent", "dcg.icon.once_per_turn"))


@on("effect_activated")      # 15-14-1-1: counted for the effect, whichever timing it activated at
def _count(game: Game, owner: str, e: Effect, card_id: str) -> None:
    name = e.mark(FIELD) if e.marks else None
    if name is None:
        return
    uses = _uses(game)
    uses[(card_id, name)] = uses.get((card_id, name), 0) + 1


@on("cards_renewed")         # 15-14-1-4: a new card counts afresh
def _renewed(game: Game, cards) -> None:
    uses = game.kept.get(FIELD)
    if uses:
        ids = {c.id for c in cards}
        game.kept[FIELD] = {k: n for k, n in uses.items() if k[0] not in ids}


@on("turn_ended")
def _turn_ended(game: Game, player: str) -> None:
    game.kept.pop(FIELD, None)
