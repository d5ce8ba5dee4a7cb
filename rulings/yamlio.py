"""Safe YAML loading through libyaml when it is installed (about 10x faster than the pure-Python loader:
the terms table and the text fixes are read on every index build and process start).

`load_yaml_file` also remembers a data file's content as JSON under `$JUDGE_DATA_DIR/yaml/`, named by the
file's SHA-256 (rulings/digests.py: known from its size and mtime without reading it), so a one-shot
command reads terms.yaml (40 kB) or align_dcg.yaml (160 kB) in a millisecond or a few instead of 30 ms or
0.2 s. Only content that JSON holds exactly is remembered (YAML dates or integer keys are not); the cache is
plain JSON (never code) and never required: a missing, damaged or read-only one means parsing the YAML.
"""
from __future__ import annotations

import json
from pathlib import Path

from . import cachefile, digests

CACHE_FORMAT = "1"


def _loader():
    import yaml   # only when YAML is parsed: a cached file needs no yaml module

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str):
    """yaml.safe_load, with the C loader where available."""
    import yaml

    return yaml.load(text, Loader=_loader())  # noqa: S506 - a safe loader


def load_yaml_file(path: Path):
    """The YAML file's content, from its JSON copy when the file has not changed since it was made."""
    path = Path(path)
    digest = digests.combined(f"yaml-cache={CACHE_FORMAT}", [path])
    name = f"{path.parent.name}-{path.stem}"
    cached = digests.data_dir() / "yaml" / f"{name}-{digest[:24]}.json"
    try:
        return json.loads(cached.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    data = load_yaml(path.read_text(encoding="utf-8"))
    try:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):        # dates, sets ...: JSON cannot hold it; parse it every time
        return data
    if json.loads(text) == data:           # integer keys would come back as strings
        _write(cached, text, name)
    return data


def _write(cached: Path, text: str, name: str) -> None:
    """A read-only data directory means parsing the YAML next time too."""
    if cachefile.write(cached, text):
        cachefile.remove_older(cached, f"{name}-*.json", same_length=True)   # copies of earlier versions
