"""The on-disk search index of every section of every parsed edition: build, staleness, opening.

Layout under the data directory (env `JUDGE_DATA_DIR`, default `<repo>/var/`):

    search/CURRENT          name of the live generation (replaced atomically)
    search/gen-<ns>-<fp>/   one complete index (rulings/postings.py files, words.json) + manifest.json
    search/.lock            held (flock) while a build runs

A build writes a `.tmp-…` directory, renames it to `gen-…`, then swaps CURRENT: a reader never sees a
half-built index, and a reader still holding the previous generation keeps working (the last few
generations are kept). Concurrent builders serialise on the lock and re-check staleness after taking it,
so the second one finds the fresh index and does nothing.

Damage: the manifest records every index file's size, SHA-256 and mtime; `ensure` also loads the live
generation, and hashes a file again only when its mtime is not the one the build left (a copy that keeps
mtimes, `cp -p` or an image layer, needs no hashing either). A missing, truncated or unreadable
generation is logged (warning) and rebuilt. A data directory that cannot be written raises `SearchIndexError` naming it (a stale but readable index is then
used as it is, with a warning).

Term usage: the manifest's `term_sections` records, per game, how many sections name each term of either
game (`{"dcg": {"sections": 2118, "terms": {"block": 51, "trigger": 501, …}}, "ygo": {…}}`). Search reads
it to tell a game's own vocabulary (ブロッカー, 伤害步骤) from words both games use (发动, 攻击).

Staleness: the manifest's fingerprint hashes the corpus texts, the parser and terms code/data, and the
analyzer/schema versions. A changed text or parser gives a new fingerprint and the index is rebuilt.
"""
from __future__ import annotations

import fcntl
import json
import logging
import os
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from engine.errors import JudgeError

from . import analysis, digests, postings
from .editions import EDITIONS

SCHEMA_VERSION = "6"
_SPACE = re.compile(r"[ \u3000\t]+")
PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent
KEEP_GENERATIONS = 3            # live + two previous, for readers that opened them

log = logging.getLogger(__name__)


class SearchIndexError(JudgeError, RuntimeError):
    """The index cannot be built or opened (the CLI prints it as one `error: …` line, exit 2)."""


def data_dir() -> Path:
    return digests.data_dir()


def search_dir(base: Path | None = None) -> Path:
    return Path(base or data_dir()) / "search"


# Indexed fields and their BM25F boosts. Query-side boosts (rulings/search.py) multiply these.
FIELDS = {
    "title": 3.0, "body": 1.0,              # CJK bigrams of the title / own text
    "body1": 1.0,                           # CJK single characters of the own text (输, 放, 级)
    "title_en": 3.0, "body_en": 1.0,        # English stems, plus the English names of the terms and glosses
    "terms": 1.0,                           # ids of the edition's game's terms named in the text
    "title_terms": 1.0,                     # ... named in the title
    "defines": 1.0,                         # ids of the terms this section defines
    "title_key": 1.0,                       # terms.alias_key of the prepared title: exact-title hits
}


def _source_files() -> list[Path]:
    files = sorted((PACKAGE_DIR / "texts").glob("*.txt"))
    files += sorted((PACKAGE_DIR / "data").glob("*.yaml"))
    files += sorted(PACKAGE_DIR.glob("parse*.py"))
    files += [PACKAGE_DIR / n for n in ("corpus.py", "model.py", "terms.py", "name_scan.py", "glosses.py",
                                        "analysis.py", "index.py", "postings.py")]
    return [f for f in files if f.exists()]


def fingerprint() -> str:
    """Hash of everything the index content depends on (each file's digest is remembered by its size and
    mtime, rulings/digests.py: a start with nothing changed reads no source file)."""
    return digests.combined(f"schema={SCHEMA_VERSION};analyzer={analysis.ANALYZER_VERSION}", _source_files())


@dataclass(frozen=True)
class IndexInfo:
    path: Path
    manifest: dict

    @property
    def fingerprint(self) -> str:
        return self.manifest.get("fingerprint", "")


def current(base: Path | None = None) -> IndexInfo | None:
    """The live generation, or None when there is none (or it is damaged)."""
    sdir = search_dir(base)
    try:
        name = (sdir / "CURRENT").read_text(encoding="utf-8").strip()
        path = sdir / name
        manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return IndexInfo(path, manifest)


def is_stale(base: Path | None = None, fp: str | None = None) -> bool:
    info = current(base)
    return info is None or info.fingerprint != (fp or fingerprint())


@dataclass(frozen=True)
class BuildReport:
    built: bool
    path: Path
    sections: int
    seconds: float
    editions: dict


class IndexDamaged(SearchIndexError):
    """A generation that cannot be used: a missing, truncated, altered or unreadable file (the message says
    which)."""


def damage(info: IndexInfo) -> str | None:
    """Why a generation cannot be used (a missing, truncated, altered or unreadable file), or None when it
    is sound."""
    try:
        open_checked(info).close()
    except IndexDamaged as e:
        return str(e)
    return None


def open_checked(info: IndexInfo) -> postings.PostingsIndex:
    """The generation loaded and checked: every file as large as the build wrote it and holding what it
    wrote (SHA-256, read only for a file whose mtime is not the one the build left: a file written since
    has a new one), the manifest's section count. Raises IndexDamaged."""
    files = info.manifest.get("files", {})
    sums = info.manifest.get("sha256", {})
    written = info.manifest.get("mtime_ns", {})
    if not files:
        raise IndexDamaged("its manifest lists no files")
    for name, size in files.items():
        try:
            st = (info.path / name).stat()
        except OSError:
            raise IndexDamaged(f"{name} is missing") from None
        if st.st_size != size:
            raise IndexDamaged(f"{name} is {st.st_size} bytes, the build wrote {size}")
        if name in sums and st.st_mtime_ns != written.get(name) and digests.sha256_of(info.path / name) != sums[name]:
            raise IndexDamaged(f"{name} does not hold what the build wrote")
    loaded = open_index(info)
    if loaded.size != info.manifest.get("sections", loaded.size):
        raise IndexDamaged(f"it holds {loaded.size} sections, the build wrote {info.manifest['sections']}")
    return loaded


def ensure(base: Path | None = None) -> IndexInfo:
    """The live index, built first when missing or stale, rebuilt when damaged."""
    return ensure_loaded(base)[0]


def ensure_loaded(base: Path | None = None) -> tuple[IndexInfo, postings.PostingsIndex]:
    """`ensure`, with the generation as loaded and checked (the soundness check reads it whole, so a
    searcher opening it right after need not read it again)."""
    fp = fingerprint()
    info = current(base)
    force = False
    if info is None:
        log.info("no readable search index under %s: building it (about 10 s)", search_dir(base))
    elif info.fingerprint != fp:
        log.info("search index %s is stale: rebuilding", info.path.name)
    else:
        try:
            return info, open_checked(info)
        except IndexDamaged as e:
            log.warning("search index %s is damaged (%s): rebuilding it", info.path, e)
        force = True
    try:
        build(base, force=force, fp=fp)
    except SearchIndexError as build_error:
        if info is not None and not force:
            try:
                loaded = open_checked(info)
            except IndexDamaged:
                raise build_error from None
            log.warning("search index could not be rebuilt; using the stale one in %s", info.path)
            return info, loaded
        raise
    info = current(base)
    if info is None:
        raise SearchIndexError(f"no search index under {search_dir(base)}")
    return info, open_checked(info)


def build(base: Path | None = None, force: bool = False, fp: str | None = None) -> BuildReport:
    sdir = search_dir(base)
    try:
        return _build(sdir, base, force, fp)
    except OSError as e:
        where = e.filename or sdir
        raise SearchIndexError(f"cannot write the search index in {where}: {e.strerror or e} "
                               "(set JUDGE_DATA_DIR to a writable directory)") from None


def _build(sdir: Path, base: Path | None, force: bool, fp: str | None) -> BuildReport:
    import uuid     # here: a search that finds its index up to date never builds

    sdir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with open(sdir / ".lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        fp = fp or fingerprint()
        info = current(base)
        if not force and info is not None and info.fingerprint == fp:
            return BuildReport(False, info.path, info.manifest.get("sections", 0),
                               time.perf_counter() - started, info.manifest.get("editions", {}))
        tmp = sdir / f".tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        try:
            counts, term_sections = _write(tmp)
            stats = {f.name: f.stat() for f in sorted(tmp.iterdir()) if f.is_file()}
            files = {name: st.st_size for name, st in stats.items()}
            manifest = {"fingerprint": fp, "schema": SCHEMA_VERSION, "analyzer": analysis.ANALYZER_VERSION,
                        "built_at": time.time(), "sections": sum(counts.values()), "editions": counts,
                        "term_sections": term_sections, "files": files,
                        "sha256": {name: digests.sha256_of(tmp / name) for name in files},
                        "mtime_ns": {name: st.st_mtime_ns for name, st in stats.items()}}
            (tmp / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
            final = sdir / f"gen-{time.time_ns()}-{fp[:10]}"
            os.rename(tmp, final)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        pointer = sdir / f".CURRENT-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        pointer.write_text(final.name, encoding="utf-8")
        os.replace(pointer, sdir / "CURRENT")
        _prune(sdir, final.name)
        return BuildReport(True, final, manifest["sections"], time.perf_counter() - started, counts)


def _prune(sdir: Path, live: str) -> None:
    gens = sorted((p for p in sdir.glob("gen-*") if p.is_dir()), key=lambda p: p.name, reverse=True)
    for old in [g for g in gens if g.name != live][KEEP_GENERATIONS - 1:]:
        shutil.rmtree(old, ignore_errors=True)
    for tmp in sdir.glob(".tmp-*"):         # left by a crashed build
        if time.time() - tmp.stat().st_mtime > 3600:
            shutil.rmtree(tmp, ignore_errors=True)


def indexed_editions() -> list[str]:
    """Editions with a registered parser (the others are skipped until theirs lands)."""
    from .parsers import PARSERS

    return [e for e in EDITIONS if e in PARSERS]


def _write(path: Path) -> tuple[dict, dict]:
    """Index every section; returns (sections per edition, term usage per game as in `term_sections`)."""
    from . import corpus

    path.mkdir(parents=True)
    counts: dict[str, int] = {}
    usage: dict[str, dict] = {}
    documents: list[dict] = []
    stored: list[dict] = []
    columns: dict[str, list] = {name: [] for name in COLUMNS}
    words: dict[str, int] = {}
    editions = indexed_editions()
    for i, edition_id in enumerate(editions, 1):
        log.debug("building the search index: %s (%d/%d)", edition_id, i, len(editions))  # CLI progress
        edition = corpus.load(edition_id)
        definitions = _definitions(edition)
        game = usage.setdefault(edition.game, {"sections": 0, "terms": {}})
        for order, section in enumerate(edition):
            doc, tokens, named = section_document(edition, section, order, definitions)
            english = doc.pop("english")
            stored.append(doc)
            documents.append(tokens)
            for name in COLUMNS:
                columns[name].append(doc[name])
            for word in set(analysis.english_words(english)):
                words[word] = words.get(word, 0) + 1
            for term_id in named:
                game["terms"][term_id] = game["terms"].get(term_id, 0) + 1
        game["sections"] += len(edition)
        counts[edition_id] = len(edition)
    columns["parent"] = _parents(columns["edition"], columns["number"], columns["ref"])
    postings.write(path, FIELDS, documents, stored, columns)
    (path / "words.json").write_text(json.dumps(words, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return counts, usage


# What every search needs of every section at once (its ranking arrays), kept apart from the stored fields
# (which a one-shot search decodes only for the sections it shows); plus `parent`, from _parents.
COLUMNS = ("ref", "edition", "game", "language", "number")


def _parents(editions: list[str], numbers: list[str], refs: list[str]) -> list[int]:
    """Each section's parent (its number minus the last part, in the same edition) as a position, or -1."""
    at = {ref: i for i, ref in enumerate(refs)}
    return [at.get(f"{e}:{re.sub(r'[-.][^-.]*$', '', n)}", -1) if re.search(r"[-.]", n) else -1
            for e, n in zip(editions, numbers)]


def _definitions(edition) -> dict[str, list[str]]:
    """number -> ids of terms defined there: the terms table, plus any section titled with a term's name."""
    from . import terms

    out: dict[str, list[str]] = {}
    for term in terms.all_terms(edition.game):
        number = term.sections.get(edition.id)
        if number:
            out.setdefault(number, []).append(term.id)
    for section in edition:
        if not section.title:
            continue
        title = analysis.prepare(section.title, edition.language)
        for term in terms.find(title, game=edition.game):
            ids = out.setdefault(section.number, [])
            if term.id not in ids and any(terms.alias_key(n) == terms.alias_key(title)
                                          for n in term.names(edition.language)):
                ids.append(term.id)
    return out


def section_document(edition, section, order: int, definitions: dict[str, list[str]]
                     ) -> tuple[dict, dict[str, list[str]], set[str]]:
    """(the stored fields, the indexed tokens per field, ids of every term of either game the title or
    text names)."""
    from . import glosses
    from .terms import alias_key, mentions

    lang = edition.language
    title = analysis.prepare(section.title, lang)
    text = analysis.prepare(section.text, lang)
    # One scan finds both games' names (leftmost-longest: 速攻魔法 is not also 速攻); the fields keep
    # the edition's own game, the usage count takes both.
    in_text, in_title = mentions(section.text), mentions(section.title)
    own = edition.game
    # English: the section's own Latin words, plus the English names of the terms and ordinary words it
    # names in Chinese or Japanese, so that an English question reaches the CJK text.
    english_title = " ".join([title] + glosses.english_of(title, lang, [m.term for m in in_title if m.term.game == own]))
    english_text = " ".join([text] + glosses.english_of(text, lang, [m.term for m in in_text if m.term.game == own]))
    doc = {
        "ref": section.ref, "edition": edition.id, "game": edition.game, "language": lang,
        "number": section.number, "order": order, "kind": section.kind,
        "defines": " ".join(definitions.get(section.number, [])),
        "title_s": section.title, "text_s": section.text,
        "heading_s": heading_sources(edition, section) if not section.text.strip() else [],
        "probe": _SPACE.sub("", f"{title}\n{text}").casefold(),
        "english": english_title + "\n" + english_text,
    }
    tokens = {
        "title": analysis.cjk_tokens(title), "body": analysis.cjk_tokens(text),
        "body1": analysis.cjk_chars(text),
        "title_en": analysis.english_tokens(english_title), "body_en": analysis.english_tokens(english_text),
        # a heading, or a paragraph short enough to be one (伤害计算时, 连锁块: sub-headings inside a section)
        "title_key": [alias_key(title) or (alias_key(text) if len(text.strip()) <= SHORT_HEADING else "") or "\u0000"],
        "terms": [m.term.id for m in in_text if m.term.game == own],
        "title_terms": list(dict.fromkeys(m.term.id for m in in_title if m.term.game == own)),
        "defines": definitions.get(section.number, []),
    }
    return doc, tokens, {m.term.id for m in in_text + in_title}


SHORT_HEADING = 12           # characters: a paragraph this short is a sub-heading line (伤害计算时)
HEADING_CHILDREN = 4         # a bare heading's snippet comes from its first few children
HEADING_TITLES = 8           # …or from the line of its first children's titles
MIN_SNIPPET_TEXT = 12        # shorter child texts are table cells or labels (其他翻译), not snippets


def heading_sources(edition, section) -> list[str]:
    """Snippet sources of a heading without text of its own: the texts of its first few children (a
    sub-heading lends its own first text), then the line of its children's numbered titles.

    The searcher shows whichever source matches the query best; fragments shorter than
    MIN_SNIPPET_TEXT characters are skipped, so a heading never shows a 4-character cell as its snippet.
    """
    texts: list[str] = []
    titles: list[str] = []
    for number in section.children:
        child = edition.get(number)
        if child is None:
            continue
        if child.title and len(titles) < HEADING_TITLES:
            titles.append(f"{child.number} {' '.join(child.title.split())}")
        if len(texts) < HEADING_CHILDREN:
            text = _first_text(edition, child)
            if text and text not in texts:
                texts.append(text)
    own = " ".join(section.title.split())
    if titles and (len(titles) > 1 or titles[0].split(" ", 1)[1] != own):
        texts.append(" · ".join(titles))
    return texts


def _first_text(edition, section, depth: int = 2) -> str:
    text = " ".join(section.text.split())
    if len(text) >= MIN_SNIPPET_TEXT:
        return text
    if depth:
        for number in section.children[:HEADING_CHILDREN]:
            child = edition.get(number)
            found = _first_text(edition, child, depth - 1) if child else ""
            if found:
                return found
    return ""


def open_index(info: IndexInfo) -> postings.PostingsIndex:
    """The generation read into memory (about 10 MB), never mapped: a file truncated or rewritten under a
    running server then cannot kill it nor change what it answers. Raises IndexDamaged when its files do
    not form an index."""
    try:
        loaded = postings.PostingsIndex.load(info.path)
        loaded.words = json.loads((info.path / "words.json").read_text(encoding="utf-8"))
    except postings.PostingsError as e:
        raise IndexDamaged(f"unreadable: {' '.join(str(e).split())[:160]}") from None
    except (OSError, ValueError) as e:
        raise IndexDamaged(f"words.json is unreadable: {type(e).__name__}") from None
    return loaded
