"""Negating a summon (召唤无效, rulebook 4.6.2). A summon made by the player's own procedure — Normal (Tribute)
Summon, Flip Summon, and the conditional Special Summons (Synchro, Xyz, Link, Pendulum) — has a moment "while
being summoned" (召唤之际) before it succeeds. Only an effect that negates that summon can be activated then,
directly in answer to it (3.1.3.p18, 3.4.2.p4); once the chain that answered it has resolved without negating
it, the summon succeeds (3.1.3.p22) and the "when summoned" time point follows. A monster summoned while an
effect resolves (Fusion and Ritual Spells, `special_summon`) has no such moment: it cannot be negated (3.4.3.p1).

A negated Normal or Special Summon's monster was never on the field: it goes to the graveyard (or is
banished) from nowhere, not from the field (4.6.2.p1). A negated Flip Summon's monster is face-up on the field
and is destroyed there (4.6.2.p3). The monster counts as never summoned, but the Normal Summon or Pendulum
Summon of the turn stays used (4.6.2.p11); a Special Summon Monster whose Special Summon was negated is not
properly summoned (4.6.2.p12)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .game import Window, is_special_summon_monster
from .model import MONSTER_ZONES, Card
from .steps import operation

Refusal = tuple[str, tuple[str, ...]] | None
KINDS = ("normal", "flip", "special")
THEN = ("destroy", "banish", "none")


@dataclass
class Summoning:
    """A summon in progress: its monsters are in their zones, but it has not succeeded yet."""
    cards: list[Card]
    player: str
    method: str                        # normal | flip | special
    what: str                          # "Normal Summon", "Xyz Summon", … (for the trace)
    negated: bool = False
    answered: bool = False             # an effect was activated while it was being summoned
    on_field: bool = False             # a Gemini monster Normal Summoned again: it is on the field already
    materials: list = field(default_factory=list)   # its materials (their "used as material" effects wait)


def begin(game, cards: list[Card], player: str, method: str, what: str, on_field: bool = False,
          materials: list[Card] = ()) -> None:
    """The summon's monsters are placed; the summon succeeds when the next action is not a summon negation."""
    game.summoning = Summoning(list(cards), player, method, what, on_field=on_field, materials=list(materials))
    game.window = Window("summoning", cards[0], None, player)
    game.priority, game.last_pass = player, ""   # a summon does not pass priority (3.7.4.p5)


def opens_after_chain(game) -> bool:
    """A summon an effect began as chain link 1 (3.4.3.p7) is being made once the chain has resolved: open its
    window for the summon-negating effects."""
    s = game.summoning
    if s is None or s.answered or s.negated:
        return False
    game.window = Window("summoning", s.cards[0], None, s.player)
    game.priority, game.last_pass = s.player, ""
    return True


def finish(game) -> None:
    """Nobody negated it (or the negation chain has resolved): the summon succeeds, and its "when summoned"
    time point opens with the monsters' triggers."""
    s, game.summoning = game.summoning, None
    if s is None or s.negated:
        return
    if s.answered:
        game.step("summon.succeeds", f"The chain built while {', '.join(c.label() for c in s.cards)} was being "
                  f"summoned has resolved without negating it: {s.player}'s {s.what} succeeds now.",
                  "ygo.summon_negation.success", player=s.player, cards=", ".join(c.label() for c in s.cards))
    for card in s.cards:
        if s.on_field:
            card.gemini_summoned = True   # a Gemini monster summoned again: an Effect Monster from now on
        game.summoned(card, s.player, method=s.method, batch=s)
    if s.materials:
        material_triggers(game, s.cards[0], s.materials, s.player)


def material_triggers(game, summoned: Card, materials: list[Card], player: str) -> None:
    """Effects "when this card is used as material for a … Summon" (`when: used_as_material`) are activated once
    that summon has succeeded (4.3 注意: 『成为○○素材』 effects are activated and applied after the summon succeeds),
    by the material's owner from where it went; a negated summon activates none (summon_negation)."""
    for m in materials:
        if m.trigger("used_as_material") and m.kind != "token":
            game.add_trigger(m, Window("used_as_material", summoned, None, player))


def negates_summon(card: Card | None) -> bool:
    return bool(card and card.effect and any(name == "negate_summon" for name, _ in card.effect.ops))


# ---------- the operation `negate_summon: {then, kinds, monsters}`

def parse(args) -> dict:
    args = {} if args in (None, True) else args
    if not isinstance(args, dict) or set(args) - {"then", "kinds", "monsters"}:
        raise ValueError("takes {then: destroy | banish | none, kinds: [normal, flip, special], monsters: N}")
    then = args.get("then", "destroy")
    if then not in THEN:
        raise ValueError(f"`then` is one of {', '.join(THEN)}")
    kinds = args.get("kinds", list(KINDS))
    kinds = [kinds] if isinstance(kinds, str) else kinds
    if not isinstance(kinds, list) or not kinds or any(k not in KINDS for k in kinds):
        raise ValueError(f"`kinds` lists the summons it negates: {', '.join(KINDS)}")
    monsters = args.get("monsters", 0)
    if isinstance(monsters, bool) or not isinstance(monsters, int) or not 0 <= monsters <= 10:
        raise ValueError("`monsters` is how many monsters at most the summon may bring (0 = any)")
    return {"then": then, "kinds": list(dict.fromkeys(kinds)), "monsters": monsters}


def _args(card: Card) -> dict:
    return next(args for name, args in card.effect.ops if name == "negate_summon")


def check(game, card: Card, player: str, _targets) -> Refusal:
    """A summon-negating effect is activated only directly in answer to a summon being made."""
    s = game.summoning
    if s is None or s.negated:
        if game.effect_summoned:
            return (f"{game.effect_summoned.label()} was Special Summoned while an effect resolved; that summon has "
                    "no moment at which to negate it", ("ygo.summon_negation.effect_summon",))
        return ("no monster is being summoned now; a summon is negated only directly in answer to it, before it "
                "succeeds", ("ygo.summon_negation.window",))
    if game.chain:
        return ("another activation stands between this one and the summon; a summon is negated only by chain link 1, "
                "directly in answer to it", ("ygo.summon_negation.window",))
    args = _args(card)
    if s.method not in args["kinds"]:
        return (f"{card.label()} negates only {', '.join(args['kinds'])} summons; this is a {s.what}",
                ("ygo.summon_negation.window",))
    if args["monsters"] and len(s.cards) > args["monsters"]:
        return (f"{card.label()} negates the summon of at most {args['monsters']} monster(s); this {s.what} brings "
                f"{len(s.cards)}", ("ygo.summon_negation.window",))
    return None


def apply(game, link, args) -> None:
    s = game.summoning
    if s is None or s.negated:
        return
    s.negated = True
    names = ", ".join(c.label() for c in s.cards)
    game.step("summon.negated", f"{s.player}'s {s.what} of {names} is negated: it counts as never having been "
              "summoned" + (", but the turn's Normal Summon stays used" if s.method == "normal" else "")
              + (", but the turn's Pendulum Summon stays used" if s.what == "Pendulum Summon" else "") + ".",
              "ygo.summon_negation.not_summoned",
              *(("ygo.summon_negation.conditional",) if s.method == "special" else ()), player=s.player, cards=names)
    for card in s.cards:
        if s.method == "flip" or s.on_field:
            _negated_flip(game, link, card, args, s.what)
        else:
            _negated_summon(game, link, card, args, s)
    waiting = [m for m in s.materials if m.trigger("used_as_material")]
    if waiting:
        names = ", ".join(m.label() for m in waiting)
        game.step("summon.negated.material_effects", f"The {s.what} did not succeed: the effects of {names} that "
                  "apply when used as its material are activated or applied only after such a summon succeeds, so "
                  "they are not.", "ygo.material.after_success", cards=names)


def _negated_summon(game, link, card: Card, args: dict, s: Summoning) -> None:
    """The monster was never on the field: it goes to its owner's graveyard (or is banished) from nowhere."""
    materials, card.materials = card.materials, []   # an Xyz Summon's materials were used: to the graveyard
    game.remove(card)
    owner = game.board.player(card.owner)
    pile = "banished" if args["then"] == "banish" else "graveyard"
    getattr(owner, pile).append(card)
    keys = ["ygo.summon_negation.not_on_field"]
    if s.method == "special":
        keys.append("ygo.procedure.negated_to_graveyard")   # a conditional Special Summon negated (3.4.2.p5)
    if s.method == "special" and is_special_summon_monster(card):
        card.properly_summoned = False
        keys.append("ygo.summon_negation.revive_limit")
    how = {"destroy": "destroyed and sent", "banish": "banished", "none": "sent"}[args["then"]]
    where = "" if args["then"] == "banish" else " to the graveyard"
    game.step("summon.negated.card", f"{card.label()} is {how}{where} by {link.card.label()}; it was not on the field, "
              "so it did not leave the field" + (" (nor does a Pendulum Monster go to the Extra Deck)" if card.pendulum
                                                 else "") + ".", *keys, card=card.label())
    if materials:
        owner.graveyard.extend(materials)
        game.step("summon.negated.materials", f"The Xyz Materials used for it ({', '.join(m.label() for m in materials)}) "
                  "are sent to the graveyard.", "ygo.summon_negation.not_on_field", "ygo.xyz.materials_leave",
                  cards=", ".join(m.label() for m in materials))


def _negated_flip(game, link, card: Card, args: dict, what: str = "Flip Summon") -> None:
    """A Flip Summoned monster (or a Gemini monster summoned again) is face-up on the field: the negation destroys
    (or banishes) it there (4.6.2.p3)."""
    if game.where(card) not in MONSTER_ZONES or not card.face_up:
        game.step("summon.negated.card", f"{card.label()} is no longer face-up in a Monster Zone: the negation of its "
                  f"{what} does not apply.", "ygo.summon_negation.flip_on_field", card=card.label())
        return
    # its effects cannot be activated or applied during that chain (4.6.2.p3): no "when destroyed" trigger waits
    game.send(card, "banished" if args["then"] == "banish" else "graveyard")
    game.step("summon.negated.card", f"{card.label()} was face-up on the field while its {what} was made: it is "
              f"{'banished' if args['then'] == 'banish' else 'destroyed' if args['then'] == 'destroy' else 'sent'} "
              f"from the field by {link.card.label()} ({game.went(card) if args['then'] != 'banish' else 'banished'}).",
              "ygo.summon_negation.flip_on_field",
              *(["ygo.flip.negated_no_flip"] if card.effect and card.effect.when == "flipped" else []), card=card.label())


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("negate_summon", parse, check)(apply)
