"""Running a triggered effect: the vocabulary verbs (EFFECTS.md) and the triggered keywords
(Raid, Alliance, Retaliation, Fortitude)."""
from __future__ import annotations

from dataclasses import replace

from .battle import destroy
from .leave import before_leaving
from .continuous import condition_holds, effect_source, unaffected_flag
from .costs import pay
from .combine import place_xros, xros_refusal
from .game import KEYWORDS, VERBS, Game, Trigger, on, provides, runs_keywords, runs_verbs
from .options import play_this, run_main_effects
from .keywords import keyword_text
from .effects import CHOOSING_TARGETS, TIMING_KEYS, TIMING_NAMES
from .model import Digimon, Effect, Keyword, Mod, opponent
from .target_filter import meets, words as filter_words

ZONE_KEYS = {"hand": "dcg.icon.hand", "trash": "dcg.icon.trash", "breeding": "dcg.icon.breeding",
             "security": "dcg.icon.security"}
ZONE_WORDS = {"hand": "hand", "trash": "trash", "breeding": "breeding area", "security": "security (face up)"}


@provides("run_trigger")
def run_trigger(game: Game, t: Trigger) -> None:
    if not game.still_there(t):
        what = t.effect and f"[{TIMING_NAMES[t.effect.timing]}] effect" or t.keyword.capitalize()
        game.step("effect.lost", f"{t.card_id}'s {what} is not executed: the card left the place where it "
                  f"triggered.", "dcg.effects.new_card_lost", "dcg.new_card.becomes", "dcg.new_card.different", card=t.card_id)
        return
    if t.keyword:
        KEYWORDS[t.keyword](game, t)
        return
    if not game.still_has(t):
        game.step("effect.not_held", f"{t.card_id}'s [{TIMING_NAMES[t.effect.timing]}] effect is no longer pending: "
                  f"the Digimon no longer has it (its card is now {'a digivolution card' if not t.effect.inherited else 'on top'}).",
                  "dcg.effects.pending_lost", card=t.card_id)
        return
    holder = game.holder(t) if t.where in ("battle", "breeding") else None
    if t.where == "delayed":
        game.step("effect.run", f"The end of the turn has come: {t.card_id}'s held process ({t.effect.do}) is "
                  f"processed now.", "dcg.pending.rule", card=t.card_id, do=t.effect.do)
        run_effect(game, t.owner, t.effect, card_id=t.card_id, holder=None)
        return
    name = f"[{TIMING_NAMES[t.effect.timing]}]"
    keys = [TIMING_KEYS[t.effect.timing]]
    if not ready(game, t.owner, t.effect, t.card_id, holder):
        return
    if t.effect.timing == "on_deletion":
        # 4-13-2: it triggered in the battle area and waited until the card was in the trash;
        # 15-8-3-5: an inherited one is the effect of the card that was on top
        name = f"inherited {name}" if t.effect.inherited else name
        keys += ["dcg.delete.triggers_in_trash", "dcg.triggered.effect"] + (["dcg.on_deletion.top_card", "dcg.inherited"]
                                                    if t.effect.inherited else [])
        if t.effect.link:
            keys += ["dcg.link.effects", "dcg.link.effect_info"]
        if t.where == "removed":   # Q&A 860, 3653: it triggered when deleted (4-13-2); leaving the game does not stop it
            game.step("effect.run_token", f"{t.card_id}'s {name} effect activates: it triggered when the token was "
                      f"deleted, and the token being removed from the game instead of going to the trash does not "
                      f"stop it.", *keys, "dcg.token.removed", *_ready_keys(t.effect, game, t.card_id),
                      card=t.card_id, name=name)
        else:
            game.step("effect.run", f"{t.card_id}'s {name} effect activates now that {t.card_id} is in the trash"
                      + (" (the deleted Digimon's top card carries its inherited effect)." if t.effect.inherited
                         else " (a link effect the Digimon had from its link card when it was deleted)."
                         if t.effect.link else "."), *keys, *_ready_keys(t.effect, game, t.card_id), card=t.card_id, name=name, trash=True)
    else:
        where = f" from {t.owner}'s {ZONE_WORDS[t.where]}" if t.where in ZONE_KEYS else ""
        keys += [ZONE_KEYS[t.where]] if t.where in ZONE_KEYS else []
        keys += ["dcg.security.face_up"] if t.where == "security" else []
        if t.effect.inherited:
            keys += ["dcg.inherited", "dcg.inherited.digimon_effect", "dcg.inherited.rule"]
        if t.effect.link:
            keys += ["dcg.link.effects", "dcg.link.effect_info"]
            where = f" (a link effect, which {holder.label} has from its link card {t.card_id})"
        if t.effect.timing in ("when_blocked", "deletes_in_battle", "wins_battle"):
            keys.append("dcg.trigger.condition")
        card = _card_of(game, t)
        game.step("effect.run", f"{t.card_id}'s {name} effect activates{where}.", *keys, *_ready_keys(t.effect, game, t.card_id),
                  *(["dcg.triggered.effect"] if t.effect.timing != "counter" else []),
                  *(effect_kind_keys(card) if card is not None and not t.effect.inherited else []), card=t.card_id, name=name)
    if t.card_id in game.decline and not _has_choice(t.effect):
        game.step("effect.forced", f"{t.owner} would not use {t.card_id}'s effect ({t.effect.do}), but nothing in it is "
                  f"a \"may\": it must be carried out.", "dcg.effect.forced", "dcg.effect.forced_def", player=t.owner,
                  card=t.card_id, do=t.effect.do)
    before = len(game.trace.steps)
    run_effect(game, t.owner, t.effect, card_id=t.card_id, holder=holder)
    if t.effect.once_per_turn and any(s.event == "effect.nothing" for s in game.trace.steps[before:]):
        game.step("effect.once_spent", f"{t.card_id}'s [Once Per Turn] effect did nothing, but it is used up for "
                  f"this turn all the same.", "dcg.icon.once_spent_anyway", card=t.card_id)


def _has_choice(e: Effect) -> bool:
    """Whether the effect leaves its player a choice to carry something out or not (a "may", a condition to carry
    out, an optional replacement), in itself or in a later process."""
    return bool(e.optional or e.by is not None or (e.instead is not None and e.instead.optional)
                or any(_has_choice(x) for x in (e.mark("then") or ()) if isinstance(x, Effect)))


def _card_of(game: Game, t: Trigger):
    if t.where in ("trash", "hand"):
        return next((c for c in getattr(game.ps(t.owner), t.where) if c.id == t.card_id), None)
    if t.where in ("breeding", "security"):
        return game.zone_card(t.owner, t.where, t.card_id)
    holder = game.holder(t)
    return next((c for c in holder.cards() + holder.links if c.id == t.card_id), None) if holder else None


def effect_kind_keys(card) -> list[str]:
    """15-2-1: whose effect it is follows the kind of card that activates it."""
    return {"digimon": ["dcg.effect.kind_digimon"], "digiegg": ["dcg.effect.kind_digimon"],
            "tamer": ["dcg.effect.kind_tamer"], "option": ["dcg.effect.kind_option"]}.get(card.kind, [])


@provides("ready")
def ready(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> bool:
    """A triggered effect's [Once Per Turn] limit (15-14-1) and processing conditions (15-8-3-9): it triggered
    in any case; it activates only if unused this turn and its conditions hold now. Uses the limit up."""
    if e.once_per_turn:
        if (card_id, e) in game.used_once:
            game.step("effect.once_used", f"{card_id}'s [Once Per Turn] effect was already used this turn: it does "
                      f"not activate again.", "dcg.icon.once_per_turn_spent", card=card_id)
            return False
    why = game.objection("effect_may_activate", owner, e, card_id)
    if why is not None:
        event, text, keys = why
        game.step(event, f"{card_id}'s effect does not activate: {text}.", *keys, card=card_id)
        return False
    if e.condition and not game.objection("condition_deferred", owner, e, card_id):
        ok, words = condition_holds(game.board, owner, e, holder)
        if not ok:
            breeding = (dict(e.condition).get("opponent_has_digimon") is True
                        and game.ps(opponent(owner)).breeding_area is not None)
            game.step("effect.condition_unmet", f"{card_id}'s effect triggered, but its condition ({words}) does "
                      f"not hold now" + (" (the Digimon in the breeding area does not count)" if breeding else "")
                      + ": it does not activate.", TIMING_KEYS[e.timing], "dcg.immediate.condition"
                      if e.timing == "would_be_deleted" else "dcg.condition.checked_at_activation",
                      "dcg.condition.none_met", *(["dcg.breeding.no_conditions"] if breeding else []),
                      *_condition_keys(e), card=card_id, condition=words)
            return False
        at_least = dict(e.condition).get("sources_at_least")
        if at_least and holder is not None:
            have = len(game.current(holder.id).sources) if game.current(holder.id) else len(holder.sources)
            game.step("effect.condition_met", f"{card_id}'s condition \"has {at_least} digivolution cards\" holds "
                      f"with {have}: \"has X\" means X or more.", "dcg.text.x_or_more", card=card_id, at_least=at_least, have=have)
    if e.once_per_turn and e.optional and not e.mark("then") and not game.uses(e.do, card_id):
        # 15-1-6: activated only once chosen, so a declined [Once Per Turn] effect is not used up
        game.step("effect.not_chosen", f"{owner} chooses not to activate {card_id}'s optional [Once Per Turn] effect "
                  f"({e.do}): an effect is activated only when its player chooses to carry it out, so its [Once Per "
                  f"Turn] is not used up.", "dcg.effect.chosen", "dcg.effects.optional", "dcg.icon.once_per_turn",
                  player=owner, card=card_id, do=e.do)
        return False
    if e.once_per_turn:
        game.used_once.add((card_id, e))
    game.emit("effect_activated", owner, e, card_id)
    return True


def _once_keys(game: Game, card_id: str, e: Effect) -> list[str]:
    """15-14-1-3: another card's use of the same [Once Per Turn] effect does not count against this one."""
    return ["dcg.icon.once_per_card"] if any(c != card_id and x == e for c, x in game.used_once) else []


def _condition_keys(e: Effect) -> list[str]:
    """The rules that say how a condition reads: memory X or less (4-1-2), X cards DigiXrossed (7-2-2-9/10)."""
    names = {name for name, _ in e.condition}
    return ((["dcg.memory.x_or_less"] if names & {"memory_at_most", "memory_at_least"} else [])
            + (["dcg.digixros.done", "dcg.digixros.x_cards"] if "digixrossed_at_least" in names else []))


def _ready_keys(e: Effect, game: Game | None = None, card_id: str = "") -> list[str]:
    return (["dcg.condition.triggered", "dcg.condition.processing"] if e.condition else []) + _condition_keys(e) + (
        ["dcg.icon.once_per_turn"] + (_once_keys(game, card_id, e) if game else []) if e.once_per_turn else [])


@provides("run_effect")
def run_effect(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> bool | None:
    """Carry out the effect's process; then the time point `effect_processed` (its further processes). True when
    the process changed the board, False when it did not (declined, nothing to act on), None when its optional
    processing condition was not carried out, so nothing after it is (15-7-2), or it is held for later."""
    done = _process(game, owner, e, card_id, holder)
    if done is not None:
        game.emit("effect_processed", owner, e, card_id, holder, done)
    return done


def _process(game: Game, owner: str, e: Effect, card_id: str, holder: Digimon | None) -> bool | None:
    why = game.objection("process_may_run", owner, e, card_id, holder)
    if why is not None:
        event, text, keys = why
        game.step(event, f"{card_id}'s effect: {text}.", *keys, card=card_id)
        return False
    e = game.objection("process_scaled", owner, e, card_id, holder) or e   # e.g. "for each" (15-15-7-1)
    if e.optional and not game.uses(e.do, card_id):
        game.step("effect.declined", f"{owner} chooses not to use {card_id}'s optional effect ({e.do}).",
                  "dcg.effects.optional", "dcg.effects.optional_def", player=owner, card=card_id, do=e.do)
        return False
    if e.instead is not None and _replaced(game, owner, e.instead, card_id, holder):
        return run_effect(game, owner, e.instead, card_id, holder)
    if e.by is not None and not pay(game, owner, e.by, card_id, holder):
        return None
    if e.delayed:
        game.delayed.append(Trigger(owner, card_id, "delayed", effect=replace(e, delayed=None)))
        game.step("effect.delayed", f"{card_id}'s effect ({e.do}) is held until the end of this turn, when it is "
                  f"processed like a triggered effect.", "dcg.pending.rule", card=card_id, do=e.do)
        return None
    if e.digiburst and not game.digiburst(owner, e, card_id, holder):
        return None
    before, board = len(game.trace.steps), game.board
    VERBS[e.do](game, owner, e, card_id, holder)
    nothing = any(s.event == "effect.nothing" for s in game.trace.steps[before:])
    if e.by is not None and nothing:
        game.step("effect.cost_kept", f"{card_id}'s condition was carried out all the same: it may be, even when "
                  f"what follows has nothing to act on.", "dcg.cost_condition.rest_impossible", card=card_id)
    return not nothing and game.board is not board and game.board != board


# ---------------------------------------------------------------------------------------- targets
@provides("targets")
def _targets(game: Game, owner: str, e: Effect, holder: Digimon | None) -> list[tuple[str, Digimon]]:
    """The Digimon an effect acts on, less those it cannot affect (Progress, 16-38), and — for an effect that
    acts at once (delete, suspend, …) — less those unaffected by it (15-15-6-1, 15-15-6-3: chosen, not
    affected). What an effect gives for a while (DP, keywords, restrictions) is given all the same and does
    nothing while the Digimon is unaffected (15-15-6-2, 15-15-6-4; model.Digimon.unaffected_by)."""
    chosen = [(p, d) for p, d in _chosen(game, owner, e, holder) if not shielded(game, owner, p, d)]
    if e.do in MOD_VERBS:
        return chosen
    source = effect_source(owner, holder)
    return [(p, d) for p, d in chosen if not _unaffected(game, e, d, source)]


MOD_VERBS = ("dp", "gain", "cannot_be_blocked", "cannot_attack", "cannot_block", "unaffected")


def _replaced(game: Game, owner: str, alt: Effect, card_id: str, holder: Digimon | None) -> bool:
    """18-2: whether the replacement process is done instead: its condition holds now and, when optional,
    the player does not decline it (`decline:` the card id)."""
    ok, words = condition_holds(game.board, owner, alt, holder)
    if not ok:
        game.step("effect.not_replaced", f"{card_id}'s effect: {words} does not hold, so the process is not "
                  f"replaced.", "dcg.replacement", "dcg.condition.processing", card=card_id)
        return False
    if alt.optional and not game.uses("instead", card_id):
        game.step("effect.not_replaced", f"{card_id}'s effect: {words}, but {owner} chooses not to replace the "
                  f"process.", "dcg.replacement", "dcg.replacement.optional", card=card_id)
        return False
    game.step("effect.replaced", f"{card_id}'s effect: {words}, so instead of its process it does the other "
              f"({alt.do}).", "dcg.replacement", "dcg.replacement.optional" if alt.optional
              else "dcg.replacement.forced", "dcg.condition.processing", card=card_id)
    return True


def _unaffected(game: Game, e: Effect, d: Digimon, source: str) -> bool:
    if not d.unaffected_by(source):
        return False
    both = source.endswith(":tamer+digimon") and not d.unaffected_by(source.replace("tamer+digimon", "tamer"))
    game.step("effect.not_influenced", f"{d.label} is unaffected by this effect: it can be chosen, but the effect "
              f"({e.do}) has no influence on it" + (" (the Tamer is also treated as a Digimon, so its effect is a "
              "Digimon's effect too)" if both else "") + ".", *(["dcg.info.both_kinds"] if both else []),
              "dcg.unaffected", "dcg.unaffected.chosen", card=d.label)
    return True


def _unaffected_note(d: Digimon | None, source: str) -> tuple[str, list[str]]:
    """For an effect that gives something for a while: the words and keys when the Digimon ignores it now."""
    if d is None or not d.unaffected_by(source):
        return "", []
    return (f" — but {d.label} is unaffected by this effect, so it does nothing while that lasts",
            ["dcg.unaffected", "dcg.unaffected.given", "dcg.unaffected.ends"])


def shielded(game: Game, by: str, p: str, d: Digimon) -> bool:
    """16-38: an attacking Digimon with Progress is not affected by its opponent's effects."""
    if by == p or game.attack is None or game.attack.attacker != d.id or not d.has("progress"):
        return False
    game.step("keyword.progress", f"Progress: {d.label} is attacking, so {by}'s effect does not affect it.",
              "dcg.keyword.progress", "dcg.keyword.progress_static", "dcg.keyword.progress_during_attack", card=d.label, source=by)
    return True


def _chosen(game: Game, owner: str, e: Effect, holder: Digimon | None) -> list[tuple[str, Digimon]]:
    """The Digimon an effect acts on (battle area only, 15-1-7; choices 15-10-2, default first in board order)."""
    foe = opponent(owner)
    theirs = [d for d in game.ps(foe).battle_area if d.is_digimon]
    mine = [d for d in game.ps(owner).battle_area if d.is_digimon]
    if e.filter:   # 15-11-1-3-1, 15-11-2-3-1: only Digimon meeting the target conditions
        side = _SIDE_TARGETS.get(e.target)
        seen = (*(theirs if side != "own" else ()), *(mine if side != "foe" else ()))
        theirs = [d for d in theirs if meets(d, e.filter)]
        mine = [d for d in mine if meets(d, e.filter)]
        game.emit("targets_filtered", owner, e, seen)
    t = e.target
    if t == "self" and game.is_security_digimon(holder):
        # 13-1-6 / 15-1-8: "this Digimon" in a checked Digimon card's [Security] effect is the security
        # Digimon; it is in no area (13-1-5), so only a DP change has something to act on.
        return [(owner, game.current(holder.id))] if e.do == "dp" else []
    if t == "self":
        return [(owner, holder)] if holder is not None and game.find(holder.id) else []
    if t == "attacker":
        found = game.find(game.attack.attacker) if game.attack else None
        return [found] if found else []
    if t == "all_opponent_digimon":
        return [(foe, d) for d in theirs]
    if t == "all_own_digimon":
        return [(owner, d) for d in mine]
    if t in ("opponent_lowest_dp", "opponent_highest_dp"):
        if not theirs:
            return []
        best = (min if t == "opponent_lowest_dp" else max)(d.dp for d in theirs)
        theirs = [d for d in theirs if d.dp == best]
    if t in ("opponent_digimon", "opponent_lowest_dp", "opponent_highest_dp", "own_digimon"):
        pool = mine if t == "own_digimon" else theirs
        if e.count is not None:
            return [(owner if t == "own_digimon" else foe, d) for d in _pick_several(game, e, pool)]
        chosen = game.pick(e.do, pool, e.choose)
        return [(owner if t == "own_digimon" else foe, chosen)] if chosen else []
    named = game.objection("effect_targets", owner, e, holder)   # a target a mechanic names ("that Digimon")
    if named is not None:
        return named
    found = game.find(t)
    return [found] if found else []


def _pick_several(game: Game, e: Effect, pool: list[Digimon]) -> list[Digimon]:
    """"N of …" chooses N different Digimon as far as possible (15-10-2-1, 15-10-2-3); "up to N" chooses
    1..N (15-10-2-2, 1-3-6). The effect's `choose` list (else the scenario's `choose: {<verb>: id}`) is taken
    first; the rest of "N of …", and "up to N" with no choice given, follow board order (documented default)."""
    listed = e.choose if isinstance(e.choose, tuple) else tuple(x for x in (e.choose, game.choices.get(e.do)) if x)
    picked = [d for want in listed for d in pool if d.id == want][:e.count]
    if not (e.up_to and picked):
        picked += [d for d in pool if d not in picked][:e.count - len(picked)]
    if len(pool) < e.count:
        game.step("effect.fewer_targets", f"The effect chooses {'up to ' * e.up_to}{e.count} Digimon but only "
                  f"{len(pool)} can be chosen, and the same Digimon cannot be chosen twice: "
                  f"{', '.join(d.label for d in picked) or 'none'}.", "dcg.target.count", "dcg.target.distinct",
                  *(["dcg.target.up_to"] if e.up_to else ["dcg.impossible"]), count=e.count, available=len(pool))
    elif e.up_to and len(picked) < e.count:
        game.step("effect.up_to_chosen", f"\"Up to {e.count}\": {len(picked)} chosen "
                  f"({', '.join(d.label for d in picked)}).", "dcg.target.up_to", count=e.count,
                  chosen=len(picked))
    return picked


# target name -> whose Digimon it names: "foe" or "own"
_SIDE_TARGETS = {"opponent_digimon": "foe", "opponent_lowest_dp": "foe", "opponent_highest_dp": "foe",
                 "all_opponent_digimon": "foe", "own_digimon": "own", "all_own_digimon": "own"}


def _left_out(game: Game, owner: str, e: Effect) -> list[Digimon]:
    """Breeding-area Digimon the effect's target would name if it were not limited to the battle area
    (15-1-7): an effect that does not name the breeding area cannot choose them (3-4-5-5)."""
    if e.target in ("self", "attacker", None):
        return []
    side = _SIDE_TARGETS.get(e.target)
    players = ["A", "B"] if side is None else [opponent(owner) if side == "foe" else owner]
    out = [game.ps(p).breeding_area for p in players if game.ps(p).breeding_area is not None]
    return out if side is not None else [d for d in out if d.id == e.target]


def _area_keys(game: Game, owner: str, e: Effect) -> list[str]:
    """Rules behind whom an effect acts on: all-target or single-target processing (15-10, 15-11), and the
    battle area only (15-1-7)."""
    keys = ["dcg.effect.battle_area_only"] if _left_out(game, owner, e) else []
    if e.target in ("all_opponent_digimon", "all_own_digimon"):
        keys += ["dcg.target.all", "dcg.target.all_processing"] + (["dcg.target.condition_all"] if e.filter else [])
    elif e.target in ("opponent_digimon", "opponent_lowest_dp", "opponent_highest_dp", "own_digimon"):
        keys += ["dcg.target.count", "dcg.target.single_processing"] + (
            ["dcg.target.up_to"] if e.up_to else []) + (["dcg.target.condition_single"] if e.filter else [])
    return keys


@provides("nothing")
def _nothing(game: Game, card_id: str, verb: str, owner: str | None = None, e: Effect | None = None) -> None:
    if game.trace.steps and game.trace.steps[-1].event == "effect.not_influenced":
        return   # the step just said why: its only target is unaffected by it (15-15-6-1)
    left_out = _left_out(game, owner, e) if e is not None else []
    if left_out:
        names = ", ".join(d.label for d in left_out)
        game.step("effect.nothing", f"{card_id}'s effect ({verb}) has nothing to act on in the battle area; "
                  f"{names} in the breeding area cannot be chosen by an effect that does not name the breeding "
                  f"area: it does nothing.", "dcg.impossible", "dcg.breeding.not_chosen",
                  "dcg.effect.battle_area_only", "dcg.breeding.unaffected", card=card_id, verb=verb, breeding=names)
        return
    if e is not None and e.filter:
        game.step("effect.nothing", f"{card_id}'s effect ({verb}) has no Digimon with {filter_words(e.filter)} to "
                  f"act on: it does nothing.", "dcg.impossible", "dcg.target.condition_all"
                  if e.target in ("all_opponent_digimon", "all_own_digimon") else "dcg.target.condition_single",
                  card=card_id, verb=verb, condition=filter_words(e.filter))
        return
    game.step("effect.nothing", f"{card_id}'s effect ({verb}) has nothing to act on: it does nothing.",
              "dcg.impossible", card=card_id, verb=verb)


# ---------------------------------------------------------------------------------------- verbs
def _delete(game, owner, e, card_id, holder):
    targets = _targets(game, owner, e, holder)
    if not targets:
        return _nothing(game, card_id, "delete", owner, e)
    game.step("effect.delete", f"{card_id}'s effect deletes {', '.join(d.label for _, d in targets)}.",
              "dcg.effect.delete", *_area_keys(game, owner, e), card=card_id, targets=", ".join(d.label for _, d in targets))
    destroy(game, [d.id for _, d in targets], cause="effect", by=owner)


def _set_suspended(value: bool):
    word = "suspend" if value else "unsuspend"

    def run(game, owner, e, card_id, holder):
        targets = _targets(game, owner, e, holder)
        if not targets:
            return _nothing(game, card_id, word, owner, e)
        for p, d in targets:
            if d.suspended == value:
                game.step(f"effect.{word}", f"{d.label} is already {word}ed: it does not become {word}ed again.",
                          "dcg.already_in_state", target=d.label, already=True)
                continue
            game.put(p, replace(d, suspended=value))
            game.step(f"effect.{word}", f"{card_id}'s effect {word}s {d.label}.",
                      "dcg.state.suspend" if value else "dcg.state.unsuspend", *_area_keys(game, owner, e),
                      card=card_id, target=d.label)
    return run


def _dp(game, owner, e, card_id, holder):
    targets = _targets(game, owner, e, holder)
    if not targets:
        return _nothing(game, card_id, "DP", owner, e)
    span = SPANS[e.until]
    for p, d in targets:
        if d.dp is None:
            game.step("effect.dp", f"{d.label} has no DP: {card_id}'s effect cannot raise or lower it.",
                      "dcg.dp.none", card=card_id, target=d.label, no_dp=True)
            continue
        sec = game.is_security_digimon(d)
        source = effect_source(owner, holder)
        game.add_mod(p, d.id, Mod(mod_until(owner, e.until), dp=e.amount, source=source))
        now = game.current(d.id)
        note, keys = _unaffected_note(now, source)
        game.step("effect.dp", f"{card_id}'s effect gives {'the security Digimon ' * sec}{d.label} DP "
                  f"{e.amount:+d} {span} ({now.dp} DP){note}.", "dcg.effect.dp", *_area_keys(game, owner, e),
                  *(["dcg.security_digimon", "dcg.effect.security_digimon"] if sec else []), *keys, card=card_id, target=d.label, amount=e.amount, dp=now.dp)


def _draw(game, owner, e, card_id, holder):
    n = game.draw(owner, e.amount)
    short = "" if n == e.amount else f" (the deck had only {n})"
    game.step("effect.draw", f"{card_id}'s effect: {owner} draws {n} card{'s' * (n != 1)}{short}.",
              "dcg.keyword.draw", "dcg.keyword.draw_acting", "dcg.keyword.draw_forced", "dcg.draw", "dcg.draw.top",
              *(["dcg.impossible", "dcg.effect.as_far_as_possible"] if short else []), *(["dcg.deck.one_by_one"] if n > 1 else []), card=card_id, player=owner, n=n)


def _memory(game, owner, e, card_id, holder):
    was = game.board.memory
    before, after = game.memory_add(owner, e.amount)
    capped = before + e.amount != after
    game.step("effect.memory", f"{card_id}'s effect: memory {e.amount:+d} ({game.memory_text(owner, before)} → "
              f"{game.memory_text(owner, after)})" + (": the gauge ends at 10 on each side, so memory stops there."
                                                       if capped else "."),
              "dcg.memory.plus_minus", *(["dcg.memory.gauge_limit"] if capped else []), card=card_id, amount=e.amount, player=owner, memory_before=before, memory_after=after)
    if was < 0 <= game.board.memory and game.attack is not None and game.kept.get("blitz") == game.attack.attacker:
        game.step("keyword.blitz_continues", f"Memory is {game.memory_text(owner, after)} now, no longer on the "
                  f"opponent's side, but the attack Blitz declared goes on.", "dcg.keyword.blitz_continues",
                  attacker=game.attack.attacker)
    if was >= 0 > game.board.memory and game.board.phase == "main":
        turn, foe = game.board.turn, opponent(game.board.turn)
        what = "the attack in progress and everything still pending" if game.attack else "everything still pending"
        game.step("turn.end_waits", f"Memory is now on {foe}'s side, but {turn}'s turn does not end yet: "
                  f"{what} is processed first.", "dcg.turn.end_waits",
                  *(["dcg.attack.all_timings"] if game.attack else []), player=foe, turn_player=turn)


def _set_memory(game, owner, e, card_id, holder):
    """"Set memory to N": the marker goes to N on the owner's side (negative N: the opponent's side)."""
    before, after = game.memory_add(owner, e.amount - game.board.memory_for(owner))
    game.step("effect.memory", f"{card_id}'s effect sets memory to {game.memory_text(owner, after)} (it was "
              f"{game.memory_text(owner, before)}).", "dcg.memory.plus_minus", card=card_id, player=owner, memory_before=before, memory_after=after)


def _return_to_hand(game, owner, e, card_id, holder):
    targets = _targets(game, owner, e, holder)
    if not targets:
        return _nothing(game, card_id, "return to hand", owner, e)
    for p, d in targets:
        d = before_leaving(game, p, d, "return", owner)
        game.leave_area(p, d, "hand")
        under = f"; its {len(d.sources)} digivolution cards are trashed" if d.sources else ""
        game.step("effect.return_to_hand", f"{card_id}'s effect returns {d.label} to {p}'s hand{under}.",
                  "dcg.stack.leaves_together", "dcg.zone.hand", *_area_keys(game, owner, e), card=card_id, target=d.label, player=p)


def _trash_security(game, owner, e, card_id, holder):
    p = owner if e.target == "owner" else opponent(owner)
    ps = game.ps(p)
    n = min(e.amount or 1, len(ps.security))
    if n == 0:
        return _nothing(game, card_id, "trash security")
    game.set_ps(p, replace(ps, security=ps.security[n:]))
    game.trash_cards(p, ps.security[:n])
    game.step("effect.trash_security", f"{card_id}'s effect trashes the top {n} card{'s' * (n != 1)} of {p}'s "
              f"security.", "dcg.trash", *(["dcg.security.one_by_one"] if n > 1 else []), card=card_id, n=n, player=p)


def _play_from_trash(game, owner, e, card_id, holder):
    _play_by_effect(game, owner, e, card_id, "trash")


def _play_from_hand(game, owner, e, card_id, holder):
    _play_by_effect(game, owner, e, card_id, "hand")


def _play_by_effect(game, owner, e, card_id, zone: str):
    """Play the target card from `zone` without paying its cost; a card with DigiXros or Assembly may
    DigiXros / Assembly as it is played (7-2-2-13, 7-3-2-10), with the cards `choose: {digixros|assembly: [ids]}`
    names (none: not used, 7-2-2-12, 7-3-2-9)."""
    ps = game.ps(owner)
    card = next((c for c in getattr(ps, zone) if c.id == e.target), None)
    if card is None or card.kind not in ("digimon", "tamer") or (card.kind == "digimon" and card.dp is None):
        return _nothing(game, card_id, f"play from {zone}")
    game.set_ps(owner, replace(ps, **{zone: tuple(c for c in getattr(ps, zone) if c.id != card.id)}))
    sources, keys = _xros_by_effect(game, owner, card)
    play_card(game, owner, card, f"{card_id}'s effect plays {card.label} from the {zone} without paying its cost"
              + (f", with {len(sources)} card{'s' * (len(sources) != 1)} under it." if sources else "."),
              "dcg.play.procedure", *keys, sources=sources,
              xrossed=len(sources) if "dcg.digixros.by_effect" in keys else 0)


def _xros_by_effect(game, owner, card) -> tuple[tuple, list[str]]:
    """The cards DigiXros or Assembly places under a card an effect plays, and the keys to cite."""

    for how, name in (("digixros", "DigiXros"), ("assembly", "Assembly")):
        if getattr(card, how) is None:
            continue
        ids = game.choices.pop(how, None)
        by_effect = f"dcg.{how}.by_effect"
        if not ids:
            game.step("xros.not_used", f"{card.label} is played by an effect without {name}: it could "
                      f"{name} (the play cost is not paid, but cards may still go under it), and it is not mandatory.",
                      by_effect, f"dcg.{how}.optional", card=card.label, method=name)
            return (), []
        refusal = xros_refusal(game, owner, card, list(ids), how)
        if refusal is not None:
            game.trace.record_refusal(replace(refusal, action=how))
            game.step("xros.not_used", f"{card.label} is played by the effect without {name}: the chosen cards "
                      f"cannot go under it ({refusal.why})", by_effect, *refusal.cites, card=card.label, method=name, reason=refusal.why)
            return (), []
        sources, _ = place_xros(game, owner, card, list(ids), how, by_effect=True)
        return sources, [by_effect]
    return (), []


def _recovery(game, owner, e, card_id, holder):
    ps = game.ps(owner)
    n = min(e.amount, len(ps.deck))
    moved = ps.deck[:n]
    # one at a time (3-2-4): the deck's top card goes onto security first, so it ends up lowest of them
    game.set_ps(owner, replace(ps, deck=ps.deck[n:], security=tuple(reversed(moved)) + ps.security))
    short = "" if n == e.amount else f" (the deck had only {n})"
    game.step("effect.recovery", f"Recovery +{e.amount} (Deck): {owner} places the top {n} card{'s' * (n != 1)} "
              f"of the deck on top of their security{short}.", "dcg.keyword.recovery",
              "dcg.keyword.recovery_def", "dcg.keyword.recovery_acting",
              *(["dcg.deck.one_by_one"] if n > 1 else []),
              *(["dcg.impossible"] if short else []), amount=e.amount, player=owner, n=n)


def _de_digivolve(game, owner, e, card_id, holder):
    targets = _targets(game, owner, e, holder)
    if not targets:
        return _nothing(game, card_id, "De-Digivolve", owner, e)
    for p, d in targets:
        trashed = []
        while len(trashed) < e.amount and d.sources and not (d.card.level is not None and d.card.level <= 3):
            trashed.append(d.card)
            d = replace(d, card=d.sources[0], sources=d.sources[1:])
        if not trashed:
            game.step("keyword.de_digivolve", f"De-Digivolve {e.amount}: {d.label} cannot lose a card (its top card "
                      f"is level 3 or lower, or it has no digivolution cards).", "dcg.keyword.de_digivolve_limit", amount=e.amount, card=d.label)
            continue
        game.put(p, d, old_id=trashed[0].id)
        game.trash_cards(p, tuple(trashed))
        changed = [c for c in trashed[1:] if c.kind != trashed[0].kind]
        if changed:   # 16-11-6: the declared number is trashed even if the top card's category changed on the way
            game.step("keyword.de_digivolve_category", f"De-Digivolve {e.amount}: {changed[0].label} (a "
                      f"{changed[0].kind} card) came on top on the way, and the cards are trashed up to the number "
                      f"declared all the same.", "dcg.keyword.de_digivolve_category", amount=e.amount,
                      card=changed[0].label)
        stopped = len(trashed) < e.amount and d.sources   # stopped by the level limit, not by running out
        game.step("keyword.de_digivolve", f"De-Digivolve {e.amount}: {', '.join(c.label for c in trashed)} "
                  f"trashed from the top; {d.label} is now on top"
                  + (f" (a level {d.card.level} card and the cards below it cannot be trashed)." if stopped
                     else "."), "dcg.keyword.de_digivolve", "dcg.stack.top_keeps_state",
                  "dcg.keyword.de_digivolve_acting", "dcg.keyword.de_digivolve_forced",
                  *(["dcg.keyword.de_digivolve_one_by_one"] if len(trashed) > 1 else []),
                  *(["dcg.keyword.de_digivolve_limit"] if stopped else []), amount=e.amount, cards=", ".join(c.label for c in trashed), card=d.label)


def _blitz(game, owner, e, card_id, holder):

    if holder is None or game.find(holder.id) is None:
        return _nothing(game, card_id, "Blitz")
    if game.board.memory_for(owner) >= 0:
        game.step("keyword.blitz", f"Blitz: memory is not on the opponent's side 1 or more, so {holder.label} "
                  f"cannot attack with Blitz.", "dcg.keyword.blitz_condition", "dcg.memory.opponent_side", card=holder.label)
        return
    foe = opponent(owner)
    targets = [d for d in game.ps(foe).battle_area if d.is_digimon and d.suspended]
    chosen = game.pick("blitz", targets, e.choose) if (e.choose or "blitz" in game.choices) else None
    target = chosen.id if chosen else "player"
    refusal = game.can_attack(holder.id, target, by_effect=True)
    if refusal is not None:
        game.step("keyword.blitz", f"Blitz: {holder.label} cannot attack: {refusal.why}",
                  "dcg.keyword.blitz", *refusal.cites, card=holder.label, reason=refusal.why)
        return
    memory = game.memory_text(owner, game.board.memory_for(owner))
    game.step("keyword.blitz", f"Blitz: memory is on the opponent's side 1 or more ({memory}), so {holder.label} "
              f"attacks.", "dcg.keyword.blitz", "dcg.memory.opponent_side", "dcg.keyword.blitz_acting",
              "dcg.keyword.blitz_optional", card=holder.label, memory=memory)
    game.kept["blitz"] = holder.id   # 16-15-4: this attack goes on even if memory comes back (resolve._memory)
    try:
        game.declare_attack(holder.id, target)
    finally:
        game.kept.pop("blitz", None)


FLAG_WORDS = {"cannot_be_blocked": "cannot be blocked", "cannot_attack": "cannot attack",
              "cannot_block": "cannot block", "unaffected": "is unaffected by effects"}
SPANS = {"end_of_turn": "until the end of the turn", "end_of_battle": "for the battle",
         "end_of_attack": "until the end of the attack", "end_of_opponents_turn": "until the end of the opponent's turn"}


def mod_until(owner: str, until: str) -> str:
    """A Mod's `until`: "until the end of the opponent's turn" ends with the next end of a turn of the
    opponent of the effect's owner (turn.py expires `end_of_turn_of:<player>`)."""
    return f"end_of_turn_of:{opponent(owner)}" if until == "end_of_opponents_turn" else until


def _gain(game, owner, e, card_id, holder):
    targets = _targets(game, owner, e, holder)
    what = FLAG_WORDS.get(e.do) or f"gains {keyword_text(e.keyword)}"
    if not targets:
        return _nothing(game, card_id, what, owner, e)
    span = SPANS[e.until]
    until = mod_until(owner, e.until)
    source = effect_source(owner, holder)
    flag = unaffected_flag(owner, e.effects_of) if e.do == "unaffected" else e.do
    mod = Mod(until, keyword=e.keyword, source=source) if e.do == "gain" else Mod(until, flag=flag, source=source)
    for p, d in targets:
        game.add_mod(p, d.id, mod)
        stays = e.filter and e.target in CHOOSING_TARGETS
        note, keys = _unaffected_note(game.current(d.id), source) if e.do != "unaffected" else ("", [])
        game.step(f"effect.{e.do}", f"{card_id}'s effect: {d.label} {what} {span}{note}"
                  + (" (and keeps it even if it stops meeting the target condition)." if stays else "."),
                  "dcg.effect.gains", "dcg.effect.given", "dcg.effect.given_by_effect", *_area_keys(game, owner, e),
                  *(["dcg.target.condition_given_stays"] if stays else []), *keys,
                  *(["dcg.unaffected"] if e.do == "unaffected" else []), card=card_id,
                  target=d.label, **({"keyword": keyword_text(e.keyword)} if e.do == "gain" else {}), until=e.until,
                  **({"unaffected": True} if note else {}))


def _activate_main(game, owner, e, card_id, holder):
    run_main_effects(game, owner, card_id, by_security=True)


def _play_this(game, owner, e, card_id, holder):
    play_this(game, owner, card_id)


def _end_attack(game, owner, e, card_id, holder):
    if game.attack is None:
        return _nothing(game, card_id, "end the attack")
    game.attack.ended = True
    game.step("effect.end_attack", f"{card_id}'s effect ends the attack: it goes straight to End of Attack.",
              "dcg.effect.end_attack", card=card_id)


def _prevent(game, owner, e, card_id, holder):
    if holder is None or holder.id not in game.deleting:
        return _nothing(game, card_id, "not deleted")
    game.deleting[holder.id] = True
    game.step("effect.prevent", f"{card_id}'s effect: {holder.label} is not deleted.", "dcg.immediate.before",
              card=holder.label)


def _info_effect(game, owner, e, card_id, holder):
    """15-12: information added ("also treated as …") or changed ("change to …") for a while."""
    mode = "add" if e.do == "add_info" else "change"
    targets = _targets(game, owner, e, holder)
    if not targets:
        return _nothing(game, card_id, "add information" if mode == "add" else "change information", owner, e)
    source = effect_source(owner, holder)
    what = ", ".join({"digimon": lambda v: "a Digimon", "dp": lambda v: f"{v} DP",
                      "names": lambda v: f"the name {v[0]}", "colors": lambda v: "/".join(v),
                      "traits": lambda v: "the trait " + "/".join(v)}[k](v) for k, v in e.info)
    for p, d in targets:
        missing = [k for k, _ in e.info if mode == "change" and _lacks(d, k)]
        game.add_mod(p, d.id, Mod(mod_until(owner, e.until), source=source,
                                  info=tuple((mode, k, v) for k, v in e.info)))
        now = game.current(d.id)
        keys = ((["dcg.info.add_last"] if _had(d, e.info) else []) + ["dcg.info.add", "dcg.info.add_new"]
                + (["dcg.info.as_digimon"] if dict(e.info).get("digimon") else [])
                + (["dcg.info.add_dp_original"] if "dp" in dict(e.info) and d.card.dp is None else [])
                if mode == "add" else
                ["dcg.info.change"] + (["dcg.info.change_last"] if _had(d, e.info) else [])
                + (["dcg.info.change_missing"] if missing else []))
        note = (f"; it has no {', '.join(missing)}, which is therefore not changed" if missing else "")
        game.step(f"effect.{e.do}", f"{card_id}'s effect: {d.label} {'is also treated as having' if mode == 'add' else 'is changed to'} "
                  f"{what} {SPANS[e.until]}{note} (now {'/'.join(now.names()) or now.id}, "
                  f"{'/'.join(now.colors()) or 'no colour'}, {now.dp if now.dp is not None else 'no'} DP).",
                  *keys, *_area_keys(game, owner, e), card=d.label)


def _lacks(d: Digimon, key: str) -> bool:
    return {"dp": d.card.dp is None, "colors": not d.card.colors, "traits": not d.card.traits}.get(key, False)


def _had(d: Digimon, info: tuple) -> bool:
    """Whether an earlier effect already added or changed one of these pieces of information (the last wins)."""
    keys = {k for k, _ in info}
    return any(k in keys for m in d.mods for _, k, _ in m.info)


runs_verbs({"add_info": _info_effect, "change_info": _info_effect, "prevent": _prevent, "end_attack": _end_attack, "gain": _gain, "cannot_be_blocked": _gain, "cannot_attack": _gain,
                "cannot_block": _gain, "unaffected": _gain, "activate_main": _activate_main,
                "play_this": _play_this,"delete": _delete, "suspend": _set_suspended(True), "unsuspend": _set_suspended(False),
                "dp": _dp, "draw": _draw, "memory": _memory, "return_to_hand": _return_to_hand,
                "trash_security": _trash_security, "play_from_trash": _play_from_trash, "set_memory": _set_memory,
                "play_from_hand": _play_from_hand, "recovery": _recovery,
                "de_digivolve": _de_digivolve, "blitz": _blitz})


# ---------------------------------------------------------------------------------------- keywords
def _raid(game: Game, t: Trigger) -> None:
    attacker = game.holder(t)
    if game.attack is None or attacker is None or game.attack.attacker != attacker.id:
        return
    foe = opponent(t.owner)
    active = [d for d in game.ps(foe).battle_area if d.is_digimon and not d.suspended]
    if not active:
        game.step("keyword.raid", f"Raid: {foe} has no unsuspended Digimon, so the target does not change.",
                  "dcg.keyword.raid", player=foe)
        return
    best = max(d.dp for d in active)
    chosen = game.pick("raid", [d for d in active if d.dp == best])
    if chosen.id == game.attack.target:    # 11-2-7-3: the target cannot be changed to what it already is
        game.step("keyword.raid", f"Raid: {chosen.label}, {foe}'s unsuspended Digimon with the highest DP ({best}), "
                  f"is already the target of the attack; a target cannot be changed to itself, so nothing changes.",
                  "dcg.keyword.raid", "dcg.attack.target_same", target=chosen.label, player=foe, dp=best, same=True)
        return
    game.attack.target = chosen.id
    game.step("keyword.raid", f"Raid: the target of {attacker.label}'s attack changes to {chosen.label}, {foe}'s "
              f"unsuspended Digimon with the highest DP ({best}).", "dcg.keyword.raid", "dcg.attack.target_changes",
              "dcg.keyword.raid_trigger", "dcg.keyword.raid_optional",
              *(["dcg.keyword.raid_tie"] if sum(d.dp == best for d in active) > 1 else []),
              *(["dcg.keyword.raid_multiple"] if attacker.count("raid") > 1 else []), attacker=attacker.label, target=chosen.label, player=foe, dp=best)
    unaffected_change(game, attacker, chosen)


def _alliance(game: Game, t: Trigger) -> None:
    attacker = game.holder(t)
    if game.attack is None or attacker is None or game.attack.attacker != attacker.id:
        return
    partners = [d for d in game.ps(t.owner).battle_area
                if d.is_digimon and d.id != attacker.id and not d.suspended]
    partner = game.pick("alliance", partners)
    if partner is None:
        game.step("keyword.alliance", f"Alliance: {t.owner} has no other unsuspended Digimon to suspend.",
                  "dcg.keyword.alliance", player=t.owner)
        return
    game.put(t.owner, replace(partner, suspended=True))
    game.add_mod(t.owner, attacker.id, Mod("end_of_attack", dp=partner.dp,
                                           keyword=Keyword("security_attack", 1)))
    now = game.find(attacker.id)[1]
    game.step("keyword.alliance", f"Alliance: {partner.label} is suspended; until the end of the attack "
              f"{attacker.label} gets +{partner.dp} DP ({now.dp} DP) and Security Attack +1 (the DP it had when suspended, "
              f"kept even if it changes or leaves).", "dcg.keyword.alliance", "dcg.keyword.alliance_trigger",
              "dcg.keyword.alliance_condition", "dcg.keyword.alliance_dp_at_suspend", "dcg.keyword.alliance_kept",
              *(["dcg.keyword.alliance_multiple"] if attacker.count("alliance") > 1 else []), partner=partner.label, attacker=attacker.label, dp=partner.dp)


def _retaliation(game: Game, t: Trigger) -> None:
    found = game.find(t.partner)
    if found is None:
        game.step("keyword.retaliation", f"Retaliation ({t.card_id}): the Digimon it battled is no longer in the "
                  f"battle area.", "dcg.keyword.retaliation", card=t.card_id, gone=True)
        return
    if game.attack is not None and game.attack.attacker == found[1].id and found[1].has("progress"):
        game.step("keyword.retaliation", f"Retaliation: {t.card_id} was the only one deleted in the battle, so it "
                  f"would delete {found[1].label}.", "dcg.keyword.retaliation", card=t.card_id, target=found[1].label, pending=True)
    if shielded(game, t.owner, opponent(t.owner), found[1]):
        return
    game.step("keyword.retaliation", f"Retaliation: {t.card_id} was the only one deleted in the battle, so "
              f"{found[1].label} is deleted.", "dcg.keyword.retaliation", "dcg.keyword.retaliation_trigger",
              "dcg.keyword.retaliation_forced", *(["dcg.keyword.retaliation_multiple"] if t.keyword_count > 1 else []), card=t.card_id, target=found[1].label)
    destroy(game, [found[1].id], cause="effect", by=t.owner)


def _fortitude(game: Game, t: Trigger) -> None:
    ps = game.ps(t.owner)
    card = next(c for c in ps.trash if c.id == t.card_id)
    game.set_ps(t.owner, replace(ps, trash=tuple(c for c in ps.trash if c.id != card.id)))
    play_card(game, t.owner, card, f"Fortitude: {card.label} had digivolution cards when it was deleted (the "
              f"condition is read as of the deletion), so it is played from the trash without paying its cost.",
              "dcg.keyword.fortitude", "dcg.condition_at_deletion", "dcg.keyword.fortitude_trigger",
              "dcg.keyword.fortitude_forced", *(["dcg.keyword.fortitude_multiple"] if t.keyword_count > 1 else []))


@on("effect_declares_attack")   # Blitz declares an attack as it is processed (16-15-1)
def _blitz_attacks(game: Game, e: Effect):
    return True if e.do == "blitz" else None


def unaffected_change(game: Game, attacker: Digimon | None, target: Digimon) -> None:
    """11-2-7-5: changing an attack's target affects the player who declared it, so it happens even when the
    attacking Digimon or the new target is unaffected by effects (15-15-6)."""
    who = [d for d in (attacker, target) if d is not None and any(
        m.flag is not None and m.flag.startswith("unaffected:") for m in d.mods)]
    if who:
        game.step("attack.target_change_unaffected", f"The attack's target changes although {who[0].label} is "
                  f"unaffected by effects: changing the target affects the player who declared the attack, not "
                  f"the Digimon.", "dcg.attack.target_change_player", "dcg.unaffected", card=who[0].label)


runs_keywords({"raid": _raid, "alliance": _alliance, "retaliation": _retaliation, "fortitude": _fortitude})


@provides("play_card")
def play_card(game: Game, owner: str, card, text: str, *keys: str, sources: tuple = (), xrossed: int = 0,
              **params) -> None:
    """Put a card into the battle area as a new Digimon/Tamer, unsuspended (3-4-3); On Play triggers.
    `sources`: the cards DigiXros or Assembly placed under it (7-2-3-3, 7-3-3-3); `xrossed`: how many of them
    DigiXros placed (7-2-2-9, 7-2-2-10)."""
    d = Digimon(card, sources=tuple(sources), played_this_turn=True, xrossed=xrossed)
    if card.overflow:
        keys = (*keys, "dcg.overflow.not_into_area")
        text += f" (its Overflow moves no memory as it is placed in the area.)"
    game.add_to_battle_area(owner, d)
    game.step("card.played", text, *keys, "dcg.area.enters_unsuspended",
              *(["dcg.digimon.card_in_area"] if card.kind == "digimon" else []), player=owner,
              card=card.label, **params)
    game.trigger_effects(owner, d, "on_play")
    game.emit("digimon_played", owner, d)
