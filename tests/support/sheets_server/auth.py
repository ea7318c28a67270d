"""Service accounts and Google's OAuth token endpoint: throwaway keys, key files shaped like Google's, the
JWT-bearer grant at `/token` and the bearer tokens every Sheets request must carry."""

from __future__ import annotations

import random
import secrets
import threading
import time
from typing import Any, NamedTuple
from urllib.parse import parse_qs, quote

from tests.support.sheets_server.errors import ApiError

SPREADSHEETS_SCOPE = "https://www.googleapis.com/auth/spreadsheets"
SERVICE_ACCOUNT_EMAIL = "league-sync@league-tests.iam.gserviceaccount.com"
"""The account of the tests' key file."""
GOOGLE_TOKEN_AUDIENCE = "https://oauth2.googleapis.com/token"
TOKEN_LIFETIME = 3599
JWT_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer"


class RsaKeyPair(NamedTuple):
    private_pem: str
    """PKCS#8 "-----BEGIN PRIVATE KEY-----", as in Google's key files."""
    public_pem: str
    """SubjectPublicKeyInfo "-----BEGIN PUBLIC KEY-----"."""


def make_rsa_key(bits: int = 2048) -> RsaKeyPair:
    """A throwaway RSA key pair (PEM strings)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    public = (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    return RsaKeyPair(private, public)


def service_account_info(client_email: str, private_pem: str, token_uri: str) -> dict[str, str]:
    """A service-account key dict shaped exactly like the JSON file Google hands out."""
    project = client_email.split("@", 1)[1].split(".", 1)[0] if "@" in client_email else "project"
    return {
        "type": "service_account",
        "project_id": project,
        "private_key_id": secrets.token_hex(20),
        "private_key": private_pem,
        "client_email": client_email,
        "client_id": str(random.randrange(10**20, 10**21)),
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": token_uri,
        "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
        "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/" + quote(client_email, safe=""),
        "universe_domain": "googleapis.com",
    }


def _refused(error: str, description: str) -> tuple[int, dict[str, Any]]:
    return 400, {"error": error, "error_description": description}


class Tokens:
    """The accounts this server trusts (e-mail -> public key) and the access tokens it issued to them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._keys: dict[str, str] = {}
        self._tokens: dict[str, tuple[str, float]] = {}
        self.granted = 0
        """How many tokens the token endpoint granted."""

    def trust(self, email: str, public_pem: str) -> None:
        with self._lock:
            self._keys[email] = public_pem

    def issue(self, email: str) -> str:
        token = "ya29.local-" + secrets.token_urlsafe(32)
        with self._lock:
            self._tokens[token] = (email, time.time() + TOKEN_LIFETIME)
        return token

    def revoke(self) -> None:
        with self._lock:
            self._tokens.clear()

    def bearer(self, header: str | None) -> str:
        """The account an `Authorization: Bearer ...` header stands for; 401 unless this server issued the token."""
        if not header or not header.startswith("Bearer "):
            raise ApiError(401)
        with self._lock:
            entry = self._tokens.get(header[len("Bearer ") :].strip())
        if entry is None or entry[1] < time.time():
            raise ApiError(401)
        return entry[0]

    def grant(self, raw: bytes) -> tuple[int, dict[str, Any]]:
        """The token endpoint: a JWT-bearer grant, the assertion checked as Google checks it."""
        import google.auth.jwt as gjwt

        form = parse_qs(raw.decode("utf-8", "replace"), keep_blank_values=True)
        grant = form.get("grant_type", [""])[0]
        if grant != JWT_GRANT:
            return _refused("unsupported_grant_type", f"Invalid grant_type: {grant}")
        assertion = form.get("assertion", [""])[0]
        if not assertion:
            return _refused("invalid_request", "Missing required parameter: assertion")
        try:
            unverified = gjwt.decode(assertion, verify=False)  # type: ignore[no-untyped-call]
        except (ValueError, TypeError, KeyError):
            return _refused("invalid_grant", "Invalid JWT Signature.")
        email = str(unverified.get("iss", ""))
        with self._lock:
            pem = self._keys.get(email)
        if pem is None:
            return _refused("invalid_grant", "Invalid grant: account not found")
        try:
            claims = gjwt.decode(assertion, certs=pem, audience=GOOGLE_TOKEN_AUDIENCE)  # type: ignore[no-untyped-call]
        except (ValueError, TypeError) as exc:  # google-auth raises ValueError (subclasses) with these texts
            text = str(exc).lower()
            if "expired" in text or "too early" in text or "iat" in text:
                return _refused(
                    "invalid_grant",
                    "Invalid JWT: Token must be a short-lived token (60 minutes) and in a "
                    "reasonable timeframe. Check your iat and exp values in the JWT claim.",
                )
            if "audience" in text:
                return _refused(
                    "invalid_grant",
                    f"Invalid JWT: Failed audience check. The right audience is {GOOGLE_TOKEN_AUDIENCE}",
                )
            return _refused("invalid_grant", "Invalid JWT Signature.")
        if SPREADSHEETS_SCOPE not in str(claims.get("scope", "")).split():
            return _refused("invalid_scope", "Invalid OAuth scope or ID token audience provided.")
        token = self.issue(email)
        with self._lock:
            self.granted += 1
        return 200, {"access_token": token, "expires_in": TOKEN_LIFETIME, "token_type": "Bearer"}
