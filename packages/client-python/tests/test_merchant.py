"""The merchant and buyer clients against a real server: an import of 5,001 rows split and reported, admin actions."""
from datetime import datetime, timedelta, timezone

import pytest

from geopin_client import BuyerClient, ConflictError, MerchantClient, NotFoundError, parse_csv


def test_imports_5001_rows_as_two_batches_and_reports_progress(server):
    shop = server.merchant("Import shop")
    rows = [{"legacy_customer_id": f"C{i}", "email": f"c{i}@example.com", "pincode": "560038"} for i in range(5001)]
    rows[4999] = {"legacy_customer_id": "C4999", "email": "not-an-email"}
    rows[5000] = {**rows[5000], "favourite_colour": "blue"}
    progress = []
    with MerchantClient(server.base_url, shop["api_key"]) as merchant:
        answer = merchant.import_customers(rows, batch_label="export", on_progress=progress.append)
        assert [(p.done, p.total, p.batches, p.total_batches, p.imported, p.errors) for p in progress] == [
            (5000, 5001, 1, 2, 4999, 1), (5001, 5001, 2, 2, 5000, 1)]
        assert (answer["total_rows"], answer["imported_count"], answer["error_count"]) == (5001, 5000, 1)
        assert answer["unknown_columns"] == ["favourite_colour"]
        assert [r["row_index"] for r in answer["results"]] == list(range(5001))
        assert answer["results"][4999]["error_code"] == "invalid_email"
        first, second = answer["batches"]
        status = merchant.import_status(first["batch_id"])
        assert status["batch"]["label"] == "export (1/2)" and status["batch"]["total_rows"] == 5000
        assert status["errors"][0]["row_index"] == 4999
        assert merchant.import_status(second["batch_id"])["batch"]["label"] == "export (2/2)"
        batches = merchant.import_batches(limit=5)
        assert sorted(b["id"] for b in batches["batches"]) == sorted([first["batch_id"], second["batch_id"]])
        errors = merchant.import_errors(first["batch_id"], limit=10)
        assert [e["row_index"] for e in errors["issues"] if e["kind"] == "error"] == [4999]
        with pytest.raises(NotFoundError):
            merchant.import_errors("00000000-0000-4000-8000-000000000000")
        with pytest.raises(ValueError):
            merchant.import_customers(rows[:1], batch_rows=5001)


def test_parse_csv_follows_the_dashboard_rules():
    text = '\ufeffEmail , Name,City\r\na@example.com,"Rao, Asha",\r\n\r\nb@example.com,"say ""hi""",Pune\n'
    assert parse_csv(text) == [{"email": "a@example.com", "name": "Rao, Asha"},
                               {"email": "b@example.com", "name": 'say "hi"', "city": "Pune"}]


def test_admin_actions_and_a_buyer_driven_to_cash_on_delivery(server):
    shop = server.merchant("Admin shop")
    with MerchantClient(server.base_url, shop["api_key"]) as merchant:
        assert merchant.update_cod_config(enable_cod=True, cod_blocked_pincodes=["110001", "110001"])[
            "cod_blocked_pincodes"] == ["110001"]
        assert merchant.get_cod_config()["enable_cod"] is True
        assert merchant.update_webhooks(webhook_secret="whsec_0123456789abcdef")["webhook_secret_set"] is True
        assert merchant.get_webhooks() == {"webhook_url": None, "webhook_secret_set": True}
        assert merchant.set_payment_config("rzp_test_x", "secret_0123", payment_enabled=False)["payment_enabled"] is False
        assert merchant.get_payment_config()["gateway_secret_key_set"] is True
        assert merchant.update_settings(allowed_origins=["https://Shop.example/"])["allowed_origins"] == [
            "https://shop.example"]
        assert merchant.get_settings()["courier_coverage_url"] is None
        with pytest.raises(ConflictError) as conflict:
            merchant.test_webhook()
        assert conflict.value.code == "webhook_not_configured"
        with pytest.raises(ConflictError) as nowhere:
            merchant.redeliver_failing()
        assert nowhere.value.code == "webhook_not_configured"
        with pytest.raises(NotFoundError):
            merchant.import_status("00000000-0000-4000-8000-000000000000")
        assert merchant.webhook_events(state="failed")["deliveries"] == []
        with pytest.raises(NotFoundError):
            merchant.webhook_delivery("00000000-0000-4000-8000-000000000000")
        with pytest.raises(NotFoundError) as not_due:
            merchant.record_refund("pay_NeverRefused1", "rfnd_1")
        assert not_due.value.code == "refund_not_due"
        changed = [entry["action"] for entry in merchant.audit_log(limit=20)["entries"]]
        assert "cod_config" in changed and "settings" in changed
        offer = merchant.create_offer(title="10% off", discount_type="percent", discount_value=10)
        assert merchant.list_offers() == [offer]

        buyer = BuyerClient(server.base_url, shop["merchant_id"])
        buyer.track_event("checkout_opened", step="email")
        assert buyer.send_otp("asha@example.com")["reused"] is False
        session = buyer.verify_otp("asha@example.com", server.mailed_code("asha@example.com"))
        with buyer.with_session(session["session_token"]) as signed_in:
            saved = signed_in.create_address({"flat_number": "12", "street_name": "100 Feet Road", "pincode": "560038"})
            assert saved["warnings"] == []
            address = saved["address"]
            assert signed_in.list_addresses() == [address]
            typo = {"flat_number": "C-45", "locality": "Lajpat Nagar IV", "city": "New Delhi", "pincode": "110042"}
            mismatched = signed_in.create_address(typo)
            assert (mismatched["warnings"], mismatched["suggestions"]) == (["pincode_mismatch"], {"pincode": "110024"})
            fixed = signed_in.update_address(mismatched["address"]["id"], {"pincode": "110024"})
            assert (fixed["warnings"], fixed["address"]["pincode"]) == ([], "110024")
            signed_in.delete_address(mismatched["address"]["id"])
            assert signed_in.address_completed()["address"]["id"] == address["id"]
            assert signed_in.offer()["id"] == offer["id"]
            assert merchant.set_session_cart(session["session_id"], 149900)["cart_value_source"] == "merchant"
            assert signed_in.cod_eligibility()["eligible"] is True
            with pytest.raises(ConflictError):
                signed_in.create_order()
            assert signed_in.record_cod() == {"payment_method": "cod"}
            assert signed_in.record_cod(amount_paise=149900) == {"payment_method": "cod"}
            assert signed_in.session_status()["payment_method"] == "cod"
            with pytest.raises(ConflictError):
                signed_in.record_cod(amount_paise=5)
        since = datetime.now(timezone.utc) - timedelta(minutes=1)
        sessions = merchant.sessions(from_=since, limit=5)
        assert sessions["total"] == 1 and sessions["sessions"][0]["payment"]["status"] == "cod"
        # The search and filters reach the server: a wrong method or an email that is not the buyer's finds nothing.
        assert merchant.sessions(from_=since, q="asha", status="completed", payment_method="cod")["total"] == 1
        assert merchant.sessions(from_=since, payment_method="gateway")["total"] == 0
        assert merchant.sessions(from_=since, q="ravi")["total"] == 0
        assert merchant.sessions(from_=since, refund_due=True)["total"] == 0
        assert merchant.sessions(from_=since, refund_due=False)["sessions"][0]["refunds_due"] == 0
        order = merchant.session(session["session_id"])
        assert order["session"]["id"] == session["session_id"] and order["address"]["id"] == address["id"]
        assert merchant.funnel(from_=since)["events"]["checkout_opened"] == 1
