"""Resource limits shared by both engines' setup validation (documented in SECURITY.md).

A scenario is small by nature (a board of a few dozen cards, a handful of actions); these bounds keep a
hostile or mistaken file from costing more than a fraction of a second, whatever its shape.
"""
from __future__ import annotations

MAX_CARDS = 1000      # card ids in one scenario (both players, every zone, generated ids included)
MAX_ACTIONS = 500     # entries under `actions:`
