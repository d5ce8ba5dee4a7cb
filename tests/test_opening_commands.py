"""The README's two opening commands: CI runs exactly the test command, and the browser set-up never
upgrades or removes an installed package."""
from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from setup_browser import changes_to_installed  # noqa: E402


def _readme_commands() -> list[str]:
    block = re.search(r"```sh\n(.*?)```", (REPO / "README.md").read_text(encoding="utf-8"), re.S).group(1)
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def test_both_commands_make_a_venv_first():
    serve, tests = _readme_commands()
    for command in (serve, tests):
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")
    assert serve.endswith("judge serve")
    assert "pytest -n " in tests  # in parallel (pytest-xdist)


def test_ci_runs_exactly_the_readme_test_command():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == _readme_commands()[1]


def test_an_apt_plan_that_upgrades_or_removes_is_detected():
    plan = ("Inst fonts-wqy-microhei (0.2.0-beta-3.1 Debian:12.15/oldstable [all])\n"
            "Inst systemd [252.30-1~deb12u2] (252.38-1~deb12u1 Debian:12.15/oldstable [amd64])\n"
            "Remv libold1 [1.0-1]\n")
    assert changes_to_installed(plan) == ["systemd", "libold1"]
    assert changes_to_installed("Inst chromium (131.0 Debian [amd64])\nConf chromium (131.0)\n") == []
