"""One JSON Schema (draft 2020-12) of the scenario format of both games, built from the validators' own tables.

The committed file judge_app/static/scenario.schema.json is this module's output (`python -m
engine.scenario_schema --write`; tests/test_scenario_schema.py checks that the two agree). The schema is
structural: whatever the validators accept is schema-valid. What only the validators check (the semantic rules)
is named in the descriptions: unique ids, ids that must name a card on the board, zone capacities and counts,
rules between fields of one card (a Tamer has no DP, a Digi-Egg is level 2, only a security card is face up …),
the words of keywords and Yu-Gi-Oh effect operations' arguments.
"""
from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

from rulings.editions import EDITIONS

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "judge_app" / "static" / "scenario.schema.json"
SCHEMA_URL = "/schema/scenario.json"
LANGUAGE_SERVER_LINE = f"# yaml-language-server: $schema=<server>{SCHEMA_URL}"

DESCRIPTION = (
    "A 'what happens if' scenario of the judge tool (contract section 3), for game dcg (Digimon Card Game) or ygo "
    "(Yu-Gi-Oh OCG). Annotations: every titled node has `title` (English) and `x-title-zh` (Simplified Chinese); "
    "a closed vocabulary is an `anyOf` of `const` values, each with its `title` and `x-title-zh`; "
    "`$defs` holds one definition per card kind (`dcg.card.<kind>`, `ygo.card.<kind>`), effect verb or operation "
    "(`dcg.verb.<verb>`, `ygo.op.<operation>`), condition, cost and action (`dcg.action.<kind>`, "
    "`ygo.action.<kind>`), each listing its parameters. `x-vocabulary` lists words a text field takes (keywords). "
    "Semantic rules stay in the validator (`judge simulate` exit 2 / HTTP 400 naming the field path), not here: "
    "card ids are unique in a scenario; ids an action, effect or choice names must be cards on the board; zone "
    "capacities and counts (5 main monster zones, one card per zone, one breeding card, 100 cards a zone); rules "
    "between fields of one card (a Tamer or option has no DP, a Digi-Egg is level 2, only an option has a use cost, "
    "only a security card is face up, a token is only in the battle area, only a Pendulum Monster has a scale …); "
    "keyword words and their numbers (Security Attack +1, Draw 1, Decoy (Black)); the arguments of Yu-Gi-Oh effect "
    "operations and continuous effects (engine/ygo/EFFECTS.md). In a YAML file, the first line "
    f"`{LANGUAGE_SERVER_LINE}` lets an editor check and complete it offline against the committed copy.")


# ------------------------------------------------------------------------------------------ helpers
def titled(schema: dict, en: str, zh: str | None = None, description: str | None = None) -> dict:
    out = dict(schema)
    out["title"] = en
    out["x-title-zh"] = zh or en
    if description:
        out["description"] = description
    return out


def words(items: list[tuple[str, str, str]], aliases: list[str] = (), description: str | None = None) -> dict:
    """A closed vocabulary: (value, English title, Chinese title) constants, plus accepted alias spellings."""
    any_of = [{"const": v, "title": en, "x-title-zh": zh} for v, en, zh in items]
    extra = [a for a in dict.fromkeys(aliases) if a not in {v for v, _, _ in items}]
    if extra:
        any_of.append({"enum": extra, "title": "alias", "x-title-zh": "别名"})
    out = {"anyOf": any_of}
    if description:
        out["description"] = description
    return out


def ci(word: str) -> str:
    """A regex matching `word` case-insensitively, spaces and underscores alike (the validators fold them)."""
    out = []
    for ch in word:
        if ch.isalpha() and ch.lower() != ch.upper():
            out.append(f"[{ch.lower()}{ch.upper()}]")
        elif ch in " _":
            out.append("[ _]+")
        else:
            out.append(re.escape(ch))
    return "".join(out)


def integer(lo: int | None = None, hi: int | None = None, nullable: bool = False) -> dict:
    out: dict = {"type": ["integer", "null"] if nullable else "integer"}
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    return out


BOOL = {"type": "boolean"}
# what `value or []` reads as empty: the validators take these for a left-out list
FALSY = {"anyOf": [{"enum": [None, False, 0, ""]}, {"type": "array", "maxItems": 0},
                   {"type": "object", "maxProperties": 0}], "title": "empty", "x-title-zh": "空"}


def opt(schema: dict) -> dict:
    """`schema` or null (a field given as null counts as left out)."""
    return {"anyOf": [{"type": "null"}, schema]}
TEXT = {"type": "string"}
ANY = {}


def ref(name: str) -> dict:
    return {"$ref": f"#/$defs/{name}"}


def obj(properties: dict, required: tuple = (), extra=False, description: str | None = None) -> dict:
    out = {"type": "object", "properties": properties, "additionalProperties": extra}
    if required:
        out["required"] = list(required)
    if description:
        out["description"] = description
    return out


def const_if(key: str, value, then: dict) -> dict:
    return {"if": {"properties": {key: {"const": value}}, "required": [key]}, "then": then}


# ------------------------------------------------------------------------------------------ Digimon
DCG_ZH = {
    "battle_area": "战斗区", "breeding_area": "培育区", "security": "安防区", "hand": "手牌", "deck": "卡组",
    "digitama": "数码蛋卡组", "trash": "废弃区",
    "digimon": "数码宝贝", "tamer": "驯兽师", "option": "选项", "digiegg": "数码蛋", "blank": "细节无关的卡",
    "attack": "攻击", "block": "阻挡", "digivolve": "进化", "play": "登场", "dna_digivolve": "合体进化",
    "burst_digivolve": "爆裂进化", "app_fusion": "应用合体", "digivolve_also": "另一个进化条件", "link": "链接", "training": "训练", "delay": "延迟",
    "use": "使用选项卡", "activate": "发动【主要】效果", "pass": "跳过", "end_turn": "回合结束，进入下一回合",
    "delete": "消灭", "suspend": "横置", "unsuspend": "竖置", "dp": "DP 增减", "draw": "抽卡", "memory": "内存增减",
    "set_memory": "内存设为", "return_to_hand": "返回手牌", "trash_security": "废弃安防卡",
    "play_from_trash": "从废弃区登场", "play_from_hand": "从手牌登场", "recovery": "恢复", "de_digivolve": "退化",
    "blitz": "闪击", "gain": "获得关键词", "cannot_be_blocked": "不能被阻挡", "cannot_attack": "不能攻击",
    "cannot_block": "不能阻挡", "unaffected": "不受效果影响", "add_info": "追加信息", "change_info": "变更信息",
    "activate_main": "发动【主要】效果", "play_this": "使本卡登场", "end_attack": "结束攻击", "save": "保存",
    "mind_link": "心灵链接", "blast_digivolve": "爆发进化", "create_token": "生成衍生物", "cost": "费用增减",
    "blast_dna_digivolve": "爆发合体进化", "prevent": "不被消灭",
    "trash_hand": "废弃手牌", "trash_sources": "废弃进化源", "return_from_trash": "从废弃区返回卡组",
    "red": "红", "blue": "蓝", "yellow": "黄", "green": "绿", "black": "黑", "purple": "紫", "white": "白",
    "digixros": "数码合体", "assembly": "组装", "dna": "合体进化", "burst": "爆裂进化",
    "twice_per_turn": "每回合两次",
    "to_deck": "放回卡组", "to_security": "置于安防区", "place_under": "置于进化源下方",
    "play_from_sources": "从进化源登场", "position": "顶部或底部", "with_sources": "连同进化源", "put": "放置的卡",
    "whose": "谁的", "other": "其他的", "during": "回合限定",
    "start_game": "游戏准备（开始游戏）", "first": "先攻玩家", "redraw": "重抽初始手牌的玩家",
    "reveal": "翻开", "add_to_hand": "加入手牌", "take": "从翻开的卡中加入手牌", "rest": "其余翻开的卡放置处",
    "then": "其后的处理", "if_done": "那样做了的话", "one_effect": "同一效果（多个时机）", "for_each": "每有",
    "effect_number": "效果数值增减", "number": "增减的效果数值",
    "dp_up_to": "DP上限参照此数码宝贝",
}


def _dcg_terms() -> dict:
    from rulings.yamlio import load_yaml_file
    from .dcg.keywords import TERMS_FILE

    return {e["id"]: e for e in load_yaml_file(TERMS_FILE) or [] if e.get("game") == "dcg"}


def dcg_defs() -> dict:
    from . import dcg  # noqa: F401 - loads every mechanic, which registers the effect fields it adds
    v = importlib.import_module("engine.dcg.validate")   # `engine.dcg.validate` is also the function's name
    from .dcg import effects as fx
    from .dcg.costs import COST_TARGETS, COST_VERBS
    from .dcg.keywords import ACTING, COLORS, ENGLISH, STATIC
    from .dcg.requirements import REQ_FIELDS, SHAPES
    from .dcg.target_filter import FILTERS

    terms = _dcg_terms()
    defs: dict = {}
    color_words = sorted(COLORS)
    color = titled({"anyOf": [{"const": c, "title": c, "x-title-zh": DCG_ZH.get(c, c)} for c in
                              ("red", "blue", "yellow", "green", "black", "purple", "white")]
                    + [{"type": "string", "pattern": "^(" + "|".join(ci(c) for c in color_words) + ")$"}]},
                   "colour", "颜色")
    defs["dcg.color"] = color
    kw_vocab = []
    for kid, shape in {**STATIC, **ACTING}.items():
        term = terms.get(kid, {})
        kw_vocab.append({"const": ENGLISH[kid], "title": ENGLISH[kid],
                         "x-title-zh": (term.get("zh") or [ENGLISH[kid]])[0],
                         "x-parameter": shape, "x-acting": kid in ACTING})
    defs["dcg.keyword"] = titled({"type": "string", "minLength": 1, "x-vocabulary": kw_vocab},
                                 "keyword", "关键词",
                                 "A keyword as printed, in English, Chinese or Japanese, with its number or "
                                 "parameter (Security Attack +1, Draw 1, Decoy (Black), Overclock (Puppet)). "
                                 "x-parameter says what follows the name: signed (+N/-N), count (N), reduce "
                                 "(-N), param (an optional colour), spec ((Blue Lv.4 & Green Lv.4)), trait, "
                                 "recovery (+N (Deck)), null (nothing). The words are checked by the validator; "
                                 "acting keywords (x-acting) go under effects as `do:`.")
    # requirements of the combining fields (chapter 7, 8, 10)
    req_props = {"name": {"type": "string", "pattern": r"\S"}, "trait": {"type": "string", "pattern": r"\S"},
                 "color": ref("dcg.color"), "level": integer(2, 7)}
    defs["dcg.requirement"] = titled({"anyOf": [{"type": "string", "pattern": r"\S"},
                                                {**obj(req_props), "minProperties": 1}]},
                                     "card requirement", "卡牌条件", "A card name, or a mapping of name, trait, colour, "
                                     "level (all given ones must hold).")
    defs["dcg.requirement.counted"] = titled({"anyOf": [{"type": "string", "pattern": r"\S"},
                                                        {**obj({**req_props, "count": integer(1, 10)}),
                                                         "minProperties": 1}]},
                                             "card requirement with a count", "带数量的卡牌条件")
    assert REQ_FIELDS == set(req_props) | {"count"}
    combine_props = {
        "reduce": integer(1, 20), "cost": integer(0, 20), "dp": integer(-100000, 100000),
        "tamer": ref("dcg.requirement"), "from": opt(ref("dcg.requirement")), "to": opt(ref("dcg.requirement")),
        "keywords": {"type": "array", "items": ref("dcg.keyword")},
    }
    for field, (needs, allows) in SHAPES.items():
        props = {k: combine_props[k] for k in sorted(needs | allows) if k != "cards"}
        if "cards" in needs | allows:
            item = ref("dcg.requirement.counted" if field == "assembly" else "dcg.requirement")
            props["cards"] = {"type": "array", "items": item, "minItems": 2 if field == "dna" else 1, "maxItems": 10}
        defs[f"dcg.combine.{field}"] = titled(obj(props, tuple(sorted(needs))), field.replace("_", " "),
                                              DCG_ZH.get(field, field))
    # processing conditions (15-6), target conditions (15-11), costs (15-7)
    cond_type = {bool: BOOL, int: integer(-10, 60), str: {"type": "string", "maxLength": 100, "pattern": r"\S"}}
    defs["dcg.condition"] = titled(
        {**obj({k: cond_type[t] if not (t is int and not k.startswith("memory")) else integer(0, 60)
                for k, t in fx.CONDITIONS.items()}), "minProperties": 1},
        "processing condition", "处理条件", "All given conditions must hold (15-6).")
    filt_str = {"type": "string", "maxLength": 100, "pattern": r"\S"}
    filt_type = {bool: BOOL, int: integer(0, 100000), str: filt_str,   # tuple: "A/B" alternatives (4-21-1)
                 tuple: {"anyOf": [filt_str, {"type": "array", "items": filt_str, "minItems": 1, "maxItems": 6}]}}
    defs["dcg.filter"] = titled({**obj({k: filt_type[t] for k, t in FILTERS.items()}), "minProperties": 1},
                                "target condition", "对象条件", "All given conditions must hold (15-11).")
    cost_props = {"do": None, "amount": integer(1, 20),
                  "target": {"type": "string", "minLength": 1,
                             "description": f"one of {', '.join(COST_TARGETS)}, or a card id"},
                  "cards": {"anyOf": [{"type": "string"}, {"type": "array", "maxItems": 20,
                                                            "items": {"type": "string", "minLength": 1}}]}}
    verbs = []
    for verb, (needs, allows) in COST_VERBS.items():
        defs[f"dcg.cost.{verb}"] = titled(obj({"do": {"const": verb},
                                               **{k: cost_props[k] for k in sorted(needs | allows)}},
                                              ("do", *sorted(needs))), verb.replace("_", " "), DCG_ZH.get(verb, verb))
        verbs.append((verb, verb.replace("_", " "), DCG_ZH.get(verb, verb)))
    defs["dcg.cost"] = titled({"type": "object", "required": ["do"],
                               "properties": {"do": words(verbs)},
                               "allOf": [const_if("do", verb, ref(f"dcg.cost.{verb}")) for verb in COST_VERBS]},
                              "optional processing condition (by …)", "任意处理条件（通过…）")
    # effects
    timing_items = []
    aliases = []
    for tid, names in fx.TIMINGS.items():
        zh = next((n for n in names if re.search(r"[\u4e00-\u9fff]", n) and not re.search(r"[\u3040-\u30ff]", n)),
                  tid)
        timing_items.append((tid, names[0], zh))
        aliases += [n for n in names]
    timing = words(timing_items, description="the effect's timing; names in English, Chinese or Japanese are "
                                             "accepted with any case and brackets ([On Play], 【登场时】)")
    timing["anyOf"][-1] = {"type": "string", "pattern": "^[\\s【】\\[\\]]*(" + "|".join(
        ci(a) for a in sorted({*aliases, *fx.TIMINGS}, key=lambda a: (-len(a), a))) + ")[\\s【】\\[\\]]*$",
        "title": "alias", "x-title-zh": "别名"}
    defs["dcg.timing"] = titled(timing, "timing", "时点")
    digimon_target = {"type": "string", "minLength": 1,
                      "description": f"one of {', '.join(fx.DIGIMON_TARGETS)}, or a card id"}
    ids = {"type": "array", "items": {"type": "string"}, "minItems": 1}
    operand = {
        "target": opt(digimon_target), "amount": opt(integer(-100000, 100000)),
        "until": opt(words([(u, u.replace("_", " "), u) for u in fx.UNTILS])),
        "choose": opt({"anyOf": [{"type": "string"}, ids]}),
        "keyword": ref("dcg.keyword"), "token": ref("dcg.token"),
        "effects_of": opt(words([(e, e.replace("_", " "), e) for e in fx.EFFECTS_OF])),
        "info": opt({"type": "object", "minProperties": 1, "additionalProperties": False,
                 "properties": {"name": {"type": "string", "maxLength": 100, "pattern": r"\S"},
                                "colors": {"anyOf": [{"type": "string", "pattern": r"\S"},
                                                     {"type": "array", "minItems": 1,
                                                      "items": {"type": "string", "pattern": r"\S"}}]},
                                "traits": {"anyOf": [{"type": "string", "pattern": r"\S"},
                                                     {"type": "array", "minItems": 1,
                                                      "items": {"type": "string", "pattern": r"\S"}}]},
                                "dp": integer(0, 100000), "digimon": {"const": True}}}),
    }
    verb_items = []
    amounts = {**dict.fromkeys(("draw", "recovery", "de_digivolve", "trash_security", "create_token"), (1, 60)),
               "memory": (-20, 20), "set_memory": (-10, 10), "cost": (-20, 20)}
    for verb, (needs, allows) in fx.VERBS.items():
        forbidden = {k: False for k in ("target", "amount", "until", "choose", "token", "effects_of", "info")
                     if k not in needs | allows}
        own = {k: operand[k] for k in sorted(needs | allows)}
        if verb in amounts and "amount" in own:
            own["amount"] = opt(integer(*amounts[verb]))
        defs[f"dcg.verb.{verb}"] = titled(
            {"properties": {**own, **forbidden},
             "required": sorted(needs), "x-operands": sorted(needs | allows)},
            verb.replace("_", " "), DCG_ZH.get(verb, verb))
        verb_items.append((verb, verb.replace("_", " "), DCG_ZH.get(verb, verb)))
    do = words(verb_items, description="the effect's verb, or an acting keyword written as the verb "
                                       "('Draw 1', 'Recovery +1 (Deck)', 'De-Digivolve 1', 'Blitz')")
    do["anyOf"].append({"type": "string", "pattern": r"\S", "title": "acting keyword", "x-title-zh": "行动关键词"})
    effect_props = {
        "timing": ref("dcg.timing"), "do": do, "target": operand["target"], "amount": operand["amount"],
        "until": operand["until"], "choose": operand["choose"], "optional": BOOL, "inherited": BOOL,
        "keyword": ref("dcg.keyword"), "condition": {"anyOf": [{"type": "null"}, ref("dcg.condition")]},
        "of": words([(c, c, DCG_ZH.get(c, c)) for c in fx.COSTS_OF]),
        "card": opt(ref("dcg.requirement")), "no_sources": BOOL,
        "once_per_turn": BOOL,
        "cost": {"anyOf": [{"type": "null"}, integer(0, 20)]}, "digiburst": {"anyOf": [{"type": "null"}, integer(1, 20)]},
        "token": ref("dcg.token"), "delayed": {"anyOf": [{"type": "null"}, {"const": "end_of_turn"}]},
        "link": BOOL, "by": {"anyOf": [{"type": "null"}, ref("dcg.cost")]}, "count": integer(1, 10, nullable=True),
        "up_to": BOOL, "filter": {"anyOf": [{"type": "null"}, ref("dcg.filter")]},
        "effects_of": operand["effects_of"], "instead": {"anyOf": [{"type": "null"}, ref("dcg.effect.instead")]},
        "info": operand["info"],
    }
    effect_props["zone"] = {"anyOf": [{"type": "null"}, words([(z, z, z) for z in fx.ZONES])]}
    assert set(effect_props) == fx.FIELDS, set(effect_props) ^ fx.FIELDS
    step_props = {}   # fields only a further process (`then`) carries
    for name, parse in sorted(fx.EXTRA_FIELDS.items()):   # fields a mechanic adds (effects.effect_field)
        module = getattr(parse, "__module__", "") or ""
        where = f"added by {module.replace('.', '/')}.py, which checks it"
        if name in fx.STEP_LISTS:
            effect_props[name] = titled({"anyOf": [{"type": "null"}, {"type": "array", "minItems": 1, "maxItems": 10,
                                                                       "items": ref("dcg.effect.step")}]},
                                        name.replace("_", " "), DCG_ZH.get(name, name),
                                        f"the processes after this one, each an effect without `timing`; {where}")
        else:
            (step_props if name in fx.STEP_ONLY else effect_props)[name] = titled(
                {}, name.replace("_", " "), DCG_ZH.get(name, name), where)
    verb_rules = [const_if("do", verb, ref(f"dcg.verb.{verb}")) for verb in fx.VERBS]
    defs["dcg.effect.step"] = titled(
        {**obj({**{k: s for k, s in effect_props.items() if k not in ("timing", *fx.STEP_LISTS)}, **step_props},
               ("do",)), "allOf": verb_rules}, "further process (then)", "后续处理")
    defs["dcg.effect"] = titled({**obj(effect_props, ("timing", "do")), "allOf": verb_rules},
                                "effect", "效果", "One timing, one verb (`do`) and the verb's operands "
                                "(engine/dcg/EFFECTS.md). Which operands a verb takes: $defs dcg.verb.<verb>.")
    defs["dcg.effect.instead"] = titled(
        {**obj({k: s for k, s in effect_props.items() if k != "timing"}, ("do", "condition")),
         "allOf": verb_rules}, "replacement process (instead)", "代替处理")
    defs["dcg.token"] = titled(obj({"name": {"type": "string", "minLength": 1, "maxLength": 100},
                                    "dp": integer(0, 100000, nullable=True), "level": integer(2, 7, nullable=True),
                                    "colors": {"type": "array", "maxItems": 20, "items": {"type": "string", "minLength": 1}},
                                    "traits": {"type": "array", "maxItems": 20, "items": {"type": "string", "minLength": 1}},
                                    "keywords": {"type": "array", "maxItems": 20, "items": ref("dcg.keyword")}}),
                               "token", "衍生物")
    # cards
    kinds = [(k, k, DCG_ZH.get(k, k)) for k in ("digimon", "tamer", "option", "digiegg", "blank")]
    kind = words(kinds)
    kind["anyOf"].append({"type": "string", "pattern": "^(" + "|".join(ci(k) for k in v.KIND_NAMES) + ")$",
                          "title": "alias", "x-title-zh": "别名"})
    card_props = {
        "id": titled({"type": "string", "pattern": v.ID_RE.pattern}, "id", "编号",
                     "unique in the scenario (validator); 1-64 characters without spaces, quotes, commas, brackets or ;{}<>"),
        "name": titled({"type": "string", "maxLength": 100}, "name", "卡名"),
        "kind": titled(kind, "card kind", "卡牌种类"),
        "level": titled(integer(2, 7, nullable=True), "level", "等级"),
        "dp": titled(integer(0, 100000, nullable=True), "DP", "DP"),
        "play_cost": titled(integer(0, 20, nullable=True), "play cost", "登场费用"),
        "use_cost": titled(integer(0, 20, nullable=True), "use cost", "使用费用"),
        "digivolve_cost": titled(integer(0, 20, nullable=True), "digivolve cost", "进化费用"),
        "color": titled({"anyOf": [{"type": "string"}, {"type": "array", "maxItems": 100}]}, "colour", "颜色"),
        "colors": titled({"anyOf": [{"type": "string"}, {"type": "array", "maxItems": 100,
                                                          "items": ref("dcg.color")}]}, "colours", "颜色"),
        "keywords": titled({"type": "array", "maxItems": 100, "items": ref("dcg.keyword")}, "keywords", "关键词"),
        "inherited": titled({"type": "array", "maxItems": 100, "items": ref("dcg.keyword")},
                            "inherited keywords", "继承关键词"),
        "effects": titled({"type": "array", "maxItems": 100, "items": ref("dcg.effect")}, "effects", "效果"),
        "traits": titled({"type": "array", "maxItems": 100,
                          "items": {"type": "string", "maxLength": 60, "pattern": r"\S"}}, "traits", "特征"),
        "token": titled(BOOL, "token", "衍生物"), "face_down": titled(BOOL, "face down", "背面"),
        "face_up": titled(BOOL, "face up (security)", "正面（安防区）"),
        "overflow": titled(integer(-10, 10, nullable=True), "Overflow", "溢出"),
        "digixros_for": titled({"type": "array", "maxItems": 100,
                                "items": {"type": "string", "maxLength": 100, "pattern": r"\S"}},
                               "may stand in for these DigiXros requirement names", "可代替数码合体条件中的这些卡名"),
        **{f: {"anyOf": [{"type": "null"}, ref(f"dcg.combine.{f}")]} for f in SHAPES},
    }
    card_props["color"] = card_props["colors"] | {"title": "colour"}
    assert set(card_props) == v.CARD_FIELDS, set(card_props) ^ v.CARD_FIELDS
    defs["dcg.card"] = titled(obj(card_props, ("id",)), "card", "卡牌")
    stack_props = {**card_props,
                   "suspended": titled(BOOL, "suspended", "横置"),
                   "played_this_turn": titled(BOOL, "played this turn", "本回合登场"),
                   "sources": titled({"type": "array", "maxItems": 100, "items": ref("dcg.card")},
                                     "digivolution cards (top first)", "进化源（从上往下）"),
                   "links": titled({"type": "array", "maxItems": 100, "items": ref("dcg.card")}, "link cards", "链接卡"),
                   "digixrossed": titled(integer(0), "cards placed by DigiXros", "数码合体放置的卡数")}
    defs["dcg.stack"] = titled(obj(stack_props, ("id",)), "Digimon or Tamer in play (a stack)", "场上的数码宝贝或驯兽师")
    for k, en, zh in kinds:
        fields = {"digimon": ["name", "level", "dp", "play_cost", "digivolve_cost", "colors", "keywords", "inherited",
                              "effects", "traits"],
                  "tamer": ["name", "play_cost", "colors", "keywords", "effects", "traits"],
                  "option": ["name", "use_cost", "colors", "effects", "traits"],
                  "digiegg": ["name", "level", "colors", "inherited", "effects", "traits"],
                  "blank": []}[k]
        defs[f"dcg.card.{k}"] = titled({"allOf": [ref("dcg.card")], "properties": {"kind": {"const": k}},
                                        "x-fields": ["id", "kind", *fields]}, en, zh)
    # zones and board
    zone_props, zone_patterns = {}, {}
    cards = {"type": "array", "maxItems": 100, "items": ref("dcg.card")}
    count_zone = {"anyOf": [{"type": "null"}, integer(0, 100), cards],
                  "description": "a count of blank cards (ids A.<zone>.1 …) or a list of cards, top first"}
    zone_schema = {"battle_area": {"anyOf": [FALSY, {"type": "array", "maxItems": 100, "items": ref("dcg.stack")}]},
                   "breeding_area": {"anyOf": [{"type": "null"}, ref("dcg.stack"),
                                               {"type": "array", "maxItems": 1,
                                                "items": {"anyOf": [{"type": "null"}, ref("dcg.stack")]}}]},
                   **{z: count_zone for z in v.COUNT_ZONES}}
    names = v.zone_names()
    for z in v.ZONES:
        zone_props[z] = titled(zone_schema[z], z.replace("_", " "), DCG_ZH[z])
        spellings = sorted({n for n, key in names.items() if key == z and n != z}, key=lambda a: (-len(a), a))
        if spellings:
            zone_patterns["^(" + "|".join(ci(n) for n in spellings) + ")$"] = zone_schema[z]
    player = obj(zone_props, description="zones; names in Chinese or Japanese are accepted too (each zone once)")
    player["patternProperties"] = zone_patterns
    defs["dcg.player"] = titled({"anyOf": [{"type": "null"}, player]}, "player", "玩家")
    defs["dcg.board"] = titled(obj({
        "turn": titled(words([("A", "A", "A"), ("B", "B", "B")]), "turn player", "回合玩家"),
        "memory": titled(integer(-10, 10), "memory", "内存",
                         "from the turn player's side: 1..10 theirs, 0, -1..-10 the opponent's"),
        "A": ref("dcg.player"), "B": ref("dcg.player")}), "board", "场面")
    # actions
    action_props = {"attacker": {"type": "string"}, "target": {"type": "string"},
                    "blocker": {"type": ["string", "null"], "description": "a card id; none or null: no block"},
                    "card": {"type": "string"}, "onto": {"type": "string"}, "tamer": {"type": "string"},
                    "cost": integer(0, 20), "effect": integer(0, 20),
                    "digisorption": {"type": "array", "maxItems": 100, "items": {"type": "string"}},
                    "digixros": {"type": "array", "maxItems": 100, "items": {"type": "string"}},
                    "assembly": {"type": "array", "maxItems": 100, "items": {"type": "string"}},
                    "breeding": words([(b, b, b) for b in v.BREEDING_CHOICES]),
                    "first": words([("A", "A", "A"), ("B", "B", "B")]),
                    "redraw": {"type": "array", "maxItems": 2, "uniqueItems": True,
                               "items": words([("A", "A", "A"), ("B", "B", "B")])}}
    for kind_, (needs, allows) in v.ACTION_FIELDS.items():
        props = {k: action_props[k] for k in sorted(needs | allows)}
        if kind_ == "dna_digivolve":
            props["onto"] = {"type": "array", "minItems": 2, "maxItems": 100, "items": {"type": "string"}}
        body = obj(props, tuple(sorted(needs)))
        if kind_ in ("pass", "end_turn", "start_game"):
            body = {"anyOf": [{"type": "null"}, body]}
        if kind_ == "block":
            body = {"anyOf": [{"enum": [None, "none", "None"]}, body]}
        defs[f"dcg.action.{kind_}.body"] = body
        defs[f"dcg.action.{kind_}"] = titled(obj({kind_: ref(f"dcg.action.{kind_}.body")}, (kind_,)),
                                             kind_.replace("_", " "), DCG_ZH.get(kind_, kind_))
    defs["dcg.action"] = titled({"type": "object", "minProperties": 1, "maxProperties": 1,
                                 "properties": {k: ref(f"dcg.action.{k}.body") for k in v.ACTION_FIELDS},
                                 "additionalProperties": False,
                                 "x-kinds": [ref(f"dcg.action.{k}") for k in v.ACTION_FIELDS]},
                                "action", "行动", "a one-key mapping {kind: {fields}}; the kinds: x-kinds")
    keys = sorted(v.CHOOSE_KEYS) + sorted(v.CHOOSE_LISTS)
    defs["dcg.scenario"] = {
        "properties": {
            "edition": {"anyOf": [{"enum": [e for e in EDITIONS if e.startswith("dcg-") and e in v.EDITIONS]}, FALSY]},
            "board": ref("dcg.board"),
            "actions": {"anyOf": [FALSY, {"type": "array", "maxItems": 500, "items": ref("dcg.action")}]},
            "decline": {"anyOf": [FALSY, {"type": "array", "maxItems": 100,
                                          "items": {"type": "string", "minLength": 1}}],
                        "description": "keyword names or card ids whose optional effects are not used"},
            "choose": {"anyOf": [{"type": "null"}, {"type": "object", "additionalProperties": {
                "anyOf": [{"type": "string"}, {"type": "array", "minItems": 1, "maxItems": 10,
                                               "items": {"type": "string"}}]}}],
                "description": f"choice -> card id (keys: {', '.join(keys)}, or keyword names)",
                "x-keys": keys},
            "expect": {"type": "object"},
        },
        "required": ["board"],
    }
    return defs


# ------------------------------------------------------------------------------------------ Yu-Gi-Oh
YGO_ZH = {
    "monsters": "怪兽区", "spells_traps": "魔法与陷阱区", "field": "场地区", "hand": "手卡", "deck": "卡组",
    "graveyard": "墓地", "banished": "除外", "extra_deck": "额外卡组", "lp": "基本分",
    "attack": "攻击", "normal_summon": "通常召唤", "set_monster": "盖放怪兽", "flip_summon": "反转召唤",
    "change_position": "改变表示形式", "set_spell_trap": "盖放魔法・陷阱", "activate": "发动", "pass": "放弃优先权",
    "enter_phase": "进入阶段", "end_phase": "结束阶段", "damage_step": "伤害步骤", "synchro_summon": "同调召唤",
    "xyz_summon": "超量召唤", "link_summon": "连接召唤", "special_summon_procedure": "以自身方法特殊召唤",
    "pendulum_summon": "灵摆召唤",
    "normal": "通常", "effect": "效果", "ritual": "仪式", "fusion": "融合", "synchro": "同调", "xyz": "超量",
    "link": "连接", "token": "衍生物", "quick": "速攻", "continuous": "永续", "equip": "装备", "trap": "通常陷阱",
    "continuous_trap": "永续陷阱", "counter": "反击陷阱",
    "draw": "抽卡阶段", "standby": "准备阶段", "main1": "主要阶段1", "battle": "战斗阶段", "main2": "主要阶段2",
    "end": "结束阶段",
    "destroy": "破坏", "negate_activation": "无效发动", "negate_effect": "无效效果", "negate_attack": "无效攻击",
    "attack_again": "再度攻击", "change_atk": "攻击力变化", "change_def": "守备力变化", "change_level": "等级变化",
    "change_original_atk": "原本攻击力变化", "change_original_def": "原本守备力变化", "lose_lp": "失去基本分",
    "swap_atk_def": "交换攻守", "damage": "效果伤害", "gain_lp": "回复基本分", "discard": "丢弃",
    "special_summon": "特殊召唤", "banish": "除外", "return_to_hand": "回到手卡", "return_to_deck": "回到卡组",
    "flip_face_down": "变为里侧", "fusion_summon": "融合召唤", "ritual_summon": "仪式召唤",
    "negate_summon": "无效召唤", "restrict": "限制", "battle_damage": "战斗伤害变化", "effect_damage": "效果伤害变化",
    "lock_name": "卡名封锁", "extra_normal_summon": "追加通常召唤", "normal_summon_count": "通常召唤次数",
    "equip_monster": "怪兽作为装备卡", "take_control": "夺取控制权", "swap_control": "交换控制权",
    "add_to_hand": "加入手卡", "negate_effects": "效果无效", "send_to_graveyard": "送去墓地",
    "become_tuner": "变为调整", "protect": "保护", "cannot_be_negated": "不能被无效", "one_of": "选择其一",
    "each_of": "各自处理", "place_counters": "放置指示物", "negate_column": "纵列无效", "move": "移动",
    "make_unaffected": "不受效果影响", "remove_counters": "取除指示物", "delayed": "延迟处理", "only_if": "条件处理",
    "pay_lp": "支付基本分", "tribute": "解放", "detach": "取除超量素材",
    "ignition": "起动效果", "trigger": "诱发效果",
    "start": "伤害步骤开始时", "before_calculation": "伤害计算前", "calculation": "伤害计算时",
    "after_calculation": "伤害计算后",
}


def ygo_defs() -> dict:
    v = importlib.import_module("engine.ygo.validate")
    from .ygo.costs import PARSERS as COSTS
    from .ygo.continuous import OPS as CONTINUOUS
    from .ygo.damage_step import STAGES
    from . import ygo  # noqa: F401 - loads every mechanic, which registers its operations
    from .ygo.steps import OPERATIONS, OPS
    from .ygo.model import (MAIN_ZONES, MONSTER_KINDS, MONSTER_ZONES, PHASES, PLAYERS, POSITIONS, ST_KINDS,
                            ST_ZONES, SUMMON_WAYS, TRAP_KINDS)

    zh = YGO_ZH.get
    defs: dict = {}

    def vocab(values, description=None):
        return words([(x, x.replace("_", " "), zh(x, x)) for x in values], description=description)

    card_id = {"anyOf": [{"type": "string", "pattern": r"\S"}, {"type": "integer"}],
               "description": "a card id (must name a card on the board: validator)"}
    defs["ygo.card_id"] = card_id
    op_items, op_rules = [], []
    from .ygo.targets import MAX_AMOUNT, SELECTORS

    defs["ygo.selector"] = titled({"anyOf": [
        vocab(SELECTORS),
        {"type": "object", "required": ["of", "count"], "additionalProperties": False,
         "properties": {"of": vocab(tuple(x for x in SELECTORS if x != "targets")),
                        "count": integer(1, MAX_AMOUNT)},
         "title": "N of them, chosen on resolution", "x-title-zh": "结算时从中选择 N 张"}]},
        "which cards", "哪些卡", "a selector, or {of: <selector>, count: N} (chosen when the effect resolves: no target)")
    no_args = {"anyOf": [{"type": "null"}, {"type": "object", "maxProperties": 0}, {"const": True}, {"const": 1}],
               "description": "takes no arguments: write {}"}

    def stat(allow_by: bool) -> dict:
        ways = {"by": integer(-MAX_AMOUNT, MAX_AMOUNT), "to": integer(0, MAX_AMOUNT), "half": {"const": True},
                "double": {"const": True}}
        if not allow_by:
            ways.pop("by")
        return {"type": "object", "required": ["target"], "additionalProperties": False,
                "properties": {"target": ref("ygo.selector"), "until": {"const": "end_of_turn"}, **ways},
                "oneOf": [{"required": [w]} for w in ways],
                "description": "exactly one of " + ", ".join(f"`{w}`" for w in ways)}

    amount = integer(0, MAX_AMOUNT)
    known_args = {
        **{op: ref("ygo.selector") for op in ("destroy", "swap_atk_def", "return_to_hand", "return_to_deck",
                                              "flip_face_down", "equip", "become_tuner")},
        **{op: no_args for op in ("negate_activation", "negate_effect", "negate_attack", "attack_again")},
        "change_atk": stat(True), "change_def": stat(True), "change_level": stat(True),
        "change_original_atk": stat(False), "change_original_def": stat(False),
        "damage": obj({"player": vocab(("self", "opponent", "both")), "amount": amount}, ("amount",)),
        "gain_lp": obj({"player": vocab(("self", "opponent")), "amount": amount}, ("amount",)),
        "draw": obj({"player": vocab(("self", "opponent")), "count": integer(1, MAX_AMOUNT)}, ("count",)),
    }
    for name in OPS:
        op = OPERATIONS.get(name)
        doc = " ".join((getattr(getattr(op, "parse", None), "__doc__", None) or "").split())
        if name in known_args:
            defs[f"ygo.op.{name}"] = titled(known_args[name], name.replace("_", " "), zh(name, name),
                                            doc or None)
        else:
            defs[f"ygo.op.{name}"] = titled({"description": (doc + " " if doc else "") +
                                             "Arguments as in engine/ygo/EFFECTS.md; checked by the validator."},
                                            name.replace("_", " "), zh(name, name))
        op_items.append(name)
    op_props = {name: ref(f"ygo.op.{name}") for name in OPS}
    defs["ygo.operation"] = titled({"type": "object", "minProperties": 1, "maxProperties": 2,
                                    "properties": {**op_props, "after": vocab(("then", "and"))},
                                    "additionalProperties": False,
                                    "anyOf": [{"required": [n]} for n in OPS],
                                    "x-operations": [{"const": n, "title": n.replace("_", " "),
                                                      "x-title-zh": zh(n, n)} for n in OPS]},
                                   "operation", "处理", "a one-key mapping {operation: arguments}, plus "
                                   "`after: then | and` for a step that needs the one before")
    for name in COSTS:
        defs[f"ygo.cost.{name}"] = titled({"description": "arguments checked by the validator"},
                                          name.replace("_", " "), zh(name, name))
    defs["ygo.cost"] = titled({"type": "object", "minProperties": 1, "maxProperties": 1,
                               "properties": {n: ref(f"ygo.cost.{n}") for n in COSTS},
                               "additionalProperties": False}, "cost", "代价")
    for name in CONTINUOUS:
        defs[f"ygo.continuous.{name}"] = titled({"description": "arguments checked by the validator"},
                                                name.replace("_", " "), zh(name, name))
    defs["ygo.continuous"] = titled({"type": "object", "minProperties": 1, "maxProperties": 1,
                                     "properties": {n: ref(f"ygo.continuous.{n}") for n in CONTINUOUS},
                                     "additionalProperties": False}, "continuous effect", "永续效果")
    effect_props = {
        "type": vocab(v.EFFECT_TYPES), "when": vocab(v.TIMINGS), "targets": integer(0, 10),
        "do": {"type": "array", "minItems": 1, "items": ref("ygo.operation")},
        "cost": {"type": "array", "minItems": 1, "items": ref("ygo.cost")},
        "once_per_turn": vocab(("card", "name", "name_shared", "activation")),
        "from": vocab(("field", "hand", "graveyard", "pendulum_zone")), "mandatory": BOOL,
        "wording": vocab(("when", "if")),
        "continuous": {"type": "array", "minItems": 1, "items": ref("ygo.continuous")},
        "turn": vocab(("own", "opponent", "each")),
        "condition": vocab(("sent_this_turn", "attacker_summoned_this_turn", "opponent_activated_monster_effect")),
        "vow": {"type": "object"}, "target_in": {"anyOf": [vocab(v.TARGET_PLACES),
                                                           {"type": "array", "minItems": 1,
                                                            "items": vocab(v.TARGET_PLACES)}]},
        "if_you_control": TEXT, "while_on_field": TEXT, "replace_destruction": ANY, "maintenance": ANY,
        "destroyed_monster": {"type": "object"}, "phase_chain": BOOL,
    }
    assert set(effect_props) == set(v.EFFECT_KEYS), set(effect_props) ^ set(v.EFFECT_KEYS)
    effect_props["do"] = {"anyOf": [{"type": "null"}, effect_props["do"]]}
    defs["ygo.effect"] = titled(obj(effect_props), "effect", "效果",
                                "engine/ygo/EFFECTS.md: type, when, targets, cost, do (operations in order) …")
    common = {
        "id": card_id, "name": titled(TEXT, "name", "卡名"), "type": vocab(("monster", "spell", "trap")),
        "kind": vocab(tuple(dict.fromkeys(MONSTER_KINDS + ST_KINDS))), "level": integer(0, 13),
        "atk": integer(0, v.MAX_LP), "def": integer(0, v.MAX_LP), "piercing": BOOL,
        "indestructible_by_battle": BOOL, "indestructible_by_effect": BOOL, "indestructible_untargeted": BOOL, "untargetable": BOOL,
        "unaffected": ANY, "effects_negated": {"anyOf": [BOOL, {"const": "anywhere"}]},
        "effect": {"anyOf": [{"type": "null"}, ref("ygo.effect")]},
        "effects": {"type": "array", "minItems": 2, "maxItems": 9, "items": ref("ygo.effect")},
        "equip_effect": {"anyOf": [{"type": "null"}, ref("ygo.effect")]}, "equip_effect_own_only": BOOL,
        "attacks": integer(1, 5), "attack_all": BOOL, "race": TEXT, "attribute": TEXT, "unique_on_field": {"enum": ["own", "field"]},
        "original_atk_per_material": integer(1, 10**6),
        "pendulum": BOOL, "scale": integer(0, 13), "tuner": BOOL, "rank": integer(0, 13),
        "arrows": ANY, "link": ANY, "materials_needed": ANY, "special_summon_only": BOOL, "properly_summoned": BOOL,
        "own_procedure_only": BOOL, "summon_only_by": {"type": "string", "minLength": 1}, "special_summon_once": BOOL, "procedure": ANY, "gemini": BOOL,
        "material_filter": ANY, "summon_vow": ANY,
        "counters": ANY, "holds_counters": ANY, "counter_limit": ANY, "gains_counter": ANY, "counter_locks": ANY,
    }
    assert set(common) == set(v.CARD_KEYS), set(common) ^ set(v.CARD_KEYS)
    pile_card = {"anyOf": [{"type": "string", "pattern": r"\S"}, {"type": "integer"},
                           obj(common, ("id",))]}
    defs["ygo.card"] = titled(pile_card, "card", "卡片", "a card id, or a mapping with at least `id`")
    defs["ygo.card.graveyard"] = titled({"anyOf": [{"type": "string", "pattern": r"\S"}, {"type": "integer"},
                                                   obj({**common, "sent_this_turn": BOOL}, ("id",))]},
                                        "card in the graveyard", "墓地的卡")
    defs["ygo.card.extra_deck"] = titled({"anyOf": [{"type": "string", "pattern": r"\S"}, {"type": "integer"},
                                                    obj({**common, "face_up": BOOL}, ("id",))]},
                                         "card in the Extra Deck", "额外卡组的卡")
    monster_props = {**common, "zone": vocab(MONSTER_ZONES), "position": vocab(POSITIONS),
                     "summoned_this_turn": BOOL, "set_this_turn": BOOL, "position_changed_this_turn": BOOL, "attacked_this_turn": BOOL,
                     "materials": {"type": "array", "items": ref("ygo.card")}, "owner": vocab(PLAYERS),
                     "trap_monster": BOOL, "also_trap": BOOL,
                     "summoned_by": {"anyOf": [vocab(SUMMON_WAYS), {"type": "array", "minItems": 1,
                                                                    "uniqueItems": True, "items": vocab(SUMMON_WAYS)}]},
                     "name_locked": BOOL, "gemini_summoned": BOOL, "unaffected_this_turn": BOOL}
    monster_props["kind"] = vocab(MONSTER_KINDS)
    assert set(monster_props) == set(v.MONSTER_KEYS), set(monster_props) ^ set(v.MONSTER_KEYS)
    defs["ygo.monster"] = titled(obj(monster_props, ("id", "zone")), "monster", "怪兽")
    st_props = {**common, "zone": vocab((*ST_ZONES, "PZ-L", "PZ-R", "field")), "face": vocab(("up", "down")),
                "set_turn": integer(1, 10_000), "set_this_turn": BOOL, "equipped_to": card_id,
                "equipped_by": card_id, "equipped_by_itself": BOOL, "owner": vocab(PLAYERS),
                "trap_monster": BOOL, "also_trap": BOOL}
    assert set(st_props) == set(v.ST_KEYS), set(st_props) ^ set(v.ST_KEYS)
    defs["ygo.spell_trap"] = titled(obj(st_props, ("id",)), "spell or trap card", "魔法・陷阱卡")
    for k in MONSTER_KINDS:
        defs[f"ygo.card.{k}"] = titled({"allOf": [ref("ygo.monster")], "properties": {"kind": {"const": k}}},
                                       f"{k} monster", zh(k, k) + "怪兽")
    for k in ST_KINDS:
        kind_type = "trap" if k in TRAP_KINDS else "spell"
        defs[f"ygo.card.{kind_type}.{k}"] = titled({"allOf": [ref("ygo.spell_trap")],
                                                    "properties": {"kind": {"const": k}}},
                                                   f"{k} {kind_type}", zh(k, k) + ("陷阱" if kind_type == "trap" else "魔法"))
    pile = {"anyOf": [{"type": "null"}, integer(0, v.MAX_CARDS_PER_PILE),
                      {"type": "array", "maxItems": v.MAX_CARDS_PER_PILE, "items": ref("ygo.card")}]}
    piles = {p: titled(pile, p.replace("_", " "), zh(p, p)) for p in ("hand", "deck", "banished")}
    piles["graveyard"] = titled({"anyOf": [{"type": "null"}, integer(0, v.MAX_CARDS_PER_PILE),
                                           {"type": "array", "maxItems": v.MAX_CARDS_PER_PILE,
                                            "items": ref("ygo.card.graveyard")}]}, "graveyard", "墓地")
    piles["extra_deck"] = titled({"anyOf": [{"type": "null"}, integer(0, v.MAX_CARDS_PER_PILE),
                                            {"type": "array", "maxItems": v.MAX_CARDS_PER_PILE,
                                             "items": ref("ygo.card.extra_deck")}]}, "Extra Deck", "额外卡组")
    defs["ygo.player"] = titled({"anyOf": [{"type": "null"}, obj({
        "lp": titled(integer(0, v.MAX_LP), "LP", "基本分"),
        "monsters": titled({"anyOf": [FALSY, {"type": "array", "maxItems": len(MONSTER_ZONES),
                                                          "items": ref("ygo.monster")}]}, "monsters", "怪兽区"),
        "spells_traps": titled({"anyOf": [FALSY, {"type": "array", "maxItems": len(ST_ZONES),
                                                              "items": ref("ygo.spell_trap")}]},
                               "spells and traps", "魔法与陷阱区"),
        "field": titled({"anyOf": [{"type": "null"}, ref("ygo.spell_trap")]}, "Field Spell", "场地魔法"),
        **piles})]}, "player", "玩家")
    defs["ygo.board"] = titled(obj({
        "turn": vocab(PLAYERS), "phase": vocab(PHASES), "turn_number": integer(1, 10_000),
        "normal_summons_used": integer(0, 10), "pendulum_summoned": BOOL,
        "A": ref("ygo.player"), "B": ref("ygo.player")}, ("A", "B")), "board", "场面")
    ids = {"type": "array", "items": card_id}
    arg = {"attacker": card_id, "target": {"anyOf": [{"const": "direct"}, card_id]}, "card": card_id,
           "zone": {"type": "string"}, "tribute": ids, "using": card_id, "to": vocab(("attack", "defense")),
           "player": vocab(PLAYERS), "targets": ids, "phase": vocab(PHASES), "step": vocab(STAGES),
           "materials": {"type": "array", "maxItems": 20, "items": card_id}, "position": vocab(("attack", "defense")),
           "cost": ids, "cards": {"type": "array", "maxItems": 20, "items": card_id},
           "zones": {"type": "object", "additionalProperties": vocab(MONSTER_ZONES)}, "effect": integer(1, 9)}
    for kind_, (required, optional) in v.ACTION_ARGS.items():
        props = {k: arg[k] for k in (*required, *optional)}
        if "zone" in props:
            props["zone"] = vocab(ST_ZONES if kind_ in ("set_spell_trap", "activate") else
                                  MONSTER_ZONES if kind_ in ("synchro_summon", "xyz_summon", "link_summon",
                                                             "special_summon_procedure", "pendulum_summon")
                                  else MAIN_ZONES)
        body = obj(props, required)
        if not required:
            body = {"anyOf": [{"type": "null"}, body]}
        defs[f"ygo.action.{kind_}.body"] = body
        defs[f"ygo.action.{kind_}"] = titled(obj({kind_: ref(f"ygo.action.{kind_}.body")}, (kind_,)),
                                             kind_.replace("_", " "), zh(kind_, kind_))
    defs["ygo.action"] = titled({"type": "object", "minProperties": 1, "maxProperties": 1,
                                 "properties": {k: ref(f"ygo.action.{k}.body") for k in v.ACTION_ARGS},
                                 "additionalProperties": False,
                                 "x-kinds": [ref(f"ygo.action.{k}") for k in v.ACTION_ARGS]},
                                "action", "行动", "a one-key mapping {kind: {fields}}; the kinds: x-kinds")
    defs["ygo.scenario"] = {
        "properties": {
            "edition": {"anyOf": [{"enum": [e for e in EDITIONS if e.startswith("ygo-")]}, FALSY]},
            "title": TEXT, "question": TEXT,
            "board": ref("ygo.board"),
            "actions": {"anyOf": [{"type": "null"}, {"type": "array", "maxItems": 500, "items": ref("ygo.action")}]},
            "decline": {"type": "array", "items": {"type": "string"},
                        "description": "card ids or keywords whose optional effects are not used"},
            "choose": ygo_choose(MAIN_ZONES, MONSTER_ZONES),
        },
        "required": ["board"],
    }
    return defs


def ygo_choose(main_zones, monster_zones) -> dict:
    """`choose:` of a Yu-Gi-Oh scenario: each choice's key (a name or `<name>.<card id>`) and its value."""
    ids = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
           "description": "a card id or a list of card ids"}
    order = {"type": "array", "items": {"type": "string"}, "description": "card ids (and `pass`) in order"}
    fusion = {"type": "object", "required": ["monster"], "additionalProperties": False,
              "properties": {"monster": {"type": "string"}, "materials": {"type": "array", "items": {"type": "string"}},
                             "zone": {"enum": list(monster_zones)}}}
    ritual = {"type": "object", "required": ["monster"], "additionalProperties": False,
              "properties": {"monster": {"type": "string"}, "tributes": {"type": "array", "items": {"type": "string"}},
                             "zone": {"enum": list(main_zones)}}}
    patterns = {
        r"^discard$": ids, r"^(phase\.standby|phase\.end|chain_order)$": order,
        r"^(cost|discard|pick|banish)\.": ids,
        r"^mode\.": integer(1, 6), r"^parts\.": {"type": "array", "items": {"type": "integer"}},
        r"^fusion(\.|$)": fusion, r"^summon\.": fusion, r"^ritual(\.|$)": ritual,
        r"^swap\.": {"type": "object", "required": ["A", "B"], "additionalProperties": False,
                      "properties": {"A": {"type": "string"}, "B": {"type": "string"}}},
        r"^(replace|counters)\.": {"type": "string"}, r"^move\.": {"enum": list(main_zones)},
        r"^replay(\.|$)": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        r"^only_kind\.(A|B)$": {"type": "string", "description": "the Type or Attribute the player keeps"},
    }
    return {"type": "object", "patternProperties": patterns, "additionalProperties": False,
            "description": "replay, replay.<attacker id>, discard, cost.<card id>, discard.<card id>, pick.<card id>, "
                           "mode.<card id>, parts.<card id>, fusion, fusion.<card id>, summon.<card id>, ritual, ritual.<card id>, "
                           "swap.<card id>, phase.standby, phase.end, chain_order, banish.<card id>, replace.<card id>, "
                           "counters.<card id>, move.<card id>, only_kind.A, only_kind.B (engine/ygo/EFFECTS.md)"}


# ------------------------------------------------------------------------------------------ the schema
def build() -> dict:
    from .scenario import TOP_KEYS

    defs = {**dcg_defs(), **ygo_defs()}
    top = {
        "game": titled(words([("dcg", "Digimon Card Game", "数码宝贝卡牌游戏"), ("ygo", "Yu-Gi-Oh OCG", "游戏王 OCG")]),
                       "game", "游戏"),
        "edition": titled({}, "rules edition cited", "引用的规则版本",
                          "one of the game's editions; left out or empty: the game's default"),
        "title": titled(TEXT, "title", "标题"), "question": titled(TEXT, "question", "问题"),
        "board": titled({}, "board", "场面"), "actions": titled({}, "actions", "行动"),
        "expect": titled({}, "expected result (judge check)", "预期结果（judge check）"),
        "decline": titled({}, "declined optional effects", "不使用的任意效果"),
        "choose": titled({}, "choices", "选择"),
        "answer": titled({}, "answer (casebook)", "答案（案例集）"),
        "sources": titled({}, "sources (casebook)", "出处（案例集）"),
        "known_divergence": titled({}, "known divergence (casebook)", "已知差异（案例集）"),
        "tags": titled({}, "tags (casebook)", "标签（案例集）"), "id": titled({}, "ruling id (casebook)", "裁定编号（案例集）"),
    }
    top.update({
        "controls": titled({}, "negative controls (casebook)", "反向对照（案例集）",
                           "edits of the board that take the ruling's point away (rulings/casebook/README.md)"),
        "point": titled({}, "what the ruling turns on (casebook)", "裁定要点（案例集）"),
    })
    top = {k: top.get(k, titled({}, k, k)) for k in TOP_KEYS}   # a top key added later is still allowed
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_URL,
        "title": "judge scenario", "x-title-zh": "judge 场景",
        "description": DESCRIPTION,
        "type": "object",
        "required": ["game", "board"],
        "properties": top,
        "additionalProperties": False,
        "allOf": [{"if": {"properties": {"game": {"const": g}}, "required": ["game"]},
                   "then": ref(f"{g}.scenario")} for g in ("dcg", "ygo")],
        "$defs": defs,
    }


def text() -> str:
    return json.dumps(build(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        SCHEMA_FILE.write_text(text(), encoding="utf-8")
    else:
        sys.stdout.write(text())
