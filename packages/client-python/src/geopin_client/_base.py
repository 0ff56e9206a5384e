"""What every client shares: construction from the common options, closing, and use as a context manager."""
from __future__ import annotations

from typing import Callable, Mapping, Optional, TypeVar

import httpx

from ._retry import RetryPolicy
from ._transport import RetryEvent, Transport

_Self = TypeVar("_Self", bound="BaseClient")


class BaseClient:
    def __init__(self, base_url: str, credentials: Mapping[str, str], *, timeout: float = 30.0,
                 max_retries: int = 3, base_delay: float = 0.5, max_backoff: float = 8.0,
                 max_retry_after: float = 60.0, headers: Optional[Mapping[str, str]] = None,
                 on_retry: Optional[Callable[[RetryEvent], None]] = None,
                 http_client: Optional[httpx.Client] = None) -> None:
        """``timeout`` is per attempt, in seconds; the retry settings are described in docs/clients.md."""
        policy = RetryPolicy(max_retries=max_retries, base_delay=base_delay, max_backoff=max_backoff,
                             max_retry_after=max_retry_after)
        self._transport = Transport(base_url, credentials, timeout=timeout, retry=policy, headers=headers,
                                    on_retry=on_retry, http_client=http_client)

    def close(self) -> None:
        """Closes the connection pool (unless an ``http_client`` was passed in)."""
        self._transport.close()

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def require(value: object, name: str) -> str:
    if not isinstance(value, str) or value == "":
        raise ValueError(f"{name} is required")
    return value
