"""Schemathesis against the real server: every operation in /api/openapi.json, with schema-valid and
schema-violating inputs, answers without a 5xx, with a documented status code and content type, and with a
body that matches the documented schema."""
from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (content_type_conformance, response_schema_conformance,
                                               status_code_conformance)

from test_hardening_http import serving

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
EXAMPLES = 50                  # per operation and mode: the whole module stays well under a minute


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("server")) as port:
        base = f"http://127.0.0.1:{port}"
        yield base, schemathesis.openapi.from_url(f"{base}/api/openapi.json")


def operations(schema):
    return [result.ok() for result in schema.get_all_operations()]


def test_the_schema_lists_every_api_route(api):
    _, schema = api
    assert {f"{op.method.upper()} {op.path}" for op in operations(schema)} >= {
        "GET /api/rules/{edition}/{number}", "GET /api/search", "POST /api/simulate", "POST /api/check"}


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=["valid", "invalid"])
def test_api_conforms_to_its_schema(api, mode):
    base, schema = api
    checked: list[str] = []
    for operation in operations(schema):
        if operation.path == "/api/openapi.json" and mode is GenerationMode.NEGATIVE:
            continue                                # no inputs to violate

        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy(generation_mode=mode))
        def check(case):
            response = case.call(base_url=base, timeout=30)
            case.validate_response(response, checks=CHECKS)
            checked.append(f"{case.method} {response.status_code}")

        check()
    assert len(checked) >= 3 * EXAMPLES
