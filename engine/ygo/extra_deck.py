"""Summons from the Extra Deck: Fusion (through an activated effect), Synchro, Xyz and Link (the player's
own conditional Special Summons), their materials, the zones they may go to, Xyz Materials, and the
summon conditions and revive limits of Special Summon Monsters (rulebook 3.3)."""
from __future__ import annotations

from itertools import product

from . import stats, zones
from .game import Link, is_special_summon_monster, main_phase_refusal
from .model import EXTRA_ZONES, MONSTER_ZONES, Card
from .name_locks import appear_refusal, material_refusal as locked_material
from .summon_negation import begin, material_triggers
from .traits import matches
from .vows import material_lock, refusal as vow_refusal
from .steps import operation

Refusal = tuple[str, tuple[str, ...]] | None
METHOD_KIND = {"fusion": "fusion", "synchro": "synchro", "xyz": "xyz", "link": "link"}
DEFAULT_XYZ_MATERIALS = 2
DEFAULT_FUSION_MATERIALS = 2


def default_summoned_by(card: Card) -> tuple:
    """How a monster given on the board came to the field, unless `summoned_by:` says: **default** Set if face-down,
    Special Summoned if it is a Special Summon Monster, else Normal Summoned."""
    return ("set" if card.position == "set" else "special" if is_special_summon_monster(card) else "normal",)


def link_rating(card: Card) -> int:
    return card.link_rating


# ---------- materials

def _on_own_field_face_up(game, player: str, m: Card) -> bool:
    found = game.board.find(m.id)
    return bool(found) and found[0].name == player and found[1] in MONSTER_ZONES and m.position in ("attack", "defense")


def _has_level(m: Card) -> bool:
    return m.kind not in ("xyz", "link") and m.level > 0


def _link_sum_fits(materials: list[Card], rating: int) -> bool:
    """A Link Monster used as material counts as 1 or as its LINK rating (2.1.3.p13)."""
    options = [(1, m.link_rating) if m.kind == "link" and m.link_rating > 1 else (1,) for m in materials]
    return any(sum(choice) == rating for choice in product(*options))


def _filter_words(traits: dict) -> str:
    return "; ".join(f"{key.replace('_', ' ')}: {' or '.join(values)}" for key, values in traits.items())


def material_refusal(game, method: str, player: str, card: Card, materials: list[Card]) -> Refusal:
    """Why `materials` cannot summon `card` by `method`, or None."""
    names = ", ".join(m.label() for m in materials) or "no materials"
    if method == "fusion":
        for m in materials:
            found = game.board.find(m.id)
            if not found or found[0].name != player or found[1] not in ("hand",) + MONSTER_ZONES \
                    or m.card_type != "monster":
                return (f"{m.label()} is not a monster in {player}'s hand or on {player}'s field",
                        ("ygo.summon.fusion_materials",))
        need = card.material_req if card.material_req is not None else DEFAULT_FUSION_MATERIALS
        if isinstance(need, list):
            left = [m.name or m.id for m in materials]
            for name in need:
                if name not in left:
                    return (f"{card.label()} needs {' + '.join(need)} as Fusion Materials; {names} do not match",
                            ("ygo.summon.fusion_materials",))
                left.remove(name)
            if left:
                return (f"{card.label()} needs exactly {' + '.join(need)}; {', '.join(left)} is one too many",
                        ("ygo.summon.fusion_materials",))
        elif len(materials) != need:
            return (f"{card.label()} needs {need} Fusion Materials, {len(materials)} named",
                    ("ygo.summon.fusion_materials",))
        return None
    for m in materials:
        if not _on_own_field_face_up(game, player, m):
            return (f"{m.label()} is not a face-up monster {player} controls; {method.capitalize()} Materials come "
                    "from the field", (f"ygo.summon.{method}",))
        if card.material_filter and not matches(m, card.material_filter):
            how = " and ".join(m.summoned_by) or "not summoned"
            return (f"{m.label()} is not a material {card.label()} takes ({_filter_words(card.material_filter)}; it "
                    f"came to the field: {how})", (f"ygo.summon.{method}", "ygo.summon.ways_add_up"))
    if method == "synchro":
        tuners = [m for m in materials if m.tuner]
        for m in materials:
            if not _has_level(m):
                why = "a Link Monster has no Level" if m.kind == "link" else "an Xyz Monster has a Rank, not a Level"
                return f"{m.label()} cannot be a Synchro Material: {why}", ("ygo.link.no_level",)
        if len(tuners) != 1 or len(materials) < 2:
            return (f"a Synchro Summon needs exactly 1 Tuner and 1 or more non-Tuner monsters; {names} has "
                    f"{len(tuners)} Tuner(s)", ("ygo.summon.synchro_tuner", "ygo.summon.synchro"))
        total = sum(stats.value(game, m, "level") for m in materials)   # Levels as effects changed them (4.5.3)
        if total != card.level:
            return (f"the materials' Levels add up to {total}, not the Level {card.level} of {card.label()}",
                    ("ygo.summon.synchro", *(("ygo.stats.level_like_atk",) if any(m.mods for m in materials) else ())))
        return None
    if method == "xyz":
        need = card.material_req if card.material_req is not None else DEFAULT_XYZ_MATERIALS
        for m in materials:
            if m.kind == "token":
                return f"{m.label()} is a token; a token cannot be an Xyz Material", ("ygo.tokens.no_xyz_material",)
            if not _has_level(m):
                why = "a Link Monster has no Level" if m.kind == "link" else "an Xyz Monster has a Rank, not a Level"
                return f"{m.label()} cannot be an Xyz Material: {why}", ("ygo.link.no_level",)
            level = stats.value(game, m, "level")
            if level != card.rank:
                return (f"{m.label()} is Level {level}; the Rank {card.rank} {card.label()} needs Level {card.rank} "
                        "monsters", ("ygo.summon.xyz",))
        if len(materials) != need:
            return (f"{card.label()} needs {need} Level {card.rank} monsters, {len(materials)} named",
                    ("ygo.summon.xyz",))
        return None
    # link
    rating = card.link_rating
    minimum = card.material_req if card.material_req is not None else min(2, rating)
    if len(materials) > rating:
        return (f"{len(materials)} materials exceed the LINK-{rating} of {card.label()}", ("ygo.summon.link_max",))
    if len(materials) < minimum:
        return (f"{card.label()} needs at least {minimum} Link Materials ({len(materials)} named)",
                ("ygo.summon.link_condition",))
    if not _link_sum_fits(materials, rating):
        return (f"{names} cannot make LINK-{rating}: each material counts 1, a Link Monster 1 or its LINK rating",
                ("ygo.summon.link",))
    return None


# ---------- the summon itself

def summon_refusal(game, method: str, player: str, card: Card, materials: list[Card], zone: str | None) -> Refusal:
    """Everything but the timing: the monster, its materials and a zone for it."""
    found = game.board.find(card.id)
    if not found or found[0].name != player or found[1] != "extra_deck":
        return f"{card.label()} is not in {player}'s Extra Deck", ("ygo.summon.extra_deck_procedure",)
    if card.kind != METHOD_KIND[method]:
        what = f"a {card.kind.capitalize()} Monster" if card.kind else "not an Extra Deck monster"
        return (f"{card.label()} is {what}; only a {method.capitalize()} Monster is {method.capitalize()} Summoned",
                ("ygo.summon.extra_deck_procedure",))
    if card.face_up_in_extra_deck:   # the table of 3.3.2: no Fusion/Synchro/Xyz Summon from the face-up Extra Deck
        return (f"{card.label()} is face-up in the Extra Deck: from there it can only be Pendulum Summoned",
                ("ygo.summon.face_up_extra_deck_no_procedure", "ygo.pendulum.face_up_extra_deck"))
    if len({m.id for m in materials}) != len(materials):
        return "a material is named twice", (f"ygo.summon.{method}",)
    refusal = (material_refusal(game, method, player, card, materials) or appear_refusal(game, card)
               or locked_material(game, materials))
    if refusal:
        return refusal
    on_field = tuple(m for m in materials if game.on_field(m))
    free, rule = zones.free_zones(game.board, player, "extra_deck", card, without=on_field)
    if not free:
        lost = ("ygo.zones.link_material_loses_zone",) if any(m.kind == "link" for m in on_field) else ()
        return (f"{player} has no zone for {card.label()}: " + _zone_rule_text(card)
                + (" (a Link Monster used as material takes its linked zones with it)" if lost else ""),
                (rule, "ygo.zones.emz_one_per_player", *lost))
    if zone is not None and zone not in free:
        second = zone in EXTRA_ZONES and any(z in EXTRA_ZONES and m not in on_field
                                             for z, m in game.board.player(player).monsters.items())
        return f"{zone} is not available for {card.label()} ({_zone_rule_text(card)})", \
            (("ygo.zones.second_emz_extra_link", rule) if second else (rule,))   # a second one: only an Extra Link
    return None


def _zone_rule_text(card: Card) -> str:
    if card.kind == "link" or card.face_up_in_extra_deck:
        return ("a Link Monster or a Pendulum Monster from the face-up Extra Deck goes to a free Extra Monster Zone "
                "(one per player, a second only for an Extra Link) or a Main Monster Zone a Link Arrow points to")
    return ("a Fusion, Synchro or Xyz Monster goes to a free Main Monster Zone or a free Extra Monster Zone "
            "(one per player)")


def choose_zone(game, player: str, card: Card, materials: list[Card], zone: str | None) -> str:
    """`zone` if given; **default** — a Main Monster Zone for Fusion/Synchro/Xyz (the first free one, a
    material's own zone counting as free), for a Link Monster the first free Extra Monster Zone, else the
    first linked Main Monster Zone."""
    if zone:
        return zone
    on_field = tuple(m for m in materials if game.on_field(m))
    free, _ = zones.free_zones(game.board, player, "extra_deck", card, without=on_field)
    mains = [z for z in free if z.startswith("M")]
    if card.kind != "link" and mains:
        return mains[0]
    return free[0]


def place_materials(game, method: str, player: str, card: Card, materials: list[Card]) -> None:
    """Materials leave for the graveyard (a token vanishes, a Pendulum Monster from the field goes face-up
    to the Extra Deck), or, for an Xyz Summon, go under the new monster as Xyz Materials."""
    for m in materials:
        if method == "xyz":
            game.remove(m)
            card.materials.append(m)
            game.step("xyz.material", f"{m.label()} becomes an Xyz Material under {card.label()}; it is no longer "
                      "a card on the field, and it did not leave the field.", "ygo.summon.xyz",
                      "ygo.xyz.materials_not_on_field", card=m.label(), xyz=card.label())
            continue
        where = game.where(m)
        if m.kind == "token":
            game.remove(m)
            game.step("summon.material", f"The token {m.label()} is used as a {method.capitalize()} Material and "
                      "vanishes.", f"ygo.summon.{'link_materials' if method == 'link' else method + '_materials'}",
                      "ygo.tokens.vanish", *(("ygo.link.token_pendulum_material",) if method == "link" else ()), card=m.label(), token=True, method=method)
            continue
        if method == "fusion" and m.position == "set":
            game.step("summon.material.face_down", f"{m.label()} is face-down on the field; a face-down card may be a "
                      "Fusion Material.", "ygo.summon.fusion_face_down", card=m.label())
        pendulum_to_extra = m.pendulum and where in MONSTER_ZONES
        with game.during("summon"):   # a "when" trigger met by a material misses its timing (4.10.7.p14)
            game.send(m, "graveyard")
        if pendulum_to_extra:
            if method == "link":
                game.step("summon.material", f"{m.label()} was a Link Material: as a Pendulum Monster it went to the "
                          "Extra Deck.", "ygo.summon.link_materials", "ygo.link.token_pendulum_material", card=m.label(), pendulum=True)
            continue   # game.send recorded the Pendulum Monster going face-up to the Extra Deck
        game.step("summon.material", f"{m.label()} is sent from {_place_text(where)} to the graveyard as a "
                  f"{method.capitalize()} Material.",
                  f"ygo.summon.{'link_materials' if method == 'link' else method + '_materials'}", card=m.label(), method=method)


def _place_text(place: str) -> str:
    return {"hand": "the hand"}.get(place, place)


def perform(game, method: str, player: str, card: Card, materials: list[Card], zone: str | None,
            position: str = "attack") -> None:
    zone = choose_zone(game, player, card, materials, zone)
    reused = next((m for m in materials if m.zone == zone), None)   # a material's own zone, freed by the summon
    place_materials(game, method, player, card, materials)
    game.place_monster(card, player, zone, "attack" if card.kind == "link" else position)
    card.properly_summoned = True
    pos = "Attack" if card.position == "attack" else "Defense"
    text = {"fusion": "Fusion Summons", "synchro": "Synchro Summons", "xyz": "Xyz Summons",
            "link": "Link Summons"}[method]
    keys = [f"ygo.summon.{method}", "ygo.summon.extra_deck_procedure"]
    keys.append("ygo.zones.extra_link_zone" if card.kind == "link" else "ygo.zones.extra_deck_main_zone")
    keys.append("ygo.summon.proper")
    if card.kind != "link" and zone.startswith("M"):
        keys.append("ygo.zones.fsx_first_to_main")
    if reused is not None:
        keys.append("ygo.zones.materials_free_zone")
    if zone.startswith("EMZ"):
        keys += ["ygo.zones.emz_extra_deck_only", "ygo.zones.emz_definition"]
    if card.kind == "link":
        keys.append("ygo.link.always_attack")
    keys.append("ygo.position.face_up_attack" if card.position == "attack" else "ygo.position.face_up_defense")
    if method != "fusion":
        keys.append("ygo.summon.conditional")
    game.step(f"summon.{method}", f"{player} {text} {card.label()} from the Extra Deck to {zone} in face-up {pos} "
              f"Position ({card.atk} ATK).", *keys, player=player, card=card.label(), zone=zone,
              position=card.position, atk=card.atk)
    if card.atk_per_material:
        stats.from_materials(game, card, len(materials))
    if zone.startswith("EMZ") and sum(1 for z in player_emz(game, player)) == 2:
        game.step("zones.extra_link", f"{player} now uses both Extra Monster Zones: {card.label()} completes an Extra "
                  "Link.", "ygo.zones.extra_link", "ygo.link.co_linked", "ygo.zones.extra_link_state", player=player, card=card.label())


def player_emz(game, player: str) -> list[str]:
    return [z for z in game.board.player(player).monsters if z.startswith("EMZ")]


# ---------- player actions: Synchro, Xyz and Link Summons (conditional Special Summons, 3.4.2)

def can_extra_summon(game, method: str, card: Card, materials: list[Card], zone: str | None = None,
                     position: str = "attack") -> Refusal:

    player = card.owner
    refusal = main_phase_refusal(game, player)
    if refusal:
        return refusal[0], refusal[1] + ("ygo.summon.conditional_main_phase",)
    if card.kind == "link" and position != "attack":
        return "a Link Monster cannot be in Defense Position", ("ygo.link.no_defense",)
    locked = vow_refusal(game, player, "special_summon", card) or material_lock(game, player, method, materials)
    if locked:
        return locked
    return summon_refusal(game, method, player, card, materials, zone)


def extra_summon(game, method: str, card: Card, materials: list[Card], zone: str | None = None,
                 position: str = "attack") -> None:

    player = card.owner
    perform(game, method, player, card, materials, zone, position)
    begin(game, [card], player, "special", f"{method.capitalize()} Summon",
          materials=[m for m in materials if method != "xyz"])


def _action(method: str):
    def can(game, card, materials, zone=None, position="attack"):
        return can_extra_summon(game, method, card, materials, zone, position)

    def do(game, card, materials, zone=None, position="attack"):
        extra_summon(game, method, card, materials, zone, position)
    return can, do


ACTIONS = {f"{m}_summon": _action(m) for m in ("synchro", "xyz", "link")}


# ---------- Fusion Summon: an effect operation (the Fusion Spell resolves, 3.3.2.p21)

def fusion_choice(game, link) -> dict | None:
    """The player's choice for a Fusion Summon by `link`: `choose: {fusion.<spell id>: {monster, materials,
    zone}}` (or `fusion`). **Default** — the first Fusion Monster in the Extra Deck whose materials can be
    found, taking them from the hand first, then the field, in order."""
    chosen = game.choose.get(f"fusion.{link.card.id}") or game.choose.get("fusion")
    if chosen:
        return chosen
    me = game.board.player(link.player)
    pool = [c for c in me.hand if c.card_type == "monster"] + me.monster_list()
    for card in me.extra_deck:
        if card.kind != "fusion" or card.face_up_in_extra_deck:
            continue
        need = card.material_req if card.material_req is not None else DEFAULT_FUSION_MATERIALS
        picked: list[Card] = []
        if isinstance(need, list):
            for name in need:
                m = next((c for c in pool if (c.name or c.id) == name and c not in picked), None)
                if m is None:
                    break
                picked.append(m)
            else:
                return {"monster": card.id, "materials": [m.id for m in picked]}
        elif len(pool) >= need:
            return {"monster": card.id, "materials": [m.id for m in pool[:need]]}
    return None


def _fusion_args(choice: dict, game) -> tuple[Card | None, list[Card], str | None]:
    def card(i):
        found = game.board.find(i)
        return found[2] if found else None
    mats = [card(i) for i in choice.get("materials", [])]
    return card(choice.get("monster")), [m for m in mats if m is not None], choice.get("zone")


def check_fusion(game, card: Card, player: str, _targets) -> Refusal:
    """A Fusion Spell is activated only when the Fusion Summon can be made."""
    choice = fusion_choice(game, Link(0, card, player, 1, [], None))
    if choice is None:
        return f"{player} has no Fusion Monster whose materials are in the hand or on the field", ("ygo.summon.fusion",)
    monster, mats, zone = _fusion_args(choice, game)
    if monster is None:
        return f"the chosen Fusion Monster {choice.get('monster')!r} is not in the game", ("ygo.summon.fusion",)
    return summon_refusal(game, "fusion", player, monster, mats, zone)


def apply_fusion(game, link, _args) -> None:
    choice = fusion_choice(game, link)
    monster, mats, zone = _fusion_args(choice, game) if choice else (None, [], None)
    refusal = (summon_refusal(game, "fusion", link.player, monster, mats, zone)
               or vow_refusal(game, link.player, "special_summon", monster)) if monster else \
        ("no Fusion Monster can be summoned", ("ygo.summon.fusion",))
    if refusal:
        game.step("summon.fusion.fails", f"The Fusion Summon by {link.card.label()} cannot be made: {refusal[0]}.",
                  *refusal[1], source=link.card.label(), reason=refusal[0])
        return
    perform(game, "fusion", link.player, monster, mats, zone)
    game.summoned(monster, link.player, by_effect=True)
    material_triggers(game, monster, mats, link.player)


def parse_fusion(args) -> dict:
    if args not in (None, {}, True):
        raise ValueError("takes no arguments (write {}); the monster and materials are chosen with "
                         "`choose: {fusion.<card id>: {monster, materials, zone}}`")
    return {}


# ---------- Synchro, Xyz and Link Summons made by an effect ("Link Summon 1 Link Monster", 3.4.3.p5-p7)

EFFECT_METHODS = ("synchro", "xyz", "link")


def _effect_summon_args(game, link) -> tuple[Card | None, list[Card], str | None]:
    """`choose: {summon.<card id>: {monster, materials, zone}}`: the monster and materials the player uses."""
    choice = game.choose.get(f"summon.{link.card.id}") or {}
    return _fusion_args(choice, game) if choice else (None, [], None)


def check_effect_summon(game, card: Card, player: str, _targets) -> Refusal:
    """Activated only when the summon can be made with the chosen monster and materials."""
    args = next(a for name, a in card.effect.ops if name == "extra_summon")
    monster, mats, zone = _effect_summon_args(game, Link(0, card, player, 1, [], None))
    if monster is None:
        return (f"{card.label()} names no monster to {args['method'].capitalize()} Summon (choose: summon.{card.id})",
                ("ygo.summon.effect_procedure",))
    return summon_refusal(game, args["method"], player, monster, mats, zone)


def apply_effect_summon(game, link, args) -> None:
    """The effect lets its player make the conditional Special Summon once it has resolved (3.4.3.p5). As chain
    link 1 nothing else is left to resolve: the summon is "being made", and a summon negation may answer it
    (3.4.3.p7); as a later link the other links still resolve, and it succeeds at once."""
    method = args["method"]
    monster, mats, zone = _effect_summon_args(game, link)
    refusal = (summon_refusal(game, method, link.player, monster, mats, zone)
               or vow_refusal(game, link.player, "special_summon", monster)) if monster else \
        ("no monster was chosen", ("ygo.summon.effect_procedure",))
    if refusal:
        game.step("summon.effect_procedure.fails", f"The {method.capitalize()} Summon by {link.card.label()} cannot be "
                  f"made: {refusal[0]}.", *refusal[1], source=link.card.label(), reason=refusal[0])
        return
    perform(game, method, link.player, monster, mats, zone)
    materials = [m for m in mats if method != "xyz"]
    if link.n == 1:
        game.step("summon.effect_procedure", f"{link.card.label()} was chain link 1: once it has resolved, nothing "
                  f"else is left to resolve, so {monster.label()} is being {method.capitalize()} Summoned and a summon "
                  "negation may answer it.", "ygo.summon.effect_procedure", "ygo.summon_negation.effect_procedure_link_1",
                  source=link.card.label(), card=monster.label())
        begin(game, [monster], link.player, "special", f"{method.capitalize()} Summon", materials=materials)
        return
    game.step("summon.effect_procedure", f"{link.card.label()} was chain link {link.n}: other chain links are still to "
              f"resolve, so the {method.capitalize()} Summon of {monster.label()} cannot be negated and succeeds.",
              "ygo.summon.effect_procedure", "ygo.summon_negation.effect_procedure_link_1",
              source=link.card.label(), card=monster.label())
    game.summoned(monster, link.player, by_effect=True)
    if materials:
        material_triggers(game, monster, materials, link.player)


def parse_effect_summon(args) -> dict:
    if not isinstance(args, dict) or set(args) != {"method"} or args["method"] not in EFFECT_METHODS:
        raise ValueError(f"takes {{method: {' | '.join(EFFECT_METHODS)}}}; the monster and materials are chosen with "
                         "`choose: {summon.<card id>: {monster, materials, zone}}`")
    return {"method": args["method"]}


# ---------- revive limits (3.3.3, 3.3.4)

def named_summoner(card: Card, by: Card | None) -> str:
    """The rule key when `by`'s effect is the one `card`'s summon condition names, so the summon is its proper one:
    "only by the effect of <name>" (3.3.2.p7), "only by this card's effect" (3.3.2.p22), "only by a card effect"
    (3.3.2.p23); "" otherwise."""
    if not card.summon_only_by or by is None:
        return ""
    if card.summon_only_by == "card_effect":
        return "ygo.summon.only_by_card_effect"
    if by is card and card.summon_only_by == (card.name or card.id):
        return "ygo.summon.only_by_own_effect"
    return "ygo.summon.only_by_named" if by.name and by.name == card.summon_only_by else ""


def revive_refusal(card: Card, place: str, ignoring: bool = False, by: Card | None = None
                   ) -> tuple[str, tuple[str, ...]] | None:
    """Why an effect (of `by`) cannot Special Summon `card` from `place`, or None. `ignoring`: the effect ignores
    the summon conditions (3.3.5.p1) - they no longer bind it, but the revive limit still does (3.3.5.p2)."""
    if not is_special_summon_monster(card):
        return None
    if card.summon_only_by and not ignoring:
        if named_summoner(card, by):
            return None   # its proper summon, from wherever the effect takes it (3.3.2.p23)
        who = "a card effect" if card.summon_only_by == "card_effect" else f"the effect of {card.summon_only_by}"
        return (f"{card.label()} can only be Special Summoned by {who}, not by the effect of "
                f"{by.label() if by is not None else 'another card'}", ("ygo.summon.nomi",))
    if ignoring:
        if place in ("graveyard", "banished", "spells_traps") or place == "extra_deck" and card.face_up_in_extra_deck:
            if not card.properly_summoned:
                return (f"{card.label()} was never properly summoned: an effect that ignores its summon conditions "
                        "still cannot lift its revive limit", ("ygo.summon.ignore_not_revive_limit",
                                                               "ygo.summon.revive_limit"))
        return None
    if card.own_procedure_only:
        return (f"{card.label()} can only be Special Summoned by its own procedure; an effect cannot summon it",
                ("ygo.summon.nomi",))
    if place in ("hand", "deck"):
        return (f"{card.label()} is a Special Summon Monster: from the {place} it must be properly summoned (its own "
                "procedure), not by another effect", ("ygo.summon.nomi",))
    if place == "extra_deck" and not card.face_up_in_extra_deck:
        return None   # an effect that Special Summons from the Extra Deck may (3.3.3.p5); it is no proper summon
    if not card.properly_summoned:
        keys = ("ygo.summon.revive_limit", "ygo.summon.revive_limit_banished") if place == "banished" \
            else ("ygo.summon.revive_limit",)
        where = "Spell & Trap Zone (as an equip card)" if place == "spells_traps" else place.replace('_', ' ')
        return (f"{card.label()} was never properly summoned, so it cannot be Special Summoned from the "
                f"{where} by an effect", keys)
    return None


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("fusion_summon", parse_fusion, check_fusion)(apply_fusion)
operation("extra_summon", parse_effect_summon, check_effect_summon)(apply_effect_summon)
