"""[Twice Per Turn] (15-14-1: [ターンに X 回] with X = 2): an effect that activates at most twice a turn.

    effects: [{timing: main, do: memory, amount: 1, twice_per_turn: true}]

Each time it activates, one of its two is used, even if it then does nothing (15-14-1-1, 15-14-1-5); once
both are used it does not activate again that turn (15-14-1-2). Each card counts its own (15-14-1-3); a card
that becomes a new card counts afresh (15-14-1-4), and so does every card when the turn ends.

The whole mechanic is this module (the worked example of docs/engine.md): it adds the effect field
`twice_per_turn` to the card text and answers three kernel hooks; nothing else in the engine names it.
"""
from __future__ import annotations

from ..errors import InvalidScenario
from .effects import CONTINUOUS, effect_field
from .game import Game, on
from .model import Effect

TIMES = 2
FIELD = "twice_per_turn"


def _parse(value, fields: dict, path: str):
    if not isinstance(value, bool):
        raise InvalidScenario(path, "true or false")
    if not value:
        return None
    if fields.get("once_per_turn"):
        raise InvalidScenario(path, "an effect is [Once Per Turn] or [Twice Per Turn], not both")
    if fields.get("timing") in CONTINUOUS:
        raise InvalidScenario(path, "a continuous effect applies, it does not activate: no per-turn limit (15-14-1)")
    return True


effect_field(FIELD, _parse)


def _limited(e: Effect) -> bool:
    return bool(e.marks) and e.mark(FIELD) is True


def _uses(game: Game) -> dict:
    """(card id, effect) -> how many times it activated this turn."""
    return game.kept.setdefault(FIELD, {})


@on("effect_may_activate")
def _may_activate(game: Game, owner: str, e: Effect, card_id: str):
    if _limited(e) and _uses(game).get((card_id, e), 0) >= TIMES:
        return ("effect.twice_used", f"its [Twice Per Turn] effect was already activated {TIMES} times this turn",
                ("dcg.icon.once_per_turn", "dcg.icon.once_per_turn_spent"))
    return None


@on("effect_activated")
def _count(game: Game, owner: str, e: Effect, card_id: str) -> None:
    if not _limited(e):
        return
    uses = _uses(game)
    n = uses[(card_id, e)] = uses.get((card_id, e), 0) + 1
    others = any(cid != card_id and x == e for cid, x in uses)
    game.step("effect.twice_counted", f"{card_id}'s [Twice Per Turn] effect activates: {n} of its {TIMES} this "
              f"turn.", "dcg.icon.once_per_turn", *(["dcg.icon.once_per_card"] if others else []),
              card=card_id, n=n, times=TIMES)


@on("cards_renewed")
def _renewed(game: Game, cards) -> None:
    uses = game.kept.get(FIELD)
    if not uses:
        return
    ids = {c.id for c in cards}
    gone = sorted({cid for cid, _ in uses if cid in ids})
    if gone:
        game.kept[FIELD] = {k: n for k, n in uses.items() if k[0] not in ids}
        game.step("effect.twice_renewed", f"{', '.join(gone)}: a new card, so its [Twice Per Turn] effect may "
                  f"activate {TIMES} times again this turn.", "dcg.icon.once_new_card", "dcg.new_card.different",
                  cards=", ".join(gone), times=TIMES)


@on("turn_ended")
def _turn_ended(game: Game, player: str) -> None:
    game.kept.pop(FIELD, None)      # every card counts afresh in the next turn (15-14-1-1)
