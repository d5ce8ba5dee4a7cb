"""The Flask app factory (`create_app`): blueprints, error pages, security headers, compression, ETags."""
from __future__ import annotations

import io
import logging
import os

from flask import Flask, jsonify, render_template, request
from flask_babel import Babel
from werkzeug.exceptions import HTTPException, InternalServerError, RequestEntityTooLarge

from rulings.editions import DEFAULT_EDITION, EDITIONS

from . import TEMPLATES, http_caching, i18n
from .security import add_security_headers

log = logging.getLogger(__name__)

DEFAULTS = {
    "MAX_CONTENT_LENGTH": 256 * 1024,        # request bodies (API and forms); larger -> 413
    "DRAIN_MAX_BYTES": 2 * 1024 * 1024,      # a refused body up to this size is read before the 413 JSON
    "SEND_FILE_MAX_AGE_DEFAULT": 7 * 24 * 3600,  # static files are versioned by ?v=<mtime>
    "SIMULATE_TIMEOUT_S": 0.9,               # CPU seconds a run may use in its worker: with the server's own
                                             # work (reading the body, the answer) no run costs 1 s of CPU
    "SHARE_MAX_CHARS": 8192,                 # /simulate?s=… encoded length
    "SHARE_MAX_BYTES": 64 * 1024,            # decoded scenario text from a share link
    "SEARCH_MAX_LIMIT": 100,
    "WARM": True,                            # load the corpus and the search index at start
    "JSON_AS_ASCII": False,
    "PUBLIC_URL": "",                        # e.g. https://judge.example.org: makes permalinks absolute
}


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(TEMPLATES), static_folder="static")
    app.config.from_mapping(DEFAULTS)
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config["PUBLIC_URL"]:   # never the request's Host header, which any client can set
        app.config["PUBLIC_URL"] = os.environ.get("JUDGE_PUBLIC_URL", "")
    app.json.ensure_ascii = False
    app.json.sort_keys = False

    Babel(app, locale_selector=i18n.select_locale,
          default_translation_directories=str(i18n.compile_catalogs()))

    from .blueprints import api, build, casebook, changes, pages, rules, search, simulate

    for module in (pages, rules, search, simulate, build, api, casebook, changes):
        app.register_blueprint(module.bp)

    app.wsgi_app = _CapUnsizedBodies(app.wsgi_app, app)
    app.before_request(_refuse_a_marked_body)
    http_caching.init_app(app)
    app.after_request(add_security_headers)
    _register_error_handlers(app)

    from .views import template_globals
    app.context_processor(template_globals)

    if app.config["WARM"]:
        _warm()
    return app


def _warm() -> None:
    """Parse every edition, open the search index and build the tooltip tables once, before any request.

    An edition that fails to load is logged and left to fail on its own pages, not to stop the server.
    """
    from rulings.corpus import load

    from rulings.search import get_search

    from . import runner
    from .services import rulings_citing, tooltips, warm_casebook_verdicts

    for edition in EDITIONS:
        try:
            load(edition)
            tooltips(edition)
        except Exception:
            log.exception("edition %s did not load", edition)
    get_search()
    rulings_citing(f"{DEFAULT_EDITION['dcg']}:1")  # the casebook loads (and runs its scenarios) once
    warm_casebook_verdicts()                       # the casebook pages' verdicts, apart from uploads
    runner.warm()                                  # the scenario worker processes, engines loaded


def wants_json() -> bool:
    return request.path.startswith("/api/")


def _register_error_handlers(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        if e.code == 413:
            _drain_refused_body(app.config["DRAIN_MAX_BYTES"])
        if wants_json():
            response = jsonify(error=e.description or e.name)
            response.status_code = e.code or 500
            if e.code == 405 and hasattr(e, "valid_methods") and e.valid_methods:
                response.headers["Allow"] = ", ".join(e.valid_methods)
            return response
        # werkzeug's stock English description is replaced by the page's own (translated) wording
        detail = e.description if e.description != type(e).description else None
        return render_template("error.html", error=e, detail=detail), e.code or 500

    @app.errorhandler(Exception)
    def unexpected(e: Exception):
        log.exception("unhandled error on %s", request.path)
        return http_error(InternalServerError("internal error"))


RAW_INPUT = "judge.raw_input"     # the server's own body stream, when _CapUnsizedBodies replaced it
TOO_LARGE = "judge.body_too_large"


class _CapUnsizedBodies:
    """MAX_CONTENT_LENGTH for a chunked body (no Content-Length) under a server that leaves it on the socket
    (gunicorn): werkzeug would read such a stream only up to the limit and silently drop the rest, so it is
    read here, up to one byte past the limit, and given to the app with its length (as waitress does); one
    byte past is marked, and the app answers it with its 413."""

    def __init__(self, wsgi_app, flask_app: Flask):
        self.wsgi_app, self.flask_app = wsgi_app, flask_app

    def __call__(self, environ, start_response):
        limit = self.flask_app.config["MAX_CONTENT_LENGTH"]
        if (limit is not None and not environ.get("CONTENT_LENGTH")
                and "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()):
            raw = environ[RAW_INPUT] = environ["wsgi.input"]
            body, left = [], limit + 1
            while left > 0:
                chunk = raw.read(min(left, 64 * 1024))
                if not chunk:
                    break
                body.append(chunk)
                left -= len(chunk)
            data = b"".join(body)
            environ[TOO_LARGE] = len(data) > limit
            environ["wsgi.input"] = io.BytesIO(data[:limit])
            environ["CONTENT_LENGTH"] = str(min(len(data), limit))
        return self.wsgi_app(environ, start_response)


def _refuse_a_marked_body():
    if request.environ.get(TOO_LARGE):
        raise RequestEntityTooLarge()


def _drain_refused_body(limit: int) -> None:
    """Read and drop the rest of a body refused as too large, up to `limit` bytes in all: a client that
    sends its whole body before reading then gets the 413 instead of a connection reset. waitress has read
    the body already (up to its own cap, which `judge serve` sets to the same limit); under gunicorn it is
    read from the socket here. Beyond `limit` the server may close the connection."""
    if RAW_INPUT in request.environ:   # a chunked body, read up to the app's limit by _CapUnsizedBodies
        stream, length = request.environ[RAW_INPUT], None
    else:
        stream, length = request.environ.get("wsgi.input"), request.content_length
    if stream is None or (length is not None and length > limit):
        return
    left = limit if length is None else length
    try:
        while left > 0:
            chunk = stream.read(min(left, 64 * 1024))
            if not chunk:
                break
            left -= len(chunk)
    except (OSError, ValueError):   # the client went away, or the server closed the stream: nothing to drain
        pass
