"""Effects made of several "●" parts (rulebook 4.7.2, 4.7.4):

    {one_of: [[steps], [steps], ...]}    "apply 1 of these effects": the player picks one part when it resolves
    {each_of: [[steps], [steps], ...]}   "apply the following effects": each part in text order, independent

Each part is a list of steps written like `do:` (with `after:`), or `{if: {of: self | targets, race|attribute|kind:
value}, do: [steps]}` — a part that applies only if that card is of that kind ("● Zombie: …", "the following
effects according to its kind"; a card that has left the field keeps what it was). Such an effect
can be activated when at least one part could be applied (4.7.4). Choices: `choose: {mode.<card id>: N}` (the N-th part, from 1; **default** the
first part that can be applied) and `choose: {parts.<card id>: [N, …]}` (the parts applied, decided one by one
in text order, 4.7.2; **default** every part that can be applied).

    {only_if: {you_control: <part of a name>, do: [steps]}}   "(then,) if you control another X monster, …"

A step whose steps apply only if, when it is applied, the activating player controls another face-up monster
whose name contains that part (an archetype, "another Toon monster"): a condition of the effect's processing,
judged as the effect resolves - unlike an activation condition (`if_you_control`, judged on activation). Not
met, it is not applied (so an `after: then` step after it is not either); it can be activated either way.
"""
from __future__ import annotations

from .model import other
from .steps import StepError, apply_steps, operation, parse_steps
from .targets import MASS_SELECTORS, mass

MAX_PARTS = 6


def parse(args) -> tuple:
    if not isinstance(args, list) or not 2 <= len(args) <= MAX_PARTS:
        raise ValueError(f"a list of 2 to {MAX_PARTS} parts, each a list of steps like `do:`")
    out = []
    for j, part in enumerate(args):
        cond = None
        if isinstance(part, dict):
            test = part.get("if")
            if set(part) != {"if", "do"} or not isinstance(test, dict) or test.get("of") not in ("self", "targets") \
                    or len(test) != 2:
                raise StepError(f"[{j}]", "a part is a list of steps, or {if: {of: self | targets, "
                                "race|attribute|kind: value}, do: [steps]}")
            (field, value), = ((k, v) for k, v in test.items() if k != "of")
            if field not in TARGET_FIELDS or not isinstance(value, str) or not value:
                raise StepError(f"[{j}].if", f"one of {', '.join(TARGET_FIELDS)}, with a value")
            cond, part = (test["of"], field, value.lower()), part["do"]
        try:
            ops, links = parse_steps(part)
        except StepError as e:
            raise StepError(f"[{j}]{e.where}", str(e)) from None
        out.append((ops, links, cond))
    return tuple(out)


TARGET_FIELDS = ("race", "attribute", "kind")


def _matches(cards, cond) -> bool:
    return cond is None or any(getattr(c, cond[1]) == cond[2] for c in cards)


def _target_matches(game, link, cond) -> bool:
    return _matches([link.card] if cond and cond[0] == "self" else link.targets, cond)


def _cards_for(game, player: str, selector) -> list | None:
    """The cards a field selector could reach now (None: the selector names targets or the card itself)."""
    if isinstance(selector, dict):
        selector = selector.get("of", selector.get("target"))
    if selector in MASS_SELECTORS:
        return mass(game, player, selector)
    if selector == "your_monsters":
        return game.board.player(player).monster_list()
    if selector == "spells_traps":
        return [c for p in game.board.players.values() for c in p.st_list() + ([p.field_spell] if p.field_spell else [])]
    return None


def possible(game, player: str, ops: tuple) -> bool:
    """Whether a part could be applied now: a draw needs the cards in the deck, taking control a free Main Monster
    Zone, an operation on "all" or chosen monsters needs one (a part with targets is judged by its targets)."""
    me = game.board.player(player)
    for name, args in ops:
        if name == "draw":
            who = me if args["player"] == "self" else game.board.player(other(player))
            if len(who.deck) < args["count"]:
                return False
            continue
        if name == "take_control" and me.free_main_zone() is None:
            return False
        if name == "add_to_hand" and not any(c.id == args["card"] for c in me.deck):
            return False
        selector = args.get("target") if isinstance(args, dict) and "target" in args else args
        reach = _cards_for(game, player, selector) if isinstance(selector, (str, dict)) else None
        if reach is not None and not reach:
            return False
    return True


def check(game, card, player: str, _targets):
    """4.7.4: an effect of "●" parts can be activated as long as one part could be applied."""
    for name, parts in card.effect.ops:
        if name in ("one_of", "each_of") and not any(
                possible(game, player, ops) and _matches([card] if cond and cond[0] == "self" else _targets, cond)
                for ops, _links, cond in parts):
            return (f"none of the parts of {card.label()}'s effect could be applied now, so it cannot be activated",
                    ("ygo.effect.parts_any_applicable",))
    return None


def apply_one_of(game, link, parts) -> bool:
    wanted = game.choose.get(f"mode.{link.card.id}")
    if isinstance(wanted, int) and 1 <= wanted <= len(parts):
        n = wanted
    else:   # **default**: the first part that can be applied now
        n = next((i + 1 for i, (ops, _l, cond) in enumerate(parts)
                  if possible(game, link.player, ops) and _target_matches(game, link, cond)), 1)
    game.step("effect.part_chosen", f"{link.player} applies part {n} of the {len(parts)} parts of {link.card.label()}'s "
              "effect (\"apply 1 of these effects\").", "ygo.effect.parts_any_applicable",
              player=link.player, card=link.card.label(), part=n, parts=len(parts))
    ops, links, cond = parts[n - 1]
    if not _target_matches(game, link, cond):
        return False
    return apply_steps(game, link, ops, links)


def apply_each_of(game, link, parts) -> bool:
    wanted = game.choose.get(f"parts.{link.card.id}")
    applied = False
    for i, (ops, links, cond) in enumerate(parts, start=1):
        if not _target_matches(game, link, cond):
            game.step("effect.part", f"Part {i} of {link.card.label()}'s effect applies only if "
                      f"{'this card' if cond[0] == 'self' else 'the target'} has {cond[1]} {cond[2]}, and it has not: it "
                      "is not applied.", "ygo.effect.parts_in_order",
                      player=link.player, card=link.card.label(), part=i, applied=False)
            continue
        use = i in wanted if isinstance(wanted, list) else possible(game, link.player, ops)
        game.step("effect.part", f"Part {i} of {link.card.label()}'s effect: {link.player} "
                  f"{'applies it' if use else 'does not apply it'} (each \"●\" is decided in text order and applies "
                  "independently of the others).", "ygo.effect.parts_in_order", player=link.player,
                  card=link.card.label(), part=i, applied=use)
        if use:
            applied = apply_steps(game, link, ops, links) or applied
    return applied


def parse_only_if(args) -> tuple:
    if not isinstance(args, dict) or set(args) != {"you_control", "do"}:
        raise ValueError("{you_control: <part of a name>, do: [steps]}")
    part = args["you_control"]
    if not isinstance(part, str) or not part.strip():
        raise StepError(".you_control", "the part of a name the other monster's name contains")
    try:
        ops, links = parse_steps(args["do"])
    except StepError as e:
        raise StepError(f".do{e.where}", str(e)) from None
    return part.strip(), ops, links


def apply_only_if(game, link, args) -> bool:
    part, ops, links = args
    me = game.board.player(link.player)
    others = [m for m in me.monster_list() if m is not link.card and m.face_up and part in (m.name or "")]
    game.step("effect.only_if", f"{link.card.label()}'s effect goes on only if {link.player} controls another face-up "
              f"monster whose name contains {part} now, as it resolves: "
              + (f"{others[0].label()} is one, so it is applied." if others else "there is none, so it is not applied."),
              "ygo.effect.steps_then", player=link.player, card=link.card.label(), part=part, met=bool(others))
    return apply_steps(game, link, ops, links) if others else False


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("only_if", parse_only_if)(apply_only_if)

operation("one_of", parse, check)(apply_one_of)
operation("each_of", parse, check)(apply_each_of)
