"""`judge simulate FILE|- [--edition E] [--json]`."""
from __future__ import annotations

import sys

from engine.errors import InvalidScenario
from rulings.editions import EDITIONS

from .cli import UsageError, emit_json


def register(sub) -> None:
    p = sub.add_parser("simulate", help="run a scenario file and print the cited result")
    p.add_argument("file", help="scenario file (YAML or JSON), or - for standard input")
    p.add_argument("--edition", help="which rules text to cite (overrides the file's edition)")
    p.add_argument("--json", action="store_true", help="print the contract JSON result")
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
    from engine.render import render_text

    from .runner import run_data

    done = run_data(read_scenario(args.file), edition=args.edition)
    if args.json:
        emit_json(done.to_json())
    else:
        sys.stdout.write(f"Verdict: {done.verdict.text()}\n\n" + render_text(done.result))
    return 0
