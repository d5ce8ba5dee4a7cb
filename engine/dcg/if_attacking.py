"""[When Attacking] effects that say whom the Digimon attacked: 「プレイヤーにアタックしていたなら」 / 「デジモンにアタ
ックしていたなら」 (JP 3.6 11-2-7-6).

    effects: [{timing: when_attacking, if_attacking: player, do: memory, amount: 1}]

`if_attacking`: `player` or `digimon`. Such an effect triggers only when the target chosen as the attack was
declared is that one; a later change of the target (Raid, an effect) does not matter (11-2-7-6). The kernel keeps
the declared target on the attack (`Attack.declared`).

The whole mechanic is this module: an effect field and one kernel question (docs/engine.md).
"""
from __future__ import annotations

from ..errors import InvalidScenario
from .effects import effect_field, parse_timing
from .game import Game, on
from .model import Effect

FIELD = "if_attacking"
WHOM = ("player", "digimon")


def _parse(value, fields: dict, path: str):
    try:
        timing = parse_timing(fields.get("timing"), "timing")
    except InvalidScenario:
        timing = None
    if timing != "when_attacking":
        raise InvalidScenario(path, "only a [When Attacking] effect says whom the Digimon attacked")
    if value not in WHOM:
        raise InvalidScenario(path, f"one of: {', '.join(WHOM)}")
    return value


effect_field(FIELD, _parse)


@on("effect_may_activate")   # 11-2-7-6: met by the target chosen at the declaration
def _whom(game: Game, owner: str, e: Effect, card_id: str):
    want = e.mark(FIELD) if e.marks else None
    if want is None or game.attack is None:
        return None
    declared = "player" if game.attack.declared == "player" else "digimon"
    changed = game.attack.target != game.attack.declared
    note = " (the target has changed since, which does not count)" if changed else ""
    if declared == want:
        game.step("effect.if_attacking", f"{card_id}'s effect: the attack was declared on the {declared}{note}, so "
                  f"its trigger condition \"if it attacked the {want}\" is met.", "dcg.attack.declared_target",
                  card=card_id, declared=declared)
        return None
    return ("effect.if_attacking", f"the attack was declared on the {declared}{note}, so its trigger condition "
            f"\"if it attacked the {want}\" is not met", ("dcg.attack.declared_target", "dcg.triggered.not_met"))
