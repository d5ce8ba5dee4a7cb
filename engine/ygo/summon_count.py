"""How many Normal Summons/Sets a player may make this turn (rulebook 3.1.5).

The rule gives one a turn. Effects add to it in kinds that stack with each other (3.1.5.p14):

- `{normal_summon_count: {total: N}}` (an operation, Double Summon / Summon Chain): this turn the player may
  make N Normal Summons/Sets in all (3.1.5.p12); it cannot be activated when the count is already N or more
  (a second Double Summon, Double Summon after Summon Chain, 3.1.5.p13).
- `{extra_normal_summon: {only: <filter>}}` — "once, in addition to your Normal Summon/Set, you can Normal
  Summon 1 <filter> monster": a continuous effect of a face-up card (Gem-Knight Seraphinite), or an operation
  that grants it for the rest of the turn. However many there are, they add one Normal Summon between them
  (3.1.5.p5); `stacks: true` marks a grant the rulebook counts apart from those (its example counts 星圣・草帽星系
  apart, 3.1.5.p14), which adds its own. `only` may name `race`, `attribute`, `names` or `name_includes`
  (the name contains it: an archetype); without `only`, any monster.

The player says which one a Normal Summon uses (3.1.5.p11): the action's `using: <id of the granting card>`, or
`using: rule` for the turn's own Normal Summon. **Default** — the rule's count first, then the grants that fit the
monster, in board order (the player's face-up cards by zone, then this turn's grants in the order they came).
"""
from __future__ import annotations

from dataclasses import dataclass

from .continuous import parses, sources
from .steps import operation

Refusal = tuple[str, tuple[str, ...]] | None
FILTER_KEYS = ("race", "attribute", "names", "name_includes")
SHARED = "in_addition"     # the group every non-stacking grant belongs to (3.1.5.p5)


@parses("extra_normal_summon")
def parse_grant(args) -> dict:
    if args is None or args == {}:
        return {"only": {}, "stacks": False}
    if not isinstance(args, dict) or set(args) - {"only", "stacks"}:
        raise ValueError("takes {only: {race | attribute | names | name_includes}, stacks: true|false}")
    only = args.get("only", {}) or {}
    if not isinstance(only, dict) or set(only) - set(FILTER_KEYS):
        raise ValueError(f"`only` names the monsters by {', '.join(FILTER_KEYS)}")
    for key, value in only.items():
        ok = (isinstance(value, list) and value and all(isinstance(v, str) and v for v in value)) if key == "names" \
            else isinstance(value, str) and value
        if not ok:
            raise ValueError(f"`only.{key}` is {'a list of card names' if key == 'names' else 'a word'}")
    if not isinstance(args.get("stacks", False), bool):
        raise ValueError("`stacks` is true or false")
    return {"only": dict(only), "stacks": args.get("stacks", False)}


def parse_count(args) -> dict:
    if not isinstance(args, dict) or set(args) != {"total"}:
        raise ValueError("takes {total: N}, the Normal Summons/Sets allowed this turn")
    total = args["total"]
    if isinstance(total, bool) or not isinstance(total, int) or not 2 <= total <= 10:
        raise ValueError("`total` is 2 to 10")
    return {"total": total}


@dataclass(frozen=True, eq=False)
class Grant:
    source: object       # the card whose effect grants it
    player: str
    only: dict
    stacks: bool

    @property
    def group(self) -> str:
        return f"own:{self.source.id}" if self.stacks else SHARED


def fits(grant: Grant, card) -> bool:
    only = grant.only
    return ((not only.get("race") or card.race == only["race"].lower())
            and (not only.get("attribute") or getattr(card, "attribute", "") == only["attribute"].lower())
            and (not only.get("names") or card.name in only["names"])
            and (not only.get("name_includes") or only["name_includes"] in (card.name or "")))


def _describe(grant: Grant) -> str:
    only = grant.only
    what = " ".join(filter(None, [only.get("attribute", ""), only.get("race", ""),
                                  f"「{only['name_includes']}」" if only.get("name_includes") else "",
                                  " or ".join(only.get("names", []))]))
    return f"1 {what + ' ' if what else ''}monster"


def grants(game, player: str) -> list[Grant]:
    """The grants `player` has now: face-up cards' continuous ones (zone order), then this turn's."""
    out = [Grant(src, owner, args["only"], args["stacks"]) for src, owner in sources(game) if owner == player
           for name, args in src.effect.continuous if name == "extra_normal_summon"]
    return out + [g for g in game.summon_grants if g.player == player]


def limit(game) -> int:
    return game.normal_summon_total or 1


def choose(game, player: str, card, using: str | None) -> tuple[Grant | None, Refusal]:
    """The count this Normal Summon/Set uses: (None, None) the rule's own, (grant, None), or (None, refusal)."""
    board = game.board
    base_left = board.normal_summons_used < limit(game)
    if using in (None, "rule") and base_left:
        return None, None
    open_ = [g for g in grants(game, player) if g.group not in game.groups_used]
    if using not in (None, "rule"):
        open_ = [g for g in open_ if g.source.id == using]
        if not open_:
            return None, (f"{using} gives {player} no additional Normal Summon this turn (none, or the one of its "
                          "kind is used)", ("ygo.summon.extra_in_addition_once", "ygo.summon.extra_declare"))
    fitting = [g for g in open_ if fits(g, card)]
    if fitting:
        return fitting[0], None
    if open_:
        return None, (f"{card.label()} is not what the additional Normal Summon allows ("
                      f"{'; '.join(f'{g.source.label()}: {_describe(g)}' for g in open_)})",
                      ("ygo.summon.extra_in_addition_once",))
    used = game.groups_used and SHARED in game.groups_used and any(g.group == SHARED for g in grants(game, player))
    return None, (f"{player} has already made the turn's {limit(game)} Normal Summon(s)/Set(s)"
                  + (" and the additional one \"in addition to your Normal Summon\" (one, however many effects grant "
                     "it)" if used else ""),
                  ("ygo.summon.once_per_turn", *(("ygo.summon.extra_in_addition_once",) if used else ())))


def use(game, grant: Grant | None, player: str, card) -> None:
    """Count the Normal Summon/Set made; a grant's use is a cited step."""
    if grant is None:
        game.board.normal_summons_used += 1
        return
    game.groups_used.add(grant.group)
    game.step("summon.extra_used", f"{player} uses the additional Normal Summon granted by {grant.source.label()} "
              f"({_describe(grant)}) for {card.label()}.", "ygo.summon.extra_in_addition_once",
              "ygo.summon.extra_declare", "ygo.summon.extra_kinds_stack", player=player, source=grant.source.label(),
              card=card.label())


def register(game, link, args) -> None:
    """`extra_normal_summon` as an operation: granted for the rest of the turn."""
    grant = Grant(link.card, link.player, args["only"], args["stacks"])
    game.summon_grants.append(grant)
    game.step("summon.extra_granted", f"This turn {link.player} may Normal Summon {_describe(grant)} in addition to "
              f"the Normal Summon/Set (the effect of {link.card.label()}).", "ygo.summon.extra_in_addition_once",
              player=link.player, source=link.card.label())


def check_count(game, card, player: str, _targets) -> Refusal:
    """`normal_summon_count`: not activated when the count is already that high (3.1.5.p13)."""
    total = next(args["total"] for name, args in card.effect.ops if name == "normal_summon_count")
    if limit(game) >= total:
        return (f"{player} may already make {limit(game)} Normal Summons/Sets this turn; {card.label()} would not "
                "raise it", ("ygo.summon.count_no_second", "ygo.summon.count_raised"))
    return None


def apply_count(game, link, args) -> None:
    game.normal_summon_total = max(limit(game), args["total"])
    game.step("summon.count_raised", f"This turn {link.player} may make {game.normal_summon_total} Normal "
              f"Summons/Sets (the effect of {link.card.label()}).", "ygo.summon.count_raised",
              "ygo.summon.extra_kinds_stack", player=link.player, total=game.normal_summon_total,
              source=link.card.label())


def end_of_turn(game) -> None:
    game.summon_grants, game.groups_used, game.normal_summon_total = [], set(), 0


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("extra_normal_summon", parse_grant)(register)
operation("normal_summon_count", parse_count, check_count)(apply_count)
