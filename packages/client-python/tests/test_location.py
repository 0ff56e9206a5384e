"""The location client against a real server: batches split and joined, every method, typed errors, a real 429."""
import json
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

import geopin_client
from geopin_client import BadRequestError, InvalidInputError, LocationClient, NotFoundError, RateLimitError


def recording_client():
    sent = []
    client = httpx.Client(event_hooks={"response": [lambda res: sent.append(res)]})
    return client, sent


def items():
    """250 items: points on a fixed grid over India (some in no boundary), every 50th a geopin, one malformed."""
    out = []
    for i in range(250):
        if i == 7:
            out.append({"geopin": "XXX"})
        elif i % 50 == 0:
            out.append({"geopin": "4P3-JK8-52C9"})
        else:
            out.append({"latitude": 8 + (i % 25) * 1.1, "longitude": 69 + (i // 25) * 2.5})
    return out


def test_the_tests_use_the_installed_wheel_not_the_sources():
    assert "site-packages" in geopin_client.__file__


def test_looks_up_250_points_in_one_call_split_into_requests_of_100(server, key):
    http, sent = recording_client()
    progress = []
    with LocationClient(server.base_url, key, http_client=http) as geo:
        answer = geo.lookup_many(items(), on_progress=lambda p: progress.append(p.done))
        assert [len(json.loads(r.request.content)["locations"]) for r in sent] == [100, 100, 50]
        assert progress == [100, 200, 250]
        assert [r["index"] for r in answer["results"]] == list(range(250))
        assert answer["found"] + answer["not_found"] + answer["invalid"] == 250
        assert answer["found"] > 100 and answer["not_found"] > 0 and answer["invalid"] == 1
        assert answer["results"][7]["error"]["code"] == "invalid_digipin"
        for i in (0, 150, 200):
            assert answer["results"][i]["pincode"] == "560001"
        for i in (1, 101, 249):
            result = answer["results"][i]
            if result["found"]:
                assert geo.lookup(items()[i])["pincode"] == result["pincode"]
            else:
                with pytest.raises(NotFoundError):
                    geo.lookup(items()[i])


@pytest.mark.parametrize("bad, path, message", [
    (None, "locations.240", "locations.240: must be a mapping, got NoneType"),
    ("4P3-JK8-52C9", "locations.240", "locations.240: must be a mapping, got str"),
    ({"latitude": float("nan"), "longitude": 77.0}, "locations.240.latitude",
     "locations.240.latitude: must be a finite number, got nan"),
])
def test_refuses_an_item_that_cannot_be_sent_before_any_request_naming_its_index(server, key, bad, path, message):
    http, sent = recording_client()
    points = items()
    points[240] = bad
    with LocationClient(server.base_url, key, http_client=http) as geo:
        with pytest.raises(InvalidInputError) as refused:
            geo.lookup_many(points)
        assert (refused.value.path, refused.value.index, str(refused.value)) == (path, 240, message)
        assert isinstance(refused.value, ValueError)
        with pytest.raises(InvalidInputError, match=r"^addresses\.1\.pincode: must be a finite number, got inf$"):
            geo.geocode_many([{"address": "Indiranagar"}, {"address": "Koramangala", "pincode": float("inf")}])
        with pytest.raises(InvalidInputError) as single:
            geo.lookup(latitude=float("nan"), longitude=77.0)
        assert single.value.path == "latitude" and single.value.index is None
    assert sent == []


@pytest.mark.parametrize("call, path, message", [
    (lambda geo: geo.autocomplete({"q": "Koramangala", "limit": 2}), "q", "q: must be a str, got dict"),
    (lambda geo: geo.reverse(None), "geopin", "geopin: must be a str, got NoneType"),
    (lambda geo: geo.validate_geopin(b"4P3JK852C9"), "geopin", "geopin: must be a str, got bytes"),
    (lambda geo: geo.validate_pincode(560038), "pincode", "pincode: must be a str, got int"),
    (lambda geo: geo.decode(["4P3-JK8-52C9"]), "geopin", "geopin: must be a str, got list"),
    (lambda geo: geo.geocode(560038), "", "input: must be a mapping, got int"),
])
def test_refuses_an_argument_that_is_not_a_str_before_anything_is_sent(server, key, call, path, message):
    http, sent = recording_client()
    with LocationClient(server.base_url, key, http_client=http) as geo:
        with pytest.raises(InvalidInputError) as refused:
            call(geo)
    assert (refused.value.path, refused.value.index, str(refused.value)) == (path, None, message)
    assert sent == []


class SpoilingTransport(httpx.HTTPTransport):
    """Nulls item 40 of the third request on its way, as a bug between client and server might."""

    def __init__(self):
        super().__init__()
        self.requests = 0

    def handle_request(self, request):
        self.requests += 1
        if self.requests == 3:
            body = json.loads(request.content)
            body["locations"][40] = None
            request = httpx.Request(request.method, request.url, headers={
                k: v for k, v in request.headers.items() if k.lower() != "content-length"}, json=body)
        return super().handle_request(request)


def test_names_a_later_requests_refused_item_at_its_index_in_the_whole_list_with_the_answers_before_it(server, key):
    sent = []
    http = httpx.Client(transport=SpoilingTransport(), event_hooks={"response": [sent.append]})
    with LocationClient(server.base_url, key, http_client=http) as geo:
        with pytest.raises(BadRequestError) as refused:
            geo.lookup_many(items())
    err = refused.value
    assert err.message.startswith("locations.240: ") and err.issues[0]["path"] == "locations.240"
    assert [r.status_code for r in sent] == [200, 200, 400]
    assert [r["index"] for r in err.partial["results"]] == list(range(200))
    assert err.partial["found"] + err.partial["not_found"] + err.partial["invalid"] == 200


def test_raises_a_monthly_quota_met_midway_with_the_answers_already_counted(server):
    with LocationClient(server.base_url, server.location_key("--monthly-limit", "150")) as geo:
        with pytest.raises(RateLimitError) as used:
            geo.geocode_many([{"address": "Indiranagar", "pincode": "560038"}] * 250)
    err = used.value
    assert err.code == "monthly_quota_exceeded"
    assert (err.partial["succeeded"], err.partial["failed"]) == (100, 0)
    assert [r["index"] for r in err.partial["results"]] == list(range(100))


def test_a_batch_refused_for_good_stops_the_call_with_partial_equal_to_what_usage_counted(server):
    # 100 a second, burst 200: a batch of 100 takes 100 tokens, so the third of five sent in a row is refused.
    key = server.location_key("--rate-limit", "100")
    http, sent = recording_client()
    points = [{"latitude": 12 + (i % 30) * 0.1, "longitude": 77 + (i % 7) * 0.1} for i in range(500)]
    with LocationClient(server.base_url, key, http_client=http, max_retries=0) as geo:
        with pytest.raises(RateLimitError) as refused:
            geo.lookup_many(points)
    err = refused.value
    assert err.code == "rate_limited"
    assert [r["index"] for r in err.partial["results"]] == list(range(200))
    assert [r.status_code for r in sent] == [200, 200, 429]  # one request at a time: none in flight after the 429
    with LocationClient(server.base_url, key) as geo:
        assert geo.usage()["used"] == len(err.partial["results"])


def test_answers_each_location_route(server, key):
    with LocationClient(server.base_url, key) as geo:
        assert geo.lookup(latitude=12.9716, longitude=77.5946)["pincode"] == "560001"
        assert geo.geocode("Indiranagar", pincode="560038")["pincode"] == "560038"
        assert geo.geocode_many([{"address": "Indiranagar", "pincode": "560038"}] * 3)["succeeded"] == 3
        assert len(geo.autocomplete("koramangla", limit=2)["results"]) == 2
        assert geo.reverse("4p3jk852c9")["geopin"] == "4P3-JK8-52C9"
        assert geo.coordinates_to_geopin(12.9716, 77.5946)["geopin"] == "4P3-JK8-52C9"
        assert geo.validate_geopin("4P3-JK8-52CX")["valid_format"] is False
        assert geo.validate_pincode("560038")["exists"] is True
        assert geo.encode(12.9716, 77.5946) == {"digipin": "4P3-JK8-52C9"}
        assert geo.decode("4p3jk852c9") == {"latitude": "12.971601", "longitude": "77.594584"}
        assert geo.stats()["total_boundaries"] > 0
        assert geo.usage()["rate_limit"]["per_second"] == 1000000


def test_raises_typed_errors_with_status_code_message_issues_and_request_id(server, key):
    http, sent = recording_client()
    with LocationClient(server.base_url, key, http_client=http) as geo:
        with pytest.raises(BadRequestError) as invalid:
            geo.geocode("x", country="Nepal")
        err = invalid.value
        assert (err.status, err.code) == (400, "invalid_request")
        assert err.issues[0]["path"] == "country" and "only addresses in India" in err.issues[0]["message"]
        assert err.request_id and err.request_id == sent[-1].headers["x-request-id"]
        with pytest.raises(NotFoundError) as missing:
            geo.lookup(latitude=10, longitude=70)
        assert (missing.value.status, missing.value.code, missing.value.issues) == (404, "location_not_found", [])
        assert "No pincode boundary" in missing.value.message
        assert len(sent) == 2  # 4xx are not retried


def test_retries_a_429_from_the_burst_limit_after_its_retry_after(server):
    retries = []
    http, sent = recording_client()
    # 1 request/s with a burst of 2: the third call in a second is refused by the server.
    with LocationClient(server.base_url, server.location_key("--rate-limit", "1"), http_client=http,
                        on_retry=retries.append) as geo:
        # Three at once, so they reach the bucket within milliseconds even on a busy machine.
        started = time.monotonic()
        with ThreadPoolExecutor(3) as pool:
            answers = list(pool.map(lambda _: geo.stats(), range(3)))
        assert all(a["total_boundaries"] > 0 for a in answers)
        assert time.monotonic() - started >= 1.0
    statuses = [r.status_code for r in sent]
    assert sorted(statuses[:3]) == [200, 200, 429] and statuses[3:] == [200]
    assert len(retries) == 1 and retries[0].delay >= 1.0
    assert isinstance(retries[0].error, RateLimitError)
    assert (retries[0].error.code, retries[0].error.retry_after) == ("rate_limited", 1)


def test_a_monthly_quota_429_is_raised_at_once(server):
    with LocationClient(server.base_url, server.location_key("--monthly-limit", "1")) as geo:
        geo.stats()
        started = time.monotonic()
        with pytest.raises(RateLimitError) as used:
            geo.stats()
        assert time.monotonic() - started < 1.0
        assert used.value.code == "monthly_quota_exceeded" and used.value.retry_after > 60
