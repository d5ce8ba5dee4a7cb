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

import dataclasses
import html
import logging
import math
import os
import re
import threading
import time
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from . import analysis, glosses, index, query as q, supersession, terms
from .analysis import MAX_QUERY_CHARS
from .corpus import MAX_NUMBER_CHARS
from .editions import DEFAULT_EDITION, EDITIONS, GAMES

log = logging.getLogger(__name__)
_NUMBER = re.compile(r"^§?\s*(\d+(?:\s*[-.]\s*\d+)*(?:\.p\d+)?)\s*\.?$")
_DASHES = re.compile(r"[\u2010-\u2015\u2212\u30fc\uff70\uff0d]")
_SNIPPET_CHARS = 140
_SPACE = re.compile(r"[ \u3000\t]+")
_DEFAULT_PRIOR = 1.3        # the default (official, newest) edition wins a near tie
_QUIZ_PRIOR = 0.6           # rulebook chapter 6: rules-test questions restate rules; the rule text comes first
_SUPERSEDED_PRIOR = 0.2     # a passage a later revision replaced (rulings/data/supersession.yaml)
NUMBER_SCORE = 1000.0       # a section whose number the query names comes before any text match
NUMBER_ORDER_STEP = 10.0    # ... each later edition of the same number this much lower


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
    superseded_by: str | None = None     # the ref of the later revision that replaced this passage
    english: dict | None = None          # an English query's snippet of the unofficial English rendering

    def to_json(self) -> dict:
        doc = {"ref": self.ref, "edition": self.edition, "number": self.number, "title": self.title,
               "snippet": self.snippet, "snippet_html": self.snippet_html, "score": round(self.score, 4),
               "url": f"/rules/{self.edition}/{self.number}"}
        if self.superseded_by:
            doc["superseded_by"] = self.superseded_by
        if self.english:
            doc["english"] = dict(self.english)
        return doc


@dataclass(frozen=True)
class SearchResponse:
    query: str
    took_ms: float
    results: tuple[Hit, ...]
    hint: str | None = None
    expanded: tuple[str, ...] = ()      # other-language names added to the query
    truncated: bool = False
    game_inferred: str | None = None    # the game the query's own terms point to (no game filter given)
    rulings: tuple[dict, ...] = ()      # casebook rulings: {id, title, question, verdict, url}

    def to_json(self) -> dict:
        doc = {"query": self.query, "took_ms": round(self.took_ms, 3),
               "results": [h.to_json() for h in self.results],
               "rulings": [dict(r) for r in self.rulings]}
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
class _Concept:
    """One thing the query asks for (a term, a CJK bigram, an English word): the postings that show it
    (field, token, boost) and its weight in the coverage share."""
    name: str
    clauses: list[tuple[str, str, float]]
    weight: float = 1.0
    words: list[tuple[str, str]] = field(default_factory=list)   # (field, token) of the name as typed
    phrases: list[list[tuple[str, str]]] = field(default_factory=list)  # alternatives: all tokens of one
    alike: list[list[tuple[str, str]]] = field(default_factory=list)    # ... that count as showing it, unscored


@dataclass
class _Plan:
    """What a text query looks for, and the strings to mark in snippets."""
    concepts: list[_Concept] = field(default_factory=list)
    bonuses: list[tuple[str, str, float]] = field(default_factory=list)   # score only (exact title)
    numbers: list[str] = field(default_factory=list)     # rule numbers written in the query
    needles: list[str] = field(default_factory=list)     # literal CJK/Latin strings to mark
    typed: list[str] = field(default_factory=list)       # CJK runs as typed (and simplified)
    stems: list[str] = field(default_factory=list)       # English stems (marked as word prefixes)
    expanded: list[str] = field(default_factory=list)
    named_terms: list[terms.Term] = field(default_factory=list)
    named_languages: dict[str, str | None] = field(default_factory=dict)   # term id -> language it was typed in
    mentions: list[terms.Mention] = field(default_factory=list)
    near_terms: list[list[terms.Term]] = field(default_factory=list)     # the terms each typo stretch may mean
    corrected: dict[str, str] = field(default_factory=dict)               # misspelt word -> known word
    pieces: list[str] = field(default_factory=list)      # CJK words as typed (runs cut at question words), 2+ chars
    single: str | None = None                            # a lone CJK character (substring fallback)
    asks_number: str = ""                                # 几只 / 何枚 / how many: the kind of count asked for
    english_query: bool = False                          # Latin words and no CJK: English snippets shown


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

    Thread-safe: searches share one loaded index under a lock (a search takes a millisecond or two).
    """

    def __init__(self, base: Path | None = None, build: bool = True):
        self.base = Path(base) if base else index.data_dir()
        self._lock = threading.RLock()
        self._stamp = None
        self._filters: dict = {}
        terms.all_terms()                       # load the terms table now, not in the first search
        loaded = None
        if build:
            self._info, loaded = index.ensure_loaded(self.base)
        else:
            self._info = index.current(self.base)
        if self._info is None:
            raise index.SearchIndexError(f"no search index under {index.search_dir(self.base)}")
        self._open(self._info, loaded)

    # -- index generations ------------------------------------------------------------------------
    def _pointer_stamp(self):
        try:
            st = os.stat(index.search_dir(self.base) / "CURRENT")
            return (st.st_ino, st.st_mtime_ns)
        except OSError:
            return None

    def _open(self, info: index.IndexInfo, ix=None) -> None:
        """Switch to generation `info` (`ix`: it already loaded and checked)."""
        ix = ix if ix is not None else index.open_checked(info)
        self._ix, self._info = ix, info
        self._own_terms = own_terms(info.manifest)
        self._spellers: dict = {}           # built on the first query that needs them (_speller, _cjk_speller)
        self._filters = {}
        self._game_count_cache: dict = {}
        self._doc_sets: dict = {}
        self._english_rates: dict[str, list[float]] = {}     # English word -> its use per game (_game_shares)
        self._columns: dict = {}
        self._superseded = supersession.superseded()
        self._stamp = self._pointer_stamp()

    def _column(self, name: str) -> list[str]:
        """Every section's value of a column field, decoded, read on first use."""
        values = self._columns.get(name)
        if values is None:
            values = self._columns[name] = [v.decode() if isinstance(v, bytes) else v for v in self._ix.column(name)]
        return values

    @property
    def _editions(self) -> list[str]:
        """Each section's edition, from the postings of the `edition` field (five terms: a column is read
        value by value, ten times slower)."""
        found = self._columns.get("editions")
        if found is None:
            found = [""] * self._ix.size
            for edition in self._info.manifest.get("editions", {}):
                if self._ix.doc_frequency("edition", edition):
                    for docnum in self._ix.searcher.postings("edition", edition).all_ids():
                        found[docnum] = edition
            self._columns["editions"] = found
        return found

    @property
    def _games(self) -> list[str]:
        """Each section's game (its edition's)."""
        found = self._columns.get("games")
        if found is None:
            game_of = {e: EDITIONS[e].game for e in EDITIONS}
            found = self._columns["games"] = [game_of.get(e, "") for e in self._editions]
        return found

    @property
    def _languages(self) -> list[str]:
        """Each section's language (its edition's)."""
        found = self._columns.get("languages")
        if found is None:
            language_of = {e: EDITIONS[e].language for e in EDITIONS}
            found = self._columns["languages"] = [language_of.get(e, "") for e in self._editions]
        return found

    def _counts(self, docnum: int) -> str:
        """The kinds of number a section states (`counts` column), read for the sections ranked only."""
        cache = self._columns.setdefault("counts", {})
        found = cache.get(docnum)
        if found is None:
            value = self._ix.value("counts", docnum)
            found = cache[docnum] = value.decode() if isinstance(value, bytes) else value
        return found

    @property
    def _by_ref(self) -> dict[str, int]:
        found = self._columns.get("by_ref")
        if found is None:
            found = self._columns["by_ref"] = {ref: i for i, ref in enumerate(self._column("ref"))}
        return found

    @property
    def _game_sizes(self) -> list[int]:
        found = self._columns.get("game_sizes")
        if found is None:
            games = self._games
            found = self._columns["game_sizes"] = [games.count(g) for g in GAMES]
        return found

    @property
    def _descendants(self) -> list[frozenset[int]]:
        """Each section's descendants, computed on first use."""
        if "descendants" not in self._columns:
            self._family()
        return self._columns["descendants"]

    @property
    def _ancestors(self) -> list[tuple[int, ...]]:
        """Each section's ancestors, nearest first."""
        if "ancestors" not in self._columns:
            self._family()
        return self._columns["ancestors"]

    def _family(self) -> None:
        """Each section's ancestors and descendants, from the refs: a section's parent is the section its
        number less its last part names (index.parent_ref, as the index was built). At most
        MAX_DEPTH ancestors each."""
        by_ref = self._by_ref
        parents = []
        for ref in self._column("ref"):
            parent = index.parent_ref(ref)
            parents.append(by_ref.get(parent, -1) if parent else -1)
        above: list[tuple[int, ...] | None] = [None] * len(parents)

        def chain(docnum: int) -> tuple[int, ...]:
            walk = []
            parent = parents[docnum]
            while parent >= 0 and above[parent] is None and len(walk) < MAX_DEPTH:
                walk.append(parent)
                parent = parents[parent]
            tail = above[parent] if parent >= 0 and above[parent] is not None else ()
            found = tuple(walk) + ((parent,) + tail if parent >= 0 and len(walk) < MAX_DEPTH else ())
            return found[:MAX_DEPTH]

        below: dict[int, list[int]] = {}
        for docnum in range(len(parents)):
            above[docnum] = found = chain(docnum)
            for ancestor in found:
                below.setdefault(ancestor, []).append(docnum)
        empty: frozenset[int] = frozenset()
        # frozenset(set(…)): the same hash table as sets built by adding, so ties between descendants (max in
        # _answer_above_heading) fall as they always did
        self._columns["descendants"] = [frozenset(set(below[d])) if d in below else empty for d in range(len(parents))]
        self._columns["ancestors"] = above

    def _prior(self, docnum: int) -> float:
        """The default edition wins a near tie; rules-test questions and replaced passages come after
        (remembered per section: it depends on the section alone)."""
        priors = self._columns.setdefault("priors", {})
        found = priors.get(docnum)
        if found is None:
            found = priors[docnum] = self._section_prior(docnum)
        return found

    def _section_prior(self, docnum: int) -> float:
        edition, ref = self._editions[docnum], self._column("ref")[docnum]
        prior = _DEFAULT_PRIOR if edition in DEFAULT_EDITION.values() else 1.0
        if edition == "ygo-zh-rulebook" and ref.split(":", 1)[1].split(".")[0] == "6":
            prior *= _QUIZ_PRIOR
        if ref in self._superseded:
            prior *= _SUPERSEDED_PRIOR
        return prior

    @property
    def _speller(self):
        """Whoosh's corrector over the English words of the sections (built on the first query with Latin
        letters)."""
        if "en" not in self._spellers:
            self._spellers["en"] = self._ix.searcher.corrector("words")
        return self._spellers["en"]

    @property
    def _cjk_speller(self) -> q.NameMatcher:
        """Chinese and Japanese term names one edit from a stretch of the query (built on the first CJK
        query)."""
        if "cjk" not in self._spellers:
            self._spellers["cjk"] = q.NameMatcher({
                analysis.fold_kana(terms.to_simplified(name) if lang == "zh" else name): t
                for t in terms.all_terms() for lang in ("zh", "ja")
                for name in t.names(lang) if not re.search(r"[A-Za-z0-9]", name)})
        return self._spellers["cjk"]

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
            self._ix.close()

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
            rulings = self._rulings(text, hits, game or inferred)
        if not hits and not hint:
            hint = self._no_match_hint(text, eds, game)
        if truncated:
            hint = (hint + " " if hint else "") + f"(Only the first {MAX_QUERY_CHARS} characters were searched.)"
        took = (time.perf_counter() - started) * 1000
        return SearchResponse(raw[:MAX_QUERY_CHARS], took, tuple(hits), hint, tuple(expanded), truncated, inferred,
                              tuple(rulings))

    def _rulings(self, text: str, hits: list[Hit], game: str | None) -> list[dict]:
        """Casebook rulings for the answer: those citing the first sections found (in their order), then
        those whose own words hold every English word of the query, in any order (blocker tie); at most
        RULINGS_SHOWN, of the game asked about when it is known."""
        from whoosh import query as wq

        casebook = self._ix.casebook
        if casebook is None:
            return []
        found: dict[str, dict] = {}

        def take(query, limit):
            if game:
                query = wq.And([query, wq.Term("game", game)])
            for hit in casebook.search(query, limit=limit):
                doc = hit["doc"]
                if len(found) < RULINGS_SHOWN:
                    found.setdefault(doc["id"], {k: doc[k] for k in ("id", "title", "question", "verdict", "url")})

        refs = [h.ref for h in hits[:RULINGS_FROM_HITS]]
        for ref in refs:
            if len(found) >= RULINGS_SHOWN:
                break
            take(wq.Term("cites", ref), RULINGS_SHOWN)
        words = [w for w in analysis.english_tokens(" ".join(
            w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", text) if w.lower() not in q.ENGLISH_STOP))]
        if words and len(found) < RULINGS_SHOWN:
            take(wq.And([wq.Term("text", w) for w in dict.fromkeys(words)]), RULINGS_SHOWN)
        return list(found.values())

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
        if not plan.concepts and not plan.numbers and not plan.single:
            hint = ("Type a rule number (e.g. 14-2-1-3 or 4.4.2) or a word in Chinese, Japanese or English."
                    if not text or not re.search(r"\w", text) else None)
            return [], hint, [], None
        inferred = None
        if len({EDITIONS[e].game for e in scope}) > 1 and plan.concepts:
            inferred = self._infer(plan)
        language = _query_language(text)
        scored = self._rerank(plan, scope, inferred, language)
        # sections numbered as written: before any text match, in `_numbered`'s edition order unless the text
        # clearly prefers another (第8章第3节 / chapter 3 section 6 is written the rulebook's way: 3.6 first)
        for i, ref in enumerate(self._numbered(plan.numbers, scope, game or inferred)):
            docnum = self._by_ref[ref]
            scored[docnum] = scored.get(docnum, 0.0) + NUMBER_SCORE - NUMBER_ORDER_STEP * i
        top = sorted(scored.items(), key=lambda x: -x[1])[:limit + 30]
        rank = {e: i for i, e in enumerate(_edition_order(scope, game or inferred))}
        phrases = [p.casefold() for p in plan.typed if len(p) >= 2]
        words = [w for w in plan.pieces if w not in phrases]
        rows = []
        for docnum, score in top:
            f = self._ix.stored(docnum)
            probe = f["probe"]
            # the phrase as typed, in order, earns a bonus (it favours the language the judge typed in), and
            # so does each word typed (主卡组, not 副卡组 which the term 卡组 also finds)
            bonus = sum(1.5 for p in phrases if p in probe) + sum(WORD_BONUS for w in words if w in probe)
            title = probe[:probe.find("\n")] if "\n" in probe else probe
            bonus += sum(TITLE_PHRASE_BONUS for p in phrases if len(p) >= 3 and p in title)
            rows.append((score * (1 + 0.25 * min(bonus, 4)), f))
        rows.sort(key=lambda x: (-round(x[0], 6), rank.get(x[1]["edition"], 99), x[1]["order"]))
        rows = _order_definitions(rows, plan.named_languages)
        if not inferred and not game and len({EDITIONS[e].game for e in scope}) > 1:
            rows = _both_games(rows, plan)
        hits = [self._hit(f, score, plan) for score, f in rows[:limit]]
        return hits, None, plan.expanded, inferred

    def _query(self, plan: _Plan):
        """The plan as one Whoosh query: every concept's clauses in the section's own title and text (field
        boosts FIELD_BOOSTS), gloss synonyms as all of their tokens, the exact-title bonus. (What the
        headings say counts in `_coverage`: a section is found by its own words, and is then credited with
        its headings' subjects.)"""
        from whoosh import query as wq

        clauses = []
        for concept in plan.concepts:
            for fieldname, token, boost in concept.clauses:
                clauses.append(wq.Term(fieldname, token, boost=boost * FIELD_BOOSTS.get(fieldname, 1.0)))
            for phrase in concept.phrases:
                clauses.append(wq.And([wq.Term(f, t) for f, t in phrase]))
        for fieldname, token, boost in plan.bonuses:
            clauses.append(wq.Term(fieldname, token, boost=boost))
        if plan.single and not plan.concepts:
            clauses.append(wq.Term("body1", plan.single))
            clauses.append(wq.Prefix("body", plan.single))
        return wq.Or(list({repr(c): c for c in clauses}.values()))

    def _rerank(self, plan: _Plan, scope: list[str], inferred: str | None, language: str | None) -> dict[int, float]:
        """Whoosh's BM25F score of its top RERANK_DEPTH sections times the named features: the share of the
        query's concepts a section shows (`_coverage`), its prior (default edition, rules-test chapter,
        replaced passage), the inferred game, the language typed in, a number stated for "how many"."""
        scored: dict[int, float] = {}
        if not plan.concepts and not plan.bonuses and not plan.single:
            return scored
        # optimize=False: Whoosh's block-quality skipping costs more than it saves when 200 of a few
        # hundred matches are kept
        found = self._ix.searcher.search(self._query(plan), limit=RERANK_DEPTH, filter=self._filter(scope),
                                         optimize=False)
        shown = [self._shown(concept) for concept in plan.concepts]
        games, languages = self._games, self._languages
        replaced: list[tuple[int, float]] = []
        direct: dict[int, float] = {}
        for hit in found:
            docnum = hit.docnum
            counts = self._counts(docnum)
            coverage, direct[docnum] = self._coverage(plan, shown, docnum, counts)
            score = hit.score * coverage
            score *= self._prior(docnum)
            if inferred and games[docnum] == inferred:
                score *= INFERRED_GAME_BOOST
            if plan.asks_number and plan.asks_number in counts.split():
                score *= NUMBER_ANSWER_BOOST
            if language and languages[docnum] == language:
                score *= SAME_LANGUAGE_BOOST
            scored[docnum] = score
            later = self._superseded.get(self._column("ref")[docnum])
            if later in self._by_ref:
                replaced.append((self._by_ref[later], score / _SUPERSEDED_PRIOR))
        for docnum, score in replaced:      # a replaced passage hands its match to its replacement
            scored[docnum] = max(scored.get(docnum, 0.0), score)
        if len(plan.concepts) > 1:
            self._answer_above_heading(scored, direct)
        return scored

    def _answer_above_heading(self, scored: dict[int, float], direct: dict[int, float]) -> None:
        """The answer above its heading: a heading (or term definition) that Whoosh ranks above the sections
        under it, when one of them shows more of the question in its own words (`direct` coverage: its own
        text and its headings' subjects, not what its subtree shows), hands that best one its score times
        ANSWER_ABOVE_HEADING: 16-4-3 (a Digimon with two Blockers blocks once) comes before 16-4 《ブロッカー》.
        Of several, the one showing most of the question (then the best scored) is lifted."""
        below = self._descendants
        lifted: dict[int, float] = {}
        for heading, score in sorted(scored.items(), key=lambda x: -x[1]):
            under = below[heading]
            if not under:
                continue
            best = max((d for d in under if d in direct and direct[d] >= direct.get(heading, 0.0) + ANSWER_MARGIN
                        and scored.get(d, 0.0) < score), key=lambda d: (round(direct[d], 6), scored[d]), default=None)
            if best is not None:
                lifted[best] = max(lifted.get(best, 0.0), score * ANSWER_ABOVE_HEADING)
        for docnum, score in lifted.items():
            scored[docnum] = max(scored[docnum], score)

    def _shown(self, concept: _Concept) -> tuple[set[int], set[int], set[int]]:
        """(the sections whose own title or text show the concept, those whose title does, those whose
        headings name it as a term)."""
        own: set[int] = set()
        titled: set[int] = set()
        above: set[int] = set()
        for fieldname, token, _ in concept.clauses:
            docs = self._docs(fieldname, token)
            own |= docs
            if fieldname in _TITLE_FIELDS:
                titled |= docs
            if fieldname in _TERM_FIELDS:
                above |= self._docs("heading_terms", token)
        for phrase in concept.phrases + concept.alike:
            sets = [self._docs(f, t) for f, t in phrase]
            docs = set.intersection(*sets) if sets else set()
            own |= docs
            if phrase and all(f in _TITLE_FIELDS for f, _ in phrase):
                titled |= docs
        return own, titled, above

    def _docs(self, fieldname: str, token: str) -> set[int]:
        """The sections holding a token (remembered: the same few thousand tokens come back)."""
        key = (fieldname, token)
        found = self._doc_sets.get(key)
        if found is None:
            found = set(self._ix.searcher.postings(fieldname, token).all_ids()) \
                if self._ix.doc_frequency(fieldname, token) else set()
            if len(self._doc_sets) > 20_000:
                self._doc_sets.clear()
            self._doc_sets[key] = found
        return found

    def _coverage(self, plan: _Plan, shown: list[tuple[set[int], set[int], set[int]]], docnum: int,
                  counts: str) -> tuple[float, float]:
        """The weighted share of the query's concepts a section shows (relaxed matching): in its own title
        or text in full, in its headings only at HEADING_SHARE (a paragraph inherits its headings'
        subjects: the answering sentence under 誓约 need not say 誓约), and a heading at SUBTREE_SHARE
        what the sections under it show (チェーンの処理: the chain heading); a "how many" question counts
        a sentence stating a number of the kind asked as one more concept."""
        if plan.single and not plan.concepts:
            return 1.0, 1.0
        covered = total = direct = 0.0
        below = self._descendants[docnum]
        ancestors = self._ancestors[docnum]
        for concept, (own, titled, above) in zip(plan.concepts, shown):
            total += concept.weight
            if docnum in own:
                covered += concept.weight
                direct += concept.weight
            elif docnum in above or any(a in titled for a in ancestors):
                covered += concept.weight * HEADING_SHARE
                direct += concept.weight * HEADING_SHARE
            elif below and not own.isdisjoint(below):
                covered += concept.weight * SUBTREE_SHARE
        if plan.asks_number and plan.concepts:
            weight = NUMBER_CONCEPT_SHARE * total / len(plan.concepts)
            total += weight
            covered += weight * (plan.asks_number in counts.split())
        if not total:
            return 1.0, 1.0
        return (covered / total) ** COVERAGE_POWER, direct / total

    def _filter(self, scope: list[str]):
        """A Whoosh filter of the editions in scope (None = all)."""
        from whoosh import query as wq

        if set(scope) >= set(self._info.manifest.get("editions", {})):
            return None
        return wq.Or([wq.Term("edition", e) for e in scope])

    def _numbered(self, numbers: list[str], scope: list[str], game) -> list[str]:
        """Refs of the sections numbered as written in the query (each edition in scope that has one)."""
        from .corpus import normalize_number

        out = []
        for raw in numbers:
            for e in _edition_order(scope, game, dotted="." in raw):
                ref = f"{e}:{normalize_number(e, raw)}"
                if ref in self._by_ref and ref not in out:
                    out.append(ref)
        return out

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
            found = self._by_ref.get(f"{e}:{number}")
            if found is not None:
                out.append(self._hit(self._ix.stored(found), 100.0 - len(out), None))
            else:
                parent = re.sub(r"[-.][^-.]*$", "", number)
                while parent != number and f"{e}:{parent}" not in self._by_ref:
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
        plan = _Plan()
        if not re.search(r"\w", text):
            return plan
        # 1. rule numbers written anywhere (`rule 14-2-1-3`, `第4章`, `3.1.2 p8`): looked up, then cut out
        for number, (a, b) in reversed(q.numbers_in(text)):
            plan.numbers.insert(0, number)
            text = text[:a] + " " + text[b:]
        asked = _ASKS_NUMBER.search(text)
        if asked:
            plan.asks_number = next((kind for kind, counters in _COUNTERS.items() if asked.group(1) and asked.group(1) in counters), "any")
        # 2. English: spelling first (blokcer -> blocker), so that term names are found in the corrected text
        text = self._correct_english(text, plan)
        simplified = terms.to_simplified(text)
        n = max(1, self._ix.size)
        # 3. named terms (any language): their defining sections, headings naming them, mentions. A term's
        #    mentions are indexed by id, which is what makes the search cross-language.
        mentions = plan.mentions = terms.mentions(text, game)
        mentions += _inflected_mentions(text, mentions, game)
        for term in dict.fromkeys(m.term for m in mentions):
            plan.named_terms.append(term)
            plan.named_languages[term.id] = _typed_language(text, {m.language for m in mentions if m.term is term})
        # one concept per name as typed: 贯通 / piercing names a term of each game, and either one will do
        by_span: dict[tuple[int, int], list[terms.Term]] = {}
        names: dict[tuple[int, int], str] = {}
        for m in mentions:
            by_span.setdefault((m.start, m.end), [])
            names.setdefault((m.start, m.end), m.name)
            if m.term not in by_span[(m.start, m.end)]:
                by_span[(m.start, m.end)].append(m.term)
        for span, named in by_span.items():
            name = names[span]
            if any(_concept_of(plan, t.id) for t in named):
                continue
            clauses = [(f, t.id, b) for t in named for f, b in (("defines", 8.0), ("title_terms", 2.0), ("terms", 1.5))]
            frequency = max(self._ix.doc_frequency("terms", t.id) + self._ix.doc_frequency("defines", t.id)
                            for t in named)
            latin = bool(re.search(r"[a-z]", name))
            words = ([("body_en", t) for t in analysis.english_tokens(name)] if latin
                     else [("body", g) for g in analysis.cjk_tokens(name)])
            # the name's own words also show it: a word both games use (发动, attack) is one game's term
            # only in that game's table
            phrases = [[("body_en", t) for t in analysis.english_tokens(name)]] if latin else \
                [p for p in (_phrase(name, "body"), _phrase(name, "title")) if p]
            # an English name also shows in the English renderings, and scores there: the answering sentence's
            # rendering says "cost" where its Japanese names ten other terms besides
            rendered = [[("english", t) for t in analysis.english_tokens(name)]] if latin else []
            concept = _Concept(",".join(t.id for t in named), clauses, _idf(frequency, n) + 1.0,
                               list(dict.fromkeys(words)), phrases=[p for p in rendered if p],
                               alike=[p for p in phrases if p])
            family = next((c for c in plan.concepts if latin and _same_family(c, concept)), None)
            if family:      # "a blocker blocks": Blocker or block, one thing asked about, not two
                family.name += "," + concept.name
                family.clauses += concept.clauses
            else:
                plan.concepts.append(concept)
        plan.expanded = terms.expand(text, game)
        # 4. CJK text not covered by a term name: its meaningful bigrams, as typed and simplified
        runs = list(dict.fromkeys(analysis.cjk_runs(text) + analysis.cjk_runs(simplified)))
        plan.needles += runs
        plan.typed = [r for r in runs if len(r) >= 2]
        residual = _residual_runs(text, simplified, mentions)
        named = [analysis.fold_kana(m.name) for m in mentions if m.language != "en"]
        for stretch, near in self._near_terms(analysis.cjk_runs(text), game, named):
            near = [t for t in near if t.id not in plan.named_languages]
            if not near:
                continue
            # a name the typo contains (阻挡 in 阻挡着 for 阻挡者) was not what the judge meant
            inside = {m.term.id for m in mentions if m.language != "en" and analysis.fold_kana(m.name) in stretch}
            plan.concepts = [c for c in plan.concepts if not set(c.name.split(",")) & inside]
            clauses = [(f, t.id, b) for t in near for f, b in (("defines", 4.0), ("title_terms", 1.0), ("terms", 0.75))]
            plan.concepts.append(_Concept("near:" + stretch, clauses, NEAR_TERM_WEIGHT))
            plan.named_terms += near
            plan.near_terms.append(near)
            residual = _cut(residual, stretch)     # its characters are the term's, not bigrams of their own
        residual, gloss_concepts = self._gloss_concepts(residual)
        plan.concepts += gloss_concepts
        grams, chars = self._cjk_grams(residual, others=bool(plan.concepts))
        for gram, variants in grams.items():
            clauses = [(fieldname, v, 1.0) for v in variants for fieldname in ("title", "body")]
            frequency = max(self._ix.doc_frequency("body", v) for v in variants)
            plan.concepts.append(_Concept(gram, clauses, _idf(frequency, n)))
        for char in chars:
            frequency = self._ix.doc_frequency("body1", char)
            plan.concepts.append(_Concept(char, [("body1", char, 0.5)], CHAR_WEIGHT * _idf(frequency, n)))
        if not plan.concepts and len(runs) == 1 and len(runs[0]) == 1:
            plan.single = runs[0]
        plan.english_query = bool(re.search(r"[A-Za-z]{2}", text)) and not analysis.cjk_runs(text)
        # 5. English words not inside a term name (stemmed; the index adds the English names of terms and
        #    glosses to Chinese and Japanese sections)
        covered = [(m.start, m.end) for m in mentions if m.language == "en"]
        words = []
        for m in re.finditer(r"[A-Za-z][A-Za-z'-]*|\d+", text):
            if m.group().lower() in q.ENGLISH_STOP:
                continue
            inside = any(a <= m.start() and m.end() <= b for a, b in covered)
            words.append((m.group(), inside))
        for word, inside in words:
            for stem in analysis.english_tokens(word):
                plan.stems.append(stem)
                if inside:
                    continue
                frequency = self._english_frequency(stem)
                plan.concepts.append(_Concept(stem, [("title_en", stem, 1.5), ("body_en", stem, 1.5),
                                                     ("english", stem, ENGLISH_RENDERING_BOOST)],
                                              _idf(frequency, n)))
        plan.needles += [w for w, _ in words]
        # 6. a heading that is exactly the query (or what is left of it without question words)
        plan.pieces = list(dict.fromkeys(p.casefold() for run in analysis.cjk_runs(text)
                                         for p in q.strip_question_words(run) if len(p) >= 2))
        content = "".join(p for run in analysis.cjk_runs(text) for p in q.strip_question_words(run))
        # a run trimmed of question words at its ends only, when it keeps an inner one (发动卡的优先权): ブロッカー
        # of ブロッカーを is only a word, which the terms read
        trimmed = [t for run in analysis.cjk_runs(text) for t in [q.trim_question_words(run)]
                   if len(t) >= 3 and t not in q.strip_question_words(run)]
        for phrase in [content] + trimmed:
            if len(phrase) >= 3 and phrase not in plan.typed:
                plan.typed.append(phrase)       # 攻击被无效 -> 攻击无效, 什么是发动卡的优先权 -> 发动卡的优先权
        keys = [terms.alias_key(text), terms.alias_key(simplified)]
        if content and not re.search(r"[A-Za-z]", text):
            for phrase in [content] + trimmed:
                keys += [terms.alias_key(phrase), terms.alias_key(terms.to_simplified(phrase))]
        for key in dict.fromkeys(keys):
            if key:
                plan.bonuses.append(("title_key", key, 12.0))
        for name in plan.expanded:             # marked in snippets
            plan.needles.append(unicodedata.normalize("NFKC", name))
        plan.concepts = _dedupe(plan.concepts)
        return plan

    def _english_frequency(self, stem: str) -> int:
        """How many sections an English word's weight counts as using it: those whose English holds it
        (body_en: the text's own Latin words and the English names of what it names), or, when more, as many
        as the share of the English renderings using it makes of all the sections. body_en alone misses
        most of the English a judge types (digimon, same, card are ordinary words there, and rare)."""
        frequency = self._ix.doc_frequency("body_en", stem)
        usage = self._info.manifest.get("term_sections") or {}
        rendered = sum(int((usage.get(g) or {}).get("english") or 0) for g in GAMES)
        if rendered:
            share = self._ix.doc_frequency("english", stem) / rendered
            frequency = max(frequency, round(share * self._ix.size))
        return frequency

    def _correct_english(self, text: str, plan: _Plan) -> str:
        def fix(m: re.Match) -> str:
            word = m.group()
            lower = word.lower()
            if (lower in q.ENGLISH_STOP or len(lower) < SPELL_MIN_LENGTH or terms.find(word)
                    or self._known_english(lower)):
                return word
            # Whoosh's Levenshtein automaton counts a swap of neighbours (blokcer) as two edits: ask for
            # two, keep the best one edit or one swap away
            found = [w for w in self._speller.suggest(lower, limit=8, maxdist=2) if q.one_edit(lower, w)]
            better = found[0] if found else lower
            if better != lower:
                plan.corrected[lower] = better
                return better
            return word

        return re.sub(r"[A-Za-z]+", fix, text)

    def _known_english(self, word: str) -> bool:
        """A word the texts use, or whose stem they or the terms' English names use (played: play): it is
        never "corrected" into another word."""
        if self._ix.doc_frequency("words", word):
            return True
        return any(self._ix.doc_frequency(f, stem) for stem in analysis.english_tokens(word)
                   for f in ("body_en", "title_en", "english"))

    def _near_terms(self, runs: list[str], game: str | None, named: list[str]) -> list[tuple[str, list[terms.Term]]]:
        """Stretches of the query one typo away from a Chinese or Japanese term name (阻挡着 -> 阻挡者,
        ブロッカ -> ブロッカー, 伤害部骤 -> 伤害步骤: names of 3+ characters, one character replaced,
        added or left out), longest first, each with the terms it may mean."""
        found: list[tuple[str, list[terms.Term]]] = []
        pieces = [p for run in runs for p in q.strip_question_words(run)]
        for piece in pieces:
            japanese = bool(_KANA.search(piece))
            piece = analysis.fold_kana(piece if japanese else terms.to_simplified(piece))
            for length in range(min(len(piece), NEAR_TERM_MAX), 2, -1):
                for start in range(len(piece) - length + 1):
                    stretch = piece[start:start + length]
                    if any(stretch in longer for longer, _ in found):
                        continue
                    if _cuts_a_name(piece, start, start + length, named) or any(stretch in n for n in named):
                        continue        # (タイミン: part of タイミングを逃す, cut in two by を)
                    if any(n in stretch and _HIRAGANA.match(stretch.replace(n, "", 1) or "x") for n in named):
                        continue        # 誘発し: a name and its okurigana, no typo
                    # a Chinese typo swaps a character for one that sounds alike (pinyin input): 进化后 is
                    # "after digivolving", not 进化源 or 进化时
                    before, after = piece[start - 1:start], piece[start + length:start + length + 1]

                    def accept(name, stretch=stretch, before=before, after=after, chinese=not japanese):
                        return q.typed_alike(stretch, name, before, after, chinese)

                    near = self._cjk_speller.exact(stretch) or self._cjk_speller.near(stretch, accept)
                    near = [t for t in near if game is None or t.game == game]
                    if near and self._text_word(stretch) and not self._inside_a_name(stretch, near):
                        continue        # ターン is a word of the texts, not a typo of トーン (トークン)
                    if near:
                        found.append((stretch, near))
        return found

    def _text_word(self, stretch: str) -> bool:
        """Whether the texts use `stretch` as it is written: its bigrams together in TEXT_WORD_SECTIONS
        sections or more (a word the texts use is no typo: correct only what neither the texts nor the
        terms know)."""
        sets = [self._docs("body", g) for g in analysis.bigrams(stretch)]
        together = set.intersection(*sets) if sets else set()
        return len(together) >= TEXT_WORD_SECTIONS

    @staticmethod
    def _inside_a_name(stretch: str, near: list[terms.Term]) -> bool:
        """A stretch that begins a name it is near (ブロッカ of ブロッカー): a name cut short, whatever else
        the texts use it for (カード ends 罠カード: a word of its own)."""
        return any(analysis.fold_kana(terms.to_simplified(name) if lang == "zh" else name).startswith(stretch)
                   for t in near for lang in ("zh", "ja") for name in t.names(lang))

    def _gloss_concepts(self, runs: list[str]) -> tuple[list[str], list[_Concept]]:
        """Ordinary words of the glosses table found in the runs, each one concept that its synonyms also
        satisfy (强制 / 必须 -> "mandatory": the index gave every section the English of its glosses);
        the runs come back with those words cut out."""
        n = max(1, self._ix.size)
        concepts, rest = [], []
        for run in runs:
            language = "ja" if _KANA.search(run) else "zh"
            hay = run if language == "ja" else terms.to_simplified(run)
            hits = glosses.found_in(hay, language) if len(hay) == len(run) else []
            cut = list(run)
            for name, english, (a, b) in hits:
                synonyms = glosses.synonyms(name, language)
                phrases = [p for v in synonyms for p in (_phrase(v, "body"), _phrase(v, "title")) if p]
                frequency = max((self._ix.doc_frequency("body", g) for v in synonyms for g in analysis.cjk_tokens(v)),
                                default=0)
                concepts.append(_Concept("gloss:" + english, [], _idf(frequency, n), phrases=phrases))
                cut[a:b] = "\n" * (b - a)
            rest += [piece for piece in "".join(cut).split("\n") if piece]
        return rest, concepts

    def _cjk_grams(self, runs: list[str], others: bool = False) -> tuple[dict[str, list[str]], list[str]]:
        """The bigrams to look for (each with its typed and simplified spelling), question words cut out,
        and the single characters left alone between question words (输 in 会输吗). Stop bigrams add time
        and noise, not meaning: all-hiragana ones in Japanese (particles and endings) and, when the
        query has others (`others`: the terms and glosses it names), those in more than STOP_SHARE of the
        sections (数码宝贝 beside 横置 and 进化: three bigrams the Japanese texts cannot show). At most QUERY_GRAMS of the
        rarest are kept: the p99 of long questions is bounded by this number."""
        n = max(1, self._ix.size)
        found: dict[str, list[str]] = {}
        chars: list[str] = []
        for run in runs:
            japanese = bool(_KANA.search(run))
            for piece in q.strip_question_words(run):
                piece = analysis.fold_kana(piece)
                if len(piece) < 2:
                    simple = piece if japanese else terms.to_simplified(piece)
                    if not _HIRAGANA.match(simple) and 0 < self._ix.doc_frequency("body1", simple) / n <= STOP_SHARE:
                        chars.append(simple)
                    continue
                simplified = piece if japanese else terms.to_simplified(piece)
                for typed, simple in zip(analysis.bigrams(piece), analysis.bigrams(simplified)):
                    if japanese and _HIRAGANA.search(typed[1]):
                        # 置け / 置く: an inflected word is matched by its kanji stem alone
                        if _KANJI.match(typed[0]) and 0 < self._ix.doc_frequency("body1", typed[0]) / n <= STOP_SHARE:
                            chars.append(typed[0])
                        continue
                    # Japanese kanji also in their simplified form: the Yu-Gi-Oh rules are Chinese (守備 / 守备)
                    also = terms.to_simplified(typed) if japanese else simple
                    found.setdefault(simple, list(dict.fromkeys([typed, simple, also])))
        if len(found) > 1 or (found and others):
            share = {g: max(self._ix.doc_frequency(f, v) for v in vs for f in ("body", "title")) / n
                     for g, vs in found.items()}
            kept = {g: vs for g, vs in found.items() if 0 < share[g] <= STOP_SHARE}
            if kept or others:
                found = kept
            if len(found) > QUERY_GRAMS:
                rare = set(sorted(found, key=lambda g: share[g])[:QUERY_GRAMS])
                found = {g: vs for g, vs in found.items() if g in rare}
        return found, list(dict.fromkeys(chars))

    def _infer(self, plan: _Plan) -> str | None:
        """The game the query is about: its terms name one game clearly (`_infer_game`), and its words
        lean the same way (`_lean`): Link, once per turn or 被攻击时 are terms of one game's table but
        words both games' rules use, and name no game."""
        # a typo of a term name names its game too (伤害不骤 is Yu-Gi-Oh's damage step): each stretch counts as
        # a mention of its own, apart from the names typed
        typos = [terms.Mention(t, "", "", 10_000 + 100 * i, 10_000 + 100 * i + 1)
                 for i, near in enumerate(plan.near_terms) for t in near]
        by_terms = _infer_game(plan.mentions + typos, self._own_terms)
        if by_terms is None:
            return self._english_tie(plan)
        lean = self._lean(plan)
        side = 1 if by_terms == GAMES[1] else -1
        return by_terms if lean * side >= LEAN_AGREEMENT else None

    def _game_counts(self, fieldname: str, token: str) -> list[float]:
        """How many sections of each game hold the token."""
        key = (fieldname, token)
        found = self._game_count_cache.get(key)
        if found is None:
            games = self._games
            counts = [0.0] * len(GAMES)
            for docnum in self._docs(fieldname, token):
                counts[GAMES.index(games[docnum])] += 1
            if len(self._game_count_cache) > 20_000:
                self._game_count_cache.clear()
            found = self._game_count_cache[key] = tuple(counts)
        return list(found)

    def _game_shares(self, fieldname: str, token: str) -> tuple[list[float], float]:
        """(how much each game uses the token, the smallest use one occurrence makes). A Chinese or Japanese
        token: the share of each game's sections holding it. An English word: how often each game's English
        renderings use it, per word they hold, when they use it at all (body_en holds only the English names
        of the terms and glosses a text names, so "face-down" or "instead" would lean to whichever game's table
        glosses them; and a share of sections would lean to the game whose rendered paragraphs are longest)."""
        sizes = self._english_sizes
        if fieldname == "body_en" and sizes and self._docs("english", token):
            rates = self._english_rates.get(token)
            if rates is None:
                games = self._games
                counts = [0.0] * len(GAMES)
                postings = self._ix.searcher.postings("english", token)
                while postings.is_active():
                    counts[GAMES.index(games[postings.id()])] += postings.weight()
                    postings.next()
                rates = self._english_rates[token] = [c / size for c, size in zip(counts, sizes)]
            return rates, 1.0 / max(sizes)
        sizes = self._game_sizes
        counts = self._game_counts(fieldname, token)
        return [c / max(size, 1) for c, size in zip(counts, sizes)], 1.0 / max(1.0, float(max(sizes)))

    @property
    def _english_sizes(self) -> list[int] | None:
        """How many words each game's English renderings hold (None for an index built without the count)."""
        usage = self._info.manifest.get("term_sections") or {}
        sizes = [int((usage.get(g) or {}).get("english_tokens") or 0) for g in GAMES]
        return sizes if all(sizes) else None

    def _english_tie(self, plan: _Plan) -> str | None:
        """An English question naming terms of both games (damage step check, check the chain): English term
        names are often ordinary words the other game's judges type too (check is Digimon's security check),
        so the terms' own lean decides, when it is clear: how much more each game's English uses them."""
        if not plan.english_query or not all(_named_own(plan.mentions, self._own_terms).values()):
            return None
        lean = self._lean(plan, terms_only=True)
        if abs(lean) < ENGLISH_TIE_LEAN:
            return None
        winner = GAMES[1] if lean > 0 else GAMES[0]
        # the other game's terms must be typed by a short name a longer name of the term extends (check, of
        # security check); a whole name (blocker) names that game as surely as chain names Yu-Gi-Oh
        others = [m for m in plan.mentions if m.term.game != winner and self._own_terms.get(m.term.id) == m.term.game]
        if not all(_short_name(m) for m in others):
            return None
        return winner

    def _lean(self, plan: _Plan, terms_only: bool = False) -> float:
        """How much the query's words lean to Yu-Gi-Oh (> 0) or Digimon (< 0): the weighted mean log-ratio
        of the share of each game's sections that use each word. A term counts by the words it was typed
        as (its least used one), not by whose table lists it: Link or opponent's turn are words both
        games' rules use."""
        total, weights = 0.0, 0.0
        for concept in plan.concepts:
            if terms_only and not concept.words:
                continue
            tokens = concept.words or [(f, t) for f, t, _ in concept.clauses if f in ("body", "body_en", "body1")]
            per_token = [self._game_shares(fieldname, token) for fieldname, token in tokens]
            if not per_token:
                continue
            pick = min if concept.words else max
            share = [pick(s[g] for s, _ in per_token) for g in range(len(GAMES))]
            eps = max(e for _, e in per_token)
            if any(share):
                total += concept.weight * math.log((share[1] + eps) / (share[0] + eps))
            elif concept.words and len({terms.by_id(i).game for i in concept.name.split(",") if terms.by_id(i)}) == 1:
                # a term typed in a language only its game's table has (ダメージステップ)
                game_of = terms.by_id(concept.name.split(",")[0]).game
                total += concept.weight * (UNSEEN_TERM_LEAN if game_of == GAMES[1] else -UNSEEN_TERM_LEAN)
            else:
                continue
            weights += concept.weight
        return total / weights if weights else 0.0

    # -- results ----------------------------------------------------------------------------------
    def _hit(self, f: dict, score: float, plan: _Plan | None) -> Hit:
        hit = self._plain_hit(f, score, plan)
        later = self._superseded.get(f["ref"])
        return dataclasses.replace(hit, superseded_by=later) if later else hit

    def _plain_hit(self, f: dict, score: float, plan: _Plan | None) -> Hit:
        needles, stems = (plan.needles, plan.stems) if plan else ([], [])
        language = f.get("language", "")
        source = f.get("text_s") or ""
        if not source.strip():
            source = _best_source(f.get("heading_s") or [], needles, stems, language) or f.get("title_s") or ""
        snippet, snippet_html = make_snippet(source, needles, stems, language)
        english = None
        rendering = f.get("english_s")
        if plan is not None and plan.english_query and rendering:
            text = rendering.get("text") or rendering.get("title") or ""
            en_snippet, en_html = make_snippet(text, [n for n in needles if n.isascii()], stems, "en")
            english = {"title": rendering.get("title") or "", "snippet": en_snippet, "snippet_html": en_html,
                       "unofficial": True}
        return Hit(f["ref"], f["edition"], f["number"], f.get("title_s") or "", snippet, snippet_html, score,
                   english=english)

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


def _named_own(mentions: list[terms.Mention], own: dict[str, str]) -> dict[str, set[str]]:
    """Each game's own terms the query names. A name that also names (or overlaps a name of) a term of the
    other game counts for neither (贯通 is Digimon's Piercing and Yu-Gi-Oh's piercing damage)."""
    named: dict[str, set[str]] = {g: set() for g in GAMES}
    for m in mentions:
        if any(n.term.game != m.term.game and n.start < m.end and m.start < n.end for n in mentions):
            continue
        if own.get(m.term.id) == m.term.game:
            named[m.term.game].add(m.term.id)
    return named


def _short_name(m: terms.Mention) -> bool:
    """Whether the English name a term was typed by is a word of a longer name of it (check: security check)."""
    typed = m.name.lower()
    return any(name.lower() != typed and re.search(rf"\b{re.escape(typed)}\b", name.lower()) for name in m.term.en)


def _infer_game(mentions: list[terms.Mention], own: dict[str, str]) -> str | None:
    """The game whose own terms the query names, when it clearly outweighs the other: it names some and at
    least twice as many as the other game, plus one (`_named_own`)."""
    named = _named_own(mentions, own)
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


# Relaxed matching: a section's BM25F score is multiplied by (share of the query's concepts it shows) **
# COVERAGE_POWER. Bigrams in more than STOP_SHARE of the sections (ます, 发动, 对方) are dropped from a query
# that has others; at most QUERY_GRAMS of the rarest bigrams are kept.
COVERAGE_POWER = 1.0
TITLE_PHRASE_BONUS = 1.5    # a typed run of 3+ characters inside a section's title
WORD_BONUS = 0.5    # a word typed (a run cut at question words) inside a section
ENGLISH_RENDERING_BOOST = 1.5   # a word of the section's unofficial English rendering (as body_en's)
RULINGS_SHOWN = 5           # casebook rulings beside the sections
RULINGS_FROM_HITS = 5       # ... citing one of the first this many sections
SPELL_MIN_LENGTH = 4        # shorter English words are never corrected (dp, ex, s/t ...)
# BM25F field boosts, applied to the query's clauses (outside the tf saturation: a title match is worth three
# text matches, not the 1.6 a boosted term frequency would give)
FIELD_BOOSTS = {"title": 3.0, "title_en": 3.0}
SUBTREE_SHARE = 0.5         # what a section's descendants show counts this much towards its coverage
HEADING_SHARE = 0.75        # a concept shown only in a section's headings counts this much towards its coverage
MAX_DEPTH = 16              # ancestors kept per section (a guard: the rules nest 7 deep)
RERANK_DEPTH = 200          # Whoosh's top N that the features re-rank
ANSWER_ABOVE_HEADING = 1.05  # a section under a heading that shows more of the question passes the heading
ANSWER_MARGIN = 0.1         # ... at least this much more (share of the question's concept weight)
_TITLE_FIELDS = frozenset({"title", "title_en", "title_terms", "defines", "title_key"})
_TERM_FIELDS = frozenset({"terms", "title_terms", "defines"})
NUMBER_ANSWER_BOOST = 2.0   # "how many" questions: sections stating a number
NUMBER_CONCEPT_SHARE = 1.0  # ... and stating one counts as one more concept (of average weight) covered
SAME_LANGUAGE_BOOST = 1.4   # sections in the language the judge typed in (kana: Japanese; other CJK: Chinese)
# "how many": the counter asked with (几只, 何枚) says which counts answer; a bare 几 / how many takes any
_COUNTERS = index.COUNTERS   # the index marks which sections state which kind of number (`counts`)
_ASKS_NUMBER = re.compile(r"(?:几(?!乎)|幾(?!乎)|多少|(?<![如为為])何|いくつ)\s*([只隻体體张張枚次回度个個级級]?)|how many|how much|number of",
                          re.IGNORECASE)
STOP_SHARE = index.STOP_SHARE
QUERY_GRAMS = 10
NEAR_TERM_WEIGHT = 3.0      # a term one typo away from the query
TEXT_WORD_SECTIONS = 3      # a stretch whose bigrams this many sections hold together is a word, no typo
NEAR_TERM_MAX = 12          # longest stretch of the query compared with term names
CHAR_WEIGHT = 0.6           # a lone character is weaker evidence than a bigram
LEAN_AGREEMENT = 0.2        # the words must lean this much (mean log share ratio) the terms' way
ENGLISH_TIE_LEAN = 0.5      # an English question naming both games' terms: their lean that decides the game
UNSEEN_TERM_LEAN = 2.0      # a term named in words no section uses (ダメージステップ) leans to its game
_HIRAGANA = re.compile(r"^[\u3040-\u309f]+$")
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def _both_games(rows: list, plan: "_Plan") -> list:
    """A query naming terms of both games (ブロッカー 連鎖) that no game wins: the best section of each
    game comes in the first two places (each place keeps its score, so scores stay best first)."""
    games = set()
    for c in plan.concepts:
        owners = {terms.by_id(i).game for i in c.name.split(",") if terms.by_id(i)}
        if len(owners) == 1:
            games |= owners
    if len(games) < 2 or len(rows) < 3:
        return rows
    first_game = rows[0][1]["game"]
    other = next((i for i, (_, f) in enumerate(rows) if f["game"] != first_game), None)
    if other is None or other <= 1:
        return rows
    order = [rows[0][1], rows[other][1]] + [f for i, (_, f) in enumerate(rows) if i not in (0, other)]
    return [(score, f) for (score, _), f in zip(rows, order)]


def _query_language(text: str) -> str | None:
    if _KANA.search(text):
        return "ja"
    return "zh" if analysis.cjk_runs(text) else None


def _same_family(a: "_Concept", b: "_Concept") -> bool:
    """Two English term names of one word family: one's first stem begins the other's (block / blocker)."""
    wa = [t for f, t in a.words if f == "body_en"]
    wb = [t for f, t in b.words if f == "body_en"]
    if len(wa) != 1 or len(wb) != 1:
        return False
    x, y = sorted((wa[0], wb[0]), key=len)
    return len(x) >= 4 and y.startswith(x)


def _concept_of(plan: "_Plan", term_id: str) -> bool:
    return any(term_id in c.name.split(",") for c in plan.concepts)


def _cuts_a_name(piece: str, start: int, end: int, names: list[str]) -> bool:
    """Whether piece[start:end] cuts through a term name found in the piece (アタック対 in アタック対象):
    a typo is looked for in text that no exact name explains, or that wholly holds one (阻挡着)."""
    for name in names:
        at = piece.find(name)
        while at >= 0:
            if at < end and start < at + len(name) and not (start <= at and at + len(name) <= end):
                return True
            at = piece.find(name, at + 1)
    return False


def _cut(runs: list[str], stretch: str) -> list[str]:
    """The runs with `stretch` (in its folded, simplified form) cut out; a cut splits a run."""
    out = []
    for run in runs:
        japanese = bool(_KANA.search(run))
        form = analysis.fold_kana(run if japanese else terms.to_simplified(run))
        at = form.find(stretch) if len(form) == len(run) else -1
        if at < 0:
            out.append(run)
            continue
        out += [piece for piece in (run[:at], run[at + len(stretch):]) if piece]
    return out


def _phrase(name: str, fieldname: str) -> list[tuple[str, str]]:
    """The tokens a section shows `name` with: bigrams of its CJK runs of 2+, single characters (body1)
    of its one-character runs (为 in 为 0)."""
    out = []
    for run in analysis.cjk_runs(analysis.fold_kana(name)):
        if len(run) >= 2:
            out += [(fieldname, g) for g in analysis.bigrams(run)]
        elif fieldname == "body":
            out.append(("body1", run))
    return out


_NAME_WORD = re.compile(r"[a-z0-9]+")
INFLECTED_NAME_MIN = 4      # shorter names (use, set) are read only as written: "used" is seldom the term


def _word_forms(text: str) -> list[tuple[str, int, int]]:
    """(form, start, end) of each Latin word of normalised text: its stem (analysis.english_tokens' base form
    and Porter stem), a stop word as itself."""
    out = []
    for m in _NAME_WORD.finditer(text):
        word = m.group()
        out.append((word if word in analysis.STOP_WORDS or len(word) < 2 else analysis.stem(word), m.start(), m.end()))
    return out


@lru_cache(maxsize=1)
def _english_names() -> tuple[dict[tuple[str, ...], list[terms.Term]], int]:
    """The English term names as word forms -> their terms, and the longest name in words. Only names of
    plain words (letters, digits, spaces, inner hyphens): `[Counter]` or `Link-` mean what they are only
    as written."""
    table: dict[tuple[str, ...], list[terms.Term]] = {}
    for term in terms.all_terms():
        for name in term.en:
            plain = terms.normalize(name).strip()
            if not re.fullmatch(r"[a-z0-9]+(?:[ -][a-z0-9]+)*", plain) or len(plain) < INFLECTED_NAME_MIN:
                continue
            key = tuple(form for form, _, _ in _word_forms(plain))
            if key and term not in table.setdefault(key, []):
                table[key].append(term)
    return table, max((len(k) for k in table), default=0)


def _inflected_mentions(text: str, found: list[terms.Mention], game: str | None) -> list[terms.Mention]:
    """English term names typed in another form of their words (digivolving, suspended, checked, trashing:
    the terms table lists digivolve, suspend, check, trash), read by their stems, leftmost-longest, where no
    name as written was found."""
    table, longest = _english_names()
    scan = terms.normalize(text)
    if len(scan) != len(text) or not longest:
        return []
    taken = [(m.start, m.end) for m in found]
    words = _word_forms(scan)
    out: list[terms.Mention] = []
    i = 0
    while i < len(words):
        for length in range(min(longest, len(words) - i), 0, -1):
            key = tuple(form for form, _, _ in words[i:i + length])
            named = [t for t in table.get(key, ()) if game is None or t.game == game]
            start, end = words[i][1], words[i + length - 1][2]
            if named and not any(a < end and start < b for a, b in taken):
                out += [terms.Mention(t, "en", scan[start:end], start, end) for t in named]
                taken.append((start, end))
                i += length - 1
                break
        i += 1
    return out


def _idf(frequency: int, n: int) -> float:
    return math.log(1 + n / (1 + frequency))


def _dedupe(concepts: list[_Concept]) -> list[_Concept]:
    seen: dict[str, _Concept] = {}
    for c in concepts:
        seen.setdefault(c.name, c)
    return list(seen.values())


def make_snippet(text: str, needles: list[str], stems: list[str], language: str) -> tuple[str, str]:
    """(plain snippet, HTML snippet): about 140 characters around the first match; matches in <mark>.

    The HTML is built from escaped pieces only, so no text from a section or a query is ever markup.
    """
    text, hay = _snippet_source(text or "", language)
    pattern = _marks_pattern(tuple(needles), tuple(stems))
    first = pattern.search(hay) if pattern is not None else None
    start = first.start() - 30 if first is not None and first.start() > 40 else 0
    end = min(len(text), start + _SNIPPET_CHARS)
    spans = ([m.span() for m in pattern.finditer(hay, start, end) if m.end() > m.start()]
             if pattern is not None else [])
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
        hay = _prepared(text, language).casefold()
        found = {hay[a:b] for a, b in _match_spans(hay, needles, stems)} if len(hay) == len(text) else set()
        key = (len(found), -i)
        if best_key is None or key > best_key:
            best, best_key = text, key
    return best


def _match_spans(hay: str, needles: list[str], stems: list[str]) -> list[tuple[int, int]]:
    pattern = _marks_pattern(tuple(needles), tuple(stems))
    if pattern is None:
        return []
    return [m.span() for m in pattern.finditer(hay) if m.end() > m.start()]


@lru_cache(maxsize=256)
def _marks_pattern(needles: tuple[str, ...], stems: tuple[str, ...]) -> re.Pattern | None:
    """One regex of everything to mark (compiled once per query, used for each of its hits)."""
    patterns = []
    for n in sorted({n.casefold() for n in needles if n.strip()}, key=len, reverse=True):
        if re.fullmatch(r"[a-z0-9.+-]+", n):
            patterns.append(r"(?<![a-z0-9])" + re.escape(n) + r"(?![a-z0-9])")
        else:
            chars = [re.escape(c) for c in n if not c.isspace()]
            patterns.append(r"\s*".join(chars))
    patterns += [r"(?<![a-z0-9])" + re.escape(s) + r"[a-z]*" for s in dict.fromkeys(stems) if len(s) > 1]
    return re.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None


@lru_cache(maxsize=8192)
def _snippet_source(text: str, language: str) -> tuple[str, str]:
    """(the text with runs of white space made one space, the same prepared and case-folded for marking;
    the raw text when NFKC/t2s changed its length)."""
    text = " ".join(text.split())
    probe = _prepared(text, language)
    return text, (probe if len(probe) == len(text) else text).casefold()


@lru_cache(maxsize=8192)
def _prepared(text: str, language: str) -> str:
    """analysis.prepare, remembered: snippets convert the same section texts over and over."""
    return analysis.prepare(text, language)


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
