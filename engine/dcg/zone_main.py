"""{Hand} [Main] and {Trash} [Main]: an activated effect that works while its card is in the turn player's hand
(revealed) or trash (JP 3.6 15-14-2-1, 15-14-3-1).

    hand: [{id: card1, effects: [{timing: main, zone: hand, cost: 1, do: draw, amount: 1}]}]
    trash: [{id: phoenix, effects: [{timing: main, zone: trash, do: play_from_trash, target: phoenix}]}]
    actions: [{activate: {card: card1}}]

The `activate` action (options.py) finds the activating card through the kernel question `main_activator`: this
module answers for a card in a hand or trash, which stands alone (no Digimon holds the effect, so `self` names
none). Its [Main] effects are those with the zone's icon (`zone: hand` / `zone: trash`); without the icon the card
has none there and the activation is refused (`main_unusable`). Activating it is the operation
`activate_from_zone`: the card is revealed (hand) or chosen (trash), a `by:` condition is carried out (15-8-4-4-1),
and the effect runs. The main phase, [Once Per Turn], conditions and the activation cost are options.py's checks,
the same as for a Digimon's or Tamer's [Main] effect.

The whole mechanic is this module: a question, a refusal and an operation (docs/engine.md).
"""
from __future__ import annotations

from dataclasses import replace

from .costs import pay
from .game import Game, on, provides
from .model import Digimon, Effect

ICONS = {"hand": "dcg.icon.hand", "trash": "dcg.icon.trash"}   # {Hand} 15-14-2-1, {Trash} 15-14-3-1


@on("main_activator")
def _held(game: Game, card_id: str):
    """((owner, the card standing alone), zone) for a card in a hand or trash."""
    for p in ("A", "B"):
        ps = game.ps(p)
        for zone in ICONS:
            card = next((c for c in getattr(ps, zone) if c.id == card_id), None)
            if card is not None:
                return (p, Digimon(card)), zone
    return None


@on("main_unusable")   # without the zone's icon the card has no [Main] effect that works from there
def _no_icon(game: Game, p: str, d: Digimon, zone: str | None):
    if zone not in ICONS:
        return None
    return (f"{d.label} is in {p}'s {zone}: only a {{{zone.capitalize()}}} [Main] effect works from there, and it "
            f"has none.", (ICONS[zone], "dcg.main.activate"))


@provides("activate_from_zone")
def activate_from_zone(game: Game, p: str, d: Digimon, zone: str, e: Effect, source: str, paid: str,
                       keys: list[str]) -> None:
    # 15-14-2-1 / 15-14-3-1 decide: the icon lets the effect work while its card is in the hand (revealed) or trash
    game.step("effect.activated_from_zone", f"{p} {'reveals' if zone == 'hand' else 'chooses'} {d.label} in the "
              f"{zone} and activates its {{{zone.capitalize()}}} [Main] effect{paid}.", ICONS[zone],
              "dcg.main.activate", "dcg.timing.main", *keys, player=p, card=d.label, zone=zone)
    if e.by is not None:
        pay(game, p, e.by, source, None, forced=True)
        e = replace(e, by=None)
    game.run_effect(p, e, card_id=source, holder=None)   # not in an area: `self` names no Digimon
