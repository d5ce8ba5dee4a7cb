"""Writing a cache file under the data directory whole or not at all.

The caches (parsed editions, JSON copies of YAML data, remembered file digests) are optimisations: a reader
must never see half a file, and a read-only or full directory must not be an error.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write(path: Path, text: str, tmp_prefix: str = ".tmp-") -> bool:
    """Write `text` to `path` through a temporary file and a rename; False when the directory refuses it."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=tmp_prefix, suffix=path.suffix)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
        return True
    except OSError:
        if tmp:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False


def remove_older(path: Path, pattern: str, same_length: bool = False) -> None:
    """Delete the earlier versions of `path` (files matching `pattern` beside it); errors are ignored."""
    try:
        for old in path.parent.glob(pattern):
            if old != path and (not same_length or len(old.name) == len(path.name)):
                old.unlink(missing_ok=True)
    except OSError:
        pass
