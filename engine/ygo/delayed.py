"""What a resolved effect leaves for later: "…, and destroy it during the End Phase" (Instant Fusion, rulebook
4.10.2.p9, 3.1.3.p21).

`{delayed: {at: end_phase, do: destroy | banish | return_to_hand, target: <selector>}}` names the cards when the
effect resolves (`summoned_by_this`: the monsters this chain link Special Summoned) and, in this turn's End
Phase, applies the operation to those that are still the same cards on the field. It is not an activation: it forms
no chain and cannot be answered as one, it is one of the End Phase's processings taken in 3.7.3's order
(phase_triggers.py), by the player who activated the effect; after it, even when it did nothing (the monster
cannot be destroyed), both players may activate effects (3.1.3.p21). A card turned face-down or that left the field
meanwhile is a new card: the information "the monster this effect summoned" is lost and the processing skips it
(4.11.7.p4).
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import Card
from .steps import OPERATIONS, operation
from .targets import parse_selector, resolve_selector
from .game import Link

OPS = ("destroy", "banish", "return_to_hand")
AT = ("end_phase",)


@dataclass
class Delayed:
    card: Card                 # the card whose effect left this processing
    player: str                # who applies it
    phase: str                 # end
    turn: int                  # the turn it applies in
    op: str
    cards: list                # [(card, card.moved when named)]


def parse(args) -> dict:
    if not isinstance(args, dict) or set(args) != {"at", "do", "target"}:
        raise ValueError("takes {at: end_phase, do: destroy | banish | return_to_hand, target: <selector>}")
    if args["at"] not in AT:
        raise ValueError(f"`at` is one of {', '.join(AT)}")
    if args["do"] not in OPS:
        raise ValueError(f"`do` is one of {', '.join(OPS)}")
    return {"at": args["at"], "do": args["do"], "target": parse_selector(args["target"])}


def register(game, link, args) -> None:
    """The resolving effect names the cards now; the processing waits for the phase."""
    cards = [c for c in resolve_selector(game, link, args["target"]) if game.on_field(c)]
    if not cards:
        return
    game.delayed.append(Delayed(link.card, link.player, "end", game.board.turn_number, args["do"],
                                [(c, c.moved) for c in cards]))
    game.step("delayed.registered", f"The effect of {link.card.label()} will {args['do'].replace('_', ' ')} "
              f"{', '.join(c.label() for c in cards)} during this turn's End Phase.", "ygo.delayed.processing",
              card=link.card.label(), cards=", ".join(c.label() for c in cards))


def due(game, phase: str, player: str) -> list[Delayed]:
    return [d for d in game.delayed if d.phase == phase and d.player == player and d.turn == game.board.turn_number]


def apply(game, d: Delayed, *keys: str) -> None:
    game.delayed.remove(d)
    same = [c for c, moved in d.cards if c.moved == moved and game.on_field(c)]
    lost = [c for c, moved in d.cards if c not in same]
    if lost:
        game.step("delayed.lost", f"{', '.join(c.label() for c in lost)} left the field or turned face-down since: "
                  f"it is a new card, and the End Phase processing of {d.card.label()} no longer applies to it.",
                  "ygo.delayed.information_lost", card=d.card.label(), cards=", ".join(c.label() for c in lost))
    game.step("delayed.applies", f"End Phase: the processing {d.card.label()} left applies now ({d.player} applies "
              "it; it is not activated and forms no chain).", "ygo.delayed.processing", *keys, card=d.card.label(),
              player=d.player)
    link = Link(0, d.card, d.player, 0, same, None)
    OPERATIONS[d.op].apply(game, link, "targets")
    game.step("delayed.done", "That processing is over: both players may now activate effects (a quick timing), "
              "even if it changed nothing.", "ygo.phase.respond_after_processing")


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("delayed", parse)(register)
