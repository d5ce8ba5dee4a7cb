"""Acting keywords that move cards between stacks — Save (16-19), Mind Link (16-27), Blast Digivolve (16-25) —
token creation (4-18) and Digi-Burst, the processing condition some effects pay with (16-13)."""
from __future__ import annotations

from dataclasses import replace

from .combine import blast_dna, burst_or_fusion_base, draw_and_trigger
from .game import Game, provides, runs_verbs
from .model import Digimon, Effect


def _tamers(game: Game, p: str) -> list[Digimon]:
    return [d for d in game.ps(p).battle_area if d.card.kind == "tamer"]


def save(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    """16-19: place this card (from the trash or hand) under one of the owner's Tamers, at the bottom (4-3-2)."""
    ps = game.ps(owner)
    card = next((c for c in ps.trash + ps.hand if c.id == card_id), None)
    tamer = game.pick("save", _tamers(game, owner), e.choose)
    keys = ("dcg.keyword.save", "dcg.keyword.save_acting", "dcg.keyword.save_optional")
    if card is None or tamer is None:
        why = f"{owner} has no Tamer" if tamer is None else f"{card_id} is no longer in the trash or hand"
        game.step("keyword.save", f"Save: {why}, so nothing is placed.", *keys, "dcg.impossible", reason=why)
        return
    game.set_ps(owner, replace(ps, trash=tuple(c for c in ps.trash if c.id != card_id),
                               hand=tuple(c for c in ps.hand if c.id != card_id)))
    game.put(owner, replace(tamer, sources=tamer.sources + (card,)))
    under = ", below the cards already under it" if tamer.sources else ""
    game.step("keyword.save", f"Save: {owner} places {card.label} under the Tamer {tamer.label}{under}.", *keys,
              *(["dcg.tamer.under_bottom"] if tamer.sources else []), player=owner, card=card.label, tamer=tamer.label)


def mind_link(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    """16-27: this Tamer goes to the bottom of the digivolution cards of a Digimon without a Tamer card there."""
    keys = ("dcg.keyword.mind_link", "dcg.keyword.mind_link_acting", "dcg.keyword.mind_link_forced")
    tamer = game.ps(owner).digimon(card_id)
    if tamer is None or tamer.card.kind != "tamer":
        game.step("keyword.mind_link", f"Mind Link: {card_id} is not a Tamer in the battle area.", *keys,
                  "dcg.impossible", card=card_id)
        return
    hosts = [d for d in game.ps(owner).battle_area if d.is_digimon and not d.is_token
             and not any(c.kind == "tamer" for c in d.sources)]
    host = game.pick("mind_link", hosts, e.choose)
    if host is None:
        game.step("keyword.mind_link", f"Mind Link: {owner} has no Digimon without a Tamer card among its "
                  f"digivolution cards.", *keys, "dcg.impossible", player=owner)
        return
    game.leave_area(owner, tamer, "under")
    host = game.ps(owner).digimon(host.id)
    game.put(owner, replace(host, sources=host.sources + (tamer.card,)))
    game.step("keyword.mind_link", f"Mind Link: {owner} places the Tamer {tamer.label} at the bottom of "
              f"{host.label}'s digivolution cards.", *keys, "dcg.stack.source_any_category", player=owner, tamer=tamer.label, card=host.label)


def blast_digivolve(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    """16-25: digivolve a Digimon of the battle area into the hand card with Blast Digivolve, without paying
    the cost (the level requirement still holds); the digivolution draws as usual."""

    keys = ("dcg.keyword.blast_digivolve", "dcg.keyword.blast_digivolve_acting",
            "dcg.keyword.blast_digivolve_optional", "dcg.keyword.blast_digivolve_battle_area")
    ps = game.ps(owner)
    want = e.target or card_id
    card = next((c for c in ps.hand if c.id == want), None)
    if card is None or card.kind != "digimon" or card.dp is None:
        game.step("keyword.blast_digivolve", f"Blast Digivolve: {want} is not a Digimon card in {owner}'s hand.",
                  *keys, "dcg.impossible", player=owner, card=want)
        return
    able = [d for d in ps.battle_area if d.is_digimon and not d.is_token
            and (card.level is None or d.card.level is None or card.level == d.card.level + 1)]
    d = game.pick("blast_digivolve", able, e.choose)
    special = burst_or_fusion_base(game, owner, card) if d is None else None
    if special is not None:        # 8-3-2-4, 8-4-2-2: Blast Digivolve is an ordinary digivolution
        base, how = special
        kind = "Burst digivolution" if how == "burst" else "App Fusion"
        game.step("keyword.blast_digivolve", f"Blast Digivolve: {base.label} meets {card.label}'s {kind} "
                  f"requirement, but only an effect that names {kind} digivolves that way; Blast Digivolve "
                  f"digivolves the ordinary way, and {owner} has no Digimon that meets {card.label}'s "
                  f"digivolution requirement.", f"dcg.{how}.effect_only", "dcg.keyword.blast_digivolve",
                  "dcg.digivolve.requirements", player=owner, into=card.label, base=base.label,
                  **{how: True})
        return
    if d is None:
        game.step("keyword.blast_digivolve", f"Blast Digivolve: {owner} has no Digimon in the battle area that "
                  f"meets {card.label}'s digivolution requirement.", *keys, "dcg.digivolve.requirements", player=owner, into=card.label)
        return
    game.set_ps(owner, replace(ps, hand=tuple(c for c in ps.hand if c.id != card.id)))
    new = replace(d, card=card, sources=(d.card,) + d.sources)
    game.put(owner, new, old_id=d.id)
    game.step("keyword.blast_digivolve", f"Blast Digivolve: {d.label} digivolves into {card.label} without paying "
              f"the cost.", *keys, "dcg.digivolve.keeps_state", card=d.label, into=card.label)
    draw_and_trigger(game, owner, new, "blast")


def create_token(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    """4-18-1: a token comes into play from outside the game with the information the effect gives it."""

    for _ in range(e.amount or 1):
        game.tokens_made += 1
        token = replace(e.token, id=f"{card_id}.token{game.tokens_made}")
        game.play_card(owner, token, f"{card_id}'s effect plays a token, {token.label}"
                  + (f" ({token.dp} DP)" if token.dp is not None else "") + f", from outside the game as "
                  f"{token.id}.", "dcg.token", "dcg.play.no_attack_this_turn")


@provides("digiburst")
def digiburst(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> bool:
    """16-13: trash N digivolution cards of this Digimon (default: from the top) to run the effect; without
    N of them, the effect is not run. Returns whether it may run."""
    keys = ("dcg.keyword.digi_burst", "dcg.keyword.digi_burst_condition")
    d = game.current(holder.id) if holder is not None else None
    if d is None or len(d.sources) < e.digiburst or not game.uses("digi_burst", card_id):
        why = ("it is declined" if d is not None and len(d.sources) >= e.digiburst
               else f"{card_id} does not have {e.digiburst} digivolution cards to trash")
        game.step("keyword.digi_burst", f"Digi-Burst {e.digiburst}: {why}, so the effect is not run.", *keys, reason=why)
        return False
    p = game.find(d.id)[0]
    gone = game.trash_sources(p, d, e.digiburst)
    game.step("keyword.digi_burst", f"Digi-Burst {e.digiburst}: {p} trashes {', '.join(c.label for c in gone)} "
              f"from {d.label}'s digivolution cards to run the effect.", *keys, player=p, cards=", ".join(c.label for c in gone), card=d.label)
    return True


runs_verbs({"save": save, "mind_link": mind_link, "blast_digivolve": blast_digivolve, "create_token": create_token,
           "blast_dna_digivolve": blast_dna})
