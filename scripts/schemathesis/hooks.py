"""Schemathesis hooks (SCHEMATHESIS_HOOKS=hooks): rules the OpenAPI documents cannot state, and real ids.

OpenAPI 3.1 has no way to say that one parameter depends on another (OAI/OpenAPI-Specification#256) or that a
request body depends on a query parameter's value. The server enforces such rules, so a case that breaks one is not
"schema-valid" in fact. These hooks repair positive cases so they obey them, and steer negative cases to an action
that reads the part they broke. Every change is re-validated by schemathesis against the schema, so no case changes
its kind. Ids of rows the fixture created (scripts/schemathesis/fixture.ts) replace random ones where an unknown id
would only ever reach the 404 branch.
"""

import os
from datetime import date, datetime, timedelta, timezone
from urllib.parse import urlencode

import jsonschema_rs
import schemathesis
from schemathesis import GenerationMode
from schemathesis.core import NOT_SET

MERCHANT_ID = os.environ.get("ST_MERCHANT_ID")
ADDRESS_ID = os.environ.get("ST_ADDRESS_ID")
BATCH_ID = os.environ.get("ST_BATCH_ID")
SESSION_ID = os.environ.get("ST_SESSION_ID")
# The id each GET /checkout-admin action requires, which one query schema shared by every action cannot say (an unknown
# delivery id is a 404, which a positive case may get).
ACTION_IDS = {
    "import_status": ("batch_id", BATCH_ID),
    "import_errors": ("batch_id", BATCH_ID),
    "session": ("session_id", SESSION_ID),
    "webhook_delivery": ("delivery_id", "00000000-0000-4000-8000-000000000000"),
}
PINCODE = os.environ.get("ST_PINCODE", "560038")
# Any valid DIGIPIN (Bengaluru) for a decode that names none.
DIGIPIN = "4P3-JK8-52C9"
# Room for the request line within uWS's header limit (4 KiB, with the credential headers beside it).
MAX_REQUEST_LINE = 3000
# The address lines of which the server needs at least one (src/checkout/address-service.ts).
ADDRESS_LINES = ("flat_number", "building_name", "street_name", "locality")


def positive(case) -> bool:
    return case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE


@schemathesis.hook
def filter_case(ctx, case):
    """Drops requests whose request line cannot fit uWS's 4 KiB header limit: uWS answers those 431 before any route runs
    (the transport's behaviour, tested in test/http), so they say nothing about the operation under test."""
    query = urlencode(case.query or {}, doseq=True)
    return len(case.operation.path) + len(query) < MAX_REQUEST_LINE


@schemathesis.hook
def map_case(ctx, case):
    route = (case.method.upper(), case.operation.path)
    fix = FIXES.get(route)
    if fix is not None:
        fix(case)
    return case


def autocomplete(case):
    """lat and lng go together: a positive case with one of them loses it."""
    if positive(case) and case.query and (("lat" in case.query) != ("lng" in case.query)):
        case.query.pop("lat", None)
        case.query.pop("lng", None)


def boundaries(case):
    """Either a pincode, or latitude and longitude together: a positive case keeps the pincode, or the whole point."""
    if not positive(case):
        return
    query = case.query if case.query is not None else {}
    point = "latitude" in query and "longitude" in query
    if "pincode" in query or not point:
        query.pop("latitude", None)
        query.pop("longitude", None)
        query["pincode"] = PINCODE
    case.query = query


def decode(case):
    """geopin or digipin is required."""
    if positive(case) and not (case.query or {}).keys() & {"geopin", "digipin"}:
        case.query = {**(case.query or {}), "geopin": DIGIPIN}


def admin_get(case):
    """Each action gets the id it requires; from is not after to; a broken parameter goes to an action that reads it."""
    query = case.query if case.query is not None else {}
    if positive(case):
        name, value = ACTION_IDS.get(query.get("action"), (None, None))
        if name and value:
            query[name] = value
        # Without `to` the window ends now, so a `from` in the future needs a `to` of its own.
        start = instant(query["from"], "start") if isinstance(query.get("from"), str) and "to" not in query else None
        if start is not None and start > datetime.now(timezone.utc):
            query["to"] = query["from"]
        order_window(query, "from", "to")
    else:
        broken = [name for name in query if name != "action" and not parameter_valid(case.operation, name, query[name])]
        readers = [action for name in broken for action in actions_reading(case.operation, name)]
        if readers and query.get("action") not in readers:
            query["action"] = readers[0]
    case.query = query


def admin_with_body(case):
    callback_urls(case)
    blocked_pincodes(case)
    action_for_body(case)


def blocked_pincodes(case):
    """Blocked pincodes must be in the directory (no address holds another), which no schema can say."""
    if positive(case) and isinstance(case.body, dict) and isinstance(case.body.get("cod_blocked_pincodes"), list):
        case.body["cod_blocked_pincodes"] = [PINCODE for _ in case.body["cod_blocked_pincodes"][:1]]


def callback_urls(case):
    """Webhook and courier URLs must name a host the egress policy allows, which no schema can say: a positive case gets one.

    The dev-mode server (NODE_ENV=test) allows loopback; port 9 refuses at once, so a courier call fails open quickly.
    """
    if positive(case) and isinstance(case.body, dict):
        for field in ("webhook_url", "courier_coverage_url"):
            if isinstance(case.body.get(field), str):
                case.body[field] = "http://127.0.0.1:9/" + field


def action_for_body(case):
    """The ?action= must be one whose body schema the body was drawn from (a negative body goes to an action with a body)."""
    variants = body_variants(case.operation)
    query = case.query if case.query is not None else {}
    action = query.get("action")
    if positive(case):
        if isinstance(action, str) and action in variants and not fits(variants[action], case.body):
            fitting = [name for name, validator in variants.items() if fits(validator, case.body)]
            if fitting:
                query["action"] = fitting[0]
    elif isinstance(action, str) and action not in variants and variants and case.body is not NOT_SET:
        if not any(fits(validator, case.body) for validator in variants.values()):
            query["action"] = next(iter(variants))
    case.query = query


def email_otp(case):
    if positive(case) and isinstance(case.body, dict) and MERCHANT_ID:
        case.body["merchant_id"] = MERCHANT_ID


def addresses(case):
    """Pincodes from the directory, the fixture's address, and at least one address line on create."""
    body = case.body
    if not positive(case) or not isinstance(body, dict):
        return
    if "pincode" in body:
        body["pincode"] = PINCODE
    if "address_id" in body and ADDRESS_ID:
        body["address_id"] = ADDRESS_ID
    address = body.get("address")
    if isinstance(address, dict):
        if "pincode" in address:
            address["pincode"] = PINCODE
        # The phone pattern admits what people type; the number must still be one (10 digits after +91, or E.164).
        if isinstance(address.get("phone"), str):
            address["phone"] = "+919812345601"
        # A confirmed pin is a point inside India, both coordinates or neither: a positive case gets Bengaluru's.
        if "latitude" in address or "longitude" in address:
            address["latitude"], address["longitude"] = 12.9716, 77.5946
        if body.get("action") in ("create", "update") and not any(address.get(line) for line in ADDRESS_LINES):
            address["street_name"] = "MG Road"


def offers(case):
    if positive(case) and isinstance(case.body, dict):
        order_window(case.body, "starts_at", "ends_at", strict=True)


FIXES = {
    ("GET", "/v1/geopin/autocomplete"): autocomplete,
    ("GET", "/v1/geopin/decode"): decode,
    ("GET", "/v1/location/boundaries"): boundaries,
    ("GET", "/checkout-admin"): admin_get,
    ("PATCH", "/checkout-admin"): admin_with_body,
    ("POST", "/checkout-admin"): admin_with_body,
    ("POST", "/checkout-email-otp"): email_otp,
    ("POST", "/checkout-funnel-events"): email_otp,
    ("POST", "/checkout-addresses"): addresses,
    ("POST", "/checkout-offers"): offers,
}


def query_parameter(operation, name):
    for parameter in operation.definition.raw.get("parameters", []):
        if parameter.get("name") == name and parameter.get("in") == "query":
            return parameter
    return {}


def actions_reading(operation, name):
    return query_parameter(operation, name).get("x-actions", [])


def parameter_valid(operation, name, value):
    """Whether `value` (as generated, before it became query text) fits the parameter's schema, formats included."""
    schema = query_parameter(operation, name).get("schema")
    if schema is None:
        return True
    return fits(jsonschema_rs.validator_for(schema, validate_formats=True), value)


_variants = {}


def body_variants(operation):
    """Validators of the request body per action title (the generator titles each anyOf branch with its action)."""
    key = (operation.method, operation.path)
    if key not in _variants:
        schema = operation.definition.raw.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
        branches = schema.get("anyOf") or schema.get("oneOf") or ([schema] if "title" in schema else [])
        _variants[key] = {b["title"]: jsonschema_rs.validator_for(b) for b in branches if "title" in b}
    return _variants[key]


def fits(validator, body):
    """Whether `body` is JSON data the branch accepts (raw bytes, sent by content-type probes, fit none)."""
    try:
        return validator.is_valid(body)
    except ValueError:
        return False


def instant(text, edge):
    """A date (start or end of that day, UTC) or a date-time, as the server reads it; None when unreadable."""
    try:
        if len(text) == 10:
            day = date.fromisoformat(text)
            start = datetime(day.year, day.month, day.day, tzinfo=timezone.utc)
            return start + timedelta(days=1, milliseconds=-1) if edge == "end" else start
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
    except (TypeError, ValueError, OverflowError):
        return None


def order_window(values, start, end, strict=False):
    """Swaps start and end when start comes after end (or equals it, when the server wants a strict order)."""
    if not isinstance(values.get(start), str) or not isinstance(values.get(end), str):
        return
    a, b = instant(values[start], "start"), instant(values[end], "end")
    if a is not None and b is not None and (a > b or (strict and a >= b)):
        values[start], values[end] = values[end], values[start]
        # The same instant twice stays equal when swapped: a strict window then ends open.
        if strict and a == b:
            values[end] = None
