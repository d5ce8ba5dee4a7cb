"""`judge simulate FILE` on hostile files: exit 0 with a §4 result, or exit 2 with exactly one `error: …` line
on stderr (and nothing on stdout) — never a traceback, never an "internal error"."""
from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.scenario import MAX_BYTES
from test_fuzz_scenarios import JUNK, RUN_BUDGET_MS, YAML_TRAPS, assert_result_shape, mutated_scenarios

CLI_SETTINGS = settings(max_examples=120, deadline=RUN_BUDGET_MS,
                        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def assert_clean_exit(result) -> None:
    assert "Traceback" not in result.err and "Traceback" not in result.out
    if result.code == 0:
        assert result.err == ""
        assert_result_shape(json.loads(result.out))
        return
    assert result.code == 2, result
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) > len("error: "), result.err
    assert "internal error" not in result.err, result.err
    assert result.out == ""


def simulate_file(run_cli, path, content: bytes):
    path.write_bytes(content)
    return run_cli("simulate", str(path), "--json")


@CLI_SETTINGS
@given(mutated_scenarios(), st.sampled_from(["yaml", "json"]))
def test_cli_mutated_scenarios(run_cli, tmp_path, data, form):
    if form == "json":
        try:
            text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        except ValueError:                          # NaN/inf: write it as YAML instead
            text = yaml.safe_dump(data, allow_unicode=True)
    else:
        text = yaml.safe_dump(data, allow_unicode=True)
    assert_clean_exit(simulate_file(run_cli, tmp_path / "s.yaml", text.encode("utf-8")))


@CLI_SETTINGS
@given(st.one_of(st.binary(max_size=400), JUNK.map(lambda d: yaml.safe_dump(d).encode("utf-8"))))
def test_cli_random_files(run_cli, tmp_path, raw):
    assert_clean_exit(simulate_file(run_cli, tmp_path / "s.yaml", raw))


@pytest.mark.parametrize("text", YAML_TRAPS)
def test_cli_yaml_traps(run_cli, tmp_path, text):
    assert_clean_exit(simulate_file(run_cli, tmp_path / "trap.yaml", text.encode("utf-8")))


def test_cli_bad_paths(run_cli, tmp_path):
    for argv in (("simulate", str(tmp_path / "missing.yaml")), ("simulate", str(tmp_path)),
                 ("simulate", str(tmp_path / "s.yaml"), "--edition", "nope"), ("simulate",),
                 ("simulate", "--json", "-", "--bogus")):
        (tmp_path / "s.yaml").write_text("game: dcg\nboard: {}\n", encoding="utf-8")
        result = run_cli(*argv)
        assert result.code == 2
        assert_clean_exit(result)


def test_cli_oversized_file(run_cli, tmp_path):
    result = simulate_file(run_cli, tmp_path / "big.yaml", b"game: dcg\n" + b"#" * MAX_BYTES)
    assert result.code == 2 and "larger than" in result.err
    assert_clean_exit(result)
