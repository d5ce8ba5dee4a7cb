"""The on-disk search index of every section of every parsed edition: build, staleness, opening.

Layout under the data directory (env `JUDGE_DATA_DIR`, default `<repo>/var/`):

    search/CURRENT          name of the live generation (replaced atomically)
    search/gen-<ns>-<fp>/   one complete Whoosh index (schema: rulings/schema.py) + manifest.json
    search/.lock            held (flock) while a build runs

A build writes a `.tmp-…` directory, renames it to `gen-…`, then swaps CURRENT: a reader never sees a
half-built index, and a reader still holding the previous generation keeps working (the last few
generations are kept). Concurrent builders serialise on the lock and re-check staleness after taking it,
so the second one finds the fresh index and does nothing.

Damage: the manifest records every index file's size, SHA-256 and mtime; `ensure` also loads the live
generation, and hashes a file again only when its mtime is not the one the build left (a copy that keeps
mtimes, `cp -p` or an image layer, needs no hashing either). A missing, truncated or unreadable
generation is logged (warning) and rebuilt. A data directory that cannot be written raises
`SearchIndexError` naming it (a stale but readable index is then used as it is, with a warning).

Every rebuild says why on the log (stderr for the CLI): no CURRENT file, a pointer naming no generation, a
missing or garbage manifest, the files that changed since the build (the manifest keeps each source's
digest), or the damage found.

Term usage: the manifest's `term_sections` records, per game, how many sections name each term of either
game, and how many sections have an English rendering and how many words those hold (`{"dcg": {"sections": 2118, "terms": {"block": 51,
"trigger": 501, …}, "english": 1079, "english_tokens": 13963}, "ygo": {…}}`). Search reads it to tell a game's own vocabulary
(ブロッカー, 伤害步骤) from words both games use (发动, 攻击), and an English word's game from how often each
game's renderings use it.

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

from . import analysis, digests
from .editions import EDITIONS

SCHEMA_VERSION = "10"
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


def _source_files() -> list[Path]:
    files = sorted((PACKAGE_DIR / "texts").glob("*.txt"))
    files += sorted((PACKAGE_DIR / "data").glob("*.yaml"))
    files += sorted((PACKAGE_DIR / "data" / "english").glob("*.yaml"))
    files += sorted((PACKAGE_DIR / "casebook").glob("*/*.yaml"))
    files += sorted(PACKAGE_DIR.glob("parse*.py"))
    files += [PACKAGE_DIR / n for n in ("corpus.py", "model.py", "terms.py", "name_scan.py", "glosses.py",
                                        "analysis.py", "index.py", "schema.py", "english.py")]
    return [f for f in files if f.exists()]


def _versions() -> str:
    return f"schema={SCHEMA_VERSION};analyzer={analysis.ANALYZER_VERSION}"


def fingerprint() -> str:
    """Hash of everything the index content depends on (each file's digest is remembered by its size and
    mtime, rulings/digests.py: a start with nothing changed reads no source file)."""
    return digests.combined(_versions(), _source_files())


def source_digests() -> dict[str, str]:
    """Each source file (path under the repository) -> its SHA-256: the manifest keeps them, so that a
    rebuild can name what changed."""
    files = _source_files()
    return {str(f.relative_to(REPO_DIR)): d for f, d in zip(files, digests.file_digests(files))}


def stale_because(manifest: dict) -> str:
    """What changed since a generation was built: the files, or the schema/analyzer versions."""
    if manifest.get("versions", "") != _versions():
        return f"its schema/analyzer changed ({manifest.get('versions') or 'unknown'} -> {_versions()})"
    old = manifest.get("sources") or {}
    now = source_digests()
    changed = [name for name in now if old.get(name) != now[name]] + [name for name in old if name not in now]
    if not changed:
        return "its fingerprint is not the sources'"
    shown = ", ".join(changed[:4]) + (f" and {len(changed) - 4} more" if len(changed) > 4 else "")
    return f"its sources changed since it was built: {shown}"


@dataclass(frozen=True)
class IndexInfo:
    path: Path
    manifest: dict

    @property
    def fingerprint(self) -> str:
        return self.manifest.get("fingerprint", "")


def current(base: Path | None = None) -> IndexInfo | None:
    """The live generation, or None when there is none (or it is damaged)."""
    return locate(base)[0]


def locate(base: Path | None = None) -> tuple[IndexInfo | None, str]:
    """(the live generation, "") or (None, why there is none: no CURRENT file, a pointer naming a missing
    generation, a missing or garbage manifest)."""
    sdir = search_dir(base)
    try:
        name = (sdir / "CURRENT").read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None, "no CURRENT file"
    except (OSError, ValueError) as e:
        return None, f"the CURRENT file is unreadable ({type(e).__name__})"
    path = sdir / name
    if not name or "/" in name or not path.is_dir():
        return None, f"CURRENT names {name[:60]!r}, which is not a generation here"
    try:
        manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, f"{name} has no manifest.json"
    except (OSError, ValueError) as e:
        return None, f"the manifest of {name} is garbage ({type(e).__name__})"
    if not isinstance(manifest, dict):
        return None, f"the manifest of {name} is garbage (not an object)"
    return IndexInfo(path, manifest), ""


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


def open_checked(info: IndexInfo) -> "LoadedIndex":
    """The generation read into memory and checked: every file as large as the build wrote it and holding
    what it wrote (SHA-256, read only for a file whose mtime is not the one the build left: a file written
    since has a new one), Whoosh opens it, the manifest's section count, the last document readable.
    Raises IndexDamaged."""
    files = info.manifest.get("files", {})
    sums = info.manifest.get("sha256", {})
    written = info.manifest.get("mtime_ns", {})
    if not files or not isinstance(files, dict):
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


def ensure_loaded(base: Path | None = None) -> tuple[IndexInfo, "LoadedIndex"]:
    """`ensure`, with the generation as loaded and checked (the soundness check reads it whole, so a
    searcher opening it right after need not read it again). Every rebuild is logged with its reason."""
    fp = fingerprint()
    info, missing = locate(base)
    force = False
    why = None
    if info is None:
        log.info("no readable search index under %s (%s): building it (about 10 s)", search_dir(base), missing)
    elif info.fingerprint != fp:
        log.info("search index %s is stale (%s): rebuilding", info.path.name, stale_because(info.manifest))
    else:
        try:
            return info, open_checked(info)
        except IndexDamaged as e:
            log.warning("search index %s is damaged (%s): rebuilding it", info.path, e)
            why = f"{info.path.name} is damaged: {e}"
        force = True
    try:
        build(base, force=force, fp=fp, why=why)
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


def build(base: Path | None = None, force: bool = False, fp: str | None = None, why: str | None = None
          ) -> BuildReport:
    """Build a new generation when the live one is missing or stale (or always, `force`), and say why
    (`why`: the caller's reason, such as the damage it found) on the log once the build is under way."""
    sdir = search_dir(base)
    try:
        return _build(sdir, base, force, fp, why)
    except OSError as e:
        where = e.filename or sdir
        raise SearchIndexError(f"cannot write the search index in {where}: {e.strerror or e} "
                               "(set JUDGE_DATA_DIR to a writable directory)") from None


def _build(sdir: Path, base: Path | None, force: bool, fp: str | None, why: str | None) -> BuildReport:
    import uuid     # here: a search that finds its index up to date never builds

    sdir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with open(sdir / ".lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        fp = fp or fingerprint()
        info, missing = locate(base)
        if not force and info is not None and info.fingerprint == fp:
            return BuildReport(False, info.path, info.manifest.get("sections", 0),
                               time.perf_counter() - started, info.manifest.get("editions", {}))
        reason = why or ("there is none: " + missing if info is None else stale_because(info.manifest) if info.fingerprint != fp
                         else "a rebuild was asked for (--force)")
        # a debug record: the CLI shows these once a build is under way (a failure stays one error line)
        log.debug("building the search index because %s", reason)
        tmp = sdir / f".tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        try:
            counts, term_sections = _write(tmp)
            stats = {f.name: f.stat() for f in sorted(tmp.iterdir()) if f.is_file()}
            files = {name: st.st_size for name, st in stats.items()}
            manifest = {"fingerprint": fp, "schema": SCHEMA_VERSION, "analyzer": analysis.ANALYZER_VERSION,
                        "versions": _versions(), "sources": source_digests(),
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
    """Index every section with Whoosh into `path`; returns (sections per edition, term usage per game as
    in `term_sections`)."""
    from whoosh.filedb.filestore import FileStorage, copy_storage

    from . import corpus, schema

    path.mkdir(parents=True)
    counts: dict[str, int] = {}
    usage: dict[str, dict] = {}
    documents: list[dict] = []
    editions = indexed_editions()
    for i, edition_id in enumerate(editions, 1):
        log.debug("building the search index: %s (%d/%d)", edition_id, i, len(editions))  # CLI progress
        edition = corpus.load(edition_id)
        definitions = _definitions(edition)
        game = usage.setdefault(edition.game, {"sections": 0, "terms": {}, "english": 0,
                                                        "english_tokens": 0})
        headings: dict[str, dict] = {}
        for order, section in enumerate(edition):
            fields, named = section_document(edition, section, order, definitions, headings)
            documents.append(fields)
            if "english" in fields:
                game["english"] += 1
                game["english_tokens"] += len(analysis.english_tokens(fields["english"]))
            for term_id in named:
                game["terms"][term_id] = game["terms"].get(term_id, 0) + 1
        game["sections"] += len(edition)
        counts[edition_id] = len(edition)
    # single characters: only those a query may look for (rulings/search.py drops hiragana and characters
    # in more than STOP_SHARE of the sections); the others are most of the postings and never read
    seen: dict[str, int] = {}
    chars = [list(dict.fromkeys(analysis.cjk_chars(fields["body1"]))) for fields in documents]
    for each in chars:
        for ch in each:
            seen[ch] = seen.get(ch, 0) + 1
    limit = STOP_SHARE * len(documents)
    useful = {ch for ch, n in seen.items() if n <= limit and not _HIRAGANA.match(ch)}
    words: set[str] = set()
    for fields, each in zip(documents, chars):
        fields["body1"] = " ".join(ch for ch in each if ch in useful)
        # each English word once, in the first section using it: the corrector needs the vocabulary, not
        # 66,000 postings of it
        new = [w for w in dict.fromkeys(analysis.english_words(fields["words"])) if w not in words]
        words.update(new)
        fields["words"] = " ".join(new)
    ram = _build_storage(path)
    ix = ram.create_index(schema.schema())
    # one process: two writer processes pickle every document across and merge two segments, which costs
    # more CPU than it saves on 4,500 short documents. Written in Whoosh's RamStorage (its writer reads
    # what it wrote back, value by value), then copied to disk. compound=False: the segment's files stay
    # apart, so that opening them from RAM copies none (Whoosh reads a compound file's members as copies)
    writer = ix.writer(limitmb=256, codec=_codec(), compound=False)
    for fields in documents:
        writer.add_document(**fields)
    writer.commit()
    ix.close()
    _write_casebook(ram)
    ram.files = {name: data for name, data in ram.files.items() if not name.endswith("LOCK")}
    copy_storage(ram, FileStorage(str(path)))
    shutil.rmtree(path / ".scratch", ignore_errors=True)
    return counts, usage


def _build_storage(path: Path):
    """Whoosh's RamStorage for a build into `path`, whose writers' scratch directory (`temp_storage`) is
    inside `path`: RamStorage's own is a fixed name under the system's temporary directory (MAIN.tmp), which
    concurrent builds would share, and the first to finish deletes it under the others."""
    from whoosh.filedb.filestore import FileStorage, RamStorage

    class BuildStorage(RamStorage):
        def temp_storage(self, name=None):
            return FileStorage(str(path / ".scratch" / (name or "writer.tmp"))).create()

    return BuildStorage()


def _codec():
    """Whoosh's W3 codec as `schema.Codec` sets it up (uncompressed blocks, no length statistics)."""
    from . import schema

    return schema.Codec(compression=0)


STOP_SHARE = 0.06       # a token in more of the sections than this says nothing (rulings/search.py)
_HIRAGANA = re.compile(r"^[\u3040-\u309f]+$")

def _write_casebook(storage) -> None:
    """The casebook's rulings as the generation's second index: read as plain YAML (no scenario is run or
    validated here: `judge check` does that), so a search can show the rulings beside its sections."""
    from . import schema
    from .yamlio import load_yaml_file

    ix = storage.create_index(schema.casebook_schema(), indexname=schema.CASEBOOK)
    writer = ix.writer(codec=_codec(), compound=False)
    for path in sorted((PACKAGE_DIR / "casebook").glob("*/*.yaml")):
        try:
            items = load_yaml_file(path)
        except Exception as e:      # noqa: BLE001 - a broken casebook file must not stop the search index
            log.warning("casebook file %s not indexed: %s", path.name, e)
            continue
        for item in items if isinstance(items, list) else [items]:
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                continue
            cites = [str(s).split(" ", 1)[0] for s in item.get("sources") or []]
            expect = item.get("expect") if isinstance(item.get("expect"), dict) else {}
            cites += [str(s) for s in expect.get("cites") or []]
            words = [str(item.get(k) or "") for k in ("id", "title", "question", "answer")]
            words += [str(t) for t in item.get("tags") or []]
            doc = {"id": item["id"], "title": str(item.get("title") or ""),
                   "question": str(item.get("question") or ""), "verdict": str(item.get("answer") or ""),
                   "url": f"/casebook/{item['id']}", "game": str(item.get("game") or "")}
            writer.add_document(id=item["id"], game=doc["game"], text=analysis.prepare(" ".join(words), "en"),
                                cites=schema.SEP.join(dict.fromkeys(cites)), doc=doc)
    writer.commit()
    ix.close()


# "how many" questions: which kinds of number a sentence states (the counter says which counts answer)
COUNTERS = {"creature": "只隻体體", "card": "张張枚", "times": "次回度", "level": "级級"}
COUNT_PATTERNS = {kind: re.compile(r"\d+\s*[" + counters + "]") for kind, counters in COUNTERS.items()}
COUNT_PATTERNS["level"] = re.compile(r"(?:Lv\.?\s*\d|\d+\s*[级級])", re.IGNORECASE)
COUNT_PATTERNS["any"] = re.compile(r"\d+\s*[只隻体體张張枚次回度个個级級]|(?<![\d/])\d{3,}(?![\d/])")   # or 8000


def _parent_number(number: str) -> str | None:
    """The number less its last part (14-2-1 of 14-2-1-3, 4.4 of 4.4.p2), None for a top section."""
    cut = max(number.rfind("-"), number.rfind("."))
    return number[:cut] if cut >= 0 else None


def parent_ref(ref: str) -> str:
    """The ref of a section's parent, "" for a top section: its number less the last part (what
    `heading_terms` inherits along, and rulings/search.py's ancestors and descendants)."""
    edition, _, number = ref.partition(":")
    parent = _parent_number(number)
    return f"{edition}:{parent}" if parent else ""


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

def section_document(edition, section, order: int, definitions: dict[str, list[str]], headings: dict[str, dict]
                     ) -> tuple[dict, set[str]]:
    """(the Whoosh fields of a section, ids of every term of either game its title or text names).
    `headings` remembers, per number, what a section passes on to the sections under it (its ancestors'
    titles and its own, and the term ids they name or define): sections come in document order."""
    from . import glosses, schema
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
    title_terms = [m.term for m in in_title if m.term.game == own]
    english_title = " ".join([title] + glosses.english_of(title, lang, title_terms))
    english_text = " ".join([text] + glosses.english_of(text, lang, [m.term for m in in_text if m.term.game == own]))
    defines = definitions.get(section.number, [])
    parent_number = _parent_number(section.number)
    above = headings.get(parent_number, {"terms": []}) if parent_number else {"terms": []}
    headings[section.number] = {"terms": above["terms"] + list(dict.fromkeys([t.id for t in title_terms] + defines))}
    short = alias_key(text) if len(text.strip()) <= SHORT_HEADING else ""
    stored = {
        "ref": section.ref, "edition": edition.id, "game": edition.game, "language": lang,
        "number": section.number, "order": order, "kind": section.kind,
        "defines": " ".join(defines),
        "title_s": section.title, "text_s": section.text,
        "heading_s": heading_sources(edition, section) if not section.text.strip() else [],
        "probe": _SPACE.sub("", f"{title}\n{text}").casefold(),
    }
    counts = [kind for kind, pattern in COUNT_PATTERNS.items() if pattern.search(section.text or "")]
    sep = schema.SEP
    fields = {
        "ref": section.ref, "edition": edition.id, "counts": " ".join(counts).encode(),
        "title": title, "body": text, "body1": text,
        "title_en": english_title, "body_en": english_text, "words": english_title + "\n" + english_text,
        "heading_terms": sep.join(above["terms"]),
        "terms": sep.join(m.term.id for m in in_text if m.term.game == own),
        "title_terms": sep.join(dict.fromkeys(t.id for t in title_terms)),
        "defines": sep.join(defines),
        # a heading, or a paragraph short enough to be one (伤害计算时, 连锁块: sub-headings inside a section)
        "title_key": alias_key(title) or short or "\u0000",
        "doc": stored,
    }
    english = _rendering(edition.id, section.number)
    if english:
        fields["english"] = f"{english['title']}\n{english['text']}"
        stored["english_s"] = {"title": english["title"], "text": english["text"]}
    return fields, {m.term.id for m in in_text + in_title}


def _rendering(edition: str, number: str) -> dict | None:
    """The section's own unofficial English rendering (rulings/english.py: {title, text, unofficial}), or
    None. dcg-zh-1.2 borrows its counterpart's through the alignment: that one is indexed once, under
    the section it renders."""
    from . import english

    if edition not in english.RENDERED:
        return None
    found = english.rendering(edition, number)
    return found if found and (found.get("title") or found.get("text")) else None


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


class LoadedIndex:
    """A generation held in memory: its Whoosh index over a RamStorage copy of its files (never mapped: a
    file truncated or rewritten under a running server cannot kill it nor change what it answers), one
    searcher, and the per-section columns the ranking reads."""

    def __init__(self, ix, casebook=None):
        self.ix = ix
        self.searcher = ix.searcher(weighting=_bm25f(B=0.5, K1=1.2))
        self.casebook = casebook.searcher() if casebook is not None else None
        self.size = self.searcher.doc_count_all()
        self._columns: dict[str, list] = {}
        self._readers: dict = {}
        self._frequencies: dict[tuple[str, str], int] = {}

    def column(self, name: str) -> list:
        """Every document's value of a column field (ref, counts), read once."""
        values = self._columns.get(name)
        if values is None:
            values = self._columns[name] = list(self.searcher.reader().column_reader(name))
        return values

    def value(self, name: str, docnum: int):
        """One document's value of a column field (Whoosh's column reader, opened once)."""
        reader = self._readers.get(name)
        if reader is None:
            reader = self._readers[name] = self.searcher.reader().column_reader(name)
        return reader[docnum]

    def docnum(self, ref: str) -> int | None:
        return self.searcher.document_number(ref=ref)

    def stored(self, docnum: int) -> dict:
        return self.searcher.stored_fields(docnum)["doc"]

    def doc_frequency(self, field: str, token: str) -> int:
        """How many sections hold the token (remembered: a query asks for the same few several times, and
        Whoosh looks each one up in its hash table of terms)."""
        key = (field, token)
        found = self._frequencies.get(key)
        if found is None:
            if len(self._frequencies) > 50_000:
                self._frequencies.clear()
            found = self._frequencies[key] = self.searcher.doc_frequency(field, token)
        return found

    def close(self) -> None:
        self.searcher.close()
        if self.casebook is not None:
            self.casebook.close()


def _bm25f(**params):
    """Whoosh's BM25F, whose scorers remember each section's field lengths once read (Whoosh reads a
    length through four calls and a column lookup for every posting it scores: a third of a search's CPU).
    The lengths and so the scores are Whoosh's own."""
    from whoosh import scoring

    class CachedLengthsBM25F(scoring.BM25F):
        def __init__(self, **params):
            super().__init__(**params)
            self._lengths: dict = {}

        def scorer(self, searcher, fieldname, text, qf=1):
            scorer = super().scorer(searcher, fieldname, text, qf=qf)
            if isinstance(scorer, scoring.BM25FScorer) and searcher.is_atomic():
                scorer.dfl = self._length_of(searcher, fieldname)
            return scorer

        def _length_of(self, searcher, fieldname):
            key = (id(searcher.reader()), fieldname)
            found = self._lengths.get(key)
            if found is None:
                lengths = [None] * searcher.doc_count_all()
                read = searcher.doc_field_length

                def found(docnum: int):
                    length = lengths[docnum]
                    if length is None:
                        length = lengths[docnum] = read(docnum, fieldname, 1)
                    return length

                self._lengths[key] = found
            return found

    return CachedLengthsBM25F(**params)


def _casebook(storage):
    from . import schema

    return storage.open_index(schema.CASEBOOK) if storage.index_exists(schema.CASEBOOK) else None


def open_index(info: IndexInfo) -> LoadedIndex:
    """The generation read into memory (a RamStorage copy of its files, about 15 MB) and opened with
    Whoosh; its last document is read. Raises IndexDamaged when its files do not form an index."""
    from whoosh.filedb.filestore import RamStorage

    storage = RamStorage()
    try:
        for name in info.manifest.get("files", {}):
            if name == "manifest.json":
                continue
            # what RamStorage.create_file keeps once written, without copying 15 MB through a BytesIO twice
            storage.files[name] = (info.path / name).read_bytes()
        loaded = LoadedIndex(storage.open_index(), _casebook(storage))
        if loaded.size:
            loaded.stored(loaded.size - 1)
    except Exception as e:      # noqa: BLE001 - a damaged file can fail Whoosh in many ways (struct, zlib, pickle, EOF)
        raise IndexDamaged(f"unreadable: {type(e).__name__}: {' '.join(str(e).split())[:160]}") from None
    return loaded
