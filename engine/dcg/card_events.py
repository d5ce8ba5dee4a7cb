"""Effects that trigger on what happens to other cards: a Digimon played or deleted, security decreasing or
increasing, digivolution cards increasing (JP 3.6 15-5, 15-8-3-3, 15-8-3-4).

    effects:
      - {timing: when_digimon_played, whose: opponent, do: memory, amount: 1}         # 「相手のデジモンが登場したとき」
      - {timing: when_digimon_deleted, whose: own, other: true, do: draw, amount: 1}  # 「他の自分のデジモンが消滅したとき」
      - {timing: when_security_decreases, during: opponents_turn, do: de_digivolve, amount: 1, target: opponent_digimon}
      - {timing: when_security_increases, once_per_turn: true, do: memory, amount: 1}
      - {timing: when_sources_increase, inherited: true, once_per_turn: true, do: memory, amount: 1}

A card in the battle area with such an effect triggers when the situation arises (15-8-3-3) — never otherwise
(15-8-3-4) — and the effect waits, then activates like any triggered effect (15-4, its turn player first).
`whose`: whose Digimon or security — `own` (default for security), `opponent`, `any` (default for Digimon);
`other: true`: another Digimon than this one; `during`: `your_turn` or `opponents_turn` (the 【自分のターン】 /
【相手のターン】 that heads such an effect; default both). One situation triggers an effect once, even when
several cards make it at once (security −2 by one effect, 15-5-2). `when_sources_increase` triggers when an
effect of this Digimon's owner places cards under it (`place_under`), also for an inherited effect of the card
placed (15-5-3); digivolving does not increase digivolution cards (8-1-2-9).

    effects:
      - {timing: when_digimon_digivolves, whose: own, during: your_turn, do: draw, amount: 1}   # 「自分のデジモンが進化したとき」
      - {timing: when_trashed_from_hand, do: draw, amount: 1}      # 「自分の効果でこのカードが手札から破棄されたとき」

`when_digimon_digivolves` triggers when a Digimon in the battle area digivolves (any way: by a rule, an effect,
DNA …); one in the breeding area does not meet it (3-4-5-6). `when_trashed_from_hand` is the card's own: it
triggers in the hand as an effect trashes it (a `by: trash_hand` condition) and waits in the trash (4-14-2);
`whose`: whose effect trashed it (default `own`). Simultaneous deletions are one situation: a
`when_digimon_deleted` effect triggers once (15-5-2), and the Digimon that met it are its subjects
(`Trigger.subject`, "that Digimon", engine/dcg/that_digimon.py). An effect that triggers again before it has
activated triggers once more (15-4-2-4).
"""
from __future__ import annotations

from ..errors import InvalidScenario
from .effects import effect_field, effect_timing, parse_timing
from .game import Game, Trigger, on
from .model import Digimon, Effect, opponent

TIMINGS = {
    "when_digimon_played": (("when a digimon is played", "数码宝贝登场时", "デジモンが登場したとき"),
                            "dcg.triggered.when_met", "When a Digimon Is Played"),
    "when_digimon_deleted": (("when a digimon is deleted", "数码宝贝被消灭时", "デジモンが消滅したとき"),
                             "dcg.triggered.when_met", "When a Digimon Is Deleted"),
    "when_security_decreases": (("when security decreases", "安防减少时", "セキュリティが減ったとき"),
                                "dcg.triggered.when_met", "When Security Decreases"),
    "when_security_increases": (("when security increases", "安防增加时", "セキュリティが増えたとき"),
                                "dcg.triggered.when_met", "When Security Increases"),
    "when_sources_increase": (("when digivolution cards increase", "进化源增加时", "進化元が増えたとき"),
                              "dcg.trigger.placed_and_met", "When Digivolution Cards Increase"),
    "when_digimon_digivolves": (("when a digimon digivolves", "数码宝贝进化时", "デジモンが進化したとき"),
                                "dcg.triggered.when_met", "When a Digimon Digivolves"),
    "when_trashed_from_hand": (("when this card is trashed from your hand", "从手牌中被废弃时",
                                "手札から破棄されたとき"), "dcg.trash.self_trigger", "When Trashed from the Hand"),
}
for _tid, (_names, _key, _display) in TIMINGS.items():
    effect_timing(_tid, _names, _key, _display)

WHOSE = ("own", "opponent", "any")
DURING = ("your_turn", "opponents_turn")
_DIGIMON_EVENTS = ("when_digimon_played", "when_digimon_deleted", "when_digimon_digivolves")


def _timing(fields: dict) -> str | None:
    try:
        return parse_timing(fields.get("timing"), "timing")
    except InvalidScenario:
        return None


def _parse_whose(value, fields: dict, path: str):
    if _timing(fields) not in TIMINGS or _timing(fields) == "when_sources_increase":
        raise InvalidScenario(path, "only a when_digimon_…, when_security_… or when_trashed_from_hand effect "
                                    "says whose")
    if value not in WHOSE:
        raise InvalidScenario(path, f"one of: {', '.join(WHOSE)}")
    return value


def _parse_other(value, fields: dict, path: str):
    if _timing(fields) not in _DIGIMON_EVENTS:
        raise InvalidScenario(path, "only a when_digimon_… effect says \"another\"")
    if not isinstance(value, bool):
        raise InvalidScenario(path, "true or false")
    return value or None


def _parse_during(value, fields: dict, path: str):
    if _timing(fields) not in TIMINGS:
        raise InvalidScenario(path, "only an effect triggered by another card's event is limited to a turn here")
    if value not in DURING:
        raise InvalidScenario(path, f"one of: {', '.join(DURING)}")
    return value


effect_field("whose", _parse_whose)
effect_field("other", _parse_other)
effect_field("during", _parse_during)


def _in_play(game: Game) -> bool:
    """Whether any card of the game has such an effect (cards gain none during a run): else every event is one
    dictionary look-up."""
    known = game.kept.get("card_events")
    if known is None:
        known = any(e.timing in TIMINGS for p in ("A", "B") for c in game.ps(p).all_cards() for e in c.effects)
        game.kept["card_events"] = known
    return known


def _holders(game: Game, timing: str):
    """(player, stack, card, effect) for each battle-area effect with `timing`: own effects of top cards,
    inherited ones of digivolution cards (4-2-4)."""
    for p in ("A", "B"):
        for d in game.ps(p).battle_area:
            for card in d.cards():
                own = card is d.card
                for e in card.effects:
                    if e.timing == timing and e.inherited != own and e.zone is None and not e.link:
                        yield p, d, card, e


def _turn_ok(game: Game, holder: str, e: Effect) -> bool:
    during = e.mark("during")
    return during is None or (game.board.turn == holder) == (during == "your_turn")


def _side_ok(holder: str, subject: str, e: Effect, default: str) -> bool:
    whose = e.mark("whose", default)
    return whose == "any" or (subject == holder) == (whose == "own")


def _unmet(game: Game, card_id: str, e: Effect, what: str) -> None:
    whose = e.mark("whose")
    during = e.mark("during")
    want = " and ".join(x for x in (f"whose: {whose}" if whose else "", f"during {during.replace('_', ' ')}"
                                    if during else "") if x)
    game.step("effect.event_not_triggered", f"{card_id}'s effect does not trigger: {what}, but its trigger condition "
              f"({want}) is not met.", "dcg.triggered.not_met", card=card_id, what=what)


def _queue(game: Game, p: str, card_id: str, e: Effect, what: str, keys: tuple, subject: tuple = (),
           where: str = "battle") -> None:
    t = Trigger(p, card_id, where, effect=e, subject=subject)
    if any(x == t for x in game.new_triggers) or any(x == t for pending in game.waiting for x in pending):
        # 15-4-2-4: already waiting to activate, it has met its trigger condition again: it triggers once more
        keys = ("dcg.trigger.again", *keys[:2])
        what += " again, before the first time activated"
    game.new_triggers.append(t)
    game.step("effect.event_trigger", f"{card_id}'s effect triggers: {what}; it waits to activate.", *keys,
              card=card_id, what=what)


@on("digimon_played")
def _played(game: Game, owner: str, d: Digimon) -> None:
    if _in_play(game):
        _digimon_event(game, [(owner, d)], "when_digimon_played", "played")


@on("digimon_deleted")
def _deleted(game: Game, deleted: list) -> None:
    if _in_play(game):
        _digimon_event(game, deleted, "when_digimon_deleted", "deleted")


@on("digimon_digivolved")
def _digivolved(game: Game, owner: str, d: Digimon, area: str) -> None:
    if not _in_play(game):
        return
    if area == "battle":
        _digimon_event(game, [(owner, d)], "when_digimon_digivolves", "digivolved")
        _not_an_increase(game, owner, d)
        return
    for p, holder, card, e in list(_holders(game, "when_digimon_digivolves")):   # 3-4-5-6
        if _side_ok(p, owner, e, "any") and _turn_ok(game, p, e):
            game.step("effect.event_not_triggered", f"{card.id}'s effect does not trigger: {owner}'s {d.label} "
                      f"digivolved in the breeding area, and an effect that does not name the breeding area is not "
                      f"met by a card there.", "dcg.breeding.not_a_trigger", "dcg.triggered.not_met", card=card.id,
                      what=f"{owner}'s {d.label} digivolved in the breeding area")


def _not_an_increase(game: Game, owner: str, d: Digimon) -> None:
    """8-1-2-9: digivolving puts the old top card under, but is not an increase of digivolution cards."""
    for card in d.cards():
        own = card is d.card
        for e in card.effects:
            if e.timing == "when_sources_increase" and e.inherited != own and e.zone is None:
                game.step("effect.event_not_triggered", f"{card.id}'s effect does not trigger: {d.label} digivolved, "
                          f"and digivolving does not count as its digivolution cards increasing.",
                          "dcg.digivolve.not_sources_increase", "dcg.triggered.not_met", card=card.id,
                          what=f"{d.label} digivolved")


def _digimon_event(game: Game, subjects: list, timing: str, verb: str) -> None:
    subjects = [(p, d) for p, d in subjects if d.is_digimon]
    if not subjects:
        return
    for p, holder, card, e in list(_holders(game, timing)):
        met = [(q, d) for q, d in subjects if not (e.mark("other") and holder.id == d.id)
               and _side_ok(p, q, e, "any") and _turn_ok(game, p, e)]
        what = " and ".join(f"{q}'s {d.label}" for q, d in (met or subjects)) + f" {'were' if len(met) > 1 else 'was'} {verb}"
        if not met:
            if not (e.mark("other") and all(holder.id == d.id for _, d in subjects)):
                _unmet(game, card.id, e, what)
            continue
        keys = ("dcg.triggered.when_met", "dcg.trigger.once_per_situation", "dcg.trigger.condition") if len(met) > 1 \
            else ("dcg.triggered.when_met", "dcg.trigger.def", "dcg.trigger.condition")
        _queue(game, p, card.id, e, what + (f" at the same time (one situation: it triggers once)" if len(met) > 1
                                             else ""), keys, tuple(met))


@on("security_changed")
def _security(game: Game, p: str, before: int, after: int) -> None:
    if not _in_play(game) or game.over:
        return
    timing = "when_security_decreases" if after < before else "when_security_increases"
    n = abs(after - before)
    for q, holder, card, e in list(_holders(game, timing)):
        word = "decreased" if after < before else "increased"
        if not (_side_ok(q, p, e, "own") and _turn_ok(game, q, e)):
            _unmet(game, card.id, e, f"{p}'s security {word}")
        else:
            _queue(game, q, card.id, e, f"{p}'s security {word} from {before} to {after}"
                   + (f" ({n} cards at once: it triggers once)" if n > 1 else ""),
                   ("dcg.triggered.when_met", *(["dcg.trigger.once_per_situation"] if n > 1 else []),
                    "dcg.trigger.condition"))


@on("sources_added")
def _sources(game: Game, p: str, d: Digimon, cards: tuple, by: str) -> None:
    if not _in_play(game) or by != p:
        return
    placed = {c.id for c in cards}
    for card in d.cards():
        own = card is d.card
        for e in card.effects:
            if e.timing == "when_sources_increase" and e.inherited != own and e.zone is None and _turn_ok(game, p, e):
                itself = card.id in placed
                _queue(game, p, card.id, e, f"{d.label}'s digivolution cards increased by {p}'s effect"
                       + (" (this very card was placed, and triggers from there)" if itself else ""),
                       ("dcg.trigger.placed_and_met", "dcg.triggered.when_met") if itself
                       else ("dcg.triggered.when_met", "dcg.trigger.condition"))


@on("cards_discarded")
def _discarded(game: Game, p: str, cards: tuple, by: str) -> None:
    """4-14-2: "when this card is trashed from the hand" triggers in the hand and waits in the trash."""
    if not _in_play(game):
        return
    for card in cards:
        for e in card.effects:
            if e.timing != "when_trashed_from_hand":
                continue
            what = f"{card.label} was trashed from {p}'s hand by {by}'s effect"
            if not _side_ok(p, by, e, "own") or not _turn_ok(game, p, e):
                _unmet(game, card.id, e, what)
                continue
            _queue(game, p, card.id, e, what + " (it triggered in the hand and waits in the trash)",
                   ("dcg.trash.self_trigger", "dcg.triggered.when_met"), where="trashed")


@on("not_placed")
def _not_placed(game: Game, p: str, cards: tuple, zone: str) -> None:
    """15-1-10: a Digi-Egg card or a token is not really placed in security, so security does not increase."""
    if not _in_play(game) or zone != "security":
        return
    for q, holder, card, e in list(_holders(game, "when_security_increases")):
        if _side_ok(q, p, e, "own") and _turn_ok(game, q, e):
            names = ", ".join(c.label for c in cards)
            game.step("effect.event_not_triggered", f"{card.id}'s effect does not trigger: {names} was to go into "
                      f"{p}'s security, but by the rules for Digi-Egg cards and tokens it is not actually placed "
                      f"there, so {p}'s security did not increase.", "dcg.trigger.not_placed", "dcg.triggered.not_met",
                      card=card.id, what=f"{names} was not placed in {p}'s security")
