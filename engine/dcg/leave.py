"""Immediate-type effects (15-8-5) that answer "this Digimon would be deleted / would leave the battle area": the
cards' own `would_be_deleted` effects, and the keywords.

Two stop the deletion — Fragment (16-36) and Scapegoat (16-31), tried after Evade, Armor Purge, Barrier and
before Decoy (EFFECTS.md, documented order) — and three act on a Digimon that leaves anyway, just before it
goes: Material Save (16-20), Decode (16-35), Partition (16-28).
"""
from __future__ import annotations

from dataclasses import replace

from .continuous import condition_holds
from .effects import TIMING_KEYS
from .keywords import parse_spec
from .model import Card, Digimon


def _spec_matches(spec, card: Card) -> bool:
    color, level = spec
    return (card.kind == "digimon" and not card.face_down and card.level == level
            and (color is None or color in card.colors))


def fragment(game, p: str, d: Digimon) -> bool:
    """16-36: trash N chosen digivolution cards (default: the top N) so that the Digimon is not deleted."""
    for kw in (k for k in d.keywords() if k.kid == "fragment"):
        if not game.uses("fragment", d.id):
            return False
        if len(d.sources) < kw.n:
            game.step("keyword.fragment", f"Fragment {kw.n}: {d.label} has only {len(d.sources)} digivolution "
                      f"card{'s' * (len(d.sources) != 1)}, so it cannot trash {kw.n} and the condition cannot be "
                      f"met.", "dcg.keyword.fragment_condition", "dcg.impossible", card=d.label, sources=len(d.sources))
            continue
        gone, rest = d.sources[:kw.n], d.sources[kw.n:]
        game.put(p, replace(d, sources=rest))
        game.trash_cards(p, gone)
        game.overflow(p, gone)
        many = d.count("fragment") > 1
        game.step("keyword.fragment", f"Fragment {kw.n}: just before the deletion, {p} trashes "
                  f"{', '.join(c.label for c in gone)} from {d.label}'s digivolution cards, so it is not deleted.",
                  "dcg.keyword.fragment", "dcg.keyword.fragment_immediate", "dcg.keyword.fragment_condition",
                  "dcg.immediate.before", "dcg.immediate.effect", *(["dcg.keyword.fragment_multiple"] if many else []), player=p, cards=", ".join(c.label for c in gone), card=d.label)
        return True
    return False


def scapegoat(game, p: str, d: Digimon, cause: str, by: str | None) -> bool:
    """16-31: when deleted other than by its owner's effect, delete another own Digimon instead."""

    if not d.has("scapegoat") or not game.uses("scapegoat", d.id):
        return False
    if cause == "effect" and by == p:
        game.step("keyword.scapegoat", f"Scapegoat: {d.label} is deleted by its owner's own effect, which "
                  f"Scapegoat does not answer.", "dcg.keyword.scapegoat", card=d.label)
        return False
    others = [x for x in game.ps(p).battle_area if x.id != d.id and x.is_digimon]
    goat = game.pick("scapegoat", others)
    if goat is None:
        game.step("keyword.scapegoat", f"Scapegoat: {p} has no other Digimon to delete, so {d.label} is deleted.",
                  "dcg.keyword.scapegoat_condition", "dcg.impossible", player=p, card=d.label, others=0)
        return False
    game.step("keyword.scapegoat", f"Scapegoat: just before the deletion, {p} deletes {goat.label} so that "
              f"{d.label} is not deleted.", "dcg.keyword.scapegoat", "dcg.keyword.scapegoat_immediate",
              "dcg.keyword.scapegoat_condition", "dcg.immediate.before", "dcg.immediate.effect",
              *(["dcg.keyword.scapegoat_multiple"] if d.count("scapegoat") > 1 else []), player=p, goat=goat.label, card=d.label)
    if game.destroy([goat.id], cause="effect", by=p):
        return True
    game.step("keyword.scapegoat_failed", f"Scapegoat: {goat.label} was not deleted, so the condition was not "
              f"carried out and {d.label} is deleted after all.", "dcg.keyword.scapegoat_condition", goat=goat.label, card=d.label)
    return False


def before_leaving(game, p: str, d: Digimon, cause: str, by: str | None) -> Digimon:
    """Material Save (deletions only), Decode (not in battle), Partition (not by own effects, not in battle),
    just before `d` leaves; returns `d` without the digivolution cards they took out."""
    if cause != "return":
        d = _material_save(game, p, d)
    if cause != "battle":
        d = _decode(game, p, d)
        if not (by == p and cause in ("effect", "return")):
            d = _partition(game, p, d)
        elif d.has("partition"):
            game.step("keyword.partition", f"Partition: {d.label} leaves by its owner's own effect, which "
                      f"Partition does not answer.", "dcg.keyword.partition", card=d.label, own=True)
    return d


def _material_save(game, p: str, d: Digimon) -> Digimon:
    for kw in (k for k in d.keywords() if k.kid == "material_save"):
        if not game.uses("material_save", d.id):
            break
        xros = d.card.digixros
        named = [c for c in d.sources if xros and any(r.matches(c) for r in xros.cards)]
        tamers = [x for x in game.ps(p).battle_area if x.card.kind == "tamer"]
        tamer = game.pick("material_save", tamers)
        if tamer is None or not named:
            hidden = [c for c in d.sources if c.face_down and xros
                      and any(r.matches(replace(c, face_down=False)) for r in xros.cards)]
            why = "has no Tamer" if tamer is None else (f"{d.label} has no digivolution card its DigiXros "
                                                        f"requirement names")
            if hidden and tamer is not None:
                why += f" ({', '.join(c.id for c in hidden)} is face down: it has no name to match)"
            game.step("keyword.material_save", f"Material Save {kw.n}: {p} {why}, so nothing is placed.",
                      "dcg.keyword.material_save", "dcg.impossible", *(["dcg.stack.face_down"] if hidden else []), player=p, reason=why)
            continue
        moved = named[:kw.n]
        rest = list(d.sources)
        for c in moved:
            rest.remove(c)
        d = replace(d, sources=tuple(rest))
        game.put(p, d)
        game.put(p, replace(tamer, sources=tamer.sources + tuple(moved)))
        names = [c.name or c.id for c in moved]
        keys = ["dcg.keyword.material_save", "dcg.keyword.material_save_immediate", "dcg.immediate.effect",
                "dcg.keyword.material_save_optional", "dcg.keyword.material_save_one_by_one"]
        if len(names) != len(set(n.casefold() for n in names)):
            keys.append("dcg.keyword.material_save_same_card")
        if tamer.sources:
            keys += ["dcg.keyword.material_save_bottom", "dcg.tamer.under_bottom"]
        if d.count("material_save") > 1:
            keys.append("dcg.keyword.material_save_multiple")
        game.step("keyword.material_save", f"Material Save {kw.n}: just before {d.label} is deleted, {p} places "
                  f"{', '.join(c.label for c in moved)} (named by its DigiXros requirement) under {tamer.label}"
                  + (", below the cards already there." if tamer.sources else "."), *keys, player=p, card=d.label, cards=", ".join(c.label for c in moved), tamer=tamer.label)
    return d


def _play_out(game, p: str, d: Digimon, cards: list[Card], text: str, *keys: str) -> Digimon:

    rest = [c for c in d.sources if c not in cards]
    d = replace(d, sources=tuple(rest))
    game.put(p, d)
    for c in cards:
        game.play_card(p, c, text.format(card=c.label), *keys, "dcg.play.no_attack_this_turn")
    return d


def _decode(game, p: str, d: Digimon) -> Digimon:
    for kw in (k for k in d.keywords() if k.kid == "decode"):
        spec = parse_spec(kw.param.replace(" ", "").casefold())[0]
        match = [c for c in d.sources if _spec_matches(spec, c)]
        if not match or not game.uses("decode", d.id):
            continue
        chosen = game.pick("decode", match)
        many = ["dcg.keyword.decode_multiple"] if d.count("decode") > 1 else []
        d = _play_out(game, p, d, [chosen], f"Decode ({kw.param}): just before {d.label} leaves the battle area "
                      f"(not by battle), {p} plays {{card}} from its digivolution cards without paying the cost.",
                      "dcg.keyword.decode", "dcg.keyword.decode_immediate", "dcg.immediate.effect", "dcg.keyword.decode_optional", *many)
    return d


def _partition(game, p: str, d: Digimon) -> Digimon:
    for kw in (k for k in d.keywords() if k.kid == "partition"):
        specs = parse_spec(kw.param.replace(" ", "").casefold())
        picked: list[Card] = []
        for spec in specs:
            c = next((c for c in d.sources if c not in picked and _spec_matches(spec, c)), None)
            if c is not None:
                picked.append(c)
        if len(picked) < len(specs):
            game.step("keyword.partition", f"Partition ({kw.param}): {d.label} does not have one of each named "
                      f"card among its digivolution cards, so Partition does not trigger.",
                      "dcg.keyword.partition", "dcg.keyword.partition_named", card=d.label)
            continue
        if not game.uses("partition", d.id):
            continue
        d = _play_out(game, p, d, picked, f"Partition ({kw.param}): just before {d.label} leaves the battle "
                      f"area (not by its owner's effect nor by battle), {p} plays {{card}} from its digivolution "
                      f"cards without paying the cost (one of each named card).", "dcg.keyword.partition",
                      "dcg.keyword.partition_immediate", "dcg.keyword.partition_optional", "dcg.immediate.effect",
                      "dcg.keyword.partition_named", "dcg.keyword.partition_each",
                      *(["dcg.keyword.partition_multiple"] if d.count("partition") > 1 else []))
    return d


def would_be_deleted(game, p: str, d: Digimon) -> bool:
    """The Digimon's own and inherited "when this Digimon would be deleted" effects (15-8-5-1), just before the
    deletion (15-8-5-2), each once for this deletion (15-8-5-4), in the order its owner chooses (`choose:
    {would_be_deleted: card id}` first, else as listed). True when one stopped the deletion (`prevent`) or the
    Digimon left the battle area meanwhile (then it is not deleted)."""

    effects = [(c.id, e) for c in d.cards() for e in c.effects
               if e.timing == "would_be_deleted" and e.inherited != (c is d.card)]
    if not effects:
        return False
    if d.id in game.deleting:   # a deletion of it is already being interrupted: its effects were used (15-8-5-4)
        game.step("effect.immediate_used", f"{d.label}'s effects that act when it would be deleted are already in "
                  f"use for a deletion not yet resolved: they cannot activate again.", "dcg.immediate.once_per_factor",
                  card=d.label)
        return False
    first = game.choices.get("would_be_deleted")
    effects.sort(key=lambda ce: ce[0] != first)
    if len(effects) > 1:
        game.step("effects.immediate_order", f"{d.label} has {len(effects)} effects that act when it would be deleted: "
                  f"they trigger together and {p} processes them one at a time ({', '.join(c for c, _ in effects)}).",
                  "dcg.immediate.simultaneous", "dcg.effects.one_at_a_time", card=d.label, player=p)
    game.deleting[d.id] = False
    unmet = {(cid, e) for cid, e in effects if e.condition and not condition_holds(game.board, p, e, d)[0]}
    try:
        for cid, e in effects:
            holder = game.find(d.id)
            if holder is None:
                break
            if not game.ready(p, e, cid, holder[1]):
                continue
            game.step("effect.immediate", f"{cid}'s [When Would Be Deleted] effect activates just before {d.label} "
                      f"is deleted; it cannot activate again for this deletion"
                      + (" (its condition did not hold when it triggered, but holds now, so it activates)"
                         if (cid, e) in unmet else " (its condition holds: it triggered, and it activates)"
                         if e.condition else "") + ".",
                      *(["dcg.immediate.condition_later"] if (cid, e) in unmet else
                        ["dcg.immediate.condition"] if e.condition else []), TIMING_KEYS[e.timing],
                      "dcg.immediate.before", "dcg.immediate.once_per_factor", card=cid)
            game.run_effect(p, e, card_id=cid, holder=holder[1])
            if game.deleting[d.id] or game.find(d.id) is None:
                break
        stopped = game.deleting[d.id]
    finally:
        game.deleting.pop(d.id, None)
    if not stopped and game.find(d.id) is None:
        game.step("effect.left_before_deletion", f"{d.label} is no longer in the battle area (it left just before "
                  f"this deletion), so this deletion has nothing to delete.", "dcg.immediate.before", card=d.label)
        return True
    return stopped
