"""A cache of parsed editions, so a one-shot command (`judge rule`) does not re-parse a rules text.

Each parsed edition is pickled under `$JUDGE_DATA_DIR/corpus/` (default `<repo>/var/`), named by a hash of
everything the parse depends on (the edition's text, the parser and model code, rulings/data/*.yaml).
The cache is written by this process only (atomic rename) and is never required: a missing, unreadable or
read-only directory just means parsing again. `judge index` fills it for read-only deployments.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
FORMAT = 1


def _data_dir() -> Path:
    # the same directory as the search index (rulings.index.data_dir, not imported: it loads Whoosh)
    return Path(os.environ.get("JUDGE_DATA_DIR") or PACKAGE_DIR.parent / "var")


def _key(edition_id: str, text_file: str) -> str:
    h = hashlib.sha256(f"format={FORMAT};edition={edition_id}".encode())
    files = [PACKAGE_DIR / "texts" / text_file, *sorted(PACKAGE_DIR.glob("parse*.py")),
             *sorted((PACKAGE_DIR / "data").glob("*.yaml")), PACKAGE_DIR / "model.py", PACKAGE_DIR / "corpus.py"]
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:24]


def path_for(edition_id: str, text_file: str) -> Path:
    return _data_dir() / "corpus" / f"{edition_id}-{_key(edition_id, text_file)}.pickle"


def read(path: Path):
    try:
        with open(path, "rb") as f:
            return pickle.load(f)
    except Exception:  # missing, truncated or from another Python: parse again
        return None


def write(path: Path, edition) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".pickle")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(edition, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        for old in path.parent.glob(f"{edition.id}-*.pickle"):  # earlier versions of this edition
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:  # read-only data directory: the cache is an optimisation only
        try:
            os.unlink(tmp)
        except (OSError, UnboundLocalError):
            pass
