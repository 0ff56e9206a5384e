"""The buyer endpoints for server-side use: email OTP, funnel events, addresses, COD, offers and payments."""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional

from ._base import BaseClient, require
from ._transport import JSON


class BuyerClient(BaseClient):
    """One buyer's checkout as the merchant's server drives it. Calls before sign-in need only ``merchant_id``; the
    others need the ``session_token`` that ``verify_otp`` returns (``with_session(token)`` gives a client that sends
    it)."""

    def __init__(self, base_url: str, merchant_id: str, session_token: Optional[str] = None, **options: Any):
        self.merchant_id = require(merchant_id, "merchant_id")
        self._options = dict(options, base_url=base_url)
        credentials = {"x-session-token": session_token} if session_token else {}
        super().__init__(base_url, credentials, **options)

    def with_session(self, session_token: str) -> "BuyerClient":
        """A client for the same merchant that sends ``session_token``."""
        return BuyerClient(merchant_id=self.merchant_id, session_token=session_token, **self._options)

    # Before sign-in

    def send_otp(self, email: str, *, timeout: Optional[float] = None) -> JSON:
        """Mails a 6-digit code (a live code is reused: ``reused: True``, nothing mailed, so repeating is safe)."""
        body = {"action": "send", "email": email, "merchant_id": self.merchant_id}
        return self._fields("/checkout-email-otp", body, True, timeout)

    def verify_otp(self, email: str, code: str, *, utm: Optional[Mapping[str, str]] = None,
                   cart_value_paise: Optional[int] = None, timeout: Optional[float] = None) -> JSON:
        """Checks the code and opens a session; ``session_token`` signs the next calls. Codes are single use."""
        body: Dict[str, Any] = {"action": "verify", "email": email, "code": code, "merchant_id": self.merchant_id}
        if utm is not None:
            body["utm"] = dict(utm)
        if cart_value_paise is not None:
            body["cart_value_paise"] = cart_value_paise
        return self._fields("/checkout-email-otp", body, False, timeout)

    def track_event(self, event_type: str, *, timeout: Optional[float] = None, **fields: Any) -> None:
        """Records one funnel event (``step``, ``device_type``, ``platform``, ``session_id`` optional)."""
        body = {**fields, "event_type": event_type, "merchant_id": self.merchant_id}
        self._fields("/checkout-funnel-events", body, False, timeout)

    # Addresses and the session (x-session-token)

    def list_addresses(self, *, timeout: Optional[float] = None) -> List[JSON]:
        return self._address({"action": "list"}, True, timeout)["addresses"]

    def create_address(self, address: Mapping[str, Any], *, is_default: Optional[bool] = None,
                       timeout: Optional[float] = None) -> JSON:
        """Saves the address as typed: ``{address, warnings, suggestions}``; ``warnings`` name fields that disagree
        with the place its lines name (``pincode_mismatch``: did the buyer mean ``suggestions["pincode"]``?)."""
        body: Dict[str, Any] = {"action": "create", "address": dict(address)}
        if is_default is not None:
            body["is_default"] = is_default
        return self._address(body, False, timeout)

    def update_address(self, address_id: str, changes: Mapping[str, Any], *, timeout: Optional[float] = None) -> JSON:
        """Changes the fields given; answers like ``create_address``."""
        body = {"action": "update", "address_id": address_id, "address": dict(changes)}
        return self._address(body, True, timeout)

    def delete_address(self, address_id: str, *, timeout: Optional[float] = None) -> JSON:
        """Deletes an address (a repeat answers 404, so it is not retried on a lost answer)."""
        return self._address({"action": "delete", "address_id": address_id}, False, timeout)

    def set_default_address(self, address_id: str, *, timeout: Optional[float] = None) -> JSON:
        return self._address({"action": "set_default", "address_id": address_id}, True, timeout)["address"]

    def address_completed(self, address_id: Optional[str] = None, *, timeout: Optional[float] = None) -> JSON:
        """Verifies and selects the address (default: the buyer's default); queues the event once."""
        body = {"action": "address_completed", **({"address_id": address_id} if address_id else {})}
        return self._address(body, True, timeout)

    def cod_eligibility(self, *, timeout: Optional[float] = None, **fields: Any) -> JSON:
        """Optional ``address_id``, ``pincode``, ``cart_value_paise``."""
        return self._address({**fields, "action": "cod_eligibility"}, True, timeout)

    def serviceability_check(self, pincode: str, *, lat: Optional[float] = None, lng: Optional[float] = None,
                             timeout: Optional[float] = None) -> JSON:
        body: Dict[str, Any] = {"action": "serviceability_check", "pincode": pincode}
        if lat is not None and lng is not None:
            body.update(lat=lat, lng=lng)
        return self._address(body, True, timeout)

    def update_session(self, *, timeout: Optional[float] = None, **changes: Any) -> JSON:
        """``cart_value_paise`` (None clears) and ``utm`` (merged key by key)."""
        return self._address({**changes, "action": "update_session"}, True, timeout)

    def abandon(self, *, timeout: Optional[float] = None) -> JSON:
        return self._address({"action": "abandon"}, False, timeout)

    def session_status(self, *, timeout: Optional[float] = None) -> JSON:
        """The session's state; once its order is placed, how (payment_method, payment) and where it ships."""
        return self._address({"action": "session_status"}, True, timeout)

    def offer(self, *, timeout: Optional[float] = None) -> Optional[JSON]:
        """The offer banner for this session, or None."""
        return self._transport.request("GET", "/checkout-offers", idempotent=True, timeout=timeout)["data"]

    # Payments (x-session-token)

    def create_order(self, amount_paise: Optional[int] = None, *, timeout: Optional[float] = None) -> JSON:
        """A gateway order for the merchant-set cart, else for ``amount_paise``; each call creates a new order."""
        body: Dict[str, Any] = {"action": "create_order"}
        if amount_paise is not None:
            body["amount_paise"] = amount_paise
        return self._fields("/checkout-payment", body, False, timeout)

    def verify_payment(self, gateway_order_id: str, gateway_payment_id: str, gateway_signature: str, *,
                       timeout: Optional[float] = None) -> JSON:
        """Checks the gateway's signature and records the payment; repeating it answers the same."""
        body = {"action": "verify", "gateway_order_id": gateway_order_id, "gateway_payment_id": gateway_payment_id,
                "gateway_signature": gateway_signature}
        return self._fields("/checkout-payment", body, True, timeout)

    def record_cod(self, *, amount_paise: Optional[int] = None, timeout: Optional[float] = None) -> JSON:
        """Records cash on delivery for the merchant-set cart, else for amount_paise (needed when the shop caps COD and
        no cart is known); repeating it for the same amount answers the same."""
        body: Dict[str, Any] = {"action": "record_cod"}
        if amount_paise is not None:
            body["amount_paise"] = amount_paise
        return self._fields("/checkout-payment", body, True, timeout)

    def _address(self, body: Dict[str, Any], idempotent: bool, timeout: Optional[float]) -> Any:
        return self._transport.request("POST", "/checkout-addresses", body=body, idempotent=idempotent,
                                       timeout=timeout)["data"]

    def _fields(self, path: str, body: Dict[str, Any], idempotent: bool, timeout: Optional[float]) -> JSON:
        """Routes that answer at the top level (``{success, ...fields}``): the fields."""
        answer = self._transport.request("POST", path, body=body, idempotent=idempotent, timeout=timeout)
        return {k: v for k, v in answer.items() if k != "success"}
