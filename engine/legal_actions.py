"""Legal actions at a point of a scenario (python-chess `legal_moves`, PokerKit `can_x`), for both games.

    legal_actions(scenario, after=N) -> {"game", "edition", "after", "player", "window",
                                          "legal": [{"action", "label", "cites"}],
                                          "refused": [{"action", "why", "cites"}],
                                          "unsupported": [{"action", "why"}],
                                          "choices": [{"edit", "label", "cites"}]}

Actions 1..N run and the run stops where action N+1 would be read, applying no defaults: the main phase, the
block timing of attack N (Digimon), an open chain, a summon, a Damage Step sub-step or an event's response
window (Yu-Gi-Oh). Every candidate action of every kind the validator knows, built from the board at that
point, is then tried through the engine's own entry point on a copy of that state (generate and test): the
ones it performs are `legal`, each as the exact mapping a scenario would append; the ones its `can_x` refuses
are `refused` with the rule; a candidate the engine cannot run at all (an engine error) is `unsupported`.
Choices and optional effects are not actions: they are offered under `choices` as edits of the top-level
`choose:` / `decline:` (contract section 3).

The engines have no "stop at a decision point" hook yet (engine-kernel issue 28), so the point is found
from outside: a Digimon attack that reached its block timing is replayed with each answer after it.
"""
from __future__ import annotations

import itertools
import pickle
from collections import deque
from dataclasses import replace

from .errors import InvalidScenario, JudgeError, LimitExceeded
from .result import _refs
from .scenario import TOP_KEYS, game_module

MAX_COMBINATIONS = 40     # material / tribute sets tried per card (the smallest sets first)
MAX_TARGET_SETS = 120     # target sets tried per activation (3 of 10 cards on the field)


def _new_refusal(trace, before: int, kind: str):
    """The first refusal of `kind` recorded since `before` refusals: simulate then lists the action as refused
    (contract §4), whether its `can_x` refused it or a rule refused it on the way (a Digi-Egg deck empty at
    hatching, a block answering the attack)."""
    return next((r for r in trace.refused[before:] if r.action == kind), None)


def legal_actions(scenario: dict, after: int | None = None) -> dict:
    """The legal actions, refusals and choices once actions 1..`after` have run (default: all of them).
    Raises InvalidScenario for a bad scenario or a bad `after`."""
    if not isinstance(scenario, dict):
        raise InvalidScenario("", "a scenario is a mapping")
    unknown = [k for k in scenario if k not in TOP_KEYS]
    if unknown:
        raise InvalidScenario(str(unknown[0]), "unknown key")
    module = game_module(scenario.get("game"))
    validated = module.validate(scenario)            # the whole scenario: a bad action N+5 is still bad input
    total = len(validated.actions)
    if after is None:
        after = total
    if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= total:
        raise InvalidScenario("after", f"must be a whole number from 0 to {total} (the scenario's actions)")
    point = (_DcgPoint if scenario["game"] == "dcg" else _YgoPoint)(scenario, validated, after)
    return point.report()


def _label_of(action: dict, names: dict) -> str:
    (kind, body), = action.items()
    if not isinstance(body, dict):
        return f"{kind.replace('_', ' ')}: {body}"
    if not body:
        return kind.replace("_", " ")
    parts = []
    for key, value in body.items():
        if isinstance(value, list):
            value = ", ".join(names.get(v, v) for v in value)
        elif isinstance(value, dict):
            value = ", ".join(f"{names.get(k, k)}→{v}" for k, v in value.items())
        else:
            value = names.get(value, value) if isinstance(value, str) else value
        parts.append(f"{key} {value}")
    return f"{kind.replace('_', ' ')}: " + "; ".join(str(p) for p in parts)


def _card_names(data) -> dict:
    """Card id -> "Name (id)" for labels."""
    out, stack = {}, [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("id"), str) and isinstance(node.get("name"), str) and node["name"]:
                out.setdefault(node["id"], f"{node['name']} ({node['id']})")
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return out


class _Point:
    """The state once actions 1..N ran, the candidates there, and what the engine does with each."""
    game_name = ""

    def __init__(self, data: dict, validated, after: int):
        self.data, self.validated, self.after = data, validated, after
        self.edition = validated.edition
        self.names = _card_names(data.get("board"))
        self.legal: list[dict] = []
        self.refused: list[dict] = []
        self.unsupported: list[dict] = []
        self.choices: list[dict] = []

    def refs(self, keys) -> list[str]:
        return list(_refs(tuple(keys), self.edition))

    def validated_actions(self, candidates: list[dict]) -> list:
        """Each candidate mapping validated as a scenario action (None: the validator rejects it)."""
        module = game_module(self.game_name)
        base = {k: v for k, v in self.data.items() if k not in ("actions", "expect")}
        try:
            return list(module.validate({**base, "actions": candidates}).actions)
        except InvalidScenario:
            out = []
            for c in candidates:
                try:
                    out.append(module.validate({**base, "actions": [c]}).actions[0])
                except InvalidScenario:
                    out.append(None)
            return out

    def classify(self, candidates: list[dict], run) -> None:
        """`run(validated action)` -> ("legal", first step or None) | ("refused", Refusal)."""
        for cand, action in zip(candidates, self.validated_actions(candidates)):
            if action is None:
                continue
            try:
                verdict, record = run(action)
            except LimitExceeded:
                raise
            except JudgeError as e:
                self.unsupported.append({"action": cand, "why": str(e)})
                continue
            except Exception as e:  # noqa: BLE001 - an engine that cannot run it: unsupported, never refused
                self.unsupported.append({"action": cand, "why": f"engine error: {type(e).__name__}: {e}"})
                continue
            if verdict == "legal":
                cites = self.refs(record.cites[:3]) if record is not None else []
                self.legal.append({"action": cand, "label": _label_of(cand, self.names), "cites": cites})
            else:
                self.refused.append({"action": cand, "why": record.why, "cites": self.refs(record.cites)})

    def report(self) -> dict:
        return {"game": self.game_name, "edition": self.edition, "after": self.after, "player": self.player,
                "window": self.window, "legal": self.legal, "refused": self.refused,
                "unsupported": self.unsupported, "choices": self.choices}


# ------------------------------------------------------------------------------------------ Digimon

class _DcgPoint(_Point):
    game_name = "dcg"

    def __init__(self, data, validated, after):
        super().__init__(data, validated, after)
        from .dcg.actions import run_action
        from .dcg.game import Game

        self._run_action = run_action
        game = Game(replace(validated, actions=validated.actions[:after]))
        before_last = None
        while game.actions:
            if len(game.actions) == 1 and game.actions[0].kind == "attack":
                before_last = pickle.dumps(game)   # the attack may stop at its block timing
            run_action(game, game.actions.popleft())
        self.game = game
        board = game.board
        last = validated.actions[after - 1] if after else None
        self.attack_n = None
        if before_last is not None and last is not None and last.kind == "attack" and self._reached_block(
                before_last, last):
            self.attack_n = (before_last, last)
        if self.attack_n is not None:     # before the game may end by the attack's default answer
            self.window, self.player = "block", "B" if pickle.loads(before_last).board.turn == "A" else "A"
            self._block_candidates()
        elif board.winner is not None:
            self.window, self.player = "over", None
        elif board.phase == "main":
            self.window, self.player = "main", board.turn
            self._main_candidates()
        else:
            self.window, self.player = "turn_end", board.turn
            self.classify([{"end_turn": {}}, {"end_turn": {"breeding": "hatch"}}, {"end_turn": {"breeding": "move"}}],
                          self._try)
        self._choices()

    def _reached_block(self, snapshot: bytes, attack) -> bool:
        game = pickle.loads(snapshot)
        steps, refused = len(game.trace.steps), len(game.trace.refused)
        game.actions.clear()
        self._run_action(game, attack)
        if _new_refusal(game.trace, refused, "attack") is not None:
            return False     # the attack itself was refused
        return any(s.event.startswith("block.") for s in game.trace.steps[steps:])

    def _try(self, action):
        game = pickle.loads(self.snapshot)
        steps, refused = len(game.trace.steps), len(game.trace.refused)
        game.actions = deque()
        self._run_action(game, action)
        refusal = _new_refusal(game.trace, refused, action.kind)
        if refusal is not None:
            return "refused", refusal
        return "legal", game.trace.steps[steps] if len(game.trace.steps) > steps else None

    def _try_block(self, action):
        snapshot, attack = self.attack_n
        game = pickle.loads(snapshot)
        steps, refused = len(game.trace.steps), len(game.trace.refused)
        game.actions = deque([attack, action])
        while game.actions:
            self._run_action(game, game.actions.popleft())
        mine = [r for r in game.trace.refused[refused:] if r.action == "block"]
        if mine:
            return "refused", mine[0]
        answer = next((s for s in game.trace.steps[steps:] if s.event.startswith("block.")), None)
        return "legal", answer

    @property
    def snapshot(self) -> bytes:
        if not hasattr(self, "_snapshot"):
            self._snapshot = pickle.dumps(self.game)
        return self._snapshot

    def _block_candidates(self):
        snapshot, _ = self.attack_n
        defender = pickle.loads(snapshot).ps(self.player)
        cands = [{"block": {"blocker": d.id}} for d in defender.battle_area] + [{"block": "none"}]
        self.classify(cands, self._try_block)

    def _main_candidates(self):
        board = self.game.board
        p = board.turn
        me, foe = board.player(p), board.player("B" if p == "A" else "A")
        cands: list[dict] = []
        for d in me.battle_area:
            cands.append({"attack": {"attacker": d.id, "target": "player"}})
            cands += [{"attack": {"attacker": d.id, "target": t.id}} for t in foe.battle_area]
        own = [d.id for d in me.battle_area] + ([me.breeding_area.id] if me.breeding_area else [])
        for c in me.hand:
            if c.kind in ("digimon", "tamer") and c.play_cost is not None:
                cands.append({"play": {"card": c.id}})
                for how in ("digixros", "assembly"):
                    spec = getattr(c, how)
                    if spec is not None:
                        pool = [x.id for x in (*me.hand, *(d.card for d in me.battle_area), *me.trash)
                                if x.id != c.id and any(r.matches(x) for r in spec.cards)]
                        want = sum(r.count for r in spec.cards)
                        sizes = [want] if how == "assembly" else range(min(want, len(pool)), 0, -1)
                        sets = itertools.chain.from_iterable(itertools.combinations(pool, k) for k in sizes)
                        cands += [{"play": {"card": c.id, how: list(s)}}
                                  for s in itertools.islice(sets, MAX_COMBINATIONS)]
            if c.kind == "option" and c.play_cost is not None:
                cands.append({"use": {"card": c.id}})
            if c.kind == "digimon" and c.digivolve_cost is not None:
                cands += [{"digivolve": {"card": c.id, "onto": o}} for o in own]
            for kind, spec in (("dna_digivolve", c.dna), ("app_fusion", c.app_fusion), ("link", c.link),
                               ("burst_digivolve", c.burst)):
                if spec is None or spec.cost is None:
                    continue
                if kind == "dna_digivolve":
                    cands += [{kind: {"card": c.id, "onto": list(pair)}}
                              for pair in itertools.islice(itertools.permutations(own, 2), MAX_COMBINATIONS)]
                else:
                    cands += [{kind: {"card": c.id, "onto": o}} for o in own]
        for d in me.battle_area + ((me.breeding_area,) if me.breeding_area else ()):
            mains = sum(1 for card in (d.card, *d.sources, *d.links) for e in card.effects if e.timing == "main")
            cands += [{"activate": {"card": d.id, **({"effect": i} if i else {})}} for i in range(mains)]
            if d.has("training"):
                cands.append({"training": {"card": d.id}})
            if d.card.kind == "option" and any(e.timing == "delay" for e in d.card.effects):
                cands.append({"delay": {"card": d.id}})
        for zone in ("hand", "trash"):   # {Hand} / {Trash} [Main] (engine/dcg/zone_main.py)
            for c in getattr(me, zone):
                mains = sum(1 for e in c.effects if e.timing == "main" and e.zone == zone)
                cands += [{"activate": {"card": c.id, **({"effect": i} if i else {})}} for i in range(mains)]
        cands += [{"pass": {}}, {"end_turn": {}}]
        if not any(board.player(p).hand or board.player(p).security for p in ("A", "B")):   # before setup (5-2-1)
            cands += [{"start_game": {}}, {"start_game": {"redraw": [board.turn]}}]
        self.classify(cands, self._try)

    def _choices(self):
        """Edits of `decline:` (optional keywords and cards with optional effects on the board) and of `choose:`
        (which [Counter] effect is used when the defender has several)."""
        from .dcg.keywords import ENGLISH

        optional = ("raid", "alliance", "barrier", "armor_purge", "evade", "fortitude", "blitz", "decoy",
                    "retaliation", "save", "mind_link", "blast_digivolve", "blast_dna_digivolve", "scapegoat",
                    "material_save", "partition")
        declined = set(self.data.get("decline") or []) if isinstance(self.data.get("decline"), list) else set()
        chosen = self.data.get("choose") if isinstance(self.data.get("choose"), dict) else {}
        seen: set = set()
        counters = []
        for p in ("A", "B"):
            ps = self.game.board.player(p)
            stacks = list(ps.battle_area) + ([ps.breeding_area] if ps.breeding_area else [])
            for d in stacks:
                cards = (d.card, *d.sources, *d.links)
                for kw in (*d.card.keywords, *(k for s in d.sources for k in s.inherited)):
                    name = ENGLISH[kw.kid]
                    if kw.kid in optional and name not in seen and name not in declined:
                        seen.add(name)
                        self.choices.append({"edit": {"decline": [name]}, "label": f"decline {name}", "cites": []})
                if d.id not in declined and d.id not in seen and any(e.optional for c in cards for e in c.effects):
                    seen.add(d.id)
                    self.choices.append({"edit": {"decline": [d.id]},
                                         "label": f"decline the optional effects of {self.names.get(d.id, d.id)}",
                                         "cites": []})
            counters += [c.id for c in ps.hand if any(e.timing == "counter" for e in c.effects)]
        if len(counters) > 1:
            self.choices += [{"edit": {"choose": {"counter": cid}},
                              "label": f"use the [Counter] effect of {self.names.get(cid, cid)}", "cites": []}
                             for cid in counters if chosen.get("counter") != cid]


# ------------------------------------------------------------------------------------------ Yu-Gi-Oh
class _YgoPoint(_Point):
    game_name = "ygo"

    def __init__(self, data, validated, after):
        super().__init__(data, validated, after)
        from .ygo import actions as ygo_actions
        from .ygo.damage_step import STAGES
        from .ygo.game import Game

        self._actions = ygo_actions
        game = Game(pickle.loads(pickle.dumps(validated.board)), validated.edition, choose=validated.choose,
                    decline=validated.decline)
        for kind, args in validated.actions[:after]:
            ygo_actions.run(game, kind, args)
        self.game = game
        self.raw = pickle.dumps(game)
        board = game.board
        if board.over:
            self.window, self.player = "over", None
        else:
            if game.chain:
                self.window = "chain"
            elif game.summoning:
                self.window = "summon"
            elif game.attack is not None and game.attack.stage in STAGES:
                self.window = f"damage_step.{game.attack.stage}"
            elif game.attack is not None:
                self.window = "battle_step"
            elif game.phase_run:
                self.window = "phase_effects"
            elif game.window is not None:
                self.window = f"response.{game.window.event}"
            else:
                self.window = board.phase
            self.player = game.priority or board.turn
            self._candidates()
        self._choices()

    def _choices(self):
        """`decline:` edits: the cards whose optional trigger effects may be left unused."""
        declined = set(self.data.get("decline") or []) if isinstance(self.data.get("decline"), list) else set()
        for pl in self.game.board.players.values():
            for c in (*pl.hand, *pl.monster_list(), *pl.st_list(), *pl.graveyard):
                e = c.effect
                if e is not None and e.type == "trigger" and not e.mandatory and c.id not in declined:
                    self.choices.append({"edit": {"decline": [c.id]},
                                         "label": f"do not activate the optional trigger of {self.names.get(c.id, c.id)}",
                                         "cites": []})

    def _try(self, action):
        kind, args = action
        if kind in self._actions.IN_WINDOW:
            game = pickle.loads(self.raw)
        else:
            game = pickle.loads(self.settled)   # `run` settles what is in progress first: done once, ahead
            game.window, game.effect_summoned = None, None
        steps, refused = len(game.trace.steps), len(game.trace.refused)
        self._actions.run(game, kind, args)
        refusal = _new_refusal(game.trace, refused, kind)
        if refusal is not None:
            return "refused", refusal
        return "legal", game.trace.steps[steps] if len(game.trace.steps) > steps else None

    @staticmethod
    def _target_sets(board, card) -> list[tuple]:
        """The card sets an activation may name as its targets (`targets: N` of the effect; where: `target_in`)."""
        need = card.effect.targets if card.effect is not None else 0
        if not need:
            return [()]
        places = card.effect.target_in or ("field",)
        pool = []
        for pl in board.players.values():
            if "field" in places:
                pool += [*pl.monster_list(), *pl.st_list(), *((pl.field_spell,) if pl.field_spell else ())]
            if "graveyard" in places:
                pool += pl.graveyard
            if "banished" in places:
                pool += pl.banished
        ids = [c.id for c in pool]
        return list(itertools.islice(itertools.combinations(ids, need), MAX_TARGET_SETS)) or [()]

    def _candidates(self):
        from .ygo.damage_step import STAGES
        from .ygo.model import MONSTER_ZONES, PHASES

        # answers inside the window in progress, from the board as it is now
        raw = self.game.board
        window: list[dict] = [{"pass": {}}]
        if self.game.attack is not None:
            window += [{"damage_step": {"step": s}} for s in STAGES]
        for pl in raw.players.values():
            for c in (*pl.hand, *pl.monster_list(), *pl.st_list(), *((pl.field_spell,) if pl.field_spell else ()),
                      *pl.graveyard, *pl.banished):
                if c.effect is not None or c.card_type in ("spell", "trap") or c.pendulum:
                    window += [{"activate": {"card": c.id, **({"targets": list(t)} if t else {})}}
                               for t in self._target_sets(raw, c)]
        self.classify(window, self._try)
        # the turn player's own actions, from the board once what is in progress has finished (as `run` does)
        settled = pickle.loads(self.raw)
        self._actions.settle(settled)
        self.settled = pickle.dumps(settled)
        board = settled.board
        if board.over:
            return
        p = board.turn
        me, foe = board.players[p], board.players["B" if p == "A" else "A"]
        cands: list[dict] = []
        monsters = me.monster_list()
        for m in monsters:
            cands.append({"attack": {"attacker": m.id, "target": "direct"}})
            cands += [{"attack": {"attacker": m.id, "target": t.id}} for t in foe.monster_list()]
            if m.position == "set":
                cands.append({"flip_summon": {"card": m.id}})
            cands += [{"change_position": {"card": m.id, "to": to}} for to in ("attack", "defense")]
        cands += [{"normal_summon": {"card": m.id}} for m in monsters if m.gemini]   # summoned again (3.3.2.p4)
        hand_monsters = []
        for c in me.hand:
            if c.card_type == "monster" or c.card_type == "":
                hand_monsters.append(c.id)
                need = 0 if c.level <= 4 else 1 if c.level <= 6 else 2
                tributes = list(itertools.islice(itertools.combinations([m.id for m in monsters], need),
                                                 MAX_COMBINATIONS))
                for t in tributes:
                    body = {"card": c.id, **({"tribute": list(t)} if t else {})}
                    cands += [{"normal_summon": dict(body)}, {"set_monster": dict(body)}]
            if c.card_type in ("spell", "trap"):
                cands.append({"set_spell_trap": {"card": c.id}})
        for c in (*me.hand, *me.graveyard, *me.banished, *me.extra_deck):
            if c.procedure:
                need = sum(v for v in (c.procedure.get("costs") or {}).values() if isinstance(v, int))
                pool = [x.id for x in (*monsters, *me.hand, *me.graveyard) if x.id != c.id]
                sets = itertools.islice(itertools.combinations(pool, need), MAX_COMBINATIONS) if need else []
                cands += [{"special_summon_procedure": {"card": c.id}}]     # the costs' documented default
                cands += [{"special_summon_procedure": {"card": c.id, "cost": list(t)}} for t in sets]
        for c in me.extra_deck:
            kind = {"synchro": "synchro_summon", "xyz": "xyz_summon", "link": "link_summon"}.get(c.kind)
            if kind is None:
                continue
            ids = [m.id for m in monsters]
            sets = itertools.chain.from_iterable(itertools.combinations(ids, k) for k in range(1, len(ids) + 1))
            cands += [{kind: {"card": c.id, "materials": list(s)}} for s in itertools.islice(sets, MAX_COMBINATIONS)]
        if sum(1 for c in me.st_list() if c.pendulum) >= 2:     # two Pendulum Scales: a Pendulum Summon
            pool = hand_monsters + [c.id for c in me.extra_deck if c.pendulum]
            sets = itertools.chain.from_iterable(itertools.combinations(pool, k) for k in range(len(pool), 0, -1))
            cands += [{"pendulum_summon": {"cards": list(s)}} for s in itertools.islice(sets, MAX_COMBINATIONS)]
        cands += [{"enter_phase": {"phase": ph}} for ph in PHASES if ph != board.phase]
        cands.append({"end_phase": {}})
        self.classify(cands, self._try)
        # where an Extra Deck monster that may be summoned may go: each zone named (a Link Monster in a Main
        # Monster Zone no Link Arrow points to is refused with its rule); one material set per monster
        first: dict = {}
        for item in self.legal:
            (kind, body), = item["action"].items()
            if kind in ("synchro_summon", "xyz_summon", "link_summon") and "zone" not in body:
                first.setdefault(body["card"], (kind, body))
        self.classify([{kind: {**body, "zone": z}} for kind, body in first.values() for z in MONSTER_ZONES], self._try)
