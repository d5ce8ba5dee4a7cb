"""Compression (br/gzip, flask-compress) and validators (ETag, conditional GET) for every answer.

Pages and API answers are small functions of the request and a read-only corpus, so an ETag over the
body lets a browser revalidate a 121 kB rule page with a 304 instead of downloading it again. Static
files keep Flask's own validators. Compression runs after this hook (flask-compress then suffixes the
ETag with the encoding, `"…:br"`, and answers the conditional request itself).
"""
from __future__ import annotations

from flask import Flask, request
from flask_compress import Compress

COMPRESSED_TYPES = ["text/html", "text/css", "text/plain", "application/json", "application/javascript",
                    "text/javascript", "image/svg+xml"]


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "gzip"])   # static files
    app.config.setdefault("COMPRESS_MIN_SIZE", 512)
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)      # most of brotli's gain at a fraction of level 11's cost
    Compress(app)                     # registered first: after_request hooks run last-registered first
    app.after_request(add_validators)


def add_validators(response):
    if request.method not in ("GET", "HEAD") or response.status_code != 200 or response.is_streamed:
        return response
    if response.direct_passthrough or "ETag" in response.headers:   # static files: Flask's own validators
        return response
    response.add_etag()
    response.headers.setdefault("Cache-Control", "no-cache")      # may be stored, but revalidated each time
    return response.make_conditional(request)
