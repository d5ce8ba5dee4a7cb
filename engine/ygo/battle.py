"""The Battle Phase: attack declaration, the replay, the Damage Step and damage calculation."""
from __future__ import annotations

from . import battle_damage, counters, vows
from .card_triggers import on_attack_declared
from .continuous import cannot_attack, not_attackable
from .equip_monsters import check_equips
from .game import Attack, Window
from .model import MONSTER_ZONES, Card, other
from .protection import grants, is_unaffected, unaffected_words
from .replacement import replace
from .stats import atk_of, def_of, modifiers, keys as stat_keys
from .triggers import gather_hidden

Refusal = tuple[str, tuple[str, ...]] | None


def can_attack(game, attacker: Card, target_id: str) -> Refusal:
    board = game.board
    if board.over:
        return "the duel is already over", ("ygo.duel.over",)
    if board.phase != "battle":
        return f"attacks are declared in the Battle Phase, not in {board.phase}", ("ygo.battle.declare",)
    locked = vows.refusal(game, board.turn, "attack")
    if locked:
        return locked
    if game.chain or game.attack:
        return "an attack is declared only at an open game state of the Battle Step", ("ygo.battle.steps",)
    player = game.controller(attacker)
    found = board.find(attacker.id)
    if player != board.turn or not found or found[1] not in ("M1", "M2", "M3", "M4", "M5", "EMZ-L", "EMZ-R"):
        return f"{attacker.label()} is not a monster the turn player controls", ("ygo.battle.declare",)
    if attacker.position != "attack":
        return f"{attacker.label()} is not in face-up Attack Position", ("ygo.battle.declare",)
    kind = counters.locked(attacker, "cannot_attack")
    if kind:
        return (f"{attacker.label()} has {kind} counters, placed with \"a monster with them cannot attack\": that "
                "applies while they are on it, even if it is unaffected by effects now",
                ("ygo.counters.attached_processing", "ygo.counters.unaffected_keeps"))
    forbidding = cannot_attack(game, attacker)
    if forbidding is not None:
        return (f"{attacker.label()} cannot attack while the continuous effect of {forbidding.label()} applies",
                ("ygo.continuous.applies",))
    opponent = board.player(other(player))
    if attacker.attack_all and attacker.attacks_this_turn:
        if target_id == "direct" or target_id in attacker.attacked_ids:
            return (f"{attacker.label()} attacks each of {other(player)}'s monsters once; it has already attacked "
                    f"{'directly or ' if target_id == 'direct' else ''}this one",
                    ("ygo.battle.attack_all", *(("ygo.battle.monster_attacks_not_direct",) if target_id == "direct" else ())))
    elif attacker.attacks_this_turn >= attacker.attacks_allowed:
        if attacker.attacks_allowed > 1:
            return (f"{attacker.label()} can attack {attacker.attacks_allowed} times per Battle Phase and has used "
                    "them", ("ygo.battle.multiple_attacks",))
        return f"{attacker.label()} has already declared an attack this Battle Phase", ("ygo.battle.once_per_monster",)
    if target_id == "direct":
        if opponent.monsters and not all((not_attackable(game, m, attacker) or (None, False))[1]
                                         for m in opponent.monster_list()):
            return f"{other(player)} controls a monster, so a direct attack is not possible", ("ygo.battle.direct_attack",)
        return None
    target = board.find(target_id)
    if not target or target[0] is not opponent or target[1] not in opponent.monsters:
        return f"{target_id} is not a monster on {other(player)}'s field", ("ygo.battle.declare",)
    protected = not_attackable(game, target[2], attacker)
    if protected:
        src, direct = protected
        return (f"{target[2].label()} cannot be chosen as an attack target while the continuous effect of "
                f"{src.label()} applies{' (it makes the attack direct, which affects no monster: even an attacker unaffected by effects cannot choose it)' if direct and is_unaffected(attacker) else ''}",
                ("ygo.battle.cannot_be_attacked", *(("ygo.battle.cannot_be_attacked_direct",) if direct else ())))
    return None


def attack(game, attacker: Card, target_id: str) -> None:
    board = game.board
    player = board.turn
    target = None if target_id == "direct" else board.find(target_id)[2]
    attacker.attacks_this_turn += 1
    vows.record_attack(game, player)
    if target is not None:
        attacker.attacked_ids.append(target.id)
    if not game.battle_step:
        game.step("battle.battle_step", "Both players pass in the Start Step: it ends and the Battle Step begins, "
                  "where attacks are declared.", "ygo.battle.start_step_ends", "ygo.battle.flow_battle_step",
                  "ygo.priority.step_transition")
    game.battle_step = True
    game.attack = Attack(attacker, target, game.opponent_moves(player), game.opponent_count(player))
    game.window = Window("attack_declared", attacker, target, player)
    game.priority, game.last_pass = player, ""
    what = "a direct attack" if target is None else f"an attack on {target.label()}"
    keys = ["ygo.battle.declare", "ygo.battle.direct_attack" if target is None else "ygo.battle.once_per_monster",
            "ygo.battle.after_declaration_order"]
    if target is None and board.player(other(player)).monsters:
        keys.append("ygo.battle.cannot_be_attacked_direct")   # every monster there makes the attack direct (4.1.3)
    if is_unaffected(attacker) and cannot_attack(game, attacker, ignore_unaffected=True) is not None:
        keys[1:1] = ["ygo.protect.can_attack", "ygo.protect.unaffected"]   # "cannot attack" affects the monster
    if attacker.attacks_this_turn > 1:
        keys += ["ygo.battle.attack_all" if attacker.attack_all else "ygo.battle.multiple_attacks",
                 "ygo.battle.multiple_attacks_defined"]
        what += f" (its attack number {attacker.attacks_this_turn} this Battle Phase)"
    game.step("attack.declared", f"{player} declares {what} with {attacker.label()} ({atk_of(game, attacker)} ATK).",
              *keys, player=player, attacker=attacker.label(), atk=atk_of(game, attacker),
              **({"target": target.label()} if target is not None else {}))
    if target is not None and target.trigger("attacked"):
        game.add_trigger(target, Window("attacked", attacker, target, player))
    for monster in game.board.player(other(player)).monster_list():   # "when an opponent's monster declares an attack"
        if monster.face_up and monster.trigger("attack_declared"):
            game.add_trigger(monster, Window("attack_declared", attacker, target, player))
    on_attack_declared(game, other(player), Window("attack_declared", attacker, target, player))
    gather_hidden(game, "attack_declared", Window("attack_declared", attacker, target, player), player)


def proceed(game) -> None:
    """One step further in the attack in progress: the end of the Battle Step (stop, replay or go on), then the
    Damage Step's sub-steps in order (damage_step.STAGES); the attack is over after the end of the Damage Step."""
    atk = game.attack
    if atk.stage == "":
        _end_battle_step(game, atk)
    elif atk.stage == "start":
        atk.stage = "before_calculation"
        if _battle_goes_on(game, atk) and atk.target is not None and atk.target.position == "set":
            atk.target.position = "defense"
            atk.flipped_target = True
            game.step("damage_step.flip", f"The face-down {atk.target.label()} is flipped face-up in Defense Position "
                      f"({atk_of(game, atk.target)} ATK / {def_of(game, atk.target)} DEF) before damage calculation.",
                      "ygo.battle.flip_face_down_target", "ygo.position.flip_not_summon", "ygo.position.flip_not_change",
                      "ygo.face_down.flip_keeps", card=atk.target.label(), atk=atk_of(game, atk.target), defense=def_of(game, atk.target))
    elif atk.stage == "before_calculation":
        atk.stage = "calculation"   # "during damage calculation" effects are activated first, then it is done
    elif atk.stage == "calculation":
        atk.stage = "after_calculation"
        if _battle_goes_on(game, atk) and game.opponent_moves(game.board.turn) != atk.opponent_moves:
            atk.opponent_moves = game.opponent_moves(game.board.turn)
            game.step("battle.no_replay", f"The monsters on {other(game.board.turn)}'s field changed during the Damage "
                      "Step: there is no replay there, and the battle goes on with the same attack target.",
                      "ygo.battle.no_replay_in_damage_step", player=other(game.board.turn))
        if _battle_goes_on(game, atk):
            _calculate(game, atk)
            atk.calculating = False
            _flip_effect(game, atk)
        else:
            game.step("battle.no_calculation", "A monster in this battle left the field or the attacker is no longer "
                      "in Attack Position: no damage calculation; the Damage Step's remaining time points still "
                      "pass.", "ygo.damage_step.battle_ends", "ygo.battle.no_calc_no_battle")
    elif atk.stage == "after_calculation":
        atk.stage = "end"
        _send_destroyed(game, atk)
        _attacked_trigger(game, atk)
    else:
        game.attack = None
        game.step("battle.step.return", "The Damage Step is over: the Battle Step begins again (another attack may "
                  "be declared, or the Battle Phase goes on to its End Step).", "ygo.battle.back_to_battle_step",
                  "ygo.battle.damage_step_returns", "ygo.battle.flow_battle_step", "ygo.battle.flow_damage_step")


def _end_battle_step(game, atk: Attack) -> None:
    player = game.board.turn
    if atk.negated:
        game.attack = None
        return
    if not game.on_field(atk.attacker) or game.controller(atk.attacker) != player or atk.attacker.position != "attack":
        moved = game.on_field(atk.attacker) and game.controller(atk.attacker) == player
        game.step("attack.stopped", f"{atk.attacker.label()} can no longer attack, so the battle ends without a "
                  "Damage Step.", "ygo.battle.attack_stops", "ygo.battle.negated_not_attacker",
                  *(["ygo.battle.position_change_stops"] if moved else []), attacker=atk.attacker.label())
        game.attack = None
        return
    forbidding = cannot_attack(game, atk.attacker)
    if forbidding is not None:
        game.step("attack.stopped", f"{atk.attacker.label()} cannot attack while the continuous effect of "
                  f"{forbidding.label()} applies: the attack already declared stops, without a Damage Step.",
                  "ygo.battle.cannot_attack_stops", "ygo.battle.attack_stops", "ygo.battle.negated_not_attacker",
                  "ygo.continuous.applies", attacker=atk.attacker.label(), source=forbidding.label())
        game.attack = None
        return
    if game.opponent_moves(player) != atk.opponent_moves:
        if not _replay(game, atk):
            game.attack = None
            return
        if game.triggers:
            return   # the new target's "when attacked" trigger is activated before the Damage Step
    atk.stage = "start"
    atk.attacker.attacked_turn = game.board.turn_number   # entering the Damage Step, it has "attacked" (4.4.4.p3)
    game.step("damage_step.start", f"The Damage Step begins for {atk.attacker.label()}.", "ygo.battle.damage_step",
              "ygo.damage_step.start", attacker=atk.attacker.label())
    for card in (atk.attacker, atk.target):   # "at the start of the Damage Step, if this card battles" (4.4.4)
        if card is not None and card.face_up and _trigger_at(card, "damage_step_start"):
            game.add_trigger(card, Window("damage_step_start", atk.attacker, atk.target, game.controller(card)))


def _battle_goes_on(game, atk: Attack) -> bool:
    player = game.board.turn
    attacker_ok = (game.on_field(atk.attacker) and game.controller(atk.attacker) == player
                   and atk.attacker.position == "attack")
    target_ok = atk.target is None or (game.on_field(atk.target) and game.controller(atk.target) == other(player))
    return attacker_ok and target_ok


def _replay(game, atk: Attack) -> bool:
    """The number of the opponent's monsters changed: the attacker chooses a new target or not to attack."""
    player = game.board.turn
    opponent = game.board.player(other(player))
    key = f"replay.{atk.attacker.id}" if f"replay.{atk.attacker.id}" in game.choose else "replay"
    choice = game.choose.get(key)
    if len(opponent.monsters) == atk.opponent_count:
        game.step("battle.replay", f"A monster left {other(player)}'s field and another arrived after the attack target "
                  f"was chosen: the count is the same, but it changed, so a replay occurs and {player} may choose a new "
                  "attack target or not to attack.", "ygo.battle.replay", "ygo.battle.replay_same_count",
                  "ygo.battle.replay_after_resolution", player=player, other=other(player), same_count=True)
    else:
        game.step("battle.replay", f"The number of monsters {other(player)} controls changed after the attack target was "
                  f"chosen: a replay occurs, and {player} may choose a new attack target or not to attack.",
                  "ygo.battle.replay", "ygo.battle.replay_after_resolution", player=player, other=other(player))
    legal = {c.id: c for c in opponent.monster_list()}
    if choice is None:   # documented default: keep the old target, else the first monster in zone order, else direct
        if atk.target is not None and atk.target.id in legal:
            choice = atk.target.id
        elif legal:
            choice = next(iter(legal))
        else:
            choice = "direct"
    if choice == "none" or (choice == "direct" and legal) or (choice not in ("direct", "none") and choice not in legal):
        reason = "chooses not to attack" if choice == "none" else f"cannot attack {choice}, so does not attack"
        game.step("battle.replay.no_attack", f"{player} {reason}; {atk.attacker.label()} still counts as having "
                  "declared an attack this turn.", "ygo.battle.replay_choice", player=player, attacker=atk.attacker.label())
        return False
    atk.target = legal.get(choice)
    atk.opponent_moves, atk.opponent_count = game.opponent_moves(player), len(legal)
    what = "attacks directly" if atk.target is None else f"attacks {atk.target.label()}"
    game.step("battle.replay.target", f"After the replay, {atk.attacker.label()} {what}; this is not a new attack "
              "declaration.", "ygo.battle.replay_choice", attacker=atk.attacker.label(), **({"target": atk.target.label()} if atk.target is not None else {}))
    target = atk.target
    if target is not None:
        game.window = Window("attacked", atk.attacker, target, player)
        if target.trigger("attacked"):
            game.step("battle.replay.attacked", f"{target.label()} has become the attack target: its \"when this "
                      "card is attacked\" trigger meets its timing (an \"attack declared\" timing does not: the "
                      "replay is not an attack declaration).", "ygo.battle.replay_choice", "ygo.trigger.timing",
                      "ygo.battle.replay_second_chance", target=target.label())
            game.add_trigger(target, Window("attacked", atk.attacker, target, player))
    return True


def _calculate(game, atk: Attack) -> None:
    """Damage calculation: battle damage now; monsters destroyed by battle go to the graveyard at the end."""
    attacker, target = atk.attacker, atk.target
    player, opp = game.board.turn, other(game.board.turn)
    atk.calculated = True
    atk.calculating = True   # "only during damage calculation" effects apply now (stats.py)
    for monster in (attacker, target):   # damage calculation took place: they have battled (4.4.4.p97)
        if monster is not None:
            monster.battled_turn = game.board.turn_number
    if atk.calc_chain:
        game.step("damage_step.calculation", "The effects activated at damage calculation have resolved; now damage "
                  "is calculated.", "ygo.damage_step.calculation_order")
    for monster in (attacker, target):
        if monster is None:
            continue
        for stat, read, base in (("atk", atk_of, monster.atk), ("def", def_of, monster.defense)):
            by = modifiers(game, monster, stat)
            if by:
                game.step(f"continuous.{stat}", f"{monster.label()}'s {stat.upper()} is {read(game, monster)} in this "
                          f"damage calculation ({base} changed by the continuous effect of "
                          f"{', '.join(c.label() for c in by)}).", "ygo.continuous.applies", *stat_keys(game, monster, stat),
                          *(["ygo.continuous.defined"] if any(c.card_type == "monster" for c in by) else []),
                          *(["ygo.field.both_field_spells"] if any(c.kind == "field" for c in by)
                            and all(p.field_spell for p in game.board.players.values()) else []),
                          *(["ygo.equip.attach"] if any(c.kind == "equip" for c in by) else []),
                          card=monster.label(), value=read(game, monster), base=base,
                          sources=", ".join(c.label() for c in by))
    if target is None:
        damage = atk_of(game, attacker)
        if _modified(game, [attacker], opp, damage, f"Direct attack by {attacker.label()}",
                     "ygo.battle.damage_calc.direct"):
            game.check_lp()
            return
        game.lose_lp(opp, damage)
        game.step("damage.direct", f"Direct attack: {opp} takes {damage} battle damage (LP {game.board.player(opp).lp}).",
                  "ygo.battle.damage_calc.direct", "ygo.damage.battle", player=opp, damage=damage,
                  lp=game.board.player(opp).lp)
        game.check_lp()
        return
    if target.position == "attack":
        _atk_vs_atk(game, attacker, target, player, opp, atk.destroyed)
    else:
        _atk_vs_def(game, attacker, target, player, opp, atk.destroyed)
    _granted_battle_protection(game, atk)
    for card in atk.destroyed:   # destroyed by battle: its continuous effects stop now (4.4.4.p120)
        if card.effect and card.effect.continuous and not card.indestructible_by_battle:
            game.step("continuous.ends", f"{card.label()} is destroyed by battle: from now on its continuous effects "
                      "no longer apply, although it stays on the field until the end of the Damage Step.",
                      "ygo.battle.destroyed_continuous_ends", "ygo.battle.destroyed_own_continuous",
                      "ygo.continuous.destroyed_by_battle", card=card.label())
    game.check_lp()


def _granted_battle_protection(game, atk: Attack) -> None:
    """Destruction by battle is decided at damage calculation: another card's "cannot be destroyed by battle"
    keeps a monster out of it, unless the monster is unaffected by that card (4.1.4.p25)."""
    for card in list(atk.destroyed):
        if card.indestructible_by_battle:
            continue
        src, ignored = grants(game, card, "indestructible_by_battle", deciding=True)
        for by in ignored:
            game.step("protect.grant_ignored", f"{card.label()} is {unaffected_words(card)}: the effect of "
                      f"{by.label()} (\"cannot be destroyed by battle\") does not apply to it, so it is destroyed by "
                      "battle.", "ygo.protect.battle_still", "ygo.protect.unaffected", card=card.label(),
                      source=by.label())
        if src is not None:
            atk.destroyed.remove(card)
            game.step("battle.not_destroyed", f"{card.label()} cannot be destroyed by battle (the effect of "
                      f"{src.label()}): it stays on the field.", "ygo.battle.indestructible", "ygo.protect.not_activated",
                      card=card.label(), source=src.label())
    doomed = [c for c in atk.destroyed if not c.indestructible_by_battle]   # "cannot be destroyed" comes first
    kept = replace(game, doomed, "battle")
    atk.destroyed[:] = [c for c in atk.destroyed if c in kept or c.indestructible_by_battle]


def _flip_effect(game, atk: Attack) -> None:
    """A monster flipped face-up by this battle: its flip effect is activated after damage calculation."""
    target = atk.target
    if not atk.flipped_target or target is None or not target.trigger("flipped"):
        return
    if not game.on_field(target):
        game.step("flip.not_activated", f"{target.label()} is no longer on the field after damage calculation: its "
                  "flip effect cannot be activated.", "ygo.flip.after_calculation", card=target.label())
        return
    game.step("flip.after_calculation", f"{target.label()} was flipped face-up by the battle: its flip effect, held "
              "back until now, is activated after damage calculation.", "ygo.flip.after_calculation",
              "ygo.battle.flip_face_down_target", card=target.label())
    game.add_trigger(target, Window("flipped", target, None, game.controller(target)))


def _trigger_at(card: Card, event: str) -> bool:
    return card.trigger(event) is not None


def _attacked_trigger(game, atk: Attack) -> None:
    """"At the end of the Damage Step, if this card attacked": the attacker counts as having attacked once the
    Damage Step began (4.4.4.p3), even if no damage was calculated; not if it has left the Monster Zone or is
    face-down by then (4.4.4)."""
    card = atk.attacker
    if not _trigger_at(card, "damage_step_end"):
        return
    if not (game.on_field(card) and card.zone in MONSTER_ZONES and card.face_up):
        game.step("trigger.not_activated", f"{card.label()} is no longer face-up in a Monster Zone at the end of the "
                  "Damage Step: its effect for that time point cannot be activated.",
                  "ygo.damage_step.end_trigger_left", card=card.label())
        return
    game.step("damage_step.attacked", f"{card.label()} attacked (its attack entered the Damage Step"
              f"{'' if atk.calculated else ', though no damage was calculated'}): its effect at the end of the Damage "
              "Step meets its timing.", "ygo.battle.attacked_on_damage_step", card=card.label())
    game.add_trigger(card, Window("damage_step_end", card, atk.target, game.controller(card)))


def _send_destroyed(game, atk: Attack) -> None:
    for card in atk.destroyed:
        if card.indestructible_by_battle:
            game.step("battle.not_destroyed", f"{card.label()} cannot be destroyed by battle and stays on the field.",
                      "ygo.battle.indestructible", card=card.label())
            continue
        if not game.on_field(card):
            game.step("battle.left_before_end", f"{card.label()} left the field after damage calculation: it is not "
                      "destroyed by battle.", "ygo.battle.left_not_by_battle", card=card.label())
            continue
        game.destroy(card, "battle")
        game.step("battle.destroyed", f"{card.label()} is destroyed by battle and {game.went(card)} at the end of "
                  "the Damage Step.", "ygo.battle.destroyed_by_battle",
                  *(["ygo.protect.battle_still"] if is_unaffected(card) else []),   # the particular case first
                  *(["ygo.protect.non_effect_destruction"] if card.indestructible_by_effect else []),
                  "ygo.battle.destroyed_stays", "ygo.battle.destroyed_sent_at_end", card=card.label())
    check_equips(game)


def _atk_vs_atk(game, attacker, target, player, opp, destroyed):
    a, t = atk_of(game, attacker), atk_of(game, target)
    if a == t == 0:
        game.step("damage.atk_vs_atk.zero", f"{attacker.label()} and {target.label()} both have 0 ATK: no battle damage, "
                  "and neither is destroyed.", "ygo.battle.damage_calc.zero_atk", attacker=attacker.label(), target=target.label())
        return
    if a == t:
        game.step("damage.atk_vs_atk.equal", f"{attacker.label()} and {target.label()} both have {a} ATK: no battle damage, "
                  "and both are destroyed.", "ygo.battle.damage_calc.atk_vs_atk_equal", attacker=attacker.label(), target=target.label(), atk=a)
        destroyed += [attacker, target]
        return
    winner, loser, damaged = (attacker, target, opp) if a > t else (target, attacker, player)
    diff = abs(a - t)
    destroyed.append(loser)
    if _modified(game, [attacker, target], damaged, diff, f"{winner.label()} ({max(a, t)} ATK) beats "
                 f"{loser.label()} ({min(a, t)} ATK), which is destroyed", "ygo.battle.damage_calc.atk_vs_atk"):
        return
    game.lose_lp(damaged, diff)
    game.step("damage.atk_vs_atk", f"{winner.label()} ({max(a, t)} ATK) beats {loser.label()} ({min(a, t)} ATK): "
              f"{damaged} takes {diff} battle damage (LP {game.board.player(damaged).lp}), and {loser.label()} is "
              "destroyed.", "ygo.battle.damage_calc.atk_vs_atk", "ygo.damage.battle", winner=winner.label(), loser=loser.label(), winner_atk=max(a, t), loser_atk=min(a, t), player=damaged, damage=diff, lp=game.board.player(damaged).lp)


def _atk_vs_def(game, attacker, target, player, opp, destroyed):
    a, d = atk_of(game, attacker), def_of(game, target)
    if a == d:
        game.step("damage.atk_vs_def.equal", f"{attacker.label()}'s {a} ATK equals {target.label()}'s {d} DEF: no battle "
                  "damage, and neither is destroyed.", "ygo.battle.damage_calc.atk_vs_def_equal", attacker=attacker.label(), target=target.label(), atk=a, defense=d)
        return
    if a < d:
        diff = d - a
        if _modified(game, [attacker, target], player, diff, f"{attacker.label()}'s {a} ATK is lower than "
                     f"{target.label()}'s {d} DEF (neither is destroyed)", "ygo.battle.damage_calc.atk_vs_def"):
            return
        game.lose_lp(player, diff)
        game.step("damage.atk_vs_def.lower", f"{attacker.label()}'s {a} ATK is lower than {target.label()}'s {d} DEF: "
                  f"{player} takes {diff} battle damage (LP {game.board.player(player).lp}), and neither monster is "
                  "destroyed.", "ygo.battle.damage_calc.atk_vs_def", "ygo.damage.battle", attacker=attacker.label(), target=target.label(), atk=a, defense=d, player=player, damage=diff, lp=game.board.player(player).lp)
        return
    text = f"{attacker.label()}'s {a} ATK is higher than {target.label()}'s {d} DEF: {target.label()} is destroyed"
    if attacker.piercing:
        diff = a - d
        destroyed.append(target)
        if _modified(game, [attacker, target], opp, diff, f"{text}, and piercing inflicts battle damage",
                     "ygo.battle.damage_calc.atk_vs_def", "ygo.battle.piercing"):
            return
        game.lose_lp(opp, diff)
        game.step("damage.piercing", f"{text}, and piercing inflicts {diff} battle damage to {opp} "
                  f"(LP {game.board.player(opp).lp}).", "ygo.battle.damage_calc.atk_vs_def", "ygo.battle.piercing",
                  "ygo.damage.battle", attacker=attacker.label(), target=target.label(), atk=a, defense=d, player=opp, damage=diff, lp=game.board.player(opp).lp)
        return
    game.step("damage.atk_vs_def", f"{text}; a Defense Position monster deals no battle damage to its controller.",
              "ygo.battle.damage_calc.atk_vs_def", attacker=attacker.label(), target=target.label(), atk=a, defense=d)
    destroyed.append(target)


def _modified(game, battlers: list, player: str, amount: int, what: str, *keys: str) -> bool:
    """Battle damage through the effects that change it (battle_damage.py), when any applies to this battle."""
    if not battle_damage.modifiers(game, battlers):
        return False
    game.step("damage.calculated", f"{what}: before the effects that change battle damage, {player} would take "
              f"{amount} battle damage.", *keys, "ygo.damage.battle", "ygo.damage_mod.order", player=player,
              damage=amount)
    battle_damage.inflict(game, battle_damage.settle(game, battlers, player, amount))
    return True
