"""The `judge` command. Each subcommand lives in its own module with `register(subparsers)`.

Exit codes (contract): 0 ok, 1 not found / check failed, 2 bad input with one `error: …` line on stderr.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys

COMMAND_MODULES = (
    "judge_app.cli_rules",     # rule, rules
    "judge_app.cli_search",    # search, index
    "judge_app.cli_simulate",  # simulate
    "judge_app.cli_check",     # check, coverage
    "judge_app.cli_serve",     # serve
    "judge_app.cli_align",     # align, diff
)


class UsageError(Exception):
    """Bad command-line input (exit 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, no usage dump
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="judge", description="Rules desk for Digimon Card Game and Yu-Gi-Oh OCG judges.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def emit_json(doc) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


def main(argv: list[str] | None = None) -> int:
    from engine.errors import JudgeError
    from rulings.corpus import BadRef, UnknownRef

    try:
        args = build_parser().parse_args(argv)
        code = args.func(args)
        return 0 if code is None else int(code)
    except (UsageError, BadRef, JudgeError) as e:
        print(f"error: {_one_line(e)}", file=sys.stderr)
        return 2
    except UnknownRef as e:
        print(f"error: {_one_line(e)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # never a traceback for the user
        print(f"error: internal error: {type(e).__name__}: {_one_line(e)}", file=sys.stderr)
        return 2


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split()) or type(e).__name__


if __name__ == "__main__":
    sys.exit(main())
