"""Faults around the on-disk search index, on real builds in temporary data directories (JUDGE_DATA_DIR):
a build killed midway, damaged files, a read-only directory, two builds at once."""
from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from rulings import index
from rulings.search import RuleSearch

REPO = Path(__file__).resolve().parent.parent


class _Records(logging.Handler):
    def __init__(self):
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture(scope="module")
def first_start(tmp_path_factory) -> tuple[Path, list[logging.LogRecord]]:
    """One real start on an empty data directory (the index is missing, so it is built), with its log."""
    base = tmp_path_factory.mktemp("built")
    logger, handler = logging.getLogger("rulings.index"), _Records()
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        index.ensure(base)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    return base, handler.records


@pytest.fixture(scope="module")
def built_index(first_start) -> Path:
    """The index built on first start, copied by each test that needs a data directory with a good index."""
    return first_start[0]


@pytest.fixture
def data_dir(built_index, tmp_path) -> Path:
    base = tmp_path / "data"
    shutil.copytree(built_index, base)
    return base


def judge(base: Path, *argv: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judge_app", *argv], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "JUDGE_DATA_DIR": str(base)}, timeout=timeout)


def start_judge(base: Path, *argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "judge_app", *argv], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "JUDGE_DATA_DIR": str(base)})


def searches(base: Path) -> list[str]:
    """Refs found for `blocker` by a fresh searcher that may not build (so it uses what is on disk)."""
    engine = RuleSearch(base, build=False)
    try:
        return [h.ref for h in engine.search("blocker", limit=3).results]
    finally:
        engine.close()


def wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = predicate()
        if found:
            return found
        time.sleep(0.02)
    pytest.fail(f"timed out waiting for {what}")


# ------------------------------------------------------------------ killed midway
@pytest.mark.parametrize("extra_delay", [0.0, 1.5], ids=["at-start", "while-writing"])
def test_killed_build_leaves_the_old_index_usable(data_dir, extra_delay):
    sdir = index.search_dir(data_dir)
    before = index.current(data_dir)
    pointer = (sdir / "CURRENT").read_bytes()
    proc = start_judge(data_dir, "index", "--force")
    try:
        wait_for(lambda: list(sdir.glob(".tmp-*")), 60, "the build to start writing")
        time.sleep(extra_delay)
        assert proc.poll() is None, "the build finished before it could be killed"
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert list(sdir.glob(".tmp-*")), "the half-written build is left aside, never made live"
    assert (sdir / "CURRENT").read_bytes() == pointer
    assert index.current(data_dir).path == before.path and index.damage(before) is None
    assert "dcg-ja-3.6:16-4" in searches(data_dir)
    cli = judge(data_dir, "search", "blocker", "--json")
    assert cli.returncode == 0 and json.loads(cli.stdout)["results"], cli.stderr


# ------------------------------------------------------------------ damaged files
def _segment(gen: Path) -> Path:
    """The sections' postings: the largest file of the Whoosh segment (written as separate files)."""
    return next(gen.glob("MAIN_*.pst"))


def _truncate_segment(gen: Path):
    segment = _segment(gen)
    segment.write_bytes(segment.read_bytes()[: segment.stat().st_size // 2])


def _zero_segment(gen: Path):
    segment = _segment(gen)
    segment.write_bytes(b"\0" * segment.stat().st_size)     # same size: only reading it can tell


def _garbage_toc(gen: Path):
    toc = next(gen.glob("_MAIN_*.toc"))
    toc.write_bytes(os.urandom(toc.stat().st_size))


def _delete_segment(gen: Path):
    _segment(gen).unlink()


def _no_manifest(gen: Path):
    (gen / "manifest.json").unlink()


def _dangling_pointer(gen: Path):
    (gen.parent / "CURRENT").write_text("gen-0-missing", encoding="utf-8")


DAMAGE = [_truncate_segment, _zero_segment, _garbage_toc, _delete_segment, _no_manifest, _dangling_pointer]


@pytest.mark.parametrize("spoil", DAMAGE, ids=[f.__name__.strip("_") for f in DAMAGE])
def test_damage_is_detected(data_dir, spoil):
    info = index.current(data_dir)
    assert index.damage(info) is None
    spoil(info.path)
    after = index.current(data_dir)
    assert after is None or index.damage(after), "a damaged index must not pass as usable"


def test_a_damaged_index_is_rebuilt_on_start_with_a_log_line(data_dir, caplog):
    damaged = index.current(data_dir)
    _zero_segment(damaged.path)
    caplog.set_level(logging.INFO, logger="rulings.index")
    engine = RuleSearch(data_dir)                       # what `judge search` and `judge serve` open
    try:
        assert "dcg-ja-3.6:16-4" in [h.ref for h in engine.search("blocker", limit=3).results]
    finally:
        engine.close()
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING and r.name == "rulings.index"]
    assert len(warnings) == 1
    assert "damaged" in warnings[0].getMessage() and "rebuilding" in warnings[0].getMessage()
    assert damaged.path.name in warnings[0].getMessage()
    rebuilt = index.current(data_dir)
    assert rebuilt.path != damaged.path and index.damage(rebuilt) is None


def test_a_missing_index_is_built_on_start_with_a_log_line(first_start):
    base, records = first_start
    info = index.current(base)
    assert info.manifest["sections"] > 4000 and index.damage(info) is None
    assert [r.getMessage() for r in records] == [
        f"no readable search index under {index.search_dir(base)} (no CURRENT file): building it (about 10 s)"]


# ------------------------------------------------------------------ every rebuild says why (issue 26)
def _delete_pointer(base: Path):
    (index.search_dir(base) / "CURRENT").unlink()


def _garbage_manifest(base: Path):
    (index.current(base).path / "manifest.json").write_bytes(b"\x00{not json")


def _stale_text(base: Path):
    """As if dcg-ja-3.6.txt had changed since the build: the manifest remembers another digest of it."""
    info = index.current(base)
    sources = dict(info.manifest["sources"], **{"rulings/texts/dcg-ja-3.6.txt": "0" * 64})
    manifest = dict(info.manifest, fingerprint="an-older-corpus", sources=sources)
    (info.path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


REASONS = [(_delete_pointer, "no CURRENT file"), (_garbage_manifest, "is garbage (JSONDecodeError)"),
           (_stale_text, "changed since it was built: rulings/texts/dcg-ja-3.6.txt")]


@pytest.mark.parametrize("spoil,reason", REASONS, ids=[f.__name__.strip("_") for f, _ in REASONS])
def test_every_rebuild_names_its_reason_on_stderr(data_dir, spoil, reason):
    spoil(data_dir)
    r = judge(data_dir, "search", "blocker", "--json", timeout=400)     # a whole build, on a busy machine
    assert r.returncode == 0 and json.loads(r.stdout)["results"], r.stderr
    lines = [line for line in r.stderr.splitlines() if line.startswith("judge: building the search index because ")]
    assert len(lines) == 1 and reason in lines[0], r.stderr
    assert index.damage(index.current(data_dir)) is None


# ------------------------------------------------------------------ unwritable data directory
def _run_read_only(base: Path, *argv: str) -> subprocess.CompletedProcess:
    """`judge ARGV` with `base` read-only: chmod for an ordinary user; as root (which chmod does not stop) a
    read-only bind mount in a private mount namespace."""
    cmd = [sys.executable, "-m", "judge_app", *argv]
    env = {**os.environ, "JUDGE_DATA_DIR": str(base)}
    if os.geteuid() != 0:
        modes = {}
        for path in [base, *base.rglob("*")]:
            modes[path] = path.stat().st_mode
            path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, env=env, timeout=120)
        finally:
            for path, mode in modes.items():
                path.chmod(mode)
    script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'
    return subprocess.run(["unshare", "--mount", "sh", "-c", script, "sh", str(base), *cmd], cwd=REPO,
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.fixture(scope="module")
def read_only_works(tmp_path_factory):
    probe = tmp_path_factory.mktemp("ro-probe")
    if os.geteuid() == 0:
        if not shutil.which("unshare"):
            pytest.skip("running as root without `unshare`: no way to make a directory read-only")
        script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && touch "$1/x"'
        r = subprocess.run(["unshare", "--mount", "sh", "-c", script, "sh", str(probe)], capture_output=True)
        if r.returncode == 0 or b"Read-only" not in r.stderr:
            pytest.skip(f"root cannot make a read-only bind mount here: {r.stderr.decode(errors='replace')}")


def test_read_only_directory_without_an_index_is_a_clear_error(tmp_path, read_only_works):
    for argv in (("index",), ("search", "blocker")):
        r = _run_read_only(tmp_path, *argv)
        assert r.returncode == 2, r
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: cannot write the search index in "), r.stderr
        assert str(tmp_path) in lines[0] and "JUDGE_DATA_DIR" in lines[0]
        assert "Traceback" not in r.stderr and "internal error" not in r.stderr


def test_read_only_directory_with_a_good_index_still_searches(data_dir, read_only_works):
    r = _run_read_only(data_dir, "search", "blocker", "--json")
    assert r.returncode == 0, r.stderr
    assert "dcg-ja-3.6:16-4" in [h["ref"] for h in json.loads(r.stdout)["results"]]


def test_read_only_directory_with_a_stale_index_uses_it_with_a_warning(data_dir, read_only_works):
    info = index.current(data_dir)
    manifest = dict(info.manifest, fingerprint="an-older-corpus")
    (info.path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    r = _run_read_only(data_dir, "search", "blocker", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["results"]
    assert "using the stale one" in r.stderr


def test_a_data_directory_under_a_file_is_a_clear_error(tmp_path):
    (tmp_path / "a-file").write_text("not a directory")
    with pytest.raises(index.SearchIndexError, match="cannot write the search index in .*a-file.*JUDGE_DATA_DIR"):
        index.ensure(tmp_path / "a-file" / "data")
    r = judge(tmp_path / "a-file" / "data", "index")
    assert r.returncode == 2 and r.stderr.startswith("error: cannot write the search index")
    assert len(r.stderr.splitlines()) == 1


# ------------------------------------------------------------------ concurrent builds
def test_concurrent_index_builds_do_not_corrupt_each_other_or_readers(data_dir):
    """Two `judge index --force` at once, while this process keeps searching the live index."""
    stop = threading.Event()
    reader_errors: list[BaseException] = []
    reads = [0]

    def read_while_building():
        engine = RuleSearch(data_dir, build=False)
        try:
            while not stop.is_set():
                try:
                    assert engine.search("blocker", limit=3).results
                    reads[0] += 1
                except BaseException as e:      # noqa: BLE001 - reported below
                    reader_errors.append(e)
                    return
                time.sleep(0.01)
        finally:
            engine.close()

    reader = threading.Thread(target=read_while_building)
    reader.start()
    builders = [start_judge(data_dir, "index", "--force", "--json") for _ in range(2)]
    try:
        outputs = [b.communicate(timeout=420) for b in builders]   # two Whoosh builds, one after the other
    finally:
        stop.set()
        reader.join(30)
    for b, (out, err) in zip(builders, outputs):
        assert b.returncode == 0, err
        assert json.loads(out)["built"] is True
    assert not reader_errors, reader_errors
    assert reads[0] > 10
    live = index.current(data_dir)
    # (not `is_stale`: the corpus code may change under a long test on a shared working tree)
    assert index.damage(live) is None and live.manifest["sections"] > 4000
    sdir = index.search_dir(data_dir)
    assert not list(sdir.glob(".tmp-*")) and not list(sdir.glob(".CURRENT-*"))
    assert len(list(sdir.glob("gen-*"))) <= index.KEEP_GENERATIONS
    assert "dcg-ja-3.6:16-4" in searches(data_dir)
