"""Activations, chain links, spell speeds, priority, and last-in-first-out resolution."""
from __future__ import annotations

from . import columns, control, costs, counters, damage_step, effects, negation, once_per_turn, protection, trap_negation, vows
from .game import CONTINUOUS_KINDS, Link, Window
from .model import MONSTER_ZONES, PENDULUM_ZONES, ST_ZONES, Card, other
from .targets import place_kind

Refusal = tuple[str, tuple[str, ...]] | None


def speed_of(card: Card) -> int:
    if card.card_type == "monster":
        return 2 if card.effect and card.effect.type == "quick" else 1
    if card.kind == "counter":
        return 3
    if card.card_type == "trap" or card.kind == "quick" or face_up_effect(card) and card.effect.type == "quick":
        return 2
    return 1


def face_up_effect(card: Card) -> bool:
    """A Continuous/Field Spell or Continuous Trap whose effect (`type: ignition | quick`) is one of the face-up
    card, activated while it is on the field — not its card activation (3.5.2)."""
    return (card.card_type in ("spell", "trap") and card.kind in ("continuous", "field", "continuous_trap")
            and card.effect is not None and card.effect.type in ("ignition", "quick"))


def _kind_name(card: Card) -> str:
    if card.card_type == "monster" and card.effect and card.effect.source == "pendulum_zone":
        return "Pendulum Effect"
    if card.card_type == "monster":
        return f"{card.effect.type or 'monster'} effect" if card.effect else "monster"
    return {"normal": "Normal Spell", "quick": "Quick-Play Spell", "continuous": "Continuous Spell",
            "field": "Field Spell", "equip": "Equip Spell", "ritual": "Ritual Spell", "trap": "Normal Trap",
            "continuous_trap": "Continuous Trap", "counter": "Counter Trap"}[card.kind]


def _speed_keys(card: Card) -> list[str]:
    """The rules behind the activated effect's Spell Speed and timing (3.1.2, 3.2.2, 3.2.4, 3.6.4, 4.4.3)."""
    keys = []
    if card.card_type == "monster":
        keys.append("ygo.chain.quick_effect_speed" if card.effect.type == "quick" else "ygo.chain.ignition_speed")
    elif card.kind == "counter":
        keys.append("ygo.chain.speed3")
    speed = speed_of(card)
    if speed == 1:
        keys.append("ygo.chain.speed1_kinds")   # ignition/trigger effects, Spells other than Quick-Play (3.1.2.p5)
    elif speed == 2:
        keys.append("ygo.chain.speed2")
    if card.effect.when == "activation":
        keys += ["ygo.chain.answer_activation", "ygo.chain.answer_directly", "ygo.priority.answer_directly",
                 "ygo.activate.chain_time_point"]
        if card.card_type == "monster":
            keys.append("ygo.effect.quick_effect_forms")
    elif card.effect.when == "attack_declared":
        keys.append("ygo.battle.attack_declaration_timing")
    return keys


def gemini_refusal(card: Card) -> Refusal:
    return (f"{card.label()} is a Gemini monster not Normal Summoned again: on the field it is a Normal Monster "
            "and has no effect", ("ygo.gemini.normal_monster",))


def can_activate(game, card: Card, player: str | None, targets: list[Card]) -> Refusal:
    board = game.board
    if board.over:
        return "the duel is already over", ("ygo.duel.over",)
    controller = game.controller(card)
    if player and player != controller:
        return f"{card.id} is controlled by {controller}, not {player}", ("ygo.activate.card_activation",)
    player = controller
    place = game.where(card)
    if card.effect is None or card.card_type == "monster" and not card.effect.ops:
        return f"{card.label()} has no effect to activate", ("ygo.activate.card_activation",)
    if card.effect.type == "trigger":
        return (f"{card.label()}'s trigger effect activates by itself when its timing is met, not by choice",
                ("ygo.trigger.timing",))
    own_turn = board.turn == player
    speed = speed_of(card)
    if card.card_type == "monster" and card.effect.source == "hand":
        if place != "hand":
            return (f"{card.label()}'s effect is activated from the hand, and {card.label()} is not in "
                    f"{player}'s hand", ("ygo.activate.from_hand",))
    elif card.card_type == "monster" and card.effect.source == "pendulum_zone":
        if place not in PENDULUM_ZONES:
            return (f"{card.label()}'s Pendulum Effect is activated in a Pendulum Zone, and {card.label()} is not in "
                    f"one", ("ygo.pendulum.effect_in_zone",))
    elif card.card_type == "monster":
        if place not in MONSTER_ZONES or not card.face_up:
            return f"{card.label()} must be face-up in a Monster Zone to activate its effect", ("ygo.activate.card_activation",)
        if card.unsummoned_gemini:
            return gemini_refusal(card)
        if card.effect.type == "quick" and not card.effect.mandatory and game.battle_destroyed(card):
            return (f"{card.label()} is destroyed by battle: until it leaves the field it cannot activate optional "
                    "Quick Effects", ("ygo.battle.destroyed_no_quick", "ygo.damage_step.destroyed_no_quick"))
    elif place == "hand":
        if card.card_type == "trap":
            return "a Trap Card must be Set first and activated from the next turn on", ("ygo.activate.set_turn",)
        if not own_turn:
            return "a Spell Card is activated from the hand only during its controller's turn", ("ygo.activate.quick_play",)
        zone_full = board.player(player).free_st_zone() is None and card.kind != "field"
        if zone_full:
            return f"{player} has no free Spell & Trap Zone", ("ygo.zones.st_zone_full",)
    elif face_up_effect(card) and not (place in ST_ZONES + ("field",) and card.face == "up"):
        return (f"{card.label()}'s effect is one of the face-up card: it is activated while the card is face-up on "
                "the field (put it face-up on the board)", ("ygo.activate.card_or_effect",))
    elif place in ST_ZONES or place == "field":
        if card.equip_was:
            return (f"{card.label()} is a monster treated as an Equip Spell: it is not activated, and its monster "
                    "effects cannot be activated there", ("ygo.equip_monster.no_monster_data",))
        if card.face == "up" and not face_up_effect(card):
            return f"{card.label()} is already face-up; its card activation is over", ("ygo.activate.card_activation",)
        if card.set_turn == board.turn_number and (card.card_type == "trap" or card.kind == "quick"):
            return (f"{card.label()} was Set this turn; a Set {_kind_name(card)} can be activated from the next turn on",
                    ("ygo.activate.set_turn",))
    else:
        return f"{card.label()} is not in a place it can be activated from ({place})", ("ygo.activate.card_activation",)
    # spell speed and chain position
    if game.chain:
        last = game.chain[-1]
        if speed == 1:
            return (f"{card.label()} is Spell Speed 1 and cannot be chained; it can only be chain link 1",
                    ("ygo.chain.speed1",))
        if speed < last.speed:
            return (f"{card.label()} is Spell Speed {speed} and cannot respond to chain link {last.n} "
                    f"({last.card.label()}, Spell Speed {last.speed})", ("ygo.chain.speed",))
    elif speed == 1:
        if not (own_turn and board.phase in ("main1", "main2")) or game.attack:
            return (f"{card.label()} is Spell Speed 1: only in its controller's own Main Phase, at an open game state",
                    ("ygo.activate.speed1_main_phase",))
    elif board.phase == "battle" and game.battle_step and game.attack is None and player != board.turn:
        return ("in the Battle Step, before an attack is declared, priority does not pass to the non-turn player",
                ("ygo.priority.battle_step",))
    if damage_step.in_damage_step(game):
        refusal = damage_step.can_activate(game, card, speed)
        if refusal:
            return refusal
    refusal = (_timing(game, card, player) or _condition(game, card, player) or control_condition(game, card, player) or once_per_turn.refusal(game, card, player)
               or vows.vow_refusal(game, card, player) or vows.activation_refusal(game, card, player)
               or costs.can_pay(game, card, player) or control.free_zone_refusal(game, card, player))
    if refusal:
        return refusal
    if len(targets) != card.effect.targets:
        return (f"{card.label()} needs exactly {card.effect.targets} target(s), {len(targets)} named",
                ("ygo.activate.card_activation",))
    for t in targets:
        place = place_kind(game, t)
        if place in ("hand", "deck", "extra_deck"):   # never a target, even face-up (4.10.6.p2)
            return (f"target {t.id} is in a {place.replace('_', ' ')}: a card in the Deck, Extra Deck or hand cannot "
                    "be targeted by an effect, even a face-up one", ("ygo.target.not_hidden_piles",
                                                                    "ygo.activate.card_activation"))
        if place not in card.effect.target_in:
            where = " or ".join("on the field" if p == "field" else f"in a {p.replace('_', ' ')}"
                                for p in card.effect.target_in)
            return f"target {t.id} is not {where}", ("ygo.activate.card_activation",)
    refusal = protection.target_refusal(game, card, targets)
    if refusal:
        return refusal
    for t in targets:
        if game.battle_destroyed(t):
            return (f"{t.label()} is destroyed by battle (it stays on the field until the end of the Damage Step) "
                    "and cannot be targeted by effects", ("ygo.battle.destroyed_not_target",))
    return effects.activation_refusal(game, card, player, targets)


def _condition(game, card: Card, player: str) -> Refusal:
    """`condition: opponent_activated_monster_effect` — "only if your opponent activated a monster effect during
    your Main Phase this turn": a negated activation was not made (3.5.4.p11), an effect negated still was."""
    if card.effect.condition != "opponent_activated_monster_effect":
        return None
    if board_turn_ok := game.board.turn == player:
        log = game.turn_log
        links = log.activations[other(player)] if log else []
        if any(l.card.card_type == "monster" and l.phase in ("main1", "main2") for l in links):
            return None
    return (f"{card.label()} needs {other(player)} to have activated a monster effect during {player}'s Main Phase "
            f"this turn{'' if board_turn_ok else ' (it is not ' + player + chr(39) + 's turn)'}; a negated activation "
            "does not count", ("ygo.activate.negated_not_activated",))


def control_condition(game, card, player: str):
    """"If you control <name>": judged when the effect would be activated — for a trigger met in a chain, once
    that chain has resolved (4.10.8.p6). A refusal (reason, rule keys) or None."""
    name = card.effect.if_you_control
    me = game.board.player(player)
    mine = me.monster_list() + me.st_list() + ([me.field_spell] if me.field_spell else [])   # a Spell too ("卡通世界")
    if not name or any(c.face_up and c.name == name and c is not card for c in mine):
        return None
    return (f"it needs {player} to control a face-up \"{name}\", and {player} does not (now)",
            ("ygo.trigger.condition_after_chain",))


def _timing(game, card: Card, player: str) -> Refusal:
    when = card.effect.when
    if not when:
        return None
    w = game.window
    if when == "activation":
        if not game.chain:
            return (f"{card.label()} is activated only in direct response to an activation",
                    ("ygo.activate.timing", "ygo.chain.answer_directly", "ygo.priority.answer_directly",
                     "ygo.activate.chain_time_point"))
        return None
    if when == "destroyed":
        return (f"{card.label()} activates when it is destroyed, not at will", ("ygo.trigger.timing",))
    if when == "damage_calculation":
        if w is None or w.event != "damage_step" or w.stage != "calculation":
            return (f"{card.label()} is activated during damage calculation, which is not the current time point",
                    ("ygo.damage_step.calculation_timing",))
        return None
    ok = w is not None and w.player == other(player) and (
        when == w.event == "attack_declared"
        or when == w.event == "summoned"
        or when == "attacked" and w.event in ("attack_declared", "attacked") and w.target is not None
        and game.controller(w.target) == player)
    if not ok:
        return (f"{card.label()} can only be activated at its timing ({when.replace('_', ' ')}), "
                "which is not the current time point", ("ygo.activate.timing",))
    if card.effect.condition == "attacker_summoned_this_turn" and w.card.set_turn == game.board.turn_number:
        return (f"{card.label()} answers an attack by a monster summoned this turn; {w.card.label()} was Set this "
                "turn, and a Set is not a summon", ("ygo.summon.set_not_summon", "ygo.activate.timing"))
    if card.effect.condition == "attacker_summoned_this_turn" and w.card.summoned_turn != game.board.turn_number:
        # turning face-down or a temporary banish does not lose "summoned this turn" (4.11.6.p1)
        return (f"{card.label()} answers an attack by a monster summoned this turn; {w.card.label()} was not "
                "summoned this turn", ("ygo.activate.timing", "ygo.temporary.summoned_kept"))
    return None


def own_turn_of(game, player: str) -> bool:
    return game.board.turn == player


def activate(game, card: Card, player: str | None, targets: list[Card], zone: str | None = None) -> None:
    board = game.board
    player = game.controller(card)
    if not game.chain and player != game.priority:
        after = {"summoned": "ygo.priority.after_summon", "attack_declared": "ygo.priority.after_attack"}
        event = game.window.event if game.window else ""
        game.step("priority.pass", f"{game.priority} passes priority, so {player} may activate.",
                  "ygo.priority.transfer", *([after[event], "ygo.priority.quick_time_point"] if event in after else []),
                  player=game.priority, other=player)
    place = game.where(card)
    from_set = place in ST_ZONES + ("field",) and card.face == "down"
    if place == "hand" and card.card_type != "monster":
        me = board.player(player)
        game.remove(card)
        if card.kind == "field":
            if me.field_spell is not None:
                old = me.field_spell
                game.send(old, "graveyard")
                game.step("field.replaced", f"{old.label()} is sent to the graveyard to make way for the new Field Spell.",
                          "ygo.zones.field_zone", "ygo.spell.field_replace", card=old.label(), chain=True)
            me.field_spell = card
            card.zone = "field"
        else:
            card.zone = zone or me.free_st_zone()   # **default**: the first free Spell & Trap Zone
            me.spells_traps[card.zone] = card
        card.face = "up"
    elif card.card_type != "monster":
        card.face, card.set_turn = "up", 0   # a Set card turned face-up to activate is no longer a Set card
    column = columns.activated_in(game, card)   # where it is activated, before a cost moves it
    card_activation = card.card_type != "monster" and not face_up_effect(card)
    watchers = counters.watchers(game, card, card_activation)   # "each time a Spell is activated" (counters.py)
    once_per_turn.use(game, card, player)
    was_negated = card.card_type == "monster" and card.effects_negated   # before a cost moves it (4.6.5.p14)
    was_drained = card.card_type == "monster" and negation.negated(game, card)
    paid = costs.pay(game, card, player) if card.effect.cost else []
    link = Link(len(game.chain) + 1, card, player, speed_of(card), list(targets), game.window,
                on_field=game.on_field(card), target_places={t.id: place_kind(game, t) for t in targets})
    link.cost_cards, link.effect = paid, card.effect
    link.source_negated, link.source_drained = was_negated, was_drained
    link.source_negated_anywhere = was_negated and card.negated_anywhere
    link.phase = board.phase
    link.counter_watchers = watchers
    link.activated_column, link.from_set = column, from_set
    game.chain.append(link)
    game.priority, game.last_pass = other(player), ""
    how = {"hand": "from the hand", "field": "in the Field Zone"}.get(place, f"in {place}")
    target_text = f", targeting {', '.join(t.label() for t in targets)}" if targets else ""
    # what decided this activation, most particular first: the Damage Step, a summon being negated, the timing or
    # the place it is activated from, its limits; then that it is a card's activation or a chain link (3.6.2)
    specific = ["ygo.activate.from_hand"] if card.card_type == "monster" and place == "hand" else []
    if card.effect.when == "damage_calculation":
        specific.append("ygo.damage_step.calculation_timing")
    if damage_step.in_damage_step(game):
        if any(name == "negate_activation" for name, _ in card.effect.ops):
            specific += ["ygo.damage_step.negate_any_time", "ygo.damage_step.negation_allowed"]
            if card.card_type == "monster":
                specific.append("ygo.damage_step.quick_effect_kinds")
        specific.append("ygo.damage_step.allowed")
        if game.attack.stage == "calculation":
            game.attack.calc_chain = True
    if game.summoning is not None and any(name == "negate_summon" for name, _ in card.effect.ops):
        specific.append("ygo.summon_negation.window")
    if card.effect.when in ("attack_declared", "attacked", "summoned"):
        specific.append("ygo.activate.timing")
    if board.phase == "battle" and not game.battle_step and not game.attack and player != board.turn:
        specific.append("ygo.priority.start_step_non_turn")
    if card.effect.when == "activation" and len(game.chain) > 1 and game.chain[-2].card.card_type != "monster":
        specific.append("ygo.activate.card_activation_has_effect")
    if card.card_type == "monster" and card.effect.source == "pendulum_zone":
        specific += ["ygo.pendulum.effect_in_zone", "ygo.pendulum.not_a_monster"]
    if card.card_type == "monster" and card.effect.type == "quick":
        specific.append("ygo.chain.quick_effect_speed")
    if card.kind == "counter":
        specific.append("ygo.chain.speed3")
    if card.effect.when == "activation":
        specific.append("ygo.chain.answer_activation")
    if card.effect.once_per_turn:
        specific.append(once_per_turn.KEYS[card.effect.once_per_turn])
    if not card_activation and card.effect.type == "quick" and not own_turn_of(game, player):
        specific.append("ygo.effect.quick_effect_defined")
    if card.kind == "field":
        specific.append("ygo.zones.field_not_st")
    if targets:
        specific.append("ygo.target.declared")
    base = ["ygo.chain.link"] if link.n > 1 else ["ygo.activate.card_activation"]
    general = [*_speed_keys(card), "ygo.chain.speed", "ygo.chain.link_block"]
    if card_activation:
        general[:0] = ["ygo.activate.card_activation_defined", *(("ygo.activate.from_hand_on_field",)
                                                                  if place == "hand" else ())]
    cites = base + specific + general
    game.step("chain.activate", f"{player} activates {card.label()} {how}{target_text} as chain link {link.n} "
              f"({_kind_name(card)}, Spell Speed {link.speed}).", *cites, player=player, card=card.label(),
              link=link.n, speed=link.speed, id=card.id)
    vows.on_activate(game, link)


def activate_trigger(game, card: Card, window: Window, *keys: str) -> None:
    player = game.controller(card) if game.on_field(card) else card.owner
    place = game.where(card)   # before a cost moves it
    once_per_turn.use(game, card, player)
    was_negated = card.effects_negated and game.on_field(card)
    was_drained = negation.negated(game, card)
    paid = costs.pay(game, card, player) if card.effect.cost else []
    speed = 2 if card.card_type == "trap" else 1   # a Trap's trigger effect is Spell Speed 2 (3.5.2)
    link = Link(len(game.chain) + 1, card, player, speed, [], window, on_field=game.on_field(card))
    link.cost_cards, link.effect = paid, card.effect
    link.source_negated, link.source_drained, link.phase = was_negated, was_drained, game.board.phase
    link.source_negated_anywhere = was_negated and card.negated_anywhere
    game.chain.append(link)
    game.priority, game.last_pass = other(player), ""
    cause = {"destroyed": "was destroyed", "summoned": "saw a summon", "attacked": "was attacked",
             "attack_declared": "saw an opponent's attack declaration", "standby_phase": "meets the Standby Phase",
             "end_phase": "meets the End Phase", "sent_to_graveyard": "was sent to the graveyard",
             "monster_destroyed": f"saw {window.card.label() if window.card else 'a monster'} of its controller destroyed",
             "damage_taken": "saw its controller take damage", "flipped": "was flipped face-up",
             "left_field": "left the field",
             "damage_step_start": "battles: the start of the Damage Step",
             "damage_step_end": "attacked: the end of the Damage Step",
             "used_as_material": f"was used as material for {window.card.label() if window.card else 'a summon'}, "
                                 "which succeeded"}[window.event]
    where = f" from the {place}" if place in ("hand", "graveyard") and card.effect.source == place else ""
    extra = []
    if where == " from the hand":
        extra.append("ygo.trigger.from_hand")
    elif where:
        extra.append("ygo.trigger.from_graveyard")
    if window.event in ("standby_phase", "end_phase"):
        extra.append("ygo.phase_trigger.one_at_a_time")
    if game.on_field(card) and game.trigger_holders.get(card.id, player) != player:
        extra.append("ygo.trigger.controller_after_chain")   # control changed since its event: the new controller
    if window.event == "used_as_material":
        extra.append("ygo.material.after_success")
    if window.event == "left_field":   # the particular case first
        if window.player != player:   # it left another player's field: off the field it is its owner's card
            extra.append("ygo.trigger.left_field_owner")
        if window.stage == "as_equip":
            extra.append("ygo.trigger.left_field_as_equip")
        extra.append("ygo.trigger.left_field")
    waited = card.id in game.met_mid_chain
    game.met_mid_chain.discard(card.id)
    game.step("chain.trigger", f"{card.label()} {cause}: its trigger effect activates{where} as chain link {link.n}"
              f"{' (its event happened while a chain resolved, so it waited for that chain to end)' if waited else ''}.",
              *_trigger_keys(window, waited, extra, keys), card=card.label(), link=link.n, id=card.id)
    vows.on_activate(game, link)   # a trigger's vow applies on activation like any other (4.9.1.p12)


def _trigger_keys(window: Window, waited: bool, extra: list, keys: tuple) -> list:
    """What a trigger's activation cites: the rule of its own event first (where it activates from, what it
    met, that it waited for a chain), then that a trigger activates when its event happens, then whether it is
    mandatory, then how it joins the chain."""
    specific = [*extra, *(["ygo.trigger.damage_taken"] if window.event == "damage_taken" else []),
                *(["ygo.battle.destroyed_trigger_timing", "ygo.damage_step.triggers_allowed"]
                  if window.event == "destroyed" and window.player == "battle" else []),
                *(["ygo.chain.no_insert"] if waited else [])]
    return [*specific[:2], "ygo.trigger.timing", *keys[:1], *specific[2:], *keys[1:],
            *(["ygo.chain.cleanup_before_triggers"] if waited else []), "ygo.chain.link",
            "ygo.priority.triggers_need_none"]


def _left_field(game, link) -> bool:
    """A Continuous/Field/Equip Spell or Continuous Trap applies only while it is face-up on the field
    (rulebook 4.9.1.p38, Master Rule 13.3): destroyed while its link waits, it resolves without applying. This holds
    for an effect the face-up card activated (Black Whirlwind, 13.3) as for its card activation; 3.2.2.p3, where an
    activated effect resolves after its card left, is about monsters."""
    card = link.card
    if face_up_effect(card) and not link.on_field:
        return False   # its cost sent it away ("send this card to the GY; …"): the effect resolves off the field
    return card.card_type != "monster" and card.kind in CONTINUOUS_KINDS and not (game.on_field(card) and card.face_up)


def resolve_chain(game) -> None:
    if not game.chain:
        return
    game.step("chain.resolve", f"Both players pass: the chain of {len(game.chain)} link(s) resolves from the last "
              "link to the first.", "ygo.chain.resolve_lifo", "ygo.chain.resolves_when_both_pass", "ygo.chain.timeline",
              "ygo.priority.time_point_passes", links=len(game.chain))
    done = []
    game.resolving = True
    while game.chain:
        link = game.chain[-1]
        if link.card.effects:   # a card with several effects: the link resolves the one it activated
            link.card.effect = link.effect
        if link.negated_activation:
            paid = bool(link.card.effect and link.card.effect.cost)
            game.step("chain.link.negated", f"Chain link {link.n} ({link.card.label()}) was negated and does not resolve"
                      f"{'; the cost paid for it is not an effect and stays paid' if paid else ''}.",
                      "ygo.chain.negate_activation", *(["ygo.cost.not_negated"] if paid else []),
                      *(["ygo.chain.negated_effect_stays"] if link.card.card_type == "monster" else []),
                      link=link.n, card=link.card.label(), **({"paid": True} if paid else {}))
            game.skipped_links.append(game.happened)   # it takes no time point (4.10.7.p19)
            if link.card.effect and link.card.effect.once_per_turn:
                game.negated_uses.add(once_per_turn.mark(link.card, link.player))
        elif link.negated_effect:
            game.step("chain.link.no_effect", f"Chain link {link.n} ({link.card.label()}) resolves with its effect negated: "
                      "nothing happens.", "ygo.chain.negate_effect", "ygo.chain.negated_effect_resolves",
                      *(["ygo.chain.negated_effect_no_move"] if link.card.card_type == "monster" else []),
                      link=link.n, card=link.card.label())
        elif game.board.over:
            game.step("chain.link.duel_over", f"The duel is already decided: chain link {link.n} ({link.card.label()}) "
                      "is not resolved.", "ygo.lp.zero_mid_chain", link=link.n, card=link.card.label(), over=True)
        else:
            game.happen("chain_link")   # a resolving link takes the time point (a negated activation does not, 4.6.4)
            negated_by = negation.resolves_negated(game, link) or trap_negation.resolves_negated(game, link)
            column_lock = columns.negated_by(game, link)
            if column_lock is not None:
                game.step("chain.link.column_negated", f"Chain link {link.n} ({link.card.label()}) was activated in the "
                          f"column of {column_lock.label()}, whose effect negates the Spell/Trap effects there this "
                          "turn: it resolves negated, even if the card is no longer on the field.", *columns.KEYS,
                          link=link.n, card=link.card.label(), source=column_lock.label())
            elif negated_by:
                game.step("chain.link.effects_negated", f"Chain link {link.n} ({link.card.label()}) resolves, but "
                          f"the effects of {link.card.label()} are negated: nothing applies.", *negated_by,
                          link=link.n, card=link.card.label())
            elif _left_field(game, link):
                game.step("chain.link.not_applied", f"Chain link {link.n} ({link.card.label()}) is a "
                          f"{_kind_name(link.card)} that is no longer face-up on the field: its effect does not "
                          "apply.", "ygo.chain.continuous_left_field", link=link.n, card=link.card.label())
            else:
                trap_monster = link.card.trap_monster   # its effects in the Monster Zone are monster effects (3.1.11)
                gone = (link.on_field and link.card.card_type == "monster" and link.card.effect is not None
                        and (link.card.effect.type in ("ignition", "trigger") or trap_monster)
                        and not game.on_field(link.card))
                game.step("chain.link.resolve", f"Chain link {link.n} ({link.card.label()}) resolves"
                          f"{' although the monster has left the field: an activated effect still resolves' if gone else ''}"
                          f"{' (a trap monster: an effect it activated in the Monster Zone is a monster effect, not a Continuous Trap that must stay face-up)' if gone and trap_monster else ''}.",
                          *(["ygo.trap_monster.monster_effect"] if gone and trap_monster else []),
                          *(["ygo.effect.resolves_after_leaving"] if gone else []),
                          "ygo.chain.resolve_lifo", "ygo.chain.applies_on_resolution",
                          link=link.n, card=link.card.label())
                lifted = negation.applies_after_all(link)
                if lifted:
                    where = "face-down" if link.card.zone else "no longer on the field"
                    game.step("chain.link.negation_lifted", f"The effects of {link.card.label()} were negated for this "
                              f"effect, but it is now {where}: the effect applies.", lifted,
                              card=link.card.label())
                effects.apply(game, link)
        if not game.board.over:
            counters.after_link(game, link)
        done.append(game.chain.pop())
    game.resolving = False
    trap_negation.check_trap_monsters(game)
    for link in done:
        card = link.card
        if card.card_type != "monster" and game.on_field(card) and (card.kind not in CONTINUOUS_KINDS
                                                                    or link.negated_activation):
            game.send(card, "graveyard")
            if link.negated_activation:
                game.step("chain.cleanup", f"{card.label()}'s activation was negated: it is no longer a card on the "
                          "field, and is sent to the graveyard once the chain has resolved.",
                          "ygo.chain.spell_trap_to_graveyard", "ygo.chain.negated_card_off_field", card=card.label())
            else:
                game.step("chain.cleanup", f"{card.label()} does not stay on the field and is {game.went(card)} "
                          "after the chain.", "ygo.chain.spell_trap_to_graveyard", "ygo.chain.leaves_after_chain_defined",
                          card=card.label())
    game.window = None
    game.priority, game.last_pass = game.board.turn, ""
