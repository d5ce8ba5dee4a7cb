"""Putting cards into the deck, into security or under a stack, and playing a card from under a Digimon
(JP 3.6 3-1-3-4 … 3-1-3-9, 4-5-7, 4-5-8, 15-1-9).

    effects:
      - {timing: when_digivolving, do: to_deck, target: all_opponent_digimon, filter: {level_at_most: 4}}
      - {timing: on_deletion, do: to_security, target: self, position: bottom}   # this card, from the trash
      - {timing: on_play, do: place_under, target: self, put: <card id in hand or trash, or a Digimon>}
      - {timing: when_attacking, do: play_from_sources, target: <card id under this Digimon>}

`to_deck`: each targeted Digimon leaves the battle area; its top card goes to its owner's deck (3-1-3-8),
`position`: `bottom` (default) or `top`; its digivolution cards are trashed (4-5-8) unless `with_sources: true`
("… and all of its digivolution cards"), which puts them there too, below it. Several cards go in the order the
effect's player chooses (3-1-3-4): the scenario's default is the targets' board order, each top card first. A
Digi-Egg card goes to the Digi-Egg deck instead (3-1-3-9-1); a token leaves the game (4-18-5), yet the effect
counts it as put there (15-1-9).
`to_security`: `self` (this card from the trash, e.g. in an [On Deletion] effect, or this Digimon) or targeted
Digimon: the top card goes to its owner's security face down (3-1-3-5), `position`: `top` (default) or
`bottom`; the digivolution cards are trashed (4-5-8); a Digi-Egg card goes to the bottom of the Digi-Egg deck
(3-1-3-9-2).
`place_under`: the card `put` names — in the owner's hand or trash, or a Digimon in a battle area (it leaves
the area, 4-5-7; the cards under it are trashed, 4-5-8) — goes to the bottom of the target Digimon's
digivolution cards.
`play_from_sources`: the named digivolution card of this Digimon is played without paying its cost.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidScenario
from .effects import effect_field, effect_verb
from .game import Game, runs_verbs
from .leave import before_leaving
from .model import Card, Digimon, Effect

POSITIONS = ("top", "bottom")
DEFAULT_POSITION = {"to_deck": "bottom", "to_security": "top"}


def _parse_position(value, fields: dict, path: str):
    if fields.get("do") not in DEFAULT_POSITION:
        raise InvalidScenario(path, "only `do: to_deck` and `do: to_security` place cards on top or at the bottom")
    if value not in POSITIONS:
        raise InvalidScenario(path, f"one of: {', '.join(POSITIONS)}")
    return value


def _parse_with_sources(value, fields: dict, path: str):
    if fields.get("do") != "to_deck":
        raise InvalidScenario(path, "only `do: to_deck` puts the digivolution cards into the deck too")
    if not isinstance(value, bool):
        raise InvalidScenario(path, "true or false")
    return value or None


def _parse_put(value, fields: dict, path: str):
    if fields.get("do") != "place_under":
        raise InvalidScenario(path, "only `do: place_under` names a card to put under a Digimon")
    if not isinstance(value, str) or not value.strip():
        raise InvalidScenario(path, "a card id (in the owner's hand or trash, or a Digimon in a battle area)")
    return value.strip()


effect_verb("to_deck", {"target"}, {"choose"})
effect_verb("to_security", {"target"}, {"choose"})
effect_verb("place_under", {"target"}, {"choose"})
effect_verb("play_from_sources", {"target"}, set())
effect_field("position", _parse_position)
effect_field("with_sources", _parse_with_sources)
effect_field("put", _parse_put)


def _put_cards(game: Game, p: str, cards: tuple, zone: str, position: str) -> tuple[list[Card], list[Card]]:
    """Put cards (in this order) into p's deck or security; Digi-Egg cards go to the Digi-Egg deck (3-1-3-9-1,
    3-1-3-9-2); tokens are already gone (4-18-5). Returns (placed, Digi-Eggs)."""
    eggs = [c for c in cards if c.kind == "digiegg"]
    placed = tuple(replace(c, face_up=False) if c.face_up else c for c in cards if c.kind != "digiegg")
    ps = game.ps(p)
    pile = getattr(ps, zone)
    new = placed + pile if position == "top" else pile + placed
    changes = {zone: new}
    if eggs:
        egg_top = zone == "deck" and position == "top"
        changes["digitama"] = tuple(eggs) + ps.digitama if egg_top else ps.digitama + tuple(eggs)
    game.set_ps(p, replace(ps, **changes))
    return list(placed), eggs


def _egg_words(eggs: list[Card], zone: str) -> tuple[str, list[str]]:
    if not eggs:
        return "", []
    where = "in the Digi-Egg deck" if zone == "deck" else "at the bottom of the Digi-Egg deck"
    return (f"; the Digi-Egg card{'s' * (len(eggs) > 1)} {', '.join(c.label for c in eggs)} go{'es' * (len(eggs) == 1)} "
            f"{where} instead", ["dcg.digiegg.to_digitama" if zone == "deck" else "dcg.digiegg.hidden_bottom"])


def to_deck(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    targets = game.targets(owner, e, holder)
    if not targets:
        return game.nothing(card_id, "return to the deck", owner, e)
    position = e.mark("position", "bottom")
    whole = bool(e.mark("with_sources"))
    by_owner: dict[str, list[Card]] = {}
    for p, d in targets:
        d = before_leaving(game, p, d, "return", owner)
        game.leave_area(p, d, "placed_all" if whole else "placed")
        if d.card.token:
            game.step("effect.to_deck_token", f"{card_id}'s effect returns the token {d.label} to the deck: it leaves "
                      f"the game instead, and the effect counts it as returned all the same.", "dcg.token.condition_met",
                      "dcg.token.removed", card=card_id, target=d.label)
            continue
        by_owner.setdefault(p, []).extend(d.cards() if whole else (d.card,))
    several = sum(len(v) for v in by_owner.values()) > 1
    for p, cards in by_owner.items():
        placed, eggs = _put_cards(game, p, tuple(cards), "deck", position)
        trashed = not whole and any(d.sources for q, d in targets if q == p)
        eggs_text, egg_keys = _egg_words(eggs, "deck")
        game.step("effect.to_deck", f"{card_id}'s effect returns {', '.join(c.label for c in placed) or 'no card'} "
                  f"to the {position} of {p}'s deck (its owner's)" + ("; the digivolution cards are trashed with it"
                                                                      if trashed else "")
                  + (", in the order the effect's player chooses (here: the order of the targets, each top card "
                     "first)" if several else "") + f"{eggs_text}.",
                  *["dcg.zone.owner_place", *(["dcg.stack.leaves_together"] if trashed else []),
                    *(["dcg.zone.order_by_effect_player"] if several else []), *egg_keys][:3], card=card_id, player=p, cards=", ".join(c.label for c in placed), position=position)


def to_security(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    position = e.mark("position", "top")
    moving: list[tuple[str, Card]] = []
    in_trash = next((c for c in game.ps(owner).trash if c.id == card_id), None) if e.target == "self" else None
    if in_trash is not None:
        ps = game.ps(owner)
        game.set_ps(owner, replace(ps, trash=tuple(c for c in ps.trash if c.id != card_id)))
        moving.append((owner, in_trash))
    else:
        targets = game.targets(owner, e, holder)
        if not targets:
            return game.nothing(card_id, "place in security", owner, e)
        for p, d in targets:
            d = before_leaving(game, p, d, "return", owner)
            game.leave_area(p, d, "placed")
            if not d.card.token:
                moving.append((p, d.card))
            else:
                game.step("effect.to_security_token", f"{card_id}'s effect places the token {d.label} in security: it "
                          f"leaves the game instead.", "dcg.token.condition_met", "dcg.token.removed",
                          card=card_id, target=d.label)
                game.emit("not_placed", p, (d.card,), "security")
    for p, card in moving:
        placed, eggs = _put_cards(game, p, (card,), "security", position)
        eggs_text, egg_keys = _egg_words(eggs, "security")
        game.step("effect.to_security", f"{card_id}'s effect places {card.label} {'on top' if position == 'top' else 'at the bottom'} "
                  f"of {p}'s security, face down (nothing says otherwise){eggs_text}.", "dcg.zone.placed_by_zone_rule",
                  "dcg.zone.owner_place", *egg_keys, card=card_id, target=card.label, player=p, position=position)
        if eggs:
            game.emit("not_placed", p, tuple(eggs), "security")


def place_under(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    targets = game.targets(owner, e, holder)
    put = e.mark("put")
    if not targets:
        return game.nothing(card_id, "place under", owner, e)
    p, host = targets[0]
    ps = game.ps(owner)
    card = next((c for c in ps.hand + ps.trash if c.id == put), None)
    keys: list[str] = []
    if card is not None:
        game.set_ps(owner, replace(ps, hand=tuple(c for c in ps.hand if c.id != put),
                                   trash=tuple(c for c in ps.trash if c.id != put)))
        where = "hand" if any(c.id == put for c in ps.hand) else "trash"
        src = f"from {owner}'s {where}"
    else:
        found = game.find(put)
        if found is None or found[1].id == host.id or found[1].card.token:
            return game.nothing(card_id, "place under", owner, e)
        q, d = found
        d = before_leaving(game, q, d, "return", owner)
        game.leave_area(q, d, "under")
        card = d.card
        src = f"from {q}'s battle area (it leaves the area" + ("; the cards under it are trashed)" if d.sources else ")")
        keys = ["dcg.stack.under_leaves_area", *(["dcg.stack.leaves_together"] if d.sources else [])]
    host = game.find(host.id)
    if host is None:
        return game.nothing(card_id, "place under", owner, e)
    p, host = host
    game.put(p, replace(host, sources=host.sources + (card,)))
    game.step("effect.place_under", f"{card_id}'s effect places {card.label} {src} at the bottom of {host.label}'s "
              f"digivolution cards.", *(keys or ["dcg.stack.under_leaves_area"]), card=card_id, target=card.label,
              host=host.label)
    game.emit("sources_added", p, game.find(host.id)[1], (card,), owner)


def play_from_sources(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
    found = game.find(holder.id) if holder is not None else None
    card = next((c for c in found[1].sources if c.id == e.target), None) if found else None
    if card is None or card.kind not in ("digimon", "tamer") or (card.kind == "digimon" and card.dp is None):
        return game.nothing(card_id, "play from digivolution cards")
    p, d = found
    game.put(p, replace(d, sources=tuple(c for c in d.sources if c.id != card.id)))
    itself = card.id == card_id and e.inherited   # 15-3-3: "this card" in an inherited effect is that card itself
    game.play_card(owner, card, f"{card_id}'s effect plays {card.label} from under {d.label} without paying its "
                   f"cost" + (" (\"this card\" in its inherited effect: the digivolution card itself)" if itself
                              else "") + "; it is a new card in the battle area.",
                   *(["dcg.inherited.this_card"] if itself else []), "dcg.new_card.becomes", "dcg.play.procedure")


runs_verbs({"to_deck": to_deck, "to_security": to_security, "place_under": place_under,
            "play_from_sources": play_from_sources})
