"""geopin-client: clients for the geopin location API, merchant admin and buyer endpoints, and webhook verification."""
from ._chunks import Progress
from ._transport import VERSION, RetryEvent
from .buyer import BuyerClient
from .errors import (
    ApiError, AuthenticationError, BadRequestError, ConflictError, GeopinError, InvalidInputError, NetworkError,
    NotFoundError, PayloadTooLargeError, PermissionDeniedError, RateLimitError, RequestTimeoutError, ServerError,
)
from .imports import IMPORT_BATCH_BYTES, IMPORT_BATCH_ROWS, ImportProgress, parse_csv
from .location import BATCH_SIZE, LocationClient
from .merchant import MerchantClient
from .webhooks import DEFAULT_TOLERANCE_SECONDS, WebhookVerificationError, verify_webhook

__version__ = VERSION
__all__ = [
    "ApiError", "AuthenticationError", "BadRequestError", "BATCH_SIZE", "BuyerClient", "ConflictError",
    "DEFAULT_TOLERANCE_SECONDS", "GeopinError", "IMPORT_BATCH_BYTES", "IMPORT_BATCH_ROWS", "ImportProgress",
    "InvalidInputError", "LocationClient", "MerchantClient", "NetworkError", "NotFoundError", "PayloadTooLargeError",
    "PermissionDeniedError", "Progress", "RateLimitError", "RequestTimeoutError", "RetryEvent", "ServerError",
    "VERSION", "WebhookVerificationError", "parse_csv", "verify_webhook",
]
