"""Target conditions that read a card's name, traits or text (JP 3.6 2-3-1, 2-3-2, 4-20, 4-21-1).

    filter: {name: Greymon}                    # 「名称に「グレイモン」を含む」: the name contains it (2-3-1-3)
    filter: {name_is: [Agumon, Gabumon]}       # 「「アグモン」/「ガブモン」」: the name is one of them (2-3-1-2, 4-21-1)
    filter: {trait: Royal Knights}             # 「特徴に「ロイヤルナイツ」を持つ」: has that trait (2-3-2-3)
    filter: {trait_contains: Dragon}           # 「特徴に「竜」を含む」: a trait contains it (2-3-2-4)
    filter: {text: Save}                       # 「<セーブ>の記述がある」: the icon is written on the card (4-20-1)
    filter: {source_named: WereGarurumon}      # 「進化元に「ワーガルルモン」がある」: a digivolution card so named (4-6-2)
    filter: {color: [red, blue]}               # 「赤/青の」: a multicolour card is a card of each of its colours (2-4-3-1)

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
from .keywords import COLORS, ENGLISH, keyword_id
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


def _source_named(d: Digimon, want, face_down: bool = False) -> bool:
    """A digivolution card of that name: the cards treated as digivolution cards are read (4-6-2); a face-down
    one has no information (4-5-9), unless `face_down` asks what it would have matched."""
    return any(_fold(bare(c.name or c.id)) == _fold(w) for c in d.sources if face_down or not c.face_down for w in want)


def _colors(value, path: str):
    items = _alternatives(value, path)
    out = []
    for c in items:
        if c.casefold() not in COLORS:
            raise InvalidScenario(path, f"unknown color {c!r}")
        out.append(COLORS[c.casefold()])
    return out[0] if isinstance(value, str) else tuple(out)   # one colour stays a string, as it always was


def _color(d: Digimon, want) -> bool:
    colors = d.colors()
    return any(c in colors for c in ((want,) if isinstance(want, str) else want))


def _text_words(want) -> str:
    return "/".join(f"<{ENGLISH.get(k, k)}>" for k in want)


def _quoted(want) -> str:
    return "/".join(f"\"{w}\"" for w in want)


filter_condition("name", tuple, _alternatives, _name_contains, lambda w: f"{_quoted(w)} in its name")
filter_condition("name_is", tuple, _alternatives, _name_is, lambda w: f"the name {_quoted(w)}")
filter_condition("trait", tuple, _alternatives, _trait_is, lambda w: f"the trait {_quoted(w)}")
filter_condition("trait_contains", tuple, _alternatives, _trait_contains, lambda w: f"{_quoted(w)} in a trait")
filter_condition("source_named", tuple, _alternatives, _source_named,
                 lambda w: f"a digivolution card named {_quoted(w)}")
filter_condition("color", tuple, _colors, _color, lambda w: w if isinstance(w, str) else "/".join(w))
filter_condition("text", tuple, _icons, _has_text, lambda w: f"{_text_words(w)} in its text")

TESTS = {"name": _name_contains, "name_is": _name_is, "trait": _trait_is, "trait_contains": _trait_contains,
         "text": _has_text, "source_named": _source_named, "color": _color}
_KEYS = {"name": "dcg.name.contains", "name_is": "dcg.name.exact", "trait": "dcg.trait.has",
         "trait_contains": "dcg.trait.contains", "text": "dcg.text.written", "source_named": "dcg.sources.info",
         "color": "dcg.color.multicolor_card"}
_WORDS = {"name": "has {} in its name", "name_is": "is named {}", "trait": "has the trait {}",
          "trait_contains": "has {} in a trait", "text": "has {} written in its text",
          "source_named": "has a digivolution card named {}", "color": "is {}"}



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
    if key == "source_named":
        hidden = [d for d in failed if _source_named(d, want, face_down=True)]
        if hidden:
            keys.append("dcg.stack.face_down")
            notes.append(f"{', '.join(d.label for d in hidden)} has it only face down, which has no information")
    if key == "color":
        want = (want,) if isinstance(want, str) else want
        multi = [d for d in passed if len(d.colors()) > 1]
        notes.append(f"{', '.join(d.label for d in multi)}: a multicolour card is a card of each of its colours")
    if len(want) > 1 and passed:
        keys.append("dcg.text.alternatives")
        notes.append(f"{'/'.join(str(w) for w in want)} is met by any one of them")
    return keys, notes


@on("targets_filtered")
def _filtered(game, owner: str, e, seen) -> None:
    for key, want in e.filter:
        if key not in _KEYS:
            continue
        test = TESTS[key]
        ok = [d for d in seen if test(d, want)]
        no = [d for d in seen if not test(d, want)]
        if key == "color" and not any(len(d.colors()) > 1 for d in ok):
            continue   # a one-colour Digimon is that colour or not: no rule to cite beyond the target condition
        extra, notes = _why(key, want, ok, no)
        shown = (_text_words(want) if key == "text" else "/".join((want,) if isinstance(want, str) else want)
                 if key == "color" else _quoted(want))
        text = (f"Target condition: a Digimon that {_WORDS[key].format(shown)} — "
                f"{', '.join(d.label for d in ok) or 'none'} {'meet' if len(ok) != 1 else 'meets'} it"
                + (f"; {', '.join(d.label for d in no)} {'do' if len(no) != 1 else 'does'} not" if no else "")
                + (f" ({'; '.join(notes)})" if notes else "") + ".")
        after = ["dcg.name.exact"] if key == "source_named" else []   # 「X」: the exact name
        game.step("effect.target_condition", text, *extra[:2], _KEYS[key], *after[:2 - len(extra[:2])],
                  condition=key, meets=", ".join(d.label for d in ok) or "none",
                  fails=", ".join(d.label for d in no) or "none")
