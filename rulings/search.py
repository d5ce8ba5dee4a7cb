"""Find any rule by number or words in Chinese, Japanese or English.

    from rulings.search import get_search
    get_search().search("blocker", game="dcg", limit=5).to_json()

* A rule number (`9-3-6`, `１４－２－１－３`, `4.4.2`, `§12-5`, `dcg-ja-3.6:14-2-1-3`) is looked up
  exactly: its section comes first, in each edition that has it (default edition first; dotted numbers
  prefer Yu-Gi-Oh, dashed ones Digimon). A number that no section has is searched as text.
* Words: bigram phrases for Chinese/Japanese (traditional Chinese matches the simplified texts),
  stemmed words for English, plus the other-language names of every term the query names (terms.yaml),
  so `blocker` finds 《阻挡者》 and 《ブロッカー》. Sections that define a named term, and headings,
  outrank passing mentions.
* When several sections define the same named term, they keep the places their scores won but take them
  in this order (`_definition_tier`): the comprehensive rules in the language the term was typed in
  (kana = Japanese; a name only Chinese has = Chinese; English and 貫通-like spellings shared by both
  languages name no language), then the game's default edition (dcg-ja-3.6 / ygo-zh-rulebook), then the
  other comprehensive rules, then the glossary / NMR article. So `blocker` gives JP 16-4, CN 12-5,
  glossary 13.1; `阻挡者` CN 12-5, JP 16-4, glossary 13.1.
* A long CJK run (a question) scores by its meaningful bigrams only: stop bigrams (in > 6 % of the
  sections, or all-hiragana in Japanese) are dropped and at most 10 are kept, which bounds the p99.
* A heading without text of its own shows the child text (or the line of child titles) that best
  matches the query, never a label such as 其他翻译.
* Without a game filter, a question that names one game's own terms is about that game (`_infer_game`):
  `伤害步骤中能否发动速攻魔法卡` names 伤害步骤 and 速攻魔法 (Yu-Gi-Oh only) and 发动 (both games: it does
  not count), so Yu-Gi-Oh sections rank first (score x `INFERRED_GAME_BOOST`, not a filter: the other
  game's sections still follow). The response says so (`game_inferred`). A term is one game's own when
  that game's rules name it at least `OWN_TERM_RATIO` times as often (share of sections, counted at index
  time) as the other game's; a name both games' terms carry (贯通, 手牌) is nobody's. The game must win
  clearly: it names terms and at least twice as many as the other game, plus one.
* At most `MAX_QUERY_CHARS` (200) characters of a query are analysed; an empty, punctuation-only or
  unmatched query returns no results and a hint, never an error.
"""
from __future__ import annotations

import html
import logging
import os
import re
import threading
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from whoosh import query as Q
from whoosh.query.compound import DefaultOr
from whoosh import scoring

from . import analysis, index, terms
from .analysis import MAX_QUERY_CHARS
from .corpus import MAX_NUMBER_CHARS
from .editions import DEFAULT_EDITION, EDITIONS, GAMES

log = logging.getLogger(__name__)
_NUMBER = re.compile(r"^§?\s*(\d+(?:\s*[-.]\s*\d+)*(?:\.p\d+)?)\s*\.?$")
_DASHES = re.compile(r"[\u2010-\u2015\u2212\u30fc\uff70\uff0d]")
_SNIPPET_CHARS = 140
# A binary tree of union matchers: about half the time of whoosh's preloaded-array Or on this index.
_Or = DefaultOr
_SPACE = re.compile(r"[ \u3000\t]+")
_DEFAULT_PRIOR = 1.3        # the default (official, newest) edition wins a near tie


class SearchInputError(ValueError):
    """A bad filter (unknown edition or game, limit out of range): the caller's mistake, shown as-is."""


@dataclass(frozen=True)
class Hit:
    ref: str
    edition: str
    number: str
    title: str
    snippet: str
    snippet_html: str
    score: float

    def to_json(self) -> dict:
        return {"ref": self.ref, "edition": self.edition, "number": self.number, "title": self.title,
                "snippet": self.snippet, "snippet_html": self.snippet_html, "score": round(self.score, 4),
                "url": f"/rules/{self.edition}/{self.number}"}


@dataclass(frozen=True)
class SearchResponse:
    query: str
    took_ms: float
    results: tuple[Hit, ...]
    hint: str | None = None
    expanded: tuple[str, ...] = ()      # other-language names added to the query
    truncated: bool = False
    game_inferred: str | None = None    # the game the query's own terms point to (no game filter given)

    def to_json(self) -> dict:
        doc = {"query": self.query, "took_ms": round(self.took_ms, 3),
               "results": [h.to_json() for h in self.results]}
        if self.hint:
            doc["hint"] = self.hint
        if self.expanded:
            doc["expanded"] = list(self.expanded)
        if self.truncated:
            doc["truncated"] = True
        if self.game_inferred:
            doc["game_inferred"] = self.game_inferred
        return doc


@dataclass
class _Plan:
    """What a text query looks for: the whoosh query and the strings to mark in snippets."""
    query: Q.Query | None
    needles: list[str] = field(default_factory=list)      # literal CJK/Latin strings to mark
    typed: list[str] = field(default_factory=list)        # CJK runs as typed (and simplified)
    stems: list[str] = field(default_factory=list)        # English stems (marked as word prefixes)
    expanded: list[str] = field(default_factory=list)
    named_terms: list[terms.Term] = field(default_factory=list)
    named_languages: dict[str, str | None] = field(default_factory=dict)   # term id -> language it was typed in
    mentions: list[terms.Mention] = field(default_factory=list)


def check_filters(editions, game, limit) -> tuple[list[str] | None, str | None, int]:
    if game is not None and game not in GAMES:
        raise SearchInputError(f"unknown game {game!r} (one of: {', '.join(GAMES)})")
    eds = None
    if editions:
        eds = []
        for e in editions:
            if e not in EDITIONS:
                raise SearchInputError(f"unknown edition {e!r} (one of: {', '.join(EDITIONS)})")
            if game is not None and EDITIONS[e].game != game:
                raise SearchInputError(f"edition {e!r} is not a {game} edition")
            if e not in eds:
                eds.append(e)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 100:
        raise SearchInputError(f"limit must be an integer from 1 to 100, not {limit!r}")
    return eds, game, limit


class RuleSearch:
    """A searcher over one index directory; reopens itself when a rebuild replaced the live generation.

    Thread-safe: searches share one whoosh searcher under a lock (a search takes milliseconds).
    """

    def __init__(self, base: Path | None = None, build: bool = True):
        self.base = Path(base) if base else index.data_dir()
        self._lock = threading.RLock()
        self._stamp = None
        self._filters: dict = {}
        terms.all_terms()                       # load the terms table now, not in the first search
        self._info = index.ensure(self.base) if build else index.current(self.base)
        if self._info is None:
            raise index.SearchIndexError(f"no search index under {index.search_dir(self.base)}")
        self._open(self._info)

    # -- index generations ------------------------------------------------------------------------
    def _pointer_stamp(self):
        try:
            st = os.stat(index.search_dir(self.base) / "CURRENT")
            return (st.st_ino, st.st_mtime_ns)
        except OSError:
            return None

    def _open(self, info: index.IndexInfo) -> None:
        ix = index.open_checked(info)
        searcher = ix.searcher(weighting=scoring.BM25F(B=0.5, K1=1.2))
        old = getattr(self, "_searcher", None)
        self._ix, self._searcher, self._info = ix, searcher, info
        self._own_terms = own_terms(info.manifest)
        self._stamp = self._pointer_stamp()
        if old is not None:
            old.close()

    def _maybe_reopen(self) -> None:
        stamp = self._pointer_stamp()
        if stamp is not None and stamp != self._stamp:
            info = index.current(self.base)
            if info is not None and info.path != self._info.path:
                try:
                    self._open(info)
                except index.IndexDamaged as e:   # keep answering from the generation already open
                    log.warning("search index %s is damaged (%s): still searching %s", info.path, e,
                                self._info.path.name)
                    self._stamp = stamp
            else:
                self._stamp = stamp

    @property
    def generation(self) -> str:
        return self._info.path.name

    @property
    def editions(self) -> dict:
        return dict(self._info.manifest.get("editions", {}))

    def close(self) -> None:
        with self._lock:
            self._searcher.close()

    # -- searching --------------------------------------------------------------------------------
    def search(self, query: str, editions=None, game: str | None = None, limit: int = 10) -> SearchResponse:
        started = time.perf_counter()
        eds, game, limit = check_filters(editions, game, limit)
        raw = query if isinstance(query, str) else ""
        truncated = len(raw) > MAX_QUERY_CHARS
        text = unicodedata.normalize("NFKC", raw[:MAX_QUERY_CHARS]).strip()
        scope = self._scope(eds, game)
        with self._lock:
            self._maybe_reopen()
            hits, hint, expanded, inferred = self._run(text, scope, eds, game, limit)
        if not hits and not hint:
            hint = self._no_match_hint(text, eds, game)
        if truncated:
            hint = (hint + " " if hint else "") + f"(Only the first {MAX_QUERY_CHARS} characters were searched.)"
        took = (time.perf_counter() - started) * 1000
        return SearchResponse(raw[:MAX_QUERY_CHARS], took, tuple(hits), hint, tuple(expanded), truncated, inferred)

    def _scope(self, eds, game) -> list[str]:
        indexed = [e for e in EDITIONS if e in self._info.manifest.get("editions", {})]
        return [e for e in indexed if (eds is None or e in eds) and (game is None or EDITIONS[e].game == game)]

    def _run(self, text: str, scope: list[str], eds, game, limit):
        if not scope:
            return [], "No indexed edition matches these filters; remove --edition/--game.", [], None
        number_hits, nearest = self._number_lookup(text, scope, eds, game)
        if number_hits:
            return number_hits[:limit], None, [], None
        if nearest is not None:     # a dotted/dashed number that no section has: no text search for "9"s
            near = f" Nearest: {', '.join(nearest)}." if nearest else ""
            return [], f"No section is numbered {text!r} in these editions.{near}", [], None
        plan = self._plan(text, game)
        if plan.query is None:
            hint = ("Type a rule number (e.g. 14-2-1-3 or 4.4.2) or a word in Chinese, Japanese or English."
                    if not text or not re.search(r"\w", text) else None)
            return [], hint, [], None
        inferred = None
        if len({EDITIONS[e].game for e in scope}) > 1:
            inferred = _infer_game(plan.mentions, self._own_terms)
        # A boosted section may lie further down whoosh's order: look a little deeper.
        pool = limit + (30 if inferred else 10)
        results = self._searcher.search(plan.query, filter=self._filter(scope), limit=pool)
        rank = {e: i for i, e in enumerate(_edition_order(scope, game or inferred))}
        phrases = [p.casefold() for p in plan.typed]
        rows = []
        for r in results:
            f = r.fields()
            # Whoosh matched bigrams anywhere in the section; the phrase as typed, in order, earns a bonus
            # (checked on the candidates only: positional phrase queries cost ~5x more per search). It also
            # favours the language the judge typed in over the expansions into the other languages.
            bonus = sum(1.5 for p in phrases if p in f["probe"])
            prior = _DEFAULT_PRIOR if f["edition"] in DEFAULT_EDITION.values() else 1.0
            if inferred and f["game"] == inferred:
                prior *= INFERRED_GAME_BOOST
            rows.append((r.score * (1 + 0.25 * min(bonus, 4)) * prior, f))
        rows.sort(key=lambda x: (-round(x[0], 6), rank.get(x[1]["edition"], 99), x[1]["order"]))
        rows = _order_definitions(rows, plan.named_languages)
        hits = [self._hit(f, score, plan) for score, f in rows[:limit]]
        return hits, None, plan.expanded, inferred

    def _filter(self, scope: list[str]):
        """Doc numbers of the editions in scope (None = all), computed once per scope and searcher."""
        if set(scope) >= set(self._info.manifest.get("editions", {})):
            return None
        key = (id(self._searcher), tuple(scope))
        cached = self._filters.get(key)
        if cached is None:
            cached = {d for e in scope for d in self._searcher.docs_for_query(Q.Term("edition", e))}
            self._filters = {k: v for k, v in self._filters.items() if k[0] == id(self._searcher)}
            self._filters[key] = cached
        return cached

    # -- numbers ----------------------------------------------------------------------------------
    def _number_lookup(self, text: str, scope: list[str], eds, game) -> tuple[list[Hit], list[str] | None]:
        """(hits, None) for a found number; ([], nearest existing ancestors) for a multi-part number that no
        section has; ([], None) when the query is not a number, or a bare integer (also searched as text)."""
        edition_prefix = None
        body = text
        head, sep, tail = text.partition(":")
        if sep and head.strip() in EDITIONS:
            edition_prefix, body = head.strip(), tail
        m = _NUMBER.match(_DASHES.sub("-", body.strip()))
        if not m:
            return [], None
        raw = m.group(1)
        if len(raw) > MAX_NUMBER_CHARS:   # longer than any section number: no look-up, no ancestor walk
            return [], []
        candidates = [edition_prefix] if edition_prefix else _edition_order(scope, game, dotted="." in raw)
        out: list[Hit] = []
        nearest: list[str] = []
        for e in candidates:
            if e not in scope and not (edition_prefix and e in self._info.manifest.get("editions", {})):
                continue
            from .corpus import normalize_number

            number = normalize_number(e, raw)
            found = self._searcher.document(ref=f"{e}:{number}")
            if found:
                out.append(self._hit(found, 100.0 - len(out), None))
            else:
                parent = re.sub(r"[-.][^-.]*$", "", number)
                while parent != number and not self._searcher.document(ref=f"{e}:{parent}"):
                    number, parent = parent, re.sub(r"[-.][^-.]*$", "", parent)
                if parent != number:
                    nearest.append(f"{e}:{parent}")
        if out or not re.search(r"[-.]", raw):
            return out, None
        return out, nearest[:3]

    # -- words ------------------------------------------------------------------------------------
    def _plan(self, text: str, game: str | None) -> _Plan:
        head, sep, tail = text.partition(":")
        if sep and head.strip() in EDITIONS:    # `ygo-zh-nmr:基本分`: the edition part is not a word
            text = tail.strip()
        plan = _Plan(None)
        if not re.search(r"\w", text):
            return plan
        parts: list[Q.Query] = []
        simplified = terms.to_simplified(text)
        # 1. named terms (any language): their defining sections, headings naming them, mentions.
        #    A term's mentions are indexed by id, which is what makes the search cross-language.
        mentions = plan.mentions = terms.mentions(text, game)
        for term in dict.fromkeys(m.term for m in mentions):
            plan.named_terms.append(term)
            plan.named_languages[term.id] = _typed_language(text, {m.language for m in mentions if m.term is term})
            parts += [Q.Term("defines", term.id, boost=8.0), Q.Term("title_terms", term.id, boost=2.0),
                      Q.Term("terms", term.id, boost=1.5)]
        plan.expanded = terms.expand(text, game)
        # 2. CJK text not covered by a term name: bigrams (as typed, and simplified for Chinese input)
        runs = list(dict.fromkeys(analysis.cjk_runs(text) + analysis.cjk_runs(simplified)))
        plan.needles += runs
        plan.typed = [r for r in runs if len(r) >= 2]
        residual = _residual_runs(text, simplified, mentions)
        for run in residual:
            if len(run) >= 2 or (len(runs) == 1 and not mentions):
                query = _cjk_query(run, self._body_frequency)
                if query is not None:
                    parts.append(query)
        # 3. English words
        words = analysis.english_tokens(text)
        if words:
            parts.append(_en_query(words))
            plan.stems += words
            plan.needles += re.findall(r"[A-Za-z0-9][A-Za-z0-9.+-]*", text)
        # 4. a heading that is exactly the query
        for key in dict.fromkeys([terms.alias_key(text), terms.alias_key(simplified)]):
            if key:
                parts.append(Q.Term("title_key", key, boost=12.0))
        for name in plan.expanded:             # marked in snippets
            plan.needles.append(unicodedata.normalize("NFKC", name))
        plan.query = _Or(parts) if parts else None
        return plan

    def _body_frequency(self, gram: str) -> float:
        """Share of the sections whose text holds `gram`."""
        return self._searcher.doc_frequency("body", gram) / max(1, self._searcher.doc_count())

    # -- results ----------------------------------------------------------------------------------
    def _hit(self, f: dict, score: float, plan: _Plan | None) -> Hit:
        needles, stems = (plan.needles, plan.stems) if plan else ([], [])
        language = f.get("language", "")
        source = f.get("text_s") or ""
        if not source.strip():
            source = _best_source(f.get("heading_s") or [], needles, stems, language) or f.get("title_s") or ""
        snippet, snippet_html = make_snippet(source, needles, stems, language)
        return Hit(f["ref"], f["edition"], f["number"], f.get("title_s") or "", snippet, snippet_html, score)

    def _no_match_hint(self, text: str, eds, game) -> str:
        tips = []
        if eds or game:
            tips.append("remove the edition/game filters")
        if re.search(r"[A-Za-z]", text) and not terms.mentions(text):
            tips.append("use the Chinese or Japanese term (e.g. 阻挡者 / ブロッカー for Blocker)")
        tips.append("use fewer or shorter words, or a rule number such as 14-2-1-3")
        return "No match. Try to " + "; or ".join(tips) + "."


# -- which game a question is about ------------------------------------------------------------------
OWN_TERM_RATIO = 3.0        # a term is a game's own when that game names it this much more often
INFERRED_GAME_BOOST = 1.6   # the inferred game's sections: enough to pass the other game's shared words


def own_terms(manifest: dict) -> dict[str, str]:
    """Term id -> its game, for the terms that are that game's own vocabulary: the game's rules name it in
    at least OWN_TERM_RATIO times the share of sections the other game's rules do (a term neither names,
    such as an English-only alias, is its game's own). From the index manifest's `term_sections`;
    empty for an index built without it (then nothing is inferred)."""
    usage = manifest.get("term_sections") or {}
    if set(usage) != set(GAMES):
        return {}
    share = {g: {t: n / max(1, usage[g]["sections"]) for t, n in usage[g]["terms"].items()} for g in GAMES}
    out = {}
    for term in terms.all_terms():
        other = next(g for g in GAMES if g != term.game)
        if share[term.game].get(term.id, 0.0) >= OWN_TERM_RATIO * share[other].get(term.id, 0.0):
            out[term.id] = term.game
    return out


def _infer_game(mentions: list[terms.Mention], own: dict[str, str]) -> str | None:
    """The game whose own terms the query names, when it clearly outweighs the other: it names some and at
    least twice as many as the other game, plus one. A name that also names (or overlaps a name of) a term
    of the other game counts for neither (贯通 is Digimon's Piercing and Yu-Gi-Oh's piercing damage)."""
    named: dict[str, set[str]] = {g: set() for g in GAMES}
    for m in mentions:
        if any(n.term.game != m.term.game and n.start < m.end and m.start < n.end for n in mentions):
            continue
        if own.get(m.term.id) == m.term.game:
            named[m.term.game].add(m.term.id)
    ranked = sorted(GAMES, key=lambda g: -len(named[g]))
    best, other = ranked
    if named[best] and len(named[best]) >= 2 * len(named[other]) + 1:
        return best
    return None


# Glossaries and wiki-style articles: after the comprehensive rules when both define a term.
_REFERENCE_EDITIONS = frozenset({"dcg-zh-glossary", "ygo-zh-nmr"})
_KANA = re.compile(r"[\u3040-\u30ff]")


def _typed_language(query: str, languages: set[str]) -> str | None:
    """The language a term was typed in, when it is clear: kana in the query means Japanese; otherwise the
    one CJK language whose name matched (貫通 is both Japanese and traditional Chinese: unclear; English
    names no edition's language)."""
    if _KANA.search(query) and "ja" in languages:
        return "ja"
    cjk = languages - {"en"}
    return next(iter(cjk)) if len(cjk) == 1 else None


def _definition_tier(edition: str, language: str | None) -> int:
    """Which of several sections defining the same term a judge wants first:
    0 the comprehensive rules in the language the term was typed in, 1 the game's default edition,
    2 other comprehensive rules, 3 glossaries and articles."""
    reference = edition in _REFERENCE_EDITIONS
    if language and not reference and EDITIONS[edition].language == language:
        return 0
    if edition in DEFAULT_EDITION.values():
        return 1
    return 3 if reference else 2


def _order_definitions(rows: list, named_languages: dict[str, str | None]) -> list:
    """Sections defining the same named term keep the places their scores won, but take them in
    `_definition_tier` order (ties of meaning: BM25 length normalisation alone would put a short glossary
    entry first). Each place keeps its score, so scores stay best first."""
    slots: dict[str, list[int]] = {}
    for i, (_, f) in enumerate(rows):
        defined = set((f.get("defines") or "").split())
        term_id = next((t for t in named_languages if t in defined), None)
        if term_id:
            slots.setdefault(term_id, []).append(i)
    if not slots:
        return rows
    out = list(rows)
    for term_id, places in slots.items():
        language = named_languages[term_id]
        members = sorted(places, key=lambda i: (_definition_tier(rows[i][1]["edition"], language), i))
        for place, member in zip(places, members):
            out[place] = (rows[place][0], rows[member][1])
    return out


def _edition_order(scope: list[str], game: str | None, dotted: bool = False) -> list[str]:
    """Default editions first; for a dotted number Yu-Gi-Oh first, else Digimon first."""
    games = [g for g in (("ygo", "dcg") if dotted else ("dcg", "ygo")) if game in (None, g)]
    out = []
    for g in games:
        default = DEFAULT_EDITION[g]
        if default in scope:
            out.append(default)
        out += [e for e in scope if EDITIONS[e].game == g and e != default]
    return out


def _residual_runs(text: str, simplified: str, mentions) -> list[str]:
    """CJK runs of the query left once the term names found in it are cut out (a cut ends a run: the
    text either side of a name does not form bigrams across it)."""
    scan = list(terms.normalize(text))
    if mentions and len(scan) == len(text) == len(simplified):
        for m in mentions:
            scan[m.start:m.end] = "\n" * (m.end - m.start)
        masked = "".join(c if c == "\n" else o for c, o in zip(scan, text))
    else:
        masked = text
    return list(dict.fromkeys(analysis.cjk_runs(masked)))


# A sentence (a CJK run longer than SHORT_RUN) scores by bigram overlap. Its stop bigrams add time and
# noise, not meaning: those in more than STOP_SHARE of the sections (ます, 发动, 对方, カー) and, in
# Japanese, the all-hiragana ones (particles and endings: でき, すか). At most SENTENCE_GRAMS of the
# rarest remaining bigrams are kept: the p99 of long queries is bounded by this number.
SHORT_RUN = 6
STOP_SHARE = 0.06
SENTENCE_GRAMS = 10
_HIRAGANA = re.compile(r"^[\u3040-\u309f]+$")


def _sentence_grams(run: str, frequency) -> list[str]:
    grams = list(dict.fromkeys(analysis.bigrams(run)))
    japanese = bool(_KANA.search(run))
    scored = []
    for g in grams:
        if japanese and _HIRAGANA.match(g):
            continue
        share = frequency(g)
        if 0 < share <= STOP_SHARE:
            scored.append((share, g))
    keep = {g for _, g in sorted(scored)[:SENTENCE_GRAMS]}
    return [g for g in grams if g in keep]


def _cjk_query(run: str, frequency) -> Q.Query | None:
    """A short run must match as a whole (all its bigrams); a long one (a sentence) scores by overlap of
    its meaningful bigrams. Traditional Chinese also searches its simplified form (never Japanese)."""
    simplified = terms.to_simplified(run)
    variants = [run] if simplified == run or _KANA.search(run) else [run, simplified]
    out = []
    for v in variants:
        grams = list(dict.fromkeys(analysis.bigrams(v)))
        if len(v) > SHORT_RUN:
            grams = _sentence_grams(v, frequency)
        for fieldname in ("title", "body"):
            if len(v) == 1:                     # one character: a lone-character token, or a heading prefix
                out.append(Q.Prefix(fieldname, v, boost=0.5) if fieldname == "title" else Q.Term(fieldname, v))
            elif len(v) > SHORT_RUN:
                if grams:
                    out.append(_Or([Q.Term(fieldname, g) for g in grams], boost=0.3))
            elif len(grams) == 1:
                out.append(Q.Term(fieldname, grams[0]))
            else:
                out.append(Q.And([Q.Term(fieldname, g) for g in grams]))
    return _Or(out, boost=2.0) if out else None


def _en_query(stems: list[str]) -> Q.Query:
    per_word = [_Or([Q.Term("title_en", s), Q.Term("body_en", s)]) for s in dict.fromkeys(stems)]
    return _Or(per_word, boost=1.5)


def make_snippet(text: str, needles: list[str], stems: list[str], language: str) -> tuple[str, str]:
    """(plain snippet, HTML snippet): about 140 characters around the first match; matches in <mark>.

    The HTML is built from escaped pieces only, so no text from a section or a query is ever markup.
    """
    text = " ".join((text or "").split())
    probe = analysis.prepare(text, language)
    if len(probe) != len(text):            # NFKC/t2s changed lengths: mark on the raw text instead
        probe = text
    spans = _match_spans(probe.casefold(), needles, stems)
    start = 0
    if spans and spans[0][0] > 40:
        start = spans[0][0] - 30
    end = min(len(text), start + _SNIPPET_CHARS)
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    pieces, pos = [], start
    for a, b in spans:
        a, b = max(a, pos), min(b, end)
        if a >= b:
            continue
        pieces.append(html.escape(text[pos:a]))
        pieces.append("<mark>" + html.escape(text[a:b]) + "</mark>")
        pos = b
    pieces.append(html.escape(text[pos:end]))
    return prefix + text[start:end] + suffix, html.escape(prefix) + "".join(pieces) + html.escape(suffix)


def _best_source(sources: list[str], needles: list[str], stems: list[str], language: str) -> str:
    """A bare heading's snippet source: the one naming most of what was searched for; on a tie the
    earlier one (a section's opening paragraph says what it is about; labels were left out at indexing)."""
    best, best_key = "", None
    for i, text in enumerate(sources):
        hay = analysis.prepare(text, language).casefold()
        found = {hay[a:b] for a, b in _match_spans(hay, needles, stems)} if len(hay) == len(text) else set()
        key = (len(found), -i)
        if best_key is None or key > best_key:
            best, best_key = text, key
    return best


def _match_spans(hay: str, needles: list[str], stems: list[str]) -> list[tuple[int, int]]:
    patterns = []
    for n in sorted({n.casefold() for n in needles if n.strip()}, key=len, reverse=True):
        if re.fullmatch(r"[a-z0-9.+-]+", n):
            patterns.append(r"(?<![a-z0-9])" + re.escape(n) + r"(?![a-z0-9])")
        else:
            chars = [re.escape(c) for c in n if not c.isspace()]
            patterns.append(r"\s*".join(chars))
    patterns += [r"(?<![a-z0-9])" + re.escape(s) + r"[a-z]*" for s in dict.fromkeys(stems) if len(s) > 1]
    if not patterns:
        return []
    spans: list[tuple[int, int]] = []
    for m in re.finditer("|".join(f"(?:{p})" for p in patterns), hay):
        if m.end() > m.start():
            spans.append((m.start(), m.end()))
    return spans


_SEARCHERS: dict[Path, RuleSearch] = {}
_SEARCHERS_LOCK = threading.Lock()


def get_search(base: Path | None = None) -> RuleSearch:
    """The process-wide searcher for the data directory (built first when missing or stale)."""
    key = Path(base) if base else index.data_dir()
    with _SEARCHERS_LOCK:
        found = _SEARCHERS.get(key)
        if found is None:
            found = _SEARCHERS[key] = RuleSearch(key)
        return found
