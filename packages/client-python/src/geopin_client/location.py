"""The location API (/v1) client: lookups, geocoding, autocomplete, DIGIPIN and usage, with batches of any length."""
from __future__ import annotations

from typing import Any, Callable, List, Mapping, Optional, Sequence, Union
from urllib.parse import quote

from ._base import BaseClient, require
from ._batch_items import check_item, check_items, check_text, in_whole_list
from ._chunks import Progress, run_split
from .types import (
    AutocompleteResult,
    BatchGeocodeResult,
    BatchLookupResult,
    CoordinatesToGeopinResult,
    DecodeResult,
    EncodeResult,
    GeocodeResult,
    GeopinValidation,
    LookupResult,
    PincodeValidation,
    ReverseResult,
    Stats,
    Usage,
)

#: Items per request of the two batch routes (the server refuses more).
BATCH_SIZE = 100

ProgressCallback = Optional[Callable[[Progress], None]]


class LocationClient(BaseClient):
    """Every location route only reads, so every call is retried on timeouts and connection failures too."""

    def __init__(self, base_url: str, api_key: str, **options: Any):
        super().__init__(base_url, {"x-api-key": require(api_key, "api_key")}, **options)

    def lookup(self, location: Optional[Mapping[str, Any]] = None, *, timeout: Optional[float] = None,
               **fields: Any) -> LookupResult:
        """State, district, division, locality, pincode and delivery of ``{latitude, longitude}`` or ``{geopin}``
        (a mapping or keyword arguments); NotFoundError outside every pincode boundary."""
        body = {**(location or {}), **fields}
        check_item(body)
        return self._data("POST", "/v1/location/lookup", body=body, timeout=timeout)

    def lookup_many(self, locations: Sequence[Mapping[str, Any]], *, on_progress: ProgressCallback = None,
                    timeout: Optional[float] = None) -> BatchLookupResult:
        """Any number of points or geopins, 100 per request, joined in order: ``results[i]["index"]`` is the item's
        position in ``locations``, and ``found``/``not_found``/``invalid`` count all of them. An item that is not a
        mapping, or holds NaN or infinity, raises InvalidInputError before anything is sent; a failed request raises
        with ``partial``, the answers of the requests before it."""
        check_items(locations, "locations")
        parts = run_split(locations, BATCH_SIZE, lambda piece: self._data(
            "POST", "/v1/location/batch-lookup", body={"locations": piece}, timeout=timeout), on_progress,
            lambda err, offset, answered: in_whole_list(err, "locations", offset, _join_lookups(answered)))
        return _join_lookups(parts)

    def geocode(self, address: Union[str, Mapping[str, Any]], *, timeout: Optional[float] = None,
                **fields: Any) -> GeocodeResult:
        """Address -> point, geopin, confidence. ``address`` is the text (with ``city``, ``state``, ``pincode``,
        ``country`` as keywords) or a whole mapping; NotFoundError when nothing in it could be placed."""
        if not isinstance(address, str):
            check_item(address)
        body = {"address": address, **fields} if isinstance(address, str) else {**address, **fields}
        check_item(body)
        return self._data("POST", "/v1/geopin/geocode", body=body, timeout=timeout)

    def geocode_many(self, addresses: Sequence[Mapping[str, Any]], *, on_progress: ProgressCallback = None,
                     timeout: Optional[float] = None) -> BatchGeocodeResult:
        """Any number of addresses, 100 per request, joined in order (``index`` = position in ``addresses``); items
        are checked before anything is sent, and a failed request raises with ``partial``, as in ``lookup_many``."""
        check_items(addresses, "addresses")
        parts = run_split(addresses, BATCH_SIZE, lambda piece: self._data(
            "POST", "/v1/geopin/batch", body={"addresses": piece}, timeout=timeout), on_progress,
            lambda err, offset, answered: in_whole_list(err, "addresses", offset, _join_geocodes(answered)))
        return _join_geocodes(parts)

    def autocomplete(self, q: str, *, limit: Optional[int] = None, lat: Optional[float] = None,
                     lng: Optional[float] = None, timeout: Optional[float] = None) -> AutocompleteResult:
        """Place suggestions for ``q`` (3..100 characters, 3 not spaces); ``lat``/``lng`` rank nearer places first.
        A ``q`` that is not a str (``autocomplete({"q": ..., "limit": 2})``) raises InvalidInputError before sending."""
        check_text(q, "q")
        query = {"q": q, "limit": limit, "lat": lat, "lng": lng}
        return self._data("GET", "/v1/geopin/autocomplete", query=query, timeout=timeout)

    def reverse(self, geopin: str, *, timeout: Optional[float] = None) -> ReverseResult:
        """Geopin -> its cell centre and the pincode boundary holding it (``found: False`` in the sea)."""
        check_text(geopin, "geopin")
        return self._data("POST", "/v1/geopin/reverse", body={"geopin": geopin}, timeout=timeout)

    def coordinates_to_geopin(self, latitude: float, longitude: float, *, timeout: Optional[float] = None) -> CoordinatesToGeopinResult:
        """Point -> geopin (inside the DIGIPIN grid, else BadRequestError ``latitude_out_of_range``/...)."""
        body = {"latitude": latitude, "longitude": longitude}
        return self._data("POST", "/v1/geopin/coordinates-to-geopin", body=body, timeout=timeout)

    def validate_geopin(self, geopin: str, *, timeout: Optional[float] = None) -> GeopinValidation:
        """Well formed, and inside a pincode boundary? A malformed code is an answer, not an error."""
        check_text(geopin, "geopin")
        return self._data("GET", f"/v1/geopin/validate/{quote(geopin, safe='')}", timeout=timeout)

    def validate_pincode(self, pincode: str, *, timeout: Optional[float] = None) -> PincodeValidation:
        """Format, existence, offices and delivery; unknown pincodes answer ``exists: False``, not an error."""
        check_text(pincode, "pincode")
        return self._data("GET", f"/v1/pincode/validate/{quote(pincode, safe='')}", timeout=timeout)

    def encode(self, latitude: float, longitude: float, *, timeout: Optional[float] = None) -> EncodeResult:
        """India Post-compatible encode: ``{"digipin": ...}``."""
        query = {"latitude": latitude, "longitude": longitude}
        return self._data("GET", "/v1/geopin/encode", query=query, timeout=timeout)

    def decode(self, geopin: str, *, timeout: Optional[float] = None) -> DecodeResult:
        """India Post-compatible decode: the cell centre as 6-decimal strings."""
        check_text(geopin, "geopin")
        return self._data("GET", "/v1/geopin/decode", query={"geopin": geopin}, timeout=timeout)

    def usage(self, *, timeout: Optional[float] = None) -> Usage:
        """This key's plan, requests used this month, limit and rate limit (not counted)."""
        return self._data("GET", "/v1/geopin/usage", timeout=timeout)

    def stats(self, *, timeout: Optional[float] = None) -> Stats:
        """Counts of the server's loaded dataset."""
        return self._data("GET", "/v1/location/stats", timeout=timeout)

    def _data(self, method: str, path: str, **spec: Any) -> Any:
        return self._transport.request(method, path, idempotent=True, **spec)["data"]


def _join_lookups(parts: List[BatchLookupResult]) -> BatchLookupResult:
    """The answers of a split lookup joined in input order (``index`` renumbered to the whole list)."""
    joined: BatchLookupResult = {"results": [], "found": 0, "not_found": 0, "invalid": 0}
    for i, part in enumerate(parts):
        for r in part["results"]:
            moved = r.copy()
            moved["index"] = r["index"] + i * BATCH_SIZE
            joined["results"].append(moved)
        for key in ("found", "not_found", "invalid"):
            joined[key] += part[key]
    return joined


def _join_geocodes(parts: List[BatchGeocodeResult]) -> BatchGeocodeResult:
    """The answers of a split geocode joined in input order, as ``_join_lookups``."""
    joined: BatchGeocodeResult = {"results": [], "succeeded": 0, "failed": 0}
    for i, part in enumerate(parts):
        for r in part["results"]:
            moved = r.copy()
            moved["index"] = r["index"] + i * BATCH_SIZE
            joined["results"].append(moved)
        joined["succeeded"] += part["succeeded"]
        joined["failed"] += part["failed"]
    return joined
