"""What happens at the end of the turn player's turn besides [End of Your Turn] effects: the attack keywords
Vortex (16-32), Execute (16-37) and Overclock (16-33), which trigger then, and Burst digivolution's pending
trash of the top card (8-3-2-1)."""
from __future__ import annotations

from dataclasses import replace

from .game import Game, Trigger, runs_keywords

END_ATTACKS = ("vortex", "execute", "overclock")


def queue_end_of_turn(game: Game, p: str) -> None:
    """Queue the end-of-turn attack keywords of p's Digimon, each copy triggering (16-32-4, 16-37-5, 16-33-4)."""
    for d in game.ps(p).battle_area:
        for kid in END_ATTACKS:
            if game.uses(kid, d.id):
                for _ in range(d.count(kid)):
                    game.new_triggers.append(Trigger(p, d.id, "battle", keyword=kid))


def _refused(game: Game, name: str, d, refusal, *keys: str) -> None:
    game.step(f"keyword.{name.lower()}", f"{name}: {d.label} cannot attack: {refusal.why}", *keys, *refusal.cites,
              card=d.label, reason=refusal.why)


def vortex(game: Game, t: Trigger) -> None:

    d = game.holder(t)
    foes = [x for x in game.ps(_foe(t.owner)).battle_area if x.is_digimon and x.suspended]
    target = game.pick("vortex", foes)
    keys = ("dcg.keyword.vortex", "dcg.keyword.vortex_trigger", "dcg.keyword.vortex_optional",
            *(["dcg.keyword.vortex_multiple"] if d.count("vortex") > 1 else []))
    if target is None:
        game.step("keyword.vortex", f"Vortex: {t.owner}'s opponent has no suspended Digimon to attack, so "
                  f"{d.label} does not attack.", *keys, "dcg.attack.target", player=t.owner, card=d.label)
        return
    refusal = game.can_attack(d.id, target.id, by_effect=True, played_ok=True)
    if refusal is not None:
        return _refused(game, "Vortex", d, refusal, *keys)
    game.step("keyword.vortex", f"Vortex: at the end of {t.owner}'s turn {d.label} attacks {target.label}"
              + (" (it was played this turn, which Vortex allows)." if d.played_this_turn else "."), *keys, player=t.owner, card=d.label, target=target.label)
    game.declare_attack(d.id, target.id)


def execute(game: Game, t: Trigger) -> None:

    d = game.holder(t)
    foes = [x for x in game.ps(_foe(t.owner)).battle_area if x.is_digimon]
    chosen = game.pick("execute", foes) if "execute" in game.choices else None
    target = chosen.id if chosen else "player"
    keys = ("dcg.keyword.execute", "dcg.keyword.execute_trigger", "dcg.keyword.execute_optional",
            *(["dcg.keyword.execute_multiple"] if d.count("execute") > 1 else []))
    refusal = game.can_attack(d.id, target, by_effect=True, unsuspended_target=True)
    if refusal is not None:
        return _refused(game, "Execute", d, refusal, *keys)
    aim = f"player {_foe(t.owner)}" if chosen is None else chosen.label + (
        " (unsuspended, which Execute allows)" if not chosen.suspended else "")
    game.step("keyword.execute", f"Execute: at the end of {t.owner}'s turn {d.label} attacks {aim}; it will be "
              f"deleted at the end of that attack.", *keys, player=t.owner, card=d.label, target=aim)
    game.declare_attack(d.id, target, execute=True)


def overclock(game: Game, t: Trigger) -> None:

    d = game.holder(t)
    trait = next(k.param for k in d.keywords() if k.kid == "overclock")
    fold = trait.replace(" ", "").casefold()
    fodder = [x for x in game.ps(t.owner).battle_area if x.id != d.id and x.is_digimon
              and (x.is_token or any(tr.replace(" ", "").casefold() == fold for tr in x.card.traits))]
    keys = ("dcg.keyword.overclock", "dcg.keyword.overclock_trigger", "dcg.keyword.overclock_condition",
            *(["dcg.keyword.overclock_multiple"] if d.count("overclock") > 1 else []))
    victim = game.pick("overclock", fodder)
    if victim is None:
        game.step("keyword.overclock", f"Overclock ({trait}): {t.owner} has no token and no other Digimon with "
                  f"the trait {trait} to delete, so {d.label} does not attack.", *keys, "dcg.impossible", player=t.owner, card=d.label, trait=trait, none=True)
        return
    game.step("keyword.overclock", f"Overclock ({trait}): {t.owner} deletes {victim.label} "
              f"({'a token' if victim.is_token else 'trait ' + trait}) so that {d.label} attacks the player without "
              f"suspending.", *keys, player=t.owner, victim=victim.label, card=d.label, trait=trait)
    if not game.destroy([victim.id], cause="effect", by=t.owner):
        game.step("keyword.overclock", f"Overclock: {victim.label} was not deleted, so the condition was not "
                  f"carried out and {d.label} does not attack.", "dcg.keyword.overclock_condition", victim=victim.label, card=d.label)
        return
    game.flush()
    d = game.find(d.id)
    if d is None:
        return
    refusal = game.can_attack(d[1].id, "player", by_effect=True, without_suspending=True)
    if refusal is not None:
        return _refused(game, "Overclock", d[1], refusal, *keys)
    game.declare_attack(d[1].id, "player", suspend=False)


def burst_end(game: Game, p: str) -> None:
    """8-3-2-1: at the end of the turn of a Burst digivolution, trash the top card of that Digimon."""
    for owner, ids in [x for x in game.burst_pending if x[0] == p]:
        game.burst_pending.remove((owner, ids))
        ps = game.ps(owner)
        here = ps.battle_area + ((ps.breeding_area,) if ps.breeding_area is not None else ())
        d = next((x for x in here if x.card_ids & ids), None)   # the same Digimon
        if d is None:
            continue
        if not d.sources:
            game.step("burst.end", f"Burst digivolution: {d.label} has no card under it at the end of the turn, "
                      f"so nothing is trashed.", "dcg.burst.end_trash", "dcg.burst.no_stack", card=d.label, empty=True)
            continue
        if d.card.kind != "digimon":
            game.step("burst.end", f"Burst digivolution: {d.label} is not a Digimon at the end of the turn, so "
                      f"nothing is trashed.", "dcg.burst.end_trash", "dcg.burst.not_digimon", card=d.label, not_digimon=True)
            continue
        top, rest = d.card, d.sources
        if ps.breeding_area is d:
            game.set_ps(owner, replace(ps, breeding_area=replace(d, card=rest[0], sources=rest[1:])))
        else:
            game.put(owner, replace(d, card=rest[0], sources=rest[1:]), old_id=d.id)
        game.trash_cards(owner, (top,))
        game.overflow(owner, (top,))
        game.step("burst.end", f"Burst digivolution: at the end of the turn {owner} trashes {top.label} from the "
                  f"top of the Digimon; {rest[0].label} is now on top.", "dcg.burst.end_trash", "dcg.pending",
                  "dcg.stack.top_keeps_state", player=owner, top=top.label, now=rest[0].label)


def _foe(p: str) -> str:
    return "B" if p == "A" else "A"


runs_keywords({"vortex": vortex, "execute": execute, "overclock": overclock})
