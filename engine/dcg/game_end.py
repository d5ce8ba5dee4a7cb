"""Winning or losing by a card's effect (JP 3.6 1-2-6).

    effects:
      - {timing: main, do: win_game, condition: {opponent_security_at_most: 0}}   # 「…なら、あなたはゲームに勝利する。」
      - {timing: end_of_turn, do: lose_game}                                      # 「…あなたはゲームに敗北する。」

`win_game`: the player of the effect wins; `lose_game`: that player loses, so the opponent wins. It happens as the
effect resolves (1-2-6), and the game is over then (1-2-2): nothing after it is processed. Write it as the
effect's last process.
"""
from __future__ import annotations

from .effects import effect_verb
from .game import Game, runs_verbs
from .model import Digimon, Effect, opponent

effect_verb("win_game", set(), set())
effect_verb("lose_game", set(), set())


def _end(wins: bool):
    def run(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> None:
        winner = owner if wins else opponent(owner)
        game.win(winner, "effect", f"{card_id}'s effect has resolved: {owner} {'wins' if wins else 'loses'} the game"
                 + ("" if wins else f", so {winner} wins") + ".", "dcg.win.by_effect")
    return run


runs_verbs({"win_game": _end(True), "lose_game": _end(False)})
