"""Lingering "each time" effects (Maxx "C"): "this turn, each time your opponent Special Summons a monster(s),
immediately draw 1 card".

    do: [{each_time: {special_summoned_by: opponent, draw: 1}}]

From its resolution to the end of the turn, each Special Summon that player makes (by a procedure or an effect)
makes the effect's player draw at once. It is applied without a chain: it takes no time point, so the "when"
triggers of that summon do not miss their timing (rulebook 4.10.7.p21). Several monsters Special Summoned at the
same time — one Pendulum Summon, one effect — are one Special Summon: one draw (4.7.1.p7, whose example is Maxx
"C"). It may be activated when nothing would happen yet: it is not processed at once (4.7.4.p4). It lasts to the end
of the turn it resolved in.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .kernel import SUMMON_COUNTED
from .model import Card, other
from .steps import operation

WHO = ("opponent", "self", "either")


@dataclass
class EachTime:
    card: Card                 # the card whose effect it is
    player: str                # who draws
    watches: str               # whose Special Summons count: "A" / "B" / "either"
    draw: int
    turn: int
    batches: list = field(default_factory=list)   # the summons already counted (one draw each)


def parse(args) -> dict:
    if not isinstance(args, dict) or set(args) != {"special_summoned_by", "draw"}:
        raise ValueError("takes {special_summoned_by: opponent | self | either, draw: N}")
    if args["special_summoned_by"] not in WHO:
        raise ValueError(f"`special_summoned_by` is one of {', '.join(WHO)}")
    if not isinstance(args["draw"], int) or isinstance(args["draw"], bool) or args["draw"] < 1:
        raise ValueError("`draw` is a whole number of cards, 1 or more")
    return dict(args)


def _kept(game) -> list[EachTime]:
    return game.in_play.setdefault("each_time", [])


def begin(game, link, args) -> None:
    who = args["special_summoned_by"]
    watches = other(link.player) if who == "opponent" else link.player if who == "self" else "either"
    _kept(game).append(EachTime(link.card, link.player, watches, args["draw"], game.board.turn_number))
    whose = "either player" if watches == "either" else watches
    game.step("each_time.begins", f"From now to the end of the turn, each time {whose} Special Summons, {link.player} "
              f"draws {args['draw']} card(s) at once (the effect of {link.card.label()}, applied without a chain).",
              "ygo.each_time.later", card=link.card.label(), player=link.player, whose=whose, count=args["draw"])


@SUMMON_COUNTED.on(order=30)
def _special_summoned(game, card: Card, player: str, method: str, batch: object = None) -> None:
    kept = game.in_play.get("each_time")
    if not kept or method != "special":
        return
    if batch is None:   # one effect's Special Summon of several monsters is one summon (as vows.record_summon)
        batch = game.chain[-1] if game.resolving and game.chain else card
    for e in kept:
        if e.turn != game.board.turn_number or e.watches not in (player, "either") or game.board.over:
            continue
        if any(b is batch for b in e.batches):
            game.step("each_time.same_summon", f"{card.label()} was Special Summoned at the same time as the monster "
                      f"that made {e.player} draw: one Special Summon, so the effect of {e.card.label()} does not make "
                      f"{e.player} draw again.", "ygo.each_time.same_time_once", card=card.label(),
                      source=e.card.label(), player=e.player)
            continue
        e.batches.append(batch)
        game.step("each_time.applies", f"{player} Special Summoned {card.label()}: the effect of {e.card.label()} "
                  f"applies at once, without a chain, and takes no time point (the summon's \"when\" triggers do not "
                  f"miss their timing).", "ygo.each_time.no_chain", card=card.label(), source=e.card.label(),
                  player=player)
        game.draw(e.player, e.draw, f"the effect of {e.card.label()}", "ygo.effect.draw", e.card.label())


operation("each_time", parse)(begin)
