"""Target conditions that read a card's name, traits or text (JP 3.6 2-3-1, 2-3-2, 4-20, 4-21-1).

    filter: {name: Greymon}                    # 「名称に「グレイモン」を含む」: the name contains it (2-3-1-3)
    filter: {name_is: [Agumon, Gabumon]}       # 「「アグモン」/「ガブモン」」: the name is one of them (2-3-1-2, 4-21-1)
    filter: {trait: Royal Knights}             # 「特徴に「ロイヤルナイツ」を持つ」: has that trait (2-3-2-3)
    filter: {trait_contains: Dragon}           # 「特徴に「竜」を含む」: a trait contains it (2-3-2-4)
    filter: {text: Save}                       # 「<セーブ>の記述がある」: the icon is written on the card (4-20-1)

Each takes a string or a list of strings: a list is "A/B", met by any one of them (4-21-1). "ACE" written in
a name is not part of the name (2-3-1-4): `Greymon ACE` is named Greymon. "Has [X] in its text" reads the icons
written on the Digimon's top card — its keywords, the keywords and effects of its inherited-effect section
(written there even though they do not work on top, 4-20-3), the acting keywords its effects run and the keywords
they give — not what its digivolution cards give it (4-20-2); an icon matches only the same kind of icon (<Save>
is not <Material Save>, 4-20-4).

When an effect's target conditions sort the Digimon it could name (the kernel's `targets_filtered`), one step
says which met the name, trait or text condition and which did not, citing the rule that decided it.
"""
from __future__ import annotations

import re
import unicodedata

from ..errors import InvalidScenario
from .effects import KEYWORD_VERBS
from .game import on
from .keywords import ENGLISH, keyword_id
from .model import Digimon
from .target_filter import filter_condition

_ACE = re.compile(r"^(?P<name>.*?)(?:\s+|(?<=[^\x00-\x7f]))ACE$")
_VERB_KEYWORDS = {verb: kid for kid, verb in KEYWORD_VERBS.items()}
MAX_ALTERNATIVES = 6


def _alternatives(value, path: str) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not 1 <= len(items) <= MAX_ALTERNATIVES or not all(
            isinstance(v, str) and v.strip() and len(v) <= 100 for v in items):
        raise InvalidScenario(path, f"a non-empty string, or a list of 1..{MAX_ALTERNATIVES} of them (\"A/B\")")
    return tuple(unicodedata.normalize("NFKC", v).strip() for v in items)


def _icons(value, path: str) -> tuple[str, ...]:
    out = []
    for i, text in enumerate(_alternatives(value, path)):
        kid = keyword_id(text)
        if kid is None:
            raise InvalidScenario(path if isinstance(value, str) else f"{path}[{i}]",
                                  f"{text!r} is not a keyword icon (e.g. Save, Blocker, Draw)")
        out.append(kid)
    return tuple(out)


def bare(name: str) -> str:
    """The name without the "ACE" written in it (2-3-1-4)."""
    m = _ACE.match(name)
    return m.group("name") if m and m.group("name") else name


def _fold(s: str) -> str:
    return unicodedata.normalize("NFKC", s).casefold()


def _names(d: Digimon, ace: bool = True) -> list[str]:
    return [_fold(bare(n) if ace else n) for n in d.names()]


def _name_contains(d: Digimon, want, ace: bool = True) -> bool:
    return any(_fold(w) in n for n in _names(d, ace) for w in want)


def _name_is(d: Digimon, want, ace: bool = True) -> bool:
    return any(_fold(w) == n for n in _names(d, ace) for w in want)


def _trait_is(d: Digimon, want) -> bool:
    return any(_fold(w) == _fold(t) for t in d.traits() for w in want)


def _trait_contains(d: Digimon, want) -> bool:
    return any(_fold(w) in _fold(t) for t in d.traits() for w in want)


def written(d: Digimon) -> tuple[set[str], set[str]]:
    """The icons written on the top card (4-20-1): (all of them, those written only in its inherited-effect
    section). What its digivolution cards give it is not written on it (4-20-2)."""
    card = d.card
    own = {k.kid for k in card.keywords}
    inherited = {k.kid for k in card.inherited}
    for e in card.effects:
        kids = {k for k in (_VERB_KEYWORDS.get(e.do), e.keyword.kid if e.keyword else None) if k}
        (inherited if e.inherited else own).update(kids)
    return own | inherited, inherited - own


def _has_text(d: Digimon, want) -> bool:
    return bool(written(d)[0] & set(want))


def _quoted(want) -> str:
    return "/".join(f"\"{w}\"" for w in want)


filter_condition("name", tuple, _alternatives, _name_contains, lambda w: f"{_quoted(w)} in its name")
filter_condition("name_is", tuple, _alternatives, _name_is, lambda w: f"the name {_quoted(w)}")
filter_condition("trait", tuple, _alternatives, _trait_is, lambda w: f"the trait {_quoted(w)}")
filter_condition("trait_contains", tuple, _alternatives, _trait_contains, lambda w: f"{_quoted(w)} in a trait")
filter_condition("text", tuple, _icons, _has_text,
                 lambda w: "/".join(f"<{ENGLISH.get(k, k)}>" for k in w) + " in its text")

_KEYS = {"name": "dcg.name.contains", "name_is": "dcg.name.exact", "trait": "dcg.trait.has",
         "trait_contains": "dcg.trait.contains", "text": "dcg.text.written"}
_WORDS = {"name": "has {} in its name", "name_is": "is named {}", "trait": "has the trait {}",
          "trait_contains": "has {} in a trait", "text": "has {} written in its text"}


def _text_words(want) -> str:
    return "/".join(f"<{ENGLISH.get(k, k)}>" for k in want)


def _why(key: str, want, passed, failed) -> tuple[list[str], list[str]]:
    """The further rules that decided this condition for these Digimon, and what the step adds about them."""
    keys, notes = [], []
    test = {"name": _name_contains, "name_is": _name_is}.get(key)
    if test is not None:
        ace = [d for d in (*passed, *failed) if test(d, want) != test(d, want, ace=False)]
        if ace:
            keys.append("dcg.name.ace")
            notes.append(f"\"ACE\" in {', '.join(d.label for d in ace)} is not part of the name")
    if key == "text":
        given = [d for d in failed if any(d.has(k) for k in want)]
        if given:
            keys.append("dcg.text.not_inherited")
            notes.append(f"{', '.join(d.label for d in given)} has it only from a digivolution card, which does "
                         f"not write it on the Digimon")
        names = [ENGLISH.get(k, k).casefold() for k in want]
        alike = [d for d in failed if any(n in ENGLISH.get(k, k).casefold() and k not in want
                                          for k in written(d)[0] for n in names)]
        if alike:
            keys.append("dcg.text.icon_kind")
            notes.append(f"{', '.join(d.label for d in alike)} has a different kind of icon")
        only = [d for d in passed if written(d)[1] & set(want)]
        if only:
            keys.append("dcg.text.inherited_written")
            notes.append(f"{', '.join(d.label for d in only)} has it written in its inherited effect, which counts "
                         f"even though it does not work on top")
    if len(want) > 1 and passed:
        keys.append("dcg.text.alternatives")
        notes.append(f"{'/'.join(str(w) for w in want)} is met by any one of them")
    return keys, notes


@on("targets_filtered")
def _filtered(game, owner: str, e, seen) -> None:
    for key, want in e.filter:
        if key not in _KEYS:
            continue
        test = {"name": _name_contains, "name_is": _name_is, "trait": _trait_is,
                "trait_contains": _trait_contains, "text": _has_text}[key]
        ok = [d for d in seen if test(d, want)]
        no = [d for d in seen if not test(d, want)]
        extra, notes = _why(key, want, ok, no)
        shown = _text_words(want) if key == "text" else _quoted(want)
        text = (f"Target condition: a Digimon that {_WORDS[key].format(shown)} — "
                f"{', '.join(d.label for d in ok) or 'none'} {'meet' if len(ok) != 1 else 'meets'} it"
                + (f"; {', '.join(d.label for d in no)} {'do' if len(no) != 1 else 'does'} not" if no else "")
                + (f" ({'; '.join(notes)})" if notes else "") + ".")
        game.step("effect.target_condition", text, *extra[:2], _KEYS[key],   # the particular case first
                  condition=key, meets=", ".join(d.label for d in ok) or "none",
                  fails=", ".join(d.label for d in no) or "none")
