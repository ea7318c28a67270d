"""The service-account key file, read and checked without the Google stack.

Kept apart from `google.py` so that the CLI can catch a credentials error without importing
gspread, google-auth and requests, which an offline sync never needs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from sync.workbook import CredentialsError

SECRET_FIELDS = (
    "access_token",
    "id_token",
    "refresh_token",
    "token",
    "assertion",
    "private_key_id",
    "private_key",
    "client_secret",
    "password",
)
_SECRETS = re.compile(
    r"Bearer\s+[\w.~+/=-]+"  # an Authorization header echoed back
    r"|eyJ[\w-]*\.[\w-]*(?:\.[\w-]*)?"  # a JWT, signed or not (an assertion, an id token)
    r"|-----BEGIN[^-]*-----.*?(?:-----END[^-]*-----|$)"  # a PEM key, whole or cut off
    r"|ya29\.[\w.-]+"  # a Google OAuth access token
    rf"|(?<![\w-])(?:{'|'.join(SECRET_FIELDS)})[\"']?\s*[:=]\s*[\"']?[^\s\"'&,;}}]+",  # key=value or "key": "value"
    re.IGNORECASE | re.DOTALL,
)
SHOWN = 300
"""Characters of a server's answer shown in a message: enough to see what went wrong."""


def read_key_file(path: Path) -> dict[str, Any]:
    """The key file's JSON object; anything else is a CredentialsError naming the file, never quoting it."""
    fix = (
        "download a JSON key for the service account and set `credentials` in league.toml or "
        "GOOGLE_APPLICATION_CREDENTIALS"
    )
    if path.is_dir():
        raise CredentialsError(f"the service-account key file {path} is a folder, not a file; {fix}")
    if not path.exists():
        raise CredentialsError(f"the service-account key file {path} does not exist; {fix}")
    try:
        info = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        raise CredentialsError(
            f"cannot read the service-account key file {path} ({exc.strerror or type(exc).__name__}); "
            "give the user running league read access to it"
        ) from None
    except ValueError as exc:  # not UTF-8, or not JSON; the message never quotes the file
        reason = "not UTF-8" if isinstance(exc, UnicodeDecodeError) else "not valid JSON"
        raise CredentialsError(f"{path} is not a valid service-account key file ({reason}); {fix}") from None
    if not isinstance(info, dict):
        raise CredentialsError(
            f"{path} is not a valid service-account key file (it holds a JSON {_kind(info)}, "
            f"not an object with `client_email` and `private_key`); {fix}"
        )
    return info


def _kind(value: object) -> str:
    return {list: "list", str: "string", type(None): "null", bool: "boolean"}.get(type(value), "number")


def redact(text: str, limit: int = SHOWN) -> str:
    """A server's answer fit to print: anything shaped like a token, key or signed assertion removed, then shortened.

    An API root may point at a proxy, and a misbehaving one can echo the request back; the
    message must never carry a credential, so removal comes before cutting."""
    clean = " ".join(_SECRETS.sub("[removed]", text).split())
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"
