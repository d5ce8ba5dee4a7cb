"""`expect:` (contract §4.1): strict validation, and comparison with a simulation result's JSON.

Every key is optional. Contract keys: winner, battle_area, monsters, trash, graveyard, security_count,
memory, lp, suspended, refused, cites. Project extensions (documented in rulings/casebook/README.md):

    allowed: [block]              # these action kinds were NOT refused (negative control for `refused`)
    unsuspended: [gomamon]        # dcg: these ids are in play (battle or breeding area) and unsuspended
    not_cites: [ref]              # none of these refs is among the citations
    turn: B                       # the turn player at the end
    phase: main                   # final phase (ygo: draw|standby|main1|battle|main2|end; dcg: as the engine reports)
    hand_count: {A: 5}            # exact hand sizes
    deck_count: {A: 19}           # exact deck sizes
    dp: {greymon: 9000}           # dcg: DP of these Digimon in the battle or breeding area (`none`: no DP)
    hand: {A: [c1, c2]}           # dcg: exact id sets of the hands
    security: {B: [s1, s2]}       # dcg: exact security ids, top first (order matters)
    breeding_area: {A: koromon}   # dcg: the card on top in the breeding area, or none
    digitama_count: {A: 4}        # dcg: exact Digi-Egg deck sizes
    trash_count: {A: 2}           # dcg: exact trash sizes
    sources: {greymon: [agumon]}  # dcg: digivolution cards of a Digimon in play, top first
    atk: {m1: 2500}               # ygo: ATK of these monsters
    def: {m1: 1200}               # ygo: DEF of these monsters
    level: {m1: 4}                # ygo: Level of these monsters
    original_atk: {m1: 3200}      # ygo: original ATK of these monsters (rulebook 4.5.1)
    original_def: {m1: 0}         # ygo: original DEF of these monsters
    position: {m1: defense}       # ygo: battle position of these monsters
    banished: {B: [x]}            # ygo: these ids are banished (subset)
    spells_traps: {A: [s1]}       # ygo: exact id sets of the spell & trap zones
    counters: {m1: {spell: 3}}    # ygo: exact counters on these cards on the field ({} = none)
    zone: {m1: M3}                # ygo: the zone these cards are in on the field
    order: [effect.draw, keyword.piercing_check]   # these step events happen, first occurrences in this order
                                  # (`event@id`: that event on the card with that id)
    sequence: [chain.activate@a, chain.activate@b, chain.link.resolve]   # these steps happen in this order (each
                                  # after the one before; others may come between): the step order in full
    refused_at: {1: activate}     # exactly these actions were refused: index in `actions` (0 first) -> kind
    extra_deck: {A: [f1, s1]}     # ygo: exact id sets of the Extra Decks
    chains: [[trap, counter], [zero]]   # ygo: the chains built, in order, each its links' card ids from link 1
                                  # (`id#n`: that card's n-th effect, when its card names several)

A mismatch is a record {key, expected, actual}; `key` is a path such as `battle_area.B`.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidScenario

SIDES = ("A", "B")
WINNERS = ("A", "B", "draw", "none")

# key -> (games it applies to, shape)
_SHAPES = {
    "winner": (("dcg", "ygo"), "winner"),
    "battle_area": (("dcg",), "side_ids"),
    "monsters": (("ygo",), "side_ids"),
    "trash": (("dcg",), "side_ids"),
    "graveyard": (("ygo",), "side_ids"),
    "banished": (("ygo",), "side_ids"),
    "spells_traps": (("ygo",), "side_ids"),
    "security_count": (("dcg",), "side_int"),
    "memory": (("dcg",), "memory"),
    "lp": (("ygo",), "side_int"),
    "hand_count": (("dcg", "ygo"), "side_int"),
    "deck_count": (("dcg", "ygo"), "side_int"),
    "suspended": (("dcg",), "ids"),
    "unsuspended": (("dcg",), "ids"),
    "refused": (("dcg", "ygo"), "ids"),
    "allowed": (("dcg", "ygo"), "ids"),
    "cites": (("dcg", "ygo"), "ids"),
    "not_cites": (("dcg", "ygo"), "ids"),
    "turn": (("dcg", "ygo"), "side"),
    "phase": (("dcg", "ygo"), "str"),
    "dp": (("dcg",), "id_int"),
    "atk": (("ygo",), "id_int"),
    "def": (("ygo",), "id_int"),
    "level": (("ygo",), "id_int"),
    "original_atk": (("ygo",), "id_int"),
    "original_def": (("ygo",), "id_int"),
    "position": (("ygo",), "id_str"),
    "hand": (("dcg",), "side_ids"),
    "security": (("dcg",), "side_ids"),
    "breeding_area": (("dcg",), "side_id"),
    "digitama_count": (("dcg",), "side_int"),
    "trash_count": (("dcg",), "side_int"),
    "sources": (("dcg",), "id_ids"),
    "links": (("dcg",), "id_ids"),
    "counters": (("ygo",), "id_counts"),
    "zone": (("ygo",), "id_str"),
    "order": (("dcg", "ygo"), "ids"),
    "sequence": (("dcg", "ygo"), "ids"),
    "refused_at": (("dcg", "ygo"), "index_kind"),
    "extra_deck": (("ygo",), "side_ids"),
    "chains": (("ygo",), "chains"),
}
EXPECT_KEYS = tuple(_SHAPES)


@dataclass(frozen=True)
class Mismatch:
    key: str
    expected: object
    actual: object

    def to_json(self) -> dict:
        return {"key": self.key, "expected": self.expected, "actual": self.actual}


def _fail(path: str, message: str):
    raise InvalidScenario(path, message)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _id_list(value, path: str) -> list[str]:
    if not isinstance(value, list):
        _fail(path, "must be a list of ids")
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            _fail(f"{path}[{i}]", "must be a non-empty string")
    return list(value)


def _side_map(value, path: str) -> dict:
    if not isinstance(value, dict):
        _fail(path, "must be a mapping {A: …, B: …}")
    for side in value:
        if side not in SIDES:
            _fail(f"{path}.{side}", "unknown player (A or B)")
    return value


def validate_expect(expect, game: str | None) -> dict:
    """Check the shape of `expect` strictly; return it. Raises InvalidScenario naming `expect.<key>…`."""
    if expect is None:
        return {}
    if not isinstance(expect, dict):
        _fail("expect", "must be a mapping")
    for key, value in expect.items():
        path = f"expect.{key}"
        if key not in _SHAPES:
            _fail(path, f"unknown key (one of: {', '.join(EXPECT_KEYS)})")
        games, shape = _SHAPES[key]
        if game in ("dcg", "ygo") and game not in games:
            _fail(path, f"only for game {' or '.join(games)}")
        if shape == "winner":
            if value is None:
                continue
            if not isinstance(value, str) or value not in WINNERS:
                _fail(path, "must be A, B, draw or none")
        elif shape == "side_ids":
            for side, ids in _side_map(value, path).items():
                _id_list(ids, f"{path}.{side}")
        elif shape == "side_int":
            for side, n in _side_map(value, path).items():
                if not _is_int(n) or n < 0:
                    _fail(f"{path}.{side}", "must be a whole number >= 0")
        elif shape == "side_id":
            for side, cid in _side_map(value, path).items():
                if not isinstance(cid, str) or not cid.strip():
                    _fail(f"{path}.{side}", "must be a card id or none")
        elif shape == "id_ids":
            if not isinstance(value, dict) or not value:
                _fail(path, "must be a mapping {card id: [ids, top first]}")
            for cid, ids in value.items():
                _id_list(ids, f"{path}.{cid}")
        elif shape == "id_counts":
            if not isinstance(value, dict) or not value:
                _fail(path, "must be a mapping {card id: {counter kind: count}}")
            for cid, kinds in value.items():
                if not isinstance(kinds, dict):
                    _fail(f"{path}.{cid}", "must be a mapping {counter kind: count} ({} = no counters)")
                for kind, n in kinds.items():
                    if not isinstance(kind, str) or not _is_int(n) or n < 0:
                        _fail(f"{path}.{cid}.{kind}", "must be a whole number >= 0")
        elif shape == "memory":
            if not _is_int(value) or not -10 <= value <= 10:
                _fail(path, "must be a whole number from -10 to 10")
        elif shape == "ids":
            _id_list(value, path)
        elif shape == "index_kind":
            if not isinstance(value, dict):
                _fail(path, "must be a mapping {action index (0 first): action kind}")
            for at, kind in value.items():
                if not (_is_int(at) and at >= 0 or isinstance(at, str) and at.isdigit()):
                    _fail(f"{path}.{at}", "must be an action index: a whole number >= 0 (0 is the first action)")
                if not isinstance(kind, str) or not kind.strip():
                    _fail(f"{path}.{at}", "must be the refused action's kind, e.g. activate")
        elif shape == "chains":
            if not isinstance(value, list):
                _fail(path, "must be a list of chains, each a list of card ids from chain link 1")
            for i, chain in enumerate(value):
                _id_list(chain, f"{path}[{i}]")
                if not chain:
                    _fail(f"{path}[{i}]", "a chain has at least one link")
        elif shape == "side":
            if value not in SIDES:
                _fail(path, "must be A or B")
        elif shape == "str":
            if not isinstance(value, str) or not value.strip():
                _fail(path, "must be a non-empty string")
        elif shape in ("id_int", "id_str"):
            if not isinstance(value, dict) or not value:
                _fail(path, "must be a mapping {card id: value}")
            for cid, v in value.items():
                if key == "dp" and v == "none":     # a card without DP (a Tamer, 2-5-3)
                    continue
                ok = _is_int(v) and v >= 0 if shape == "id_int" else isinstance(v, str) and v.strip()
                if not ok:
                    _fail(f"{path}.{cid}", "must be a whole number >= 0" if shape == "id_int" else "must be a string")
    if "cites" in expect or "not_cites" in expect:
        _validate_refs(expect, game)
    return expect


def _validate_refs(expect: dict, game: str | None) -> None:
    from rulings.corpus import BadRef, parse_ref
    from rulings.editions import EDITIONS

    for key in ("cites", "not_cites"):
        for i, ref in enumerate(expect.get(key, [])):
            try:
                edition, _ = parse_ref(ref)
            except BadRef as e:
                _fail(f"expect.{key}[{i}]", str(e))
            if game in ("dcg", "ygo") and EDITIONS[edition].game != game:
                _fail(f"expect.{key}[{i}]", f"{edition} is not a {game} edition")


# --- reading the result JSON -------------------------------------------------------------------------

def _ids(items) -> list[str]:
    out = []
    for item in items or []:
        out.append(item.get("id") if isinstance(item, dict) else item)
    return [i for i in out if isinstance(i, str)]


def _player(result: dict, side: str) -> dict:
    return ((result.get("final") or {}).get("players") or {}).get(side) or {}


def _cards_in_play(result: dict, zone: str) -> dict[str, dict]:
    out = {}
    for side in SIDES:
        items = _player(result, side).get(zone) or []
        for item in items if isinstance(items, list) else [items]:
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                out[item["id"]] = item
    return out


def _dcg_in_play(result: dict) -> dict[str, dict]:
    """Battle-area and breeding-area cards by id (the breeding area is one card or null)."""
    return {**_cards_in_play(result, "breeding_area"), **_cards_in_play(result, "battle_area")}


def _count(player: dict, zone: str):
    """Hand and deck sizes: `deck_count` per contract, or the length of a listed zone."""
    if f"{zone}_count" in player:
        return player[f"{zone}_count"]
    if isinstance(player.get(zone), list):
        return len(player[zone])
    return player.get(zone)


def _sorted(ids):
    return sorted(set(ids))


def _step_is(step: dict, item: str) -> bool:
    """An `order` item: a step event (`effect.draw`), or `event@id` for that event on the card with that id (its
    `params.card` label ends in "(id)"), so two steps of one kind can be told apart."""
    event, _, card = item.partition("@")
    if step.get("event") != event:
        return False
    params = step.get("params") or {}
    label = str(params.get("card", ""))
    return not card or params.get("id") == card or label == card or label.endswith(f"({card})")


def _chains(result: dict) -> list[list[str]]:
    """The chains the steps built: a link 1 activation starts one; each link's card id (`params.id`), with `#n` when
    the step names which of the card's effects (`params.effect`)."""
    chains: list[list[str]] = []
    for s in result.get("steps", []):
        if s.get("event") not in ("chain.activate", "chain.trigger"):
            continue
        params = s.get("params") or {}
        name = str(params.get("id", params.get("card", "")))
        if params.get("effect"):
            name += f"#{params['effect']}"
        if params.get("link") == 1 or not chains:
            chains.append([])
        chains[-1].append(name)
    return chains


def compare(expect: dict, result: dict) -> list[Mismatch]:
    """Every way the result JSON (contract §4) differs from `expect` (already validated)."""
    out: list[Mismatch] = []
    citations = [c.get("ref") for c in result.get("citations", [])]
    refused_kinds = [r.get("action") for r in result.get("refused", [])]
    for key, want in expect.items():
        _, shape = _SHAPES[key]
        if key == "winner":
            got = (result.get("outcome") or {}).get("winner")
            want_norm = None if want in (None, "none") else want
            if got != want_norm:
                out.append(Mismatch(key, want if want is not None else "none", got if got is not None else "none"))
        elif key == "hand":
            for side, ids in want.items():
                got = _sorted(_ids(_player(result, side).get("hand")))
                if got != _sorted(ids):
                    out.append(Mismatch(f"{key}.{side}", _sorted(ids), got))
        elif key == "security":
            for side, ids in want.items():
                got = _ids(_player(result, side).get("security"))
                if got != list(ids):
                    out.append(Mismatch(f"{key}.{side}", list(ids), got))
        elif key == "breeding_area":
            for side, cid in want.items():
                item = _player(result, side).get("breeding_area")
                got = item.get("id") if isinstance(item, dict) else "none"
                if got != cid:
                    out.append(Mismatch(f"{key}.{side}", cid, got))
        elif key in ("digitama_count", "trash_count"):
            for side, n in want.items():
                player = _player(result, side)
                got = player.get("digitama_count") if key == "digitama_count" else len(player.get("trash") or [])
                if got != n:
                    out.append(Mismatch(f"{key}.{side}", n, got))
        elif key in ("sources", "links"):
            cards = _dcg_in_play(result)
            for cid, ids in want.items():
                got = cards[cid].get(key, []) if cid in cards else f"{cid} not in play"
                if got != list(ids):
                    out.append(Mismatch(f"{key}.{cid}", list(ids), got))
        elif key in ("battle_area", "monsters", "spells_traps", "extra_deck"):
            for side, ids in want.items():
                got = _sorted(_ids(_player(result, side).get(key)))
                if got != _sorted(ids):
                    out.append(Mismatch(f"{key}.{side}", _sorted(ids), got))
        elif key in ("trash", "graveyard", "banished"):
            for side, ids in want.items():
                have = set(_ids(_player(result, side).get(key)))
                missing = [i for i in ids if i not in have]
                if missing:
                    out.append(Mismatch(f"{key}.{side}", _sorted(ids), sorted(have)))
        elif key == "security_count":
            for side, n in want.items():
                got = len(_player(result, side).get("security") or [])
                if got != n:
                    out.append(Mismatch(f"{key}.{side}", n, got))
        elif key in ("lp", "hand_count", "deck_count"):
            zone = {"lp": "lp", "hand_count": "hand", "deck_count": "deck"}[key]
            for side, n in want.items():
                player = _player(result, side)
                got = player.get("lp") if key == "lp" else _count(player, zone)
                if got != n:
                    out.append(Mismatch(f"{key}.{side}", n, got))
        elif key == "memory":
            got = (result.get("final") or {}).get("memory")
            if got != want:
                out.append(Mismatch(key, want, got))
        elif key in ("turn", "phase"):
            got = (result.get("final") or {}).get(key)
            if got != want:
                out.append(Mismatch(key, want, got))
        elif key in ("suspended", "unsuspended"):
            cards = _dcg_in_play(result)
            flag = key == "suspended"
            wrong = [i for i in want if i not in cards or bool(cards[i].get("suspended")) is not flag]
            if wrong:
                actual = sorted(i for i, c in cards.items() if bool(c.get("suspended")) is flag)
                out.append(Mismatch(key, _sorted(want), actual))
        elif key == "order":
            steps = result.get("steps", [])
            firsts = [next((i for i, s in enumerate(steps) if _step_is(s, e)), None) for e in want]
            if None in firsts or firsts != sorted(firsts):
                seen = [e for _, e in sorted((i, e) for i, e in zip(firsts, want) if i is not None)]
                out.append(Mismatch(key, list(want), seen))
        elif key == "sequence":
            steps, i = result.get("steps", []), 0
            for item in want:
                i = next((j for j in range(i, len(steps)) if _step_is(steps[j], item)), None)
                if i is None:
                    break
                i += 1
            if i is None:
                out.append(Mismatch(key, list(want), [s.get("event") for s in steps]))
        elif key == "refused_at":
            got = {r["at"]: r.get("action") for r in result.get("refused", []) if isinstance(r.get("at"), int)}
            wanted = {int(at): kind for at, kind in want.items()}
            if got != wanted:
                out.append(Mismatch(key, wanted, got))
        elif key == "chains":
            got = _chains(result)
            if got != [list(c) for c in want]:
                out.append(Mismatch(key, [list(c) for c in want], got))
        elif key == "refused":
            missing = [k for k in want if k not in refused_kinds]
            if missing:
                out.append(Mismatch(key, list(want), refused_kinds))
        elif key == "allowed":
            wrongly = [k for k in want if k in refused_kinds]
            if wrongly:
                out.append(Mismatch(key, f"not refused: {', '.join(want)}", refused_kinds))
        elif key == "cites":
            missing = [r for r in want if _norm_ref(r) not in citations]
            if missing:
                out.append(Mismatch(key, [_norm_ref(r) for r in want], citations))
        elif key == "not_cites":
            present = [r for r in want if _norm_ref(r) in citations]
            if present:
                out.append(Mismatch(key, f"none of: {', '.join(want)}", citations))
        elif key in ("counters", "zone"):
            cards = {**_cards_in_play(result, "monsters"), **_cards_in_play(result, "spells_traps"),
                     **_cards_in_play(result, "field")}
            for cid, v in want.items():
                if cid not in cards:
                    out.append(Mismatch(f"{key}.{cid}", v, f"{cid} not on the field"))
                    continue
                got = cards[cid].get(key, {}) if key == "counters" else cards[cid].get("zone")
                if key == "counters":
                    v = {k: n for k, n in v.items() if n}
                if got != v:
                    out.append(Mismatch(f"{key}.{cid}", v, got))
        elif key in ("dp", "atk", "position", "def", "level", "original_atk", "original_def"):
            zone = "battle_area" if key == "dp" else "monsters"
            cards = _dcg_in_play(result) if key == "dp" else _cards_in_play(result, zone)
            for cid, v in want.items():
                got = (cards.get(cid) or {}).get(key) if cid in cards else f"{cid} not in {zone}"
                if key == "dp" and v == "none" and got is None:
                    continue
                if got != v:
                    out.append(Mismatch(f"{key}.{cid}", v, got))
    return out


def _norm_ref(ref: str) -> str:
    from rulings.corpus import parse_ref

    edition, number = parse_ref(ref)
    return f"{edition}:{number}"
