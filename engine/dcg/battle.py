"""Deletion (4-13) with the immediate-type keywords that can stop it, and battle (chapter 14)."""
from __future__ import annotations

from .game import Game, Trigger, provides
from .keywords import keyword_text
from .leave import before_leaving, fragment, scapegoat, would_be_deleted
from .model import Digimon, Keyword, opponent, replace

BATTLE_KEYS = ("dcg.battle.rule", "dcg.battle.procedure", "dcg.battle.compare")
CAUSE_KEYS = {"battle": "dcg.battle.delete", "rule": "dcg.rule_check.dp_zero", "effect": "dcg.effect.delete"}


def _turn_first(game: Game, ids: list[str]) -> list[str]:
    turn = game.board.turn
    return sorted(ids, key=lambda i: 0 if game.board.owner_of(i) == turn else 1)


@provides("destroy")
def destroy(game: Game, ids: list[str], cause: str, by: str | None = None) -> list[tuple[str, Digimon]]:
    """Delete these Digimon at the same time (14-2-2). Before that, each one's immediate-type effects may
    stop its deletion (15-8-5): Evade, Armor Purge, Barrier (battle only), Decoy (opponent's effects only).
    Returns the (owner, stack) pairs actually deleted; their On Deletion/Fortitude effects are queued."""
    doomed: list[tuple[str, Digimon]] = []
    for did in _turn_first(game, list(dict.fromkeys(ids))):
        found = game.find(did)
        if found is None:
            continue
        p, d = found
        if not _prevented(game, p, d, cause, by):
            doomed.append(game.find(did) or found)
    doomed = [(p, before_leaving(game, p, d, cause, by)) for p, d in doomed]
    overflowing = [p for p, d in doomed if any(c.overflow for c in d.cards())]
    if len(set(overflowing)) > 1:
        game.step("rule.overflow_order", f"Overflow of both players at once: {game.board.turn} (the turn player) "
                  f"processes theirs first, then {opponent(game.board.turn)}.", "dcg.overflow.simultaneous",
                  "dcg.overflow.turn_player_first", "dcg.overflow.then_non_turn", turn_player=game.board.turn, other=opponent(game.board.turn))
    for p, d in doomed:
        under = f" with its {len(d.sources)} digivolution card{'s' * (len(d.sources) != 1)}" if d.sources else ""
        keys = ["dcg.delete", CAUSE_KEYS[cause]] + (["dcg.stack.leaves_together", "dcg.zone.leave_together"]
                                                    if d.sources else [])
        if cause == "rule":
            keys += ["dcg.rule_check.simultaneous"] + (["dcg.rule_check.not_during_effect"]
                                                       if game.rule_after_effect else [])
        game.step("digimon.deleted", f"{d.label} ({p}) is deleted and goes to the trash{under}.", *keys,
                  card=d.label, player=p, sources=len(d.sources))
        game.leave_area(p, d)
        # a token is removed from the game, not trashed (4-18-5), yet its [On Deletion] activates all the same
        where = "removed" if d.is_token else "trash"
        for e in d.effects():
            if e.timing == "on_deletion":
                game.new_triggers.append(Trigger(p, d.id, where, effect=e))
        if d.sources:
            for _ in range(d.count("fortitude")):
                game.new_triggers.append(Trigger(p, d.id, "trash", keyword="fortitude",
                                                 keyword_count=d.count("fortitude")))
    if doomed:
        game.emit("digimon_deleted", doomed)   # deleted at the same time: one situation (15-5-2)
    return doomed


def _prevented(game: Game, p: str, d: Digimon, cause: str, by: str | None) -> bool:
    """Immediate-type effects that replace the deletion, in the documented default order (EFFECTS.md): the
    cards' own "when this Digimon would be deleted" effects first, then the keywords."""
    if would_be_deleted(game, p, d):
        return True
    d = game.find(d.id)[1]   # those effects may have changed it (a cost, a DP change)
    if d.has("evade") and not d.suspended and game.uses("evade", d.id):
        game.put(p, replace(d, suspended=True))
        game.step("keyword.evade", f"Evade: just before the deletion, {d.label} is suspended and so is not deleted.",
                  "dcg.keyword.evade", "dcg.keyword.evade_immediate", "dcg.keyword.evade_condition",
                  "dcg.immediate.before", "dcg.immediate.effect", *(["dcg.keyword.evade_multiple"] if d.count("evade") > 1 else []), card=d.label)
        return True
    if d.has("armor_purge") and d.sources and game.uses("armor_purge", d.id):
        top, rest = d.sources[0], d.sources[1:]
        game.put(p, replace(d, card=top, sources=rest), old_id=d.id)
        game.trash_cards(p, (d.card,))
        state = "suspended" if d.suspended else "unsuspended"
        game.step("keyword.armor_purge", f"Armor Purge: just before the deletion, {d.label}'s top card is trashed "
                  f"and so the Digimon is not deleted; {top.label} is now on top ({state}).",
                  "dcg.keyword.armor_purge", "dcg.keyword.armor_purge_immediate", "dcg.keyword.armor_purge_condition",
                  "dcg.immediate.before", "dcg.immediate.effect", "dcg.stack.top_keeps_state",
                  *(["dcg.keyword.armor_purge_multiple"] if d.count("armor_purge") > 1 else []), card=d.label, top=top.label)
        return True
    security = game.ps(p).security
    if cause == "battle" and d.has("barrier") and security and game.uses("barrier", d.id):
        game.set_ps(p, replace(game.ps(p), security=security[1:]))
        game.trash_cards(p, security[:1])
        game.step("keyword.barrier", f"Barrier: just before the deletion in battle, {p} trashes the top card of "
                  f"their security ({security[0].id}) and so {d.label} is not deleted.", "dcg.keyword.barrier",
                  "dcg.keyword.barrier_immediate", "dcg.keyword.barrier_condition", "dcg.immediate.before", "dcg.immediate.effect",
                  *(["dcg.keyword.barrier_multiple"] if d.count("barrier") > 1 else []), player=p, security=security[0].id, card=d.label)
        return True
    if fragment(game, p, d):
        return True
    if scapegoat(game, p, d, cause, by):
        return True
    if cause == "effect" and by == opponent(p):
        decoys = [x for x in game.ps(p).battle_area
                  if x.id != d.id and x.has("decoy") and game.uses("decoy", x.id)
                  and any(k.param is None or k.param in d.card.colors for k in x.keywords() if k.kid == "decoy")]
        decoy = game.pick("decoy", decoys)
        if decoy is not None:
            game.step("keyword.decoy", f"Decoy: just before the deletion, {p} deletes {decoy.label} so that "
                      f"{d.label} is not deleted by the opponent's effect.", "dcg.keyword.decoy",
                      "dcg.keyword.decoy_immediate", "dcg.keyword.decoy_condition", "dcg.immediate.before", "dcg.immediate.effect",
                      *(["dcg.keyword.decoy_multiple"] if decoy.count("decoy") > 1 else []), player=p, decoy=decoy.label, card=d.label)
            if destroy(game, [decoy.id], cause="effect", by=p):
                return True
            game.step("keyword.decoy_failed", f"Decoy: {decoy.label} was not deleted, so the condition was not "
                      f"carried out and {d.label} is deleted after all.", "dcg.keyword.decoy_condition", decoy=decoy.label, card=d.label)
    return False


def battle_digimon(game: Game, a_id: str, d_id: str) -> None:
    """Battle between two Digimon (14-2): the lower DP loses, equal DP both lose; losers are deleted."""
    game.refresh()
    a_found, d_found = game.find(a_id), game.find(d_id)
    if a_found is None or d_found is None:
        return
    (ap, a), (dp_, d) = a_found, d_found
    head = f"{a.label} ({a.dp} DP) battles {d.label} ({d.dp} DP): "
    iceclad = a.has("iceclad") or d.has("iceclad")
    if iceclad:
        return _iceclad_battle(game, a, d, (ap, dp_))
    if a.dp == d.dp:
        game.step("battle.tie", head + "equal DP, both lose and are deleted.", "dcg.battle.tie",
                  "dcg.battle.delete", *BATTLE_KEYS, a=a.label, a_dp=a.dp, d=d.label, d_dp=d.dp)
        losers = [a, d]
    else:
        win, lose = (a, d) if a.dp > d.dp else (d, a)
        game.step("battle.result", head + f"{win.label} has the higher DP and wins; {lose.label} has the lower "
                  f"DP, loses and is deleted.", "dcg.battle.higher_wins", "dcg.battle.lower_loses",
                  "dcg.battle.delete", *BATTLE_KEYS, a=a.label, a_dp=a.dp, d=d.label, d_dp=d.dp,
                  winner=win.label, loser=lose.label)
        losers = [lose]
    _battle_end(game, a, d, ap, dp_, losers)


def _iceclad_battle(game: Game, a: Digimon, d: Digimon, owners) -> None:
    """16-34: a battle involving a Digimon with Iceclad compares digivolution card counts, not DP."""
    na, nd = len(a.sources), len(d.sources)
    who = a if a.has("iceclad") else d
    head = (f"Iceclad ({who.label}): {a.label} ({na} digivolution card{'s' * (na != 1)}) battles {d.label} "
            f"({nd} digivolution card{'s' * (nd != 1)}), comparing digivolution cards instead of DP: ")
    keys = ["dcg.keyword.iceclad", "dcg.keyword.iceclad_static", "dcg.keyword.iceclad_rule",
            "dcg.keyword.iceclad_decided"]
    if na == nd:
        game.step("battle.tie", head + "the same number, both lose and are deleted.", *keys,
                  "dcg.keyword.iceclad_tie", "dcg.battle.delete", a=a.label, d=d.label)
        losers = [a, d]
    else:
        win, lose = (a, d) if na > nd else (d, a)
        game.step("battle.result", head + f"{win.label} has more and wins; {lose.label} has fewer, loses and is "
                  f"deleted.", *keys, "dcg.keyword.iceclad_more", "dcg.keyword.iceclad_fewer", "dcg.battle.delete", winner=win.label, loser=lose.label)
        losers = [lose]
    _battle_end(game, a, d, owners[0], owners[1], losers)


def _battle_end(game: Game, a: Digimon, d: Digimon, ap: str, dp_: str, losers: list[Digimon]) -> None:
    attacking = game.attack is not None and game.attack.attacker == a.id
    deleted = {x.id for _, x in destroy(game, [x.id for x in losers], cause="battle")}
    # Piercing triggers when the defender is deleted (16-6-2): the attacker as it is then counts - after an
    # Armor Purge its new top card - or, deleted in the same battle, as it was (16-6-7 then stops the check)
    now = game.find(game.attack.attacker) if attacking else None
    piercer = now[1] if now else a
    pierces = attacking and piercer.has("piercing")
    for loser, other, owner in ((a, d, ap), (d, a, dp_)):
        if loser.id in deleted and other.id not in deleted:
            for _ in range(loser.count("retaliation")):   # 16-12-4: each one triggers
                game.new_triggers.append(Trigger(owner, loser.id, "trash", keyword="retaliation",
                                                 partner=other.id, keyword_count=loser.count("retaliation")))
    for winner, loser, owner in ((a, d, ap), (d, a, dp_)):
        now_winner = game.find(winner.id)
        if now_winner is None:
            continue
        if losers == [loser]:   # 14-2-1-1: the other one won
            game.trigger_effects(owner, now_winner[1], "wins_battle")
        if loser.id in deleted and winner.id not in deleted:
            game.trigger_effects(owner, now_winner[1], "deletes_in_battle")
    if pierces and d.id in deleted:
        game.attack.pierce = True
        inherited = not any(k.kid == "piercing" for k in piercer.card.keywords) and any(
            k.kid == "piercing" for c in piercer.sources for k in c.inherited)
        game.step("keyword.piercing", f"Piercing{' (inherited from a digivolution card)' * inherited} triggers: "
                  f"{piercer.label} deleted {d.label} in battle; it will check security just before End of Attack.",
                  "dcg.keyword.piercing", "dcg.keyword.piercing_timing", "dcg.keyword.piercing_trigger",
                  *(["dcg.inherited"] if inherited else []), attacker=piercer.label, card=d.label)
    _battle_effects(game)


def battle_security(game: Game, a_id: str, sec: Digimon) -> None:
    """Battle with a security Digimon (13-1-7-3) at its current DP, [Security] effects included: it is not
    deleted when it loses (14-2-3)."""
    game.refresh()
    found = game.find(a_id)
    if found is None:
        return
    ap, a = found
    printed = f"; printed {sec.card.dp}" if sec.dp != sec.card.dp else ""
    head = f"{a.label} ({a.dp} DP) battles the security Digimon {sec.label} ({sec.dp} DP{printed}): "
    a_loses = a.dp <= sec.dp
    s_loses = sec.dp <= a.dp
    if a.has("iceclad"):
        game.step("keyword.iceclad_security", f"Iceclad: {a.label} battles a security Digimon, so DP are "
                  f"compared as usual.", "dcg.keyword.iceclad", attacker=a.label)
    if a_loses and s_loses:
        result = "equal DP, both lose."
        keys = ["dcg.battle.tie"]
    else:
        win, lose = (a, sec) if s_loses else (sec, a)
        result = f"{win.label} has the higher DP and wins; {lose.label} has the lower DP and loses."
        keys = ["dcg.battle.higher_wins", "dcg.battle.lower_loses"]
    game.step("battle.security", head + result, "dcg.check.battle", *keys, *BATTLE_KEYS, a=a.label, a_dp=a.dp,
              d=sec.label, d_dp=sec.dp, **({"tie": True} if a_loses and s_loses else {"winner": win.label, "loser": lose.label}))
    if s_loses:
        game.step("battle.security_not_deleted", f"The security Digimon {sec.label} lost but is not deleted.",
                  "dcg.battle.security_not_deleted", card=sec.label)
    if s_loses and not a_loses and game.find(a.id) is not None:
        game.trigger_effects(ap, game.find(a.id)[1], "wins_battle")
    if a_loses:
        if a.has("jamming"):
            game.step("keyword.jamming", f"Jamming: {a.label} is not deleted in battle with a security Digimon.",
                      "dcg.keyword.jamming", "dcg.keyword.jamming_static", card=a.label)
        else:
            destroy(game, [a.id], cause="battle")
    _battle_effects(game)


def _battle_effects(game: Game) -> None:
    """14-2-4: the effects the battle triggered are processed before the battle ends (14-2-5)."""
    if game.new_triggers:
        game.step("battle.effects", "The effects triggered by the battle are processed before it ends.",
                  "dcg.battle.effects")
    game.flush()
    if any(m.until == "end_of_battle" for p in ("A", "B") for d in game.ps(p).battle_area for m in d.mods):
        game.step("battle.end", "The battle ends: what was given for the battle ends with it.", "dcg.battle.end")
    game.expire("end_of_battle")


def check_count(d: Digimon) -> int:
    """4-2-9: a Digimon checks 1 card; each Security Attack adds its number (16-3-3), never below 0 (16-3-4)."""
    return max(0, 1 + sum(k.n for k in d.keywords() if k.kid == "security_attack"))


def sa_text(d: Digimon) -> str:
    sas: list[Keyword] = [k for k in d.keywords() if k.kid == "security_attack"]
    return ", ".join(keyword_text(k) for k in sas)
