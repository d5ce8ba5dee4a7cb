"""Keyword text (English, Chinese or Japanese, any bracket style) -> `Keyword(kid, n, param)`.

Names come from the project's terms data (rulings/data/terms.yaml, kind `keyword`); the engine only adds
which keywords it implements and what number/parameter each one takes.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from rulings.yamlio import load_yaml_file

from ..errors import InvalidScenario, UnsupportedKeyword
from .model import Keyword

TERMS_FILE = Path(__file__).resolve().parents[2] / "rulings" / "data" / "terms.yaml"

# Implemented keywords -> what follows the name: "signed" (+N/-N), "count" (N >= 1), None (nothing),
# "param" (an optional parenthesised parameter, e.g. Decoy (Black)).
STATIC = {                          # persistent or triggered keywords a card simply has
    "security_attack": "signed", "blocker": None, "piercing": None, "jamming": None, "reboot": None,
    "retaliation": None, "rush": None, "decoy": "param", "armor_purge": None, "evade": None, "raid": None,
    "alliance": None, "barrier": None, "fortitude": None, "collision": None,
    "digisorption": "reduce", "material_save": "count", "partition": "spec", "scapegoat": None, "vortex": None,
    "overclock": "trait", "iceclad": None, "decode": "spec", "fragment": "count", "execute": None,
    "progress": None, "link_plus": "count", "training": None,
}
ACTING = {                          # keywords that do something when an effect runs them: need a timing
    "recovery": "recovery", "draw_keyword": "count", "de_digivolve": "count", "blitz": None,
    "save": None, "mind_link": None, "blast_digivolve": None, "blast_dna_digivolve": None,
}
# keywords that qualify an effect rather than being a keyword a card has: written as effect fields
EFFECT_FIELDS = {"digi_burst": "`digiburst: N` on the effect it pays for (16-13)",
                 "delay": "`timing: delay` on the effect it activates (16-16)"}
IMPLEMENTED = {**STATIC, **ACTING}

# Colors (2-4-2) in English, Japanese and Chinese, folded -> English.
COLORS = {}
for _en, *_names in (("red", "赤", "红"), ("blue", "青", "蓝"), ("yellow", "黄"), ("green", "緑", "绿"),
                     ("black", "黒", "黑"), ("purple", "紫"), ("white", "白")):
    for _n in (_en, *_names):
        COLORS[_n] = _en


def color_names(names: list[str], path: str) -> tuple[str, ...]:
    """Colour names of an effect's `colors:` list (already checked to be strings) -> English, in order;
    an unknown one is refused at `path[i]`."""
    out = []
    for i, name in enumerate(names):
        if name.casefold() not in COLORS:
            raise InvalidScenario(f"{path}[{i}]", f"unknown color {name!r}")
        out.append(COLORS[name.casefold()])
    return tuple(out)

_BRACKETS = str.maketrans("", "", "《》『』«»<>〈〉【】[]")
_NUMBER = re.compile(r"^([+\-])?(\d+)")


def _fold(text: str) -> str:
    s = unicodedata.normalize("NFKC", text).translate(_BRACKETS)
    return re.sub(r"\s+", "", s).casefold().replace("−", "-")


@lru_cache(maxsize=1)
def _aliases() -> list[tuple[str, str]]:
    """(folded alias, keyword id), longest alias first; trailing numbers in aliases are dropped."""
    entries = load_yaml_file(TERMS_FILE) or []
    pairs: dict[str, str] = {}
    for e in entries:
        if e.get("game") != "dcg" or e.get("kind") != "keyword":
            continue
        kid = "draw_keyword" if e["id"] == "draw_keyword" else e["id"]
        for lang in ("en", "zh", "ja"):
            for name in e.get(lang) or []:
                folded = re.sub(r"[+\-]?\d+(\(.*\))?$", "", _fold(name))
                if folded:
                    pairs.setdefault(folded, kid)
    return sorted(pairs.items(), key=lambda kv: -len(kv[0]))


def _split_leading_number(s: str) -> tuple[int | None, str]:
    """Japanese writes `1ドロー`: a count before the name."""
    m = re.match(r"^(\d+)(.+)$", s)
    return (int(m.group(1)), m.group(2)) if m else (None, s)


_PARSED: dict[str, Keyword] = {}   # keyword text -> its parse (validation parses the same few strings again and again)


def parse_keyword(text, path: str) -> Keyword:
    """Parse one keyword string. Raises InvalidScenario (unknown) or UnsupportedKeyword (known, not built)."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidScenario(path, "a keyword is a non-empty string")
    parsed = _PARSED.get(text)
    if parsed is None:
        parsed = _parse_keyword(text, path)
        if len(_PARSED) < 4096:
            _PARSED[text] = parsed
    return parsed


def _parse_keyword(text: str, path: str) -> Keyword:
    folded = _fold(text)
    lead, rest = _split_leading_number(folded)
    for candidate, number in ((folded, None), (rest, lead)):
        for alias, kid in _aliases():
            if candidate.startswith(alias):
                return _finish(kid, candidate[len(alias):], number, text, path)
    raise InvalidScenario(path, f"unknown keyword {text!r}")


def _finish(kid: str, tail: str, lead: int | None, text: str, path: str) -> Keyword:
    if kid in EFFECT_FIELDS:
        raise InvalidScenario(path, f"{text!r} qualifies an effect: write {EFFECT_FIELDS[kid]}")
    if kid not in IMPLEMENTED:
        raise UnsupportedKeyword(path, text)
    shape = IMPLEMENTED[kid]
    if shape == "spec":
        if lead is not None or not tail:
            raise InvalidScenario(path, f"keyword {text!r} names its cards, e.g. (Blue Lv.4 & Green Lv.4)")
        return Keyword(kid, None, spec_text(parse_spec(tail, text, path)))
    if shape == "trait":
        trait = tail.strip("()（）「」特徴:：")
        if lead is not None or not trait:
            raise InvalidScenario(path, f"keyword {text!r} names a trait, e.g. Overclock (Puppet)")
        return Keyword(kid, None, trait)
    if shape == "reduce":      # Digisorption -3: the digivolve cost minus 3 (the sign may be omitted)
        m = re.match(r"^-?(\d+)$", tail.strip("()（）"))
        if m is None or lead is not None or not 1 <= int(m.group(1)) <= 20:
            raise InvalidScenario(path, f"keyword {text!r} needs a reduction 1..20, e.g. Digisorption -2")
        return Keyword(kid, int(m.group(1)), None)
    n = lead
    m = _NUMBER.match(tail)
    if m:
        if n is not None:
            raise InvalidScenario(path, f"keyword {text!r} has two numbers")
        n = int(m.group(2)) * (-1 if m.group(1) == "-" else 1)
        if shape == "signed" and not m.group(1):
            raise InvalidScenario(path, f"keyword {text!r}: write the sign, e.g. +1 or -1")
        tail = tail[m.end():]
    param = tail.strip("()（）") or None
    if shape is None or shape == "param":
        if n is not None:
            raise InvalidScenario(path, f"keyword {text!r} takes no number")
        if param and shape is None:
            raise InvalidScenario(path, f"unknown keyword {text!r}")
        if param and param not in COLORS:
            raise InvalidScenario(path, f"keyword {text!r}: the parameter must be a color")
        return Keyword(kid, None, COLORS.get(param) if param else None)
    if n is None:
        raise InvalidScenario(path, f"keyword {text!r} needs a number")
    if shape in ("count", "recovery") and n < 1:
        raise InvalidScenario(path, f"keyword {text!r}: the number must be 1 or more")
    if shape == "recovery":
        if param not in (None, "deck", "デッキ", "卡组", "卡组区"):
            raise InvalidScenario(path, f"keyword {text!r}: only Recovery from the deck is supported")
        return Keyword(kid, n, "deck")
    if param:
        raise InvalidScenario(path, f"unknown keyword {text!r}")
    if shape == "signed" and abs(n) > 20:
        raise InvalidScenario(path, f"keyword {text!r}: number out of range")
    if shape == "count" and n > 60:
        raise InvalidScenario(path, f"keyword {text!r}: number out of range")
    return Keyword(kid, n, None)


_SPEC_PART = re.compile(r"^(?P<color>[^\d&+＆]*?)lv\.?(?P<level>\d)$")


def parse_spec(tail: str, text: str = "", path: str = "") -> tuple[tuple[str | None, int], ...]:
    """`bluelv.4&greenlv.4` (folded) -> (("blue", 4), ("green", 4)): the cards Decode/Partition name."""
    out = []
    for part in re.split(r"[&+＆]", tail.strip("()（）")):
        m = _SPEC_PART.match(part)
        color = m and (m.group("color") or None)
        if m is None or (color is not None and color not in COLORS):
            raise InvalidScenario(path, f"keyword {text!r}: name cards as <color> Lv.<n>, e.g. (Blue Lv.4)")
        out.append((COLORS[color] if color else None, int(m.group("level"))))
    return tuple(out)


def spec_text(spec) -> str:
    return " & ".join(f"{c.capitalize() + ' ' if c else ''}Lv.{lv}" for c, lv in spec)


def parse_static(text, path: str) -> Keyword:
    """A keyword a card has (`keywords:`, `inherited:`); acting keywords belong under `effects:`."""
    kw = parse_keyword(text, path)
    if kw.kid in ACTING:
        raise InvalidScenario(path, f"{text!r} is an effect that runs at a timing: write it under "
                                    f"`effects:` as {{timing: on_play, do: {text!r}}}")
    return kw


def keyword_text(kw: Keyword) -> str:
    """Canonical English text of a keyword (used by the notation and in step texts)."""
    name = ENGLISH[kw.kid]
    if kw.kid == "security_attack":
        return f"{name} {kw.n:+d}"
    if kw.kid == "recovery":
        return f"{name} +{kw.n} (Deck)"
    if kw.kid in ("digisorption", "link_plus"):
        return f"{name} {'-' if kw.kid == 'digisorption' else '+'}{kw.n}"
    if kw.n is not None:
        return f"{name} {kw.n}"
    if kw.param:
        return f"{name} ({kw.param})"
    return name


ENGLISH = {
    "security_attack": "Security Attack", "blocker": "Blocker", "piercing": "Piercing", "jamming": "Jamming",
    "reboot": "Reboot", "retaliation": "Retaliation", "rush": "Rush", "decoy": "Decoy",
    "armor_purge": "Armor Purge", "evade": "Evade", "raid": "Raid", "alliance": "Alliance",
    "barrier": "Barrier", "fortitude": "Fortitude", "collision": "Collision", "recovery": "Recovery",
    "draw_keyword": "Draw", "de_digivolve": "De-Digivolve", "blitz": "Blitz",
    "digisorption": "Digisorption", "material_save": "Material Save", "partition": "Partition",
    "scapegoat": "Scapegoat", "vortex": "Vortex", "overclock": "Overclock", "iceclad": "Iceclad",
    "decode": "Decode", "fragment": "Fragment", "execute": "Execute", "progress": "Progress",
    "link_plus": "Link", "training": "Training", "save": "Save", "mind_link": "Mind Link",
    "blast_digivolve": "Blast Digivolve", "blast_dna_digivolve": "Blast DNA Digivolve",
}


def keyword_id(text: str) -> str | None:
    """The keyword id a bare name denotes (for `decline:` and `choose:` keys), or None."""
    folded = _fold(text)
    for alias, kid in _aliases():
        if folded == alias:
            return kid
    return None
