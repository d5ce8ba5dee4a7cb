"""Trashing digivolution cards from under a Digimon, from the top or from the bottom (「進化元を上から／下から
N 枚破棄する」; JP 3.6 4-6-1, 4-14-1, 15-15-7-2, 15-15-7-3).

    effects:
      - {timing: when_attacking, do: trash_sources, target: opponent_digimon, amount: 2}              # from the top
      - {timing: on_play, do: trash_sources, target: opponent_digimon, amount: 1, from: bottom}
      - {timing: on_play, do: trash_sources, target: opponent_digimon, amount: 2, for_each: own_tamers}

Each targeted Digimon's digivolution cards are trashed, `amount` of them, counted from the top (default) or from
the bottom; the card on top stays (it is not a digivolution card, 4-6-1). With fewer than `amount`, as many as
there are (1-3-2). With `for_each` the number is `amount` × the count, taken from that end in order, up to that
number (15-15-7-2, 15-15-7-3; engine/dcg/for_each.py). A Digimon unaffected by the effect is chosen but loses
nothing (15-15-6-1). Overflow moves memory as such a card leaves (4-17).

The whole mechanic is this module: an effect verb, its field and its runner (docs/engine.md).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidScenario
from .effects import effect_field, effect_verb
from .game import Game, runs_verbs
from .model import Digimon, Effect

VERB = "trash_sources"
ENDS = ("top", "bottom")

effect_verb(VERB, {"target", "amount"}, {"choose"})


def _parse_from(value, fields: dict, path: str):
    if fields.get("do") != VERB:
        raise InvalidScenario(path, f"only `do: {VERB}` trashes digivolution cards from an end of the stack")
    if value not in ENDS:
        raise InvalidScenario(path, f"one of: {', '.join(ENDS)}")
    return None if value == "top" else value


effect_field("from", _parse_from)


def _trash(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    targets = game.targets(owner, e, holder)
    if not targets:
        return game.nothing(card_id, "trash digivolution cards", owner, e)
    bottom = e.mark("from") == "bottom" if e.marks else False
    end = "bottom" if bottom else "top"
    if e.amount is None or e.amount < 1:
        return game.nothing(card_id, "trash digivolution cards", owner, e)
    for p, d in targets:
        n = min(e.amount, len(d.sources))
        if n == 0:
            game.step("effect.trash_sources", f"{card_id}'s effect: {d.label} has no digivolution cards, so none is "
                      f"trashed.", "dcg.impossible", "dcg.sources.definition", card=card_id, target=d.label, n=0)
            continue
        gone = d.sources[len(d.sources) - n:][::-1] if bottom else d.sources[:n]   # one by one from that end
        rest = d.sources[:len(d.sources) - n] if bottom else d.sources[n:]
        game.put(p, replace(d, sources=rest))
        game.trash_cards(p, gone)
        game.overflow(p, gone)
        short = f" (it had only {n})" if n < e.amount else ""
        game.step("effect.trash_sources", f"{card_id}'s effect trashes {n} of {d.label}'s digivolution cards from "
                  f"the {end}{short}: {', '.join(c.label for c in gone)}; {d.label} stays on top.",
                  "dcg.sources.definition", "dcg.trash", *(["dcg.impossible"] if short else []), card=card_id,
                  target=d.label, n=n, end=end, cards=", ".join(c.label for c in gone))


runs_verbs({VERB: _trash})
