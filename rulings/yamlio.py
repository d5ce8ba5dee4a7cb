"""Safe YAML loading through libyaml when it is installed (about 10x faster than the pure-Python loader:
the terms table and the text fixes are read on every index build and process start)."""
from __future__ import annotations

import yaml

SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str):
    """yaml.safe_load, with the C loader where available."""
    return yaml.load(text, Loader=SafeLoader)
