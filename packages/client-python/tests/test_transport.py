"""Timeouts and which failures are retried for which calls, on a scripted local server (a real one cannot hang on cue)."""
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from geopin_client import LocationClient, MerchantClient, RequestTimeoutError, ServerError
from geopin_client._retry import RetryPolicy, parse_retry_after, refusal_delay

FAST = {"max_retries": 2, "base_delay": 0.005}


@pytest.fixture
def scripted():
    """Starts a server answering its n-th request with answers[n] (the last repeats); yields (url, count)."""
    servers = []

    def start(answers):
        count = [0]

        class Handler(BaseHTTPRequestHandler):
            def _answer(self):
                answer = answers[min(count[0], len(answers) - 1)]
                count[0] += 1
                if answer == "hang":
                    time.sleep(1)
                    return
                status, body, headers = answer
                self.send_response(status)
                for name, value in {"content-type": "application/json", **headers}.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body.encode())

            do_GET = do_POST = _answer

            def log_message(self, *args):
                pass

        httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        servers.append(httpd)
        return f"http://127.0.0.1:{httpd.server_address[1]}", lambda: count[0]

    yield start
    for httpd in servers:
        httpd.shutdown()


OK = (200, '{"success":true,"data":{"total_boundaries":1}}', {})
BUSY = (503, '{"success":false,"code":"server_busy","message":"busy"}', {"retry-after": "0"})
BAD_GATEWAY = (502, '{"success":false,"code":"gateway_timeout","message":"slow"}', {"x-request-id": "r502"})


def test_times_out_and_retries_only_idempotent_calls(scripted):
    url, count = scripted(["hang"])
    with pytest.raises(RequestTimeoutError):
        LocationClient(url, "k", timeout=0.1, **FAST).stats()
    assert count() == 3
    with pytest.raises(RequestTimeoutError):
        MerchantClient(url, "k", timeout=0.1, **FAST).test_webhook()
    assert count() == 4


def test_retries_a_503_for_any_call(scripted):
    url, count = scripted([BUSY, (200, '{"success":true,"message":"queued","delivery_id":"d"}', {})])
    assert MerchantClient(url, "k", **FAST).test_webhook() == {"message": "queued", "delivery_id": "d"}
    assert count() == 2


def test_retries_a_502_only_when_the_call_is_idempotent(scripted):
    url, count = scripted([BAD_GATEWAY, OK])
    assert LocationClient(url, "k", **FAST).stats() == {"total_boundaries": 1}
    url, count = scripted([BAD_GATEWAY, OK])
    with pytest.raises(ServerError) as err:
        MerchantClient(url, "k", **FAST).test_webhook()
    assert (err.value.status, err.value.code, err.value.request_id, count()) == (502, "gateway_timeout", "r502", 1)


def test_retries_a_503_store_unavailable_only_when_the_call_is_idempotent(scripted):
    lost = (503, '{"success":false,"code":"store_unavailable","message":"db"}', {"retry-after": "0"})
    url, count = scripted([lost, OK])
    assert LocationClient(url, "k", **FAST).stats() == {"total_boundaries": 1}
    assert count() == 2
    url, count = scripted([lost, OK])
    with pytest.raises(ServerError) as err:
        MerchantClient(url, "k", **FAST).test_webhook()
    assert (err.value.status, err.value.code, count()) == (503, "store_unavailable", 1)


def test_an_answer_that_is_not_json_is_a_typed_error(scripted):
    url, _ = scripted([(500, "<h1>oops</h1>", {"content-type": "text/html"})])
    with pytest.raises(ServerError) as err:
        LocationClient(url, "k", **FAST).stats()
    assert (err.value.code, err.value.message, err.value.request_id) == ("http_500", "<h1>oops</h1>", None)


def test_retry_after_is_read_and_capped():
    assert parse_retry_after("3") == 3
    assert parse_retry_after("Tue, 01 Jan 2030 00:00:10 GMT", now=1893456000) == 10
    assert parse_retry_after("soon") is None
    policy = RetryPolicy()
    assert refusal_delay(1, 0, policy, lambda: 0) == 1
    assert refusal_delay(1, 0, policy, lambda: 1) == pytest.approx(1.1)
    assert refusal_delay(61, 0, policy, lambda: 0) is None
    assert refusal_delay(None, 3, policy, lambda: 1) == 4
