"""Inputs in the caller's terms: items and arguments checked before sending, a failed batch named at the list."""
from __future__ import annotations

import math
import re
from typing import Any, Mapping, Optional, Sequence, Union

from .errors import ApiError, GeopinError, InvalidInputError, api_error
from .types import BatchGeocodeResult, BatchLookupResult


def check_items(items: Sequence[Any], key: str) -> None:
    """Raises InvalidInputError for the first item the server would refuse whatever it holds, before any request is
    sent (so no earlier request is counted): an item that is not a mapping, or a float JSON cannot carry."""
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Sequence):
        raise InvalidInputError(key, f"must be a list, got {type(items).__name__}", None)
    for i, item in enumerate(items):
        check_item(item, f"{key}.{i}", i)


def check_item(item: Any, path: str = "", index: Optional[int] = None) -> None:
    """The same check of one call's input (``path`` "" for the whole body)."""
    if not isinstance(item, Mapping):
        raise InvalidInputError(path, f"must be a mapping, got {type(item).__name__}", index)
    for field, value in item.items():
        # json.dumps writes NaN and Infinity as bare words, which are not JSON: the whole request would be refused.
        if isinstance(value, float) and not math.isfinite(value):
            raise InvalidInputError(f"{path}.{field}" if path else str(field), f"must be a finite number, got {value}",
                                    index)


def check_text(value: Any, path: str) -> None:
    """Raises InvalidInputError unless ``value`` is a str (``path``: the argument's name): anything else would be sent
    as its text (``{'q': 'Koramangala'}`` as ``q``), a query the server answers, and counts, for nothing."""
    if not isinstance(value, str):
        raise InvalidInputError(path, f"must be a str, got {type(value).__name__}", None)


def in_whole_list(error: Exception, key: str, offset: int,
                  partial: Union[BatchLookupResult, BatchGeocodeResult]) -> Exception:
    """The exception of a batch request that failed, in the whole list's terms: a refusal's ``issues`` and message
    name the item's position in the list (``locations.240``, not ``locations.40`` of the third request), and
    ``partial`` holds what the requests before it answered."""
    moved = _renumbered(error, key, offset) if isinstance(error, ApiError) and offset > 0 else error
    if isinstance(moved, GeopinError):
        moved.partial = partial
    return moved


def _renumbered(error: ApiError, key: str, offset: int) -> ApiError:
    at = re.compile(rf"^{re.escape(key)}\.(\d+)")

    def shift(text: str) -> str:
        return at.sub(lambda m: f"{key}.{int(m.group(1)) + offset}", text)

    issues = [{**issue, "path": shift(str(issue.get("path", "")))} for issue in error.issues]
    body = {**error.body, "message": shift(error.message), "issues": issues}
    return api_error(error.status, body, error.request_id, error.retry_after)
