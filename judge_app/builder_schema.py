"""The JSON Schema the builder's card forms are generated from.

The scenario format's schema of record is `static/scenario.schema.json` (served at /schema/scenario.json).
A card form is its definition for the zone (`dcg.stack`, `ygo.monster` …): every property it lists is a
field. Where that schema leaves a value open (an effect's target is "a string", a Yu-Gi-Oh operation's
arguments are documented prose), the refinements below give the builder closed choices in the same JSON
Schema vocabulary (Chinese titles under `x-title-zh`, as in the schema of record), so a judge picks the
vocabulary instead of typing it. The refined fields come first; the rest follow under "more fields".
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

SCHEMA_FILE = Path(__file__).resolve().parent / "static" / "scenario.schema.json"


def _enum(*pairs) -> dict:
    """pairs of (value, English title, Chinese title)."""
    return {"type": "string", "oneOf": [{"const": v, "title": en, "x-title-zh": zh} for v, en, zh in pairs]}


def _int(en, zh, **kw) -> dict:
    return {"type": "integer", "title": en, "x-title-zh": zh, **kw}


def _bool(en, zh) -> dict:
    return {"type": "boolean", "title": en, "x-title-zh": zh}


def _text(en, zh) -> dict:
    return {"type": "string", "title": en, "x-title-zh": zh}


def _titled(node: dict, en: str, zh: str) -> dict:
    return {**node, "title": en, "x-title-zh": zh}


# --------------------------------------------------------------------------------- Digimon
DCG_KEYWORDS_PLAIN = (
    ("Blocker", "Blocker", "阻挡者"), ("Piercing", "Piercing", "穿透"), ("Jamming", "Jamming", "干扰"),
    ("Reboot", "Reboot", "重启"), ("Retaliation", "Retaliation", "反击"), ("Rush", "Rush", "速攻"),
    ("Raid", "Raid", "袭击"), ("Alliance", "Alliance", "同盟"), ("Barrier", "Barrier", "屏障"),
    ("Evade", "Evade", "回避"), ("Armor Purge", "Armor Purge", "铠甲解除"), ("Fortitude", "Fortitude", "坚韧"),
    ("Collision", "Collision", "冲撞"),
)
# keywords with a number: (keyword id, how its text is written with N, English, Chinese)
DCG_KEYWORDS_NUMBERED = (
    ("security_attack", "Security Attack {n:+d}", "Security Attack ±N", "安防攻击±N"),

)
DCG_COLORS = (("red", "Red", "红"), ("blue", "Blue", "蓝"), ("yellow", "Yellow", "黄"), ("green", "Green", "绿"),
              ("black", "Black", "黑"), ("purple", "Purple", "紫"), ("white", "White", "白"))
DCG_TIMINGS = (("security", "[Security]", "【安防】"), ("on_play", "[On Play]", "【登场时】"),
               ("when_digivolving", "[When Digivolving]", "【进化时】"),
               ("when_attacking", "[When Attacking]", "【攻击时】"), ("on_deletion", "[On Deletion]", "【消灭时】"),
               ("main", "[Main]", "【主要】"), ("your_turn", "[Your Turn]", "【自己的回合】"),
               ("opponents_turn", "[Opponent's Turn]", "【对手的回合】"), ("all_turns", "[All Turns]", "【双方的回合】"),
               ("end_of_attack", "[End of Attack]", "【攻击结束时】"), ("counter", "[Counter]", "【反击】"))
DCG_VERBS = (("delete", "delete", "消灭"), ("dp", "DP ±", "DP±"), ("suspend", "suspend", "休眠"),
             ("unsuspend", "unsuspend", "活跃"), ("gain", "gain a keyword", "获得关键词"),
             ("draw", "draw", "抽卡"), ("memory", "memory ±", "内存±"), ("return_to_hand", "return to hand", "返回手牌"),
             ("trash_security", "trash security", "废弃安防"), ("recovery", "recovery", "恢复"),
             ("cost", "cost ±", "费用±"), ("activate_main", "run its [Main] effect", "发动其【主要】效果"),
             ("cannot_block", "cannot block", "不能阻挡"), ("cannot_attack", "cannot attack", "不能攻击"))
DCG_TARGETS = (("attacker", "the attacker", "攻击中的数码宝贝"), ("self", "this card", "此卡"),
               ("opponent_digimon", "1 opponent's Digimon", "对手的1只数码宝贝"),
               ("opponent_lowest_dp", "opponent's lowest DP", "对手DP最低的"),
               ("all_opponent_digimon", "all opponent's Digimon", "对手所有数码宝贝"),
               ("own_digimon", "1 of your Digimon", "自己的1只数码宝贝"),
               ("all_own_digimon", "all your Digimon", "自己所有数码宝贝"))

DCG_EFFECT = {
    "type": "object", "title": "Effect", "x-title-zh": "效果",
    "properties": {
        "timing": _titled(_enum(*DCG_TIMINGS), "Timing", "时机"),
        "do": _titled(_enum(*DCG_VERBS), "Does", "处理"),
        "target": _titled(_enum(*DCG_TARGETS), "Target", "对象"),
        "amount": _int("Amount", "数值"),
        "keyword": _text("Keyword", "关键词"),
        "of": _titled(_enum(("digivolve", "digivolve", "进化"), ("play", "play", "登场"), ("use", "use", "使用")),
                      "Cost of", "费用对象"),
        "no_sources": _bool("Only Digimon without digivolution cards", "仅限没有进化源的数码宝贝"),
        "optional": _bool("Optional (may)", "可选"),
        "inherited": _bool("Inherited effect", "继承效果"),
    },
    "required": ["timing", "do"],
}
DCG_COMBINE_CARD = {"type": "object", "title": "Card", "x-title-zh": "卡",
                    "properties": {"color": _titled(_enum(*DCG_COLORS), "Color", "颜色"),
                                   "level": _int("Level", "等级")}}
DCG_CARD = {
    "type": "object", "title": "Digimon card", "x-title-zh": "数码宝贝卡",
    "properties": {
        "id": _text("Id", "编号"),
        "name": _text("Name", "名称"),
        "kind": _titled(_enum(("digimon", "Digimon", "数码宝贝"), ("tamer", "Tamer", "驯兽师"),
                              ("option", "Option", "选项"), ("digiegg", "Digi-Egg", "数码蛋")), "Kind", "种类"),
        "dp": _int("DP", "DP", minimum=0, multipleOf=1000),
        "level": _int("Level", "等级", minimum=2, maximum=7),
        "colors": {"type": "array", "title": "Colors", "x-title-zh": "颜色", "items": _enum(*DCG_COLORS),
                   "uniqueItems": True},
        "play_cost": _int("Play cost", "登场费用", minimum=0),
        "digivolve_cost": _int("Digivolve cost", "进化费用", minimum=0),
        "suspended": _bool("Suspended", "休眠"),
        "played_this_turn": _bool("Played this turn", "本回合登场"),
        "keywords": {"type": "array", "title": "Keywords", "x-title-zh": "关键词", "x-format": "dcg-keywords",
                     "items": {"type": "string"}},
        "effects": {"type": "array", "title": "Effects", "x-title-zh": "效果", "items": DCG_EFFECT},
        "dna": {"type": "object", "title": "DNA digivolution", "x-title-zh": "合体进化",
                "properties": {"cost": _int("Cost", "费用", minimum=0),
                               "cards": {"type": "array", "title": "From", "x-title-zh": "来源",
                                         "items": DCG_COMBINE_CARD}}},
    },
    "required": ["id"],
}
# Fields only a card in play (battle or breeding area) has; elsewhere the validator refuses them.
DCG_STACK_ONLY = ("suspended", "played_this_turn")

# --------------------------------------------------------------------------------- Yu-Gi-Oh
YGO_MONSTER_ZONES = tuple((z, z, z) for z in ("M1", "M2", "M3", "M4", "M5", "EMZ-L", "EMZ-R"))
YGO_ST_ZONES = tuple((z, z, z) for z in ("S1", "S2", "S3", "S4", "S5"))
YGO_KINDS = (("normal", "Normal", "通常"), ("effect", "Effect", "效果"), ("fusion", "Fusion", "融合"),
             ("synchro", "Synchro", "同调"), ("xyz", "Xyz", "超量"), ("link", "Link", "连接"),
             ("ritual", "Ritual", "仪式"), ("quick", "Quick-Play Spell", "速攻魔法"),
             ("continuous", "Continuous Spell", "永续魔法"), ("equip", "Equip Spell", "装备魔法"),
             ("field", "Field Spell", "场地魔法"), ("trap", "Normal Trap", "通常陷阱"),
             ("continuous_trap", "Continuous Trap", "永续陷阱"), ("counter", "Counter Trap", "反击陷阱"))
YGO_ARROWS = tuple((a, a, zh) for a, zh in (("top-left", "左上"), ("top", "上"), ("top-right", "右上"),
                                            ("left", "左"), ("right", "右"), ("bottom-left", "左下"),
                                            ("bottom", "下"), ("bottom-right", "右下")))
YGO_SELECTOR = _enum(("targets", "the targets", "对象"), ("self", "this card", "此卡"),
                     ("opponent_monsters", "all opponent's monsters", "对手所有怪兽"),
                     ("all_monsters", "all monsters", "所有怪兽"))


def _op(key: str, en: str, zh: str, value: dict) -> dict:
    return {"type": "object", "title": en, "x-title-zh": zh, "properties": {key: value}, "required": [key],
            "additionalProperties": False}


YGO_OPERATION = {"title": "Operation", "x-title-zh": "处理", "oneOf": [
    _op("destroy", "destroy", "破坏", _titled(YGO_SELECTOR, "What", "对象")),
    _op("return_to_hand", "return to hand", "返回手牌", _titled(YGO_SELECTOR, "What", "对象")),
    _op("banish", "banish", "除外", _titled(YGO_SELECTOR, "What", "对象")),
    _op("negate_activation", "negate the activation", "无效发动", {"type": "object", "properties": {}}),
    _op("negate_effect", "negate the effect", "无效效果", {"type": "object", "properties": {}}),
    _op("change_atk", "change ATK", "改变攻击力", {"type": "object", "properties": {
        "target": _titled(YGO_SELECTOR, "Target", "对象"), "by": _int("By", "数值")}}),
    _op("damage", "inflict damage", "给予伤害", {"type": "object", "properties": {
        "player": _titled(_enum(("opponent", "opponent", "对手"), ("self", "self", "自己")), "Player", "玩家"),
        "amount": _int("Amount", "数值", minimum=0)}}),
    _op("special_summon", "Special Summon", "特殊召唤", {"type": "object", "properties": {
        "card": _text("Card id", "卡编号"),
        "position": _titled(_enum(("attack", "Attack", "攻击表示"), ("defense", "Defense", "守备表示")),
                            "Position", "表示形式")}}),
    _op("draw", "draw", "抽卡", _int("Cards", "张数", minimum=1)),
]}
YGO_EFFECT = {
    "type": "object", "title": "Effect", "x-title-zh": "效果",
    "properties": {
        "type": _titled(_enum(("ignition", "Ignition", "起动"), ("quick", "Quick", "诱发即时"),
                              ("trigger", "Trigger", "诱发")), "Effect type", "效果类型"),
        "from": _titled(_enum(("hand", "hand", "手牌"), ("graveyard", "graveyard", "墓地")), "Activated from", "发动位置"),
        "when": _titled(_enum(("activation", "a card or effect is activated", "卡或效果发动时"),
                              ("summoned", "summoned", "召唤成功时"), ("attack", "an attack is declared", "攻击宣言时")),
                        "When", "时机"),
        "targets": _int("Targets", "对象数", minimum=0),
        "do": {"type": "array", "title": "Does", "x-title-zh": "处理", "items": YGO_OPERATION},
    },
}
YGO_CARD = {
    "type": "object", "title": "Yu-Gi-Oh! card", "x-title-zh": "游戏王卡",
    "properties": {
        "id": _text("Id", "编号"),
        "name": _text("Name", "名称"),
        "type": _titled(_enum(("monster", "Monster", "怪兽"), ("spell", "Spell", "魔法"), ("trap", "Trap", "陷阱")),
                        "Card type", "卡片类型"),
        "kind": _titled(_enum(*YGO_KINDS), "Kind", "种类"),
        "level": _int("Level", "等级", minimum=1, maximum=12),
        "rank": _int("Rank", "阶级", minimum=0, maximum=13),
        "atk": _int("ATK", "攻击力", minimum=0),
        "def": _int("DEF", "守备力", minimum=0),
        "zone": _titled(_enum(*YGO_MONSTER_ZONES), "Zone", "区域"),
        "position": _titled(_enum(("attack", "Attack", "攻击表示"), ("defense", "Defense", "守备表示"),
                                  ("set", "Set (face-down Defense)", "里侧守备表示")), "Position", "表示形式"),
        "face": _titled(_enum(("down", "face-down (Set)", "里侧（盖放）"), ("up", "face-up", "表侧")), "Face", "表里"),
        "set_turn": _int("Set on turn", "盖放的回合", minimum=1),
        "tuner": _bool("Tuner", "调整"),
        "arrows": {"type": "array", "title": "Link Arrows", "x-title-zh": "连接标记", "items": _enum(*YGO_ARROWS),
                   "uniqueItems": True},
        "materials": {"type": "array", "title": "Xyz Materials", "x-title-zh": "超量素材",
                      "items": {"type": "object", "properties": {"id": _text("Id", "编号"),
                                                                 "level": _int("Level", "等级"),
                                                                 "atk": _int("ATK", "攻击力")}}},
        "effect": YGO_EFFECT,
    },
    "required": ["id"],
}
YGO_ZONE_FIELDS = {   # which card fields a zone's cards take (the validator refuses the others)
    "monsters": ("id", "name", "kind", "level", "rank", "atk", "def", "zone", "position", "tuner", "arrows",
                 "materials", "effect"),
    "spells_traps": ("id", "name", "type", "kind", "zone", "face", "set_turn", "effect"),
    "field": ("id", "name", "type", "kind", "face", "effect"),
}
YGO_PILE_FIELDS = ("id", "name", "type", "kind", "level", "rank", "atk", "def", "tuner", "arrows", "effect")


@lru_cache(maxsize=1)
def published() -> dict:
    """The schema of record, when it is there (build-api's file); else {}."""
    try:
        return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


PUBLISHED_CARD = {   # the schema of record's definition of a card in each zone
    ("dcg", "battle_area"): "dcg.stack", ("dcg", "breeding_area"): "dcg.stack",
    ("ygo", "monsters"): "ygo.monster", ("ygo", "spells_traps"): "ygo.spell_trap", ("ygo", "field"): "ygo.spell_trap",
    ("ygo", "graveyard"): "ygo.card.graveyard", ("ygo", "extra_deck"): "ygo.card.extra_deck",
}


def card_schema(game: str, zone: str) -> dict:
    """The form of one card in `zone`: the refined fields, then the schema of record's other properties
    (listed in `x-more`), with its `$defs` so their references resolve."""
    refined = _refined(game, zone)
    schema = published()
    defs = schema.get("$defs") or {}
    name = PUBLISHED_CARD.get((game, zone), f"{game}.card")
    if name not in defs:
        return refined
    theirs = _properties(defs[name], defs)
    props = {}
    for key, node in refined["properties"].items():
        mine = dict(node)
        if isinstance(theirs.get(key), dict):   # the field's name as the schema of record titles it
            for k in ("title", "x-title-zh"):
                if k in theirs[key]:
                    mine[k] = theirs[key][k]
        props[key] = mine
    more = [k for k in theirs if k not in props]
    props.update({k: theirs[k] for k in more})
    return {**refined, "properties": props, "x-more": more, "$defs": defs}


def _properties(node: dict, defs: dict, depth: int = 0) -> dict:
    """A definition's properties, its `allOf` parts' included."""
    out = {}
    for part in node.get("allOf") or ():
        ref = part.get("$ref", "")
        if ref.startswith("#/$defs/") and depth < 5:
            out.update(_properties(defs.get(ref[len("#/$defs/"):], {}), defs, depth + 1))
        else:
            out.update(part.get("properties") or {})
    out.update(node.get("properties") or {})
    return out


def _refined(game: str, zone: str) -> dict:
    if game == "ygo":
        keep = YGO_ZONE_FIELDS.get(zone, YGO_PILE_FIELDS)
        props = {k: v for k, v in YGO_CARD["properties"].items() if k in keep}
        if zone == "spells_traps":
            props["zone"] = _titled(_enum(*YGO_ST_ZONES), "Zone", "区域")
        return {**YGO_CARD, "properties": props}
    props = dict(DCG_CARD["properties"])
    if zone not in ("battle_area", "breeding_area"):
        for k in DCG_STACK_ONLY:
            props.pop(k, None)
    return {**DCG_CARD, "properties": props}


def title(node: dict, lang: str, fallback: str = "") -> str:
    """A node's title in the UI language (`x-title-zh`, the annotation these shapes use), else English."""
    if lang == "zh":
        for key in ("x-title-zh", "x-zh", "title_zh"):
            if isinstance(node.get(key), str):
                return node[key]
        i18n = node.get("x-i18n") or node.get("x-titles")
        if isinstance(i18n, dict) and isinstance(i18n.get("zh"), str):
            return i18n["zh"]
    return node.get("title") or fallback
