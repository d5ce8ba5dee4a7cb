"""The `judge` command. Each subcommand lives in its own module with `register(subparsers)`.

Exit codes (contract): 0 ok, 1 not found / check failed, 2 bad input with one `error: …` line on stderr.
"""
from __future__ import annotations

import argparse
import importlib
import json
import logging
import re
import sys

COMMAND_MODULES = (
    "judge_app.cli_rules",     # rule, rules
    "judge_app.cli_search",    # search, index
    "judge_app.cli_simulate",  # simulate
    "judge_app.cli_actions",   # actions
    "judge_app.cli_check",     # check, coverage, counts
    "judge_app.cli_serve",     # serve
    "judge_app.cli_align",     # align, diff
)


class UsageError(Exception):
    """Bad command-line input (exit 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, no usage dump
        raise UsageError(message)


# Which module registers a command: a one-shot command imports only its own module (`judge search` need not
# load the scenario or serving code). A command missing here still works: every module is then registered.
COMMAND_OF = {"rule": "judge_app.cli_rules", "rules": "judge_app.cli_rules", "search": "judge_app.cli_search",
              "index": "judge_app.cli_search", "simulate": "judge_app.cli_simulate", "actions": "judge_app.cli_actions", "check": "judge_app.cli_check",
              "coverage": "judge_app.cli_check", "counts": "judge_app.cli_check", "serve": "judge_app.cli_serve", "align": "judge_app.cli_align",
              "diff": "judge_app.cli_align"}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The `judge` parser; with `command`, only the module registering that command is imported."""
    parser = _Parser(prog="judge", description="Rules desk for Digimon Card Game and Yu-Gi-Oh OCG judges.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    modules = [COMMAND_OF[command]] if command in COMMAND_OF else COMMAND_MODULES
    for name in modules:
        importlib.import_module(name).register(sub)
    return parser


def emit_json(doc) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


# Control characters (ESC, OSC …, C1 CSI) and bidi/format characters in titles, ids, names or errors would
# reach the terminal raw: they are written as \uXXXX (also valid inside the JSON strings of --json).
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff"
                     r"\ufff9-\ufffb]")


def terminal_safe(text: str) -> str:
    r"""`text` with every control and bidi character written as a visible \uXXXX escape (newline and tab kept)."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class _TerminalSafe:
    """A text stream whose writes go through `terminal_safe`."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(terminal_safe(text))

    def __getattr__(self, name):
        return getattr(self._stream, name)


def main(argv: list[str] | None = None) -> int:
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _TerminalSafe(out), _TerminalSafe(err)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = out, err


def _main(argv: list[str] | None) -> int:
    from engine.errors import JudgeError
    from rulings.corpus import BadRef, UnknownRef

    progress, handler = logging.getLogger("rulings.index"), _StderrProgress(logging.DEBUG)
    level = progress.level
    progress.addHandler(handler)
    progress.setLevel(logging.DEBUG)  # the per-edition progress lines are debug records
    try:
        argv = sys.argv[1:] if argv is None else argv
        args = build_parser(argv[0] if argv else None).parse_args(argv)
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
    finally:
        progress.removeHandler(handler)
        progress.setLevel(level)


class _StderrProgress(logging.Handler):
    """Long first-use work (building the search index) says so on stderr instead of staying silent: the
    index's per-edition progress (debug records, sent only once the build is under way) and its warnings.
    Its info records (what it is about to do) stay out, so a failure is still one `error: …` line."""

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno == logging.INFO:
            return
        print(f"judge: {record.getMessage()}", file=sys.stderr, flush=True)  # sys.stderr at the time of use


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split()) or type(e).__name__


if __name__ == "__main__":
    sys.exit(main())
