"""Effects that change battle damage, applied in the rulebook's order (4.4.4.p107-p117).

A modifier is `{battle_damage: {apply, to, battles, race, amount}}`: a continuous effect of a face-up card
(`continuous:`), or an operation (`do:`) that applies for the rest of the turn once it resolves ("this turn,
you take no battle damage", Waboku). `apply` names what it does, in the order the rulebook applies them:

    1 double_dealt  "inflicts double battle damage" (the monsters `battles` names, to their opponent)
    2 both_take     "both players take the battle damage"
    3 duplicate     "battle damage <to> takes is also inflicted to the other player"
    3 redirect      "the other player takes the battle damage <to> would take instead"
    6 zero          "battle damage <to> takes becomes 0" / "you take no battle damage"
    7 half          "battle damage becomes half"
    8 double        "battle damage becomes double"
    9 fixed         "battle damage becomes <amount>"

`to` says whose damage it changes, from the source's controller's side: self | opponent | both (**default**)
| controller (the controller of the monster `battles` names, "the controller of a Fairy monster"); an effect
worded for one player does not apply to the other's damage (4.4.4.p112). `battles` limits it to battles
involving the monsters named (self, equipped, your_monsters, opponent_monsters, all_monsters — **default**),
optionally of one `race` (monster Type). Several order-3 effects each apply once, only to the damage of
orders 1-2 (4.4.4.p109); a player taking several damages takes them as one (4.4.4.p111); orders 6-9 change
each damage (p111): 0 wins over the rest (p114), one half and one double at most, and both cancel out (p113),
a fixed value replaces a damage that is not 0, the smallest of several (p115, p116).
"""
from __future__ import annotations

from dataclasses import dataclass

from .continuous import SELECTORS, _affects, parses, sources
from .model import MONSTER_ZONES, Card, other
from .steps import operation

ORDER = {"double_dealt": 1, "both_take": 2, "duplicate": 3, "redirect": 3, "zero": 6, "half": 7, "double": 8,
         "fixed": 9}
TO = ("self", "opponent", "both", "controller")
WORDS = {"double_dealt": "inflicts double battle damage", "both_take": "both players take the battle damage",
         "duplicate": "the battle damage is also inflicted to the other player",
         "redirect": "the other player takes the battle damage instead", "zero": "the battle damage becomes 0",
         "half": "the battle damage is halved", "double": "the battle damage is doubled",
         "fixed": "the battle damage becomes a fixed value"}
KEYS = {1: "ygo.damage_mod.order", 2: "ygo.damage_mod.order", 3: "ygo.damage_mod.order3_once",
        6: "ygo.damage_mod.zero", 7: "ygo.damage_mod.half_double", 8: "ygo.damage_mod.half_double",
        9: "ygo.damage_mod.fixed"}
MAX_AMOUNT = 10**9


@parses("battle_damage")
def parse(args) -> dict:
    """`{apply, to, battles, race, amount}` -> the same, checked (ValueError naming the problem)."""
    if not isinstance(args, dict) or set(args) - {"apply", "to", "battles", "race", "amount"}:
        raise ValueError("takes {apply, to, battles, race, amount}")
    if not isinstance(args.get("apply"), str) or args["apply"] not in ORDER:   # ORDER is a dict: no lists
        raise ValueError(f"`apply` is one of {', '.join(ORDER)}")
    out = {"apply": args["apply"], "to": args.get("to", "both"), "battles": args.get("battles", "all_monsters")}
    if out["to"] not in TO:
        raise ValueError(f"`to` is one of {', '.join(TO)}")
    if out["battles"] not in SELECTORS:
        raise ValueError(f"`battles` is one of {', '.join(SELECTORS)}")
    if "race" in args:
        if not isinstance(args["race"], str) or not args["race"]:
            raise ValueError("`race` is a monster Type, e.g. fairy")
        out["race"] = args["race"].lower()
    if (out["apply"] == "fixed") != ("amount" in args):
        raise ValueError("`amount` is given with apply: fixed, and only then")
    if "amount" in args:
        amount = args["amount"]
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_AMOUNT:
            raise ValueError("`amount` is a positive integer")
        out["amount"] = amount
    return out


@dataclass(frozen=True, eq=False)   # compared by identity: each effect applies once
class Modifier:
    source: Card
    player: str          # the source's controller: "self" of `to`
    spec: dict
    this_turn: bool = False
    effect_damage: bool = False   # changes effect damage, not battle damage

    @property
    def order(self) -> int:
        return ORDER[self.spec["apply"]]


def register(game, link, spec: dict) -> None:
    """The `battle_damage` operation: applies from now until the end of the turn."""
    game.damage_mods.append(Modifier(link.card, link.player, spec, this_turn=True))
    game.step("damage_mod.registered", f"The effect of {link.card.label()} applies for the rest of this turn: "
              f"{_describe(spec)}.", "ygo.damage_mod.order", source=link.card.label(), what=_describe(spec))


def _describe(spec: dict) -> str:
    text = WORDS[spec["apply"]]
    if spec["apply"] == "fixed":
        text = f"the battle damage becomes {spec['amount']}"
    who = {"self": "its controller", "opponent": "its controller's opponent", "both": "either player",
           "controller": "the controller of the monster in battle"}[spec["to"]]
    return text + ("" if spec["apply"] in ("double_dealt", "both_take") else f" (damage to {who})")


def _holder(game, monster: Card) -> str:
    return next((p.name for p in game.board.players.values() if p.monsters.get(monster.zone) is monster), "")


def modifiers(game, battlers: list[Card]) -> list[tuple[Modifier, list[Card]]]:
    """The modifiers that apply to this battle, each with the battling monsters it names."""
    found = [Modifier(src, mine, args) for src, mine in sources(game) for name, args in src.effect.continuous
             if name == "battle_damage"] + [m for m in game.damage_mods if not m.effect_damage]
    out = []
    for mod in found:
        spec = mod.spec
        named = [m for m in battlers if m.zone in MONSTER_ZONES and m.face_up
                 and _affects(mod.source, mod.player, spec["battles"], m, _holder(game, m))
                 and (not spec.get("race") or m.race == spec["race"])]
        if named:
            out.append((mod, named))
    return sorted(out, key=lambda pair: pair[0].order)


def _players(game, mod: Modifier, named: list[Card]) -> set[str]:
    to = mod.spec["to"]
    if to == "self":
        return {mod.player}
    if to == "opponent":
        return {other(mod.player)}
    if to == "controller":
        return {_holder(game, m) for m in named}
    return {"A", "B"}


def settle(game, battlers: list[Card], player: str, amount: int) -> dict[str, int] | None:
    """Battle damage `amount` to `player` through the modifiers that apply: records a step for each one that
    changes it and returns {player: damage taken}; None when no modifier applies to this battle."""
    mods = modifiers(game, battlers)
    if not mods or amount <= 0:
        return None
    items = [[player, amount]]

    def note(mod, before, text):
        keys = ("ygo.damage_mod.order", KEYS[mod.order],
                *(("ygo.damage_mod.worded_for",) if mod.spec["to"] != "both" and mod.order >= 3 else ()))
        game.step("damage_mod.applies", f"The effect of {mod.source.label()} (order {mod.order}): {text} "
                  f"({before} → {_show(items)}).", *dict.fromkeys(keys), source=mod.source.label(),
                  order=mod.order, what=text, before=before, after=_show(items))

    for mod, named in (pair for pair in mods if pair[0].order == 1):
        opponents = {other(_holder(game, m)) for m in named}
        before = _show(items)
        for item in items:
            if item[0] in opponents:
                item[1] *= 2
        if _show(items) != before:
            note(mod, before, WORDS["double_dealt"])
            break
    both = next((pair for pair in mods if pair[0].order == 2), None)
    if both and len(items) == 1:
        before = _show(items)
        items.append([other(items[0][0]), items[0][1]])
        note(both[0], before, WORDS["both_take"])
    base = [tuple(i) for i in items]   # order-3 effects apply to these damages only (4.4.4.p109)
    order3 = [(mod, _players(game, mod, named)) for mod, named in mods if mod.order == 3]
    if order3:
        before = _show(items)
        out, used = [], []
        for taker, dmg in base:
            moved = next((mod for mod, who in order3 if mod.spec["apply"] == "redirect" and taker in who), None)
            out.append([other(taker) if moved else taker, dmg])
            used += [moved] if moved else []
            for mod, who in order3:
                if mod.spec["apply"] == "duplicate" and taker in who:
                    out.append([other(taker), dmg])
                    used.append(mod)
        items = out
        for mod in dict.fromkeys(used):
            note(mod, before, WORDS[mod.spec["apply"]])
    late = [(mod, _players(game, mod, named)) for mod, named in mods if mod.order >= 6]
    if late:
        before = _show(items)
        applied = []
        for item in items:
            item[1], used = _change(item[0], item[1], late)
            applied += used
        for mod in dict.fromkeys(applied):
            note(mod, before, _describe(mod.spec))
    totals = {p: sum(d for who, d in items if who == p) for p in ("A", "B")}
    return {p: d for p, d in totals.items() if d or any(who == p for who, _ in items)}


def _change(taker: str, dmg: int, late) -> tuple[int, list]:
    """One damage through the order 6-9 effects that apply to `taker` (4.4.4.p113-p116)."""
    mine = [mod for mod, who in late if taker in who]
    zero = [m for m in mine if m.spec["apply"] == "zero"]
    if zero:
        return 0, zero[:1]
    used = []
    half = next((m for m in mine if m.spec["apply"] == "half"), None)
    double = next((m for m in mine if m.spec["apply"] == "double"), None)
    if half and double:
        used += [half, double]        # one of each at most, and together they cancel out (p113)
    elif half:
        dmg, used = -(-dmg // 2), [half]
    elif double:
        dmg, used = dmg * 2, [double]
    fixed = [m for m in mine if m.spec["apply"] == "fixed"]
    if fixed and dmg:
        smallest = min(fixed, key=lambda m: m.spec["amount"])
        dmg, used = smallest.spec["amount"], used + [smallest]
    return dmg, used


def _show(items) -> str:
    totals = {}
    for who, d in items:
        totals.setdefault(who, []).append(d)
    return ", ".join(f"{who} {'+'.join(map(str, ds))}" for who, ds in sorted(totals.items())) or "none"


def inflict(game, damage: dict[str, int]) -> None:
    """The modified battle damage is taken, each player's as one battle damage (4.4.4.p111)."""
    for player, dmg in sorted(damage.items()):
        lost = game.lose_lp(player, dmg)
        game.step("damage.battle_modified", f"{player} takes {dmg or 'no'} battle damage "
                  f"(LP {game.board.player(player).lp}).", "ygo.damage.battle", "ygo.damage_mod.one_damage", player=player,
                  damage=dmg, lost=lost, lp=game.board.player(player).lp)


# ---------- effect damage (4.4.4.p108: "in a similar order" - the other player takes it instead first, and
# then "effect damage becomes 0" no longer applies)

EFFECT_APPLY = ("redirect", "zero", "half", "double")


@parses("effect_damage")
def parse_effect(args) -> dict:
    """`{effect_damage: {apply: redirect | zero | half | double, to}}`."""
    if not isinstance(args, dict) or set(args) - {"apply", "to"}:
        raise ValueError("takes {apply: redirect | zero | half | double, to: self | opponent | both}")
    if args.get("apply") not in EFFECT_APPLY:
        raise ValueError(f"`apply` is one of {', '.join(EFFECT_APPLY)}")
    out = {"apply": args["apply"], "to": args.get("to", "self")}
    if out["to"] not in ("self", "opponent", "both"):
        raise ValueError("`to` is self, opponent or both")
    return out


def register_effect(game, link, spec: dict) -> None:
    """The `effect_damage` operation: applies from now until the end of the turn."""
    game.damage_mods.append(Modifier(link.card, link.player, spec, this_turn=True, effect_damage=True))
    game.step("damage_mod.registered", f"The effect of {link.card.label()} applies for the rest of this turn: "
              f"effect damage {spec['apply']} ({spec['to']}).", "ygo.damage_mod.effect_order",
              source=link.card.label(), what=spec["apply"])


def effect_damage(game, player: str, amount: int) -> tuple[str, int, list]:
    """Effect damage `amount` to `player` through the effects that change it: (who takes it, how much, the
    modifiers applied). The other player takes it instead first; then 0, half or double (one each)."""
    mods = [Modifier(src, mine, args) for src, mine in sources(game) for name, args in src.effect.continuous
            if name == "effect_damage"] + [m for m in game.damage_mods if m.effect_damage]

    def covers(mod, who):
        return who in _players(game, mod, [])

    redirect = next((m for m in mods if m.spec["apply"] == "redirect" and covers(m, player)), None)
    if redirect:
        return other(player), amount, [redirect]
    zero = next((m for m in mods if m.spec["apply"] == "zero" and covers(m, player)), None)
    if zero:
        return player, 0, [zero]
    half = next((m for m in mods if m.spec["apply"] == "half" and covers(m, player)), None)
    double = next((m for m in mods if m.spec["apply"] == "double" and covers(m, player)), None)
    if half and double:
        return player, amount, [half, double]
    if half:
        return player, -(-amount // 2), [half]
    if double:
        return player, amount * 2, [double]
    return player, amount, []


def end_of_turn(game) -> None:
    game.damage_mods = [m for m in game.damage_mods if not m.this_turn]


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("battle_damage", parse)(register)
operation("effect_damage", parse_effect)(register_effect)
