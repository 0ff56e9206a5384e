"""Verifies a geopin checkout webhook: the sha256= body signature and the Standard Webhooks id/timestamp signature.

The same checks, order and codes as packages/webhook-verify (the JavaScript implementation); docs/webhooks.md has the
recipe. Pass the raw body (the exact bytes received) before any JSON parsing.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Callable, Dict, List, Mapping, Optional, Union

#: How far webhook-timestamp may be from this machine's clock, either way, in seconds.
DEFAULT_TOLERANCE_SECONDS = 300

_BODY_PREFIX = "sha256="
_HEX_DIGEST = re.compile(r"^[0-9a-f]{64}$")
_V1_SIGNATURE = re.compile(r"^v1,([A-Za-z0-9+/]{43}=)$")
_UNIX_SECONDS = re.compile(r"^[0-9]{1,12}$")


class WebhookVerificationError(Exception):
    """Raised for every rejection; ``code`` is stable (``missing_header``, ``malformed_header``, ``wrong_prefix``,
    ``signature_mismatch``, ``timestamp_too_old``, ``timestamp_too_new``, ``invalid_json``, and the programming
    errors ``invalid_secret``, ``invalid_options``, ``invalid_body``), the message is for logs."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def _fail(code: str, message: str) -> Any:
    raise WebhookVerificationError(code, message)


def verify_webhook(raw_body: Union[bytes, bytearray, memoryview, str], headers: Mapping[str, Any],
                   secret: Union[str, Sequence[str]], *, tolerance_seconds: float = DEFAULT_TOLERANCE_SECONDS,
                   now: Optional[Union[datetime, float]] = None) -> Any:
    """Checks both signatures of a delivery and returns the parsed event.

    ``headers``: any mapping of the request headers (a dict in any case, Flask's ``request.headers``, Django's
    ``request.headers``, ``httpx.Headers``). ``secret``: the merchant's webhook_secret as configured (its UTF-8 bytes
    are the HMAC key), or while it is rotated a non-empty list of the secrets to accept: the delivery passes when one
    of them signed both signature headers. ``now``: a datetime or unix seconds (default: this machine's clock).
    """
    keys = _secret_keys(secret)
    if isinstance(tolerance_seconds, bool) or not isinstance(tolerance_seconds, (int, float)) or tolerance_seconds < 0:
        _fail("invalid_options", "tolerance_seconds must be a number >= 0")
    now_seconds = _now_seconds(now)
    body = _body_bytes(raw_body)
    read = _header_reader(headers)
    body_signature = read("x-service-signature")
    delivery_id = read("webhook-id")
    timestamp = read("webhook-timestamp")
    signatures = read("webhook-signature")

    signed_body = _check_body_signature(body, body_signature, keys)
    if not _UNIX_SECONDS.match(timestamp):
        _fail("malformed_header", "webhook-timestamp must be unix seconds")
    age = int(now_seconds) - int(timestamp)
    if age > tolerance_seconds:
        _fail("timestamp_too_old", f"webhook-timestamp is {age} s old (tolerance {tolerance_seconds} s)")
    if -age > tolerance_seconds:
        _fail("timestamp_too_new", f"webhook-timestamp is {-age} s ahead (tolerance {tolerance_seconds} s)")
    _check_standard_signature(body, delivery_id, timestamp, signatures, keys, signed_body)
    try:
        return json.loads(body.decode("utf-8"))
    except ValueError:
        return _fail("invalid_json", "the body is not JSON")


def _secret_keys(secret: Any) -> List[bytes]:
    """The HMAC keys (each secret's UTF-8 bytes): one secret, or a non-empty sequence of them while one is rotated."""
    if isinstance(secret, str) or not isinstance(secret, Sequence):
        if not isinstance(secret, str) or secret == "":
            _fail("invalid_secret", "secret must be a non-empty string")
        return [secret.encode("utf-8")]
    if len(secret) == 0:
        _fail("invalid_secret", "secret must not be an empty list")
    if not all(isinstance(one, str) and one != "" for one in secret):
        _fail("invalid_secret", "each secret must be a non-empty string")
    return [one.encode("utf-8") for one in secret]


def _now_seconds(now: Optional[Union[datetime, float]]) -> float:
    if now is None:
        return time.time()
    if isinstance(now, datetime):
        return now.timestamp()
    if isinstance(now, (int, float)) and not isinstance(now, bool):
        return float(now)
    return _fail("invalid_options", "now must be a datetime or unix seconds")


def _body_bytes(raw_body: Any) -> bytes:
    if isinstance(raw_body, str):
        return raw_body.encode("utf-8")
    if isinstance(raw_body, (bytes, bytearray, memoryview)):
        return bytes(raw_body)
    return _fail("invalid_body", "raw_body must be the raw request body as bytes or str (not parsed JSON)")


def _header_reader(headers: Any) -> Callable[[str], str]:
    """Case-insensitive lookup; a header sent twice (a list, or repeated in ``items()``) is malformed."""
    if headers is None or not hasattr(headers, "items"):
        _fail("missing_header", "headers are required")
    values: Dict[str, List[Any]] = {}
    for name, value in headers.items():
        bucket = values.setdefault(str(name).lower(), [])
        bucket.extend(value if isinstance(value, (list, tuple)) else [value])

    def read(name: str) -> str:
        found = values.get(name, [])
        if not found or found == [None] or found == [""]:
            _fail("missing_header", f"missing {name} header")
        if len(found) != 1 or not isinstance(found[0], str):
            _fail("malformed_header", f"{name} must be a single header value")
        return found[0]
    return read


def _check_body_signature(body: bytes, header: str, keys: List[bytes]) -> List[bool]:
    """Returns, per key, whether it signed the body; fails unless one did."""
    if not header.startswith(_BODY_PREFIX):
        _fail("wrong_prefix", "x-service-signature must start with sha256=")
    received = header[len(_BODY_PREFIX):]
    if not _HEX_DIGEST.match(received):
        _fail("malformed_header", "x-service-signature must be sha256= and 64 lowercase hex digits")
    mac = bytes.fromhex(received)
    signed = [hmac.compare_digest(mac, hmac.new(key, body, hashlib.sha256).digest()) for key in keys]
    if not any(signed):
        _fail("signature_mismatch", "x-service-signature does not match the body")
    return signed


def _check_standard_signature(body: bytes, delivery_id: str, timestamp: str, header: str, keys: List[bytes],
                              signed_body: List[bool]) -> None:
    """Any one matching ``v1,`` entry suffices (key rotation), but only under a key that also signed the body: the
    server signs both headers of an attempt with one secret. Every entry is compared, so timing shows nothing."""
    candidates = [entry for entry in header.split(" ") if entry.startswith("v1,")]
    if not candidates:
        _fail("wrong_prefix", "webhook-signature has no v1, signature")
    macs = [base64.b64decode(found.group(1)) for found in map(_V1_SIGNATURE.match, candidates) if found]
    matched = False
    for key, signed in zip(keys, signed_body):
        if not signed:
            continue
        expected = hmac.new(key, f"{delivery_id}.{timestamp}.".encode("utf-8") + body, hashlib.sha256).digest()
        for mac in macs:
            if hmac.compare_digest(mac, expected):
                matched = True
    if not matched:
        _fail("signature_mismatch", "webhook-signature does not match" if len(keys) == 1
              else "webhook-signature does not match under a secret that signed x-service-signature")
