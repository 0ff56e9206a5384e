"""The merchant client: every /checkout-admin action and offer management, with a merchant api key (server side)."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from ._base import BaseClient, require
from ._transport import JSON
from .imports import IMPORT_BATCH_ROWS, ImportProgress, Row, import_in_batches

When = Union[str, datetime, None]


def _iso(value: When) -> Optional[str]:
    return value.isoformat() if isinstance(value, datetime) else value


class MerchantClient(BaseClient):
    def __init__(self, base_url: str, api_key: str, **options: Any):
        super().__init__(base_url, {"x-api-key": require(api_key, "api_key")}, **options)

    # Reports and settings (GET: read only, retried)

    def funnel(self, *, from_: When = None, to: When = None, timeout: Optional[float] = None) -> JSON:
        """Funnel counts per event, step and stage in a window (default: the last 30 days)."""
        return self._admin("GET", "funnel", query={"from": _iso(from_), "to": _iso(to)}, timeout=timeout)

    def sessions(self, *, from_: When = None, to: When = None, limit: Optional[int] = None,
                 offset: Optional[int] = None, q: Optional[str] = None, status: Optional[str] = None,
                 payment_method: Optional[str] = None, refund_due: Optional[bool] = None,
                 timeout: Optional[float] = None) -> JSON:
        """Checkout sessions created in a window, newest first, with their payment state.

        ``q`` searches (the start of an email, a pincode, a session id, a gateway order or payment id, a phone);
        ``status``, ``payment_method`` (gateway, cod, none) and ``refund_due`` (True: a refund is owed) filter.
        """
        query = {"from": _iso(from_), "to": _iso(to), "limit": limit, "offset": offset, "q": q, "status": status,
                 "payment_method": payment_method,
                 "refund_due": None if refund_due is None else ("true" if refund_due else "false")}
        return self._admin("GET", "sessions", query=query, timeout=timeout)

    def session(self, session_id: str, *, timeout: Optional[float] = None) -> JSON:
        """One order: its session, address, gateway orders, events, webhooks and timeline; NotFoundError
        ``session_not_found``."""
        return self._admin("GET", "session", query={"session_id": session_id}, timeout=timeout)

    def webhook_deliveries(self, *, limit: Optional[int] = None, offset: Optional[int] = None,
                           timeout: Optional[float] = None) -> JSON:
        """Webhook delivery attempts, newest first."""
        return self._admin("GET", "webhook_deliveries", query={"limit": limit, "offset": offset}, timeout=timeout)

    def get_cod_config(self, *, timeout: Optional[float] = None) -> JSON:
        return self._admin("GET", "cod_config", timeout=timeout)

    def get_webhooks(self, *, timeout: Optional[float] = None) -> JSON:
        return self._admin("GET", "webhooks", timeout=timeout)

    def get_payment_config(self, *, timeout: Optional[float] = None) -> JSON:
        return self._admin("GET", "get_payment_config", timeout=timeout)

    def get_settings(self, *, timeout: Optional[float] = None) -> JSON:
        return self._admin("GET", "settings", timeout=timeout)

    def import_status(self, batch_id: str, *, timeout: Optional[float] = None) -> JSON:
        """An import batch with up to 100 row errors; NotFoundError ``batch_not_found``."""
        return self._admin("GET", "import_status", query={"batch_id": batch_id}, timeout=timeout)

    def webhook_events(self, *, limit: Optional[int] = None, offset: Optional[int] = None,
                       state: Optional[str] = None, timeout: Optional[float] = None) -> JSON:
        """One row per event sent (pending, sending, delivered, failed or failing), newest first."""
        query = {"limit": limit, "offset": offset, "state": state}
        return self._admin("GET", "webhook_events", query=query, timeout=timeout)

    def webhook_delivery(self, delivery_id: str, *, timeout: Optional[float] = None) -> JSON:
        """One delivery with the exact body it sends and every attempt; NotFoundError ``delivery_not_found``."""
        return self._admin("GET", "webhook_delivery", query={"delivery_id": delivery_id}, timeout=timeout)

    def import_batches(self, *, limit: Optional[int] = None, offset: Optional[int] = None,
                       timeout: Optional[float] = None) -> JSON:
        """The merchant's import batches, newest first."""
        return self._admin("GET", "import_batches", query={"limit": limit, "offset": offset}, timeout=timeout)

    def import_errors(self, batch_id: str, *, limit: Optional[int] = None, offset: Optional[int] = None,
                      timeout: Optional[float] = None) -> JSON:
        """Every error and warning of an import batch in row order, a page at a time; NotFoundError
        ``batch_not_found``."""
        query = {"batch_id": batch_id, "limit": limit, "offset": offset}
        return self._admin("GET", "import_errors", query=query, timeout=timeout)

    def audit_log(self, *, limit: Optional[int] = None, offset: Optional[int] = None,
                  timeout: Optional[float] = None) -> JSON:
        """Who changed settings, keys or offers, what and when; newest first."""
        return self._admin("GET", "audit_log", query={"limit": limit, "offset": offset}, timeout=timeout)

    # Changes (PATCH: only the fields given change, so sending them twice is the same as once)

    def update_cod_config(self, *, timeout: Optional[float] = None, **changes: Any) -> JSON:
        """Any of ``enable_cod``, ``cod_max_cart_value_paise`` (None = no cap), ``cod_blocked_pincodes``."""
        return self._admin("PATCH", "cod_config", body=changes, timeout=timeout)

    def update_webhooks(self, *, timeout: Optional[float] = None, **changes: Any) -> JSON:
        """Any of ``webhook_url`` and ``webhook_secret`` (16..256 characters); None clears."""
        return self._admin("PATCH", "webhooks", body=changes, timeout=timeout)

    def set_payment_config(self, gateway_key_id: str, gateway_secret_key: str, *, payment_enabled: bool = True,
                           timeout: Optional[float] = None) -> JSON:
        body = {"gateway_key_id": gateway_key_id, "gateway_secret_key": gateway_secret_key,
                "payment_enabled": payment_enabled}
        return self._admin("PATCH", "set_payment_config", body=body, timeout=timeout)

    def update_settings(self, *, timeout: Optional[float] = None, **changes: Any) -> JSON:
        """Any of ``allowed_origins``, ``courier_coverage_url`` and ``payment_enabled`` (on or off with stored keys)."""
        return self._admin("PATCH", "settings", body=changes, timeout=timeout)

    # Actions (POST)

    def import_customers(self, rows: Sequence[Row], *, batch_label: Optional[str] = None,
                         batch_rows: int = IMPORT_BATCH_ROWS,
                         on_progress: Optional[Callable[[ImportProgress], None]] = None,
                         timeout: Optional[float] = None) -> Dict[str, Any]:
        """Imports any number of rows in batches of at most 5,000 rows and 8 MiB, in order, calling
        ``on_progress`` after each. Not retried after a timeout: the batch may still be running."""
        def send(body: Dict[str, Any]) -> Dict[str, Any]:
            return self._admin("POST", "import_customers", body=body, idempotent=False, timeout=timeout)
        return import_in_batches(rows, send, batch_label=batch_label, batch_rows=batch_rows, on_progress=on_progress)

    def set_session_cart(self, session_id: str, cart_value_paise: int, *, timeout: Optional[float] = None) -> JSON:
        """Fixes the amount ``create_order`` charges for a session (sets a value, so safe to repeat)."""
        body = {"session_id": session_id, "cart_value_paise": cart_value_paise}
        return self._admin("POST", "set_session_cart", body=body, timeout=timeout)

    def redeliver_webhook(self, delivery_id: str, *, timeout: Optional[float] = None) -> JSON:
        """Queues a failed delivery again (a second call answers 404, so it is not repeated)."""
        body = {"delivery_id": delivery_id}
        return self._admin("POST", "redeliver_webhook", body=body, idempotent=False, timeout=timeout)

    def record_refund(self, gateway_payment_id: str, refund_reference: Optional[str] = None, *,
                      timeout: Optional[float] = None) -> JSON:
        """Records that the merchant refunded, at its gateway, a payment that completed nothing (an order's
        ``refused_payments``): no longer due, and it never completes the order. Again: the first record."""
        body = {"gateway_payment_id": gateway_payment_id, "refund_reference": refund_reference}
        return self._admin("POST", "record_refund", body=body, timeout=timeout)

    def redeliver_failing(self, *, timeout: Optional[float] = None) -> JSON:
        """Sends every failing delivery again, oldest first, up to 500 a call: call again while ``more``."""
        return self._admin("POST", "redeliver_failing", timeout=timeout)

    def test_webhook(self, *, timeout: Optional[float] = None) -> JSON:
        """Queues one ``session.phone_verified`` test delivery; ConflictError without a webhook URL."""
        answer = self._transport.request("POST", "/checkout-admin", query={"action": "test_webhook"},
                                         idempotent=False, timeout=timeout)
        return {k: v for k, v in answer.items() if k != "success"}

    # Offers (/checkout-offers with the merchant key)

    def list_offers(self, *, timeout: Optional[float] = None) -> List[JSON]:
        """Every offer, highest priority first."""
        answer = self._transport.request("POST", "/checkout-offers", body={"action": "list"}, idempotent=True,
                                         timeout=timeout)
        return answer["data"]["offers"]

    def create_offer(self, *, timeout: Optional[float] = None, **offer: Any) -> JSON:
        """``title``, ``discount_type`` (percent/flat), ``discount_value`` and the optional rules."""
        answer = self._transport.request("POST", "/checkout-offers", body={**offer, "action": "create"},
                                         idempotent=False, timeout=timeout)
        return answer["data"]

    def _admin(self, method: str, action: str, *, query: Optional[Dict[str, Any]] = None, body: Any = None,
               idempotent: bool = True, timeout: Optional[float] = None) -> Any:
        answer = self._transport.request(method, "/checkout-admin", query={**(query or {}), "action": action},
                                         body=body, idempotent=idempotent, timeout=timeout)
        return answer["data"]
