"""When to try a request again and how long to wait: Retry-After first, else exponential backoff with jitter, bounded."""
from __future__ import annotations

import email.utils
import random
import time
from dataclasses import dataclass
from typing import Callable, Optional


@dataclass(frozen=True)
class RetryPolicy:
    """``max_retries`` after the first attempt; backoff steps from ``base_delay`` doubling up to ``max_backoff``
    (seconds); a ``Retry-After`` longer than ``max_retry_after`` is not waited for (a monthly quota says weeks)."""

    max_retries: int = 3
    base_delay: float = 0.5
    max_backoff: float = 8.0
    max_retry_after: float = 60.0


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[int]:
    """Seconds of a ``Retry-After`` header: delta-seconds or an HTTP date; None when absent or unreadable."""
    if value is None or value.strip() == "":
        return None
    text = value.strip()
    if text.isdigit():
        return int(text)
    try:
        at = email.utils.parsedate_to_datetime(text).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0, int(-(-(at - (time.time() if now is None else now)) // 1)))


def backoff(retry: int, policy: RetryPolicy, rand: Callable[[], float] = random.random) -> float:
    """"Equal jitter": half the exponential step is fixed, half random, so retries spread out yet still wait."""
    step = min(policy.max_backoff, policy.base_delay * (2 ** retry))
    return step / 2 + rand() * (step / 2)


def refusal_delay(retry_after: Optional[int], retry: int, policy: RetryPolicy,
                  rand: Callable[[], float] = random.random) -> Optional[float]:
    """The wait before retrying a 429 or 503: Retry-After plus up to 10% (at most 1 s), else the backoff; None when
    the server asks for longer than ``max_retry_after``."""
    if retry_after is None:
        return backoff(retry, policy, rand)
    if retry_after > policy.max_retry_after:
        return None
    return retry_after + rand() * min(1.0, max(0.1, retry_after / 10))
