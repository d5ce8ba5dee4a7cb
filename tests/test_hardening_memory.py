"""Worst-case inputs at the limits cost bounded memory and time: `judge simulate` in a subprocess, peak RSS
measured by the kernel (wait4), compared with the same command on a two-line scenario, and its CPU time
(printed; the run itself stops at `--budget`, 1 s of CPU by default)."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from engine.limits import MAX_ACTIONS
from engine.scenario import MAX_BYTES, MAX_DEPTH, MAX_NODES
import hostile
from judge_app.cli_simulate import EXIT_BUDGET

REPO = Path(__file__).resolve().parent.parent
EXTRA_MB = 150              # allowed growth of peak RSS over the baseline run
HANG_S = 30                 # far above any real run: only a hang or a runaway loop gets near it


# The child reports its own peak RSS (VmHWM): a fork's rusage would include the parent's size.
_MEASURED = """
import atexit, os, sys
def _peak():
    with open("/proc/self/status") as f:
        kb = next(line.split()[1] for line in f if line.startswith("VmHWM:"))
    with open(os.environ["PEAK_FILE"], "w") as out:
        out.write(kb)
atexit.register(_peak)
from judge_app.cli import main
sys.exit(main(sys.argv[1:]))
"""


def run_measured(path: Path) -> tuple[int, float, float, str]:
    """(exit code, peak RSS in MB, CPU seconds, stderr) of `judge simulate PATH --json`."""
    peak = path.with_suffix(".peak")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run([sys.executable, "-c", _MEASURED, "simulate", str(path), "--json"], cwd=REPO,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=HANG_S,
                              env={**os.environ, "PEAK_FILE": str(peak)})
    except subprocess.TimeoutExpired:
        pytest.fail(f"judge simulate {path.name} ran longer than {HANG_S} s")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return done.returncode, int(peak.read_text()) / 1024, cpu, done.stderr.decode()


def worst_cases(tmp: Path) -> dict[str, Path]:
    cases = {}

    def write(name: str, text: str) -> None:
        cases[name] = tmp / f"{name}.yaml"
        cases[name].write_text(text, encoding="utf-8")

    write("baseline", "game: dcg\nboard: {A: {}, B: {}}\n")
    per_zone = ", ".join(f"{z}: 100" for z in ("deck", "hand", "security", "digitama")) + ", trash: 99"
    attacks = ", ".join("{attack: {attacker: g, target: player}}" for _ in range(MAX_ACTIONS))
    write("max_cards_and_actions", f"game: dcg\nboard: {{turn: A, memory: 3, A: {{{per_zone}}}, "
                                   f"B: {{{per_zone}}}}}\nactions: [{attacks}]\n".replace(
                                       "A: {deck", "A: {battle_area: [{id: g, dp: 1000}], deck", 1))
    turns = ", ".join("{pass: {}}, {end_turn: {}}" for _ in range(MAX_ACTIONS // 2))
    write("max_turns", f"game: dcg\nboard: {{turn: A, memory: 3, A: {{deck: 100}}, B: {{deck: 100}}}}\n"
                       f"actions: [{turns}]\n")
    write("max_nodes", "game: dcg\nboard: {x: [" + ",".join("0" for _ in range(MAX_NODES - 10)) + "]}\n")
    write("max_bytes_string", "game: dcg\ntitle: '" + "題" * ((MAX_BYTES - 100) // 3) + "'\nboard: {A: {}, B: {}}\n")
    laughs = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    laughs += [f"a{i}: &a{i} [{','.join(f'*a{i - 1}' for _ in range(9))}]" for i in range(1, 10)]
    write("billion_laughs", "\n".join(laughs) + "\n")
    write("deep", "game: dcg\nboard: " + "[" * (MAX_DEPTH * 3) + "]" * (MAX_DEPTH * 3) + "\n")
    cases["continuous_8x100"] = tmp / "continuous.json"   # issue 26: took 2-4 s of CPU without a budget
    cases["continuous_8x100"].write_text(json.dumps(hostile.continuous_scenario()), encoding="utf-8")
    cases["deep_json"] = tmp / "deep.json"
    cases["deep_json"].write_text('{"board": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    return cases


def test_worst_case_inputs_cost_bounded_memory_and_time(tmp_path):
    cases = worst_cases(tmp_path)
    figures = {name: run_measured(path) for name, path in cases.items()}
    base_code, base_mb, _, _ = figures["baseline"]
    assert base_code == 0
    report = []
    for name, (code, mb, seconds, err) in figures.items():
        report.append(f"{name}: exit {code}, peak {mb:.0f} MB (+{mb - base_mb:.0f}), {seconds:.2f} s CPU")
        assert code in (0, 2, EXIT_BUDGET), (name, err)   # 3: stopped at the default --budget (1 s of CPU)
        assert code != EXIT_BUDGET or (err.startswith("error: scenario ran longer than 1 s of CPU")
                                       and err.count("\n") == 1), (name, err)
        assert "Traceback" not in err and "internal error" not in err, (name, err)
        assert mb - base_mb < EXTRA_MB, report[-1]
    print("\n".join(report))
    assert figures["max_cards_and_actions"][0] == 0 and figures["max_turns"][0] == 0
    assert figures["billion_laughs"][0] == 2 and figures["deep_json"][0] == 2
