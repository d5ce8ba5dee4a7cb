"""An attack, timing by timing (11-1-3): declaration, counter timing, block timing, confirmation, end.

Once declared, every later timing runs even if the attacker leaves (11-1-5). The defender's `block:`
action, if it is the next action in the scenario, is the answer at block timing.
"""
from __future__ import annotations

from ..trace import Refusal
from .battle import battle_digimon, battle_security, check_count, destroy, sa_text
from .game import Attack, Game, Trigger, provides
from .options import counter_timing
from .resolve import effect_kind_keys, run_effect, unaffected_change
from .model import Digimon, opponent, replace


@provides("can_attack")
def can_attack(game: Game, attacker: str, target: str, by_effect: bool = False, *, unsuspended_target: bool = False,
               played_ok: bool = False, without_suspending: bool = False) -> Refusal | None:
    """Why `attacker` may not attack `target` now, or None. Keyword attacks relax some rules: Execute may
    target an unsuspended Digimon (16-37-1), Vortex attacks in the turn it was played (16-32-1), Overclock
    attacks without suspending (16-33-1)."""
    def no(why, *keys):
        return Refusal("attack", why, keys)

    b = game.board
    if game.over:
        return no("The game is over.", "dcg.game.over")
    if game.attack is not None:
        return no("An attack is in progress: no new attack can be declared during it.", "dcg.attack.one_at_a_time")
    found = game.find(attacker)
    if found is None:
        where = "breeding area" if any(
            b.player(p).breeding_area and b.player(p).breeding_area.id == attacker for p in "AB") else "battle area"
        return no(f"{attacker} is not a Digimon in the battle area ({where}): only battle-area Digimon attack.",
                  "dcg.attack.declare")
    p, d = found
    if p != b.turn:
        return no(f"{d.label} belongs to {p}, but it is {b.turn}'s turn: only the turn player attacks.",
                  "dcg.attack.turn_player_only")
    if b.phase != "main" and not by_effect:
        return no(f"{b.turn}'s turn has not reached its main phase yet (run `end_turn`).", "dcg.phase.main")
    if not d.is_digimon:
        return no(f"{d.label} is a Tamer: only Digimon attack.", "dcg.attack.declare", "dcg.tamer.definition",
                  "dcg.digimon.can_attack")
    if d.suspended and not without_suspending:
        return no(f"{d.label} is suspended and cannot be suspended to attack.", "dcg.attack.must_suspend")
    if d.flagged("cannot_attack"):
        return no(f"{d.label} cannot attack (an effect says so): an effect that forbids wins over one that allows.",
                  "dcg.effect.given", "dcg.effect.prohibit_first")
    if d.played_this_turn and not d.has("rush") and not played_ok:
        return no(f"{d.label} was played this turn and has no Rush, so it cannot attack this turn.",
                  "dcg.play.no_attack_this_turn", "dcg.keyword.rush")
    if target != "player":
        tf = game.find(target)
        if tf is None or tf[0] == p:
            return no(f"{target} is not an opposing Digimon in the battle area: the target is the opponent or "
                      f"one of their suspended Digimon.", "dcg.attack.target")
        if not tf[1].is_digimon:
            return no(f"{tf[1].label} is a Tamer: the target is the opponent or a suspended opposing Digimon.",
                      "dcg.attack.target")
        if not tf[1].suspended and not unsuspended_target:
            return no(f"{tf[1].label} is unsuspended: only a suspended opposing Digimon can be attacked.",
                      "dcg.attack.target")
    return None


@provides("attack")
def attack(game: Game, attacker: str, target: str, suspend: bool = True, execute: bool = False) -> None:
    """Run one whole attack (can_attack must have allowed it). `suspend=False`: Overclock's attack without
    suspending; `execute`: Execute deletes the attacker at the end of the attack (16-37-4)."""
    p, d = game.find(attacker)
    if suspend:
        game.put(p, replace(d, suspended=True))
    foe = opponent(p)
    aim = f"player {foe}" if target == "player" else game.find(target)[1].label
    rush = d.played_this_turn and d.has("rush")   # 16-14-1 is then what makes the attack legal (7-1-2-1)
    game.step("attack.declared", f"{d.label} {'is suspended and ' * suspend}attacks {aim}"
              + (" (it was played this turn, but Rush lets it attack)." if rush else "."), "dcg.attack.declare", "dcg.digimon.can_attack",
              "dcg.attack.target", "dcg.main.attack", "dcg.attack.rule", "dcg.attack.timings",
              "dcg.attack.declare_suspend", "dcg.attack.target_with_declaration", "dcg.attack.procedure",
              *(["dcg.state.orientation", "dcg.state.suspended_def"] if suspend else []), *(["dcg.keyword.rush", "dcg.keyword.rush_static", "dcg.text_over_rules"] if rush else []),
              *(["dcg.inherited"] if rush and _inherited(d, "rush") else []), attacker=d.label,
              **({"target_player": foe} if target == "player" else {"target": aim}))
    game.attack = Attack(p, attacker, target, execute=execute)
    try:
        resolved = _when_attacking(game, p, attacker)
        resolved = game.settle_waiting() or resolved
        if not game.over and not game.attack.ended:
            _counter_timing(game, foe, resolved)
        if not game.over and not game.attack.ended:
            _block_timing(game, foe)
        if not game.over and not game.attack.ended:
            _confirm(game, foe)
        if not game.over and game.attack.pierce and not game.attack.ended:
            _pierce(game, foe)
        if not game.over:
            _end_of_attack(game)
    finally:
        game.attack = None
        game.expire("end_of_battle")   # a battle never outlasts its attack (an Option's [Security] may start none)
        game.expire("end_of_attack")


def _when_attacking(game: Game, p: str, attacker: str) -> bool:
    """[When Attacking] effects, Raid and Alliance trigger on the declaration (15-16-5-1, 16-22, 16-23).
    Returns whether anything triggered (and so was processed before the counter timing)."""
    d = game.find(attacker)[1]
    game.trigger_effects(p, d, "when_attacking")
    for kid in ("raid", "alliance"):
        if game.uses(kid, d.id):
            for _ in range(d.count(kid)):
                game.new_triggers.append(Trigger(p, d.id, "battle", keyword=kid))
    triggered = bool(game.new_triggers)
    game.flush()
    return triggered


def _counter_timing(game: Game, foe: str, after_effects: bool) -> None:
    """11-3: the counter timing comes only once the declaration's effects are done (11-1-4), and comes even
    when the attacking Digimon has left (11-1-5)."""
    keys = ["dcg.attack.counter"]
    notes = []
    if after_effects:
        notes.append("the effects triggered by the attack declaration have all been processed")
        keys.append("dcg.attack.timing_completes")
    if game.find(game.attack.attacker) is None:
        notes.append("the attacking Digimon has left, but a declared attack goes through all its timings")
        keys.append("dcg.attack.all_timings")
    lead = f"Counter timing ({'; '.join(notes)})" if notes else "Counter timing"
    if counter_timing(game, foe, keys, lead):
        return
    game.step("attack.counter", f"{lead}: {foe} uses no [Counter] effect.", *keys, player=foe)


def _block_timing(game: Game, foe: str) -> None:
    """Block timing (11-4): the defender may block with an unsuspended Blocker (12-1)."""
    answer = None
    if game.actions and game.actions[0].kind == "block":
        answer = game.actions.popleft()
        if game.trace.at is not None:
            game.trace.at += 1   # the answer is the scenario's next action
    game.refresh()
    att = game.find(game.attack.attacker)
    collision = att is not None and att[1].has("collision")
    able = [d for d in game.ps(foe).battle_area
            if d.is_digimon and (d.has("blocker") or collision) and not d.suspended and d.id != game.attack.target]
    if able and att is not None and att[1].flagged("cannot_be_blocked"):
        if answer is not None and answer.get("blocker") is not None:
            game.trace.record_refusal(can_block(game, foe, answer.get("blocker"), collision))
        game.step("block.none", f"Block timing: {att[1].label} cannot be blocked, so {foe} does not block"
                  + (" (Collision allows a block, but an effect that forbids wins)." if collision else "."),
                  "dcg.attack.block_timing", *_unblockable_keys(att[1]),
                  *(["dcg.effect.prohibit_first"] if collision else []), attacker=att[1].label, player=foe)
        return
    if answer is not None and answer.get("blocker") is not None:
        refusal = can_block(game, foe, answer.get("blocker"), collision)
        if refusal is None:
            block(game, foe, answer.get("blocker"), collision)
            _second_block(game, foe, collision)
            return
        game.trace.record_refusal(refusal)
    if collision and able and att is not None:
        if answer is not None and answer.get("blocker") is None:
            game.refuse("block", f"Collision: {foe} must block with a Digimon if able, so `block: none` is not "
                        f"allowed.", "dcg.keyword.collision")
        chosen = game.pick("block", able)
        block(game, foe, chosen.id, collision)
        return
    if answer is not None and answer.get("blocker") is None:
        game.step("block.none", f"Block timing: {foe} does not block.", "dcg.attack.block_timing", player=foe)
    elif able and att is None:
        game.step("block.none", f"Block timing: the attacking Digimon is no longer in the battle area, so {foe} "
                  f"cannot block.", "dcg.attack.block_timing", "dcg.block.attacker_gone", player=foe, gone=True)
    elif able:
        game.step("block.none", f"Block timing: {foe} could block with {able[0].label} but no block was given; "
                  f"{foe} does not block.", "dcg.attack.block_timing", player=foe, blocker=able[0].label)
    else:
        game.step("block.none", f"Block timing: {foe} has no unsuspended Digimon with Blocker.",
                  "dcg.attack.block_timing", player=foe, able=0)


def _second_block(game: Game, foe: str, collision: bool) -> None:
    """A further `block:` answer right after a block in the same attack: one Digimon blocks an attack (12-1-2), and
    no new block is declared while one is blocking (12-1-3)."""
    if game.actions and game.actions[0].kind == "block" and game.attack is not None and game.attack.blocked:
        again = game.actions.popleft()
        if game.trace.at is not None:
            game.trace.at += 1
        refusal = can_block(game, foe, again.get("blocker") or "none", collision)
        if refusal is not None:
            game.trace.record_refusal(refusal)


def can_block(game: Game, foe: str, blocker: str, collision: bool = False) -> Refusal | None:
    def no(why, *keys):
        return Refusal("block", why, keys)

    if game.over:
        return no("The game is over.", "dcg.game.over")
    if game.attack is None:
        return no("There is no attack at block timing: a block answers an attack.", "dcg.attack.block_timing")
    found = game.find(blocker)
    if found is None:
        return no(f"{blocker} is not a Digimon in the battle area.", "dcg.block.rule")
    p, d = found
    if p != foe:
        return no(f"{d.label} belongs to the attacking player: only the non-turn player blocks.",
                  "dcg.attack.block_timing")
    if not d.is_digimon or not (d.has("blocker") or collision):
        return no(f"{d.label} has no Blocker.", "dcg.block.rule", "dcg.keyword.blocker")
    if d.id == game.attack.target:
        return no(f"{d.label} is the target of the attack and cannot block.", "dcg.block.not_target")
    if d.suspended:
        return no(f"{d.label} is suspended and cannot be suspended to block.", "dcg.block.must_suspend")
    if d.flagged("cannot_block"):
        return no(f"{d.label} cannot block (an effect says so): an effect that forbids wins over one that allows.",
                  "dcg.effect.given", "dcg.effect.prohibit_first")
    if game.find(game.attack.attacker) is None:
        return no("The attacking Digimon is no longer in the battle area: no block is possible.",
                  "dcg.block.attacker_gone")
    if game.attack.blocked:
        return no("A block was already made in this attack: only one Digimon blocks an attack, and no new block is "
                  "declared while one is blocking.", "dcg.block.once", "dcg.block.none_during")
    att = game.find(game.attack.attacker)[1]
    if att.flagged("cannot_be_blocked"):
        return no(f"{att.label} cannot be blocked (an effect says so); an effect that forbids wins over one that "
                  f"allows.", *_unblockable_keys(att), *(["dcg.effect.prohibit_first"] if collision else []))
    return None


def _unblockable_keys(d) -> list[str]:
    keys = []
    if any(m.flag == "cannot_be_blocked" and m.until == "continuous" for m in d.mods):
        keys.append("dcg.continuous.effect")
    if any(m.flag == "cannot_be_blocked" and m.until != "continuous" for m in d.mods):
        keys.append("dcg.effect.given")
    return keys


def block(game: Game, foe: str, blocker: str, collision: bool) -> None:
    d = game.find(blocker)[1]
    game.put(foe, replace(d, suspended=True))
    game.attack.target = d.id
    game.attack.blocked = True
    if collision and not d.has("blocker"):
        why = ["dcg.keyword.collision", "dcg.keyword.collision_static", "dcg.keyword.collision_during_attack",
               "dcg.keyword.collision_affects"]
    else:
        why = ["dcg.keyword.blocker", "dcg.keyword.blocker_static", "dcg.digimon.can_block"]
        if d.count("blocker") > 1:
            why.append("dcg.keyword.blocker_once")
    game.step("block.declared", f"{foe} blocks with {d.label}: it is suspended and becomes the target of the "
              f"attack.", "dcg.block.declare", *why, "dcg.block.procedure", "dcg.attack.target_changes",
              player=foe, blocker=d.label)
    att = game.find(game.attack.attacker)
    unaffected_change(game, att[1] if att else None, d)
    if att is not None:
        game.trigger_effects(att[0], att[1], "when_blocked")
        game.flush()


def _confirm(game: Game, foe: str) -> None:
    """11-5: did the attack go through to the player or to a Digimon?"""
    found = game.find(game.attack.attacker)
    if found is None:
        game.step("attack.nothing", "The attacking Digimon is no longer in the battle area: the target of its "
                  "attack cannot change and the attack goes through to nothing.", "dcg.attack.attacker_gone",
                  "dcg.confirm.nothing")
        return
    p, att = found
    if game.attack.target == "player":
        n = check_count(att)
        security = len(game.ps(foe).security)
        extra = f" ({sa_text(att)})" if sa_text(att) else ""
        sa_keys = _security_attack_keys(att)
        if security >= 1:
            if n == 0:
                game.step("attack.no_check", f"The attack on {foe} goes through, but {att.label} checks 0 cards"
                          f"{extra}: no security card is checked.", "dcg.confirm.check", *sa_keys,
                          "dcg.keyword.sa_floor", "dcg.zero_times", player=foe, attacker=att.label)
                return
            game.step("attack.player", f"The attack on {foe} goes through; {foe} has {security} security "
                      f"card{'s' * (security != 1)}, so {att.label} checks {n}{extra}.", "dcg.confirm.check",
                      "dcg.check.count", "dcg.confirm.timing", "dcg.confirm.player_security", *sa_keys, player=foe, security=security, attacker=att.label, checks=n)
            run_checks(game, foe)
        elif n >= 1:
            game.win(p, "security", f"The attack on {foe} goes through while {foe} has 0 security cards: {p} "
                     f"wins the game.", "dcg.confirm.win", "dcg.win.security_zero",
                     "dcg.confirm.timing", "dcg.confirm.player_no_security", "dcg.win.at_once")
        else:
            game.step("attack.no_win", f"The attack on {foe} goes through with {foe} at 0 security, but "
                      f"{att.label} checks 0 cards{extra}: {p} does not win.", "dcg.confirm.win", *sa_keys,
                      "dcg.keyword.sa_floor", player=foe, attacker=att.label, attacking_player=p)
        return
    target = game.find(game.attack.target)
    if target is None:
        game.step("attack.target_gone", "The Digimon under attack is no longer in the battle area: the attack "
                  "goes through to nothing and there is no battle.", "dcg.attack.target_gone")
        return
    game.step("attack.digimon", f"The attack goes through to {target[1].label}: the two Digimon battle.",
              "dcg.confirm.battle", target=target[1].label)
    battle_digimon(game, att.id, target[1].id)


def _inherited(d, kid: str) -> bool:
    """Whether a digivolution card gives `d` the keyword as an inherited effect (4-2-4)."""
    return any(k.kid == kid for c in d.sources for k in c.inherited)


def _security_attack_keys(d) -> list[str]:
    """Rules behind a check count that Security Attack changes: the keyword (16-3-1), several of them adding
    up (16-3-3), an inherited one (4-2-4)."""
    sas = sum(1 for k in d.keywords() if k.kid == "security_attack")
    if not sas:
        return []
    mixed = len({k.n for k in d.keywords() if k.kid == "security_attack"}) > 1   # +1 and -1: one kind (16-2)
    return (["dcg.keyword.security_attack", "dcg.keyword.sa_static"] + (["dcg.keyword.sa_stacking"] if sas > 1 else [])
            + (["dcg.keyword.same_kind"] if mixed else [])
            + (["dcg.inherited"] if _inherited(d, "security_attack") else []))


def run_checks(game: Game, foe: str) -> None:
    """13-1: check the top security card, one at a time, while the attacker can still check."""
    done = 0
    planned = None
    while not game.over and not game.attack.ended:
        found = game.find(game.attack.attacker)
        if found is None:
            if done:
                game.step("check.stopped", "The checking Digimon left the battle area: it checks no more.",
                          "dcg.check.attacker_left")
            return
        att = found[1]
        count = check_count(att)
        if planned is not None and count != planned and (done < count or done < planned):
            # 16-3-2: Security Attack is continuous, so a change while checking changes the count at once
            game.step("check.count_changed", f"{att.label}'s Security Attack changed while it checks: it now checks "
                      f"{count} card{'s' * (count != 1)} in all ({done} done).", "dcg.keyword.sa_static",
                      "dcg.keyword.security_attack", attacker=att.label, count=count, done=done)
        planned = count
        if done >= count:
            return
        security = game.ps(foe).security
        if not security:
            game.step("check.no_security", f"{foe} has no security card left: checking ends (there is no win "
                      f"during checks).", "dcg.check.again", player=foe)
            return
        card, rest = security[0], security[1:]
        ps = game.ps(foe)
        game.set_ps(foe, replace(ps, security=rest))
        if card.kind == "blank":
            kind = "a card with no effect"
        elif card.kind == "digimon":
            kind = f"a Digimon card, {card.dp} DP"
        else:
            kind = f"an {card.kind.capitalize()} card" if card.kind == "option" else f"a {card.kind.capitalize()} card"
        game.step("check.reveal", f"{att.label} checks {foe}'s top security card: {card.label} ({kind}).",
                  "dcg.check.reveal", *(["dcg.check.one_at_a_time", "dcg.check.repeat"] if done else
                                        ["dcg.check.rule", "dcg.check.mandatory", "dcg.check.procedure"]),
                  "dcg.check.leaves_security", *(["dcg.security_digimon.definition"] if card.kind == "digimon" else []),
                  attacker=att.label, player=foe, card=card.label)
        sec = Digimon(card) if card.kind == "digimon" and card.dp is not None else None
        game.security_digimon = (foe, sec) if sec is not None else None
        game.limbo = card
        attacker_before = att.id
        try:
            for e in card.effects:
                if e.timing == "security":
                    game.step("effect.security", f"{card.label}'s [Security] effect activates at once and "
                              f"resolves before anything else of this check.", "dcg.timing.security",
                              "dcg.check.effects_first", "dcg.timing.security_trigger", *effect_kind_keys(card), card=card.label)
                    run_effect(game, foe, e, card_id=card.id, holder=sec)
            game.flush()
            if sec is not None and not game.over:
                # the attacker may have a new top card now (De-Digivolve): the same Digimon battles (4-5-6)
                now = game.attack.attacker
                if now != attacker_before and game.find(now) is not None:
                    game.step("check.attacker_changed", f"{attacker_before} is no longer the top card of the "
                              f"checking Digimon: it battles as {game.find(now)[1].label}, the card now on top.",
                              "dcg.check.battle", "dcg.stack.top_keeps_state", before=attacker_before, now=game.find(now)[1].label)
                battle_security(game, now, game.security_digimon[1])
            elif not game.over and card.kind == "option" and not any(e.timing == "security" for e in card.effects):
                game.step("check.no_effect", f"{card.label} is an option card without a [Security] effect: nothing "
                          f"activates and there is no battle.", "dcg.check.no_security_digimon", card=card.label)
        finally:
            game.security_digimon = None
            trashed = game.limbo is card
            game.limbo = None
        if trashed:
            game.trash_cards(foe, (card,))
            game.step("check.trash", f"The checked card {card.label} goes to {foe}'s trash.", "dcg.check.trash",
                      "dcg.zone.trash", card=card.label, player=foe)
        done += 1


def _pierce(game: Game, foe: str) -> None:
    """16-6: Piercing moves to 'the attack goes through to the player' just before End of Attack."""
    found = game.find(game.attack.attacker)
    if found is None:
        game.step("keyword.piercing_none", "Piercing: the attacking Digimon is gone, so there is no check.",
                  "dcg.keyword.piercing_no_attacker", attacker=game.attack.attacker)
        return
    if not game.ps(foe).security:
        game.step("keyword.piercing_none", f"Piercing: {foe} has 0 security, so there is no check (and no win).",
                  "dcg.keyword.piercing_no_security", player=foe)
        return
    game.step("keyword.piercing_check", f"Piercing: {found[1].label} proceeds to check {foe}'s security.",
              "dcg.keyword.piercing", "dcg.confirm.check", "dcg.keyword.piercing_forced", attacker=found[1].label, player=foe)
    run_checks(game, foe)
    if found[1].count("piercing") > 1:   # 16-6-5: a second Piercing cannot go back to check again
        game.step("keyword.piercing_once", f"Piercing: {found[1].label} has Piercing {found[1].count('piercing')} "
                  f"times, but after the first has checked, the others cannot proceed to check again.",
                  "dcg.keyword.piercing_once", attacker=found[1].label, n=found[1].count("piercing"))


def _end_of_attack(game: Game) -> None:
    found = game.find(game.attack.attacker)
    game.step("attack.end", "End of Attack.", "dcg.attack.end")
    if found is not None:
        game.trigger_effects(found[0], found[1], "end_of_attack")
        if game.new_triggers:
            game.step("attack.end_waits", "The attack does not end until the effects triggered at End of Attack "
                      "are processed.", "dcg.attack.end_waits")
        game.flush()
    found = game.find(game.attack.attacker)
    if game.attack.execute and found is not None and not game.over:
        game.step("keyword.execute_delete", f"Execute: at the end of this attack {found[1].label} is deleted (a "
                  f"pending process).", "dcg.keyword.execute_pending", "dcg.pending", attacker=found[1].label)
        destroy(game, [found[1].id], cause="effect", by=found[0])
        game.flush()

