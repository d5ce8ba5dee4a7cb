"""The running game: the current board, the trace, the player choices, and pending triggered effects.

Effects that trigger are collected in `new_triggers` and processed by `flush()` in the order of chapter 15:
the turn player's pending effects one at a time, then the non-turn player's (15-4-3-5); effects that
trigger while one resolves are processed before the older pending ones (15-4-5-2). After each effect
the rule check runs (17-1-3).

This is the kernel of the Digimon engine (docs/engine.md): it imports no mechanic. Mechanics plug in two ways:
- what one provides to the others (run a pending effect, delete Digimon, play a card, declare an attack …) it
  registers with `@provides(kind)`, and everyone reaches it through the Game method of that name, so no
  mechanic imports a peer or one above it;
- what it adds at a time point or to a question it registers with `@on(kind)` (HOOKS); `Game.emit` runs the
  handlers of a time point, `Game.objection` asks a question ("may this effect activate?"). A kind nobody
  registered costs one dictionary look-up.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from operator import attrgetter
from dataclasses import dataclass, field

from ..trace import Trace
from .continuous import continuous_card_ids, refresh as refresh_continuous
from .model import Board, Card, Digimon, Effect, Mod, PlayerState, opponent, replace
from .validate import Scenario

# kind -> the one handler a mechanic registered for it (see the Game methods under "operations")
PROVIDED: dict[str, Callable] = {}


# kind -> the handlers mechanics registered, in registration order:
#   effect_may_activate(game, owner, effect, card_id) -> None, or (trace event, why, rule keys) when it may not
#   effect_activated(game, owner, effect, card_id)     an effect activates (its per-turn limits are used)
#   cards_renewed(game, cards)                          these cards became new cards (3-1-3-1)
#   turn_ended(game, player)                            player's turn ended (the turn player changes next)
#   effect_declares_attack(game, effect) -> None, or True when carrying the effect out declares an attack (Blitz):
#                                                       it waits while an attack is under way (settle_waiting)
#   condition_deferred(game, owner, effect, card_id) -> None, or True when the effect's condition binds one of
#                                                       its processes only, checked as that one runs (15-6-2)
#   process_may_run(game, owner, effect, card_id, holder) -> None, or (trace event, why, rule keys) when the
#                                                       process is not carried out now (the rest of the effect is)
#   process_scaled(game, owner, effect, card_id, holder) -> None, or the effect as it is carried out now ("for each")
#   effect_processed(game, owner, effect, card_id, holder, done)   an effect's process was carried out
#                                                       (done: it changed the board) or not (declined, refused)
#   security_changed(game, player, before, after)       player's security went from `before` to `after` cards at once
#   digimon_played(game, player, digimon)               a Digimon or Tamer was played (put in the battle area as played)
#   digimon_deleted(game, deleted)                      these (player, Digimon) were deleted at the same time (they have left the battle area)
#   sources_added(game, player, digimon, cards, by)     an effect of player `by` placed cards under p's Digimon
#   digimon_digivolved(game, player, digimon, area)     p's Digimon digivolved (area: "battle" | "breeding"), as it is now
#   effect_targets(game, owner, effect, holder) -> None, or the (player, Digimon) pairs a target a mechanic added names
#   main_activator(game, card_id) -> None, or ((player, Digimon standing for the card), zone) for a card outside the
#                                                       areas whose [Main] effect the `activate` action may activate
#   main_unusable(game, player, digimon, zone) -> None, or (why, rule keys): it has no [Main] effect usable there
#   not_placed(game, player, cards, zone)               an effect put these cards toward p's `zone` (security), but a rule
#                                                       sent them elsewhere (a Digi-Egg card, a token): it has no more cards
#   cards_discarded(game, player, cards, by)            an effect of player `by` trashed these cards from p's hand (4-14)
#   color_requirement_waived(game, player, option card) -> None, or (True, why, rule keys) when the card may be used
#                                                       without its colour requirement, (False, why, rule keys) when not
#   targets_filtered(game, owner, effect, seen)         an effect's target conditions (`filter`) are read on the
#                                                       battle-area Digimon it could name (`seen`)
#   draw_phase_skipped(game, player) -> None, or (trace event, text, rule keys) when player draws nothing this draw phase
HOOKS: dict[str, list[Callable]] = {}


def on(kind: str):
    """Register the decorated function as a handler of the time point or question `kind` (see HOOKS)."""
    def register(fn):
        handlers = HOOKS.setdefault(kind, [])
        handlers[:] = [h for h in handlers if (h.__module__, h.__qualname__) != (fn.__module__, fn.__qualname__)]
        handlers.append(fn)
        return fn
    return register


# effect verb (`do:`) -> its runner (game, owner, effect, card_id, holder); triggered keyword -> its runner
# (game, trigger). Mechanics add theirs with `runs_verbs` / `runs_keywords`; resolve.py dispatches by name.
VERBS: dict[str, Callable] = {}
KEYWORDS: dict[str, Callable] = {}


def _add(table: dict, runners: dict, what: str) -> None:
    for name, fn in runners.items():
        if name in table and table[name].__module__ != fn.__module__:
            raise RuntimeError(f"the {what} {name!r} is run by both {table[name].__module__} and {fn.__module__}")
        table[name] = fn


def runs_verbs(runners: dict) -> None:
    """Register the runners of these effect verbs (name -> runner)."""
    _add(VERBS, runners, "effect verb")


def runs_keywords(runners: dict) -> None:
    """Register the runners of these triggered keywords (name -> runner)."""
    _add(KEYWORDS, runners, "triggered keyword")


def provides(kind: str):
    """Register the decorated function as the handler of `kind`; each kind has exactly one provider."""
    def register(fn):
        if kind in PROVIDED and PROVIDED[kind].__module__ != fn.__module__:
            raise RuntimeError(f"{kind!r} is provided by both {PROVIDED[kind].__module__} and {fn.__module__}")
        PROVIDED[kind] = fn
        return fn
    return register


@dataclass
class Trigger:
    owner: str
    card_id: str                 # the card whose effect this is (the top card for On Deletion, 15-8-3-5)
    where: str                   # "battle" | "trash" | "hand" | "breeding" | "security" | "delayed" | "removed" (a deleted token) | "trashed" (in the trash, as it was trashed): where the card must be when it runs
    effect: Effect | None = None
    keyword: str | None = None   # raid | alliance | retaliation | fortitude
    partner: str | None = None   # Retaliation: the Digimon it battled
    keyword_count: int = field(default=1, compare=False)   # how many copies of the keyword triggered (16-12-4)
    loop_key: int | None = field(default=None, compare=False, repr=False)   # Game.trigger_key, once known
    subject: tuple = field(default=(), compare=False)   # (player, Digimon as it was) whose event triggered it (15-8-3-8)


@dataclass
class Attack:
    player: str
    attacker: str                # follows the attacking Digimon when its top card changes
    target: str                  # "player" or the id of the Digimon under attack
    blocked: bool = False
    pierce: bool = False         # Piercing is reserved until just before End of Attack (16-6-4)
    ended: bool = False          # an effect ended the attack: straight to End of Attack (15-15-1-1)
    execute: bool = False        # Execute: the attacker is deleted at the end of the attack (16-37-4)
    declared: str = ""           # the target chosen at the declaration, kept when the target changes (11-2-7-6)

    def __post_init__(self):
        self.declared = self.declared or self.target

_LOOP_KEY = attrgetter("loop_key")


def board_shape(board: Board) -> tuple:
    """What equal boards certainly share, at a cost that does not grow with the cards: turn, memory, phase,
    zone sizes, the stacks in play with their size, modifications and orientation."""
    return (board.turn, board.memory, board.phase, *(
        (len(ps.hand), len(ps.deck), len(ps.trash), len(ps.security), len(ps.digitama),
         tuple((d.id, len(d.sources), len(d.mods), d.suspended) for d in ps.battle_area))
        for ps in (board.A, board.B)))


class Game:
    def __init__(self, scenario: Scenario):
        self.board: Board = scenario.board
        self.trace = Trace()
        self.decline = scenario.decline
        self.choices = dict(scenario.choose)
        self.actions: deque = deque(scenario.actions)
        self.attack: Attack | None = None
        self.security_digimon: tuple[str, Digimon] | None = None   # (owner, the checked Digimon card, 13-1-6)
        self.new_triggers: list[Trigger] = []
        self.waiting: list[list[Trigger]] = []   # the pending effects of each flush in progress (11-1-4)
        self.seen: dict = {}         # (board shape, pending effects) -> boards met while processing the action
        self.trigger_keys: dict[tuple, int] = {}
        self.used_once: set = set()  # (card id, effect) of [Once Per Turn] effects used this turn (15-14-1)
        self.rule_after_effect = False
        self.delayed: list[Trigger] = []   # processes held until the end of this turn (18-1-1)
        self.limbo: Card | None = None   # the option being used or the card being checked: in no area (9-1-4, 13-1-5)
        self.continuous = continuous_card_ids(self.board)   # cards with continuous effects (15-8-2)
        self.continuous_active: dict = {}
        self.continuous_signature = None
        self.refreshed_board = None
        self.checked_board = None    # the last board the rule check found nothing to do on
        self.burst_pending: list[tuple[str, frozenset]] = []   # (owner, the stack's card ids): Burst's end-of-turn trash (8-3-2-1)
        self.deleting: dict[str, bool] = {}   # Digimon whose "would be deleted" effects run -> prevented (15-8-5)
        self.tokens_made = 0         # numbers the ids of tokens effects create
        self.kept: dict = {}         # what mechanics keep during the game, by mechanic (e.g. per-turn use counts)
        self.running: Trigger | None = None   # the pending effect being processed (flush), for what it refers to

    # ------------------------------------------------------------------ trace
    def step(self, event: str, text: str, *keys: str, **params) -> None:
        self.trace.add(event, text, *keys, **params)   # params: the message's parameters (engine/trace.py)

    def refuse(self, action: str, why: str, *keys: str, **params) -> None:
        self.trace.refuse(action, why, *keys, **params)

    @property
    def over(self) -> bool:
        return self.board.winner is not None

    def win(self, player: str, reason: str, text: str, *keys: str) -> None:
        self.step("game.won", text, *keys, *(["dcg.win.at_once"] if "dcg.win.at_once" not in keys else []),
                  winner=player, reason=reason)
        self.board = replace(self.board, winner=player, reason=reason, phase="over")

    # ------------------------------------------------------------------ operations mechanics provide
    def run_trigger(self, t: Trigger) -> None:
        """Run a pending triggered effect or keyword (resolve.py)."""
        PROVIDED["run_trigger"](self, t)

    def run_effect(self, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> bool | None:
        """Carry out an effect that activates now (resolve.py): True when its process changed the board, False
        when it did not, None when its optional processing condition was not carried out (15-7-2)."""
        return PROVIDED["run_effect"](self, owner, e, card_id, holder)

    def ready(self, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> bool:
        """Whether an effect that triggered activates now: its [Once Per Turn] limit and its condition (resolve.py)."""
        return PROVIDED["ready"](self, owner, e, card_id, holder)

    def targets(self, owner: str, e: Effect, holder: Digimon | None) -> list[tuple[str, Digimon]]:
        """The Digimon an effect acts on, as (owner, stack), less those it cannot affect (resolve.py)."""
        return PROVIDED["targets"](self, owner, e, holder)

    def nothing(self, card_id: str, verb: str, owner: str | None = None, e: Effect | None = None) -> None:
        """Record that an effect had nothing to act on, and why (resolve.py)."""
        PROVIDED["nothing"](self, card_id, verb, owner, e)

    def play_card(self, owner: str, card: Card, text: str, *keys: str, **how) -> None:
        """Place a card in the battle area as played, with its [On Play] effects (resolve.py)."""
        PROVIDED["play_card"](self, owner, card, text, *keys, **how)

    def destroy(self, ids: list[str], cause: str, by: str | None = None) -> list[tuple[str, Digimon]]:
        """Delete these Digimon at the same time (battle.py); returns those deleted, with their owners."""
        return PROVIDED["destroy"](self, ids, cause, by)

    def can_attack(self, attacker: str, target: str, by_effect: bool = False, **how):
        """Why `attacker` cannot attack `target` now (a Refusal), or None (attack.py)."""
        return PROVIDED["can_attack"](self, attacker, target, by_effect, **how)

    def declare_attack(self, attacker: str, target: str, **how) -> None:
        """Attack, from the declaration to the end of the attack (attack.py)."""
        PROVIDED["attack"](self, attacker, target, **how)

    def digiburst(self, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> bool:
        """Digi-Burst: trash the digivolution cards an effect needs to run; False when it cannot (keyword_verbs.py)."""
        return PROVIDED["digiburst"](self, owner, e, card_id, holder)

    def activate_from_zone(self, p: str, d: Digimon, zone: str, e: Effect, source: str, paid: str,
                           keys: list) -> None:
        """Activate the [Main] effect `e` of the card `d` stands for in p's hand or trash (zone_main.py)."""
        PROVIDED["activate_from_zone"](self, p, d, zone, e, source, paid, keys)

    def check_links(self, p: str) -> None:
        """The rule check's look at p's link cards (17-1-3-6, 17-1-3-7; combine.py)."""
        PROVIDED["check_links"](self, p)

    # ------------------------------------------------------------------ time points and questions
    def emit(self, kind: str, *args) -> None:
        """The time point `kind` has come: run the handlers mechanics registered for it."""
        for handler in HOOKS.get(kind, ()):
            handler(self, *args)

    def objection(self, kind: str, *args):
        """The first handler's reason why `kind` may not happen, or None when none objects."""
        for handler in HOOKS.get(kind, ()):
            why = handler(self, *args)
            if why is not None:
                return why
        return None

    # ------------------------------------------------------------------ choices
    def uses(self, kid: str, card_id: str) -> bool:
        """Optional effects are used unless the scenario declines the keyword/verb or the card."""
        return kid not in self.decline and card_id not in self.decline

    def pick(self, key: str, candidates: list, preferred: str | None = None):
        """A choice among legal candidates: the effect's own `choose`, the scenario's `choose`, else the
        first in board order (the documented default)."""
        for want in (preferred, self.choices.get(key)):
            for c in candidates:
                if want is not None and c.id == want:
                    return c
        return candidates[0] if candidates else None

    # ------------------------------------------------------------------ board access
    def ps(self, p: str) -> PlayerState:
        return self.board.A if p == "A" else self.board.B   # Board.player, inlined: the engine's most frequent call

    def set_ps(self, p: str, state: PlayerState) -> None:
        was = self.board.A if p == "A" else self.board.B
        self.board = self.board.with_player(p, state)
        if state.security is not was.security and len(state.security) != len(was.security):
            self.emit("security_changed", p, len(was.security), len(state.security))

    def find(self, did: str | None) -> tuple[str, Digimon] | None:
        """A card in a battle area, by id: (owner, stack)."""
        if did is None:
            return None
        board = self.board
        for p, ps in (("A", board.A), ("B", board.B)):
            for d in ps.battle_area:   # PlayerState.digimon, inlined
                if d.card.id == did:
                    return p, d
        return None

    def put(self, p: str, new: Digimon, old_id: str | None = None) -> None:
        """Replace a stack in p's battle area; when its top card changed, the attack follows it."""
        self.set_ps(p, self.ps(p).put(new, old_id))
        if old_id and old_id != new.id and self.attack is not None:
            if self.attack.attacker == old_id:
                self.attack.attacker = new.id
            if self.attack.target == old_id:
                self.attack.target = new.id

    def add_to_battle_area(self, p: str, d: Digimon) -> None:
        ps = self.ps(p)
        self.set_ps(p, replace(ps, battle_area=ps.battle_area + (d,)))

    def trash_cards(self, p: str, cards) -> None:
        """Put cards in p's trash; a token is removed from the game instead (4-18-5)."""
        cards = tuple(cards)
        tokens = [c for c in cards if c.token]
        ps = self.ps(p)
        self.set_ps(p, replace(ps, trash=ps.trash + (tuple(c for c in cards if not c.token) if tokens else cards)))
        if tokens:
            self.step("token.removed", f"{', '.join(c.label for c in tokens)} (a token) is not placed in the trash: "
                      f"it is removed from the game.", "dcg.token.removed", cards=", ".join(c.label for c in tokens))

    def discard(self, p: str, cards, by: str) -> None:
        """Trash these cards from p's hand by an effect of player `by` (4-14-1); then the time point
        `cards_discarded`."""
        cards = tuple(cards)
        ps = self.ps(p)
        self.set_ps(p, replace(ps, hand=tuple(c for c in ps.hand if c not in cards)))
        self.trash_cards(p, cards)
        self.emit("cards_discarded", p, cards, by)

    def trash_sources(self, p: str, d: Digimon, n: int) -> tuple:
        """Trash the first `n` of d's digivolution cards (a cost inside an effect, Digi-Burst); Overflow moves
        memory as they leave (4-17). Returns the trashed cards."""
        gone = d.sources[:n]
        self.put(p, replace(d, sources=d.sources[n:]))
        self.trash_cards(p, gone)
        self.overflow(p, gone)
        return gone

    def renew(self, cards) -> None:
        """These cards became new cards (3-1-3-1): their [Once Per Turn] effects may be used again this turn
        (15-14-1-4)."""
        ids = {c.id for c in cards}
        if self.used_once and any(cid in ids for cid, _ in self.used_once):
            self.used_once = {(cid, e) for cid, e in self.used_once if cid not in ids}
            self.step("effect.once_renewed", f"{', '.join(sorted(c.label for c in cards if c.id in ids))}: a new "
                      f"card, so its [Once Per Turn] effect may be used again this turn.", "dcg.icon.once_new_card",
                      "dcg.new_card.different", cards=", ".join(sorted(c.label for c in cards if c.id in ids)))
        self.emit("cards_renewed", cards)

    def leave_area(self, p: str, d: Digimon, dest: str = "trash") -> None:
        """`d` leaves p's battle area: its top card goes to `dest` (trash | hand | under: placed under another
        card by the caller | placed: placed in the deck or security by the caller | placed_all: the caller places
        it with its digivolution cards), its digivolution cards and
        link cards are trashed with it (4-5-8, 4-7-6); a token is removed from the game (4-18-5)."""
        self.set_ps(p, self.ps(p).without(d.id))
        self.renew(d.cards() + d.links)
        if d.links:
            self.trash_cards(p, d.links)
            self.step("link.trashed", f"{d.label} leaves: its link card{'s' * (len(d.links) > 1)} "
                      f"{', '.join(c.label for c in d.links)} {'are' if len(d.links) > 1 else 'is'} trashed at the "
                      f"same time.", "dcg.link.new_card_trashed", card=d.label, links=", ".join(c.label for c in d.links))
        if dest == "placed_all" and not d.card.token:
            pass
        elif dest in ("hand", "under", "placed") and not d.card.token:
            if dest == "hand":
                ps = self.ps(p)
                self.set_ps(p, replace(ps, hand=ps.hand + (d.card,)))
            self.trash_cards(p, tuple(reversed(d.sources)))
        else:
            self.trash_cards(p, tuple(reversed(d.cards())))
        if dest == "under" and d.card.overflow and not d.card.token:
            self.step("rule.overflow_under", f"Overflow: {d.label} is placed under another card, which moves no "
                      f"memory.", "dcg.overflow.not_under", card=d.label)
        self.overflow(p, d.sources if dest == "under" else d.cards())

    def overflow(self, p: str, cards) -> None:
        """4-17: a card with Overflow that leaves the area or a stack for anywhere else moves memory at once."""
        for c in cards:
            if c.overflow:
                before, after = self.memory_add(p, c.overflow)
                self.step("rule.overflow", f"Overflow: {c.label} left the area, so memory moves {c.overflow:+d} at "
                          f"once ({self.memory_text(p, before)} → {self.memory_text(p, after)}).",
                          "dcg.overflow", "dcg.overflow.immediate", card=c.label, amount=c.overflow, player=p, memory_before=before, memory_after=after)

    def draw(self, p: str, n: int) -> int:
        """Draw up to n cards from the top of p's deck (4-12); as many as possible (1-3-2)."""
        ps = self.ps(p)
        k = min(n, len(ps.deck))
        self.set_ps(p, replace(ps, hand=ps.hand + ps.deck[:k], deck=ps.deck[k:]))
        return k

    def memory_add(self, p: str, n: int) -> tuple[int, int]:
        """Move memory n toward p's side (negative: toward the opponent, 4-1-4); the gauge ends at 10 (1-4-2-2).
        Returns (before, after) as seen by p."""
        before = self.board.memory_for(p)
        after = max(-10, min(10, before + n))
        self.board = replace(self.board, memory=after if p == self.board.turn else -after)
        return before, after

    def memory_text(self, p: str, value: int) -> str:
        if value > 0:
            return f"{p}'s {value}"
        if value < 0:
            return f"{opponent(p)}'s {-value}"
        return "0"

    def is_security_digimon(self, d: Digimon | None) -> bool:
        return d is not None and self.security_digimon is not None and self.security_digimon[1].id == d.id

    def add_mod(self, p: str, did: str, mod: Mod) -> None:
        """Give a Digimon in the battle area, or the security Digimon being checked (15-1-8), a modification."""
        if self.security_digimon is not None and self.security_digimon[1].id == did:
            owner, sec = self.security_digimon
            self.security_digimon = (owner, replace(sec, mods=sec.mods + (mod,)))
            return
        found = self.find(did)
        if found:
            self.put(p, replace(found[1], mods=found[1].mods + (mod,)))

    def current(self, did: str) -> Digimon | None:
        """The Digimon `did` as it is now: in a battle area or the security Digimon being checked."""
        if self.security_digimon is not None and self.security_digimon[1].id == did:
            return self.security_digimon[1]
        found = self.find(did)
        return found[1] if found else None

    def expire(self, until: str) -> None:
        """Effects that last until the end of the battle, attack or turn end (14-2-5, 16-23-1, 15-16-12)."""
        for p in ("A", "B"):
            ps = self.ps(p)
            if any(m.until == until for d in ps.battle_area for m in d.mods):
                self.set_ps(p, replace(ps, battle_area=tuple(
                    replace(d, mods=tuple(m for m in d.mods if m.until != until)) for d in ps.battle_area)))

    # ------------------------------------------------------------------ triggers
    def trigger_effects(self, p: str, d: Digimon, timing: str) -> None:
        """Queue the effects with `timing` that the Digimon/Tamer `d` has (own, inherited 4-2-4, and the link
        effects of its link cards 4-2-6)."""
        for card in d.cards():
            own = card is d.card
            for e in card.effects:
                if e.timing == timing and e.inherited != own and e.zone is None and not e.link:
                    self.new_triggers.append(Trigger(p, card.id, "battle", effect=e))
        for card in d.links:
            for e in card.effects:
                if e.timing == timing and e.link:
                    self.new_triggers.append(Trigger(p, card.id, "battle", effect=e))

    def trigger_zone_effects(self, p: str, timing: str) -> None:
        """Queue p's effects with `timing` that work from the hand, the trash, the breeding area or face up in
        security (15-14-2 … 15-14-5)."""
        ps = self.ps(p)
        breeding = (ps.breeding_area.card,) if ps.breeding_area is not None else ()
        face_up = tuple(c for c in ps.security if c.face_up)   # 15-14-5-1: face up in security only
        for zone, cards in (("hand", ps.hand), ("trash", ps.trash), ("breeding", breeding), ("security", face_up)):
            for card in cards:
                for e in card.effects:
                    if e.timing == timing and e.zone == zone:
                        self.new_triggers.append(Trigger(p, card.id, zone, effect=e))
        for card in breeding:
            self._silent(p, card, timing, "breeding", "is in the breeding area", ("dcg.breeding.no_effects",))
        for card in ps.security:
            if not card.face_up:
                self._silent(p, card, timing, "security", "is face down in security", ("dcg.icon.security",),
                             only_icon=True)

    def _silent(self, p: str, card: Card, timing: str, zone: str, why: str, keys: tuple, only_icon=False) -> None:
        """Say why an effect with this timing on a card outside the battle area does not trigger: it lacks the
        zone's icon (3-4-5-4), or its card is face down in security (15-14-5-1)."""
        for e in card.effects:
            if e.timing == timing and not e.inherited and (e.zone == zone if only_icon else e.zone is None):
                self.step("effect.not_triggered", f"{card.label}'s effect ({e.do}) does not trigger: {card.label} "
                          f"{why}" + (", and only a {" + zone.capitalize() + "} effect works from there."
                                      if not only_icon else "."), *keys, card=card.label, player=p)

    def refresh(self) -> None:
        """Bring continuous effects up to date (15-8-2-2, 15-8-2-3)."""
        if self.continuous and self.board is not self.refreshed_board:   # the same board: nothing to redo
            refresh_continuous(self)
            self.refreshed_board = self.board

    def still_there(self, t: Trigger) -> bool:
        """15-4-4-3: a pending effect whose card became a new card (left its place) is not executed."""
        if t.where in ("delayed", "removed"):
            return True   # a held process does not depend on its card (18-1-1); nor a deleted token's (4-13-2)
        if t.where in ("trash", "hand", "trashed"):   # trashed: it triggered as it was trashed, and waits there (4-14-2)
            return any(c.id == t.card_id for c in getattr(self.ps(t.owner), "trash" if t.where == "trashed" else t.where))
        if t.where in ("breeding", "security"):
            return self.zone_card(t.owner, t.where, t.card_id) is not None
        return self.holder(t) is not None

    def zone_card(self, p: str, zone: str, card_id: str) -> Card | None:
        """The card `card_id` on top of p's breeding area, or face up in p's security (15-14-4, 15-14-5)."""
        ps = self.ps(p)
        if zone == "breeding":
            return ps.breeding_area.card if ps.breeding_area is not None and ps.breeding_area.id == card_id else None
        return next((c for c in ps.security if c.id == card_id and c.face_up), None)

    def still_has(self, t: Trigger) -> bool:
        """15-4-4-4: the Digimon still has the pending effect — its own on top, inherited below (not face down),
        a link effect on a link card; e.g. a top card that became a digivolution card no longer gives its own."""
        d = self.holder(t)
        if d is None or t.effect is None or t.where != "battle":
            return True
        e = t.effect
        if d.card.id == t.card_id:
            return not e.inherited and not e.link
        if e.link:
            return any(c.id == t.card_id for c in d.links)
        return e.inherited and any(c.id == t.card_id and not c.face_down for c in d.sources)

    def holder(self, t: Trigger) -> Digimon | None:
        """The stack holding the card whose effect `t` is: in the stack, or one of its link cards (4-2-6); for
        a {Breeding} effect, the breeding area's stack."""
        if t.where == "breeding":
            return self.ps(t.owner).breeding_area
        for d in self.ps(t.owner).battle_area:
            if t.card_id in d.card_ids or (d.links and any(c.id == t.card_id for c in d.links)):
                return d
        return None

    def flush(self) -> None:
        """Process pending triggered effects (15-4-3-5, 15-4-5-2), each followed by the rule check."""
        waiting = len(self.new_triggers)
        self.rule_check()
        if not self.new_triggers:
            return                         # nothing pending (most calls)
        if waiting and len(self.new_triggers) > waiting:
            self.step("effects.rule_check_simultaneous", "Effects triggered by the rule check trigger at the same "
                      "time as the effects already waiting.", "dcg.effects.rule_check_simultaneous")
        pending, self.new_triggers = self.new_triggers, []
        for t in pending:
            self.trigger_key(t)
        if len({t.owner for t in pending}) > 1:
            self.step("effects.order", f"Effects triggered at the same time: {self.board.turn}'s (the turn "
                      f"player's) are processed first, one at a time, then the other player's.",
                      "dcg.effects.turn_player_first", "dcg.effects.simultaneous", "dcg.effects.non_turn_after",
                      "dcg.turn.turn_player_def",
                      "dcg.effects.one_at_a_time", "dcg.effects.one_by_one", "dcg.effects.next_each_time", turn_player=self.board.turn)
        self.waiting.append(pending)
        try:
            self._process(pending)
        finally:
            self.waiting.pop()

    def _process(self, pending: list[Trigger]) -> None:
        while pending and not self.over:
            turn = self.board.turn
            t = next((x for x in pending if x.owner == turn), pending[0])
            pending.remove(t)
            if self.looping(t, pending):
                if self.over:
                    return
                continue   # a player who could stop the loop stopped it: this effect is not used (18-3-3-3)
            outer, self.running = self.running, t
            try:
                self.run_trigger(t)
            finally:
                self.running = outer
            self.rule_check(after_effect=True)
            if self.new_triggers:
                if pending:
                    turn = self.board.turn
                    late = any(x.owner != turn for x in self.new_triggers) and any(x.owner == turn for x in pending)
                    self.step("effects.derived", "Effects triggered while that effect was processed are "
                              "processed before the ones still pending"
                              + (", even the non-turn player's before the turn player's." if late else "."),
                              "dcg.effects.derived_first", "dcg.effects.derived", "dcg.trigger.any_time",
                              "dcg.triggered.not_during", "dcg.effects.pending",
                              *(["dcg.effects.derived_non_turn"] if late else []),
                              **({"late": True} if late else {"in_order": True}))
                self.flush()

    def settle_waiting(self) -> bool:
        """11-1-4: a timing goes on only when nothing is left to process in it. An attack declared while an effect
        resolved (Blitz) has its [When Attacking] effects processed first (15-4-5-2), then the effects still
        waiting from the time point that declared it, and only then its counter timing. Returns whether any
        waited."""
        # an effect that would itself attack (Blitz, the end-of-turn keyword attacks) cannot in the middle of an
        # attack: it stays pending and runs after this attack, as before
        rest = [t for pending in self.waiting for t in pending if t.effect is not None and not self._attacks(t)]
        if not rest:
            return False
        for pending in self.waiting:     # taken over here: the flushes in progress no longer hold them
            pending[:] = [t for t in pending if t.effect is None or self._attacks(t)]
        self.step("effects.waiting_before_counter", "The attack was declared while other effects were waiting: "
                  "they are processed now, before the counter timing.", "dcg.attack.timing_completes",
                  "dcg.effects.pending", effects=len(rest))
        self.new_triggers = rest + self.new_triggers
        self.flush()
        return True

    def _attacks(self, t: Trigger) -> bool:
        """Whether the pending effect would itself declare an attack (the mechanic of its verb says so)."""
        return self.objection("effect_declares_attack", t.effect) is not None

    def looping(self, t: Trigger, pending: list[Trigger]) -> bool:
        """18-3: the same board with the same effects about to run again repeats forever. When the effect about to
        run again is optional, its player can stop the loop (18-3-3): the players declare how many more times
        (the default: 0) and the loop stops — True, and the game goes on. Otherwise nobody can stop it (every
        choice is fixed by the scenario or a default): the game is a draw (18-3-2), and True."""
        # States are filed under the pending effects (small ints: flush() gave each its key) and the board's
        # shape, both cheap; only boards in the same drawer are compared, and equal boards share most records.
        drawer = self.seen.setdefault((board_shape(self.board), self.trigger_key(t), *map(_LOOP_KEY, pending)), [])
        if self.board not in drawer:
            drawer.append(self.board)
            return False
        if t.effect is not None and t.effect.optional:   # its player may choose not to use it: a means to stop
            turn = t.owner == self.board.turn
            self.step("game.loop_stopped", f"The same effects would repeat forever, but {t.owner} can stop them: "
                      f"{t.card_id}'s effect is optional. "
                      + (f"{t.owner}, the turn player, declares 0 further repetitions"
                         if turn else f"The turn player has no means to stop it; {t.owner} declares 0 further "
                         f"repetitions") + " (the default), the fewer count is carried out, and the loop is "
                      f"stopped: {t.card_id}'s effect is not used.", "dcg.loop.stoppable",
                      "dcg.loop.turn_declares" if turn else "dcg.loop.non_turn_declares", "dcg.loop.fewer_repeats",
                      player=t.owner, card=t.card_id)
            return True
        self.step("game.loop", "The same effects repeat on the same board forever and neither player can stop "
                  "them: the game is a draw.", "dcg.loop.draw", "dcg.loop.rule")
        self.board = replace(self.board, winner="draw", reason="infinite_loop", phase="over")
        return True

    def trigger_key(self, t: Trigger) -> int:
        """A small number standing for what a pending effect is (equal effects, equal numbers), so that a
        loop-check state is a flat tuple of ints: hashing it costs nothing next to running the effect."""
        if t.loop_key is None:
            what = (t.owner, t.card_id, t.where, t.effect, t.keyword, t.partner)
            t.loop_key = self.trigger_keys.setdefault(what, len(self.trigger_keys))
        return t.loop_key

    def rule_check(self, after_effect: bool = False) -> None:
        """17-1-3: Digimon with 0 DP are deleted; Digimon without DP are trashed (not deleted). The check runs
        again as long as it finds something (17-1-1): a Digimon that Evade or Armor Purge kept in play at 0 DP
        is still at 0 DP (the DP change lasts), so the next check deletes it."""
        self.refresh()
        self.rule_after_effect = after_effect   # 17-1-2-2: it waited until the effect was processed
        if self.board is self.checked_board:
            return                              # the very board the last check found nothing on
        seen: set = set()
        while not self.over:
            zero = []
            linked = []
            for p in ("A", "B"):
                for d in self.ps(p).battle_area:
                    if d.links and p not in linked:
                        linked.append(p)
                    if d.card.face_down:     # 17-1-3-5: e.g. a Training card uncovered by De-Digivolve
                        self.set_ps(p, self.ps(p).without(d.id))
                        self.trash_cards(p, d.cards() + d.links)
                        self.step("rule.face_down", f"Rule check: the card on top of this stack ({d.label}) is face "
                                  f"down, so it belongs to no area and is trashed with the cards under it (this is not "
                                  f"trashing from the battle area, nor a deletion).", "dcg.rule_check.face_down",
                                  "dcg.stack.face_down", *(["dcg.stack.leaves_together"] if d.sources else []),
                                  card=d.label)
                        continue
                    if not d.is_digimon:
                        continue
                    if d.dp is None:
                        self.set_ps(p, self.ps(p).without(d.id))
                        self.trash_cards(p, d.cards())
                        self.step("rule.no_dp", f"Rule check: {d.label} has no DP in the battle area and is "
                                  f"trashed (this is not a deletion).", "dcg.rule_check.no_dp",
                                  "dcg.trash.not_delete", card=d.label)
                    elif d.dp == 0:
                        zero.append(d.id)
            if linked:                 # 17-1-3-6, 17-1-3-7: link cards; a change means DP to look at again
                before = self.board
                for p in linked:
                    self.check_links(p)
                if self.board is not before:
                    continue
            if not zero:
                self.checked_board = self.board
                return
            if self.board in seen:   # the same board again: nothing more this check can change
                return
            seen.add(self.board)
            if len(seen) > 1:
                arrived = [i for i in zero if i not in checked]   # came while the last check was processed
                if arrived:
                    self.step("rule.again", f"Rule check again: {', '.join(arrived)} came into the battle area while "
                              f"the last rule check was being processed, which does not check it; now "
                              f"{', '.join(zero)} {'has' if len(zero) == 1 else 'have'} 0 DP.",
                              "dcg.rule_check.not_during_rule", "dcg.rule_check.repeat", cards=", ".join(zero),
                              arrived=", ".join(arrived))
                else:
                    self.step("rule.again", f"Rule check again: {', '.join(zero)} still "
                              f"{'has' if len(zero) == 1 else 'have'} 0 DP.", "dcg.rule_check.repeat",
                              cards=", ".join(zero))
            # every card of the battle areas: a Digimon whose top card was among them (Armor Purge) did not come
            checked = {c.id for p in ("A", "B") for d in self.ps(p).battle_area for c in d.cards()}
            self.destroy(zero, cause="rule")
            self.refresh()


def final_board(board: Board) -> dict:
    """The contract's `final` object (section 4)."""
    def stack(d: Digimon) -> dict:
        out = {"id": d.id, "dp": d.dp, "suspended": d.suspended, "sources": [c.id for c in d.sources]}
        if d.links:
            out["links"] = [c.id for c in d.links]     # link cards (4-7), oldest first
        if d.card.name:
            out["name"] = d.card.name
        if d.card.kind != "digimon":
            out["kind"] = d.card.kind
        if d.card.level is not None:
            out["level"] = d.card.level
        return out

    def ids(cards: tuple[Card, ...]) -> list[str]:
        return [c.id for c in cards]

    players = {}
    for p in ("A", "B"):
        ps = board.player(p)
        players[p] = {"battle_area": [stack(d) for d in ps.battle_area],
                      "breeding_area": stack(ps.breeding_area) if ps.breeding_area else None,
                      "security": ids(ps.security), "hand": ids(ps.hand), "deck_count": len(ps.deck),
                      "digitama_count": len(ps.digitama), "trash": ids(ps.trash)}
    return {"turn": board.turn, "memory": board.memory, "phase": board.phase, "players": players}
