"""The Yu-Gi-Oh board: cards, players, the duel state, and the validated scenario.

Plain mutable dataclasses; every change to them goes through `actions`, `battle`, `chain`,
`effects` or `turn`, each of which records a cited step in the trace.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields

PLAYERS = ("A", "B")
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
MAIN_ZONES = ("M1", "M2", "M3", "M4", "M5")
EXTRA_ZONES = ("EMZ-L", "EMZ-R")
MONSTER_ZONES = MAIN_ZONES + EXTRA_ZONES
ST_ZONES = ("S1", "S2", "S3", "S4", "S5")
PENDULUM_ZONES = ("S1", "S5")                      # the leftmost and rightmost Spell & Trap Zones (2.1.6)
POSITIONS = ("attack", "defense", "set")          # set = face-down defense
MONSTER_KINDS = ("normal", "effect", "ritual", "fusion", "synchro", "xyz", "link", "token")
SPELL_KINDS = ("normal", "quick", "continuous", "field", "equip", "ritual")
TRAP_KINDS = ("trap", "continuous_trap", "counter")
ST_KINDS = SPELL_KINDS + TRAP_KINDS
SUMMON_WAYS = ("normal", "special", "flip", "set")   # Card.summoned_by
PILES = ("hand", "deck", "graveyard", "banished", "extra_deck")
HAND_LIMIT = 6


def other(player: str) -> str:
    return "B" if player == "A" else "A"


@dataclass
class Effect:
    """A card's effect in the project's vocabulary (see EFFECTS.md)."""
    type: str = ""                    # monsters: ignition | trigger | quick; "" for spells/traps
    when: str = ""                    # timing condition: attack_declared | summoned | destroyed | activation
    targets: int = 0                  # how many targets the activation must name
    ops: tuple = ()                   # ((op, args), ...) applied in order on resolution
    steps: tuple = ()                 # per op: "" (independent) | then (那之后) | and (，): needs the step before (4.7.2)
    if_you_control: str = ""          # "if you control <name>": checked when it is activated (4.10.8.p6)
    target_in: tuple = ("field",)     # where its targets may be: field, graveyard, banished (3.1.1)
    cost: tuple = ()                  # ((cost, args), ...) paid on activation (costs.py)
    once_per_turn: str = ""           # "" | card (this card, soft) | name (this card name, per player, hard)
    source: str = "field"             # where the effect is activated from (field | hand | graveyard)
    turn: str = "own"                 # Standby/End Phase triggers: in whose turn (own | opponent | each)
    condition: str = ""               # "sent_this_turn": only if this card was sent to the graveyard this turn;
                                      # "attacker_summoned_this_turn": the attacker was summoned this turn
    vow: dict | None = None           # "the turn you activate this, you cannot …" (vows.py)
    mandatory: bool = False           # triggers: activates whenever its timing is met; never declined
    wording: str = "when"             # optional triggers: when (时: can miss the timing) | if (场合: cannot)
    continuous: tuple = ()            # ((op, args), ...) applied while the card is face-up (continuous.py)
    replace: dict | None = None       # "if … would be destroyed, … instead" (replacement.py)
    maintenance: dict | None = None   # {pay_lp, phase}: pay in each of your Standby/End Phases or destroy (maintenance.py)
    destroyed_monster: dict | None = None   # `when: monster_destroyed`: {kind, by} the destroyed monster must match
    phase_chain: bool = False         # a Trap's mandatory phase trigger ruled to chain with its like (4.10.10.p6)
    while_on_field: str = ""          # its continuous effects apply only while a card of this name is on the field
    # the scenario mapping validate built this effect from: the canonical text form writes it back as it is, so
    # every effect field, old or new, round-trips (notation.py); not part of what the effect is (compare=False)
    given: dict = field(default_factory=dict, compare=False, repr=False)


@dataclass(eq=False)   # a card is itself: compared by identity (fast `in`/`remove` on piles)
class Card:
    id: str
    owner: str
    name: str = ""
    card_type: str = ""               # monster | spell | trap | "" (a card whose details do not matter)
    # monster data (also kept while the card is in a pile)
    level: int = 0
    atk: int = 0
    defense: int = 0
    kind: str = ""                    # monster kind or spell/trap kind; "" = unknown (a bare hand card)
    piercing: bool = False
    indestructible_by_battle: bool = False
    indestructible_untargeted: bool = False   # "cannot be destroyed by card effects that do not target it" (4.1.3.p8)
    indestructible_by_effect: bool = False   # protections (protection.py, rulebook 4.1)
    untargetable: bool = False
    unaffected: bool = False                 # unaffected by other cards' effects
    unaffected_by: tuple = ()                # … only by these: spell, trap, monster, opponent (protection.py)
    trap_monster: bool = False        # a Trap Card as a monster (3.1.11); Set in a Spell & Trap Zone: one that summons itself
    also_trap: bool = False           # … "this card is also still a Trap Card" (trap_negation.py)
    race: str = ""                    # the monster's Type (种族), e.g. fairy
    attribute: str = ""               # the monster's Attribute (属性), e.g. fire
    name_locked: bool = False         # on the field, yet covered by a declared-name lock (name_locks.py)
    effect: Effect | None = None      # the effect in use: its only one, or the one of `effects` being activated
    effects: tuple = ()               # a card with several effects (①②…): all of them, in text order (3.5.4.p11)
    # Extra Deck and Pendulum data (extra_deck.py, link.py, pendulum.py)
    pendulum: bool = False            # a Pendulum Monster (kind says normal/effect/fusion/… as well)
    scale: int = 0                    # its Pendulum Scale
    tuner: bool = False
    rank: int = 0                     # Xyz Monsters have a Rank instead of a Level
    arrows: tuple = ()                # Link Arrows, from the controller's view (top-left, top, …)
    link_rating: int = 0              # a Link Monster's LINK (= the number of its arrows)
    material_req: object = None       # fusion: material names or a count; xyz: count; link: minimum count
    special_summon_only: bool = False # a Special Summon Monster that cannot be Normal Summoned (3.3.2)
    properly_summoned: bool = True    # False: a Special Summon Monster never properly summoned (revive limit)
    procedure: dict | None = None     # its own Special Summon procedure, no activation (procedure.py, 3.3.2)
    unique_on_field: str = ""         # "only 1 face-up <name>": own (your field) | field (4.2.2, field_limits.py)
    summon_only_by: str = ""          # "can only be Special Summoned by the effect of <name>" | card_effect (3.3.2.p7, p23)
    own_procedure_only: bool = False        # "can only be Special Summoned by …": no effect can summon it (3.3.3)
    special_summon_once: bool = False       # "you can only Special Summon <name> once per turn" (4.9.1.p24, vows.py)
    summon_vow: dict | None = None          # "the turn you Special Summon this card, you cannot …" (4.9.2.p2, vows.py)
    materials: list = field(default_factory=list)   # Xyz Materials (overlay units) under this monster
    atk_per_material: int = 0         # "its original ATK becomes the number of its materials × N" (stats.py)
    # where it is on the field
    zone: str = ""                    # M1.., EMZ-L/R, S1.., "field"; "" when not on the field
    position: str = ""                # monsters: attack | defense | set
    face: str = ""                    # spells/traps: up | down
    # per-turn bookkeeping (turn numbers; 0 = never)
    set_turn: int = 0                 # the turn a spell/trap was set
    summoned_turn: int = 0            # turn normal/flip/special summoned or set
    summoned_by: tuple = ()           # how it came to the field: normal, special, flip, set - these add up (4.11.5.p3)
    material_filter: dict | None = None     # Synchro/Xyz/Link: what each material must be (traits.py), e.g. Normal Summoned
    gemini: bool = False              # a Gemini monster: a Normal Monster until it is Normal Summoned again on the field
    gemini_summoned: bool = False     # it was (an Effect Monster since, rulebook 3.3.2.p4, 4.6.2.p7)
    position_changed_turn: int = 0
    attacks_this_turn: int = 0
    attacks_allowed: int = 1          # attack declarations per Battle Phase ("can attack twice" = 2)
    attack_all: bool = False          # can attack each of the opponent's monsters once
    attacked_ids: list = field(default_factory=list)   # monsters it attacked this Battle Phase (attack_all)
    equipped_to: str = ""             # an equip card: the id of the monster it is equipped to
    equip_was: tuple = ()             # a monster treated as an Equip Spell: its (card_type, kind, trap_monster) (4.8.3)
    equipped_by: str = ""             # … equipped to that card by the card's own effect, which alone keeps it (4.8.3.p9)
    equip_effect: Effect | None = None   # a monster's effects while it is an equip card (Union monsters, 4.8.3.p4)
    equip_effect_own_only: bool = False  # … only when its own effect equipped it ("equipped by this card's effect")
    control_returns: bool = False     # control taken "until the End Phase": it goes back then
    face_up_in_extra_deck: bool = False   # a Pendulum Monster sent from the field to the Extra Deck
    mods: list = field(default_factory=list)   # resolved changes to its ATK/DEF/Level on the field (stats.Mod);
    stat_erased: dict = field(default_factory=dict)   # continuous effects a "becomes" erased -> until turn (0: for good)
    attacked_turn: int = 0            # the turn it "attacked" (its attack reached the Damage Step, 4.4.4.p3)
    battled_turn: int = 0             # the turn it battled (damage calculation took place, 4.4.4.p97)
    graveyard_turn: int = 0           # the turn it was last sent to the graveyard
    effects_negated: bool = False     # negated until the end of the turn by a resolved effect (negation.py)
    linked: list = field(default_factory=list)   # (monster, its `moved`) this card Special Summoned and destroys when gone
    tuner_this_turn: bool = False     # treated as a Tuner by an effect until the end of the turn
    negated_anywhere: bool = False    # … by a negation not tied to a place, e.g. by card name (4.6.5.p11-12)
    moved: int = 0                    # times it changed place or turned face-down: each time it is a new card
    # counters (counters.py, rulebook 3.1.7): kind -> how many are on this face-up card on the field
    counters: dict = field(default_factory=dict)
    holds_counters: tuple = ()        # restricted kinds its own text places on itself ("a card that can hold …")
    counter_limit: dict = field(default_factory=dict)   # kind -> the most this card can hold ("max 1")
    counter_locks: dict = field(default_factory=dict)   # kind -> ("cannot_attack", "negate_effects") while it has them
    unaffected_turn: int = 0          # unaffected by other cards' effects during this turn (an effect granted it)
    gains_counter: dict | None = None  # {kind, per}: "each time a Spell is activated, place 1 counter on this card"

    @property
    def face_up(self) -> bool:
        return self.position in ("attack", "defense") if self.zone in MONSTER_ZONES else self.face == "up"

    @property
    def unsummoned_gemini(self) -> bool:
        """A Gemini monster on the field not yet Normal Summoned again: a Normal Monster, with no effects."""
        return self.gemini and not self.gemini_summoned and self.zone in MONSTER_ZONES

    def label(self) -> str:
        return f"{self.name} ({self.id})" if self.name else self.id

    def trigger(self, when: str, source: str | None = None) -> Effect | None:
        """Its trigger effect with that timing (and activated from `source`), if it has one."""
        for e in self.effects or (self.effect,):
            if e is not None and e.type == "trigger" and e.when == when and (source is None or e.source == source):
                return e
        return None

    @property
    def effect_number(self) -> int:
        """Which of its effects is in use (1 = ①); 0 for a card with one effect."""
        return next((i + 1 for i, e in enumerate(self.effects) if e is self.effect), 0)


# every field in order, with its default (id, owner and the fresh lists are filled in by new_card)
def kind_on_field(card: Card) -> str:
    """The kind a monster on the field has there: a Gemini monster (`gemini: true`) not Normal Summoned again is a
    Normal Monster, then an Effect Monster; "when a Normal Monster you control is destroyed" reads the monster as it
    was there (rulebook 4.4.4.p98)."""
    if card.gemini:
        return "normal" if card.unsummoned_gemini else "effect"
    return card.kind


_BLANK = {f.name: None if f.default is MISSING else f.default for f in fields(Card)}
_FRESH = tuple((f.name, f.default_factory) for f in fields(Card) if f.default_factory is not MISSING)
assert not hasattr(Card, "__post_init__")   # new_card skips __init__


def new_card(card_id: str, owner: str) -> Card:
    """`Card(id=card_id, owner=owner)` from a copy of the defaults, at half the cost of the 40-field `__init__`:
    a pile given as a count makes one card per count."""
    state = _BLANK.copy()
    state["id"], state["owner"] = card_id, owner
    for name, make in _FRESH:
        state[name] = make()
    card = object.__new__(Card)
    card.__dict__ = state
    return card


@dataclass
class Player:
    name: str
    lp: int = 8000
    monsters: dict[str, Card] = field(default_factory=dict)       # zone -> card
    spells_traps: dict[str, Card] = field(default_factory=dict)   # zone -> card
    field_spell: Card | None = None
    hand: list[Card] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)                # top first
    graveyard: list[Card] = field(default_factory=list)
    banished: list[Card] = field(default_factory=list)
    extra_deck: list[Card] = field(default_factory=list)

    def monster_list(self) -> list[Card]:
        return [self.monsters[z] for z in MONSTER_ZONES if z in self.monsters]

    def st_list(self) -> list[Card]:
        return [self.spells_traps[z] for z in ST_ZONES if z in self.spells_traps]

    def all_cards(self) -> list[Card]:
        out = self.monster_list() + self.st_list() + ([self.field_spell] if self.field_spell else [])
        for pile in PILES:
            out += getattr(self, pile)
        return out

    def free_main_zone(self) -> str | None:
        return next((z for z in MAIN_ZONES if z not in self.monsters), None)

    def free_st_zone(self) -> str | None:
        return next((z for z in ST_ZONES if z not in self.spells_traps), None)


@dataclass
class Board:
    turn: str = "A"
    phase: str = "main1"
    turn_number: int = 2
    players: dict[str, Player] = field(default_factory=dict)
    normal_summons_used: int = 0      # this turn's Normal Summon/Set count
    pendulum_summoned: bool = False   # the turn player's one Pendulum Summon this turn is used
    winner: str | None = None         # "A" | "B" | "draw"
    win_reason: str = ""
    # card id -> the card `find` last returned: a long scenario looks cards up hundreds of times, and a card's
    # id never changes, so `find` checks where that card is before scanning every zone and pile by id
    found: dict[str, Card] = field(default_factory=dict, init=False, repr=False, compare=False)

    def player(self, name: str) -> Player:
        return self.players[name]

    def find(self, card_id: str) -> tuple[Player, str, Card] | None:
        """(controller, place, card) where place is a zone name or a pile name."""
        card = self.found.get(card_id) if isinstance(card_id, str) else None
        if card is not None:   # the card met last time: look for that very card, at C speed (`in` is `is` here)
            for p in self.players.values():
                if card in p.monsters.values() or card in p.spells_traps.values():
                    zones = p.monsters if card in p.monsters.values() else p.spells_traps
                    return p, next(z for z, c in zones.items() if c is card), card
                if p.field_spell is card:
                    return p, "field", card
                for pile in PILES:
                    if card in getattr(p, pile):
                        return p, pile, card
        found = self._scan(card_id)
        if found is not None:
            self.found[card_id] = found[2]
        return found

    def _scan(self, card_id: str) -> tuple[Player, str, Card] | None:
        for p in self.players.values():
            for z, c in p.monsters.items():
                if c.id == card_id:
                    return p, z, c
            for z, c in p.spells_traps.items():
                if c.id == card_id:
                    return p, z, c
            if p.field_spell is not None and p.field_spell.id == card_id:
                return p, "field", p.field_spell
            for pile in PILES:
                for c in getattr(p, pile):
                    if c.id == card_id:
                        return p, pile, c
        return None

    @property
    def over(self) -> bool:
        return self.winner is not None


@dataclass
class Scenario:
    edition: str
    board: Board
    actions: list[tuple[str, dict]]   # (kind, args) in order
    choose: dict[str, str] = field(default_factory=dict)
    decline: tuple[str, ...] = ()
    title: str = ""
    question: str = ""
