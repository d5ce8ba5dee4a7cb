"""Restrictions for the rest of the turn (rulebook 4.9.1).

A vow (誓约) — "the turn you activate this card, you cannot …" — is not an effect: in a turn the player may do
only one of the two (4.9.1.p11), it applies as soon as the card is activated (4.9.1.p12), it stops applying if
that activation is negated (4.9.1.p13), and it still applies if only the effect is negated (4.9.1.p15).
The same words as part of an effect ("this turn, you cannot …", the `restrict` operation) are an effect: they
apply when it resolves, not at all if it is negated (4.9.1.p33), and the player may have done the thing before
(4.9.1.p31). A Special Summon counts only once it has succeeded; while the summon is being made it counts
already, a negated one does not (4.9.1.p28).

Restricted actions (`cannot`): `special_summon` (optionally `except: {kinds, names}` — those monsters may still
be Special Summoned), `normal_summon` (Normal Summon or Set), `activate_other` (activating other cards or
effects), `activate_monster_effects` (activating the effects of monsters on the field; optionally
`except: {summoned_by: [special]}` — monsters that came to the field so may still), `attack` (declaring an attack).

Limits on how often a player Special Summons (4.9.1.p20-26) count the same way - only monsters actually Special
Summoned, a summon in progress already, a negated one not; one summon of several monsters is one time (p26):
`special_summon_once` on a monster ("you can only Special Summon <name> once per turn", p24-25: a limit on the player
for that name, not an effect) and the continuous `special_summon_limit` ("each player can only Special Summon
monsters once per turn" while the card is face-up, p21)."""
from __future__ import annotations

from dataclasses import dataclass, field

from . import continuous, traits
from .kernel import SUMMON_COUNTED
from .model import MONSTER_ZONES, Card, other
from .steps import operation

Refusal = tuple[str, tuple[str, ...]] | None
CANNOT = ("special_summon", "normal_summon", "activate_other", "activate_monster_effects", "link_material", "attack",
          "same_cost_attribute")
WORDS = {"special_summon": "Special Summon", "normal_summon": "Normal Summon or Set",
         "activate_other": "activate other cards or effects",
         "activate_monster_effects": "activate the effects of monsters on the field",
         "link_material": "use monsters as Link Material", "attack": "declare an attack",
         "same_cost_attribute": "activate this effect with a cost of the same Attribute"}
EXCEPT = {"special_summon": ("kinds", "names"), "activate_monster_effects": ("summoned_by",), "link_material": ("races",)}
HOW = {"special": "Special Summoned", "normal": "Normal Summoned", "flip": "Flip Summoned", "set": "Set"}
SUMMONING_OPS = ("special_summon", "fusion_summon", "extra_summon", "ritual_summon")


@dataclass
class Vow:
    player: str
    cannot: str
    source: Card
    allowed: dict = field(default_factory=dict)   # the `except` lists: monsters the restriction does not cover
    attributes: tuple = ()            # same_cost_attribute: the Attributes of the cost that made it
    link: object = None               # the chain link whose activation made it (a vow), None for an effect's lock
    is_effect: bool = False

    def covers(self, card: Card | None) -> bool:
        """Whether this restriction forbids Special Summoning `card`, or activating the effect of the monster
        `card` (its exceptions allow some monsters)."""
        if card is None:
            return True
        return not traits.matches(card, self.allowed)

    def text(self) -> str:
        words = {"kinds": str, "names": str, "summoned_by": lambda h: f"{HOW[h]} monsters",
                 "races": lambda r: f"{r} monsters"}
        allowed = [words[key](v) for key, values in self.allowed.items() for v in values]
        if self.attributes:
            return f"{WORDS[self.cannot]} ({', '.join(self.attributes)})"
        return WORDS[self.cannot] + (f" (except {', '.join(allowed)})" if allowed else "")


@dataclass
class TurnLog:
    """What each player has done this turn, for vows (reset at the turn's end)."""
    special_summoned: dict = field(default_factory=lambda: {"A": [], "B": []})
    special_batches: dict = field(default_factory=lambda: {"A": [], "B": []})   # per Special Summon: (what, cards)
    normal_summoned: dict = field(default_factory=lambda: {"A": 0, "B": 0})
    activations: dict = field(default_factory=lambda: {"A": [], "B": []})   # chain links not negated
    attacks: dict = field(default_factory=lambda: {"A": 0, "B": 0})


def parse(args) -> dict:
    """`{cannot, except: {...}}` (a vow) — also the `restrict` operation, with `player`."""
    if not isinstance(args, dict) or set(args) - {"cannot", "except", "player"}:
        raise ValueError(f"takes {{cannot: {' | '.join(CANNOT)}, except: {{...}}}}")
    if args.get("cannot") not in CANNOT:
        raise ValueError(f"`cannot` is one of {', '.join(CANNOT)}")
    exc = args.get("except", {}) or {}
    if args["cannot"] == "same_cost_attribute" and args.get("player", "self") != "self":
        raise ValueError("`same_cost_attribute` binds the player who activated the effect (player: self)")
    if exc and args["cannot"] not in EXCEPT:
        raise ValueError(f"`except` names the monsters still allowed (cannot: {' or '.join(EXCEPT)})")
    if exc:
        try:
            exc = traits.parse(exc, EXCEPT[args["cannot"]])
        except ValueError as e:
            raise ValueError(f"`except`: {e}") from None
    player = args.get("player", "self")
    if player not in ("self", "opponent", "both"):
        raise ValueError("`player` is self, opponent or both")
    out = {"cannot": args["cannot"]}
    if exc:
        out["except"] = exc
    if "player" in args:
        out["player"] = player
    return out


def _make(player: str, spec: dict, source: Card, **kw) -> Vow:
    return Vow(player, spec["cannot"], source, {k: tuple(v) for k, v in spec.get("except", {}).items()}, **kw)


def _log(game) -> TurnLog:
    if game.turn_log is None:
        game.turn_log = TurnLog()
    return game.turn_log


def end_of_turn(game) -> None:
    game.turn_log, game.vows = None, []


# ---------- what the players did this turn

@SUMMON_COUNTED.on()
def record_summon(game, card: Card, player: str, method: str, batch: object = None) -> None:
    """`card` was summoned; `batch` names the summon it was part of (**default**: the resolving chain link, so the
    monsters one effect Special Summons count as one Special Summon, 4.9.1.p26)."""
    log = _log(game)
    if method == "special":
        log.special_summoned[player].append(card)
        if batch is None:
            batch = _resolving(game) or card
        entry = next((e for e in log.special_batches[player] if e[0] is batch), None)
        if entry is None:
            log.special_batches[player].append((batch, [card]))
        else:
            entry[1].append(card)
        if card.summon_vow:
            _summon_vow_applies(game, card, player)
    elif method == "normal":
        log.normal_summoned[player] += 1


def record_activation(game, link) -> None:
    _log(game).activations[link.player].append(link)


def record_attack(game, player: str) -> None:
    _log(game).attacks[player] += 1


def activation_negated(game, link) -> None:
    """A negated activation was not made (4.9.1.p14): it no longer counts, and its vow no longer applies (p13)."""
    log = _log(game)
    if link in log.activations[link.player]:
        log.activations[link.player].remove(link)
    for vow in [v for v in game.vows if v.link is link]:
        game.vows.remove(vow)
        game.step("vow.lifted", f"The activation of {vow.source.label()} was negated: its restriction ({vow.player} "
                  f"cannot {vow.text()} this turn) no longer applies.", "ygo.vow.activation_negated",
                  card=vow.source.label(), player=vow.player)


def effect_negated(game, link) -> None:
    """Only the effect was negated: a vow made by the activation still applies (4.9.1.p15)."""
    for vow in [v for v in game.vows if v.link is link]:
        game.step("vow.still_applies", f"Only the effect of {vow.source.label()} is negated; its activation stands, so "
                  f"its restriction ({vow.player} cannot {vow.text()} this turn) still applies.",
                  "ygo.vow.effect_negated", card=vow.source.label(), player=vow.player)


def _done(game, player: str, cannot: str, spec: dict, card: Card | None = None) -> list:
    """The things `player` did this turn that the restriction `cannot` (with exceptions `spec`) covers."""
    log = _log(game)
    if cannot == "special_summon":
        probe = _make(player, spec, card)
        done = [c for c in log.special_summoned[player] if probe.covers(c)]
        s = game.summoning   # a Special Summon being made counts already (4.9.1.p28)
        if s is not None and not s.negated and s.method == "special" and s.player == player:
            done += [c for c in s.cards if probe.covers(c)]
        return done
    if cannot == "normal_summon":
        return ["a Normal Summon"] * log.normal_summoned[player]
    if cannot == "attack":
        return ["an attack"] * log.attacks[player]
    if cannot == "activate_monster_effects":
        probe = _make(player, spec, card)
        return [l for l in log.activations[player] if l.on_field and l.card.card_type == "monster"
                and l.card.effect.source != "pendulum_zone" and probe.covers(l.card)]
    return [l for l in log.activations[player] if l.card is not card]


def _in_progress(game, player: str) -> list:
    """The monsters of a Special Summon `player` is making right now (it counts already, 4.9.1.p21)."""
    s = game.summoning
    return list(s.cards) if s is not None and not s.negated and s.method == "special" and s.player == player else []


def _resolving(game):
    return game.chain[-1] if game.resolving and game.chain else None


def _earlier_summons(game, player: str) -> list[list[Card]]:
    """The monsters of each Special Summon `player` made this turn before the one being made now (an effect
    resolving now may Special Summon several monsters as one summon, 4.9.1.p26)."""
    now = _resolving(game)
    done = [cards for batch, cards in _log(game).special_batches[player] if now is None or batch is not now]
    return done + ([_in_progress(game, player)] if _in_progress(game, player) else [])


def special_summon_count(game, player: str) -> int:
    """How many times `player` has Special Summoned this turn (4.9.1.p21, p26)."""
    return len(_earlier_summons(game, player))


def limit_refusal(game, player: str, card: Card | None) -> Refusal:
    """A per-turn limit on Special Summons that `player` has used up (for `card`, or any monster if None)."""
    if card is not None and card.special_summon_once:
        name = card.name or card.id
        if any((c.name or c.id) == name for cards in _earlier_summons(game, player) for c in cards):
            return (f"{player} can only Special Summon {name} once per turn, and already has this turn",
                    ("ygo.vow.name_once", "ygo.vow.name_once_actual"))
    earlier = _earlier_summons(game, player)
    for src, times in continuous.summon_limits(game, player):
        if len(earlier) >= times:
            several = ("ygo.vow.summon_once_many",) if any(len(cards) > 1 for cards in earlier) else ()
            return (f"while {src.label()} is face-up on the field, {player} can Special Summon only {times} time(s) per "
                    f"turn, and has Special Summoned {len(earlier)} time(s) this turn", ("ygo.vow.summon_count", *several))
    return None


# ---------- refusals

def vow_refusal(game, card: Card, player: str) -> Refusal:
    """A card with a vow cannot be activated in a turn its player already did what it forbids (4.9.1.p11)."""
    spec = card.effect.vow
    if not spec:
        return None
    done = _done(game, player, spec["cannot"], spec, card)
    if done:
        return (f"the turn {player} activates {card.label()}, {player} cannot {WORDS[spec['cannot']]}; {player} already "
                "did this turn, and only one of the two may be done in a turn",
                ("ygo.vow.either_or", *(("ygo.vow.count_actual",) if spec["cannot"] == "special_summon" else ())))
    return None


def restriction(game, player: str, cannot: str, card: Card | None = None) -> Vow | None:
    """The restriction in force that forbids `player` this action (Special Summoning `card`), or None."""
    for vow in game.vows:
        if vow.player == player and vow.cannot == cannot and (cannot not in EXCEPT or vow.covers(card)):
            return vow
    return None


def _keys(vow: Vow) -> tuple[str, ...]:
    return ("ygo.vow.effect_lock",) if vow.is_effect else ("ygo.vow.immediate",)


def _summon_vow_applies(game, card: Card, player: str) -> None:
    """"The turn you Special Summon this card, you cannot ...": not an effect, it binds the player who Special
    Summoned it, from the moment the summon succeeded (a negated one never gets here; 4.9.2.p2)."""
    vow = _make(player, card.summon_vow, card)
    game.vows.append(vow)
    game.step("vow.applies", f"{card.label()} was Special Summoned: for the rest of the turn {player} cannot "
              f"{vow.text()}. This is not an effect and cannot be negated.", "ygo.vow.summon_vow",
              card=card.label(), player=player)


def summon_vow_refusal(game, player: str, card: Card | None) -> Refusal:
    """A monster with "the turn you Special Summon this card, you cannot ..." is not Special Summoned in a turn
    its player already did that (4.9.2.p2)."""
    spec = card.summon_vow if card is not None else None
    if not spec or not _done(game, player, spec["cannot"], spec, card):
        return None
    return (f"the turn {player} Special Summons {card.label()}, {player} cannot {WORDS[spec['cannot']]}; {player} "
            "already did this turn", ("ygo.vow.summon_vow",))


def refusal(game, player: str, cannot: str, card: Card | None = None) -> Refusal:
    vow = restriction(game, player, cannot, card)
    if vow is None:
        if cannot != "special_summon":
            return None
        return summon_vow_refusal(game, player, card) or limit_refusal(game, player, card)
    what = f": {card.label()} cannot be Special Summoned" if card is not None and cannot == "special_summon" else ""
    return f"{vow.source.label()} forbids {player} to {vow.text()} this turn{what}", _keys(vow)


def _cost_locks(game, card: Card, player: str) -> list[Vow]:
    name = card.name or card.id
    return [v for v in game.vows if v.cannot == "same_cost_attribute" and v.player == player
            and (v.source.name or v.source.id) == name]


def cost_locked(game, card: Card, player: str, cost_card: Card) -> bool:
    """Whether a lock forbids `player` to pay `card`'s cost with `cost_card` (its Attribute was used this turn)."""
    return any(cost_card.attribute and cost_card.attribute in v.attributes for v in _cost_locks(game, card, player))


def cost_lock_refusal(game, card: Card, player: str) -> Refusal:
    """Why no card can pay the cost, when locks on cost Attributes are what forbid it."""
    locks = _cost_locks(game, card, player)
    if not locks:
        return None
    used = sorted({a for v in locks for a in v.attributes})
    return (f"this turn {player} cannot activate the effect of {card.label()} with a cost of an Attribute already used "
            f"({', '.join(used)}), and no other card can pay it", _keys(locks[0]))


def material_lock(game, player: str, method: str, materials: list) -> Refusal:
    """A restriction in force that forbids `player` to use one of `materials` for this summon (Link Material)."""
    if f"{method}_material" not in CANNOT:
        return None
    for material in materials:
        vow = restriction(game, player, f"{method}_material", material)
        if vow is not None:
            return (f"{vow.source.label()} forbids {player} to {vow.text()} this turn: {material.label()} cannot be "
                    "one", _keys(vow))
    return None


def activation_lock(game, card: Card, player: str) -> Refusal:
    """A restriction in force that forbids `player` to activate `card` at all (also its trigger effects)."""
    vow = restriction(game, player, "activate_other")
    if vow is not None and vow.source is not card:
        return (f"{vow.source.label()} forbids {player} to activate other cards or effects this turn", _keys(vow))
    if card.card_type == "monster" and card.zone in MONSTER_ZONES and game.on_field(card):
        vow = restriction(game, player, "activate_monster_effects", card)
        if vow is not None:
            ways = " and ".join(HOW[w] for w in card.summoned_by) or "placed"
            how = f" ({card.label()} was {ways})" if vow.allowed else ""
            return f"{vow.source.label()} forbids {player} to {vow.text()} this turn{how}", _keys(vow)
    return None


def activation_refusal(game, card: Card, player: str) -> Refusal:
    """Activating `card` against the restrictions in force: activation locks, and effects that would Special
    Summon while Special Summons are forbidden (the vow applies at once, 4.9.1.p12)."""
    locked = activation_lock(game, card, player)
    if locked:
        return locked
    summons = [args for name, args in card.effect.ops if name in SUMMONING_OPS]
    if summons:
        vow = restriction(game, player, "special_summon")
        if vow is not None and not vow.allowed:
            return (f"{vow.source.label()} forbids {player} to Special Summon this turn, so {card.label()}, whose "
                    "effect Special Summons, cannot be activated", _keys(vow))
        for args in summons:   # a used-up limit: the effect could summon nothing (4.9.1.p22)
            found = game.board.find(args["card"]) if isinstance(args, dict) and "card" in args else None
            monster = found[2] if found else None
            limit = summon_vow_refusal(game, player, monster) or limit_refusal(game, player, monster)
            if limit:
                return (f"{limit[0]}, so {card.label()}, whose effect Special Summons, cannot be activated",
                        (*limit[1], *(("ygo.vow.summon_in_progress",) if game.summoning else ())))
    return None


# ---------- making restrictions

def on_activate(game, link) -> None:
    """Record the activation; a vow of the card applies at once (4.9.1.p12)."""
    record_activation(game, link)
    spec = link.card.effect.vow
    if not spec:
        return
    vow = _make(link.player, spec, link.card, link=link)
    game.vows.append(vow)
    game.step("vow.applies", f"{link.card.label()} was activated: for the rest of the turn {link.player} cannot "
              f"{vow.text()}. This is not an effect - it applies at once, and still applies if the effect is negated.",
              "ygo.vow.immediate", "ygo.vow.either_or", card=link.card.label(), player=link.player)


def apply_restrict(game, link, args) -> None:
    """`restrict` (an effect's "this turn, … cannot …"): applies when it resolves (4.9.1.p33)."""
    who = args.get("player", "self")
    players = ("A", "B") if who == "both" else (link.player if who == "self" else other(link.player),)
    for player in players:
        vow = _make(player, args, link.card, is_effect=True)
        if args["cannot"] == "same_cost_attribute":
            vow.attributes = tuple(c.attribute for c in link.cost_cards if c.attribute)
            if not vow.attributes:
                continue
        game.vows.append(vow)
        game.step("vow.effect_lock", f"The effect of {link.card.label()} applies: for the rest of the turn {player} "
                  f"cannot {vow.text()}.", "ygo.vow.effect_lock", "ygo.vow.effect_lock_after",
                  card=link.card.label(), player=player)


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("restrict", parse)(apply_restrict)
