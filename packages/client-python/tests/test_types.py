"""The generated TypedDicts describe what the server really answers: every method's result checked against its hint."""
import typing
from typing import Any, List, Literal, Union, get_args, get_origin, get_type_hints

import pytest

from geopin_client import LocationClient
from geopin_client.location import BATCH_SIZE


def problems(value: Any, hint: Any, path: str = "$") -> List[str]:
    """Where ``value`` departs from ``hint`` (a TypedDict, List, Union/Optional, Literal or a scalar type)."""
    if hint is Any:
        return []
    if hasattr(hint, "__required_keys__"):  # a TypedDict (typing.is_typeddict needs Python 3.10)
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not an object"]
        fields = get_type_hints(hint)
        out = [f"{path}.{k}: missing" for k in hint.__required_keys__ if k not in value]
        out += [f"{path}.{k}: not in {hint.__name__}" for k in value if k not in fields]
        for k, v in value.items():
            if k in fields:
                out += problems(v, fields[k], f"{path}.{k}")
        return out
    origin = get_origin(hint)
    if origin is Union:
        options = [problems(value, option, path) for option in get_args(hint)]
        return [] if any(not p for p in options) else min(options, key=len)
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{path}: {value!r} not one of {get_args(hint)}"]
    if origin in (list, typing.List):
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        return [p for i, item in enumerate(value) for p in problems(item, get_args(hint)[0], f"{path}[{i}]")]
    if origin in (dict, typing.Dict):
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not an object"]
        return [p for k, v in value.items() for p in problems(v, get_args(hint)[1], f"{path}.{k}")]
    if hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not null"]
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{path}: {value!r} is not a number"]
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{path}: {value!r} is not an integer"]
    return [] if isinstance(value, hint) else [f"{path}: {value!r} is not {hint.__name__}"]


def test_the_checker_finds_a_missing_key_an_extra_key_and_a_wrong_literal():
    from geopin_client.types import GeocodeResultCoordinates, LookupResult
    assert problems({"latitude": 1.0}, GeocodeResultCoordinates) == ["$.longitude: missing"]
    assert problems({"latitude": 1, "longitude": 2, "x": 3}, GeocodeResultCoordinates) == ["$.x: not in "
                                                                                           "GeocodeResultCoordinates"]
    delivery = get_type_hints(LookupResult)["delivery"]
    assert problems("Sometimes", delivery) != []


@pytest.fixture(scope="module")
def geo(server, key):
    with LocationClient(server.base_url, api_key=key) as client:
        yield client


def calls(geo: LocationClient):
    points = [{"latitude": 12.9716, "longitude": 77.5946}, {"latitude": 0.5, "longitude": 0.5}, {"geopin": "XXX"}]
    return [
        ("lookup", lambda: geo.lookup(latitude=12.9716, longitude=77.5946)),
        ("lookup_many", lambda: geo.lookup_many(points * (BATCH_SIZE // 2))),
        ("geocode", lambda: geo.geocode("Lajpat Nagar IV, New Delhi", pincode="110042")),
        ("geocode_many", lambda: geo.geocode_many([{"address": "Koramangala, Bengaluru"}, {"address": "zzqx"}])),
        ("autocomplete", lambda: geo.autocomplete("Kora")),
        ("reverse", lambda: geo.reverse("4P3-JK8-52C9")),
        ("coordinates_to_geopin", lambda: geo.coordinates_to_geopin(12.9716, 77.5946)),
        ("validate_geopin", lambda: geo.validate_geopin("4P3-JK8-52C9")),
        ("validate_pincode", lambda: geo.validate_pincode("560001")),
        ("encode", lambda: geo.encode(12.9716, 77.5946)),
        ("decode", lambda: geo.decode("4P3-JK8-52C9")),
        ("usage", lambda: geo.usage()),
        ("stats", lambda: geo.stats()),
    ]


@pytest.mark.parametrize("name", [name for name, _ in calls(LocationClient("http://unused", api_key="k"))])
def test_each_location_answer_matches_its_generated_type(geo, name):
    call = dict(calls(geo))[name]
    hint = get_type_hints(getattr(LocationClient, name))["return"]
    assert problems(call(), hint) == []
