"""Monster stats as the rulebook's 4.5 computes them: original and current ATK/DEF, Levels, and the order in
which effects that change them apply.

A face-up monster keeps, in `card.mods`, the changes resolved effects made to it (`Mod`), in the order they
were applied; continuous effects of face-up cards (continuous.py) are read when the value is needed. The
value is recomputed from the printed one each time:

* original ATK/DEF (4.5.1): the printed value, then every change to the *original* value in order — an
  effect's "original ATK becomes …" (4.5.6) or a continuous one (4.5.8), each replacing the value before it;
* current ATK/DEF/Level: the original value, then in order the resolved increases/decreases (added, 4.5.4),
  the resolved "becomes" values (fixed, 4.5.5) and the continuous "becomes" effects (4.5.7, from the moment
  they began to apply); the continuous increases/decreases come last (recalculated, 4.5.7); below 0 the
  real value keeps counting and 0 is shown (4.5.4.p6); a Level never goes below 1.

A resolved "becomes" (set, halve, double) fixes the value: every resolved change of that stat before it is
gone for good, and the continuous effects applying to it then stop applying to that monster — for good, or,
if it has a duration, until it ends (4.5.5). A resolved change of the original value also erases earlier
resolved "becomes" of the current value and earlier changes of the original, and suspends continuous
original-value effects while it lasts (4.5.6). A monster's own effect that can only change that monster
(`target: self`) stops applying while its effects are negated and, unless continuous, does not come back
(4.5.3). Durations (`until: end_of_turn`) end when the turn ends. Everything is forgotten when the monster
leaves the field or turns face-down (4.11.3).
"""
from __future__ import annotations

from dataclasses import dataclass

from .continuous import amount, applying_indexed, monster_selector, parses
from .counters import is_kind
from .kernel import FORGETS, NEGATED, STEP_APPLIED
from .model import MONSTER_ZONES, Card, other

STATS = ("atk", "def", "level")
ORIGINAL = ("original_atk", "original_def")
LABEL = {"atk": "ATK", "def": "DEF", "level": "Level", "original_atk": "original ATK", "original_def": "original DEF"}
COUNTS = ("your_hand", "opponent_hand", "your_graveyard", "opponent_graveyard", "your_monsters", "opponent_monsters")


@dataclass
class Mod:
    """One resolved change to a monster's stat."""
    stat: str          # atk | def | level | original_atk | original_def
    kind: str          # add (increase/decrease by `value`) | set (the value became `value`)
    value: int
    seq: int           # application order (game.stat_seq)
    source: str        # the card whose effect made it
    own: bool          # the monster's own effect that can only change itself: not while negated (4.5.3)
    until: int = 0     # ends when this turn number ends (0: no duration)


def printed(card: Card, stat: str) -> int:
    return card.atk if stat == "atk" else card.defense if stat == "def" else card.level if stat == "level" else {}[stat]


def changed(card: Card) -> bool:
    """Whether resolved effects changed the monster's stats (they go back when it leaves the field)."""
    return bool(card.mods)


@FORGETS.on()
def reset(game, card: Card) -> None:
    """A monster that leaves the field or turns face-down is a new card: what changed its stats is gone (4.11.3)."""
    card.mods = []
    card.stat_erased = {}


# ---------- the continuous ATK/DEF/Level effects: their arguments (continuous.py registers them), order and conditions

def _modifier(becomes_words: tuple[str, ...], allow_by: bool = True, allow_per: bool = True):
    """{target, by: ±N[, per]} or {target, becomes: N | <word>}, with optional lp / during conditions."""
    def parse(args) -> dict:
        allowed = ({"target", "lp", "during", "becomes"} | ({"by"} if allow_by else set())
                   | ({"per", "per_counter"} if allow_per else set()))
        if not isinstance(args, dict) or "target" not in args or not set(args) <= allowed:
            raise ValueError(f"takes {{target: <selector>, {'by: <change> or ' if allow_by else ''}becomes: <value>}}"
                             f" (keys: {', '.join(sorted(allowed))})")
        out = {"target": monster_selector(args["target"])}
        if ("by" in args) == ("becomes" in args):
            raise ValueError("give exactly one of `by` (a change) or `becomes` (a new value)" if allow_by
                             else "`becomes` is required")
        if "by" in args:
            out["by"] = amount(args["by"], "by")
            if "per" in args:
                if args["per"] not in COUNTS:
                    raise ValueError(f"`per` counts one of {', '.join(COUNTS)}, not {args['per']!r}")
                out["per"] = args["per"]
            if "per_counter" in args:   # "gains N ATK for each <kind> counter on this card" (counters.py)
                kind = args["per_counter"]
                if not is_kind(kind) or "per" in args:
                    raise ValueError(f"`per_counter` is a counter kind (spell, a, …), not {kind!r}")
                out["per_counter"] = kind
        else:
            if "per" in args or "per_counter" in args:
                raise ValueError("`per` and `per_counter` go with `by`")
            b = args["becomes"]
            out["becomes"] = b if b in becomes_words else amount(b, "becomes", 0)
        if "lp" in args:
            if args["lp"] not in ("lower", "higher"):
                raise ValueError("`lp` is lower or higher (its controller's LP against the opponent's)")
            out["lp"] = args["lp"]
        if "during" in args:
            if args["during"] != "damage_calculation":
                raise ValueError("`during` is damage_calculation")
            out["during"] = args["during"]
        return out
    return parse


_current = _modifier(("double_original", "half_original"))
parses("atk", "def")(_current)
parses("level")(_modifier((), allow_per=False))
parses("original_atk", "original_def")(_modifier(("double", "half"), allow_by=False, allow_per=False))


def _negated(game, monster: Card) -> bool:
    return NEGATED.answer(game, monster)


def _continuous(game, monster: Card, op: str) -> list[tuple[tuple, Card, str, dict]]:
    """(key, source, source controller, args) of the continuous `op` effects that apply to the monster now:
    their conditions met and not erased by a resolved "becomes" (4.5.5)."""
    if not game.has_continuous:   # no continuous card in the game: skip the scan (hot path)
        return []
    out = []
    for src, mine, index, args in applying_indexed(game, monster, op):
        key = (src.id, index)
        if (key, op) in monster.stat_erased or not _condition(game, src, mine, monster, args):
            continue
        out.append((key, src, mine, args))
    return out


def _condition(game, src: Card, mine: str, monster: Card, args: dict) -> bool:
    lp = args.get("lp")
    if lp:
        me, them = game.board.player(mine).lp, game.board.player(other(mine)).lp
        if (lp == "lower" and not me < them) or (lp == "higher" and not me > them):
            return False
    if args.get("during") == "damage_calculation":
        atk = game.attack
        calculating = atk is not None and (atk.stage == "calculation" or atk.calculating)
        if not calculating or atk.target is None or monster not in (atk.attacker, atk.target):
            return False
    return True


def _count(game, mine: str, what: str) -> int:
    side, _, pile = what.partition("_")
    player = game.board.player(mine if side == "your" else other(mine))
    return len(player.monsters) if pile == "monsters" else len(getattr(player, pile))


def _began(game, monster: Card, key: tuple, op: str) -> float:
    """When the continuous effect began to apply to the monster, between resolved changes (4.5.7)."""
    return game.stat_began.setdefault((key, op, monster.id), game.stat_seq + 0.5)


@STEP_APPLIED.on(order=20)   # after equip cards and counters are checked
def observe(game) -> None:
    """Record which continuous effects apply to each face-up monster now (so a later change knows they came
    before it), forget those that stopped, and erase a negated monster's own non-continuous changes (4.5.3:
    they do not come back when the negation ends)."""
    if not game.has_continuous and not any(m.own for p in game.board.players.values() for c in p.monsters.values()
                                           for m in c.mods):
        return   # nothing to record or erase (stat_began only fills when continuous cards exist): the usual case
    live = set()
    for p in game.board.players.values():
        for monster in p.monster_list():
            if not monster.face_up:
                continue
            for op in (STATS + ORIGINAL if game.has_continuous else ()):
                for key, *_ in _continuous(game, monster, op):
                    _began(game, monster, key, op)
                    live.add((key, op, monster.id))
            if monster.mods and any(m.own for m in monster.mods) and _negated(game, monster):
                gone = [m for m in monster.mods if m.own]
                monster.mods = [m for m in monster.mods if not m.own]
                for m in gone:
                    game.step("stats.own_reverted", f"{monster.label()}'s effects are negated: the {LABEL[m.stat]} change "
                              "its own effect made to itself no longer applies, and will not come back.",
                              "ygo.stats.own_effect_reverts", card=monster.label(), stat=LABEL[m.stat])
    for k in [k for k in game.stat_began if k not in live]:
        del game.stat_began[k]


# ---------- reading the values

def _live(game, monster: Card) -> list[Mod]:
    """The resolved changes that apply now: not the monster's own ones while its effects are negated (4.5.3)."""
    if any(m.own for m in monster.mods) and _negated(game, monster):
        return [m for m in monster.mods if not m.own]
    return monster.mods


def original(game, monster: Card, stat: str) -> int:
    """Original ATK/DEF (`stat` atk | def): printed, then the changes to the original value in order."""
    value = printed(monster, stat)
    if monster.zone not in MONSTER_ZONES or not monster.face_up:
        return value
    op = "original_" + stat
    if not game.has_continuous and not any(m.stat == op for m in monster.mods):
        return value
    events = [(m.seq, m) for m in _live(game, monster) if m.stat == op]
    if game.has_continuous:
        events += [(_began(game, monster, key, op), args) for key, _, _, args in _continuous(game, monster, op)]
    for _, ev in sorted(events, key=lambda e: e[0]):
        value = ev.value if isinstance(ev, Mod) else _becomes(ev["becomes"], value)
    return value


def value(game, monster: Card, stat: str) -> int:
    """Current ATK, DEF or Level of the monster (on the field: with every effect that applies); below 0 it is
    0 (4.5.4.p2), a Level below 1 is 1 (4.5.4)."""
    return max(1 if stat == "level" else 0, real(game, monster, stat))


def real(game, monster: Card, stat: str) -> int:
    """The value before the floor: decreases below 0 keep counting from the real value (4.5.4.p6)."""
    base = printed(monster, stat)
    if monster.zone not in MONSTER_ZONES or not monster.face_up:
        return base
    if not game.has_continuous and not any(m.stat == stat or m.stat == "original_" + stat for m in monster.mods):
        return base   # no change to this stat: the usual case
    if stat != "level":
        base = original(game, monster, stat)
    events = [(m.seq, m) for m in _live(game, monster) if m.stat == stat]
    adds = 0
    if game.has_continuous:
        for key, src, mine, args in _continuous(game, monster, stat):
            if "becomes" in args:
                events.append((_began(game, monster, key, stat), args))
            else:
                adds += args["by"] * (_count(game, mine, args["per"]) if "per" in args
                                      else src.counters.get(args["per_counter"], 0) if "per_counter" in args else 1)
    result = base
    for _, ev in sorted(events, key=lambda e: e[0]):
        if isinstance(ev, Mod):
            result = result + ev.value if ev.kind == "add" else ev.value
        else:
            result = _becomes(ev["becomes"], base)   # "becomes twice/half its original ATK" (巨大化)
    return result + adds


def _becomes(how, base: int) -> int:
    if how in ("double_original", "double"):
        return base * 2
    if how in ("half_original", "half"):
        return (base + 1) // 2
    return how


def keys(game, monster: Card, stat: str) -> list[str]:
    """The 4.5 rule keys behind the continuous effects on the monster's ATK/DEF now (for the battle's steps)."""
    out = []
    on_original = _continuous(game, monster, "original_" + stat)
    on_current = _continuous(game, monster, stat)
    becomes = any("becomes" in a for *_, a in on_current)
    if on_original and becomes:
        out.append("ygo.stats.original_first")   # the particular case first
    if on_original:
        out.append("ygo.stats.original_rewrites")
    if becomes:
        out.append("ygo.stats.continuous_becomes")
    if any("per" in a for *_, a in on_current):
        out.append("ygo.stats.counts_recalculated")
    return out


# ---------- resolved changes

STAT_CHANGES = ("change_atk", "change_def", "change_level", "change_original_atk", "change_original_def", "swap_atk_def")


def only_itself(card: Card) -> bool:
    """Whether the effect's stat changes can only change its own monster (every one `target: self`): then it
    stops applying when the monster is negated; one that can change other cards keeps applying (4.5.3)."""
    changes = [args for name, args in card.effect.ops if name in STAT_CHANGES] if card.effect else []
    return bool(changes) and all((a if isinstance(a, str) else a.get("target")) == "self" for a in changes)


def apply(game, link, monster: Card, stat: str, args: dict) -> tuple[int, int, list[str]]:
    """Apply one resolved change (`args`: by | to | half | double, optional until) to a face-up monster.
    Returns (before, after, rule keys)."""
    observe(game)
    own = link.card is monster and only_itself(link.card)
    until = game.board.turn_number if args.get("until") == "end_of_turn" else 0
    is_original = stat in ORIGINAL
    read = (lambda: original(game, monster, stat.split("_")[1])) if is_original else (lambda: value(game, monster, stat))
    before = read()
    keys = []
    game.stat_seq += 1
    if "by" in args:
        mod = Mod(stat, "add", args["by"], game.stat_seq, link.card.id, own, until)
        monster.mods.append(mod)
    else:
        if "to" in args:
            new = args["to"]
        elif args.get("half"):
            new = (before + 1) // 2   # .5 rounds up (4.5.3.p9); 0 stays 0 (4.5.3.p11)
        else:
            new = before * 2
        erased = _fix(game, monster, stat, until)
        if erased:
            keys.append("ygo.stats.duration" if until else "")
            keys.append("ygo.stats.continuous_becomes" if any("becomes" in a for a in erased) else "")
        monster.mods.append(Mod(stat, "set", new, game.stat_seq, link.card.id, own, until))
        keys.append("ygo.stats.original_rewrites" if is_original else "ygo.stats.becomes_fixes")
    if until:
        keys.append("ygo.stats.duration")
    if own:
        keys.append("ygo.stats.own_effect_reverts")
    elif link.card is monster:
        keys.append("ygo.stats.affects_others_kept")
    return before, read(), [k for k in keys if k]


def _fix(game, monster: Card, stat: str, until: int) -> list[dict]:
    """A resolved "becomes": earlier resolved changes it overrides are erased; the continuous effects applying
    now stop applying to this monster (until `until` ends, or for good). Returns their arguments."""
    if stat in ORIGINAL:
        current = stat.split("_")[1]
        monster.mods = [m for m in monster.mods if not (m.stat == stat or (m.stat == current and m.kind == "set"))]
    else:
        monster.mods = [m for m in monster.mods if m.stat != stat]
    erased = []
    if game.has_continuous:
        for key, src, _, args in _continuous(game, monster, stat):
            monster.stat_erased[(key, stat)] = until
            erased.append(args)
            game.step("stats.continuous_erased", f"From now on the continuous effect of {src.label()} no longer applies "
                      f"to {monster.label()}'s {LABEL[stat]}{' until the end of this turn' if until else ''}.",
                      "ygo.stats.becomes_fixes", *(["ygo.stats.duration"] if until else []),
                      card=monster.label(), source=src.label(), stat=LABEL[stat])
    return erased


def from_materials(game, monster: Card, count: int) -> None:
    """"This card's original ATK becomes the number of its materials × N": the monster's own effect, applied
    once when it is summoned (not continuously, 4.5.1); negated, it does not come back (4.5.3)."""
    game.stat_seq += 1
    new = count * monster.atk_per_material
    monster.mods.append(Mod("original_atk", "set", new, game.stat_seq, monster.id, own=True))
    game.step("stats.original_from_materials", f"{monster.label()} was summoned with {count} materials: its own "
              f"effect makes its original ATK {count} × {monster.atk_per_material} = {new}, applied this once.",
              "ygo.stats.material_count_once", "ygo.stats.original_rewrites", card=monster.label(), count=count,
              per=monster.atk_per_material, value=new)


def end_of_turn(game) -> None:
    """Changes that last "until the end of this turn" stop applying (and what they suspended applies again)."""
    turn = game.board.turn_number
    for p in game.board.players.values():
        for monster in p.monster_list():
            ending = [m for m in monster.mods if m.until == turn]
            monster.stat_erased = {k: u for k, u in monster.stat_erased.items() if u != turn}
            if ending:
                monster.mods = [m for m in monster.mods if m.until != turn]
                game.step("stats.duration_ends", f"The turn ends: the {', '.join(sorted({LABEL[m.stat] for m in ending}))} "
                          f"change(s) to {monster.label()} that lasted until the end of the turn stop applying "
                          f"({LABEL['atk']} {value(game, monster, 'atk')}, {LABEL['def']} {value(game, monster, 'def')}).",
                          "ygo.stats.duration", "ygo.stats.duration_restores", card=monster.label())


# ---------- reading a monster's stats

def atk_of(game, monster: Card) -> int:
    return value(game, monster, "atk")


def def_of(game, monster: Card) -> int:
    return value(game, monster, "def")


def modifiers(game, monster: Card, stat: str) -> list[Card]:
    """The cards whose continuous effects change `stat` (atk | def, or its original value) of the monster now."""
    if not game.has_continuous:
        return []
    return list(dict.fromkeys(src for op in (stat, "original_" + stat) for _, src, _, _ in _continuous(game, monster, op)))
