"""Schemathesis against the real server, in both directions, for every operation in /api/openapi.json:

- requests the spec allows (positive) are served: a 2xx, a 404 for a section that does not exist, a 429
  (busy), or one of the refusals the operation documents under `x-refusals` (status and error message);
- requests the spec forbids (negative) are refused (never a 2xx: the spec is as strict as the server);
- every answer has no 5xx, a documented status code and content type, and a body of the documented schema.
"""
from __future__ import annotations

import re

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (content_type_conformance, negative_data_rejection,
                                               response_schema_conformance, status_code_conformance)

from test_hardening_http import serving

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
REFUSED = ["400", "404", "405", "413", "429"]     # what a request the spec forbids may get
EXAMPLES = 50                  # per operation and mode: the whole module stays well under a minute
CONFIG = {"checks": {"negative_data_rejection": {"expected-statuses": REFUSED}}}


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("server")) as port:
        base = f"http://127.0.0.1:{port}"
        yield base, schemathesis.openapi.from_url(f"{base}/api/openapi.json",
                                                  config=SchemathesisConfig.from_dict(CONFIG))


def operations(schema):
    return [result.ok() for result in schema.get_all_operations()]


def test_the_schema_lists_every_api_route(api):
    _, schema = api
    assert {f"{op.method.upper()} {op.path}" for op in operations(schema)} >= {
        "GET /api/rules/{edition}/{number}", "GET /api/search", "POST /api/simulate", "POST /api/check"}


def served_or_a_documented_refusal(operation, response) -> str | None:
    """None when a spec-valid request got what the spec promises; else what went wrong."""
    status = response.status_code
    if 200 <= status < 300 or status == 429:
        return None
    if status == 404 and operation.method.upper() == "GET":
        return None                          # a well-formed number of a section that does not exist
    try:
        message = response.json().get("error", "")
    except ValueError:
        message = ""
    for refusal in operation.definition.raw.get("x-refusals", []):
        if refusal["status"] == status and re.search(refusal["error"], message):
            return None
    return f"{operation.method.upper()} {operation.path}: a spec-valid request got {status} {message!r}"


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=["valid", "invalid"])
def test_api_conforms_to_its_schema_in_both_directions(api, mode):
    base, schema = api
    checked: list[str] = []
    for operation in operations(schema):
        raw = operation.definition.raw
        if mode is GenerationMode.NEGATIVE and not (raw.get("parameters") or raw.get("requestBody")):
            continue                                # no inputs to violate (/api/openapi.json, /schema/scenario.json)

        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy(generation_mode=mode))
        def check(case):
            response = case.call(base_url=base, timeout=60)
            if mode is GenerationMode.POSITIVE:
                case.validate_response(response, checks=CHECKS)
                problem = served_or_a_documented_refusal(operation, response)
                assert problem is None, (problem, case.as_curl_command())
            else:
                case.validate_response(response, checks=[*CHECKS, negative_data_rejection])
            checked.append(f"{case.method} {response.status_code}")

        check()
    assert len(checked) >= 3 * EXAMPLES
