"""SECURITY.md names a test beside each promise: every name it gives is a test that exists."""
from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def defined_tests() -> dict[str, set[str]]:
    """test file name -> the test functions it defines."""
    return {path.name: set(re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M))
            for path in (REPO / "tests").glob("test_*.py")}


def named_tests(text: str) -> list[tuple[str | None, str]]:
    """(file or None, name or pattern) of each test named in backticks: `file.py::name`, `…::name`,
    `…name` (a name ending), `name_*` (a name start) or a bare `test_name`."""
    found, last_file = [], None
    for code in re.findall(r"`([^`]+)`", text):
        for part in re.split(r",\s*", code):
            m = re.fullmatch(r"(?:tests/)?(test_\w+\.py)(?:::(\S+))?", part)
            if m:
                last_file = m.group(1)
                if m.group(2):
                    found.append((last_file, m.group(2)))
                continue
            m = re.fullmatch(r"…(?:::)?(\w+)", part)
            if m:
                found.append((last_file, "…" + m.group(1)))
                continue
            if re.fullmatch(r"test_\w+\*?", part):
                found.append((None, part))
    return found


def matches(pattern: str, names: set[str]) -> bool:
    if pattern.startswith("…"):
        return any(n.endswith(pattern[1:]) for n in names)
    if pattern.endswith("*"):
        return any(n.startswith(pattern[:-1]) for n in names)
    return pattern in names


def test_every_test_security_md_names_exists():
    tests = defined_tests()
    every = set().union(*tests.values())
    named = named_tests((REPO / "SECURITY.md").read_text(encoding="utf-8"))
    assert len(named) > 40
    missing = [(f, n) for f, n in named if not matches(n, tests.get(f, set()) if f else every)]
    assert missing == []


def test_a_misspelt_name_would_be_found():   # negative control
    tests = defined_tests()
    assert named_tests("`test_hostile.py::test_no_such_test`") == [("test_hostile.py", "test_no_such_test")]
    assert not matches("test_no_such_test", tests["test_hostile.py"])
    assert matches("…huge_chunked_body_stops_at_the_cap", tests["test_hostile.py"])
