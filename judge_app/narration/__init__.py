"""The engines' steps and refusals in the UI's language.

The engines write each step in English and name it with an event id (`battle.tie`) and the message's
parameters (`params`, engine/trace.py). Here the event id is the message id: `zh.yaml` gives each event
either one sentence without params (an event whose English never varies: `End of Attack.`), or a list of
sentences tried in order, the first whose `{params}` the step carries; the last, without params, is the
general sentence for a step without them, and the page then keeps the engine's English beside it, so no
detail (card ids, numbers) is lost in translation. `{name!s:.0}` requires a param without showing it (it
tells apart two sentences of one event); `words:` shows codes given as params (attack, main1) in the language.
A refused action is told by the rule of its first cited key (`refusal_rules:` key -> sentence), the engine's
English `why` kept beside it; the CLI and the JSON stay English.
"""
from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rulings.yamlio import load_yaml

HERE = Path(__file__).resolve().parent
CATALOGS = {"zh": HERE / "zh.yaml"}
CASEBOOK_TITLES = {"zh": HERE / "casebook_zh.yaml"}
EXAMPLE_TITLES = {"zh": HERE / "examples_zh.yaml"}
_LP_ZERO = re.compile(r"^([AB])'s LP reached 0$")


@dataclass(frozen=True)
class Told:
    text: str
    complete: bool    # False: the general sentence of the event; show the engine's English beside it


@lru_cache(maxsize=None)
def catalog(lang: str, kind: str = "engine") -> dict:
    path = {"casebook": CASEBOOK_TITLES, "examples": EXAMPLE_TITLES}.get(kind, CATALOGS).get(lang)
    if path is None:
        return {}
    return load_yaml(path.read_text(encoding="utf-8")) or {}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def step(game: str, event: str, text: str, params: dict | None, lang: str) -> Told:
    """A step (or any engine message with an event id) in `lang`; English is the engine's own text."""
    entry = (catalog(lang).get(game) or {}).get(event)
    if lang == "en" or entry is None:
        return Told(text, lang == "en")
    options = entry if isinstance(entry, list) else [entry]
    params = params or {}
    for template in options:
        needed = fields(template)
        if needed and needed <= params.keys():
            return Told(template.format(**_worded(params, lang)), True)
    general = next((t for t in options if not fields(t)), options[-1])
    # a single sentence without params tells an event whose English never varies (End of Attack.) in full
    return Told(general, not isinstance(entry, list) and not fields(general))


def _worded(params: dict, lang: str) -> dict:
    """The params with the codes of `words:` (position attack, phase main1, place graveyard) in `lang`."""
    words = catalog(lang).get("words") or {}
    return {k: words[k].get(v, v) if k in words and isinstance(v, str) else v for k, v in params.items()}


def action(kind: str, lang: str) -> str:
    """A refused action's kind (`normal_summon`) as a judge says it in `lang`."""
    return (catalog(lang).get("actions") or {}).get(kind, kind) if lang != "en" else kind


def reason(text: str, lang: str) -> str:
    """An outcome's reason in `lang` (the engines word a few fixed reasons)."""
    if lang == "en" or not text:
        return text
    known = (catalog(lang).get("reasons") or {}).get(text)
    if known:
        return known
    lp = _LP_ZERO.match(text)
    return f"{lp.group(1)}的基本分变为0" if lp and lang == "zh" else text


def refusal_rule(key: str | None, lang: str) -> str | None:
    """The rule a refused action's first cited key states, in `lang` (`refusal_rules:`); None in English
    (the engine's own `why` says it) or for a key without a sentence."""
    if lang == "en" or not key:
        return None
    return (catalog(lang).get("refusal_rules") or {}).get(key)


def example_title(name: str, title: str, lang: str) -> str:
    """A bundled example's title in `lang` (examples_zh.yaml), else as written."""
    return catalog(lang, "examples").get(name, title) if lang != "en" else title


def casebook_title(ruling_id: str, title: str, lang: str) -> str:
    """A casebook ruling's title in `lang` (casebook_zh.yaml), else as written."""
    return catalog(lang, "casebook").get(ruling_id, title) if lang != "en" else title

