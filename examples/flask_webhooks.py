"""Receives and verifies checkout webhooks in Flask: pip install flask geopin-client; WEBHOOK_SECRET=... flask --app flask_webhooks run"""
import os

from flask import Flask, request

from geopin_client import WebhookVerificationError, verify_webhook

app = Flask(__name__)
seen = set()  # in production: a table with a unique key on the delivery id


@app.post("/hooks/geopin")
def geopin_webhook():
    try:
        # get_data(): the exact bytes received; the signatures cover them, not re-serialised JSON.
        event = verify_webhook(request.get_data(), request.headers, os.environ["WEBHOOK_SECRET"])
    except WebhookVerificationError as err:
        return err.code, 400
    delivery_id = request.headers["webhook-id"]  # the same on every retry
    if delivery_id not in seen:
        seen.add(delivery_id)
        app.logger.info("%s %s %s", event["event"], event["session_id"], event["data"])  # e.g. queue it
    return "ok", 200  # 2xx for duplicates too, or the delivery is retried
