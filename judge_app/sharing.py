"""Share links for scenarios: `s = base64url(zlib(utf-8 text))`, size-limited both ways and decoded safely."""
from __future__ import annotations

import base64
import binascii
import zlib


class ShareError(ValueError):
    """A share token that is too long, not base64url, not zlib, too big once inflated, or not UTF-8."""


def encode(text: str) -> str:
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def decode(token: str, max_chars: int, max_bytes: int) -> str:
    if len(token) > max_chars:
        raise ShareError(f"share link is longer than {max_chars} characters")
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise ShareError("share link is not valid base64url") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, max_bytes + 1)  # bounded: a zip bomb stops here
    except zlib.error:
        raise ShareError("share link is not a compressed scenario") from None
    if len(raw) > max_bytes or inflater.unconsumed_tail:
        raise ShareError(f"shared scenario is larger than {max_bytes} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareError("shared scenario is not UTF-8 text") from None
