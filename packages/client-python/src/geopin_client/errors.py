"""Typed exceptions: every refusal the server sends becomes an ApiError subclass chosen by status."""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Type, Union

from .types import BatchGeocodeResult, BatchLookupResult


class GeopinError(Exception):
    """Base class of everything this library raises on purpose.

    Raised by ``lookup_many``/``geocode_many``, ``partial`` is the joined answer of the requests answered before the
    failure (``index`` is the item's position in the whole list): those items were counted; send the others again.
    """

    partial: Optional[Union[BatchLookupResult, BatchGeocodeResult]] = None


class InvalidInputError(GeopinError, ValueError):
    """An input refused before anything was sent: a batch item that is not a mapping, a float JSON cannot carry, an
    argument that is not a str where one is expected (``q``, ``geopin``, ``pincode``).

    ``path`` says where as the server's ``issues`` would (``locations.240``, ``addresses.3.pincode``, ``latitude``,
    ``q``); ``index`` is the item's position in the list given to ``lookup_many``/``geocode_many`` (None for a single
    call).
    """

    def __init__(self, path: str, problem: str, index: Optional[int]):
        self.path = path
        self.index = index
        super().__init__(f"{path or 'input'}: {problem}")


class ApiError(GeopinError):
    """The server answered ``{"success": false, ...}`` (or a non-2xx status).

    ``status`` (HTTP), ``code`` (stable, e.g. ``invalid_request``), ``message``, ``issues`` (schema failures of a
    400 ``invalid_request``: ``[{"path", "message"}]``), ``request_id`` (the answer's ``x-request-id``; quote it when
    reporting a problem), ``retry_after`` (seconds, when the answer had ``Retry-After``) and the whole ``body``.
    """

    def __init__(self, status: int, body: Mapping[str, Any], request_id: Optional[str], retry_after: Optional[int]):
        self.status = status
        self.code: str = body["code"] if isinstance(body.get("code"), str) else f"http_{status}"
        self.message: str = body["message"] if isinstance(body.get("message"), str) else f"HTTP {status}"
        issues = body.get("issues")
        self.issues: List[Dict[str, str]] = list(issues) if isinstance(issues, list) else []
        self.request_id = request_id
        self.retry_after = retry_after
        self.body: Dict[str, Any] = dict(body)
        super().__init__(self.message)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status}, code={self.code!r}, message={self.message!r})"


class BadRequestError(ApiError):
    """400: a malformed request, a schema failure (``issues``), or a domain check such as ``invalid_pincode``."""


class AuthenticationError(ApiError):
    """401: a missing or wrong key or session token, or a wrong OTP code."""


class PermissionDeniedError(ApiError):
    """403: an origin or CSRF check refused the call."""


class NotFoundError(ApiError):
    """404: the named record (or, for a lookup, a location) does not exist."""


class ConflictError(ApiError):
    """409: the merchant's settings or the session's state refuse the call."""


class PayloadTooLargeError(ApiError):
    """413: the body is over the route's limit."""


class RateLimitError(ApiError):
    """429: a burst limit, a monthly quota or an OTP limit; ``retry_after`` says when to try again."""


class ServerError(ApiError):
    """5xx: a server, gateway or mail failure (``server_busy``, ``gateway_timeout``, ...)."""


_BY_STATUS: Dict[int, Type[ApiError]] = {
    400: BadRequestError, 401: AuthenticationError, 403: PermissionDeniedError, 404: NotFoundError,
    409: ConflictError, 413: PayloadTooLargeError, 429: RateLimitError,
}


def api_error(status: int, body: Mapping[str, Any], request_id: Optional[str], retry_after: Optional[int]) -> ApiError:
    """The ApiError subclass for ``status``."""
    cls = _BY_STATUS.get(status) or (ServerError if status >= 500 else ApiError)
    return cls(status, body, request_id, retry_after)


class NetworkError(GeopinError):
    """No answer: the connection failed or broke off before a response arrived."""


class RequestTimeoutError(GeopinError):
    """No answer within the attempt's timeout."""

    def __init__(self, timeout: float):
        self.timeout = timeout
        super().__init__(f"no answer within {timeout} s")
