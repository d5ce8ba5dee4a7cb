"""Continuous effects: they need no activation and apply while their card is face-up on the field (rulebook
3.2.5: a monster's continuous effects stop at once when it is no longer face-up in a Monster Zone; Master
Rule 13.3: a Continuous Spell's effects are continuous). Vocabulary (EFFECTS.md, `continuous:`):

    {atk: {target: <selector>, by: ±N, per: <count>}}   {atk: {target, becomes: N | double_original | half_original}}
    {def: …} (the same)   {level: {target, by: ±N | becomes: N}}
    {original_atk: {target, becomes: N | double | half}}   {original_def: …}
    {cannot_attack: <selector>}   {negate_effects: <selector>}   (Skill Drain, negation.py)
    {atk: {target: self, by: 300, per_counter: spell}}   (N for each such counter on this card, counters.py)
    {protect: {target, name, indestructible_by_effect | indestructible_by_battle | untargetable: true}} (protection.py)
    {banish_instead_of_graveyard: all | monsters}   (cards that would go to the graveyard are banished, replacement.py)
    {special_summon_limit: {times: N, player: both | self | opponent}}   (Special Summons per turn, vows.py)
    {battle_damage: {apply, to, battles, race, amount}}   (battle damage changed, battle_damage.py)
    {cannot_use: <card name>}   (a declared card name cannot be used, name_locks.py)
    {no_lp_cost: spells | traps | monsters | all}   (its controller's cards of that kind pay no LP cost, costs.py)
    {extra_normal_summon: {only, stacks}}   (an additional Normal Summon for its controller, summon_count.py)
    {effect_damage: {apply, to}}   (effect damage taken instead, 0, halved or doubled, battle_damage.py)
    {cannot_be_attacked: <selector> | {target, direct: true}}   (not chosen as an attack target, 4.1.3)

This module is the kernel's query protocol for them ("what modifies X", "may X happen"): which face-up cards'
continuous effects apply now (`sources`), which reach a monster (`applying_indexed`), Skill Drain (`drained`),
attacks (`cannot_attack`, `not_attackable`) and Special Summon limits (`summon_limits`). It imports no mechanic:
the names above are the kernel's (`OPS`); the mechanic that applies one registers its parser (`parses`), and
protection and trap negation answer the kernel's questions (kernel.UNAFFECTED, kernel.TRAP_NEGATOR).

ATK/DEF/Level changes may carry conditions `lp: lower | higher` (its controller's LP against the opponent's)
and `during: damage_calculation`. Selectors: self, equipped (the monster this equip card is equipped to),
your_monsters, opponent_monsters, all_monsters. Values are computed in stats.py (rulebook 4.5).
"""
from __future__ import annotations

from .kernel import TRAP_NEGATOR, UNAFFECTED
from .model import MONSTER_ZONES, Card, other

SELECTORS = ("self", "equipped", "your_monsters", "opponent_monsters", "all_monsters")
MAX_AMOUNT = 10**9


def monster_selector(value) -> str:
    """A selector of the monsters a continuous effect reaches (SELECTORS)."""
    if value not in SELECTORS:
        raise ValueError(f"names which monsters: one of {', '.join(SELECTORS)}, not {value!r}")
    return value


def amount(value, what: str, lo: int = -MAX_AMOUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= MAX_AMOUNT:
        raise ValueError(f"`{what}` must be an integer{f' >= {lo}' if lo >= 0 else ''}, not {value!r}")
    return value


def _not_attackable(args) -> dict:
    """`cannot_be_attacked: <selector>` or `{target: <selector>, direct: true}` (direct: "while it is the only
    monster, the opponent attacks directly" — such an effect does not affect the attacker, 4.1.3)."""
    if not isinstance(args, dict):
        return {"target": monster_selector(args), "direct": False}
    if set(args) - {"target", "direct"} or "target" not in args or not isinstance(args.get("direct", False), bool):
        raise ValueError("takes a selector, or {target: <selector>, direct: true}")
    return {"target": monster_selector(args["target"]), "direct": args.get("direct", False)}


def _summon_limit(args) -> dict:
    if not isinstance(args, dict) or set(args) - {"times", "player"} or "times" not in args:
        raise ValueError("takes {times: N, player: both | self | opponent}")
    times, player = args["times"], args.get("player", "both")
    if isinstance(times, bool) or not isinstance(times, int) or not 1 <= times <= 10:
        raise ValueError("`times` is how many Special Summons each player so limited may make in a turn (1-10)")
    if player not in ("both", "self", "opponent"):
        raise ValueError("`player` is both, self or opponent")
    return {"times": times, "player": player}


def _no_lp_cost(value) -> str:
    if value not in ("spells", "traps", "monsters", "all"):
        raise ValueError("which of its controller's cards need no LP cost: spells, traps, monsters or all")
    return value


OPS = ("atk", "def", "level", "original_atk", "original_def", "cannot_attack", "negate_effects", "special_summon_limit",
       "battle_damage", "cannot_be_attacked", "cannot_use", "protect", "banish_instead_of_graveyard", "no_lp_cost",
       "extra_normal_summon", "destroy_when_gone", "effect_damage", "negate_trap_effects", "only_one_kind", "monster_count_cap")   # the vocabulary, in order
PARSERS: dict = {"cannot_attack": monster_selector, "negate_effects": monster_selector, "special_summon_limit": _summon_limit,
                 "cannot_be_attacked": _not_attackable, "no_lp_cost": _no_lp_cost}   # op -> its parser


def parses(*ops: str):
    """Decorator: the mechanic that applies the continuous effects `ops` parses their arguments with `fn`."""
    def register(fn):
        for op in ops:
            PARSERS[op] = fn
        ordered = sorted(PARSERS.items(), key=lambda item: OPS.index(item[0]))
        PARSERS.clear()
        PARSERS.update(ordered)   # kept in the order of OPS, whatever order the mechanics load in
        return fn
    return register


def parse(value) -> tuple:
    """`continuous:` list -> ((op, args), ...); raises ValueError naming the problem."""
    if not isinstance(value, list) or not value:
        raise ValueError("a non-empty list, e.g. [{atk: {target: equipped, by: 500}}]")
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or len(item) != 1:
            raise ValueError(f"[{i}]: each continuous effect is a one-key mapping")
        (name, args), = item.items()
        if name not in PARSERS:   # (an op of OPS whose mechanic is not loaded too)
            raise ValueError(f"[{i}]: unknown continuous effect {name!r} (one of: {', '.join(OPS)})")
        try:
            out.append((name, PARSERS[name](args)))
        except ValueError as e:
            raise ValueError(f"[{i}].{name}: {e}") from None
    return tuple(out)


def _affects(source: Card, source_player: str, selector: str, monster: Card, monster_player: str) -> bool:
    if selector == "self":
        return monster is source
    if selector == "equipped":
        return source.equipped_to == monster.id
    if selector == "your_monsters":
        return monster_player == source_player
    if selector == "opponent_monsters":
        return monster_player == other(source_player)
    return selector == "all_monsters"


def _face_up_sources(game) -> list[tuple[Card, str]]:
    out = []
    for p in game.board.players.values():
        cards = list(p.monsters.values()) + list(p.spells_traps.values()) + ([p.field_spell] if p.field_spell else [])
        # a monster treated as an equip card carries its equip effect, not its monster effects (equip_monsters)
        out += [(c, p.name) for c in cards if c.effect and c.effect.continuous and c.face_up
                and (c.kind != "equip" or c.equipped_to) and _condition_met(game, c)]
    return out


def _condition_met(game, card: Card) -> bool:
    """`while_on_field: <name>`: its continuous effects apply only while a face-up card of that name is on the
    field (either side, the Field Zone included)."""
    name = card.effect.while_on_field
    if not name:
        return True
    for p in game.board.players.values():
        cards = p.monster_list() + p.st_list() + ([p.field_spell] if p.field_spell else [])
        if any(c.name == name and c.face_up for c in cards):
            return True
    return False


def not_attackable(game, target: Card, attacker: Card | None) -> tuple[Card, bool] | None:
    """(source, direct) of a continuous "cannot be attacked" effect that keeps `attacker` from choosing `target`
    now. One that affects the attacker ("cannot be targeted for attacks") does not stop an attacker unaffected
    by other cards' effects; one that makes the attack direct does (4.1.3)."""
    if not game.has_continuous or target.zone not in MONSTER_ZONES:
        return None
    holder = _holder(game, target)
    for src, mine in sources(game):
        for name, args in src.effect.continuous:
            if name == "cannot_be_attacked" and _affects(src, mine, args["target"], target, holder):
                if args["direct"] or attacker is None or not UNAFFECTED.answer(game, src, attacker):
                    return src, args["direct"]
    return None


def summon_limits(game, player: str) -> list[tuple[Card, int]]:
    """(card, times) for each continuous effect applying now that limits how often `player` Special Summons a turn."""
    return [(src, args["times"]) for src, mine in sources(game) for name, args in src.effect.continuous
            if name == "special_summon_limit"
            and (args["player"] == "both" or (args["player"] == "self") == (mine == player))]


def _holder(game, monster: Card) -> str:
    return next((p.name for p in game.board.players.values() if p.monsters.get(monster.zone) is monster), "")


def drained(game, monster: Card) -> bool:
    """Whether a continuous `negate_effects` (Skill Drain) applies to the face-up monster now (4.6.5.p3-4).
    A source that is itself a negated monster does not apply (one level: no monster negates its negator)."""
    if not game.has_continuous or monster.zone not in MONSTER_ZONES or not monster.face_up:
        return False
    holder = _holder(game, monster)
    for src, mine in _face_up_sources(game):
        if src.card_type == "monster" and (src.effects_negated or src is monster):
            continue
        if any(name == "negate_effects" and _affects(src, mine, args, monster, holder)
               for name, args in src.effect.continuous):
            return True
    return False


def sources(game) -> list[tuple[Card, str]]:
    """(card, controller) for every face-up card on the field whose continuous effects apply now (a monster
    whose effects are negated applies none, 4.6.5.p1)."""
    if not game.has_continuous:
        return []
    negator = TRAP_NEGATOR.answer
    return [(c, p) for c, p in _face_up_sources(game)
            if (c.card_type != "monster" or not (c.effects_negated or drained(game, c) or game.battle_destroyed(c)
                                                 or c.unsummoned_gemini))
            and not (c.card_type == "trap" and negator(game, c) is not None)]   # Royal Decree (4.6.5.p6)


def applying_indexed(game, monster: Card, op: str, ignore_unaffected: bool = False) -> list[tuple[Card, str, int, object]]:
    """(source, its controller, index in its `continuous:` list, args) of the continuous `op` effects that reach
    the face-up monster now (a monster unaffected by other cards' effects is reached only by its own, 4.1.4.p1)."""
    if not game.has_continuous or monster.zone not in MONSTER_ZONES or not monster.face_up:
        return []
    found = sources(game)
    if not found:
        return []
    holder = _holder(game, monster)
    return [(src, mine, i, args) for src, mine in found for i, (name, args) in enumerate(src.effect.continuous)
            if name == op and _affects(src, mine, args if op == "cannot_attack" else args["target"], monster, holder)
            and (ignore_unaffected or not UNAFFECTED.answer(game, src, monster))]   # unaffected (4.1.4.p1)


def _applying(game, monster: Card, op: str, ignore_unaffected: bool = False) -> list[tuple[Card, object]]:
    return [(src, args) for src, _, _, args in applying_indexed(game, monster, op, ignore_unaffected)]


def cannot_attack(game, monster: Card, ignore_unaffected: bool = False) -> Card | None:
    """The card whose continuous effect forbids the monster to attack, if any (`ignore_unaffected`: as if the
    monster were not unaffected by other cards' effects)."""
    found = _applying(game, monster, "cannot_attack", ignore_unaffected)
    return found[0][0] if found else None


