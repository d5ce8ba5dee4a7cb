"""The Digimon board as frozen records: cards, Digimon stacks, each player's zones, the board.

A Digimon in play is a stack (`Digimon`): its top card, the digivolution cards below it (top first),
its orientation and what effects have given it for a while (`Mod`). Every change makes a new record
(`replace`), so a board can be kept, compared and written out (`notation.py`).
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from functools import cached_property

PLAYERS = ("A", "B")
CARD_KINDS = ("digimon", "tamer", "option", "digiegg", "blank")
PHASES = ("main", "start", "over")  # main phase | a new turn waiting for `end_turn` | game over


def _hash_once(cls):
    """Keep a frozen record's hash once computed: the loop check (18-3) hashes the whole board after every
    effect, and a board that shares its unchanged stacks and cards then costs only what changed."""
    computed = cls.__hash__

    def __hash__(self) -> int:
        try:
            return self.__dict__["_hash"]
        except KeyError:
            value = computed(self)
            object.__setattr__(self, "_hash", value)
            return value

    cls.__hash__ = __hash__
    return cls


def replace(record, **changes):
    """`dataclasses.replace` for this module's frozen records, without re-running `__init__`: the engine makes
    a new board after every change, and copying the fields' dict is four times cheaper. Values cached on the
    record (its hash, a Digimon's `dp`, `card_ids` and `keyword_tuple`) are not carried over."""
    cls = type(record)
    names = _FIELD_NAMES.get(cls) or _field_names(cls)
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)[0]!r}")
    state = record.__dict__.copy()
    if len(state) != len(names):
        for key in state.keys() - names:
            del state[key]
    state.update(changes)
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", state)
    return new


def make(cls, **values):
    """`cls(**values)` for a frozen record, without the per-field `object.__setattr__` of a frozen `__init__`
    (validation builds every card of a scenario this way)."""
    names = _FIELD_NAMES.get(cls) or _field_names(cls)
    state = {**_DEFAULTS[cls], **values}
    if len(state) != len(names) or not names.issuperset(values):
        return cls(**values)   # a required field missing or an unknown name: __init__ says which
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", state)
    return new


_FIELD_NAMES: dict[type, frozenset[str]] = {}
_DEFAULTS: dict[type, dict] = {}


def _field_names(cls) -> frozenset[str]:
    _FIELD_NAMES[cls] = frozenset(f.name for f in fields(cls))
    _DEFAULTS[cls] = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    return _FIELD_NAMES[cls]


def opponent(player: str) -> str:
    return "B" if player == "A" else "A"


@_hash_once
@dataclass(frozen=True)
class Keyword:
    """A keyword effect: `kid` is the stable id (`security_attack`), `n` its number, `param` its text."""
    kid: str
    n: int | None = None
    param: str | None = None


@_hash_once
@dataclass(frozen=True)
class Effect:
    """One card effect in the project's vocabulary (EFFECTS.md): a timing, a verb and its operands."""
    timing: str
    do: str
    target: str | None = None
    amount: int | None = None
    until: str | None = None
    choose: str | tuple[str, ...] | None = None   # a card id, or ids when `count` chooses several
    optional: bool = False
    inherited: bool = False     # an inherited effect: works while the card is a digivolution card
    keyword: Keyword | None = None              # `do: gain`: the keyword given
    condition: tuple[tuple[str, int | bool], ...] = ()   # processing conditions (15-6), all must hold
    once_per_turn: bool = False                 # [Once Per Turn] (15-14-1)
    zone: str | None = None                     # hand | trash: works from there (15-14-2, 15-14-3)
    cost: int | None = None                     # `timing: main` of a Digimon/Tamer: memory paid to activate
    delayed: str | None = None                  # end_of_turn: done later, as a pending process (18-1-1)
    digiburst: int | None = None          # Digi-Burst N: trash N digivolution cards to run it (16-13)
    token: "Card | None" = None           # `do: create_token`: the token created (4-18-1)
    by: Cost | None = None                # "by …, …": an optional processing condition carried out first (15-7)
    count: int | None = None              # "N of …" (15-10-2-1): how many Digimon a one-by-one target chooses
    up_to: bool = False                   # "up to N" (15-10-2-2): the player may choose fewer (at least 1, 1-3-6)
    filter: tuple[tuple[str, object], ...] = ()   # target conditions (15-11-1-3, 15-11-2-3), all must hold
    link: bool = False                    # a link effect (2-3-12-6): works while the card is a link card (4-2-6)
    of: str | None = None                 # `do: cost`: which cost it changes (play | digivolve | use | link)
    card: "Req | None" = None             # `do: cost`: only for a card that meets this requirement
    no_sources: bool = False              # `do: cost`: only when a Digimon without digivolution cards digivolves
    effects_of: str | None = None         # `do: unaffected`: all (default) | opponent | opponent_digimon (15-15-6)
    instead: "Effect | None" = None       # 「代わりに」: the replacement process and its condition (18-2)
    info: tuple = ()                      # `do: add_info | change_info`: (key, value) pairs (15-12)
    marks: tuple = ()                     # fields that mechanics add (effects.effect_field): (name, value) pairs

    def mark(self, name: str, default=None):
        """The value of the field `name` a mechanic added to this effect (Effect.marks), else `default`."""
        for key, value in self.marks:
            if key == name:
                return value
        return default


@_hash_once
@dataclass(frozen=True)
class Cost:
    """An optional processing condition inside an effect ("by trashing 1 card from your hand, …", 15-7): what is
    carried out first (`do`: trash_hand, suspend, trash_security, delete, trash_sources, return_from_trash), how
    many (`amount`), on what (`target`) or which cards (`cards`: ids or names)."""
    do: str
    amount: int = 1
    target: str | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Req:
    """A card requirement of DigiXros, Assembly, DNA, Burst, App Fusion and Link (`name`, `trait`, `color`,
    `level`: every given one must hold; `count`: how many such cards, for Assembly)."""
    name: str | None = None
    trait: str | None = None
    color: str | None = None
    level: int | None = None
    count: int = 1

    def matches(self, card: "Card") -> bool:
        if card.face_down:
            return False     # 4-5-9: a face-down card has no information to match
        return ((self.name is None or self.name.casefold() in (card.name.casefold(), card.id.casefold()))
                and (self.trait is None or self.trait.casefold() in (t.casefold() for t in card.traits))
                and (self.color is None or self.color in card.colors)
                and (self.level is None or self.level == card.level))

    @property
    def text(self) -> str:
        parts = [f"{self.color.capitalize()}" if self.color else "", f"Lv.{self.level}" if self.level else "",
                 f"[{self.trait}]" if self.trait else "", f"\"{self.name}\"" if self.name else ""]
        return " ".join(p for p in parts if p) + (f" ×{self.count}" if self.count != 1 else "")


@dataclass(frozen=True)
class Combine:
    """A card's DigiXros / Assembly requirement (`reduce`: play cost minus per card or in all), DNA, Burst or
    App Fusion requirement (`cost`: the digivolve cost), or its Link (`cost`, `dp`, `keywords`, `to`)."""
    cards: tuple[Req, ...] = ()
    reduce: int = 0
    cost: int | None = None
    dp: int = 0
    keywords: tuple[Keyword, ...] = ()
    tamer: Req | None = None       # Burst: the Tamer returned to hand
    to: Req | None = None          # Burst: the Digimon digivolved from; Link: the Digimon linked to


@_hash_once
@dataclass(frozen=True)
class Card:
    id: str
    name: str = ""
    kind: str = "blank"
    level: int | None = None
    dp: int | None = None
    play_cost: int | None = None
    digivolve_cost: int | None = None
    colors: tuple[str, ...] = ()
    keywords: tuple[Keyword, ...] = ()
    inherited: tuple[Keyword, ...] = ()
    effects: tuple[Effect, ...] = ()
    traits: tuple[str, ...] = ()
    token: bool = False           # 4-18: created from outside the game; removed from the game when it leaves
    face_down: bool = False       # 4-5-9: a face-down digivolution card (Training) has no information
    overflow: int | None = None   # 4-17: memory moved when the card leaves the area or a stack
    face_up: bool = False         # 3-7-4: a security card placed face up (its {Security} effects work, 15-14-5)
    digixros: Combine | None = None      # 7-2
    assembly: Combine | None = None      # 7-3
    dna: Combine | None = None           # 8-2
    burst: Combine | None = None         # 8-3
    app_fusion: Combine | None = None    # 8-4
    link: Combine | None = None          # 10, 4-7
    digivolve_also: Combine | None = None   # 8-1-2-1: a second digivolution requirement (`to`, `cost`)
    digixros_for: tuple[str, ...] = ()   # 15-15-8-1: names of DigiXros requirements this card may stand in for

    @property
    def label(self) -> str:
        return self.name or self.id


@_hash_once
@dataclass(frozen=True)
class Mod:
    """Something an effect gave a Digimon for a while: DP (`dp`), a keyword or a restriction (`flag`,
    e.g. `cannot_be_blocked`), lasting `until` (`continuous`: recomputed from continuous effects, 15-8-2)."""
    until: str                       # end_of_turn | end_of_attack | end_of_battle | continuous
    dp: int = 0
    keyword: Keyword | None = None
    flag: str | None = None          # a restriction, or `unaffected:<whose>`: unaffected by those effects (15-15-6)
    source: str | None = None        # "<player>:<digimon|tamer|option>": whose effect, of which kind, gave it
    info: tuple = ()                 # (mode, key, value): information added ("add", 15-12-1) or changed ("change", 15-12-2)


@_hash_once
@dataclass(frozen=True)
class Digimon:
    """A card in the battle or breeding area (Digimon or Tamer) with its stack below it."""
    card: Card
    sources: tuple[Card, ...] = ()   # digivolution cards, top first
    suspended: bool = False
    played_this_turn: bool = False
    mods: tuple[Mod, ...] = ()
    links: tuple[Card, ...] = ()     # link cards (4-7), oldest first
    xrossed: int = 0                 # cards DigiXros placed under it as it was played (7-2-2-9, 7-2-2-10)

    @property
    def id(self) -> str:
        return self.card.id

    @property
    def label(self) -> str:
        return self.card.label

    @property
    def is_digimon(self) -> bool:
        """A Digimon card, or a card an effect also treats as a Digimon (15-12-1-4)."""
        return self.card.kind in ("digimon", "digiegg") or (bool(self.mods) and self._info("digimon", False))

    def _info(self, key: str, printed):
        """The card's information `key` after information-adding and -changing effects, in the order given:
        the last one decides (15-12-1-3, 15-12-2-3); a change does not touch what the card does not have
        (15-12-2-2); an added DP on a card without DP becomes its original DP (15-12-1-5). Lists (colours,
        traits, names) grow with additions and are replaced by changes."""
        value = printed
        for m in self.mods:
            if not m.info or self.unaffected_by(m.source):
                continue
            for mode, k, v in m.info:
                if k != key:
                    continue
                if isinstance(printed, tuple):
                    value = (*value, *(x for x in v if x not in value)) if mode == "add" else (v if value else value)
                elif mode == "add" or value is not None:
                    value = v
        return value

    def colors(self) -> tuple[str, ...]:
        return self._info("colors", self.card.colors) if self.mods else self.card.colors

    def traits(self) -> tuple[str, ...]:
        return self._info("traits", self.card.traits) if self.mods else self.card.traits

    def names(self) -> tuple[str, ...]:
        """Its names: the printed one, names it is also treated as having, or the name an effect changed it to."""
        printed = (self.card.name or self.card.id,)   # a scenario card without `name` goes by its id
        return self._info("names", printed) if self.mods else printed

    @cached_property   # the record is frozen; the rule check reads every Digimon's DP after each effect
    def dp(self) -> int | None:
        """Current DP: printed DP (or the DP an effect gave or changed it to, 15-12) plus modifications (1-3-8),
        never below 0 (1-3-7 keeps it an integer)."""
        base = self._info("dp", self.card.dp) if self.mods else self.card.dp
        if base is None:
            return None
        return max(0, base + sum(m.dp for m in self.mods if not self.unaffected_by(m.source))
                   + sum(c.link.dp for c in self.links))

    def unaffected_by(self, source: str | None) -> bool:
        """15-15-6: whether an effect of `source` ("<player>:<kind>") has no influence on this Digimon now: an
        `unaffected:*` (all effects), `unaffected:<player>` or `unaffected:<player>:<kind>` flag covers it (an effect of a Tamer also treated
        as a Digimon, "<player>:tamer+digimon", is of both kinds, 15-12-1-6).
        What such an effect gave stays on the Digimon and applies again once it is no longer unaffected
        (15-15-6-2)."""
        if source is None or not self.mods:
            return False
        for m in self.mods:
            if m.flag is not None and m.flag.startswith("unaffected:"):
                whose = m.flag[len("unaffected:"):]
                player, _, kinds = source.partition(":")
                if whose == "*" or whose == player or whose in {f"{player}:{k}" for k in kinds.split("+")}:
                    return True
        return False

    def keywords(self) -> list[Keyword]:
        """The top card's keywords, inherited keywords of the digivolution cards (4-2-4), granted ones."""
        return list(self.keyword_tuple)

    @cached_property   # the record is frozen; an attack reads the attacker's keywords a dozen times
    def keyword_tuple(self) -> tuple[Keyword, ...]:
        out = list(self.card.keywords)
        for src in self.sources:
            if not src.face_down:     # 4-5-9
                out.extend(src.inherited)
        for link in self.links:       # 4-2-6: a Digimon gains its link cards' link effects
            out.extend(link.link.keywords)
        out.extend(m.keyword for m in self.mods if m.keyword is not None and not self.unaffected_by(m.source))
        return tuple(out)

    def has(self, kid: str) -> bool:
        return any(k.kid == kid for k in self.keyword_tuple)

    def flagged(self, flag: str) -> bool:
        """Whether an effect gives this Digimon the restriction `flag` (e.g. `cannot_be_blocked`)."""
        return any(m.flag == flag and not self.unaffected_by(m.source) for m in self.mods)

    def count(self, kid: str) -> int:
        return sum(1 for k in self.keyword_tuple if k.kid == kid)

    def effects(self) -> list[Effect]:
        """The top card's own effects, the inherited effects of its digivolution cards and the link effects of
        its link cards."""
        out = [e for e in self.card.effects if not e.inherited and not e.link]
        for src in self.sources:
            if not src.face_down:
                out.extend(e for e in src.effects if e.inherited)
        for link in self.links:       # 4-2-6: a Digimon gains its link cards' link effects
            out.extend(e for e in link.effects if e.link)
        return out

    def cards(self) -> tuple[Card, ...]:
        return (self.card,) + self.sources

    @property
    def is_token(self) -> bool:
        return self.card.token

    @cached_property
    def card_ids(self) -> frozenset[str]:
        """The ids of every card in the stack (top card and digivolution cards)."""
        return frozenset(c.id for c in self.cards())


@_hash_once
@dataclass(frozen=True)
class PlayerState:
    battle_area: tuple[Digimon, ...] = ()
    breeding_area: Digimon | None = None
    security: tuple[Card, ...] = ()   # top first
    hand: tuple[Card, ...] = ()
    deck: tuple[Card, ...] = ()       # top first
    digitama: tuple[Card, ...] = ()   # top first
    trash: tuple[Card, ...] = ()      # oldest first

    def digimon(self, did: str) -> Digimon | None:
        for d in self.battle_area:
            if d.id == did:
                return d
        return None

    def put(self, new: Digimon, old_id: str | None = None) -> PlayerState:
        """Replace the battle-area stack named `old_id` (default: the same id) by `new`, keeping its place."""
        key = old_id or new.id
        return replace(self, battle_area=tuple(new if d.id == key else d for d in self.battle_area))

    def without(self, did: str) -> PlayerState:
        return replace(self, battle_area=tuple(d for d in self.battle_area if d.id != did))

    def all_cards(self) -> list[Card]:
        out: list[Card] = []
        for d in self.battle_area:
            out.extend(d.cards() + d.links)
        if self.breeding_area is not None:
            out.extend(self.breeding_area.cards())
        for zone in (self.security, self.hand, self.deck, self.digitama, self.trash):
            out.extend(zone)
        return out


@_hash_once
@dataclass(frozen=True)
class Board:
    turn: str = "A"
    memory: int = 0                 # seen from the turn player's side: > 0 theirs, < 0 the opponent's
    A: PlayerState = field(default_factory=PlayerState)
    B: PlayerState = field(default_factory=PlayerState)
    phase: str = "main"
    winner: str | None = None       # A | B | draw | None
    reason: str = ""

    def player(self, p: str) -> PlayerState:
        return self.A if p == "A" else self.B

    def with_player(self, p: str, state: PlayerState) -> Board:
        return replace(self, A=state) if p == "A" else replace(self, B=state)

    def owner_of(self, did: str) -> str | None:
        """Which player has the Digimon/Tamer `did` in the battle area."""
        for p in PLAYERS:
            if self.player(p).digimon(did) is not None:
                return p
        return None

    def memory_for(self, p: str) -> int:
        """Memory seen from player `p`'s side."""
        return self.memory if p == self.turn else -self.memory
