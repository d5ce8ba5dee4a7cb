"""Every mechanic of the Yu-Gi-Oh engine, imported once so that each registers its handlers and answers with the
kernel (kernel.py) before a game runs. A new mechanic module is added here."""
from __future__ import annotations

from . import (battle, battle_damage, card_triggers, chain, columns, control, costs, counters,  # noqa: F401
               damage_step, delayed, each_time, effects, equip_monsters, extra_deck, field_limits, link, linked, maintenance, modes,
               name_locks, negation, once_per_turn, pendulum, phase_triggers, procedure, protection, replacement,
               ritual, search, stats, summon_count, summon_negation, temporary, trap_negation, triggers, vows)
