"""Replacement effects: something else happens instead of what would happen (rulebook 4.1.5; costs 3.1.1).

* "Banished instead of sent to the graveyard" — a continuous effect `{banish_instead_of_graveyard: all | monsters}`
  (Macro Cosmos, Dimensional Fissure) while its card is face-up on the field: a card that would go to the graveyard
  is banished instead, whatever sends it (destruction, a cost, Tributes, materials, the rules). It never reaches the
  graveyard, so "sent to the graveyard" triggers do not meet their timing and a later step that needs the sending
  ("send …; then …") does not apply; a cost that sends cards to the graveyard cannot be paid at all, while
  Tributing and discarding can, and the cards are banished (3.1.1, "cost").
* "If … would be destroyed, you can … instead" — an effect field `replace_destruction:` (4.1.5), applied without a
  chain when the destruction happens (at once during an effect's resolution; for battle when the destruction is
  decided at damage calculation). See `replace`.
"""
from __future__ import annotations

from .kernel import BANISHER, NEGATED
from .model import MONSTER_ZONES, Card
from .continuous import parses, sources
from .protection import grants, is_unaffected, unaffected_by

PROTECTS = ("self", "your_monsters", "equipped")
INSTEAD_OPS = ("banish", "send_to_graveyard", "destroy")
INSTEAD_CARDS = ("self", "equip", "your_spells_traps", "your_monsters")
CAUSES = ("battle", "effect")


# ---- banished instead of sent to the graveyard


@parses("banish_instead_of_graveyard")
def parse_banish_instead(args) -> str:
    if args not in ("all", "monsters"):
        raise ValueError(f"is all (every card) or monsters, not {args!r}")
    return args


@BANISHER.answered_by
def banisher(game, card: Card) -> Card | None:
    """The face-up card whose continuous effect banishes `card` instead of sending it to the graveyard, if any."""
    if not game.has_continuous:
        return None
    for src, _player in sources(game):
        for name, args in src.effect.continuous:
            if name == "banish_instead_of_graveyard" and (args == "all" or card.card_type == "monster"):
                return src
    return None


def cost_refusal(game, card: Card):
    """A cost that sends cards to the graveyard cannot be paid while they would be banished instead (3.1.1)."""
    if not any(name == "send_to_graveyard" for name, _ in card.effect.cost):
        return None
    src = banisher(game, card)
    if src is None:
        return None
    return (f"while {src.label()} applies, cards cannot be sent to the graveyard, so {card.label()}'s cost (sending a "
            "card to the graveyard) cannot be paid", ("ygo.replace.gy_cost_refused",))


# ---- destruction replacement (4.1.5)


def parse(value) -> dict:
    """`replace_destruction: {protects, instead: {<op>: <card>}, by, mandatory}` -> the normalised mapping."""
    if not isinstance(value, dict):
        raise ValueError("takes {protects: self | your_monsters | equipped, instead: {banish | send_to_graveyard | "
                         "destroy: self | equip | your_spells_traps | your_monsters}}")
    for k in value:
        if k not in ("protects", "instead", "by", "mandatory"):
            raise ValueError(f"unknown key {k!r} (allowed: protects, instead, by, mandatory)")
    protects = value.get("protects", "self")
    if protects not in PROTECTS:
        raise ValueError(f"`protects` is one of {', '.join(PROTECTS)}, not {protects!r}")
    instead = value.get("instead")
    if not isinstance(instead, dict) or len(instead) != 1:
        raise ValueError("`instead` is one mapping, e.g. {banish: self}")
    (op, which), = instead.items()
    if op not in INSTEAD_OPS or which not in INSTEAD_CARDS:
        raise ValueError(f"`instead` is {{{' | '.join(INSTEAD_OPS)}: {' | '.join(INSTEAD_CARDS)}}}, not {instead!r}")
    by = value.get("by", list(CAUSES))
    by = [by] if isinstance(by, str) else by
    if not isinstance(by, list) or not by or any(b not in CAUSES for b in by):
        raise ValueError("`by` is battle, effect or both")
    if not isinstance(value.get("mandatory", False), bool):
        raise ValueError("`mandatory` is true or false")
    return {"protects": protects, "instead": {op: which}, "by": list(by), "mandatory": value.get("mandatory", False)}


def _op(spec: dict) -> tuple[str, str]:
    """(operation, which card) of what is done instead."""
    return next(iter(spec["instead"].items()))


def _replacers(game) -> list[tuple[Card, str]]:
    """(card, controller) of the replacement effects that can apply now: face-up on the field (a monster whose effects
    are not negated), or in the graveyard for an effect worded from there (`from: graveyard`)."""
    out = []
    for name in (game.board.turn, "B" if game.board.turn == "A" else "A"):
        p = game.board.player(name)
        field = p.monster_list() + p.st_list() + ([p.field_spell] if p.field_spell else [])
        for c in field:
            if c.effect and c.effect.replace and c.effect.source == "field" and c.face_up and not (
                    c.card_type == "monster" and NEGATED.answer(game, c)):
                out.append((c, name))
        out += [(c, name) for c in p.graveyard if c.effect and c.effect.replace and c.effect.source == "graveyard"]
    mandatory = [r for r in out if r[0].effect.replace["mandatory"]]
    return mandatory + [r for r in out if not r[0].effect.replace["mandatory"]]


def _protects(game, replacer: Card, player: str, spec: dict, card: Card) -> bool:
    if card.zone not in MONSTER_ZONES and spec["protects"] != "self":
        return False
    if spec["protects"] == "self":
        return card is replacer
    if spec["protects"] == "equipped":
        return replacer.equipped_to == card.id
    return game.controller(card) == player and card.zone in MONSTER_ZONES


def _candidates(game, replacer: Card, player: str, spec: dict, protected: list[Card]) -> list[Card]:
    which = _op(spec)[1]
    me = game.board.player(player)
    if which == "self":
        return [replacer]
    if which == "equip":
        ids = {c.id for c in protected}
        return [c for p in game.board.players.values() for c in p.st_list() if c.equipped_to in ids and c.face_up]
    if which == "your_spells_traps":
        return me.st_list() + ([me.field_spell] if me.field_spell else [])
    return [c for c in me.monster_list() if c not in protected]


def _refusal(game, replacer: Card, spec: dict, card: Card, doomed: list[Card]) -> str:
    """Why `card` cannot be the one moved instead ("" if it can): the action must be possible (4.1.5)."""
    if card in doomed and not spec["mandatory"]:
        return "it is itself being destroyed"
    if game.on_field(card) and unaffected_by(game, replacer, card):
        return "it is unaffected by that effect"
    if _op(spec)[0] == "destroy" and grants(game, card, "indestructible_by_effect")[0] is not None:
        return "it cannot be destroyed by card effects"
    if not game.on_field(card) and game.where(card) != "graveyard":
        return "it is no longer there"
    return ""


def replace(game, cards: list[Card], cause: str) -> list[Card]:
    """The cards about to be destroyed at once by `cause` (battle | effect); returns those still destroyed after the
    replacement effects: the mandatory ones all apply, and then no optional one; with only optional ones, at most one
    (4.1.5.p14); each saves every card it covers that is destroyed at that moment (4.1.5.p15)."""
    if not cards:
        return cards
    doomed = list(cards)
    applied = False
    for replacer, player in _replacers(game):
        spec = replacer.effect.replace
        if cause not in spec["by"]:
            continue
        protected = [c for c in doomed if _protects(game, replacer, player, spec, c)]
        if not protected:
            continue
        if not spec["mandatory"] and replacer.id in game.decline:
            continue
        if not spec["mandatory"] and applied:
            game.step("replace.one_only", f"A replacement effect already applied to this destruction: the optional "
                      f"one of {replacer.label()} does not apply as well.", "ygo.replace.one_optional",
                      card=replacer.label())
            continue
        options, why = [], {}
        for c in _candidates(game, replacer, player, spec, protected):
            reason = _refusal(game, replacer, spec, c, cards)
            (why.__setitem__(c.id, reason) if reason else options.append(c))
        if not options:
            refused = "; ".join(f"{cid}: {r}" for cid, r in why.items())
            game.step("replace.impossible", f"{replacer.label()} cannot replace the destruction of "
                      f"{', '.join(c.label() for c in protected)}: no card can be {_verb(spec)} instead"
                      f"{' (' + refused + ')' if refused else ''}.", "ygo.replace.must_be_possible",
                      *(["ygo.replace.not_doomed_card"] if any("being destroyed" in r for r in why.values()) else []),
                      card=replacer.label())
            continue
        wanted = game.choose.get(f"replace.{replacer.id}")
        pick = next((c for c in options if c.id == wanted), options[0])
        if wanted and wanted in why:
            game.step("replace.choice_refused", f"{wanted} cannot be {_verb(spec)} instead ({why[wanted]}): "
                      f"{pick.label()} is used.", "ygo.replace.must_be_possible",
                      *(["ygo.replace.not_doomed_card"] if "being destroyed" in why[wanted] else []),
                      card=replacer.label(), wanted=wanted, instead=pick.label())
        _act(game, replacer, spec, pick, protected, cause)
        doomed = [c for c in doomed if c not in protected]
        applied = True
    return doomed


def _verb(spec: dict) -> str:
    return {"banish": "banished", "send_to_graveyard": "sent to the graveyard", "destroy": "destroyed"}[_op(spec)[0]]


def _act(game, replacer: Card, spec: dict, pick: Card, protected: list[Card], cause: str) -> None:
    keys = ["ygo.replace.destruction"]   # then the particular case, then when and what it is
    if game.on_field(pick) and game.resolving and any(l.card is pick for l in game.chain):
        keys.append("ygo.replace.immediately")   # a resolving Spell/Trap is still on the field meanwhile
    if any(is_unaffected(c) and c is not replacer for c in protected):
        keys.append("ygo.replace.is_effect")   # the replacement affects the card moved, not the one protected
    if len(protected) > 1:
        keys.append("ygo.replace.covers_all")
    if spec["mandatory"]:
        keys.append("ygo.replace.mandatory_applies")
    keys.append("ygo.replace.battle_timing" if cause == "battle" else "ygo.replace.immediately")
    keys += ["ygo.replace.is_effect", "ygo.protect.not_activated"]
    names = ", ".join(c.label() for c in protected)
    does = {"banish": "banishes", "send_to_graveyard": "sends to the graveyard", "destroy": "destroys"}[_op(spec)[0]]
    game.step("replace.destruction", f"{names} would be destroyed by {cause}; instead the effect of "
              f"{replacer.label()} {does} {pick.label()}, so {names} {'is' if len(protected) == 1 else 'are'} not "
              "destroyed.", *dict.fromkeys(keys), card=replacer.label(), instead=pick.label(), protected=names)
    if _op(spec)[0] == "destroy":
        game.destroy(pick, "effect")
    else:
        game.send(pick, "banished" if _op(spec)[0] == "banish" else "graveyard")
