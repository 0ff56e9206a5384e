"""verify_webhook on the server's real deliveries: a test_webhook sent to a local receiver, verified, then tampered
with; one delivery sent before and after a secret rotation, verified with both secrets."""
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from geopin_client import MerchantClient, WebhookVerificationError, verify_webhook

SECRET = "whsec_python_test_0123456789"
ROTATED = "whsec_python_rotated_9876543210"


@pytest.fixture
def receiver():
    """Yields its URL, the requests it received, and the statuses of its next answers (200 once they run out)."""
    received = []
    statuses = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["content-length"]))
            received.append((body, self.headers))
            self.send_response(statuses.pop(0) if statuses else 200)
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/hooks", received, statuses
    httpd.shutdown()


def wait_until(check):
    for _ in range(200):
        if check():
            return
        time.sleep(0.05)
    raise AssertionError("condition not met in time")


def code_of(**kwargs):
    with pytest.raises(WebhookVerificationError) as err:
        verify_webhook(**kwargs)
    return err.value.code


def test_accepts_a_real_delivery_and_rejects_it_once_changed(server, receiver):
    url, received, _ = receiver
    shop = server.merchant("Hooks shop")
    with MerchantClient(server.base_url, shop["api_key"]) as merchant:
        merchant.update_webhooks(webhook_url=url, webhook_secret=SECRET)
        delivery_id = merchant.test_webhook()["delivery_id"]
        wait_until(lambda: received)
        body, headers = received[0]
        event = verify_webhook(body, headers, SECRET)
        assert event["event"] == "session.phone_verified" and event["merchant_id"] == shop["merchant_id"]
        assert event["data"] == {"phone": "+919999999999", "test": True}
        assert headers["webhook-id"] == delivery_id
        # A plain dict of the same headers, in another case, is read the same.
        plain = {name.upper(): value for name, value in headers.items()}
        assert verify_webhook(body.decode("utf-8"), plain, SECRET) == event

        tampered = body.replace(b"+919999999999", b"+919999999990")
        assert code_of(raw_body=tampered, headers=headers, secret=SECRET) == "signature_mismatch"
        assert code_of(raw_body=body, headers=headers, secret="whsec_another_secret_0123") == "signature_mismatch"
        other_id = {**plain, "WEBHOOK-ID": "00000000-0000-4000-8000-000000000000"}
        assert code_of(raw_body=body, headers=other_id, secret=SECRET) == "signature_mismatch"
        assert code_of(raw_body=body, headers=headers, secret=SECRET, now=time.time() + 600) == "timestamp_too_old"
        assert code_of(raw_body=body, headers=headers, secret=SECRET, now=time.time() - 600) == "timestamp_too_new"
        missing = {k: v for k, v in plain.items() if k != "WEBHOOK-SIGNATURE"}
        assert code_of(raw_body=body, headers=missing, secret=SECRET) == "missing_header"
        twice = {**plain, "WEBHOOK-ID": [headers["webhook-id"], headers["webhook-id"]]}
        assert code_of(raw_body=body, headers=twice, secret=SECRET) == "malformed_header"
        unprefixed = {**plain, "X-SERVICE-SIGNATURE": plain["X-SERVICE-SIGNATURE"][len("sha256="):]}
        assert code_of(raw_body=body, headers=unprefixed, secret=SECRET) == "wrong_prefix"
        rotated = {**plain, "WEBHOOK-SIGNATURE": "v1," + "A" * 43 + "= " + plain["WEBHOOK-SIGNATURE"]}
        assert verify_webhook(body, rotated, SECRET) == event
        assert code_of(raw_body={"parsed": True}, headers=headers, secret=SECRET) == "invalid_body"


def verdict(body, headers, secret):
    """The rejection code of verifying with ``secret``, or "accepted"."""
    try:
        verify_webhook(body, headers, secret)
        return "accepted"
    except WebhookVerificationError as err:
        return err.code


def test_accepts_a_delivery_sent_before_and_after_a_secret_rotation_given_both(server, receiver):
    url, received, statuses = receiver
    statuses.append(410)  # the first attempt fails for good; the second comes only from the redeliver
    shop = server.merchant("Rotation shop")
    with MerchantClient(server.base_url, shop["api_key"]) as merchant:
        merchant.update_webhooks(webhook_url=url, webhook_secret=SECRET)
        delivery_id = merchant.test_webhook()["delivery_id"]
        wait_until(lambda: merchant.webhook_delivery(delivery_id)["status"] == "failed")
        merchant.update_webhooks(webhook_secret=ROTATED)
        merchant.redeliver_webhook(delivery_id)
        wait_until(lambda: len(received) == 2)
    (body, before), (again, after) = received
    assert after["webhook-id"] == delivery_id and again == body

    # The queued delivery is signed with whatever secret is set when it is sent.
    assert [verdict(body, before, SECRET), verdict(body, before, ROTATED)] == ["accepted", "signature_mismatch"]
    assert [verdict(body, after, SECRET), verdict(body, after, ROTATED)] == ["signature_mismatch", "accepted"]
    # The old attempt's body signature with the new attempt's webhook-signature: never sent together.
    mixed = {name: value for name, value in after.items() if name.lower() != "x-service-signature"}
    mixed["x-service-signature"] = before["x-service-signature"]
    for both in ([SECRET, ROTATED], (ROTATED, SECRET)):
        assert verdict(body, before, both) == "accepted"
        assert verdict(body, after, both) == "accepted"
        assert verdict(body, mixed, both) == "signature_mismatch"
    assert verdict(body, after, ["whsec_another_secret_0123"]) == "signature_mismatch"
    assert verdict(body, after, []) == "invalid_secret"
    assert verdict(body, after, [""]) == "invalid_secret"
    assert verdict(body, after, [ROTATED, ""]) == "invalid_secret"
