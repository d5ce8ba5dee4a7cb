"""The running duel: the board plus what is in progress (open chain, declared attack, time point,
priority) and the trace. Card movements that several modules share live here."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

from ..trace import Trace
from .kernel import (BANISHER, FORGETS, LEFT_FIELD, LEFT_ZONE, MONSTER_DESTROYED, STOPS_BEING_EQUIP, SUMMON_COUNTED,
                     SUMMONED)
from .model import MONSTER_ZONES, Board, Card, kind_on_field, other

EXTRA_DECK_KINDS = ("fusion", "synchro", "xyz", "link")
CONTINUOUS_KINDS = ("continuous", "field", "equip", "continuous_trap")
# A step cites the rule that decided it first and at most MAX_CITES rule keys in all (issue 25); a composite step,
# one record of several rule applications at once, may cite more (tests/test_ygo_cites_per_step.py).
MAX_CITES = 3
COMPOSITE_STEPS = frozenset({
    "summon.fusion", "summon.synchro", "summon.xyz", "summon.link", "summon.ritual", "summon.pendulum",
    "summon.procedure",          # a summon by its procedure: materials or costs, zones, a proper summon
    "equip_monster.equipped",    # a monster becomes an equip card: what it is now, what it keeps, where it came from
    "effect.flip_face_down",     # turned face-down: what the monster keeps and loses at once (4.11)
    "search.added",              # added from the deck: revealed, the deck shuffled, not a draw
})


def is_special_summon_monster(card: Card) -> bool:
    """Ritual, Fusion, Synchro, Xyz and Link Monsters and cards marked so cannot be Normal Summoned."""
    kind = card.equip_was[1] if card.equip_was else card.kind   # also while it is treated as an equip card
    return card.special_summon_only or kind in EXTRA_DECK_KINDS + ("ritual",)


def any_continuous(board) -> bool:
    """Whether any card of the duel has continuous effects (cards do not gain effects, so once is enough)."""
    return any(e and e.continuous for p in board.players.values() for c in p.all_cards()
               for e in (c.effect, c.equip_effect))


def main_phase_refusal(game, player: str):
    """`player` may act only at an open game state of their own Main Phase (a summon, a Set, a position change):
    None, or the refusal (reason, rule keys)."""
    board = game.board
    if board.over:
        return "the duel is already over", ("ygo.duel.over",)
    if player != board.turn or board.phase not in ("main1", "main2"):
        return "only the turn player does this, in their own Main Phase", ("ygo.summon.main_phase",)
    if game.chain:
        return "not while a chain is being built or resolved", ("ygo.summon.main_phase",)
    return None


def to_extra_deck_instead(card: Card, from_place: str, pile: str) -> bool:
    """A Pendulum Monster sent from the field to the graveyard goes face-up to the Extra Deck (32.4); an Xyz
    Material or a discarded card goes to the graveyard as usual."""
    on_field = from_place in MONSTER_ZONES or from_place.startswith("S")
    return card.pendulum and on_field and pile == "graveyard"


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
    no_effect: bool = False            # an activation that only places the card (a Pendulum Scale)
    source_negated: bool = False       # its monster's effects were negated by an effect when it was activated (4.6.5.p14)
    source_drained: bool = False       # … or by a continuous effect on the field (4.6.5.p4)
    source_negated_anywhere: bool = False   # … by a negation not tied to a place (4.6.5.p12)
    on_field: bool = False             # the card was on the field when activated (3.2.2.p3: it may leave, and resolve)
    summoned: list = field(default_factory=list)   # monsters this link Special Summoned while resolving (delayed.py)
    counter_watchers: list = field(default_factory=list)   # cards that get a counter for this Spell (counters.py)
    activated_column: int | None = None   # a Spell/Trap effect activated in a Spell & Trap Zone: its column (columns.py)
    from_set: bool = False             # the card was activated from face-down (Set)
    target_places: dict = field(default_factory=dict)   # target id -> "field" or the pile it was targeted in
    phase: str = ""                    # the phase it was activated in
    cost_cards: list = field(default_factory=list)   # the cards moved as its cost (costs.pay)
    effect: object = None              # the effect activated (a card with several effects: which of them)


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
    calc_chain: bool = False           # effects were activated at damage calculation (they resolve first)
    flipped_target: bool = False       # the face-down target was flipped by this battle (its flip effect waits)
    calculating: bool = False          # damage is being calculated now ("only during damage calculation", stats.py)


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
    happened_log: list = field(default_factory=list)     # what each of them was: "operation", "chain_link" (4.10.7.p16, p18)
    skipped_links: list = field(default_factory=list)    # `happened` when a negated chain link was passed over (4.10.7.p19)
    # a cost being paid or a summon's Tributes/materials being sent ("cost", "summon"): a "when" trigger met then
    # misses its timing, since the activation or the summon goes on after it (4.10.7.p14)
    doing: str = ""
    trigger_marks: dict = field(default_factory=dict)   # trigger card id -> `happened` when its event occurred
    trigger_during: dict = field(default_factory=dict)  # trigger card id -> `doing` when its event occurred
    trigger_effects: dict = field(default_factory=dict)   # … -> which effect met it (a card with several effects)
    trigger_holders: dict = field(default_factory=dict)  # trigger card id -> who controlled it when its event occurred
    used_once: set = field(default_factory=set)          # once-per-turn uses: "card:<id>", "name:<player>:<name>"
    # per player: how many times a monster entered or left their Monster Zones. A replay compares these, not the
    # monster count: one monster leaving and another arriving is still a change (4.4.3.p46).
    monster_moves: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    resolving: bool = False            # a chain is resolving: nothing new is activated until it ends (3.6.4)
    met_mid_chain: set = field(default_factory=set)     # trigger card ids whose event happened while resolving
    negated_uses: set = field(default_factory=set)      # once-per-turn cards whose activation was negated
    temporary: list = field(default_factory=list)       # temporarily banished cards waiting to come back (temporary.py)
    summoning: object = None           # a summon being made, not yet succeeded (summon_negation.Summoning)
    effect_summoned: Card | None = None   # the monster an effect just summoned (that summon cannot be negated)
    phase_run: object = None           # the Standby/End Phase items being taken one at a time (phase_triggers.PhaseRun)
    delayed: list = field(default_factory=list)         # processings resolved effects left for a phase (delayed.Delayed)
    vows: list = field(default_factory=list)            # restrictions for the rest of the turn (vows.Vow)
    column_locks: list = field(default_factory=list)    # (turn, column, card): Spell/Trap effects negated there (columns.py)
    turn_log: object = None                             # what each player did this turn (vows.TurnLog)
    stat_seq: int = 0                                   # order of resolved stat changes (stats.Mod.seq)
    stat_began: dict = field(default_factory=dict)      # (effect key, op, monster id) -> when it began to apply (stats.py)
    lingering: list = field(default_factory=list)       # (card, player, args) protections granted for the turn
    unnegatable: list = field(default_factory=list)     # (card, args): "… cannot be negated" this turn (protection.py)
    protectors: list = field(default_factory=list)      # cards whose protection just kept a card from destruction
    damage_mods: list = field(default_factory=list)     # battle damage changes for the rest of the turn (battle_damage.py)
    name_locks: list = field(default_factory=list)      # "cannot activate cards of that name this turn" (name_locks.py)
    summon_grants: list = field(default_factory=list)   # additional Normal Summons granted this turn (summon_count.py)
    groups_used: set = field(default_factory=set)       # … the kinds of them used this turn
    normal_summon_total: int = 0                        # Normal Summons/Sets allowed this turn, 0 = the rule's 1
    # what a mechanic found out about this duel's cards the first time it needed to (cards do not gain effects), by
    # mechanic: one that has none of its cards here skips its scans (phase_triggers.py)
    in_play: dict = field(default_factory=dict)

    def __post_init__(self):
        self.priority = self.priority or self.board.turn
        self.has_continuous = any_continuous(self.board)

    # ---- recording
    def step(self, event: str, text: str, *keys: str, **params) -> None:
        if len(keys) > MAX_CITES and event not in COMPOSITE_STEPS:
            keys = tuple(dict.fromkeys(keys))[:MAX_CITES]   # the deciding rule first, then at most two more
        self.trace.add(event, text, *keys, **params)   # params: the message's parameters (engine/trace.py)

    def refuse(self, action: str, why: str, *keys: str, **params) -> None:
        self.trace.refuse(action, why, *tuple(dict.fromkeys(keys))[:MAX_CITES], **params)

    def battle_destroyed(self, card: Card) -> bool:
        """Destroyed by the battle in progress and still on the field (after damage calculation, 4.4.4.p119-137)."""
        atk = self.attack
        return atk is not None and atk.calculated and card in atk.destroyed and not card.indestructible_by_battle

    # ---- lookups
    def _zone_holder(self, card: Card):
        """The player in whose zone `card.zone` the card lies (an O(1) look first; None: not there)."""
        for p in self.board.players.values():
            if (p.monsters.get(card.zone) is card or p.spells_traps.get(card.zone) is card
                    or card.zone == "field" and p.field_spell is card):
                return p
        return None

    def where(self, card: Card) -> str:
        if self._zone_holder(card) is not None:
            return card.zone
        found = self.board.find(card.id)
        return found[1] if found else ""

    def controller(self, card: Card) -> str:
        holder = self._zone_holder(card)
        if holder is not None:
            return holder.name
        found = self.board.find(card.id)
        return found[0].name if found else card.owner

    def on_field(self, card: Card) -> bool:
        place = self.where(card)
        return place in MONSTER_ZONES or place.startswith("S") or place == "field"

    # ---- movements
    def remove(self, card: Card) -> str:
        """Take a card out of wherever it is; returns that place ("" if it was nowhere)."""
        found = self.board.find(card.id)
        if not found:
            return ""
        player, place, _ = found
        if place in MONSTER_ZONES and card.face_up and card.effect and card.effect.continuous:
            self.step("continuous.ends", f"{card.label()} leaves the Monster Zone: its continuous effects stop "
                      "applying at once.", "ygo.continuous.stops", "ygo.continuous.defined", card=card.label())
        if place in MONSTER_ZONES:
            del player.monsters[place]
            self.monster_moves[player.name] += 1
        elif place == "field":
            player.field_spell = None
        elif place.startswith("S"):
            del player.spells_traps[place]
            for handler in STOPS_BEING_EQUIP.handlers:   # a monster that was an equip card is one again (4.8.3.p11)
                handler(card)
        else:
            getattr(player, place).remove(card)
        card.moved += 1   # wherever it goes, it is a new card there (4.10.2.p11, 4.11.7.p4)
        card.gemini_summoned = False   # a Gemini summoned again loses that once it leaves the field (4.11.4.p2)
        if place in MONSTER_ZONES or place.startswith("S") or place == "field":
            # a card that leaves the field is a new card: what it did on the field this turn no longer counts
            card.attacks_this_turn = card.summoned_turn = card.position_changed_turn = card.set_turn = 0
            card.attacked_ids, card.equipped_to, card.control_returns = [], "", False
            card.attacked_turn = card.battled_turn = 0
            for handler in FORGETS.handlers:   # a new card: effects' ATK/DEF/Level changes are gone (stats.py)
                handler(self, card)
            card.effects_negated = card.negated_anywhere   # a new card: only a negation tied to no place stays
            if card.tuner_this_turn:   # no longer treated as a Tuner
                card.tuner = card.tuner_this_turn = False
            card.unaffected_turn = 0
            self.used_once.discard(f"card:{card.id}")   # a soft once-per-turn limit belongs to that card only
            for n in range(1, len(card.effects) + 1):   # … each of its effects (a card with several)
                self.used_once.discard(f"card:{card.id}:{n}")
        if place in MONSTER_ZONES and card.materials:
            self._detach_all(card)
        card.zone = ""
        card.position = ""
        card.face = ""
        card.face_up_in_extra_deck = False
        if place in MONSTER_ZONES or place.startswith("S") or place == "field":
            for handler in LEFT_FIELD.handlers:   # "when this card leaves the field, destroy that monster" (linked.py)
                handler(self, card)
        return place

    def _detach_all(self, card: Card) -> None:
        """An Xyz Monster leaving the field takes its Xyz Materials with it: they go to the graveyard."""
        materials, card.materials = card.materials, []
        for m in materials:
            self.board.player(m.owner).graveyard.append(m)
        self.step("xyz.materials_leave", f"{card.label()} leaves the field, so its Xyz Materials "
                  f"({', '.join(m.label() for m in materials)}) are sent to the graveyard.", "ygo.xyz.materials_leave", card=card.label(), cards=", ".join(m.label() for m in materials))

    def send(self, card: Card, pile: str) -> None:
        """Move a card to its owner's pile (graveyard, banished, hand, deck top, extra deck)."""
        holder, as_equip = self._zone_holder(card), bool(card.equip_was)
        place = self.remove(card)
        for handler in LEFT_ZONE.handlers:   # its counters go (counters.py)
            handler(self, card, place)
        if holder is not None and card.card_type == "monster" and card.kind != "token" and card.trigger("left_field"):
            # the window's player: who controlled it on the field; its stage: it left as an equip card (4.7.10)
            self.add_trigger(card, Window("left_field", card, None, holder.name, "as_equip" if as_equip else ""))
        if pile == "hand" and card.kind in EXTRA_DECK_KINDS:
            pile = "extra_deck"           # an Extra Deck monster returns to the Extra Deck
        if pile in ("hand", "deck", "extra_deck") and card.kind in EXTRA_DECK_KINDS + ("ritual",):
            card.properly_summoned = False   # back in a hidden pile it no longer counts as properly summoned (3.3.4.p4)
        if card.kind == "token":   # a token exists only on the field: leaving it, it vanishes (3.1.10.p1)
            if pile == "graveyard" and place:
                self.step("token.vanishes", f"{card.label()} is a token: it leaves the field and vanishes instead of "
                          "going to the graveyard.", "ygo.tokens.vanish", card=card.label())
            return
        owner = self.board.player(card.owner)
        if to_extra_deck_instead(card, place, pile):
            owner.extra_deck.insert(0, card)   # face-up cards lie on top of the face-down ones
            card.face_up_in_extra_deck = True
            self.step("pendulum.to_extra_deck", f"{card.label()} is a Pendulum Monster: leaving the field for the "
                      "graveyard, it is placed face-up in its owner's Extra Deck instead.",
                      "ygo.pendulum.to_extra_deck", "ygo.pendulum.extra_deck_order", "ygo.pendulum.extra_deck_public",
                      "ygo.pendulum.extra_deck_always", card=card.label())
            return
        if pile == "graveyard" and self.has_continuous:
            src = BANISHER.answer(self, card)
            if src is not None:   # "banished instead of sent to the graveyard" (Macro Cosmos)
                pile = "banished"
                self.step("replace.banished_instead", f"{card.label()} would be sent to the graveyard, but while "
                          f"{src.label()} applies it is banished instead.", "ygo.replace.banish_instead",
                          card=card.label(), source=src.label())
                if card.kind == "token":
                    return                # a banished token vanishes
        if pile == "graveyard":
            card.graveyard_turn = self.board.turn_number
            if card.trigger("sent_to_graveyard"):
                self.add_trigger(card, Window("sent_to_graveyard", card, None, card.owner))
        if pile == "deck":
            owner.deck.insert(0, card)
        elif pile == "extra_deck":
            faces_up = sum(1 for c in owner.extra_deck if c.face_up_in_extra_deck)
            owner.extra_deck.insert(faces_up, card)   # on top of the face-down cards, under the face-up ones
        else:
            getattr(owner, pile).append(card)

    def went(self, card: Card) -> str:
        """Where a card just sent to the graveyard went, in words (a Pendulum Monster goes to the Extra Deck, a card
        may be banished instead)."""
        if card.kind == "token" and not card.zone:
            return "vanishes (a token)"
        if card.face_up_in_extra_deck:
            return "placed face-up in its owner's Extra Deck"
        return "banished instead" if card in self.board.player(card.owner).banished else "sent to the graveyard"

    def place_monster(self, card: Card, player: str, zone: str, position: str, how: str | None = "special") -> None:
        """Put `card` in `zone`; `how` it came: special (a Special Summon), normal (a Normal Summon or Set, known as a
        summon once it succeeds), None (it returns to the field and keeps how it came before, as 4.11.6.p1)."""
        self.remove(card)
        card.card_type = "monster"
        card.kind = card.kind or ("effect" if card.effect else "normal")   # as a board monster is read (validate)
        card.zone, card.position = zone, position
        card.summoned_turn = self.board.turn_number
        if how is not None:
            card.summoned_by = {"special": ("special",), "normal": ()}[how]   # a Normal Summon counts once it succeeds
            card.gemini_summoned = False
        self.board.player(player).monsters[zone] = card
        self.monster_moves[player] += 1

    def destroy(self, card: Card, cause: str) -> None:
        """Destroyed cards go to the graveyard; a "when destroyed" trigger waits for its chain."""
        controller = self.controller(card) if self.on_field(card) else card.owner
        was_monster = card.card_type == "monster"   # an equip card that was a monster is destroyed as a Spell
        kind = kind_on_field(card)   # "a Normal Monster destroyed" reads it as it was on the field (4.4.4.p98)
        self.send(card, "graveyard")
        if card.trigger("destroyed"):
            self.add_trigger(card, Window("destroyed", card, None, cause))
        if was_monster:
            for handler in MONSTER_DESTROYED.handlers:   # "when a monster you control is destroyed" (card_triggers.py)
                handler(self, controller, card, cause, kind)

    def summoned(self, card: Card, player: str, by_effect: bool = False, method: str = "special",
                 batch: object = None) -> None:
        """The summon succeeded: its "when summoned" time point opens (an effect's summon: the moment it resolved).
        `batch` is the summon it belongs to (several monsters of one Pendulum Summon count as one Special Summon)."""
        if by_effect:
            self.effect_summoned = card
        card.summoned_by = (*(w for w in card.summoned_by if w != method), method)   # ways add up (4.11.5.p3)
        for handler in SUMMON_COUNTED.handlers:
            handler(self, card, player, method, batch)
        self.window = Window("summoned", card, None, player)
        self.priority, self.last_pass = player, ""
        if card.trigger("summoned", "field"):
            self.add_trigger(card, Window("summoned", card, None, player))
        if method == "flip" and card.trigger("flipped"):
            self.add_trigger(card, Window("flipped", card, None, player))   # a Flip Summon is a flip (3.1.4.p24)
        for handler in SUMMONED.handlers:   # hand/graveyard triggers, then "summoned in this column" ones
            handler(self, card, player, method)

    def draw(self, player: str, count: int, cause: str, key: str, source: str | None = None) -> None:
        """`player` draws `count` cards; one who must draw from an empty deck loses the duel."""
        p = self.board.player(player)
        for _ in range(count):
            if not p.deck:
                self.board.winner, self.board.win_reason = other(player), f"{player} had to draw from an empty deck"
                self.step("duel.deck_out", f"{player} must draw but has no cards in the deck: {player} loses the duel "
                          f"and {other(player)} wins.", key, "ygo.turn.deck_out", player=player, other=other(player))
                return
            card = p.deck.pop(0)
            p.hand.append(card)
            self.step("draw", f"{player} draws {card.label()} ({cause}).", key, player=player, card=card.label(),
                      **({"source": source} if source else {"normal": True}))

    def happen(self, what: str) -> None:
        """Something happened that takes a time point: an effect's operation or a resolving chain link."""
        self.happened += 1
        self.happened_log.append(what)

    @contextmanager
    def during(self, what: str):
        """A cost is being paid or a summon's Tributes or materials are being sent (see `doing`)."""
        before, self.doing = self.doing, what
        try:
            yield
        finally:
            self.doing = before

    def add_trigger(self, card: Card, window: Window, when: str = "") -> None:
        """`card`'s trigger met its timing (`when`, if not the window's event): it waits for the next chain. A card
        with several effects puts the one with that timing in use."""
        if card.effects:
            card.effect = self.trigger_effects[card.id] = card.trigger(when or window.event) or card.effect
        self.triggers.append((card, window))
        if self.resolving:
            self.met_mid_chain.add(card.id)
        self.trigger_marks[card.id] = self.happened
        self.trigger_during[card.id] = self.doing
        self.trigger_holders[card.id] = self.controller(card) if self.on_field(card) else card.owner

    # ---- LP and the end of the duel
    def lose_lp(self, player: str, amount: int) -> int:
        """Damage (battle or effect) to `player`: LP fall, and "when you take damage" triggers meet their timing."""
        p = self.board.player(player)
        lost = min(p.lp, amount)          # LP never goes below 0
        p.lp -= lost
        if lost:
            for monster in p.monster_list():
                if monster.face_up and monster.trigger("damage_taken"):
                    self.add_trigger(monster, Window("damage_taken", monster, None, player))
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
                      "ygo.win.lp_zero", "ygo.lp.zero_loses", loser=loser, winner=other(loser))

    def opponent_moves(self, player: str) -> int:
        return self.monster_moves[other(player)]

    def opponent_count(self, player: str) -> int:
        return len(self.board.player(other(player)).monsters)
