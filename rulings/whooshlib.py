"""Import Whoosh without three modules it loads at start and never calls on this project's paths.

whoosh-reloaded 2.7.5 imports, at module level:
- `urllib.request` (whoosh.compat: `urlretrieve`, used nowhere in Whoosh): http.client, email, ssl;
- the `cached_property` package (whoosh.reading, one property), which imports asyncio;
- `whoosh.lang.morph_en` (whoosh.query.terms: `variations`, for Variations queries only), which compiles a
  large table of regular expressions.
Together about 0.2 s of CPU, half of a one-shot `judge search`. Importing this module first imports those
three Whoosh modules with stand-ins in their place: `urlretrieve` and `variations` import the real module
when called; `cached_property` is the standard library's (same behaviour on a plain method). The
stand-ins leave `sys.modules` right after, so anything that imports the real module later gets it.
Any Whoosh import in rulings/ comes after `from . import whooshlib` (tests/test_startup_caches.py checks
that a search loads none of the three).
"""
from __future__ import annotations

import functools
import sys
import types


def _urlretrieve(*args, **kwargs):
    from urllib.request import urlretrieve

    return urlretrieve(*args, **kwargs)


def _variations(word):
    from whoosh.lang.morph_en import variations

    return variations(word)


def _stand_in(name: str, **attrs) -> types.ModuleType:
    module = types.ModuleType(name, "stand-in while Whoosh imports (rulings/whooshlib.py)")
    module.__dict__.update(attrs)
    return module


def _import_whoosh() -> None:
    if "whoosh.compat" in sys.modules or "whoosh.reading" in sys.modules or "whoosh.query" in sys.modules:
        return      # imported before this module: nothing left to spare
    stand_ins = {"urllib.request": _stand_in("urllib.request", urlretrieve=_urlretrieve),
                 "cached_property": _stand_in("cached_property", cached_property=functools.cached_property),
                 "whoosh.lang.morph_en": _stand_in("whoosh.lang.morph_en", variations=_variations)}
    placed = {name: module for name, module in stand_ins.items() if name not in sys.modules}
    sys.modules.update(placed)
    try:
        import whoosh.compat  # noqa: F401
        import whoosh.query  # noqa: F401
        import whoosh.reading  # noqa: F401
    finally:
        for name, module in placed.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


_import_whoosh()
