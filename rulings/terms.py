"""The project's terms table (rulings/data/terms.yaml): one concept, its names in English, Chinese and
Japanese, and the section defining it in each edition.

Used for cross-language search expansion, keyword aliases in scenario files, and "the same rule in other
editions" links. Section numbers are not stable across editions; term identity is the link.

Matching is NFKC + casefold, ignoring spaces and the keyword/timing brackets 《》『』«»<>【】[]{}〈〉.
Traditional Chinese input is converted to simplified (OpenCC t2s) and matched against Chinese names only:
converting Japanese would merge the two languages (貫通 is Japanese, 贯通 Chinese).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from .name_scan import NameScanner


TERMS_FILE = Path(__file__).resolve().parent / "data" / "terms.yaml"
LANGUAGES = ("en", "zh", "ja")
GAMES = ("dcg", "ygo")

_OPEN, _CLOSE = "《『«<〈【[{「", "》』»>〉】]}」"
_BRACKETS = _OPEN + _CLOSE                      # keyword / timing / icon brackets
_STRIP = re.compile("[" + re.escape(_BRACKETS + "()（）") + r"\s]+")
_UNIFY = str.maketrans({**{c: "[" for c in _OPEN}, **{c: "]" for c in _CLOSE}})
_MINUS = str.maketrans({"\u2212": "-", "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-",
                        "\u2014": "-", "\uff0d": "-"})


class TermsDataError(ValueError):
    """terms.yaml breaks the schema (missing field, duplicate id, unknown game/edition)."""


@dataclass(frozen=True)
class Term:
    id: str
    game: str
    kind: str
    en: tuple[str, ...]
    zh: tuple[str, ...]
    ja: tuple[str, ...]
    sections: Mapping[str, str]          # edition id -> section number (read-only)
    note: str = ""

    def __hash__(self) -> int:           # sections is a mapping; the id is unique
        return hash(self.id)

    @property
    def display(self) -> str:
        return (self.en or self.zh or self.ja or (self.id,))[0]

    def names(self, language: str | None = None) -> tuple[str, ...]:
        if language is None:
            return self.en + self.zh + self.ja
        return getattr(self, language)

    def refs(self) -> list[str]:
        return [f"{edition}:{number}" for edition, number in self.sections.items()]


@dataclass(frozen=True)
class KeywordUse:
    """A keyword as written on a card or in a scenario: `Security A. +1`, `Recovery +1 (Deck)`, `Draw 2`."""
    term: Term
    value: int | None = None
    qualifier: str | None = None


def normalize(text: str) -> str:
    """NFKC, casefold, unify minus signs."""
    return unicodedata.normalize("NFKC", text or "").translate(_MINUS).casefold()


def alias_key(name: str, strict: bool = False) -> str:
    """The comparison key of a name: normalised, without brackets and spaces.

    The strict key remembers whether the name was bracketed, so that `[Security]` (a timing) and
    `security` (a zone) are told apart when the input is written the same way; the loose key merges them.
    """
    loose = _STRIP.sub("", normalize(name))
    if strict and normalize(name).strip()[:1] in _OPEN:
        return "[" + loose
    return loose


@lru_cache(maxsize=1)
def _t2s():
    import opencc

    return opencc.OpenCC("t2s")


def to_simplified(text: str) -> str:
    """Traditional -> simplified Chinese. Only for Chinese text: never apply it to Japanese."""
    return _t2s().convert(text)


@lru_cache(maxsize=1)
def _table() -> "_Table":
    return _Table(_load(TERMS_FILE))


def _load(path: Path) -> list[Term]:
    from .editions import EDITIONS

    from .yamlio import load_yaml_file

    raw = load_yaml_file(path) or []
    terms: list[Term] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        where = f"{path.name}[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise TermsDataError(f"{where}: an entry needs an `id`")
        tid = item["id"]
        if tid in seen:
            raise TermsDataError(f"{where}: duplicate id {tid!r}")
        seen.add(tid)
        if item.get("game") not in GAMES:
            raise TermsDataError(f"{where}.game: one of {GAMES}")
        names = {lang: tuple(str(n) for n in (item.get(lang) or [])) for lang in LANGUAGES}
        if not any(names.values()):
            raise TermsDataError(f"{where}: {tid} has no names")
        sections = {str(k): str(v) for k, v in (item.get("sections") or {}).items()}
        for edition in sections:
            if edition not in EDITIONS or EDITIONS[edition].game != item["game"]:
                raise TermsDataError(f"{where}.sections: {edition!r} is not a {item['game']} edition")
        terms.append(Term(tid, item["game"], str(item.get("kind") or "term"), names["en"], names["zh"],
                          names["ja"], MappingProxyType(sections), str(item.get("note") or "")))
    return terms


class _Table:
    """Lookup structures built once from the term list."""

    def __init__(self, terms: list[Term]):
        self.terms = terms
        self.by_id = {t.id: t for t in terms}
        self.strict: dict[str, list[Term]] = {}      # strict alias key -> terms (any language)
        self.loose: dict[str, list[Term]] = {}       # loose alias key -> terms (any language)
        self.zh_keys: dict[str, list[Term]] = {}     # loose key of the simplified Chinese name -> terms
        self.by_ref: dict[str, list[Term]] = {}
        for t in terms:
            for lang in LANGUAGES:
                for name in t.names(lang):
                    key = alias_key(name)
                    if not key:
                        continue
                    _add(self.loose, key, t)
                    _add(self.strict, alias_key(name, strict=True), t)
                    if lang == "zh":
                        _add(self.zh_keys, alias_key(to_simplified(name)), t)
            for ref in t.refs():
                _add(self.by_ref, ref, t)
        # Free-text scanning: one trie per language, longest names first so that 阻挡者 wins over 阻挡 at
        # the same place. Latin names must stand as whole words.
        names: dict[str, dict[str, list[Term]]] = {lang: {} for lang in LANGUAGES}
        for t in terms:
            for lang in LANGUAGES:
                for name in t.names(lang):
                    needle = _scan_form(name).strip()
                    if needle and t not in names[lang].setdefault(needle, []):
                        names[lang][needle].append(t)
        self.scan_terms = names
        self.scan = {lang: NameScanner(table, boundary=(lang == "en")) for lang, table in names.items()}


def _add(index: dict, key: str, term: Term) -> None:
    bucket = index.setdefault(key, [])
    if term not in bucket:
        bucket.append(term)


def _scan_form(text: str) -> str:
    """Normalised text with every bracket kind written as [ ] (《ブロッカー》 and <Blocker> alike)."""
    return normalize(text).translate(_UNIFY)


def all_terms(game: str | None = None) -> list[Term]:
    return [t for t in _table().terms if game is None or t.game == game]


def by_id(term_id: str) -> Term | None:
    return _table().by_id.get(term_id)


def find(word: str, game: str | None = None) -> list[Term]:
    """Terms with a name equal to `word` (case/width/bracket/space-insensitive; traditional Chinese ok).

    A trailing value such as `+1`, `-2`, `2` or `(Deck)` is ignored when the bare name matches.
    """
    table = _table()
    for candidate in _candidates(word):
        key = alias_key(candidate)
        for hits in (table.strict.get(alias_key(candidate, strict=True)), table.loose.get(key),
                     table.zh_keys.get(alias_key(to_simplified(candidate)))):
            hits = [t for t in hits or () if game is None or t.game == game]
            if hits:
                return hits
    return []


_VALUE = re.compile(r"^(?P<name>.*?)\s*(?P<value>[+-]?\s*\d+)?\s*(?:[(（](?P<qual>[^)）]*)[)）])?\s*$")


def _candidates(word: str) -> list[str]:
    s = unicodedata.normalize("NFKC", word or "").translate(_MINUS).strip()
    out = [s]
    m = _VALUE.match(s.strip(_BRACKETS + " "))
    if m and (m.group("value") or m.group("qual")) and m.group("name").strip():
        out.append(m.group("name").strip(_BRACKETS + " "))
    return out


def parse_keyword(word: str, game: str = "dcg") -> KeywordUse | None:
    """`Security Attack +1` -> KeywordUse(security_attack, 1); `Recovery +1 (Deck)` -> (recovery, 1, "Deck").

    Only terms of kind `keyword` in `game`. None when the word is not a keyword name.
    """
    s = unicodedata.normalize("NFKC", word or "").translate(_MINUS).strip().strip(_BRACKETS + " ")
    m = _VALUE.match(s)
    if m and m.group("name").strip() and (m.group("value") or m.group("qual")):
        bare = [t for t in find(m.group("name"), game) if t.kind == "keyword"]
        if bare:
            value = int(m.group("value").replace(" ", "")) if m.group("value") else None
            return KeywordUse(bare[0], value, (m.group("qual") or "").strip() or None)
    exact = [t for t in find(s, game) if t.kind == "keyword"]
    return KeywordUse(exact[0]) if exact else None


def keyword_names(game: str) -> dict[str, set[str]]:
    """Keyword id -> every printed name (English, Chinese, Japanese) of the game's keyword effects."""
    return {t.id: set(t.names()) for t in all_terms(game) if t.kind == "keyword"}


@dataclass(frozen=True)
class Mention:
    term: Term
    language: str
    name: str        # the normalised name found
    start: int       # span in the normalised query (NFKC keeps the length of CJK and ASCII text;
    end: int         #   t2s maps characters one to one, so zh spans agree too)


def mentions(query: str, game: str | None = None) -> list[Mention]:
    """Terms named in free text: leftmost-longest names, non-overlapping per language.

    Latin names must stand as whole words; CJK names match as substrings; Chinese names also match the
    simplified form of traditional input.
    """
    text = _scan_form(query)
    if not text.strip():
        return []
    simplified = to_simplified(text)
    table = _table()
    out: list[Mention] = []
    for lang in LANGUAGES:
        hay = simplified if lang == "zh" else text
        for start, end in table.scan[lang].finditer(hay):
            name = hay[start:end]
            for t in table.scan_terms[lang][name]:
                if game is None or t.game == game:
                    out.append(Mention(t, lang, name, start, end))
    return out


def expand(query: str, game: str | None = None) -> list[str]:
    """The other-language names of every term named in `query` (display names first, no duplicates)."""
    found = mentions(query, game)
    mentioned = {(m.term.id, m.language) for m in found}
    out: list[str] = []
    seen = {normalize(m.name) for m in found}
    for term in dict.fromkeys(m.term for m in found):
        for lang in LANGUAGES:
            if (term.id, lang) in mentioned:
                continue
            for name in term.names(lang):
                key = normalize(name)
                if key not in seen:
                    seen.add(key)
                    out.append(name)
    return out


def terms_at(ref: str) -> list[Term]:
    """Terms whose defining section (in that edition) is exactly `ref`."""
    return list(_table().by_ref.get(ref, []))


def linked_refs(ref: str) -> list[str]:
    """The same term's defining sections in the other editions.

    A section inside a term's section (16-4-2 inside 16-4) links like its nearest such ancestor.
    """
    from .editions import EDITIONS

    edition, sep, number = ref.partition(":")
    if not sep:
        return []
    while number:
        terms = terms_at(f"{edition}:{number}")
        if terms:
            out = [r for t in terms for r in t.refs() if not r.startswith(edition + ":")]
            order = list(EDITIONS)
            return sorted(dict.fromkeys(out), key=lambda r: order.index(r.split(":", 1)[0]))
        number = re.sub(r"[-.][^-.]*$", "", number) if re.search(r"[-.]", number) else ""
    return []
