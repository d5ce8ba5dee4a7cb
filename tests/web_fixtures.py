"""Fixtures for the web tests: one real app (real corpus, real index, real engines) per session.

Import them in a test module with `from web_fixtures import app, client  # noqa: F401`.
"""
from __future__ import annotations

import pytest

from judge_app import create_app


@pytest.fixture(scope="session")
def app():
    app = create_app({"TESTING": True})
    return app


@pytest.fixture
def client(app):
    return app.test_client()
