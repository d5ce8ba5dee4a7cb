"""Card protections (rulebook 4.1): monster fields `untargetable: true` ("cannot be targeted by card effects"),
`indestructible_by_effect: true` ("cannot be destroyed by card effects"), `indestructible_by_battle: true` and
`unaffected: true` ("unaffected by other cards' effects") or `unaffected: spell | trap | monster | opponent` (or a
list: "unaffected by Trap effects", "by your opponent's card effects"). They apply without being activated
(4.1.1.p2). Other cards may grant the first three: a continuous `protect` while their card is face-up on the field,
or a resolved `protect` operation for the rest of the turn (`grants`).

- untargetable: an effect cannot be activated targeting it (3.1.1.p52); an effect that does not target (e.g.
  "destroy all monsters") still reaches it (3.1.1.p67, p69).
- indestructible by effects: an effect's destruction leaves it on the field; destruction by battle, or by the
  rules (an equip card losing its monster, no zone for control), is not by an effect (4.1.2.p2). A card being
  destroyed still protects the others destroyed with it (4.1.2.p3).
- unaffected: it may still be targeted, the effect simply does not apply to it (4.1.3.p1); other cards' effects
  do not apply to it, continuous ones included — an opponent's "cannot attack" does not stop it, nor does another
  card's "cannot be destroyed by battle" protect it (4.1.4.p1, p8, p25); its own effects still do (4.1.4.p3);
  costs are not effects, so it may be Tributed for one (4.1.4.p10); battle still destroys it (4.1.4.p25).
"""
from __future__ import annotations

from .model import MONSTER_ZONES, Card
from .targets import parse_selector, resolve_selector
from .continuous import SELECTORS, _affects, parses, sources
from .kernel import UNAFFECTED
from .steps import operation

FIELDS = ("untargetable", "indestructible_by_effect", "unaffected")
UNAFFECTED_KINDS = ("spell", "trap", "monster", "opponent")
GRANTS = ("indestructible_by_effect", "indestructible_by_battle", "untargetable")
REACHING_OPS = ("destroy", "banish", "return_to_hand", "return_to_deck", "flip_face_down", "change_atk",
                "change_def", "change_position", "take_control", "equip", "negate_effects", "send_to_graveyard",
                "become_tuner")
KIND_NAMES = {"spell": "Spell", "trap": "Trap", "monster": "monster", "opponent": "the opponent's card"}


def parse_unaffected(value) -> tuple[bool, tuple[str, ...]]:
    """`unaffected:` -> (by every other card, by these kinds only); ValueError names the problem."""
    if isinstance(value, bool):
        return value, ()
    kinds = [value] if isinstance(value, str) else value
    if not isinstance(kinds, list) or not kinds or any(k not in UNAFFECTED_KINDS for k in kinds):
        raise ValueError(f"is true, or one or a list of {', '.join(UNAFFECTED_KINDS)}, not {value!r}")
    return False, tuple(dict.fromkeys(kinds))


@UNAFFECTED.answered_by
def unaffected_by(game, source: Card, card: Card, deciding: bool = False) -> bool:
    """Whether `card` ignores the effect of `source` (another card's effect). A monster's own (continuous)
    protection stops once it is destroyed by battle (4.1.4.p26) — not while that destruction is being decided
    (`deciding`)."""
    if source is card or not deciding and game.battle_destroyed(card):
        return False
    if card.unaffected or card.unaffected_turn == game.board.turn_number:   # own text, or this turn (make_unaffected)
        return True
    if not card.unaffected_by:
        return False
    if source.card_type in card.unaffected_by:
        return True
    return "opponent" in card.unaffected_by and game.controller(source) != game.controller(card)


def is_unaffected_source(source: Card, card: Card) -> bool:
    """Whether `card`, were it on the field, would ignore `source` (the opponent's side is not known off the field)."""
    return source is not card and (card.unaffected or source.card_type in card.unaffected_by)


def unaffected_words(card: Card) -> str:
    if card.unaffected:
        return "unaffected by other cards' effects"
    return "unaffected by " + " and ".join(KIND_NAMES[k] + (" effects" if k != "opponent" else "s' effects")
                                           for k in card.unaffected_by)


def is_unaffected(card: Card) -> bool:
    return card.unaffected or bool(card.unaffected_by)


# ---- protections granted by other cards


@parses("protect")
def parse_protect(args) -> dict:
    """`{target: <selector>, name: <card name>, indestructible_by_effect | indestructible_by_battle | untargetable:
    true}` — as a continuous effect (while its card is face-up) or an operation (for the rest of the turn)."""
    if not isinstance(args, dict) or "target" not in args:
        raise ValueError("takes {target: <selector>, indestructible_by_effect / indestructible_by_battle / "
                         "untargetable: true}")
    allowed = ("target", "name") + GRANTS
    for k in args:
        if k not in allowed:
            raise ValueError(f"unknown argument {k!r} (allowed: {', '.join(allowed)})")
    if args["target"] not in SELECTORS + ("field_spells",):
        raise ValueError(f"`target` is one of {', '.join(SELECTORS + ('field_spells',))}, not {args['target']!r}")
    if "name" in args and not isinstance(args["name"], str):
        raise ValueError("`name` is a card name")
    grants = tuple(k for k in GRANTS if args.get(k) is True)
    if not grants or any(not isinstance(args.get(k, True), bool) for k in GRANTS):
        raise ValueError(f"give at least one of {', '.join(GRANTS)}: true")
    return {"target": args["target"], **({"name": args["name"]} if args.get("name") else {}), **{g: True for g in grants}}


def _grants_of(args: dict) -> tuple[str, ...]:
    return tuple(g for g in GRANTS if args.get(g))


def _covered(game, source: Card, source_player: str, args: dict, card: Card) -> bool:
    if args.get("name") and card.name != args["name"]:
        return False
    if args["target"] == "field_spells":
        return card.zone == "field" and card.face_up
    if card.zone not in MONSTER_ZONES or not card.face_up:
        return False
    return _affects(source, source_player, args["target"], card, game.controller(card))


def grants(game, card: Card, what: str, deciding: bool = False) -> tuple[Card | None, list[Card]]:
    """(the card that gives `card` the protection `what` now — the card itself for its own field —, the cards
    whose grant of it does not apply because `card` is unaffected by them)."""
    if getattr(card, what):
        return card, []
    ignored = []
    granting = [(src, player, args) for src, player in sources(game) for name, args in src.effect.continuous
                if name == "protect"] + list(game.lingering)
    for src, player, args in granting:
        if args.get(what) and _covered(game, src, player, args, card):
            if what != "untargetable" and unaffected_by(game, src, card, deciding):   # "cannot be targeted"
                # affects no monster (4.1.3.p2): even an unaffected one stays untargetable
                ignored.append(src)
                continue
            return src, ignored
    return None, ignored


def apply_protect(game, link, args) -> None:
    """The operation: "this turn, <monsters> cannot be destroyed by battle / …" — it applies to the monsters the
    selector names at any moment for the rest of the turn (and not to a monster unaffected by its card)."""
    game.lingering.append((link.card, link.player, args))
    what = " and ".join({"indestructible_by_effect": "cannot be destroyed by card effects",
                         "indestructible_by_battle": "cannot be destroyed by battle",
                         "untargetable": "cannot be targeted by card effects"}[g] for g in _grants_of(args))
    whom = {"self": link.card.label(), "your_monsters": f"{link.player}'s monsters",
            "opponent_monsters": "the opponent's monsters", "all_monsters": "all monsters",
            "field_spells": "the Field Spells", "equipped": "the equipped monster"}[args["target"]]
    game.step("effect.protect", f"For the rest of this turn {whom}{' named ' + args['name'] if args.get('name') else ''} "
              f"{what} (the effect of {link.card.label()}).", "ygo.protect.not_activated", source=link.card.label(),
              whom=whom)


def target_refusal(game, card: Card, targets: list[Card]):
    for t in targets:
        src, _ = grants(game, t, "untargetable")
        if src is not None:
            by = "" if src is t else f" (the effect of {src.label()})"
            if src is not t and unaffected_by(game, src, t):
                return (f"{t.label()} cannot be targeted by card effects{by}: such an effect affects no monster, so "
                        f"it applies although {t.label()} is {unaffected_words(t)}, and {card.label()} cannot be "
                        "activated targeting it", ("ygo.protect.untargetable_affects_none", "ygo.protect.untargetable"))
            return (f"{t.label()} cannot be targeted by card effects{by}, so {card.label()} cannot be activated "
                    "targeting it", ("ygo.protect.untargetable", "ygo.protect.not_activated"))
    return None


def skip(game, link, name: str, card: Card) -> bool:
    """True (and a cited step) when the operation `name` of the resolving link does not reach `card`."""
    if name not in REACHING_OPS:
        return False
    if is_unaffected(card) and game.battle_destroyed(card) and link.card is not card:
        game.step("protect.lost", f"{card.label()} is destroyed by battle: its own continuous effect no longer applies, "
                  "so it is no longer unaffected by other cards' effects.", "ygo.protect.lost_when_destroyed",
                  card=card.label())
    if unaffected_by(game, link.card, card):
        targeted = card in link.targets
        game.step("protect.unaffected", f"{card.label()} is {unaffected_words(card)}: the effect of "
                  f"{link.card.label()} does not apply to it{' (it could still be targeted)' if targeted else ''}.",
                  "ygo.protect.unaffected", "ygo.protect.not_activated",
                  *(["ygo.protect.target_not_affect"] if targeted else []), card=card.label())
        return True
    if name == "destroy" and card.indestructible_untargeted and card not in link.targets:
        game.step("protect.not_destroyed", f"{card.label()} cannot be destroyed by card effects that do not target it, "
                  f"and {link.card.label()} destroys it without targeting it: it stays on the field.",
                  *(("ygo.protect.untargeted_part",) if link.targets else ()), "ygo.protect.untargeted_only",
                  card=card.label())
        return True
    if name == "destroy":
        src, _ = grants(game, card, "indestructible_by_effect")
        if src is not None:
            by = "" if src is card else f" (the effect of {src.label()})"
            game.protectors.append(src)
            game.step("protect.not_destroyed", f"{card.label()} cannot be destroyed by card effects{by}: it stays on "
                      "the field.", "ygo.battle.indestructible", "ygo.protect.not_activated", card=card.label())
            return True
    return False


def parse_make_unaffected(args):
    return parse_selector(args)


def apply_make_unaffected(game, link, sel) -> None:
    """"This turn, that monster is unaffected by other cards' effects": counters already on it stay, and what was
    attached to placing them still applies (4.1.4.p15)."""
    for card in resolve_selector(game, link, sel):
        if card.zone not in MONSTER_ZONES or not card.face_up or not game.on_field(card):
            continue
        card.unaffected_turn = game.board.turn_number
        keep = ["ygo.counters.unaffected_keeps"] if card.counters else []
        game.step("protect.made_unaffected", f"The effect of {link.card.label()} makes {card.label()} unaffected by "
                  "other cards' effects this turn"
                  f"{'; the counters already on it stay, with what was attached to placing them' if keep else ''}.",
                  "ygo.protect.unaffected", *keep, card=card.label(), source=link.card.label())


# ---- "activated effects of <cards> cannot be negated" (4.6.5.p46-p48)

NEGATABLE = ("effect", "activation", "both")


def parse_unnegatable(args) -> dict:
    """`{name_contains: <part of a card name>, what: effect | activation | both}` — "this turn, the activated effects of
    「<name>」 cards cannot be negated" (an archetype is the part of the name its cards share)."""
    if not isinstance(args, dict) or set(args) - {"name_contains", "what"} or "name_contains" not in args:
        raise ValueError("takes {name_contains: <part of the card names>, what: effect | activation | both}")
    if not isinstance(args["name_contains"], str) or not args["name_contains"]:
        raise ValueError("`name_contains` is the part of the name the cards share")
    what = args.get("what", "effect")
    if what not in NEGATABLE:
        raise ValueError(f"`what` is one of {', '.join(NEGATABLE)}")
    return {"name_contains": args["name_contains"], "what": what}


def apply_unnegatable(game, link, args) -> None:
    """From its resolution to the end of the turn: an effect that applies only once it has resolved, so it does not
    protect what a later chain link already negated (the chain resolves last in, first out)."""
    game.unnegatable.append((link.card, args))
    what = {"effect": "activated effects", "activation": "activations",
            "both": "activations and activated effects"}[args["what"]]
    game.step("effect.cannot_be_negated", f"For the rest of this turn, the {what} of 「{args['name_contains']}」 cards "
              f"cannot be negated (the effect of {link.card.label()}).", "ygo.negate.cannot_be_negated",
              source=link.card.label(), name=args["name_contains"])


def cannot_be_negated(game, card: Card, what: str) -> bool:
    """Whether the activation (`what` = activation) or the activated effect (effect) of `card` cannot be negated now;
    True records a cited step (4.6.5.p48: "the activated effect cannot be negated" leaves the activation negatable)."""
    for src, args in game.unnegatable:
        if args["name_contains"] in card.name and args["what"] in (what, "both"):
            game.step("chain.cannot_negate", f"{'The activation' if what == 'activation' else 'The activated effect'} of "
                      f"{card.label()} cannot be negated this turn (the effect of {src.label()}): the negation does "
                      "not apply.", "ygo.negate.cannot_be_negated", "ygo.negate.cannot_be_negated_kinds",
                      card=card.label(), source=src.label())
            return True
    return False


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("protect", parse_protect)(apply_protect)
operation("cannot_be_negated", parse_unnegatable)(apply_unnegatable)
operation("make_unaffected", parse_make_unaffected)(apply_make_unaffected)
