"""Continuous effects (常在型, 15-8-2) and processing conditions (処理条件, 15-6).

A continuous effect — `timing: your_turn | opponents_turn | all_turns` — does not trigger: it applies from
the moment its turn and its conditions hold until they stop holding (15-8-2-2, 15-8-2-3, 15-8-2-6). The
engine recomputes what such effects give (`Mod(until="continuous")`) whenever the rule check may run and
before each battle, and records a step each time one starts or stops applying.
"""
from __future__ import annotations

from dataclasses import replace

from .effects import CONTINUOUS, FLAG_VERBS
from .keywords import keyword_text
from .target_filter import meets, words as filter_words
from .model import PLAYERS, Board, Digimon, Effect, Mod, opponent

TURN_NAMES = {"your_turn": "Your Turn", "opponents_turn": "Opponent's Turn", "all_turns": "All Turns"}


def continuous_card_ids(board: Board) -> dict[str, tuple[Effect, ...]]:
    """card id -> its continuous effects, for the cards of the scenario that have some (none: refreshing is
    skipped)."""
    out = {}
    for p in PLAYERS:
        for c in board.player(p).all_cards():
            if c.effects:   # most cards have none
                effects = tuple(e for e in c.effects if e.timing in CONTINUOUS)
                if effects:
                    out[c.id] = effects
    return out


def turn_holds(board: Board, owner: str, timing: str) -> bool:
    return timing == "all_turns" or (board.turn == owner) == (timing == "your_turn")


def holds(board: Board, owner: str, e: Effect, holder: Digimon | None, facts: dict) -> bool:
    """condition_holds(…)[0], with the board-wide facts (has a Tamer …) computed once per board in `facts`."""
    for name, want in e.condition:
        if name in ("suspended", "sources_at_least", "digixrossed_at_least"):
            if not condition_holds(board, owner, Effect("", "", condition=((name, want),)), holder)[0]:
                return False
            continue
        key = (owner, name, want)
        if key not in facts:
            facts[key] = condition_holds(board, owner, Effect("", "", condition=((name, want),)), holder)[0]
        if not facts[key]:
            return False
    return True


def condition_holds(board: Board, owner: str, e: Effect, holder: Digimon | None) -> tuple[bool, str]:
    """Whether every processing condition of `e` holds now (15-6-1), and the conditions in words."""
    ps = board.player(owner)
    words = []
    ok = True
    for name, want in e.condition:
        if name == "tamer":
            have = any(d.card.kind == "tamer" for d in ps.battle_area)
            words.append(f"{owner} has {'a' if want else 'no'} Tamer")
            ok &= have == want
        elif name == "suspended":
            have = holder is not None and holder.suspended
            words.append(f"this card is {'suspended' if want else 'unsuspended'}")
            ok &= holder is not None and have == want
        elif name in ("has_named", "lacks_named"):    # 15-6-3: "if you have (no) 「X」" in the battle area
            have = any(d.card.name.casefold() == want.casefold() for d in ps.battle_area)
            words.append(f"{owner} has {'a' if name == 'has_named' else 'no'} {want} in the battle area")
            ok &= have == (name == "has_named")
        elif name == "has_digimon_name_containing":   # 「名称に「X」を含む自分のデジモンがいるなら」
            have = any(d.is_digimon and any(want.casefold() in n.casefold() for n in d.names()) for d in ps.battle_area)
            words.append(f"{owner} has a Digimon with {want} in its name")
            ok &= have
        elif name == "digixrossed_at_least":     # 7-2-2-9, 7-2-2-10: played with X cards DigiXrossed
            words.append(f"this Digimon was DigiXrossed with {want} or more cards")
            ok &= holder is not None and holder.xrossed >= want
        elif name == "sources_at_least":
            words.append(f"this Digimon has {want} or more digivolution cards")
            ok &= holder is not None and len(holder.sources) >= want
        elif name in ("memory_at_least", "memory_at_most"):
            mem = board.memory_for(owner)
            words.append(f"{owner}'s memory is {want} or {'more' if name.endswith('least') else 'less'}")
            ok &= mem >= want if name.endswith("least") else mem <= want
        elif name == "tamers_at_most":      # 15-6-2's example: 「自分のテイマーが 1 体以下なら」
            have = sum(d.card.kind == "tamer" for d in ps.battle_area)
            words.append(f"{owner} has {want} or fewer Tamers")
            ok &= have <= want
        elif name == "security_at_most":
            words.append(f"{owner} has {want} or fewer security cards")
            ok &= len(ps.security) <= want
        elif name == "opponent_has_digimon":
            # a breeding-area Digimon does not count (3-4-5-7): only the battle area is looked at
            have = any(d.is_digimon for d in board.player(opponent(owner)).battle_area)
            words.append(f"{opponent(owner)} has {'a' if want else 'no'} Digimon")
            ok &= have == want
        elif name == "opponent_security_at_most":
            words.append(f"{opponent(owner)} has {want} or fewer security cards")
            ok &= len(board.player(opponent(owner)).security) <= want
    return ok, " and ".join(words)


def applying(board: Board, carriers: dict[str, tuple[Effect, ...]]) -> list[tuple[str, str, Effect, Digimon]]:
    """The continuous effects that apply now (see `_sources`); cost_changes.py reads the cost-changing ones."""
    return _sources(board, carriers)


def _sources(board: Board, carriers: dict[str, tuple[Effect, ...]]) -> list[tuple[str, str, Effect, Digimon]]:
    """(owner, source card id, effect, holder) of every continuous effect that applies now. Only cards in the
    battle area apply them (3-4-5-4: not the breeding area), and cards with a {Breeding}/{Security} icon there."""
    out = []
    facts: dict = {}
    for p in PLAYERS:
        for d in board.player(p).battle_area:
            for card in d.cards():
                effects = carriers.get(card.id)
                if not effects:
                    continue
                own = card is d.card
                for e in effects:
                    if e.inherited == own or e.link or e.zone is not None or not turn_holds(board, p, e.timing):
                        continue
                    if e.condition and not holds(board, p, e, d, facts):
                        continue
                    out.append((p, card.id, e, d))
            for card in d.links:     # 4-2-6: the Digimon has its link cards' link effects
                for e in carriers.get(card.id, ()):
                    if e.link and turn_holds(board, p, e.timing) and (
                            not e.condition or holds(board, p, e, d, facts)):
                        out.append((p, card.id, e, d))
        out.extend(_zone_sources(board, p, carriers, facts))
    return out


def _zone_sources(board: Board, p: str, carriers: dict, facts: dict) -> list:
    """{Breeding} effects of the card on top of the breeding area (15-14-4-1) and {Security} effects of face-up
    security cards (15-14-5-1): they apply from there; nothing else outside the battle area does."""
    ps = board.player(p)
    out = []
    breeding = ps.breeding_area
    for card, zone, holder in ([(breeding.card, "breeding", breeding)] if breeding is not None else []) + [
            (c, "security", None) for c in ps.security if c.face_up]:
        for e in carriers.get(card.id, ()):
            if e.zone == zone and turn_holds(board, p, e.timing) and (not e.condition or holds(board, p, e, holder,
                                                                                                 facts)):
                out.append((p, card.id, e, holder))
    return out


def _targets(board: Board, p: str, e: Effect, holder: Digimon) -> tuple[str, tuple[str, ...]]:
    if e.target == "self":
        return p, (holder.id,)
    side = p if e.target == "all_own_digimon" else opponent(p)
    return side, tuple(x.id for x in board.player(side).battle_area
                       if x.is_digimon and (not e.filter or meets(x, e.filter)))


def effect_source(owner: str, holder: Digimon | None) -> str:
    """Whose effect and of which kind (15-2-1), as a Mod records it: the holder's card kind (an inherited
    effect is its Digimon's, 15-3-2); no holder: an option's effect; kinds joined by `+` when a Tamer is also
    treated as a Digimon (15-12-1-6)."""
    kind = holder.card.kind if holder is not None else "option"
    if kind == "tamer" and holder.is_digimon:
        return f"{owner}:tamer+digimon"   # 15-12-1-6: a Tamer also treated as a Digimon: both kinds' effect
    return f"{owner}:{'digimon' if kind == 'digiegg' else kind}"


def unaffected_flag(owner: str, effects_of: str | None) -> str:
    """The Mod flag of "unaffected by …" (15-15-6): all effects, the opponent's, or the opponent's Digimon's."""
    foe = opponent(owner)
    return {None: "unaffected:*", "all": "unaffected:*", "opponent": f"unaffected:{foe}",
            "opponent_digimon": f"unaffected:{foe}:digimon"}[effects_of]


def describe(e: Effect) -> str:
    if e.do == "dp":
        text = f"DP {e.amount:+d}"
    elif e.do == "gain":
        text = f"gains {keyword_text(e.keyword)}"
    else:
        text = e.do.replace("_", " ")
    return text + (f" (Digimon with {filter_words(e.filter)})" if e.filter else "")


def _names(ids: list[str]) -> str:
    return ", ".join(ids[:8]) + (f" and {len(ids) - 8} more" if len(ids) > 8 else "")


def _in_play(game, card_id: str) -> str | None:
    """The id of the Digimon in play that has `card_id` in its stack (itself, or the card digivolved onto it)."""
    if game.find(card_id) is not None:
        return card_id
    return next((d.id for p in PLAYERS for d in game.ps(p).battle_area if card_id in d.card_ids), None)


def refresh(game) -> None:
    """Recompute what continuous effects give; record each effect that starts or stops applying (one step per
    effect, naming the Digimon it starts or stops applying to). Nothing is recomputed while the turn, the
    applying effects and the Digimon in play stay the same."""
    board = game.board
    sources = _sources(board, game.continuous)
    ids = (tuple(d.id for d in board.A.battle_area), tuple(d.id for d in board.B.battle_area))
    # target conditions are re-read all the time (15-11-2-3-2, 15-11-2-3-3): who meets them is part of the state
    filtered = tuple(_targets(board, p, e, holder) for p, src, e, holder in sources if e.filter)
    signature = (tuple((p, src, id(e), holder and holder.id) for p, src, e, holder in sources), ids, filtered)
    if signature == game.continuous_signature:
        return
    game.continuous_signature = signature
    groups = {(src, e): _targets(board, p, e, holder) for p, src, e, holder in sources
              if e.do not in ("cost", "effect_number")}   # these give a Digimon nothing: cost_changes.py applies a
    # cost change as a cost is paid, effect_numbers.py an effect-number change as an effect is carried out
    before = game.continuous_active
    for key in sorted(set(groups) | set(before), key=str):
        src, e = key
        now = set(groups[key][1]) if key in groups else set()
        was = set(before[key][1]) if key in before else set()
        started, stopped = sorted(now - was), sorted(_in_play(game, t) for t in was - now if _in_play(game, t))
        if started:
            keys = ["dcg.continuous.effect", "dcg.continuous.starts",
                    "dcg.timing.all_turns" if e.timing == "all_turns" else "dcg.timing.turn"]
            keys += ["dcg.continuous.condition", "dcg.condition.processing"] if e.condition else []
            keys += {"breeding": ["dcg.icon.breeding"], "security": ["dcg.icon.security", "dcg.security.face_up"],
                     None: []}.get(e.zone, [])
            keys += ["dcg.link.effects"] if e.link else []
            if any(k != key and set(started) & set(v[1]) for k, v in groups.items()):
                keys.append("dcg.continuous.stack")
            if e.target != "self":
                keys += ["dcg.target.all_processing"] + (["dcg.target.all_later"] if was else [])
                keys += (["dcg.target.condition_all"] + (["dcg.target.condition_all_joins"] if key in before else [])
                         if e.filter else [])
                side = groups[key][0]
                if board.player(side).breeding_area is not None:
                    keys.append("dcg.breeding.unaffected")
            owner = next(p for p, s_, e_, _ in sources if s_ == src and e_ == e)
            cond = f" (while {condition_holds(board, owner, e, None)[1]})" if e.condition else ""
            where = {"breeding": " from the breeding area", "security": " from face up in security"}.get(e.zone, "")
            game.step("continuous.applies", f"{src}'s [{TURN_NAMES[e.timing]}] effect applies{where}{cond}: "
                      f"{_names(started)} {describe(e)}.", *keys, source=src, cards=_names(started))
        if stopped:
            keys = ["dcg.continuous.stops"] + (["dcg.continuous.condition_lost"] if e.condition else [])
            keys += ["dcg.target.condition_all_leaves"] if e.filter and key in groups else []
            game.step("continuous.stops", f"{src}'s [{TURN_NAMES[e.timing]}] effect no longer applies to "
                      f"{_names(stopped)} ({describe(e)} ends).", *keys, source=src, cards=_names(stopped))
    game.continuous_active = groups
    # what each Digimon gets: its DP changes added into one Mod per source (1-3-8; the source decides whether
    # an "unaffected" Digimon ignores them, 15-15-6), keywords and restrictions one each
    givers = {(src, e): effect_source(p, holder) for p, src, e, holder in sources}
    dp: dict[tuple[str, str], dict] = {}
    extra: dict[tuple[str, str], list[Mod]] = {}
    for (src, e), (side, tids) in groups.items():
        source = givers[(src, e)]
        for tid in tids:
            if e.do == "dp":
                per = dp.setdefault((side, tid), {})
                per[source] = per.get(source, 0) + (e.amount or 0)
            else:
                flag = (unaffected_flag(source.split(":", 1)[0], e.effects_of) if e.do == "unaffected"
                        else e.do if e.do in FLAG_VERBS else None)
                extra.setdefault((side, tid), []).append(
                    Mod("continuous", keyword=e.keyword, flag=flag, source=source))
    for p in PLAYERS:
        ps = game.ps(p)
        changed = False
        area = []
        for d in ps.battle_area:
            mine = tuple(Mod("continuous", dp=v, source=s) for s, v in dp.get((p, d.id), {}).items() if v) + tuple(
                extra.get((p, d.id), ()))
            mods = tuple(m for m in d.mods if m.until != "continuous") + mine
            if mods != d.mods:
                d, changed = replace(d, mods=mods), True
            area.append(d)
        if changed:
            game.set_ps(p, replace(ps, battle_area=tuple(area)))
