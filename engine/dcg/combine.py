"""Main-phase actions that combine cards (JP 3.6 chapters 7, 8, 10 and the activated keywords of 16):
DigiXros and Assembly (placed under a card as it is played), Digisorption (while digivolving), DNA, Burst
and App Fusion digivolution, Link, Training and Delay. Each has `can_x() -> Refusal | None` and `x()`.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import permutations

from ..trace import Refusal
from . import cost_changes
from .effects import TIMING_NAMES
from .game import Game, Trigger, provides
from .keywords import keyword_text
from .main_phase import cannot_pay, hand_owner, held_in_main, main_phase_refusal
from .model import Card, Digimon, Req


def _no(action: str, why: str, *keys: str) -> Refusal:
    return Refusal(action, why, keys)


# ------------------------------------------------------------------------------ DigiXros / Assembly (7-2, 7-3)
def stands_in(r: Req, c: Card) -> bool:
    """15-15-8-1: `c` may be placed by DigiXros in place of the card named in the requirement `r`."""
    return r.name is not None and r.name.casefold() in (n.casefold() for n in c.digixros_for)


def _assign(reqs: tuple[Req, ...], cards: list[Card], exact: bool) -> list[int] | None:
    """Requirement index for each card (a requirement takes up to `count` cards, 7-2-2-5 / 7-3-2-5), or None.
    `exact`: every requirement must be filled (Assembly, 7-3-2-4); otherwise (DigiXros) a card may stand in for
    a named card (15-15-8-1)."""
    used = [0] * len(reqs)
    out = []
    for c in cards:
        i = next((i for i, r in enumerate(reqs) if used[i] < r.count and r.matches(c)), None)
        if i is None and not exact:
            i = next((i for i, r in enumerate(reqs) if used[i] < r.count and stands_in(r, c)), None)
        if i is None:
            return None
        used[i] += 1
        out.append(i)
    if exact and any(u != r.count for u, r in zip(used, reqs)):
        return None
    return out


def xros_refusal(game: Game, p: str, card: Card, ids: list[str], how: str) -> Refusal | None:
    """Why these cards cannot go under `card` by DigiXros (`how="digixros"`) or Assembly, or None."""
    spec = getattr(card, how)
    name = "DigiXros" if how == "digixros" else "Assembly"
    rule = "dcg.digixros" if how == "digixros" else "dcg.assembly"
    if spec is None:
        return _no("play", f"{card.label} has no {name} requirement.", rule)
    if not ids:
        return _no("play", f"{name} was declared but places no card: at least one must be chosen"
                   + ("." if how == "digixros" else ", and without a card placed it is no Assembly."),
                   *(("dcg.digixros.at_least_one",) if how == "digixros" else ("dcg.assembly.all_required",
                                                                               "dcg.assembly.not_done")))
    ps = game.ps(p)
    cards = []
    for cid in ids:
        if how == "digixros":
            c = next((c for c in ps.hand if c.id == cid), None) or next(
                (d.card for d in ps.battle_area if d.id == cid and d.card.kind in ("digimon", "tamer")), None)
            where = "hand or battle area"
        else:
            c = next((c for c in ps.trash if c.id == cid), None)
            where = "trash"
        if c is None:
            return _no("play", f"{cid} is not a card in {p}'s {where}: {name} takes cards from there.", rule)
        if c.token:
            return _no("play", f"{c.label} is a token: it cannot be placed under a card (it leaves the game).",
                       "dcg.token.removed")
        cards.append(c)
    if len(set(ids)) != len(ids) or _assign(spec.cards, cards, exact=how == "assembly") is None:
        if how == "assembly":
            return _no("play", f"Assembly places exactly the cards its requirement names "
                       f"({', '.join(r.text for r in spec.cards)}), not some of them.", "dcg.assembly.all_required",
                       "dcg.assembly.each")
        return _no("play", f"DigiXros places each card its requirement names ({', '.join(r.text for r in spec.cards)}) "
                   f"at most once: {', '.join(c.label for c in cards)} do not fit.", "dcg.digixros",
                   "dcg.digixros.each_once")
    return None


def place_xros(game: Game, p: str, card: Card, ids: list[str], how: str,
               by_effect: bool = False) -> tuple[tuple[Card, ...], int]:
    """Put the chosen cards under `card` in requirement order (left on top, 7-2-2-8 / 7-3-2-6); returns the
    digivolution cards and the play-cost reduction (`by_effect`: an effect plays it without paying)."""
    cost_text = " (the effect pays no play cost, so the reduction changes nothing)" if by_effect else ""
    spec = getattr(card, how)
    ps = game.ps(p)
    found, from_area = [], []
    from_hand = [c for c in ps.hand if c.id in ids]
    for cid in ids:
        c = next((c for c in ps.hand + ps.trash if c.id == cid), None)
        if c is None:
            d = ps.digimon(cid)
            c = d.card
            from_area.append(d)
        found.append(c)
    order = _assign(spec.cards, found, exact=how == "assembly")
    placed = tuple(c for _, c in sorted(zip(order, found), key=lambda x: x[0]))
    for d in from_area:                      # 7-2-2-7: it leaves the battle area, its stack is trashed
        game.leave_area(p, d, "under")
    ps = game.ps(p)
    game.set_ps(p, replace(ps, hand=tuple(c for c in ps.hand if c.id not in ids),
                           trash=tuple(c for c in ps.trash if c.id not in ids)))
    n = len(placed)
    if how == "digixros":
        for i, c in zip(order, found):
            if not spec.cards[i].matches(c):
                game.step("xros.stands_in", f"{c.label} is placed by DigiXros in place of {spec.cards[i].text} of "
                          f"{card.label}'s DigiXros requirement: its effect lets it stand in for that card.",
                          "dcg.digixros.substitute", card=c.label, named=spec.cards[i].text, into=card.label)
        reduction = spec.reduce * n
        keys = ["dcg.digixros", "dcg.digixros.per_card", "dcg.digixros.choose_all", "dcg.digixros.each_once",
                "dcg.digixros.order", "dcg.digixros.done", "dcg.digixros.x_cards", "dcg.digixros.declare",
                "dcg.digixros.place", "dcg.digixros.procedure", "dcg.digixros.procedure_reveal",
                "dcg.digixros.procedure_declare"]
        if n < len(spec.cards):
            keys.append("dcg.digixros.up_to")
        if from_hand:
            keys.append("dcg.digixros.reveal_hand")
        if any(d.sources for d in from_area):
            keys.append("dcg.digixros.area_stack_trashed")
        if from_area:
            keys.append("dcg.stack.not_in_area")
        game.step("xros.placed", f"DigiXros -{spec.reduce}: {p} places {', '.join(c.label for c in placed)} under "
                  f"{card.label} (top first, in the order the requirement lists them); {n} card{'s' * (n != 1)} "
                  f"placed, so {card.label} counts as {n}-card DigiXrossed and its play cost is {reduction} lower"
                  f"{cost_text}.",
                  *keys, player=p, cards=", ".join(c.label for c in placed), card=card.label, n=n)
    else:
        reduction = spec.reduce
        game.step("xros.placed", f"Assembly -{spec.reduce}: {p} places {', '.join(c.label for c in placed)} from "
                  f"the trash under {card.label}; the play cost is {reduction} lower{cost_text}.", "dcg.assembly",
                  "dcg.assembly.reduce", "dcg.assembly.choose_all", "dcg.assembly.all_required", "dcg.assembly.each",
                  "dcg.assembly.order", "dcg.assembly.declare", "dcg.assembly.place", "dcg.assembly.procedure",
                  "dcg.assembly.procedure_reveal", "dcg.assembly.procedure_declare", player=p, cards=", ".join(c.label for c in placed), card=card.label, reduction=reduction)
    return placed, reduction


# ------------------------------------------------------------------------------ Digisorption (16-9)
def digisorption_picks(game: Game, p: str, card: Card, base: str, given: list[str] | None) -> list[str]:
    """Which Digimon each Digisorption of `card` suspends: the action's `digisorption:` list, else (the
    documented default) the first unsuspended Digimon of p's battle area in board order, one per copy."""
    copies = [k for k in card.keywords if k.kid == "digisorption"]
    if not copies or "digisorption" in game.decline or card.id in game.decline:
        return []
    if given is not None:
        return list(given)
    free = [d.id for d in game.ps(p).battle_area if d.is_digimon and not d.suspended]
    return free[:len(copies)]


def digisorption_refusal(game: Game, p: str, card: Card, given: list[str]) -> Refusal | None:
    copies = [k for k in card.keywords if k.kid == "digisorption"]
    if len(given) > len(copies):
        return _no("digivolve", f"{card.label} has {len(copies)} Digisorption: it suspends at most {len(copies)} "
                   f"Digimon.", "dcg.keyword.digisorption", "dcg.keyword.digisorption_multiple")
    for did in given:
        d = game.ps(p).digimon(did)
        if d is None or not d.is_digimon:
            return _no("digivolve", f"Digisorption suspends one of {p}'s Digimon in the battle area: {did} is not.",
                       "dcg.keyword.digisorption")
        if d.suspended or given.count(did) > 1:
            return _no("digivolve", f"Digisorption: {d.label} is already suspended, so it cannot be suspended to "
                       f"pay for Digisorption.", "dcg.keyword.digisorption_condition", "dcg.already_in_state")
    return None


def digisorption(game: Game, p: str, card: Card, base: str, picks: list[str], price: int) -> int:
    """Suspend the picked Digimon, each lowering the digivolve cost (floor 0, 1-3-9); returns the new cost."""
    copies = [k for k in card.keywords if k.kid == "digisorption"]
    for kw, did in zip(copies, picks):
        d = game.ps(p).digimon(did)
        game.put(p, replace(d, suspended=True))
        new = max(0, price - kw.n)
        keys = ["dcg.keyword.digisorption", "dcg.keyword.digisorption_immediate",
                "dcg.keyword.digisorption_condition", "dcg.digivolve.immediate_timing"]
        if len(copies) > 1:
            keys.append("dcg.keyword.digisorption_multiple")
        if did == base:
            keys.append("dcg.keyword.digisorption_base")
        if price - kw.n < 0:
            keys.append("dcg.cost.floor_zero")
        game.step("keyword.digisorption", f"Digisorption -{kw.n}: as {card.label} is revealed to digivolve, {p} "
                  f"suspends {d.label}{' (the Digimon that digivolves)' * (did == base)}; the digivolve cost "
                  f"goes from {price} to {new}.", *keys, player=p, card=card.label, suspended=d.label, cost_before=price, cost_after=new)
        price = new
    return price


# ------------------------------------------------------------------------------ DNA digivolution (8-2)
def _own(game: Game, p: str, did: str) -> Digimon | None:
    d = game.ps(p).digimon(did)
    return d if d is not None and d.is_digimon else None


def _dna_order(card: Card, stacks: list[Digimon]) -> list[Digimon] | None:
    for perm in permutations(stacks):
        if all(r.matches(d.card) for r, d in zip(card.dna.cards, perm)):
            return list(perm)
    return None


def can_dna(game: Game, card_id: str, onto: list[str], cost: int | None) -> Refusal | None:
    refusal, held = held_in_main(game, "dna_digivolve", card_id, "dcg.dna")
    if refusal:
        return refusal
    p, card = held
    if card.dna is None:
        return _no("dna_digivolve", f"{card.label} has no DNA digivolution requirement.", "dcg.dna")
    stacks = [_own(game, p, did) for did in onto]
    if None in stacks or len(set(onto)) != len(onto):
        return _no("dna_digivolve", f"DNA digivolution combines {len(card.dna.cards)} different Digimon of "
                   f"{p}'s battle area.", "dcg.dna", "dcg.dna.procedure_choose")
    if len(stacks) != len(card.dna.cards) or _dna_order(card, stacks) is None:
        return _no("dna_digivolve", f"{', '.join(d.label for d in stacks)} do not meet {card.label}'s DNA "
                   f"requirement ({' + '.join(r.text for r in card.dna.cards)}).", "dcg.dna",
                   "dcg.dna.procedure_choose")
    token = next((d for d in stacks if d.is_token), None)
    if token is not None:
        return _no("dna_digivolve", f"{token.label} is a token: no card can be placed on a token.",
                   "dcg.token.no_stacking")
    return cannot_pay(game, "dna_digivolve", p, cost_changes.price(
        game, p, "digivolve", card, cost if cost is not None else card.dna.cost, 0, tuple(stacks)))


def dna(game: Game, card_id: str, onto: list[str], cost: int | None) -> None:
    p, card = hand_owner(game, card_id)
    stacks = _dna_order(card, [_own(game, p, did) for did in onto])
    price = cost_changes.changed_price(game, p, "digivolve", card, cost if cost is not None else card.dna.cost, 0,
                                tuple(stacks), how="dna")
    _dna_pay(game, p, card, stacks, price, "", "dcg.main.dna")
    _dna_combine(game, p, card, stacks)


def _dna_pay(game: Game, p: str, card: Card, stacks: list[Digimon], price: int, how: str, *keys: str) -> None:
    ps = game.ps(p)
    game.set_ps(p, replace(ps, hand=tuple(c for c in ps.hand if c.id != card.id)))
    before, after = game.memory_add(p, -price)
    game.step("dna.declared", f"{p} declares DNA digivolution{how} into {card.label} with "
              f"{' and '.join(d.label for d in stacks)} and pays {price} memory ({game.memory_text(p, before)} → "
              f"{game.memory_text(p, after)}).", "dcg.dna", "dcg.dna.procedure_choose", "dcg.dna.procedure_pay",
              "dcg.memory.pay", "dcg.dna.procedure", *keys, player=p, card=card.label, stacks="、".join(d.label for d in stacks), cost=price, memory_before=before, memory_after=after)


def blast_dna(game: Game, owner: str, e, card_id: str, holder) -> None:
    """16-30: DNA digivolve into this hand card from one own Digimon and one hand card, paying the cost; the
    DNA requirement still holds (16-30-5) and the hand card is revealed as the Digimon is chosen (16-30-6)."""
    keys = ("dcg.keyword.blast_dna", "dcg.keyword.blast_dna_acting", "dcg.keyword.blast_dna_optional",
            "dcg.keyword.blast_dna_is_dna", "dcg.keyword.blast_dna_requirement")
    ps = game.ps(owner)
    card = next((c for c in ps.hand if c.id == (e.target or card_id)), None)
    if card is None or card.dna is None:
        game.step("keyword.blast_dna", f"Blast DNA Digivolve: {e.target or card_id} is not a DNA card in "
                  f"{owner}'s hand.", *keys, "dcg.impossible", player=owner, card=e.target or card_id)
        return
    pairs = [(d, h) for d in ps.battle_area if d.is_digimon and not d.is_token
             for h in ps.hand if h.id != card.id and _dna_order(card, [d, Digimon(h)]) is not None]
    want = e.choose or game.choices.get("blast_dna_digivolve")
    pair = next((x for x in pairs if want in (None, x[0].id)), None)
    if pair is None:
        game.step("keyword.blast_dna", f"Blast DNA Digivolve: {owner} has no Digimon and hand card that meet "
                  f"{card.label}'s DNA requirement ({' + '.join(r.text for r in card.dna.cards)}).", *keys, player=owner, card=card.label, unmet=True)
        return
    d, h = pair
    price = cost_changes.price(game, owner, "digivolve", card, card.dna.cost or 0, 0, (d, Digimon(h)))
    if game.board.memory_for(owner) - price < -10:
        game.step("keyword.blast_dna", f"Blast DNA Digivolve: {owner} cannot pay {price}.", *keys,
                  "dcg.cost.cannot_pay", player=owner, cost=price)
        return
    game.step("keyword.blast_dna", f"Blast DNA Digivolve: {owner} chooses {d.label} and reveals {h.label} from the "
              f"hand.", *keys, "dcg.keyword.blast_dna_reveal", player=owner, card=d.label, hand=h.label)
    ps = game.ps(owner)
    game.set_ps(owner, replace(ps, hand=tuple(c for c in ps.hand if c.id != h.id)))
    stacks = _dna_order(card, [d, Digimon(h)])
    price = cost_changes.changed_price(game, owner, "digivolve", card, card.dna.cost or 0, 0, tuple(stacks), how="dna")
    _dna_pay(game, owner, card, stacks, price, " (Blast DNA Digivolve)", "dcg.dna.by_effect")
    _dna_combine(game, owner, card, stacks)


def _dna_combine(game: Game, p: str, card: Card, stacks: list[Digimon]) -> None:
    onto = [d.id for d in stacks]
    sources: tuple[Card, ...] = ()
    notes, keys = [], ["dcg.dna.new_digimon", "dcg.dna.order", "dcg.dna.stacks_kept", "dcg.dna.procedure_stack",
                       "dcg.dna.unsuspended"]
    for d in stacks:
        if d.links:
            keys.append("dcg.dna.links_trashed")
        if d.mods:
            keys.append("dcg.dna.effects_lost")
            notes.append(f"what effects gave {d.label} is lost")
        if game.ps(p).digimon(d.id) is not None:    # a hand card (Blast DNA) is not in the area
            game.leave_area(p, replace(d, sources=()), "under")
        game.renew(d.sources)          # 8-2-2-1-2: the cards under it become new cards too
        sources += d.cards()
    if game.attack is not None and game.attack.attacker in onto:
        keys.append("dcg.dna.attacker_gone")
        notes.append("the attacking Digimon is gone")
        game.attack.attacker = ""
    if game.attack is not None and game.attack.target in onto:
        keys.append("dcg.dna.target_gone")
        notes.append("the attack's target is gone")
        game.attack.target = ""
    played = any(d.played_this_turn for d in stacks)
    if played:
        keys.append("dcg.dna.can_attack")
        notes.append("it can attack this turn even though a Digimon under it was played this turn")
    new = Digimon(card, sources)
    game.add_to_battle_area(p, new)
    game.step("dna.done", f"{card.label} is placed on top of {' then '.join(d.label for d in stacks)} (each with its "
              f"digivolution cards, order kept; the first requirement's Digimon on top): a new Digimon, unsuspended"
              + (f"; {'; '.join(notes)}" if notes else "") + ".", *dict.fromkeys(keys), card=card.label, stacks="、".join(d.label for d in stacks))
    draw_and_trigger(game, p, new, "dna")


def draw_and_trigger(game: Game, p: str, d: Digimon, how: str) -> None:
    key = {"dna": "dcg.dna.procedure_stack", "burst": "dcg.burst.procedure_stack",
           "app_fusion": "dcg.app_fusion.procedure_stack", "blast": "dcg.digivolve.draw"}[how]
    if game.draw(p, 1):
        game.step("digivolve.draw", f"Digivolution bonus: {p} draws 1 card.", key, "dcg.digivolve.draw", player=p)
    else:
        game.step("digivolve.draw", f"{p}'s deck is empty: the digivolution completes without the draw.",
                  "dcg.digivolve.no_draw", player=p, deck=0)
    game.emit("digimon_digivolved", p, d, "battle")
    game.trigger_effects(p, d, "when_digivolving")


# ------------------------------------------------------------------------------ Burst digivolution (8-3)
def _burst_tamer(game: Game, p: str, card: Card, tamer: str | None) -> Digimon | None:
    tamers = [d for d in game.ps(p).battle_area if d.card.kind == "tamer" and card.burst.tamer.matches(d.card)]
    return next((d for d in tamers if tamer is None or d.id == tamer), None)


def can_burst(game: Game, card_id: str, onto: str, tamer: str | None, cost: int | None) -> Refusal | None:
    refusal, held = held_in_main(game, "burst_digivolve", card_id, "dcg.burst")
    if refusal:
        return refusal
    p, card = held
    if card.burst is None:
        return _no("burst_digivolve", f"{card.label} has no Burst digivolution requirement.", "dcg.burst")
    d = _own_any(game, p, onto)
    if d is None or not d.is_digimon or not card.burst.to.matches(d.card):
        return _no("burst_digivolve", f"{onto} is not {p}'s Digimon {card.burst.to.text} that the Burst "
                   f"digivolution requirement names.", "dcg.burst", "dcg.burst.procedure_choose")
    if _burst_tamer(game, p, card, tamer) is None:
        return _no("burst_digivolve", f"{p} has no Tamer {card.burst.tamer.text} in the battle area to return to "
                   f"hand.", "dcg.burst", "dcg.burst.procedure_return")
    return cannot_pay(game, "burst_digivolve", p, cost_changes.price(
        game, p, "digivolve", card, cost if cost is not None else card.burst.cost, 0, (d,)))


def burst(game: Game, card_id: str, onto: str, tamer: str | None, cost: int | None) -> None:
    p, card = hand_owner(game, card_id)
    t = _burst_tamer(game, p, card, tamer)
    game.leave_area(p, t, "hand")
    game.step("burst.tamer", f"Burst digivolution: {p} reveals {card.label} and returns the Tamer {t.label} to "
              f"hand.", "dcg.burst", "dcg.burst.procedure_choose", "dcg.burst.procedure_return", "dcg.burst.procedure",
              "dcg.main.burst", player=p, card=card.label,
              tamer=t.label)
    d = _own_any(game, p, onto)
    price = cost_changes.changed_price(game, p, "digivolve", card, cost if cost is not None else card.burst.cost, 0, (d,),
                                how="burst")
    ps = game.ps(p)
    game.set_ps(p, replace(ps, hand=tuple(c for c in ps.hand if c.id != card_id)))
    before, after = game.memory_add(p, -price)
    new = replace(d, card=card, sources=(d.card,) + d.sources)
    breeding = game.ps(p).breeding_area is not None and game.ps(p).breeding_area.id == d.id
    if breeding:      # a breeding-area Digimon may Burst digivolve too (8-3-1: "your Digimon")
        game.set_ps(p, replace(game.ps(p), breeding_area=new))
    else:
        game.put(p, new, old_id=d.id)
    game.step("burst.done", f"{p} pays {price} memory ({game.memory_text(p, before)} → {game.memory_text(p, after)}) "
              f"and places {card.label} on {d.label} ({'suspended' if d.suspended else 'unsuspended'}, as it was); "
              f"at the end of this turn its top card will be trashed.", "dcg.burst.procedure_pay",
              "dcg.burst.procedure_stack", "dcg.burst.end_trash", "dcg.digivolve.keeps_state", "dcg.memory.pay", player=p, cost=price, card=card.label, base=d.label, memory_before=before, memory_after=after)
    game.burst_pending.append((p, new.card_ids))
    if breeding:
        game.draw(p, 1)
        game.step("digivolve.draw", f"Digivolution bonus: {p} draws 1 card; in the breeding area no [When "
                  f"Digivolving] effect triggers.", "dcg.burst.procedure_stack", "dcg.digivolve.draw",
                  "dcg.breeding.no_effects", player=p, breeding=True)
        return
    draw_and_trigger(game, p, new, "burst")


# ------------------------------------------------------------------------------ App Fusion (8-4)
def _fusion_link(card: Card, d: Digimon) -> Card | None:
    """The link card that makes `d` an App Fusion base: `d` and it are two different named cards (8-4-2-1)."""
    names = card.app_fusion.cards
    mine = next((i for i, r in enumerate(names) if r.matches(d.card)), None)
    if mine is None:
        return None
    return next((c for c in d.links if any(r.matches(c) for i, r in enumerate(names) if i != mine)), None)


def burst_or_fusion_base(game: Game, p: str, card: Card) -> tuple[Digimon, str] | None:
    """An own battle-area Digimon that `card`'s Burst or App Fusion requirement names, with "burst" or
    "app_fusion": only an effect that says so digivolves that way (8-3-2-4, 8-4-2-2)."""
    for d in game.ps(p).battle_area:
        if not d.is_digimon:
            continue
        if card.burst is not None and card.burst.to.matches(d.card):
            return d, "burst"
        if card.app_fusion is not None and _fusion_link(card, d) is not None:
            return d, "app_fusion"
    return None


def can_app_fusion(game: Game, card_id: str, onto: str, cost: int | None) -> Refusal | None:
    refusal, held = held_in_main(game, "app_fusion", card_id, "dcg.app_fusion")
    if refusal:
        return refusal
    p, card = held
    if card.app_fusion is None:
        return _no("app_fusion", f"{card.label} has no App Fusion requirement.", "dcg.app_fusion")
    d = _own(game, p, onto)
    if d is None or _fusion_link(card, d) is None:
        return _no("app_fusion", f"App Fusion digivolves a Digimon linked in a combination of two of "
                   f"{', '.join(r.text for r in card.app_fusion.cards)}: {onto} is not one.", "dcg.app_fusion",
                   "dcg.app_fusion.combination")
    return cannot_pay(game, "app_fusion", p, cost_changes.price(
        game, p, "digivolve", card, cost if cost is not None else card.app_fusion.cost, 0, (d,)))


def app_fusion(game: Game, card_id: str, onto: str, cost: int | None) -> None:
    p, card = hand_owner(game, card_id)
    d = _own(game, p, onto)
    link = _fusion_link(card, d)
    price = cost_changes.changed_price(game, p, "digivolve", card, cost if cost is not None else card.app_fusion.cost, 0,
                                (d,), how="app_fusion")
    ps = game.ps(p)
    game.set_ps(p, replace(ps, hand=tuple(c for c in ps.hand if c.id != card_id)))
    before, after = game.memory_add(p, -price)
    rest_links = tuple(c for c in d.links if c is not link)
    new = replace(d, card=card, sources=(link, d.card) + d.sources, links=rest_links)
    game.put(p, new, old_id=d.id)
    game.step("app_fusion.done", f"App Fusion: {p} pays {price} memory ({game.memory_text(p, before)} → "
              f"{game.memory_text(p, after)}), places {d.label}'s link card {link.label} on top of it, then "
              f"{card.label} on top of both.", "dcg.app_fusion", "dcg.app_fusion.combination",
              "dcg.app_fusion.procedure_choose", "dcg.app_fusion.procedure_pay", "dcg.app_fusion.procedure_stack",
              "dcg.memory.pay", "dcg.app_fusion.procedure", "dcg.main.app_fusion", player=p, cost=price, base=d.label,
              link=link.label, card=card.label, memory_before=before, memory_after=after)
    draw_and_trigger(game, p, new, "app_fusion")


# ------------------------------------------------------------------------------ Link (10, 4-7)
def link_limit(d: Digimon) -> int:
    """4-7-5: one link card per Digimon; each Link +N raises it (16-39-1, several add up 16-39-3)."""
    return 1 + sum(k.n for k in d.keywords() if k.kid == "link_plus")


@provides("check_links")
def check_links(game: Game, p: str) -> None:
    """Rule check (17-1-3): a link card whose link requirement its Digimon no longer meets is trashed
    (17-1-3-6), e.g. after the Digimon digivolved; over the link limit, link cards are trashed down to it
    (17-1-3-7; the owner picks, `choose: {link: id}`, else the oldest)."""
    for d in game.ps(p).battle_area:
        if not d.links:
            continue
        unmet = tuple(c for c in d.links if c.link.to is not None and not c.link.to.matches(d.card))
        keep = tuple(c for c in d.links if c not in unmet)
        over: list[Card] = []
        limit = link_limit(replace(d, links=keep))
        while len(keep) > limit:
            drop = game.pick("link", list(keep))
            over.append(drop)
            keep = tuple(c for c in keep if c is not drop)
        if not unmet and not over:
            continue
        game.put(p, replace(d, links=keep))
        game.trash_cards(p, unmet + tuple(over))
        if unmet:
            game.step("rule.link_unmet", f"Rule check: {d.label} no longer meets the link requirement of "
                      f"{', '.join(c.label for c in unmet)}, which {'is' if len(unmet) == 1 else 'are'} trashed.",
                      "dcg.rule_check.link_requirement", "dcg.rule_check.simultaneous",
                      card=d.label, links=", ".join(c.label for c in unmet))
        if over:
            game.step("rule.link_over", f"Rule check: {d.label} holds more link cards than its limit of {limit}: "
                      f"{', '.join(c.label for c in over)} {'is' if len(over) == 1 else 'are'} trashed.",
                      "dcg.rule_check.link_limit", "dcg.link.limit", "dcg.rule_check.simultaneous",
                      card=d.label, links=", ".join(c.label for c in over), limit=limit)


def _link_card(game: Game, p: str, card_id: str) -> tuple[Card, Digimon | None] | None:
    ps = game.ps(p)
    c = next((c for c in ps.hand if c.id == card_id), None)
    if c is not None:
        return c, None
    d = ps.digimon(card_id)
    return (d.card, d) if d is not None else None


def can_link(game: Game, card_id: str, onto: str, cost: int | None) -> Refusal | None:
    p = game.board.turn
    found = _link_card(game, p, card_id)
    refusal = main_phase_refusal(game, "link", p if found else None)
    if refusal:
        return refusal
    if found is None:
        return _no("link", f"{card_id} is not in {p}'s hand or battle area.", "dcg.link")
    card, area = found
    if card.token:
        return _no("link", f"{card.label} is a token: a token cannot link.", "dcg.token.no_link")
    if card.link is None:
        return _no("link", f"{card.label} has no Link.", "dcg.link")
    d = _own(game, p, onto)
    if d is None or d.id == card_id or (card.link.to is not None and not card.link.to.matches(d.card)):
        need = f" {card.link.to.text}" if card.link.to else ""
        return _no("link", f"{onto} is not {p}'s Digimon{need} in the battle area that {card.label}'s link "
                   f"requirement names.", "dcg.link", "dcg.link.procedure_choose")
    return cannot_pay(game, "link", p, cost_changes.price(
        game, p, "link", card, cost if cost is not None else card.link.cost or 0, 0, (d,)))


def link(game: Game, card_id: str, onto: str, cost: int | None) -> None:
    p = game.board.turn
    card, area = _link_card(game, p, card_id)
    d = _own(game, p, onto)
    price = cost_changes.changed_price(game, p, "link", card, cost if cost is not None else card.link.cost or 0, 0, (d,))
    if area is not None:
        game.leave_area(p, area, "under")
    else:
        ps = game.ps(p)
        game.set_ps(p, replace(ps, hand=tuple(c for c in ps.hand if c.id != card_id)))
    before, after = game.memory_add(p, -price)
    d = _own(game, p, onto)
    links = d.links
    limit = link_limit(d)
    keys = ["dcg.link", "dcg.link.procedure_choose", "dcg.link.procedure_pay", "dcg.link.procedure_done",
            "dcg.link.procedure", "dcg.link.not_stacked", "dcg.link.not_in_area",
            "dcg.link.becomes_link_card", "dcg.link.card", "dcg.link.state", "dcg.memory.pay", "dcg.main.link"]
    if d.sources:
        keys.append("dcg.link.procedure_insert")
    over = ""
    if len(links) + 1 > limit:
        drop = game.pick("link", list(links)) if len(links) else None
        links = tuple(c for c in links if c is not drop)
        game.trash_cards(p, (drop,))
        over = f"; over the limit of {limit}, {drop.label} is trashed at the same time"
        keys += ["dcg.link.limit"] + (["dcg.keyword.link_plus", "dcg.keyword.link_plus_static"]
                                      if limit > 1 else [])
    elif limit > 1:
        keys += ["dcg.link.limit", "dcg.keyword.link_plus", "dcg.keyword.link_plus_static"]
        if sum(1 for k in d.keywords() if k.kid == "link_plus") > 1:
            keys.append("dcg.keyword.link_plus_stacking")
    new = replace(d, links=links + (card,))
    game.put(p, new)
    gains = [f"+{card.link.dp} DP ({new.dp} DP)"] if card.link.dp else []
    if card.link.keywords:
        gains.append(", ".join(keyword_text(k) for k in card.link.keywords))
        keys.append("dcg.link.effects")
    gained = [e for e in card.effects if e.link]
    if gained:
        gains.append("its link effect" + "s" * (len(gained) > 1) + " "
                     + ", ".join(f"[{TIMING_NAMES.get(e.timing, e.timing)}] {e.do}" for e in gained))
        keys += ["dcg.link.effects", "dcg.link.effect_info"]
    if card.link.dp:
        keys.append("dcg.link.dp")
    game.step("link.done", f"{p} pays {price} memory ({game.memory_text(p, before)} → {game.memory_text(p, after)}) "
              f"and links {card.label}{' from the battle area' * (area is not None)} to {d.label}{over} (a link card "
              f"is neither a digivolution card nor in any area)"
              + (f": {d.label} gets {' and '.join(gains)}." if gains else "."), *dict.fromkeys(keys), player=p, cost=price, card=card.label, base=d.label, memory_before=before, memory_after=after)
    for e in gained:
        if e.timing == "on_link":     # 15-16-6-1: it triggers as the card becomes a link card
            game.new_triggers.append(Trigger(p, card.id, "battle", effect=e))


# ------------------------------------------------------------------------------ Training (16-40), Delay (16-16)
def _own_any(game: Game, p: str, did: str) -> Digimon | None:
    ps = game.ps(p)
    if ps.breeding_area is not None and ps.breeding_area.id == did:
        return ps.breeding_area
    return ps.digimon(did)


def can_training(game: Game, did: str) -> Refusal | None:
    p = game.board.turn
    refusal = main_phase_refusal(game, "training", p)
    if refusal:
        return refusal
    d = _own_any(game, p, did)
    if d is None or not d.has("training"):
        return _no("training", f"{did} is not {p}'s Digimon with Training.", "dcg.keyword.training")
    if d.suspended:
        return _no("training", f"{d.label} is suspended: Training suspends it to place the card, and an activated "
                   f"effect whose condition cannot be carried out cannot be declared.",
                   "dcg.keyword.training_condition", "dcg.cost_condition.activated", "dcg.already_in_state")
    return None


def training(game: Game, did: str) -> None:
    p = game.board.turn
    ps = game.ps(p)
    d = _own_any(game, p, did)
    top = ps.deck[:1]
    new = replace(d, suspended=True, sources=d.sources + tuple(replace(c, face_down=True) for c in top))
    ps = replace(ps, deck=ps.deck[1:])
    if ps.breeding_area is not None and ps.breeding_area.id == did:
        game.set_ps(p, replace(ps, breeding_area=new))
        where = " (in the breeding area, where Training works too)"
    else:
        game.set_ps(p, ps.put(new))
        where = ""
    keys = ["dcg.keyword.training", "dcg.keyword.training_activated", "dcg.keyword.training_condition",
            "dcg.cost_condition.activated"]
    if top:
        game.step("keyword.training", f"Training: {p} suspends {d.label}{where} and places the top card of the deck "
                  f"face down (as Training specifies; cards go under face up otherwise) under its digivolution "
                  f"cards; a face-down card has no information (no inherited effect).", *keys, "dcg.stack.face_down",
                  "dcg.stack.face_up_unless", player=p, card=d.label)
    else:
        game.step("keyword.training", f"Training: {p} suspends {d.label}{where}, but the deck is empty: nothing is "
                  f"placed.", *keys, "dcg.impossible", player=p, card=d.label, deck=0)


def can_delay(game: Game, cid: str) -> Refusal | None:
    p = game.board.turn
    refusal = main_phase_refusal(game, "delay", p)
    if refusal:
        return refusal
    d = game.ps(p).digimon(cid)
    if d is None or not any(e.timing == "delay" for e in d.card.effects):
        return _no("delay", f"{cid} is not {p}'s card with Delay in the battle area.", "dcg.keyword.delay")
    if d.played_this_turn:
        return _no("delay", f"{d.label} was placed in the battle area this turn: its Delay cannot be used until "
                   f"a later turn.", "dcg.keyword.delay_not_this_turn")
    return None


def delay(game: Game, cid: str) -> None:
    p = game.board.turn
    d = game.ps(p).digimon(cid)
    game.leave_area(p, d)
    game.step("keyword.delay", f"Delay: {p} trashes {d.label} from the battle area to activate its effect.",
              "dcg.keyword.delay", "dcg.keyword.delay_condition", "dcg.trash", player=p, card=d.label)
    for e in d.card.effects:
        if e.timing == "delay":
            game.run_effect(p, e, card_id=d.id, holder=None)

