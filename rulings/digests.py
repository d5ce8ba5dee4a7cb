"""SHA-256 of source files, remembered by size and modification time, so that a one-shot command does not
read and hash 1.5 MB of rules texts, parsers and data on every start to learn that nothing changed.

The remembered digests live in `$JUDGE_DATA_DIR/file-digests.json` (default `<repo>/var/`): plain JSON,
`{path: [size, mtime_ns, sha256]}`. A file whose size or mtime differs is hashed again. A file modified in
the last few seconds is hashed but not remembered (two writes within one tick of the file system's clock
can leave the same size and mtime behind). The record is never required: a missing, damaged or read-only
one just means hashing.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

from . import cachefile

RECORD = "file-digests.json"
SETTLED_NS = 3_000_000_000          # younger files are hashed every time
_memory: dict[str, tuple[int, int, str]] = {}


def data_dir() -> Path:
    """`$JUDGE_DATA_DIR`, default `<repo>/var/`: the search index, the caches of parsed editions and data."""
    return Path(os.environ.get("JUDGE_DATA_DIR") or Path(__file__).resolve().parent.parent / "var")


def _read_record(path: Path) -> dict[str, tuple[int, int, str]]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return {str(k): (int(v[0]), int(v[1]), str(v[2])) for k, v in raw.items()}
    except Exception:  # missing, damaged or foreign: hash again
        return {}


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def file_digests(files: list[Path]) -> list[str]:
    """The SHA-256 of each file (hex), from the record when the file's size and mtime are unchanged."""
    record_path = data_dir() / RECORD
    record = _read_record(record_path)
    now = time.time_ns()
    out, learned = [], {}
    for f in files:
        key = os.path.abspath(f)      # not Path.resolve: a one-shot command hashes ~120 paths, resolve stats each part
        st = os.stat(f)
        known = _memory.get(key) or record.get(key)
        if known and known[0] == st.st_size and known[1] == st.st_mtime_ns:
            out.append(known[2])
            continue
        digest = sha256_of(f)
        out.append(digest)
        if now - st.st_mtime_ns > SETTLED_NS:
            learned[key] = (st.st_size, st.st_mtime_ns, digest)
    if learned:
        _memory.update(learned)
        _write_record(record_path, {**record, **learned})
    return out


def combined(salt: str, files: list[Path]) -> str:
    """One SHA-256 over `salt` and each file's name and digest (what a cache key or fingerprint needs)."""
    h = hashlib.sha256(salt.encode())
    for f, digest in zip(files, file_digests(files)):
        h.update(f"{Path(f).name}\0{digest}\n".encode())
    return h.hexdigest()


def _write_record(path: Path, record: dict) -> None:
    """A read-only data directory just means hashing again next time."""
    cachefile.write(path, json.dumps({k: list(v) for k, v in record.items()}, separators=(",", ":")),
                    tmp_prefix=".tmp-digests-")
