"""Effects that refer to what triggered them, or to a number read as they are processed (JP 3.6 15-8-3-7,
15-8-3-8, 15-8-3-9-3, 15-11-1-2).

    effects:
      # 「他の自分のデジモンが登場したとき、そのデジモンは…」: the Digimon whose event triggered the effect
      - {timing: when_digimon_played, whose: own, other: true, do: dp, amount: 2000, target: that_digimon}
      # 「登場したデジモンの Lv. 以下の相手のデジモン 1 体を消滅させる」: its level when the effect triggered
      - {timing: when_digimon_played, whose: own, other: true, do: delete, target: opponent_digimon,
         level_up_to: that_digimon}
      # 「自分のセキュリティの枚数以下の Lv. の相手のデジモン」: the count as the effect is processed
      - {timing: when_security_increases, do: return_to_hand, target: opponent_digimon, level_up_to: own_security}
      # 「そのデジモンが Lv.4 以上なら」: a processing condition on that Digimon, read as it is processed
      - {timing: when_digimon_played, whose: opponent, do: memory, amount: 1, if_that: {level_at_least: 4}}

- `target: that_digimon` names the Digimon whose event (played, digivolved, deleted: engine/dcg/card_events.py)
  triggered the effect, as it is now — the same Digimon even if it has digivolved since. If it became a new card
  meanwhile (it left the area, 3-1-3-1), it is lost from the effect's targets (15-11-1-2): the effect does nothing.
- `level_up_to`: the effect's target condition "level N or lower", N read from `that_digimon` (the level it had
  when the effect triggered, even if it has changed since: the same situation as the trigger condition, 15-8-3-8)
  or from `own_security` / `opponent_security` (the number of cards as the effect is processed, 15-8-3-7).
- `if_that`: `{level_at_least: N}` / `{level_at_most: N}`, a processing condition on that Digimon, read as the
  process is carried out (15-8-3-9-3); when it does not hold, that process is not carried out.

The whole mechanic is this module: a target name, two effect fields and four kernel hooks (docs/engine.md).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidScenario
from .effects import CONTINUOUS, effect_field, effect_target, parse_timing
from .game import Game, on
from .model import Digimon, Effect

TARGET = "that_digimon"
LEVEL = "level_up_to"
IF_THAT = "if_that"
SUBJECT_TIMINGS = ("when_digimon_played", "when_digimon_deleted", "when_digimon_digivolves")
COUNTS = {"own_security": "your security cards", "opponent_security": "your opponent's security cards"}
FILTERED = ("opponent_digimon", "own_digimon", "all_opponent_digimon", "all_own_digimon")

effect_target(TARGET)


def _timing(fields: dict) -> str | None:
    try:
        return parse_timing(fields.get("timing"), "timing")
    except InvalidScenario:
        return None


def _parse_level(value, fields: dict, path: str):
    if value != TARGET and (not isinstance(value, str) or value not in COUNTS):
        raise InvalidScenario(path, f"what the level is read from: one of {TARGET}, {', '.join(COUNTS)}")
    if value == TARGET and _timing(fields) not in SUBJECT_TIMINGS:
        raise InvalidScenario(path, f"only an effect triggered by a Digimon's event ({', '.join(SUBJECT_TIMINGS)}) "
                                    f"has \"that Digimon\"")
    if _timing(fields) in CONTINUOUS:
        raise InvalidScenario(path, "a continuous effect has no process that reads it")
    if fields.get("target") not in FILTERED:
        raise InvalidScenario(path, f"a target condition: the target is one of {', '.join(FILTERED)}")
    if fields.get("for_each") is not None:
        raise InvalidScenario(path, "not together with for_each")
    return value


def _parse_if_that(value, fields: dict, path: str):
    if _timing(fields) not in SUBJECT_TIMINGS:
        raise InvalidScenario(path, f"only an effect triggered by a Digimon's event ({', '.join(SUBJECT_TIMINGS)}) "
                                    f"has \"that Digimon\"")
    if not isinstance(value, dict) or not value or set(value) - {"level_at_least", "level_at_most"}:
        raise InvalidScenario(path, "a mapping of level_at_least / level_at_most")
    for key, n in value.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 20:
            raise InvalidScenario(f"{path}.{key}", "a level 0..20")
    return tuple(sorted(value.items()))   # hashable, like `condition`


effect_field(LEVEL, _parse_level)
effect_field(IF_THAT, _parse_if_that)


def _subjects(game: Game) -> tuple:
    """(player, Digimon as it was when it triggered the effect) for the pending effect being processed."""
    t = game.running
    return t.subject if t is not None else ()


def _lost(game: Game, t) -> set:
    """The card ids among t's subjects that became new cards since t triggered (t is kept, so its id stays its)."""
    return game.kept.setdefault("that_digimon", {}).setdefault(id(t), (t, set()))[1]


@on("cards_renewed")   # 3-1-3-1: a card that left its place is a new card; pending effects lose it (15-11-1-2)
def _renewed(game: Game, cards) -> None:
    ids = {c.id for c in cards}
    pending = [t for t in game.new_triggers if t.subject] + [t for p in game.waiting for t in p if t.subject]
    if game.running is not None and game.running.subject:
        pending.append(game.running)
    for t in pending:
        for _, d in t.subject:
            if d.card.id in ids:
                _lost(game, t).add(d.card.id)


def _now(game: Game, d: Digimon) -> tuple[str, Digimon] | None:
    """That Digimon as it is now: the stack holding its card (it may have digivolved), unless it became new."""
    if game.running is not None and d.card.id in _lost(game, game.running):
        return None
    for p in ("A", "B"):
        for now in game.ps(p).battle_area:
            if d.card.id in now.card_ids:
                return p, now
    return None


@on("effect_targets")
def _that(game: Game, owner: str, e: Effect, holder: Digimon | None):
    if e.target != TARGET:
        return None
    out = []
    for p, d in _subjects(game):
        found = _now(game, d)
        if found is None:
            game.step("effect.target_lost", f"That Digimon ({d.label}) is no longer the Digimon that triggered the "
                      f"effect: it became a new card after the effect triggered, so it is lost from the effect's "
                      f"target.", "dcg.target.single_new_card", "dcg.new_card.different", card=d.label)
        else:
            out.append(found)
    return out


@on("process_scaled")   # the level of the target condition, read now or as of the trigger
def _level(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None):
    ref = e.mark(LEVEL) if e.marks else None
    if ref is None:
        return None
    if ref == TARGET:
        subjects = _subjects(game)
        if not subjects or subjects[0][1].card.level is None:
            return None
        p, was = subjects[0]
        level = was.card.level
        now = _now(game, was)
        change = (f" (it is Lv.{now[1].card.level} now, but the effect reads the situation as it was when it "
                  f"triggered)" if now is not None and now[1].card.level != level else "")
        game.step("effect.refers", f"{card_id}'s effect reads the level of the Digimon that triggered it: "
                  f"Lv.{level}{change}, so it targets level {level} or lower.", "dcg.triggered.refer_trigger_time",
                  "dcg.target.condition_single", card=card_id, level=level)
    else:
        ps = game.ps(owner if ref == "own_security" else ("B" if owner == "A" else "A"))
        level = len(ps.security)
        game.step("effect.refers", f"{card_id}'s effect reads {COUNTS[ref]} as it is processed: {level}, so it "
                  f"targets level {level} or lower.", "dcg.triggered.refer_now", "dcg.target.condition_single",
                  card=card_id, level=level)
    bound = dict(e.filter)
    bound["level_at_most"] = min(level, bound.get("level_at_most", level))
    return replace(e, filter=tuple(sorted(bound.items())), marks=tuple(m for m in e.marks if m[0] != LEVEL))


@on("process_may_run")   # 15-8-3-9-3: a processing condition on that Digimon is read as it is processed
def _if_that(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None):
    want = e.mark(IF_THAT) if e.marks else None
    if want is None:
        return None
    want = dict(want)
    subjects = _subjects(game)
    found = _now(game, subjects[0][1]) if subjects else None
    level = found[1].card.level if found is not None else None
    words = " and ".join(f"Lv.{n} or {'higher' if k == 'level_at_least' else 'lower'}" for k, n in want.items())
    ok = level is not None and all(level >= n if k == "level_at_least" else level <= n for k, n in want.items())
    what = f"that Digimon is Lv.{level} now" if level is not None else "that Digimon is no longer in the battle area"
    if ok:
        game.step("effect.that_condition", f"{card_id}'s effect: {what} (read as it is processed), so its condition "
                  f"({words}) holds.", "dcg.condition.refer_now", "dcg.condition.processing", card=card_id,
                  condition=words)
        return None
    return ("effect.that_condition", f"{what} (read as it is processed), so its condition ({words}) does not hold "
            f"and its process ({e.do}) is not carried out", ("dcg.condition.refer_now", "dcg.condition.processing"))
