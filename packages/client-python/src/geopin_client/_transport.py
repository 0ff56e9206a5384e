"""One HTTP exchange with the server: JSON in and out over httpx, a timeout per attempt, retries, typed errors."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, Mapping, Optional

import httpx

from ._retry import RetryPolicy, backoff, parse_retry_after, refusal_delay
from .errors import ApiError, GeopinError, NetworkError, RequestTimeoutError, api_error

VERSION = "1.0.0"
JSON = Dict[str, Any]

# Refusals sent before the server acted on the request: safe to repeat for any call.
_REFUSED = {429, 503}
# Answers after which the outcome is unknown: repeated only for idempotent calls.
_UNKNOWN_OUTCOME = {502, 504}
# A 503 that waiting does not fix (no SMTP server configured).
_PERMANENT_CODES = {"email_not_configured"}
# A 503 from a database lost mid-request: the outcome is unknown, so only idempotent calls wait and repeat it.
_UNKNOWN_OUTCOME_CODES = {"store_unavailable"}


@dataclass(frozen=True)
class RetryEvent:
    """What ``on_retry`` is told before each retry."""

    method: str
    path: str
    retry: int
    delay: float
    error: Exception


class Transport:
    def __init__(self, base_url: str, credentials: Mapping[str, str], *, timeout: float = 30.0,
                 retry: Optional[RetryPolicy] = None, headers: Optional[Mapping[str, str]] = None,
                 on_retry: Optional[Callable[[RetryEvent], None]] = None,
                 http_client: Optional[httpx.Client] = None):
        if not isinstance(base_url, str) or not base_url.startswith(("http://", "https://")):
            raise ValueError("base_url must be an http(s) URL, e.g. https://geo.example.com")
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retry = retry or RetryPolicy()
        self.on_retry = on_retry
        self._owns_client = http_client is None
        self._client = http_client or httpx.Client()
        self._headers = {"accept": "application/json", "user-agent": f"geopin-client-python/{VERSION}",
                         **(headers or {}), **credentials}

    def close(self) -> None:
        if self._owns_client:
            self._client.close()

    def request(self, method: str, path: str, *, idempotent: bool, query: Optional[Mapping[str, Any]] = None,
                body: Any = None, timeout: Optional[float] = None) -> JSON:
        """The whole JSON body of a success; raises ApiError, NetworkError or RequestTimeoutError."""
        retry = 0
        while True:
            try:
                return self._attempt(method, path, query, body, timeout if timeout is not None else self.timeout)
            except GeopinError as error:
                delay = self._delay_before(error, idempotent, retry)
                if delay is None or retry >= self.retry.max_retries:
                    raise
                retry += 1
                if self.on_retry:
                    self.on_retry(RetryEvent(method, path, retry, delay, error))
                time.sleep(delay)

    def _delay_before(self, error: Exception, idempotent: bool, retry: int) -> Optional[float]:
        if isinstance(error, ApiError):
            if error.status in _REFUSED and error.code not in _PERMANENT_CODES:
                if error.code in _UNKNOWN_OUTCOME_CODES and not idempotent:
                    return None
                return refusal_delay(error.retry_after, retry, self.retry)
            return backoff(retry, self.retry) if idempotent and error.status in _UNKNOWN_OUTCOME else None
        unknown_outcome = isinstance(error, (NetworkError, RequestTimeoutError))
        return backoff(retry, self.retry) if idempotent and unknown_outcome else None

    def _attempt(self, method: str, path: str, query: Optional[Mapping[str, Any]], body: Any, timeout: float) -> JSON:
        params = {k: _query_value(v) for k, v in (query or {}).items() if v is not None}
        headers = dict(self._headers)
        content = None
        if body is not None:
            headers["content-type"] = "application/json"
            content = json.dumps(body).encode("utf-8")
        try:
            res = self._client.request(method, self.base_url + path, params=params, content=content,
                                       headers=headers, timeout=timeout)
        except httpx.TimeoutException as err:
            raise RequestTimeoutError(timeout) from err
        except httpx.TransportError as err:
            raise NetworkError(f"{method} {path}: {err}") from err
        return _read(res)


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _read(res: httpx.Response) -> JSON:
    try:
        body = res.json() if res.content else None
    except ValueError:
        body = None
    ok = 200 <= res.status_code < 300
    if ok and isinstance(body, dict) and body.get("success") is not False:
        return body
    # A proxy's HTML error page or a truncated answer still becomes a typed error.
    error_body = body if isinstance(body, dict) else {
        "success": False, "code": "invalid_response" if ok else f"http_{res.status_code}", "message": res.text[:200]}
    raise api_error(502 if ok else res.status_code, error_body, res.headers.get("x-request-id"),
                    parse_retry_after(res.headers.get("retry-after")))
