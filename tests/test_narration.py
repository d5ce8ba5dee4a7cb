"""Every engine message has Chinese: each event and refused action that the engines emit when running every
scenario in tests/, the casebook and the examples. A new event from any engine fails here until
judge_app/narration/zh.yaml tells it; the templates must format with the params the engines give."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from engine.scenario import read_document, simulate
from judge_app import narration
from judge_app.narration import fields
from judge_app.runner import run_data
from judge_app.verdict import verdict

REPO = Path(__file__).resolve().parent.parent
SCENARIO_KEYS = ("game", "edition", "board", "actions", "decline", "choose", "title", "question")
FILES = sorted([*REPO.glob("tests/dcg/*.yaml"), *REPO.glob("tests/ygo/*.yaml"),
                *REPO.glob("rulings/casebook/**/*.yaml"), *REPO.glob("judge_app/examples/*.yaml")])


@lru_cache(maxsize=None)
def results() -> list[tuple[str, object]]:
    """(file, engine.result.Result) of every scenario that runs (invalid ones are other tests' business)."""
    out = []
    for path in FILES:
        try:
            doc = read_document(path.read_bytes())
        except Exception:  # noqa: BLE001
            continue
        for data in doc if isinstance(doc, list) else [doc]:
            if not isinstance(data, dict) or "board" not in data:
                continue
            try:
                out.append((path.name, simulate({k: v for k, v in data.items() if k in SCENARIO_KEYS})))
            except Exception:  # noqa: BLE001
                continue
    return out


@lru_cache(maxsize=None)
def runs() -> list[tuple[str, dict]]:
    """(file, result JSON) of every scenario that runs."""
    return [(name, result.to_json()) for name, result in results()]


def test_the_scenarios_were_run():
    assert len(runs()) > 400


def test_every_event_has_chinese():
    zh = narration.catalog("zh")
    missing = sorted({f"{r['game']} {s['event']} ({name})" for name, r in runs() for s in r["steps"]
                      if s["event"] not in (zh.get(r["game"]) or {})})
    assert not missing, "add to judge_app/narration/zh.yaml:\n" + "\n".join(missing)


def test_every_refused_action_has_chinese():
    actions = narration.catalog("zh")["actions"]
    missing = sorted({x["action"] for _, r in runs() for x in r["refused"] if x["action"] not in actions})
    assert not missing


def test_every_refusal_tells_its_rule_in_chinese():
    """A refused action reads 不允许：<action>——<its first cited key's rule>: every key that starts a refusal
    of any scenario has a Chinese statement of its rule."""
    rules = narration.catalog("zh")["refusal_rules"]
    cited = {r.cites[0]: name for name, result in results() for r in result.trace.refused}
    assert len(cited) > 50
    missing = sorted(f"{key} ({name})" for key, name in cited.items() if key not in rules)
    assert not missing, "add to refusal_rules: in judge_app/narration/zh.yaml:\n" + "\n".join(missing)


# the first rule key at the engines' refusal sites: Refusal(…, ("key", …)) and `return why, ("key", …)`
REFUSAL_SITE = re.compile(r'Refusal\([^()]*(?:\([^()]*\)[^()]*)*?\(\s*"([a-z]+\.[a-z0-9_.]+)"'
                          r'|return [^\n]*?,\s*\(\s*"([a-z]+\.[a-z0-9_.]+)"')


def test_every_refusal_site_of_the_engines_tells_its_rule_in_chinese():
    """A static scan finds refusals that no scenario reaches yet; their first keys need a statement too."""
    from engine.citations import rule_keys

    keys = {**rule_keys("dcg"), **rule_keys("ygo")}
    found = {m.group(1) or m.group(2): path.relative_to(REPO).as_posix()
             for path in sorted((REPO / "engine").rglob("*.py"))
             for m in REFUSAL_SITE.finditer(path.read_text(encoding="utf-8"))}
    found = {k: where for k, where in found.items() if k in keys}
    assert len(found) > 50
    rules = narration.catalog("zh")["refusal_rules"]
    missing = sorted(f"{key} ({where})" for key, where in found.items() if key not in rules)
    assert not missing, "add to refusal_rules: in judge_app/narration/zh.yaml:\n" + "\n".join(missing)
    assert set(rules) <= set(keys), "refusal_rules: of keys that no longer exist"


def test_the_chinese_page_tells_a_refusal_by_its_rule_and_escapes_the_scenario(client):
    text = (REPO / "judge_app" / "examples" / "dcg-suspended-cannot-block.yaml").read_text(encoding="utf-8")
    text = text.replace("name: Garurumon", 'name: "Garu<i>rumon</i>&"')
    client.set_cookie("lang", "zh")
    page = client.post("/simulate", data={"scenario": text}).get_data(as_text=True)
    rule = narration.catalog("zh")["refusal_rules"]["dcg.block.must_suspend"]
    assert f"不允许：阻挡（Garu&lt;i&gt;rumon&lt;/i&gt;&amp;）——{rule}" in page             # the verdict
    assert f'<span class="refusal-rule">{rule}</span>' in page                           # the refused list
    assert '<span class="step-en" lang="en">Garu&lt;i&gt;rumon&lt;/i&gt;&amp; is suspended' in page  # English kept
    assert "<i>rumon" not in page
    client.set_cookie("lang", "en")
    english = client.post("/simulate", data={"scenario": text}).get_data(as_text=True)
    assert rule not in english and "Refused: block with Garu&lt;i&gt;rumon" in english


def test_every_event_has_a_general_sentence_for_steps_without_params():
    for game in ("dcg", "ygo"):
        for event, entry in narration.catalog("zh")[game].items():
            options = entry if isinstance(entry, list) else [entry]
            assert any(not fields(t) for t in options), f"{game} {event}: no sentence without params"


def test_every_step_is_told_in_a_full_chinese_sentence():
    """No step of any scenario falls back to its event's general sentence: each carries the params its
    sentence needs, and the sentence formats with them."""
    general = sorted({f"{r['game']} {s['event']}: {s['text']}" for name, r in runs() for s in r["steps"]
                      if not narration.step(r["game"], s["event"], s["text"], s.get("params"), "zh").complete})
    assert not general, f"{len(general)} steps are told by a general sentence:\n" + "\n".join(general[:40])
    told = [narration.step(r["game"], s["event"], s["text"], s.get("params"), "zh").text
            for _, r in runs() for s in r["steps"]]
    assert not [t for t in told if "{" in t or "}" in t]


def test_a_sentence_without_params_tells_only_an_event_whose_english_never_varies():
    """One sentence without params is the whole message only when the engine's English is the same every
    time; an event whose English names cards or numbers needs params and a sentence that shows them."""
    english: dict[tuple[str, str], set[str]] = {}
    for _, r in runs():
        for s in r["steps"]:
            entry = narration.catalog("zh").get(r["game"], {}).get(s["event"])
            if isinstance(entry, str) and not fields(entry):
                english.setdefault((r["game"], s["event"]), set()).add(s["text"])
    varying = sorted(f"{g} {e}: {sorted(texts)[:2]}" for (g, e), texts in english.items() if len(texts) > 1)
    assert not varying, "give these events params and a list of sentences:\n" + "\n".join(varying)


def test_a_step_without_params_falls_back_to_its_event_sentence():
    told = narration.step("dcg", "battle.tie", "Greymon (6000 DP) battles Garurumon (6000 DP): …", None, "zh")
    assert told.text == "战斗：DP相同，双方都战败并被消灭。" and not told.complete
    assert narration.step("dcg", "attack.end", "End of Attack.", None, "zh").complete
    assert narration.step("dcg", "no.such.event", "English", None, "zh").text == "English"


@pytest.mark.parametrize("example, en, zh", [
    ("dcg-blocker-tie.yaml", "A loses Greymon (to the trash). B loses Garurumon (to the trash).",
     "A失去Greymon (送入废弃区)。B失去Garurumon (送入废弃区)。"),
    ("dcg-suspended-cannot-block.yaml", "Refused: block with Garurumon — Garurumon is suspended",
     "不允许：阻挡（Garurumon）——"),
    ("ygo-direct-attack.yaml", "Player A wins: B's LP reached 0. B's LP 1500 → 0.", "玩家A获胜（B的基本分变为0）。"),
])
def test_the_verdict_answers_first(example, en, zh):
    data = read_document((REPO / "judge_app" / "examples" / example).read_bytes())
    done = run_data(data)
    v = verdict(done.result, done.before, data.get("actions"), done.names)
    assert v.text("en").startswith(en) and v.text("zh").startswith(zh)


def test_every_casebook_ruling_has_a_chinese_title():
    from rulings.casebook import load_casebook

    titles = narration.catalog("zh", "casebook")
    missing = sorted(r.id for r in load_casebook() if r.id not in titles)
    assert not missing, "add to judge_app/narration/casebook_zh.yaml: " + ", ".join(missing)
    assert not set(titles) - {r.id for r in load_casebook()}, "titles of rulings that no longer exist"


def test_every_step_the_engines_can_emit_has_a_full_sentence_for_its_params():
    """Also the steps no scenario reaches: each `step("event", …)` call in engine/dcg and engine/ygo passes
    params that fill one of its event's sentences, or its English is a constant told by one sentence."""
    import ast

    zh = narration.catalog("zh")
    missing = []
    for game in ("dcg", "ygo"):
        for path in sorted((REPO / "engine" / game).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "step"
                        and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                    continue
                event = node.args[0].value
                params = {k.arg for k in node.keywords if k.arg}
                spread = any(k.arg is None for k in node.keywords)     # **{...}: names known at run time only
                entry = (zh.get(game) or {}).get(event)
                constant = len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
                options = entry if isinstance(entry, list) else [entry] if entry else []
                if isinstance(entry, str) and not fields(entry):
                    told = constant
                else:
                    told = any(fields(t) and (fields(t) <= params or spread) for t in options)
                if not told:
                    missing.append(f"{path.name}:{node.lineno} {event} {sorted(params)}")
    assert not missing, "give these steps params and zh.yaml a sentence:\n" + "\n".join(missing)
