"""Adding a card from the deck to the hand (Master Rule 10.2-10.10, 22.3-22.4):
`{add_to_hand: {card: <id>}}` — "add <card> from your Deck to your hand".

- "Deck" in card text is the activating player's own deck (22.4); the effect cannot be activated unless that
  card is in it (10.7).
- On resolution the card is shown to the opponent and the deck is shuffled (10.2, 22.3); it is added to the
  hand by a way other than drawing (10.3).
- If the deck is empty by then, the effect cannot be carried out — and, unlike a draw, that does not lose the
  duel (10.10); if the card has left the deck otherwise, nothing is added (10.7).
"""
from __future__ import annotations

from .steps import operation

Refusal = tuple[str, tuple[str, ...]] | None


def parse(args) -> dict:
    if not isinstance(args, dict) or set(args) != {"card"} or not isinstance(args["card"], str):
        raise ValueError("takes {card: <id of a card in your deck>}")
    return {"card": args["card"]}


def check(game, card, player: str, _targets) -> Refusal:
    """The searched card must be in the activating player's own deck (10.7, 22.4)."""
    deck = game.board.player(player).deck
    for name, args in card.effect.ops:
        if name != "add_to_hand":
            continue
        if not any(c.id == args["card"] for c in deck):
            found = game.board.find(args["card"])
            other_deck = found is not None and found[1] == "deck"
            return (f"{args['card']} is not in {player}'s deck"
                    f"{' (a card in the opponent’s deck does not count: “deck” means your own)' if other_deck else ''}, "
                    f"so {card.label()} cannot be activated", ("ygo.search.needs_card", "ygo.search.own_deck"))
    return None


def apply(game, link, args) -> None:
    me = game.board.player(link.player)
    if not me.deck:
        game.step("search.empty_deck", f"{link.player}'s deck is empty: the effect of {link.card.label()} cannot add "
                  "a card, and (unlike a draw) that does not lose the duel.", "ygo.search.empty_deck",
                  player=link.player)
        return
    found = next((c for c in me.deck if c.id == args["card"]), None)
    if found is None:
        game.step("search.not_found", f"{args['card']} is no longer in {link.player}'s deck: nothing is added to the "
                  "hand.", "ygo.search.needs_card", player=link.player)
        return
    me.deck.remove(found)
    me.hand.append(found)
    game.step("search.added", f"{link.player} adds {found.label()} from the deck to the hand, shows it to "
              f"{'B' if link.player == 'A' else 'A'} and shuffles the deck (a card added other than by drawing).",
              "ygo.search.add", "ygo.search.own_deck", "ygo.search.shuffle", "ygo.search.not_draw",
              player=link.player, card=found.label())


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("add_to_hand", parse, check)(apply)
