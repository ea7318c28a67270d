"""Error answers in Google's shapes: the JSON error of the API, its 429 quota error, the HTML page of its front end,
and the 501 this server gives for what it does not emulate."""

from __future__ import annotations

from typing import Any

_STATUS_NAMES = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    409: "ABORTED",
    429: "RESOURCE_EXHAUSTED",
    499: "CANCELLED",
    500: "INTERNAL",
    501: "NOT_IMPLEMENTED",
    502: "UNAVAILABLE",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
}
_DEFAULT_MESSAGES = {
    400: "Request contains an invalid argument.",
    401: "Request had invalid authentication credentials. Expected OAuth 2 access token, login "
    "cookie or other valid authentication credential. See "
    "https://developers.google.com/identity/sign-in/web/devconsole-project.",
    403: "The caller does not have permission",
    404: "Requested entity was not found.",
    409: "The operation was aborted.",
    500: "Internal error encountered.",
    502: "Bad Gateway",
    503: "The service is currently unavailable.",
    504: "The request timed out. Please try again.",
}
_HTML_TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    429: "Too Many Requests",
    500: "Server Error",
    502: "Server Error",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}
_HTML_TEXT = {
    404: "The requested URL <code>{path}</code> was not found on this server.",
    429: "We're sorry, but you have sent too many requests to us recently. Please try again later.",
    502: "The server encountered a temporary error and could not complete your request.<p>Please "
    "try again in 30 seconds.",
    503: "The service you requested is not available at this time.<p>Service error -27.",
}


class ApiError(Exception):
    """An error answer in Google's JSON shape."""

    def __init__(self, code: int, message: str | None = None, details: list[Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message if message is not None else _DEFAULT_MESSAGES.get(code, "Unknown error.")
        self.details = details

    def payload(self) -> dict[str, Any]:
        err: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "status": _STATUS_NAMES.get(self.code, "UNKNOWN"),
        }
        if self.details:
            err["details"] = self.details
        return {"error": err}


class Invalid(Exception):
    """A semantic error inside one batchUpdate request (answered 400 `Invalid requests[i].kind: ...`)."""


class NotEmulated(Exception):
    """A request, or a part of one, that this server does not emulate: answered 501 saying which, never guessed."""


def not_emulated(what: str) -> ApiError:
    """The 501 answer to a request this server does not emulate, where Google would have answered it."""
    return ApiError(501, f"The local Sheets test server does not emulate {what}; Google would answer it.")


def bad_request(violations: list[tuple[str, str]]) -> ApiError:
    """Google's 400 for a body or query string that does not fit the API: (field, description) pairs."""
    details = [
        {
            "@type": "type.googleapis.com/google.rpc.BadRequest",
            "fieldViolations": [({"field": f, "description": m} if f else {"description": m}) for f, m in violations],
        }
    ]
    return ApiError(400, "\n".join(m for _, m in violations), details)


def quota_error(method: str) -> dict[str, Any]:
    """Google's 429 answer when the per-minute read (GET) or write quota is spent."""
    kind = "Read" if method == "GET" else "Write"
    return {
        "error": {
            "code": 429,
            "message": f"Quota exceeded for quota metric '{kind} requests' and limit '{kind} requests "
            "per minute per user' of service 'sheets.googleapis.com' for consumer "
            "'project_number:000000000000'.",
            "status": "RESOURCE_EXHAUSTED",
            "details": [
                {
                    "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                    "reason": "RATE_LIMIT_EXCEEDED",
                    "domain": "googleapis.com",
                    "metadata": {
                        "quota_location": "global",
                        "quota_metric": f"sheets.googleapis.com/{kind.lower()}_requests",
                        "quota_limit": f"{kind}RequestsPerMinutePerUser",
                        "quota_limit_value": "60",
                        "consumer": "projects/000000000000",
                        "service": "sheets.googleapis.com",
                    },
                },
                {
                    "@type": "type.googleapis.com/google.rpc.Help",
                    "links": [
                        {
                            "description": "Request a higher quota limit.",
                            "url": "https://cloud.google.com/docs/quota#requesting_higher_quota",
                        }
                    ],
                },
            ],
        }
    }


def google_html_error(status: int, path: str = "/") -> str:
    """The HTML error page Google's front end (GFE) answers with, e.g. on a 502."""
    title = _HTML_TITLES.get(status, "Server Error")
    text = _HTML_TEXT.get(status, "The server encountered an error and could not complete your request.")
    text = text.format(path=path)
    return (
        "<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n"
        '  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">\n'
        f"  <title>Error {status} ({title})!!1</title>\n"
        "  <style>\n    *{margin:0;padding:0}html,code{font:15px/22px arial,sans-serif}html{background:#fff;"
        "color:#222;padding:15px}body{margin:7% auto 0;max-width:390px;min-height:180px;padding:30px 0 15px}"
        "* > body{background:url(//www.google.com/images/errors/robot.png) 100% 5px no-repeat;padding-right:205px}"
        "p{margin:11px 0 22px;overflow:hidden}ins{color:#777;text-decoration:none}a img{border:0}\n  </style>\n"
        "  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>\n"
        f"  <p><b>{status}.</b> <ins>That\u2019s an error.</ins>\n"
        f"  <p>{text}  <ins>That\u2019s all we know.</ins>\n"
    )
