"""Typed errors. Bad input is `InvalidScenario` (CLI exit 2, HTTP 400), naming the field path."""
from __future__ import annotations


class JudgeError(Exception):
    """Base of every error the tool reports to a user."""


class InvalidScenario(JudgeError):
    """The scenario file is malformed or describes an impossible board (setup validation)."""

    def __init__(self, path: str, message: str):
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


class UnsupportedKeyword(InvalidScenario):
    def __init__(self, path: str, keyword: str):
        super().__init__(path, f"unsupported keyword {keyword!r}")


class IllegalAction(JudgeError):
    """An action the rules forbid. Engines record it as a refusal and go on."""

    def __init__(self, action: str, why: str, cites: tuple[str, ...]):
        self.action = action
        self.why = why
        self.cites = tuple(cites)
        super().__init__(why)


class LimitExceeded(JudgeError):
    """A resource limit (steps, time, size) was hit."""
