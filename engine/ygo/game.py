"""The running duel: the board plus what is in progress (open chain, declared attack, time point,
priority) and the trace. Card movements that several modules share live here."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..trace import Trace
from .model import MONSTER_ZONES, Board, Card, other

EXTRA_DECK_KINDS = ("fusion", "synchro", "xyz", "link")
CONTINUOUS_KINDS = ("continuous", "field", "equip", "continuous_trap")


@dataclass
class Window:
    """The time point right after an event; effects that need it ("when … is attacked") use it."""
    event: str                         # attack_declared | summoned | activation
    card: Card | None = None           # the attacker / the summoned monster
    target: Card | None = None         # the attack target (None = direct attack)
    player: str = ""                   # who declared / summoned
    stage: str = ""                    # damage_step windows: the sub-step (damage_step.STAGES)


@dataclass
class Link:
    n: int
    card: Card
    player: str
    speed: int
    targets: list[Card]
    window: Window | None
    negated_activation: bool = False
    negated_effect: bool = False


@dataclass
class Attack:
    attacker: Card
    target: Card | None                # None = direct attack
    opponent_moves: int                # the opponent's monster arrivals/departures when the target was chosen
    opponent_count: int                # the opponent's monster count then
    negated: bool = False
    stage: str = ""                    # "" in the Battle Step, then the Damage Step's sub-steps (damage_step.py)
    calculated: bool = False           # damage calculation took place
    destroyed: list = field(default_factory=list)   # monsters destroyed by this battle (sent at the end)


@dataclass
class Game:
    board: Board
    edition: str
    choose: dict = field(default_factory=dict)
    decline: tuple = ()
    trace: Trace = field(default_factory=Trace)
    chain: list[Link] = field(default_factory=list)
    window: Window | None = None
    attack: Attack | None = None
    battle_step: bool = False          # an attack was declared this battle phase (start step is over)
    priority: str = ""
    last_pass: str = ""                # who passed priority last, with nothing done since
    triggers: list[tuple[Card, Window]] = field(default_factory=list)   # waiting to be activated
    # how many things have happened (effect operations, resolved chain links): an optional "when" trigger whose
    # event is followed by anything else misses its timing (triggers.py)
    happened: int = 0
    trigger_marks: dict = field(default_factory=dict)   # trigger card id -> `happened` when its event occurred
    used_once: set = field(default_factory=set)          # once-per-turn uses: "card:<id>", "name:<player>:<name>"
    # per player: how many times a monster entered or left their Monster Zones. A replay compares these, not the
    # monster count: one monster leaving and another arriving is still a change (4.4.3.p46).
    monster_moves: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})

    def __post_init__(self):
        self.priority = self.priority or self.board.turn

    # ---- recording
    def step(self, event: str, text: str, *keys: str) -> None:
        self.trace.add(event, text, *keys)

    def refuse(self, action: str, why: str, *keys: str) -> None:
        self.trace.refuse(action, why, *keys)

    # ---- lookups
    def where(self, card: Card) -> str:
        found = self.board.find(card.id)
        return found[1] if found else ""

    def controller(self, card: Card) -> str:
        found = self.board.find(card.id)
        return found[0].name if found else card.owner

    def on_field(self, card: Card) -> bool:
        place = self.where(card)
        return place in MONSTER_ZONES or place.startswith("S") or place == "field"

    # ---- movements
    def remove(self, card: Card) -> None:
        found = self.board.find(card.id)
        if not found:
            return
        player, place, _ = found
        if place in MONSTER_ZONES:
            del player.monsters[place]
            self.monster_moves[player.name] += 1
        elif place == "field":
            player.field_spell = None
        elif place.startswith("S"):
            del player.spells_traps[place]
        else:
            getattr(player, place).remove(card)
        if place in MONSTER_ZONES or place.startswith("S") or place == "field":
            # a card that leaves the field is a new card: what it did on the field this turn no longer counts
            card.attacks_this_turn = card.summoned_turn = card.position_changed_turn = card.set_turn = 0
            card.attacked_ids, card.equipped_to, card.control_returns = [], "", False
            self.used_once.discard(f"card:{card.id}")   # a soft once-per-turn limit belongs to that card only
        card.zone = ""
        card.position = ""
        card.face = ""

    def send(self, card: Card, pile: str) -> None:
        """Move a card to its owner's pile (graveyard, banished, hand, deck top, extra deck)."""
        self.remove(card)
        if pile == "hand" and card.kind in EXTRA_DECK_KINDS:
            pile = "extra_deck"           # an Extra Deck monster returns to the Extra Deck
        if card.kind == "token" and pile != "graveyard":
            return                        # a token that leaves the field simply vanishes
        owner = self.board.player(card.owner)
        if pile == "deck":
            owner.deck.insert(0, card)
        else:
            getattr(owner, pile).append(card)

    def place_monster(self, card: Card, player: str, zone: str, position: str) -> None:
        self.remove(card)
        card.card_type = "monster"
        card.kind = card.kind or ("effect" if card.effect else "normal")   # as a board monster is read (validate)
        card.zone, card.position = zone, position
        card.summoned_turn = self.board.turn_number
        self.board.player(player).monsters[zone] = card
        self.monster_moves[player] += 1

    def destroy(self, card: Card, cause: str) -> None:
        """Destroyed cards go to the graveyard; a "when destroyed" trigger waits for its chain."""
        self.send(card, "graveyard")
        if card.effect and card.effect.type == "trigger" and card.effect.when == "destroyed":
            self.add_trigger(card, Window("destroyed", card, None, cause))

    def add_trigger(self, card: Card, window: Window) -> None:
        self.triggers.append((card, window))
        self.trigger_marks[card.id] = self.happened

    # ---- LP and the end of the duel
    def lose_lp(self, player: str, amount: int) -> int:
        p = self.board.player(player)
        lost = min(p.lp, amount)          # LP never goes below 0
        p.lp -= lost
        return lost

    def check_lp(self) -> None:
        if self.board.over:
            return
        zero = [n for n, p in self.board.players.items() if p.lp == 0]
        if len(zero) == 2:
            self.board.winner, self.board.win_reason = "draw", "both players' LP reached 0 at the same time"
            self.step("duel.draw", "Both players' LP reached 0 at the same time: the duel is a draw.",
                      "ygo.win.simultaneous_draw")
        elif zero:
            loser = zero[0]
            self.board.winner, self.board.win_reason = other(loser), f"{loser}'s LP reached 0"
            self.step("duel.won", f"{loser}'s LP is 0: {loser} loses the duel and {other(loser)} wins.",
                      "ygo.win.lp_zero")

    def opponent_moves(self, player: str) -> int:
        return self.monster_moves[other(player)]

    def opponent_count(self, player: str) -> int:
        return len(self.board.player(other(player)).monsters)
