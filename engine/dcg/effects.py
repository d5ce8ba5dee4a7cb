"""The effect vocabulary for card effects in scenarios (documented in EFFECTS.md): parse and validate.

    effects: [{timing: on_play, do: delete, target: opponent_lowest_dp}]

A scenario effect is one timing, one verb (`do`) and the verb's operands. Keyword effects that act
(`Draw 1`, `Recovery +1 (Deck)`, `De-Digivolve 1`, `Blitz`) may be written as the verb.
"""
from __future__ import annotations

import unicodedata

from ..errors import InvalidScenario
from .costs import parse_cost
from .keywords import color_names, parse_keyword, parse_static
from .requirements import parse_req
from .target_filter import parse_filter
from .model import Card, Effect

# timing id -> the rule key a step about such an effect cites, and its name in the trace
TIMING_KEYS = {"on_play": "dcg.timing.on_play", "when_digivolving": "dcg.timing.when_digivolving",
               "when_attacking": "dcg.timing.when_attacking", "on_deletion": "dcg.timing.on_deletion",
               "end_of_attack": "dcg.timing.end_of_attack", "start_of_turn": "dcg.timing.start_of_turn",
               "end_of_turn": "dcg.timing.end_of_turn", "security": "dcg.timing.security",
               "start_of_opponents_turn": "dcg.timing.start_of_opponents_turn",
               "end_of_opponents_turn": "dcg.timing.end_of_opponents_turn", "main": "dcg.timing.main",
               "counter": "dcg.timing.counter", "when_blocked": "dcg.triggered.effect",
               "deletes_in_battle": "dcg.triggered.effect", "wins_battle": "dcg.triggered.effect", "start_of_main": "dcg.timing.start_of_main",
               "start_of_opponents_main": "dcg.timing.start_of_opponents_main",
               "end_of_all_turns": "dcg.timing.end_of_all_turns", "on_move": "dcg.timing.on_move",
               "would_be_deleted": "dcg.immediate.effect",
               "on_link": "dcg.timing.on_link"}
TIMING_NAMES = {"on_play": "On Play", "when_digivolving": "When Digivolving", "when_attacking": "When Attacking",
                "on_deletion": "On Deletion", "end_of_attack": "End of Attack", "start_of_turn": "Start of Your Turn",
                "end_of_turn": "End of Your Turn", "security": "Security",
                "start_of_opponents_turn": "Start of Opponent's Turn", "end_of_opponents_turn": "End of Opponent's Turn",
                "main": "Main", "counter": "Counter", "when_blocked": "When Blocked",
                "deletes_in_battle": "When Deleting in Battle", "wins_battle": "When Winning a Battle", "start_of_main": "Start of Your Main Phase",
                "start_of_opponents_main": "Start of Opponent's Main Phase", "end_of_all_turns": "End of All Turns",
                "on_move": "On Move", "on_link": "When Linking", "would_be_deleted": "When Would Be Deleted"}
COSTS_OF = ("play", "digivolve", "use", "link")   # the costs a `do: cost` effect changes (cost_changes.py)

# timing id -> accepted names (English, Chinese, Japanese; brackets and case are ignored)
TIMINGS = {
    "on_play": ("on play", "登场时", "登場時"),
    "when_digivolving": ("when digivolving", "进化时", "進化時"),
    "when_attacking": ("when attacking", "攻击时", "アタック時"),
    "on_deletion": ("on deletion", "消灭时", "消滅時"),
    "security": ("security", "安防", "セキュリティ"),
    "end_of_attack": ("end of attack", "攻击结束时", "アタック終了時"),
    "start_of_turn": ("start of your turn", "start of turn", "我方的回合开始时", "自分のターン開始時"),
    "end_of_turn": ("end of your turn", "end of turn", "我方的回合结束时", "自分のターン終了時"),
    "start_of_opponents_turn": ("start of opponent's turn", "start of opponents turn", "对方的回合开始时",
                                "相手のターン開始時"),
    "end_of_opponents_turn": ("end of opponent's turn", "end of opponents turn", "对方的回合结束时",
                              "相手のターン終了時"),
    "main": ("main", "主要", "メイン"),
    "start_of_main": ("start of your main phase", "我方的主要阶段开始时", "自分のメインフェイズ開始時"),
    "start_of_opponents_main": ("start of opponent's main phase", "start of opponents main phase",
                                "对方的主要阶段开始时", "相手のメインフェイズ開始時"),
    "end_of_all_turns": ("end of all turns", "双方的回合结束时", "お互いのターン終了時"),
    "on_move": ("on move", "移动时", "移動時"),
    "on_link": ("when linking", "on link", "链接时", "リンク時"),   # 15-16-6: a link effect of the link card
    "counter": ("counter", "反击", "カウンター"),
    "when_blocked": ("when blocked", "when this digimon becomes blocked", "被阻挡时", "ブロックされたとき"),
    "wins_battle": ("when this digimon wins a battle", "wins battle", "赢得战斗时", "バトルに勝ったとき"),
    "deletes_in_battle": ("when this digimon deletes a digimon in battle", "deletes in battle",
                          "战斗中消灭对方数码宝贝时", "バトルで相手のデジモンを消滅させたとき"),
    # continuous (常在型, 15-8-2): no trigger; applies while the turn and the conditions hold
    "your_turn": ("your turn", "我方的回合", "自分のターン"),
    "opponents_turn": ("opponent's turn", "opponents turn", "对方的回合", "相手のターン"),
    "all_turns": ("all turns", "双方的回合", "お互いのターン"),
    "delay": ("delay", "延迟", "ディレイ"),
    # immediate (即時型, 15-8-5): just before this Digimon would be deleted
    "would_be_deleted": ("when this digimon would be deleted", "would be deleted", "将要被消灭时",
                         "このデジモンが消滅するとき", "消滅するとき"),   # 16-16: activated by trashing this card from the battle area
}
CONTINUOUS = ("your_turn", "opponents_turn", "all_turns")
CONTINUOUS_VERBS = ("dp", "gain", "cannot_be_blocked", "cannot_attack", "cannot_block", "unaffected", "cost")
EFFECTS_OF = ("all", "opponent", "opponent_digimon")    # `do: unaffected`: whose effects
FLAG_VERBS = ("cannot_be_blocked", "cannot_attack", "cannot_block")   # restrictions an effect gives (a Mod flag)
CHOOSING_TARGETS = ("opponent_digimon", "own_digimon")       # targets chosen one by one: `count`, `up_to`
CONTINUOUS_TARGETS = ("self", "all_own_digimon", "all_opponent_digimon")
# processing conditions (15-6) -> the value they take: bool or a whole number
CONDITIONS = {"tamer": bool, "tamers_at_most": int, "suspended": bool, "sources_at_least": int, "digixrossed_at_least": int,
              "has_named": str, "lacks_named": str, "has_digimon_name_containing": str,
              "memory_at_least": int,
              "memory_at_most": int, "security_at_most": int, "opponent_security_at_most": int,
              "opponent_has_digimon": bool}
ZONES = ("hand", "trash", "breeding", "security")   # {Hand} {Trash} {Breeding} {Security} (15-14-2 … 15-14-5)

# verb -> (operands it needs, operands it allows)
VERBS = {
    "delete": ({"target"}, {"choose"}),
    "suspend": ({"target"}, {"choose"}),
    "unsuspend": ({"target"}, {"choose"}),
    "dp": ({"target", "amount"}, {"until", "choose"}),
    "draw": ({"amount"}, set()),
    "memory": ({"amount"}, set()),
    "set_memory": ({"amount"}, set()),     # "set memory to N" (N on the owner's side)
    "return_to_hand": ({"target"}, {"choose"}),
    "trash_security": (set(), {"target", "amount"}),
    "play_from_trash": ({"target"}, set()),
    "play_from_hand": ({"target"}, set()),
    "recovery": ({"amount"}, set()),
    "de_digivolve": ({"target", "amount"}, {"choose"}),
    "blitz": (set(), {"choose"}),
    "gain": ({"target", "keyword"}, {"until", "choose"}),
    "cannot_be_blocked": ({"target"}, {"until", "choose"}),
    "cannot_attack": ({"target"}, {"until", "choose"}),
    "cannot_block": ({"target"}, {"until", "choose"}),
    "unaffected": ({"target"}, {"until", "choose", "effects_of"}),   # 「効果を受けない」 (15-15-6)
    "add_info": ({"target", "info"}, {"until", "choose"}),      # 「～としても扱う」 (15-12-1)
    "change_info": ({"target", "info"}, {"until", "choose"}),   # 「～に変更する」 (15-12-2)
    "activate_main": (set(), set()),
    "play_this": (set(), set()),
    "end_attack": (set(), set()),
    "save": (set(), {"choose"}),
    "mind_link": (set(), {"choose"}),
    "blast_digivolve": (set(), {"target", "choose"}),
    "create_token": ({"token"}, {"amount"}),
    "cost": ({"amount", "target"}, set()),     # with `of`, `card`, `no_sources`: cost_changes.py
    "blast_dna_digivolve": (set(), {"target", "choose"}),
    "prevent": (set(), set()),      # 「消滅しない」: only in a would_be_deleted effect
}
DIGIMON_TARGETS = ("self", "attacker", "opponent_digimon", "opponent_lowest_dp", "opponent_highest_dp",
                   "all_opponent_digimon", "own_digimon", "all_own_digimon")
PLAYER_TARGETS = ("opponent", "owner")
UNTILS = ("end_of_turn", "end_of_battle", "end_of_attack", "end_of_opponents_turn")
FIELDS = {"timing", "do", "target", "amount", "until", "choose", "optional", "inherited", "keyword", "condition",
          "of", "card", "no_sources",
          "once_per_turn", "zone", "cost", "digiburst", "token", "delayed", "link", "by", "count", "up_to", "filter",
          "effects_of", "instead", "info"}
# Effect fields that mechanics add: name -> parse(value, fields, path), returning what Effect.marks keeps
EXTRA_FIELDS: dict = {}
STEP_LISTS: set = set()   # fields whose value is a list of further processes (Effects of the same timing)
STEP_ONLY: set = set()    # fields only such a process carries, never an effect itself


def effect_field(name: str, parse, *, steps: bool = False, step_only: bool = False) -> None:
    """Let scenario effects carry `name:` for a mechanic (registered as the mechanic is imported): `parse(value,
    the effect's fields, path)` checks the value (raising InvalidScenario naming `path`) and returns what
    Effect.marks keeps under `name` (a JSON value, so the board notation round-trips it), or None for nothing.
    `steps`: the value is a list of further processes, kept as a tuple of Effects of the effect's timing (the
    board notation writes them without it); `parse` also gets the card ids to check later (parse_effect).
    `step_only`: only such a process carries the field (it is rejected on an effect itself)."""
    if name in FIELDS:
        raise ValueError(f"{name!r} is already an effect field")
    EXTRA_FIELDS[name] = parse
    (STEP_LISTS.add if steps else STEP_LISTS.discard)(name)
    (STEP_ONLY.add if step_only else STEP_ONLY.discard)(name)


def _marks(data: dict, path: str, card_ids_later: list) -> tuple:
    if not EXTRA_FIELDS:
        return ()
    out = []
    for name in sorted(EXTRA_FIELDS.keys() & data.keys()):
        if name in STEP_ONLY:
            raise InvalidScenario(f"{path}.{name}", "only a further process of the effect carries it")
        args = (card_ids_later,) if name in STEP_LISTS else ()
        value = EXTRA_FIELDS[name](data[name], data, f"{path}.{name}", *args)
        if value is not None:
            out.append((name, value))
    return tuple(out)


KEYWORD_VERBS = {"draw_keyword": "draw", "recovery": "recovery", "de_digivolve": "de_digivolve",
                  "blitz": "blitz", "save": "save", "mind_link": "mind_link", "blast_digivolve": "blast_digivolve",
                  "blast_dna_digivolve": "blast_dna_digivolve"}
_OPTIONAL_VERBS = {"blitz", "save", "blast_digivolve", "blast_dna_digivolve"}   # 16-15-3, 16-19-3, 16-25-3: optional


def _fold(text: str) -> str:
    s = unicodedata.normalize("NFKC", text).strip().strip("【】[]").strip()
    return " ".join(s.replace("_", " ").split()).casefold()


_TIMING_NAMES = {_fold(n): tid for tid, names in TIMINGS.items() for n in (tid, *names)}


def effect_verb(name: str, needs: set, allows: set, *, continuous: bool = False) -> None:
    """Let scenario effects use `do: name` for a mechanic (registered as the mechanic is imported, like
    effect_field): `needs` / `allows` the operands it requires and accepts. The mechanic registers its runner
    with the kernel (game.runs_verbs); its own operand fields it adds with effect_field. `continuous`: a
    continuous effect may do it too (the mechanic reads it with continuous.applying)."""
    global CONTINUOUS_VERBS
    if name in VERBS:
        raise ValueError(f"{name!r} is already an effect verb")
    VERBS[name] = (set(needs), set(allows))
    if continuous:
        CONTINUOUS_VERBS += (name,)


def effect_target(name: str) -> None:
    """Let scenario effects use `target: name` for a mechanic that says whom it names (it answers the kernel
    question `effect_targets`)."""
    global DIGIMON_TARGETS
    if name in DIGIMON_TARGETS or name in PLAYER_TARGETS:
        raise ValueError(f"{name!r} is already a target")
    DIGIMON_TARGETS += (name,)


def effect_timing(tid: str, names: tuple, rule_key: str, display: str) -> None:
    """Let scenario effects use `timing: tid` (or any of `names`) for a mechanic that triggers them; `rule_key`
    is what a step about such an effect cites, `display` its name in the trace."""
    if tid in TIMINGS:
        raise ValueError(f"{tid!r} is already a timing")
    TIMINGS[tid] = tuple(names)
    TIMING_KEYS[tid] = rule_key
    TIMING_NAMES[tid] = display
    _TIMING_NAMES.update((_fold(n), tid) for n in (tid, *names))


def parse_timing(value, path: str) -> str:
    if not isinstance(value, str) or _fold(value) not in _TIMING_NAMES:
        raise InvalidScenario(path, f"unknown timing {value!r} (one of: {', '.join(TIMINGS)})")
    return _TIMING_NAMES[_fold(value)]


def parse_effect(data, path: str, card_ids_later: list) -> Effect:
    """One effect mapping -> Effect. Targets naming card ids are checked once all ids are known:
    (path, id) pairs are appended to `card_ids_later`."""
    if not isinstance(data, dict):
        raise InvalidScenario(path, "an effect is a mapping like {timing: on_play, do: delete, target: self}")
    for key in data:
        if key not in FIELDS and key not in EXTRA_FIELDS:
            raise InvalidScenario(f"{path}.{key}", "unknown field")
    for key in ("timing", "do"):
        if key not in data:
            raise InvalidScenario(f"{path}.{key}", "required")
    timing = parse_timing(data["timing"], f"{path}.timing")
    verb, amount = _verb(data["do"], f"{path}.do")
    fields = dict(data)
    if amount is not None:
        if "amount" in fields:
            raise InvalidScenario(f"{path}.amount", "the keyword already gives the number")
        fields["amount"] = amount
    needs, allows = VERBS[verb]
    for key in needs:
        if fields.get(key) is None:     # `amount: null` is as missing as no `amount`
            raise InvalidScenario(f"{path}.{key}", f"required for `do: {verb}`")
    for key in ("target", "amount", "until", "choose", "token", "count", "up_to", "filter", "effects_of", "info"):
        if key in ("count", "up_to", "filter") and key in fields:
            continue   # checked below, against the target
        if key in fields and key not in needs | allows:
            raise InvalidScenario(f"{path}.{key}", f"not used by `do: {verb}`")
    target = fields.get("target")
    if target is not None:
        target = _target(verb, target, f"{path}.target", card_ids_later)
    amt = fields.get("amount")
    if amt is not None:
        amt = _int(amt, f"{path}.amount", -100000, 100000)
        if verb in ("draw", "recovery", "de_digivolve", "trash_security", "create_token", "trash_sources") and not 1 <= amt <= 60:
            raise InvalidScenario(f"{path}.amount", "must be 1..60")
        if verb == "memory" and not -20 <= amt <= 20:
            raise InvalidScenario(f"{path}.amount", "must be -20..20")
        if verb == "set_memory" and not -10 <= amt <= 10:
            raise InvalidScenario(f"{path}.amount", "a place on the gauge: -10..10 (negative: the opponent's side)")
    until = fields.get("until")
    if until is not None and until not in UNTILS:
        raise InvalidScenario(f"{path}.until", f"one of: {', '.join(UNTILS)}")
    if verb == "dp" and until is None:
        until = "end_of_turn"
    count, up_to, conditions = _target_count(fields, target, path)
    choose = _choose(fields.get("choose"), count, up_to, path, card_ids_later)
    optional = fields.get("optional", verb in _OPTIONAL_VERBS)
    inherited = fields.get("inherited", False)
    for key, val in (("optional", optional), ("inherited", inherited)):
        if not isinstance(val, bool):
            raise InvalidScenario(f"{path}.{key}", "true or false")
    if timing == "security" and inherited:
        raise InvalidScenario(f"{path}.inherited", "a [Security] effect is not an inherited effect")
    link = _link_effect(fields, timing, inherited, path)
    keyword = None
    if "keyword" in fields:
        if verb != "gain":
            raise InvalidScenario(f"{path}.keyword", f"not used by `do: {verb}`")
        keyword = parse_static(fields["keyword"], f"{path}.keyword")
    condition = _condition(fields.get("condition"), f"{path}.condition")
    once = fields.get("once_per_turn", False)
    if not isinstance(once, bool):
        raise InvalidScenario(f"{path}.once_per_turn", "true or false")
    zone = fields.get("zone")
    if zone is not None and zone not in ZONES:
        raise InvalidScenario(f"{path}.zone", f"one of: {', '.join(ZONES)}")
    if zone is not None and inherited:
        raise InvalidScenario(f"{path}.zone", "an inherited effect works from a digivolution stack, not a zone")
    if zone in ("breeding", "security") and timing in ("security", "counter", "delay") + (("main",) if zone == "security" else ()):
        raise InvalidScenario(f"{path}.zone", f"a {{{zone.capitalize()}}} effect triggers at a turn timing, "
                              f"applies continuously" + (" or is activated ([Main])" if zone == "breeding" else ""))
    cost = fields.get("cost")
    if cost is not None:
        if timing != "main":
            raise InvalidScenario(f"{path}.cost", "only an activated [Main] effect has a cost to activate")
        cost = _int(cost, f"{path}.cost", 0, 20)
    delayed = fields.get("delayed")
    if delayed is not None and (delayed != "end_of_turn" or timing in CONTINUOUS):
        raise InvalidScenario(f"{path}.delayed", "end_of_turn (\"at the end of this turn, …\"), on a triggered or "
                                                 "activated effect")
    if timing in CONTINUOUS:
        if verb not in CONTINUOUS_VERBS:
            raise InvalidScenario(f"{path}.do", f"a continuous effect ([{timing}]) does one of: "
                                  f"{', '.join(CONTINUOUS_VERBS)}")
        if target not in CONTINUOUS_TARGETS:
            raise InvalidScenario(f"{path}.target", f"a continuous effect applies to one of: "
                                  f"{', '.join(CONTINUOUS_TARGETS)}")
        if zone is not None and target == "self":
            raise InvalidScenario(f"{path}.target", "a continuous effect from outside the battle area applies to "
                                  "all_own_digimon or all_opponent_digimon")
        if "until" in data:
            raise InvalidScenario(f"{path}.until", "a continuous effect lasts while its turn and conditions hold")
        until = None
    elif verb in ("gain", "unaffected", "add_info", "change_info", *FLAG_VERBS) and until is None:
        until = "end_of_turn"
    burst = fields.get("digiburst")
    if burst is not None:
        burst = _int(burst, f"{path}.digiburst", 1, 20)
    token = _token(fields["token"], f"{path}.token") if verb == "create_token" else None
    if link and zone is not None:
        raise InvalidScenario(f"{path}.zone", "a link effect works from a link card, not a zone")
    of, card, no_sources = _cost_change(fields, verb, timing, target, path)
    if verb == "prevent" and timing != "would_be_deleted":
        raise InvalidScenario(f"{path}.do", "`prevent` (\"it is not deleted\") belongs to a would_be_deleted effect")
    if timing == "would_be_deleted" and zone is not None:
        raise InvalidScenario(f"{path}.zone", "a would_be_deleted effect works from the battle area")
    by = None
    if fields.get("by") is not None:
        if timing in CONTINUOUS:
            raise InvalidScenario(f"{path}.by", "a continuous effect has no condition to carry out (15-7)")
        by = parse_cost(fields["by"], f"{path}.by", card_ids_later)
    return Effect(timing, verb, target, amt, until, choose, optional, inherited, keyword, condition, once, zone,
                  cost, delayed, digiburst=burst, token=token, link=link, by=by, of=of, card=card,
                  no_sources=no_sources, count=count, up_to=up_to, filter=conditions,
                  effects_of=_effects_of(fields.get("effects_of"), path),
                  instead=_instead(fields.get("instead"), timing, f"{path}.instead", card_ids_later),
                  info=_info(fields.get("info"), verb, f"{path}.info"), marks=_marks(fields, path, card_ids_later))


INFO_KEYS = ("name", "colors", "traits", "dp", "digimon")


def _info(value, verb: str, path: str) -> tuple:
    """`info: {name, colors, traits, dp, digimon}` of add_info / change_info (15-12) -> (key, value) pairs;
    `name` is kept as the one-name list `names`."""
    if value is None:
        return ()
    if not isinstance(value, dict) or not value:
        raise InvalidScenario(path, f"a mapping of card information ({', '.join(INFO_KEYS)})")
    out = []
    for key, val in value.items():
        if key not in INFO_KEYS:
            raise InvalidScenario(f"{path}.{key}", f"unknown information (one of: {', '.join(INFO_KEYS)})")
        if key == "name":
            if not isinstance(val, str) or not val.strip() or len(val) > 100:
                raise InvalidScenario(f"{path}.name", "a card name")
            out.append(("names", (val.strip(),)))
        elif key == "dp":
            out.append(("dp", _int(val, f"{path}.dp", 0, 100000)))
        elif key == "digimon":
            if val is not True or verb != "add_info":
                raise InvalidScenario(f"{path}.digimon", "true, with add_info (\"also treated as a Digimon\", "
                                                          "15-12-1-4)")
            out.append(("digimon", True))
        else:
            items = [val] if isinstance(val, str) else val
            if not isinstance(items, list) or not items or not all(isinstance(x, str) and x.strip() for x in items):
                raise InvalidScenario(f"{path}.{key}", "a list of names")
            if key == "colors":
                items = color_names(items, f"{path}.colors")
            out.append((key, tuple(dict.fromkeys(x.strip() for x in items))))
    return tuple(out)


def _instead(value, timing: str, path: str, card_ids_later: list):
    """「代わりに」: the replacement process (18-2-1), an effect of the same timing done in place of this one's
    process when its `condition` holds; `optional: true` lets the player choose (18-2-2), else it is forced
    (18-2-3)."""
    if value is None:
        return None
    if timing in CONTINUOUS:
        raise InvalidScenario(path, "a continuous effect has no process to replace")
    if not isinstance(value, dict):
        raise InvalidScenario(path, "an effect mapping without `timing`, like {condition: {…}, do: delete, target: …}")
    for key in ("timing", "instead", "by", "once_per_turn", "zone", "inherited", "link", "cost"):
        if key in value:
            raise InvalidScenario(f"{path}.{key}", "given by the effect it replaces a process of")
    if "condition" not in value:
        raise InvalidScenario(f"{path}.condition", "required: when the replacement applies (「～なら、代わりに」)")
    return parse_effect({**value, "timing": timing}, path, card_ids_later)


def _effects_of(value, path: str) -> str | None:
    if value is not None and value not in EFFECTS_OF:
        raise InvalidScenario(f"{path}.effects_of", f"one of: {', '.join(EFFECTS_OF)}")
    return value


def _target_count(fields: dict, target, path: str) -> tuple:
    """`count` / `up_to` (several chosen Digimon, 15-10-2-1, 15-10-2-2) and `filter` (target conditions,
    15-11-1-3, 15-11-2-3), checked against the target they qualify."""
    count = fields.get("count")
    up_to = fields.get("up_to", False)
    if not isinstance(up_to, bool):
        raise InvalidScenario(f"{path}.up_to", "true or false")
    if (count is not None or up_to) and target not in CHOOSING_TARGETS:
        key = "count" if count is not None else "up_to"
        raise InvalidScenario(f"{path}.{key}", f"only a target chosen one by one ({', '.join(CHOOSING_TARGETS)}) "
                              f"chooses several")
    if count is not None:
        count = _int(count, f"{path}.count", 1, 10)
    elif up_to:
        count = 1
    conditions = ()
    if fields.get("filter") is not None:
        if target not in DIGIMON_TARGETS or target in ("self", "attacker"):
            raise InvalidScenario(f"{path}.filter", "a target condition qualifies opponent_…/own_…/all_… targets")
        conditions = parse_filter(fields["filter"], f"{path}.filter")
    return count, up_to, conditions


def _choose(choose, count, up_to: bool, path: str, card_ids_later: list):
    """A card id, or (with `count`) a list of distinct ids: the same card cannot be chosen twice (15-10-2-3),
    and a choice is at least one card (1-3-6)."""
    if choose is None:
        return None
    if isinstance(choose, str):
        card_ids_later.append((f"{path}.choose", choose))
        return choose
    if not isinstance(choose, list) or count is None:
        raise InvalidScenario(f"{path}.choose", "a card id (a list of ids with `count`)")
    if not 1 <= len(choose) <= count:
        raise InvalidScenario(f"{path}.choose", f"1..{count} card ids (a choice is at least one card, 1-3-6)")
    for i, cid in enumerate(choose):
        if not isinstance(cid, str):
            raise InvalidScenario(f"{path}.choose[{i}]", "a card id")
        if cid in choose[:i]:
            raise InvalidScenario(f"{path}.choose[{i}]", "the same card cannot be chosen twice (15-10-2-3)")
        card_ids_later.append((f"{path}.choose[{i}]", cid))
    return tuple(choose)


def _cost_change(fields: dict, verb: str, timing: str, target, path: str):
    """`do: cost` (cost_changes.py): `of` which cost, `card` the requirement of the card paid for, `no_sources` the
    Digimon digivolving has no digivolution cards; the cost changes while the continuous effect applies."""
    for key in ("of", "card", "no_sources"):
        if key in fields and verb != "cost":
            raise InvalidScenario(f"{path}.{key}", f"not used by `do: {verb}`")
    if verb != "cost":
        return None, None, False
    if timing not in CONTINUOUS:
        raise InvalidScenario(f"{path}.timing", "a cost change is a continuous effect: your_turn, opponents_turn or "
                                                "all_turns")
    of = fields.get("of")
    if of not in COSTS_OF:
        raise InvalidScenario(f"{path}.of", f"required: one of {', '.join(COSTS_OF)}")
    if not -20 <= fields["amount"] <= 20:
        raise InvalidScenario(f"{path}.amount", "must be -20..20")
    if target == "self" and of not in ("digivolve", "link"):
        raise InvalidScenario(f"{path}.target", "`self` changes the cost of digivolving or linking this Digimon; "
                                                "for play and use costs say whose: all_own_digimon or "
                                                "all_opponent_digimon")
    card = parse_req(fields["card"], f"{path}.card") if fields.get("card") is not None else None
    no_sources = fields.get("no_sources", False)
    if not isinstance(no_sources, bool):
        raise InvalidScenario(f"{path}.no_sources", "true or false")
    if no_sources and of not in ("digivolve",):
        raise InvalidScenario(f"{path}.no_sources", "only for `of: digivolve`")
    return of, card, no_sources



NOT_LINK_TIMINGS = ("security", "counter", "main", "delay")


def _link_effect(fields: dict, timing: str, inherited: bool, path: str) -> bool:
    """`link: true`: a link effect (2-3-12-6), which the Digimon the card is linked to gains (4-2-6). [When
    Linking] (15-16-6) is one; a link effect is neither inherited nor a [Security]/[Counter]/[Main]/Delay one."""
    link = fields.get("link", False)
    if not isinstance(link, bool):
        raise InvalidScenario(f"{path}.link", "true or false")
    if timing == "on_link" and not link:
        raise InvalidScenario(f"{path}.link", "[When Linking] is a link effect (15-16-6-1): give `link: true`")
    if link and inherited:
        raise InvalidScenario(f"{path}.inherited", "a link effect is not an inherited effect")
    if link and timing in NOT_LINK_TIMINGS:
        raise InvalidScenario(f"{path}.timing", f"a link effect here has a triggered or continuous timing, not "
                                                f"{', '.join(NOT_LINK_TIMINGS)}")
    return link


def _condition(value, path: str) -> tuple:
    """`condition: {tamer: true, sources_at_least: 2}` -> sorted (name, value) pairs (all must hold)."""
    if value is None:
        return ()
    if not isinstance(value, dict) or not value:
        raise InvalidScenario(path, f"a mapping of conditions ({', '.join(CONDITIONS)})")
    out = []
    for key, val in value.items():
        if key not in CONDITIONS:
            raise InvalidScenario(f"{path}.{key}", f"unknown condition (one of: {', '.join(CONDITIONS)})")
        if CONDITIONS[key] is bool:
            if not isinstance(val, bool):
                raise InvalidScenario(f"{path}.{key}", "true or false")
        elif CONDITIONS[key] is str:
            if not isinstance(val, str) or not val.strip() or len(val) > 100:
                raise InvalidScenario(f"{path}.{key}", "a card name")
            val = val.strip()
        else:
            val = _int(val, f"{path}.{key}", -10 if key.startswith("memory") else 0, 60)
        out.append((key, val))
    return tuple(sorted(out))


TOKEN_FIELDS = {"name", "dp", "level", "colors", "traits", "keywords"}


def _token(data, path: str):
    """The card information a token is created with (4-18-1)."""
    if not isinstance(data, dict):
        raise InvalidScenario(path, "a mapping like {name: Gammamon, dp: 3000}")
    for key in data:
        if key not in TOKEN_FIELDS:
            raise InvalidScenario(f"{path}.{key}", "unknown field")
    name = data.get("name", "Token")
    if not isinstance(name, str) or not name or len(name) > 100:
        raise InvalidScenario(f"{path}.name", "a string of at most 100 characters")
    dp = _int(data["dp"], f"{path}.dp", 0, 100000) if data.get("dp") is not None else None
    level = _int(data["level"], f"{path}.level", 2, 7) if data.get("level") is not None else None
    lists = {}
    for key in ("colors", "traits", "keywords"):
        value = data.get(key, [])
        if not isinstance(value, list) or len(value) > 20 or not all(isinstance(v, str) and v for v in value):
            raise InvalidScenario(f"{path}.{key}", "a list of names")
        lists[key] = value
    colors = color_names(lists["colors"], f"{path}.colors")
    keywords = tuple(parse_static(k, f"{path}.keywords[{i}]") for i, k in enumerate(lists["keywords"]))
    return Card("token", name, "digimon" if dp is not None else "tamer", level, dp,
                colors=colors, keywords=keywords,
                traits=tuple(lists["traits"]), token=True)


def _verb(value, path: str) -> tuple[str, int | None]:
    if not isinstance(value, str) or not value.strip():
        raise InvalidScenario(path, f"one of: {', '.join(VERBS)}, or an acting keyword like 'Draw 1'")
    plain = _fold(value).replace(" ", "_")
    if plain in VERBS:
        return plain, None
    kw = parse_keyword(value, path)
    if kw.kid not in KEYWORD_VERBS:
        raise InvalidScenario(path, f"{value!r} is not an effect verb (one of: {', '.join(VERBS)})")
    return KEYWORD_VERBS[kw.kid], kw.n


def _target(verb: str, value, path: str, card_ids_later: list) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidScenario(path, "a target name or a card id")
    if verb == "trash_security":
        if value not in PLAYER_TARGETS:
            raise InvalidScenario(path, f"one of: {', '.join(PLAYER_TARGETS)}")
        return value
    if verb in ("play_from_trash", "play_from_hand"):
        card_ids_later.append((path, value))
        return value
    if value in PLAYER_TARGETS:
        raise InvalidScenario(path, f"`do: {verb}` needs a Digimon: {', '.join(DIGIMON_TARGETS)} or a card id")
    if value not in DIGIMON_TARGETS:
        card_ids_later.append((path, value))
    return value


def _int(value, path: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidScenario(path, "must be an integer")
    if not lo <= value <= hi:
        raise InvalidScenario(path, f"must be {lo}..{hi}")
    return value
