"""Run a validated scenario: every action in order, then settle what is still in progress."""
from __future__ import annotations

from ..result import Result
from . import actions, plugins  # noqa: F401 - plugins: every mechanic registers with the kernel
from . import stats
from .flow import settle
from .game import Game
from .model import Board, Card, Scenario


def play(scenario: Scenario) -> Game:
    """Every action in order, then whatever is still in progress; the finished game."""
    game = Game(scenario.board, scenario.edition, choose=scenario.choose, decline=scenario.decline)
    for i, (kind, args) in enumerate(scenario.actions):
        game.trace.at = i   # a refusal names the action it belongs to
        actions.run(game, kind, args)
    settle(game)
    return game


def simulate(scenario: Scenario) -> Result:
    game = play(scenario)
    board = game.board
    outcome = {"winner": board.winner, "reason": board.win_reason}
    return Result(game="ygo", edition=scenario.edition, outcome=outcome, final=final(board, game), trace=game.trace,
                  title=scenario.title, question=scenario.question)


def final(board: Board, game: Game | None = None) -> dict:
    """The contract's `final` board (§4, ygo); ATK/DEF include the continuous effects that apply."""
    def monster(c: Card) -> dict:
        atk, defense = (stats.atk_of(game, c), stats.def_of(game, c)) if game else (c.atk, c.defense)
        out = {"id": c.id, "zone": c.zone, "position": c.position, "atk": atk, "def": defense}
        if c.kind not in ("xyz", "link"):
            out["level"] = stats.value(game, c, "level") if game else c.level
        if game:
            out["original_atk"], out["original_def"] = stats.original(game, c, "atk"), stats.original(game, c, "def")
        if c.counters:
            out["counters"] = dict(c.counters)
        return out

    def st(c: Card) -> dict:
        out = {"id": c.id, "zone": c.zone, "face": c.face, "kind": c.kind}
        if c.equipped_to:
            out["equipped_to"] = c.equipped_to
        if c.counters:
            out["counters"] = dict(c.counters)
        return out

    players = {}
    for name, p in board.players.items():
        players[name] = {
            "lp": p.lp,
            "monsters": [monster(c) for c in p.monster_list()],
            "spells_traps": [st(c) for c in p.st_list()],
            "field": st(p.field_spell) if p.field_spell else None,
            "hand": [c.id for c in p.hand],
            "deck_count": len(p.deck),
            "graveyard": [c.id for c in p.graveyard],
            "banished": [c.id for c in p.banished],
            "extra_deck": [c.id for c in p.extra_deck],
        }
    return {"turn": board.turn, "turn_number": board.turn_number, "phase": board.phase, "players": players}
