"""`judge simulate FILE|- [--edition E] [--json] [--budget SECONDS]`.

The run (reading, validating and simulating the scenario; not the interpreter's start) stops itself once it
has used `--budget` seconds of CPU (default 1; the longest real scenarios take a few tens of milliseconds):
exit 3 with one `error: …` line, so that no legal worst case costs more.
"""
from __future__ import annotations

import contextlib
import sys

from engine.errors import InvalidScenario
from rulings.editions import EDITIONS

from .cli import UsageError, emit_json

DEFAULT_BUDGET_S = 1.0
EXIT_BUDGET = 3   # the run stopped at its --budget (0 ok, 1 not found / failed, 2 bad input)


def register(sub) -> None:
    p = sub.add_parser("simulate", help="run a scenario file and print the cited result")
    p.add_argument("file", help="scenario file (YAML or JSON), or - for standard input")
    p.add_argument("--edition", help="which rules text to cite (overrides the file's edition)")
    p.add_argument("--json", action="store_true", help="print the contract JSON result")
    p.add_argument("--budget", type=float, default=DEFAULT_BUDGET_S, metavar="SECONDS",
                   help=f"stop the run after this much CPU time, exit {EXIT_BUDGET} (default {DEFAULT_BUDGET_S:g}; "
                        "0: no budget)")
    p.set_defaults(func=run)


def read_scenario(path: str) -> dict:
    from engine.scenario import MAX_BYTES, parse_text  # late: the parser is built for every command

    if path == "-":
        raw = sys.stdin.buffer.read(MAX_BYTES + 1)
    else:
        try:
            with open(path, "rb") as f:
                raw = f.read(MAX_BYTES + 1)
        except OSError as e:
            raise UsageError(f"{path}: {e.strerror or e}") from None
    return parse_text(raw)


def run(args) -> int:
    if args.edition is not None and args.edition not in EDITIONS:
        raise InvalidScenario("--edition", f"unknown edition {args.edition!r}")
    if not args.budget >= 0:
        raise UsageError(f"--budget must be a number of seconds ≥ 0, not {args.budget:g}")
    from engine import budget
    from engine.render import render_text

    from .runner import run_data

    try:
        with budget.cpu_deadline(args.budget) if args.budget else contextlib.nullcontext():
            done = run_data(read_scenario(args.file), edition=args.edition)
    except budget.BudgetExceeded as e:
        print(f"error: {e} (--budget {args.budget:g}): stopped", file=sys.stderr)
        return EXIT_BUDGET
    if args.json:
        emit_json(done.to_json())
    else:
        sys.stdout.write(f"Verdict: {done.verdict.text()}\n\n" + render_text(done.result))
    return 0
