"""A local HTTP server that speaks the Google Sheets API v4 (and Google's OAuth token endpoint).

Test support for `sync/google.py`: the real gspread + google-auth stack talks to it over HTTP.
Nothing in gspread is patched; the client is pointed at `server.url` / `server.token_uri`.

    with SheetsServer(public_keys={email: public_pem}) as server:   # or server.trust(email, pem)
        server.add_spreadsheet("sheet-id", {"Results": [["Team", "Pts"], ["A", 3]]})
        ...                                                        # client calls f"{server.url}/v4/spreadsheets/..."
        server.values("sheet-id", "Results")                        # -> [["Team", "Pts"], ["A", 3]]

What it does the way Google does (checked against gspread's recorded cassettes, see
`test_sheets_server.py`):

* `POST /token`: the JWT-bearer grant of a service account. The assertion's RS256 signature is
  checked against the public key trusted for its `iss`, the audience must be
  `https://oauth2.googleapis.com/token` (google-auth always uses it), it must not be expired and
  its `scope` must contain `https://www.googleapis.com/auth/spreadsheets`.
* Every `/v4/...` call needs `Authorization: Bearer <a token this server issued>` (else 401).
* `GET /v4/spreadsheets/{id}` (`fields`, `includeGridData`, `ranges`), values `get`, `batchGet`,
  `update` (PUT), `append`, `clear`, `batchUpdate`, `batchClear` and `:batchUpdate` (atomic) with
  addSheet, deleteSheet, updateSheetProperties, updateSpreadsheetProperties, updateCells,
  repeatCell, appendCells, updateBorders, mergeCells, unmergeCells, updateDimensionProperties,
  autoResizeDimensions, setDataValidation, addProtectedRange, deleteProtectedRange,
  setBasicFilter, clearBasicFilter, addNamedRange, updateNamedRange, deleteNamedRange,
  createDeveloperMetadata and deleteDeveloperMetadata (spreadsheet-level, `sheets_metadata.py`).
* Every JSON body and query string is validated against the API's discovery document (the
  `sheets.v4.json` shipped by google-api-python-client, a test dependency): unknown names, wrong
  JSON types and bad enum values get Google's 400 `Invalid JSON payload received...` answers.
* Errors use Google's JSON error shape `{"error": {"code", "message", "status"[, "details"]}}`.

Beyond the core API (`add_spreadsheet`, `values`, `sheet`, `tab_names`, `inject`, `count`,
`requests`) there are: `put_tab` (a judge's edit, no request), `chaos` (a function choosing a fault
for any request no queued fault matches), `wait_idle` (until no request is being served), `trust`, `issue_token` (skip the JWT dance), `revoke_tokens` (next call
gets a 401, as after expiry), `cell` (one stored CellData), `spreadsheet` (the metadata
resource), `has_spreadsheet`, `clear_faults`, `token_requests` (count) and `errors` (tracebacks
of bugs in this server; each was answered with a 500).

What it does NOT do (a test must not rely on these):

* No formula evaluation: a cell whose userEnteredValue is a `formulaValue` reads back as its
  formula text under every valueRenderOption (Google would compute it).
* USER_ENTERED input parses numbers (`1,234.5`, `50%`, `$3`), TRUE/FALSE, `'`-escapes and
  `=formulas`, but not dates/times; number formats are ignored when rendering FORMATTED_VALUE.
* No `effectiveFormat` in grid data; autoResizeDimensions uses a rough text-width estimate.
* values.append's table detection is a heuristic fitted to the recorded answers.
* A values body whose `range` disagrees with the URL's is not rejected (Google rejects it).
* Unimplemented batchUpdate kinds (sortRange, insertDimension, copyPaste, ...) are answered with
  a 400 that says so, while Google would apply them. Drive API calls are not served at all.
* Only the JWT-bearer grant exists at /token; the scope must include .../auth/spreadsheets (Google
  would also accept .../auth/drive).
* Messages of semantic errors that the cassettes do not show are best guesses (e.g. "No sheet
  with id: N"); the shape ({"error": {"code", "message", "status"}}) is always Google's.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib.util
import json
import math
import pickle
import random
import re
import secrets
import socket
import struct
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import parse_qs, quote, unquote, urlsplit

from tests.support import sheets_metadata
from league.cells import column_letter

__all__ = [
    "GOOGLE_TOKEN_AUDIENCE",
    "SERVICE_ACCOUNT_EMAIL",
    "SPREADSHEETS_SCOPE",
    "Fault",
    "Recorded",
    "RsaKeyPair",
    "SheetsServer",
    "discovery_document",
    "make_rsa_key",
    "service_account_info",
]

SPREADSHEETS_SCOPE = "https://www.googleapis.com/auth/spreadsheets"
SERVICE_ACCOUNT_EMAIL = "league-sync@league-tests.iam.gserviceaccount.com"  # the conftest key file's account
GOOGLE_TOKEN_AUDIENCE = "https://oauth2.googleapis.com/token"
TOKEN_LIFETIME = 3599


# --------------------------------------------------------------------------------------------
# public dataclasses


@dataclass
class Fault:
    """A misbehaviour injected in front of matching Sheets API requests (never /token)."""

    status: int = 429  # HTTP status to answer with (ignored when drop=True)
    body: str = "json"  # "json" (Google-style error JSON) or "html" (Google front-end error page)
    retry_after: float | None = None  # adds a Retry-After header (seconds)
    delay: float = 0.0  # sleep before answering; status=200 + delay>0: then served normally
    drop: bool = False  # close the connection without any answer
    after: bool = False  # apply the request first, then misbehave: the answer (not the request) is lost, late or an error
    times: int = 1  # how many matching requests it applies to
    match: str = ""  # substring of "METHOD path" ("" = every Sheets request)


@dataclass
class Recorded:
    """One Sheets API request as received (path percent-decoded, query parsed, JSON body parsed)."""

    method: str
    path: str
    query: dict[str, list[str]]
    body: Any


class RsaKeyPair(NamedTuple):
    private_pem: str  # PKCS#8 "-----BEGIN PRIVATE KEY-----", as in Google's key files
    public_pem: str  # SubjectPublicKeyInfo "-----BEGIN PUBLIC KEY-----"


def make_rsa_key(bits: int = 2048) -> RsaKeyPair:
    """A throwaway RSA key pair (PEM strings)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    public = key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    ).decode()
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
        "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/"
        + quote(client_email, safe=""),
        "universe_domain": "googleapis.com",
    }


# --------------------------------------------------------------------------------------------
# errors


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


class _Invalid(Exception):
    """A semantic error inside one batchUpdate request (prefixed with `Invalid requests[i].kind: `)."""


def _bad_request(violations: list[tuple[str, str]]) -> ApiError:
    details = [
        {
            "@type": "type.googleapis.com/google.rpc.BadRequest",
            "fieldViolations": [
                ({"field": f, "description": m} if f else {"description": m}) for f, m in violations
            ],
        }
    ]
    return ApiError(400, "\n".join(m for _, m in violations), details)


def _quota_error(method: str) -> dict[str, Any]:
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


# --------------------------------------------------------------------------------------------
# discovery document and the generic JSON validator


def discovery_path() -> Path:
    spec = importlib.util.find_spec("googleapiclient")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(
            "sheets_server needs the Sheets discovery document from google-api-python-client "
            "(a test dependency): pip install google-api-python-client"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "discovery_cache" / "documents" / "sheets.v4.json"


@lru_cache(maxsize=4)
def discovery_document(path: str | None = None) -> dict[str, Any]:
    """The parsed `sheets.v4.json` discovery document (cached)."""
    doc: dict[str, Any] = json.loads(Path(path or discovery_path()).read_text(encoding="utf-8"))
    return doc


def _snake(name: str) -> str:
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def _camel(name: str) -> str:
    return re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), name)


_INT_LABELS = {"int32": "TYPE_INT32", "int64": "TYPE_INT64", "uint32": "TYPE_UINT32", "uint64": "TYPE_UINT64"}
_ENUM_TYPE_NAMES = {"majorDimension": "Dimension", "dimension": "Dimension"}
_PROTO_PREFIX = "type.googleapis.com/google.apps.sheets.v4."


class _Validator:
    """Checks JSON against the discovery schemas and returns a normalised (camelCase, nulls
    dropped, proto3 default values dropped where Google drops them) copy."""

    def __init__(self, doc: Mapping[str, Any]) -> None:
        self.schemas: Mapping[str, Any] = doc["schemas"]

    def check(self, value: Any, ref: str, root: str) -> Any:
        errors: list[tuple[str, str]] = []
        out = self._message(value, ref, root, errors)
        if errors:
            raise _bad_request(errors)
        return out

    # -- helpers
    def _label(self, schema: Mapping[str, Any], name: str) -> str:
        if "$ref" in schema:
            return _PROTO_PREFIX + str(schema["$ref"])
        t = schema.get("type")
        if t == "array":
            items = schema.get("items", {})
            if items.get("type") == "array" or items.get("type") == "any":
                return "type.googleapis.com/google.protobuf.ListValue"
            return self._label(items, name)
        if t == "any":
            return "type.googleapis.com/google.protobuf.Value"
        if t == "integer":
            return _INT_LABELS.get(schema.get("format", "int32"), "TYPE_INT32")
        if t == "number":
            return "TYPE_FLOAT" if schema.get("format") == "float" else "TYPE_DOUBLE"
        if t == "boolean":
            return "TYPE_BOOL"
        if t == "string" and "enum" in schema:
            return _PROTO_PREFIX + _ENUM_TYPE_NAMES.get(name, name[:1].upper() + name[1:])
        if t == "string" and schema.get("format") in ("int64", "uint64"):
            return _INT_LABELS[schema["format"]]
        if t == "object":
            return "type.googleapis.com/google.protobuf.Struct"
        return "TYPE_STRING"

    @staticmethod
    def _invalid(path: str, label: str, value: Any) -> tuple[str, str]:
        shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, (dict, list)) else (
            "{" if isinstance(value, dict) else "["
        )
        return (path, f"Invalid value at '{path}' ({label}), {shown}")

    def _message(self, value: Any, ref: str, path: str, errors: list[tuple[str, str]]) -> Any:
        schema = self.schemas[ref]
        if not isinstance(value, dict):
            errors.append(self._invalid(path, _PROTO_PREFIX + ref, value))
            return None
        props = schema.get("properties", {})
        out: dict[str, Any] = {}
        for key, item in value.items():
            name = key if key in props else _camel(key) if _camel(key) in props else None
            if name is None:
                at = f" at '{path}'" if path else ""
                errors.append((path, f'Invalid JSON payload received. Unknown name "{key}"{at}: Cannot find field.'))
                continue
            if item is None:
                continue
            sub = f"{path}.{_snake(name)}" if path else _snake(name)
            got = self._value(item, props[name], sub, errors, name)
            if got is not None:
                out[name] = got
        return _normalise(ref, out)

    def _value(self, value: Any, schema: Mapping[str, Any], path: str, errors: list[tuple[str, str]], name: str) -> Any:
        if "$ref" in schema:
            return self._message(value, schema["$ref"], path, errors)
        t = schema.get("type")
        if t == "any":
            return value
        if t == "array":
            if not isinstance(value, list):
                errors.append(self._invalid(path, self._label(schema, name), value))
                return None
            items = schema.get("items", {})
            out_list = []
            for i, item in enumerate(value):
                if item is None and items.get("type") != "any":
                    errors.append(self._invalid(f"{path}[{i}]", self._label(items, name), item))
                    continue
                out_list.append(self._value(item, items, f"{path}[{i}]", errors, name))
            return out_list
        if t == "object":
            if not isinstance(value, dict):
                errors.append(self._invalid(path, self._label(schema, name), value))
                return None
            if "additionalProperties" in schema:
                return {
                    k: self._value(v, schema["additionalProperties"], f"{path}[{k}]", errors, name)
                    for k, v in value.items()
                }
            return value
        if t == "integer" or (t == "string" and schema.get("format") in ("int64", "uint64")):
            number = _as_int(value)
            if number is None:
                errors.append(self._invalid(path, self._label(schema, name), value))
                return None
            return str(number) if t == "string" else number
        if t == "number":
            if isinstance(value, bool) or not isinstance(value, (int, float, str)):
                errors.append(self._invalid(path, self._label(schema, name), value))
                return None
            if isinstance(value, str):
                try:
                    value = float(value)
                except ValueError:
                    errors.append(self._invalid(path, self._label(schema, name), value))
                    return None
            return value
        if t == "boolean":
            if not isinstance(value, bool):
                errors.append(self._invalid(path, self._label(schema, name), value))
                return None
            return value
        if t == "string":
            if not isinstance(value, str):
                errors.append(self._invalid(path, self._label(schema, name), value))
                return None
            if "enum" in schema and value not in schema["enum"]:
                errors.append(self._invalid(path, self._label(schema, name), value))
                return None
            return value
        return value


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"[+-]?\d+", value.strip()):
        return int(value)
    return None


def _float32(x: float) -> float | int:
    """The shortest decimal that reads back as the same float32 (how Google prints floats)."""
    target = struct.unpack("<f", struct.pack("<f", x))[0]
    for digits in range(1, 10):
        candidate = float(f"{x:.{digits}g}")
        if struct.unpack("<f", struct.pack("<f", candidate))[0] == target:
            return int(candidate) if candidate.is_integer() else candidate
    return x


def _channel(value: float) -> float | int:
    """Google keeps 8 bits per colour channel: 0.5 is stored (and printed) as 127/255 = 0.49803922."""
    return _float32(math.floor(min(max(float(value), 0.0), 1.0) * 255 + 1e-6) / 255)


def _normalise(ref: str, obj: dict[str, Any]) -> dict[str, Any]:
    """Google's output drops proto3 defaults in some messages; mimic the ones tests can see."""
    if ref == "Color":
        out = {k: (_channel(v) if k != "alpha" else v) for k, v in obj.items()}
        return {k: v for k, v in out.items() if v != 0}
    if ref == "GridRange" and obj.get("sheetId") == 0:
        obj = dict(obj)
        del obj["sheetId"]
    return obj


# --------------------------------------------------------------------------------------------
# field masks ("a.b,c(d,e)", "sheets/data/rowData")


MaskTree = dict[str, "MaskTree | None"]


def parse_mask(text: str) -> MaskTree:
    """Parse a FieldMask / partial-response selector into a tree (None = the whole field)."""
    pos = 0
    text = text.strip()

    def merge(into: MaskTree, path: list[str], sub: MaskTree | None) -> None:
        node = into
        for i, name in enumerate(path):
            last = i == len(path) - 1
            if last:
                if sub is None or node.get(name, {}) is None:
                    node[name] = None
                else:
                    existing = node.get(name) or {}
                    for k, v in sub.items():
                        merge(existing, [k], v)
                    node[name] = existing
            else:
                child = node.get(name, {})
                if child is None:
                    return  # already whole
                node[name] = child
                node = child

    def parse_list(end: str | None) -> MaskTree:
        nonlocal pos
        tree: MaskTree = {}
        while pos < len(text):
            m = re.compile(r"\s*([A-Za-z0-9_*]+(?:[./][A-Za-z0-9_*]+)*)\s*").match(text, pos)
            if not m:
                raise ValueError(text)
            path = re.split(r"[./]", m.group(1))
            pos = m.end()
            sub: MaskTree | None = None
            if pos < len(text) and text[pos] == "(":
                pos += 1
                sub = parse_list(")")
                if pos >= len(text) or text[pos] != ")":
                    raise ValueError(text)
                pos += 1
            merge(tree, [_camel(p) for p in path], sub)
            while pos < len(text) and text[pos] == " ":
                pos += 1
            if pos < len(text) and text[pos] == ",":
                pos += 1
                continue
            if end is not None and pos < len(text) and text[pos] == end:
                return tree
            if pos < len(text):
                raise ValueError(text)
        return tree

    tree = parse_list(None)
    if pos != len(text):
        raise ValueError(text)
    return tree


def filter_fields(obj: Any, tree: MaskTree | None) -> Any:
    """Keep only the selected fields (lists are filtered element-wise, empty objects kept)."""
    if tree is None:
        return copy.deepcopy(obj)
    if isinstance(obj, list):
        return [filter_fields(x, tree) for x in obj]
    if not isinstance(obj, dict):
        return copy.deepcopy(obj)
    if "*" in tree:
        return copy.deepcopy(obj)
    out: dict[str, Any] = {}
    for key, value in obj.items():
        if key in tree:
            out[key] = filter_fields(value, tree[key])
    return out


def apply_mask(target: dict[str, Any], source: Mapping[str, Any], tree: MaskTree) -> None:
    """FieldMask update semantics: named fields are copied from source, or cleared when absent."""
    for key, sub in tree.items():
        if key == "*":
            target.clear()
            target.update(copy.deepcopy(dict(source)))
            continue
        if sub is None:
            if source.get(key) is not None:
                target[key] = copy.deepcopy(source[key])
            else:
                target.pop(key, None)
            continue
        src = source.get(key)
        dst = target.get(key)
        dst = dst if isinstance(dst, dict) else {}
        apply_mask(dst, src if isinstance(src, Mapping) else {}, sub)
        if dst:
            target[key] = dst
        else:
            target.pop(key, None)


def _mask_paths_ok(validator: _Validator, ref: str, tree: MaskTree | None) -> str | None:
    """The first path in tree that names no field of schema `ref`, or None."""
    if tree is None:
        return None
    props = validator.schemas[ref].get("properties", {})
    for key, sub in tree.items():
        if key == "*":
            continue
        if key not in props:
            return key
        target = props[key]
        while target.get("type") == "array":
            target = target.get("items", {})
        if sub is not None and "$ref" in target:
            bad = _mask_paths_ok(validator, target["$ref"], sub)
            if bad:
                return f"{key}.{bad}"
        elif sub is not None and target.get("type") != "object":
            return f"{key}.{next(iter(sub))}"
    return None


# --------------------------------------------------------------------------------------------
# A1 notation


col_letters = column_letter


def col_index(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n - 1


_SIMPLE_TITLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CELLISH = re.compile(r"([A-Za-z]{1,3}[0-9]+|[Rr][0-9]*[Cc][0-9]*|[A-Za-z]{1,3}|TRUE|FALSE)", re.IGNORECASE)


def quote_title(title: str) -> str:
    """Sheet title as Google echoes it in A1 ranges: bare when simple, else '...' quoted."""
    if _SIMPLE_TITLE.fullmatch(title) and not _CELLISH.fullmatch(title):
        return title
    return "'" + title.replace("'", "''") + "'"


def a1(title: str, r0: int, r1: int, c0: int, c1: int) -> str:
    """Half-open zero-based bounds -> "Title!A1:B2" ("Title!A1" for a single cell)."""
    start = f"{col_letters(c0)}{r0 + 1}"
    if r1 - r0 <= 1 and c1 - c0 <= 1:
        return f"{quote_title(title)}!{start}"
    return f"{quote_title(title)}!{start}:{col_letters(c1 - 1)}{r1}"


def grid_limits_message(sh_title: str, rows: int, cols: int, r0: int, r1: int, c0: int, c1: int) -> str:
    """Google's wording, title always quoted: "Range ('Sheet1'!A1001) exceeds grid limits. ..."."""
    cells = a1(sh_title, r0, max(r1, r0 + 1), c0, max(c1, c0 + 1)).rsplit("!", 1)[1]
    quoted = "'" + sh_title.replace("'", "''") + "'"
    return f"Range ({quoted}!{cells}) exceeds grid limits. Max rows: {rows}, max columns: {cols}"


_CELL_PART = re.compile(r"\$?([A-Za-z]{0,3})\$?([0-9]*)(?::\$?([A-Za-z]{0,3})\$?([0-9]*))?")


class _Span(NamedTuple):
    r0: int | None
    r1: int | None
    c0: int | None
    c1: int | None


def _parse_cells(text: str) -> _Span | None:
    m = _CELL_PART.fullmatch(text.strip())
    if not m:
        return None
    sc, sr, ec, er = m.groups()
    if ":" not in text:
        if not (sc and sr) or int(sr) == 0:
            return None
        r, c = int(sr) - 1, col_index(sc)
        return _Span(r, r + 1, c, c + 1)
    if not (sc or sr) or not (ec or er) or (sr and int(sr) == 0) or (er and int(er) == 0):
        return None
    if (sc and not sr and not ec and er) or (sr and not sc and ec and not er):
        return None
    r0 = int(sr) - 1 if sr else None
    r1 = int(er) if er else None
    c0 = col_index(sc) if sc else None
    c1 = col_index(ec) + 1 if ec else None
    if r0 is not None and r1 is not None and r1 <= r0:
        r0, r1 = r1 - 1, r0 + 1
    if c0 is not None and c1 is not None and c1 <= c0:
        c0, c1 = c1 - 1, c0 + 1
    return _Span(r0, r1, c0, c1)


# --------------------------------------------------------------------------------------------
# the spreadsheet model

_DEFAULT_FORMAT: dict[str, Any] = {
    "backgroundColor": {"red": 1, "green": 1, "blue": 1},
    "padding": {"top": 2, "right": 3, "bottom": 2, "left": 3},
    "verticalAlignment": "BOTTOM",
    "wrapStrategy": "OVERFLOW_CELL",
    "textFormat": {
        "foregroundColor": {},
        "fontFamily": "arial,sans,sans-serif",
        "fontSize": 10,
        "bold": False,
        "italic": False,
        "strikethrough": False,
        "underline": False,
        "foregroundColorStyle": {"rgbColor": {}},
    },
    "backgroundColorStyle": {"rgbColor": {"red": 1, "green": 1, "blue": 1}},
}
_THEME: dict[str, Any] = {
    "primaryFontFamily": "Arial",
    "themeColors": [
        {"colorType": "TEXT", "color": {"rgbColor": {}}},
        {"colorType": "BACKGROUND", "color": {"rgbColor": {"red": 1, "green": 1, "blue": 1}}},
        {"colorType": "ACCENT1", "color": {"rgbColor": {"red": 0.25882354, "green": 0.52156866, "blue": 0.95686275}}},
        {"colorType": "ACCENT2", "color": {"rgbColor": {"red": 0.91764706, "green": 0.2627451, "blue": 0.20784314}}},
        {"colorType": "ACCENT3", "color": {"rgbColor": {"red": 0.9843137, "green": 0.7372549, "blue": 0.015686275}}},
        {"colorType": "ACCENT4", "color": {"rgbColor": {"red": 0.20392157, "green": 0.65882355, "blue": 0.3254902}}},
        {"colorType": "ACCENT5", "color": {"rgbColor": {"red": 1, "green": 0.42745098, "blue": 0.003921569}}},
        {"colorType": "ACCENT6", "color": {"rgbColor": {"red": 0.27450982, "green": 0.7411765, "blue": 0.7764706}}},
        {"colorType": "LINK", "color": {"rgbColor": {"red": 0.06666667, "green": 0.33333334, "blue": 0.8}}},
    ],
}
_CELL_FIELDS = ("userEnteredValue", "userEnteredFormat", "note", "dataValidation", "hyperlink", "textFormatRuns")
_DEFAULT_ROW_PX = 21
_DEFAULT_COL_PX = 100


class _Sheet:
    def __init__(self, props: dict[str, Any]) -> None:
        self.props = props
        self.cells: dict[tuple[int, int], dict[str, Any]] = {}
        self.merges: list[dict[str, Any]] = []
        self.protected: list[dict[str, Any]] = []
        self.basic_filter: dict[str, Any] | None = None
        self.row_meta: dict[int, dict[str, Any]] = {}
        self.col_meta: dict[int, dict[str, Any]] = {}

    @property
    def id(self) -> int:
        return int(self.props["sheetId"])

    @property
    def title(self) -> str:
        return str(self.props["title"])

    @property
    def rows(self) -> int:
        return int(self.props["gridProperties"]["rowCount"])

    @property
    def cols(self) -> int:
        return int(self.props["gridProperties"]["columnCount"])


class _Book:
    def __init__(self, spreadsheet_id: str, title: str, shared_with: Iterable[str]) -> None:
        self.id = spreadsheet_id
        self.props: dict[str, Any] = {
            "title": title,
            "locale": "en_US",
            "autoRecalc": "ON_CHANGE",
            "timeZone": "Etc/GMT",
            "defaultFormat": copy.deepcopy(_DEFAULT_FORMAT),
            "spreadsheetTheme": copy.deepcopy(_THEME),
        }
        self.sheets: list[_Sheet] = []
        self.named: list[dict[str, Any]] = []
        self.developer_metadata: sheets_metadata.Metadata = []
        self.shared_with = set(shared_with)

    def by_id(self, sheet_id: int) -> _Sheet:
        for sh in self.sheets:
            if sh.id == sheet_id:
                return sh
        raise _Invalid(f"No grid with id: {sheet_id}")

    def by_title(self, title: str) -> _Sheet | None:
        for sh in self.sheets:
            if sh.title == title:
                return sh
        for sh in self.sheets:
            if sh.title.lower() == title.lower():
                return sh
        return None

    def reindex(self) -> None:
        for i, sh in enumerate(self.sheets):
            sh.props["index"] = i


def _tidy_props(props: dict[str, Any]) -> dict[str, Any]:
    """SheetProperties as Google prints them: false/zero defaults left out."""
    out = copy.deepcopy(props)
    grid = out.get("gridProperties", {})
    for key in ("frozenRowCount", "frozenColumnCount"):
        if not grid.get(key):
            grid.pop(key, None)
    for key in ("hideGridlines", "rowGroupControlAfter", "columnGroupControlAfter"):
        if grid.get(key) is False:
            grid.pop(key)
    for key in ("hidden", "rightToLeft"):
        if out.get(key) is False:
            out.pop(key)
    for key in ("tabColor", "tabColorStyle"):
        if out.get(key) == {}:
            out.pop(key)
    _mirror_colors(out)
    order = ["sheetId", "title", "index", "sheetType", "gridProperties", "hidden", "tabColor", "rightToLeft", "tabColorStyle"]
    return {k: out[k] for k in sorted(out, key=lambda k: order.index(k) if k in order else 99)}


def _mirror_colors(obj: Any) -> None:
    """Google answers every `xColor` with a matching `xColorStyle` (and back)."""
    if isinstance(obj, list):
        for x in obj:
            _mirror_colors(x)
        return
    if not isinstance(obj, dict):
        return
    for key in list(obj):
        value = obj[key]
        if key.endswith("Color") and isinstance(value, dict) and key + "Style" not in obj:
            obj[key + "Style"] = {"rgbColor": {k: v for k, v in value.items() if v}}
        elif key.endswith("ColorStyle") and isinstance(value, dict) and key[: -len("Style")] not in obj:
            rgb = value.get("rgbColor")
            if isinstance(rgb, dict):
                obj[key[: -len("Style")]] = {k: v for k, v in rgb.items() if v}
        else:
            _mirror_colors(value)


def _num(x: Any) -> Any:
    if isinstance(x, float) and x.is_integer() and abs(x) < 2**53:
        return int(x)
    return x


def _format_number(x: float) -> str:
    x = _num(x)
    if isinstance(x, int):
        return str(x)
    if math.isnan(x):
        return "#NUM!"
    text = f"{x:.10g}"
    return text.upper() if "e" in text else text


def _effective(cell: Mapping[str, Any] | None, render: str) -> Any:
    """The value the values API reports for a cell (None = empty)."""
    if not cell:
        return None
    v = cell.get("userEnteredValue")
    if not v:
        return None
    if "formulaValue" in v:
        return v["formulaValue"]
    if "stringValue" in v:
        return v["stringValue"] if v["stringValue"] != "" else None
    if "boolValue" in v:
        b = bool(v["boolValue"])
        return ("TRUE" if b else "FALSE") if render == "FORMATTED_VALUE" else b
    if "numberValue" in v:
        n = v["numberValue"]
        return _format_number(n) if render == "FORMATTED_VALUE" else _num(n)
    if "errorValue" in v:
        return "#ERROR!"
    return None


_NUMBER_TEXT = re.compile(r"[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?")


def _parse_user_entered(value: Any) -> dict[str, Any] | None:
    """USER_ENTERED input as Google's parser would store it (dates are left as strings)."""
    if not isinstance(value, str) or value == "":
        return _parse_raw(value)
    text = value
    if text.startswith("'"):
        return {"stringValue": text[1:]}
    if text.startswith("=") and len(text) > 1:
        return {"formulaValue": text}
    s = text.strip()
    if s.upper() in ("TRUE", "FALSE"):
        return {"boolValue": s.upper() == "TRUE"}
    body, scale = s, 1.0
    body = body.removeprefix("$")
    if body.endswith("%"):
        body, scale = body[:-1], 0.01
    if body and any(ch.isdigit() for ch in body) and _NUMBER_TEXT.fullmatch(body):
        number = float(body.replace(",", "")) * scale
        return {"numberValue": _num(number) if scale == 1.0 else number}
    return {"stringValue": text}


def _parse_raw(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, (int, float)):
        return {"numberValue": value}
    if value == "":
        return {}
    return {"stringValue": str(value)}


def _check_cell_values(values: list[list[Any]]) -> None:
    """Cells can be strings, numbers, bools or null; Google rejects nested lists and objects."""
    for i, row in enumerate(values):
        for j, value in enumerate(row):
            if isinstance(value, (dict, list)):
                kind = "struct_value" if isinstance(value, dict) else "list_value"
                raise ApiError(400, f"Invalid values[{i}][{j}]: {kind} {{\n}}\n")


def _python_to_value(value: Any) -> dict[str, Any] | None:
    """add_spreadsheet seeding: every str is a stringValue (nothing is evaluated)."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, (int, float)):
        return {"numberValue": value}
    return {"stringValue": str(value)}


# --------------------------------------------------------------------------------------------
# the server


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    app: SheetsServer


class SheetsServer:
    """ThreadingHTTPServer on 127.0.0.1 (port 0) in a daemon thread; use as a context manager.

    `public_keys` maps service-account e-mails to the PEM public key (or X.509 certificate)
    their JWT assertions are checked with; `trust(email, pem)` adds one later.
    """

    def __init__(
        self,
        public_keys: Mapping[str, str] | None = None,
        *,
        seed: int = 0,
        discovery: str | Path | None = None,
    ) -> None:
        self._lock = threading.RLock()
        self._stopping = threading.Event()
        self._keys: dict[str, str] = dict(public_keys or {})
        self._tokens: dict[str, tuple[str, float]] = {}
        self._books: dict[str, _Book] = {}
        self._faults: list[Fault] = []
        self.chaos: Callable[[str, str], Fault | None] | None = None
        self._serving = 0
        self._idle = threading.Condition(self._lock)
        self._rng = random.Random(seed)
        self._validator = _Validator(discovery_document(str(discovery) if discovery else None))
        self._methods = self._discovery_methods(discovery_document(str(discovery) if discovery else None))
        self.requests: list[Recorded] = []
        self.errors: list[str] = []  # tracebacks of bugs in this server (each also answered with a 500)
        self.token_requests = 0
        self._last_written: set[tuple[int, int, int]] = set()
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.url = ""
        self.token_uri = ""

    # -- lifecycle
    def start(self) -> SheetsServer:
        if self._httpd is not None:
            return self
        httpd = _HTTPServer(("127.0.0.1", 0), _Handler)
        httpd.app = self
        self._httpd = httpd
        port = httpd.server_address[1]
        self.url = f"http://127.0.0.1:{port}"
        self.token_uri = f"{self.url}/token"
        self._stopping.clear()
        self._thread = threading.Thread(
            target=httpd.serve_forever, kwargs={"poll_interval": 0.01}, name="sheets-server", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        httpd, self._httpd = self._httpd, None
        if httpd is None:
            return
        self._stopping.set()
        httpd.shutdown()
        httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> SheetsServer:  # noqa: PYI034 - subclasses are not expected
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- test-facing API
    def trust(self, email: str, public_pem: str) -> None:
        """Accept JWT assertions from `email` signed by the key whose public half is `public_pem`."""
        with self._lock:
            self._keys[email] = public_pem

    def issue_token(self, email: str) -> str:
        """An access token for `email` without the JWT dance (for tests that are not about auth)."""
        token = "ya29.local-" + secrets.token_urlsafe(32)
        with self._lock:
            self._tokens[token] = (email, time.time() + TOKEN_LIFETIME)
        return token

    def revoke_tokens(self) -> None:
        """Forget every issued access token (the next API call gets a 401, as after expiry)."""
        with self._lock:
            self._tokens.clear()

    def add_spreadsheet(
        self,
        spreadsheet_id: str,
        tabs: dict[str, list[list[Any]]],
        title: str = "League",
        shared_with: Iterable[str] = ("*",),
    ) -> None:
        book = _Book(spreadsheet_id, title, shared_with)
        for i, (tab, rows) in enumerate(tabs.items()):
            height = max(1000, len(rows))
            width = max([26] + [len(r) for r in rows])
            sh = _Sheet(
                {
                    "sheetId": 0 if i == 0 else self._new_sheet_id(book),
                    "title": tab,
                    "index": i,
                    "sheetType": "GRID",
                    "gridProperties": {"rowCount": height, "columnCount": width},
                }
            )
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    v = _python_to_value(value)
                    if v is not None:
                        sh.cells[(r, c)] = {"userEnteredValue": v}
            book.sheets.append(sh)
        if not book.sheets:
            book.sheets.append(
                _Sheet({"sheetId": 0, "title": "Sheet1", "index": 0, "sheetType": "GRID",
                        "gridProperties": {"rowCount": 1000, "columnCount": 26}})
            )
        with self._lock:
            self._books[spreadsheet_id] = book

    def values(self, spreadsheet_id: str, tab: str) -> list[list[Any]]:
        """The tab's current values (str/int/float/bool; formulas as their text), trailing blanks trimmed."""
        with self._lock:
            sh = self._tab(spreadsheet_id, tab)
            return self._read(sh, 0, sh.rows, 0, sh.cols, "UNFORMATTED_VALUE", "ROWS")

    def sheet(self, spreadsheet_id: str, tab: str) -> dict[str, Any]:
        """The full Sheet resource (as GET ...?includeGridData=true shows it) for one tab."""
        with self._lock:
            sh = self._tab(spreadsheet_id, tab)
            res = self._sheet_resource(sh, [(0, sh.rows, 0, sh.cols)])
            trimmed: dict[str, Any] = _trim_grid({"sheets": [res]})["sheets"][0]
            return trimmed

    def cell(self, spreadsheet_id: str, tab: str, ref: str) -> dict[str, Any]:
        """The stored CellData of one cell (e.g. "B2"): userEnteredValue, userEnteredFormat, note..."""
        span = _parse_cells(ref)
        if span is None or span.r0 is None or span.c0 is None:
            raise ValueError(ref)
        with self._lock:
            sh = self._tab(spreadsheet_id, tab)
            return copy.deepcopy(sh.cells.get((span.r0, span.c0), {}))

    def has_spreadsheet(self, spreadsheet_id: str) -> bool:
        with self._lock:
            return spreadsheet_id in self._books

    def tab_names(self, spreadsheet_id: str) -> list[str]:
        with self._lock:
            return [sh.title for sh in self._books[spreadsheet_id].sheets]

    def spreadsheet(self, spreadsheet_id: str) -> dict[str, Any]:
        """The Spreadsheet resource as GET (no grid data) answers it."""
        with self._lock:
            return self._spreadsheet_resource(self._books[spreadsheet_id], [], False, None)

    def inject(self, *faults: Fault) -> None:
        """Queue faults; the first one whose `match` fits a Sheets request is applied (and used up)."""
        with self._lock:
            self._faults.extend(dataclasses.replace(f) for f in faults)

    def clear_faults(self) -> None:
        with self._lock:
            self._faults.clear()

    def count(self, match: str = "") -> int:
        with self._lock:
            return sum(1 for r in self.requests if match in f"{r.method} {r.path}")

    # -- internals: lookups
    def _tab(self, spreadsheet_id: str, tab: str) -> _Sheet:
        book = self._books[spreadsheet_id]
        sh = book.by_title(tab)
        if sh is None:
            raise KeyError(f"no tab {tab!r} in {spreadsheet_id!r}: {[s.title for s in book.sheets]}")
        return sh

    def _new_sheet_id(self, book: _Book) -> int:
        taken = {sh.id for sh in book.sheets}
        while True:
            candidate = self._rng.randrange(1, 2**31 - 1)
            if candidate not in taken:
                return candidate

    @staticmethod
    def _discovery_methods(doc: Mapping[str, Any]) -> dict[str, Any]:
        res = doc["resources"]["spreadsheets"]
        methods = {f"spreadsheets.{k}": v for k, v in res["methods"].items()}
        methods.update({f"values.{k}": v for k, v in res["resources"]["values"]["methods"].items()})
        methods["_global"] = doc["parameters"]
        return methods

    # -- token endpoint
    def _token(self, raw: bytes, content_type: str) -> tuple[int, dict[str, Any]]:
        import google.auth.jwt as gjwt

        form = parse_qs(raw.decode("utf-8", "replace"), keep_blank_values=True)
        grant = form.get("grant_type", [""])[0]
        if grant != "urn:ietf:params:oauth:grant-type:jwt-bearer":
            return 400, {"error": "unsupported_grant_type", "error_description": f"Invalid grant_type: {grant}"}
        assertion = form.get("assertion", [""])[0]
        if not assertion:
            return 400, {"error": "invalid_request", "error_description": "Missing required parameter: assertion"}
        try:
            unverified = gjwt.decode(assertion, verify=False)  # type: ignore[no-untyped-call]
        except (ValueError, TypeError, KeyError):
            return 400, {"error": "invalid_grant", "error_description": "Invalid JWT Signature."}
        email = str(unverified.get("iss", ""))
        with self._lock:
            pem = self._keys.get(email)
        if pem is None:
            return 400, {"error": "invalid_grant", "error_description": "Invalid grant: account not found"}
        try:
            claims = gjwt.decode(assertion, certs=pem, audience=GOOGLE_TOKEN_AUDIENCE)  # type: ignore[no-untyped-call]
        except (ValueError, TypeError) as exc:  # google-auth raises ValueError (subclasses) with these texts
            text = str(exc).lower()
            if "expired" in text or "too early" in text or "iat" in text:
                return 400, {
                    "error": "invalid_grant",
                    "error_description": "Invalid JWT: Token must be a short-lived token (60 minutes) and in a "
                    "reasonable timeframe. Check your iat and exp values in the JWT claim.",
                }
            if "audience" in text:
                return 400, {
                    "error": "invalid_grant",
                    "error_description": f"Invalid JWT: Failed audience check. The right audience is {GOOGLE_TOKEN_AUDIENCE}",
                }
            return 400, {"error": "invalid_grant", "error_description": "Invalid JWT Signature."}
        scopes = str(claims.get("scope", "")).split()
        if SPREADSHEETS_SCOPE not in scopes:
            return 400, {"error": "invalid_scope", "error_description": "Invalid OAuth scope or ID token audience provided."}
        token = "ya29.local-" + secrets.token_urlsafe(32)
        with self._lock:
            self._tokens[token] = (email, time.time() + TOKEN_LIFETIME)
            self.token_requests += 1
        return 200, {"access_token": token, "expires_in": TOKEN_LIFETIME, "token_type": "Bearer"}

    # -- Sheets API entry point (called by the handler)
    def _take_fault(self, method: str, path: str) -> Fault | None:
        with self._lock:
            for fault in self._faults:
                if fault.times > 0 and fault.match in f"{method} {path}":
                    fault.times -= 1
                    return copy.copy(fault)
            self._faults = [f for f in self._faults if f.times > 0]
            return self.chaos(method, path) if self.chaos else None

    def put_tab(self, spreadsheet_id: str, tab: str, rows: list[list[Any]]) -> None:
        """Set a tab's values as a judge would type them (adding the tab if needed); no request, no fault."""
        with self._lock:
            book = self._books[spreadsheet_id]
            sh = book.by_title(tab)
            if sh is None:
                sh = _Sheet({"sheetId": self._new_sheet_id(book), "title": tab, "index": len(book.sheets),
                             "sheetType": "GRID", "gridProperties": {"rowCount": 1000, "columnCount": 26}})
                book.sheets.append(sh)
            sh.cells = {(r, c): {"userEnteredValue": v} for r, row in enumerate(rows) for c, value in enumerate(row)
                        if (v := _python_to_value(value)) is not None}
            grid = sh.props["gridProperties"]
            grid["rowCount"], grid["columnCount"] = max(grid["rowCount"], len(rows)), max([grid["columnCount"], *map(len, rows)])

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Wait until no Sheets request is being served (one answered late may still be applying)."""
        with self._idle:
            return self._idle.wait_for(lambda: self._serving == 0, timeout)

    def _serve(self, delta: int) -> None:
        with self._idle:
            self._serving += delta
            self._idle.notify_all()

    def _record(self, method: str, path: str, query: dict[str, list[str]], raw: bytes) -> None:
        body: Any = None
        if raw:
            try:
                body = json.loads(raw)
            except ValueError:
                body = raw.decode("utf-8", "replace")
        with self._lock:
            self.requests.append(Recorded(method, path, query, body))

    def _auth(self, header: str | None) -> str:
        if not header or not header.startswith("Bearer "):
            raise ApiError(401)
        token = header[len("Bearer "):].strip()
        with self._lock:
            entry = self._tokens.get(token)
        if entry is None or entry[1] < time.time():
            raise ApiError(401)
        return entry[0]

    _ROUTES: tuple[tuple[str, str, str], ...] = (
        ("GET", r"/v4/spreadsheets/(?P<id>[^/:]+)", "spreadsheets.get"),
        ("POST", r"/v4/spreadsheets/(?P<id>[^/:]+):batchUpdate", "spreadsheets.batchUpdate"),
        ("GET", r"/v4/spreadsheets/(?P<id>[^/:]+)/values:batchGet", "values.batchGet"),
        ("POST", r"/v4/spreadsheets/(?P<id>[^/:]+)/values:batchUpdate", "values.batchUpdate"),
        ("POST", r"/v4/spreadsheets/(?P<id>[^/:]+)/values:batchClear", "values.batchClear"),
        ("POST", r"/v4/spreadsheets/(?P<id>[^/:]+)/values/(?P<range>[^/]+):append", "values.append"),
        ("POST", r"/v4/spreadsheets/(?P<id>[^/:]+)/values/(?P<range>[^/]+):clear", "values.clear"),
        ("GET", r"/v4/spreadsheets/(?P<id>[^/:]+)/values/(?P<range>[^/]+)", "values.get"),
        ("PUT", r"/v4/spreadsheets/(?P<id>[^/:]+)/values/(?P<range>[^/]+)", "values.update"),
    )

    def _api(self, method: str, raw_path: str, query: dict[str, list[str]], raw: bytes, auth: str | None) -> tuple[int, Any]:
        """Answer one (non-faulted) Sheets API request: (status, JSON payload) or (404, None) for HTML."""
        route = None
        for verb, pattern, name in self._ROUTES:
            m = re.fullmatch(pattern, raw_path)
            if m and verb == method:
                route = (name, {k: unquote(v) for k, v in m.groupdict().items()})
                break
        if route is None:
            return 404, None
        name, params = route
        try:
            email = self._auth(auth)
            spec = self._methods[name]
            self._check_query(spec, query)
            body: Any = None
            if "request" in spec:
                try:
                    parsed = json.loads(raw.decode("utf-8")) if raw.strip() else {}
                except ValueError:
                    raise ApiError(400, "Invalid JSON payload received. Unexpected token.") from None
                root = "data" if name in ("values.update", "values.append") else ""
                body = self._validator.check(parsed, spec["request"]["$ref"], root)
            with self._lock:
                book = self._books.get(params["id"])
                if book is None:
                    raise ApiError(404)
                if "*" not in book.shared_with and email not in book.shared_with:
                    raise ApiError(403)
                result = getattr(self, "_do_" + name.replace(".", "_"))(book, params, query, body, email)
            if name != "spreadsheets.get" and query.get("fields"):
                try:
                    result = filter_fields(result, parse_mask(query["fields"][0]))
                except ValueError:
                    raise ApiError(400, f"Invalid field selection {query['fields'][0]}") from None
            return 200, result
        except ApiError as err:
            return err.code, err.payload()
        except Exception as exc:  # noqa: BLE001 - a bug in this server: answer 500 and keep it for the test
            with self._lock:
                self.errors.append(traceback.format_exc())
            return 500, ApiError(500, f"Internal error encountered. (local Sheets test server: {exc!r})").payload()

    def _check_query(self, spec: Mapping[str, Any], query: Mapping[str, list[str]]) -> None:
        params = {**self._methods["_global"], **spec.get("parameters", {})}
        violations: list[tuple[str, str]] = []
        for key, values in query.items():
            p = params.get(key)
            if p is None or p.get("location") == "path":
                message = (
                    f'Invalid JSON payload received. Unknown name "{key}": Cannot bind query parameter. '
                    f"Field '{key}' could not be found in request message."
                )
                violations.append(("", message))
                continue
            if len(values) > 1 and not p.get("repeated"):
                violations.append(("", f"Invalid JSON payload received. Unknown name \"{key}\": Cannot bind a list to a non-repeated field."))
                continue
            for v in values:
                label = None
                if p.get("type") == "boolean" and v.lower() not in ("true", "false"):
                    label = "TYPE_BOOL"
                elif "enum" in p and v not in p["enum"]:
                    label = _PROTO_PREFIX + _ENUM_TYPE_NAMES.get(key, key[:1].upper() + key[1:])
                if label:
                    violations.append((_snake(key), f"Invalid value at '{_snake(key)}' ({label}), \"{v}\""))
        if violations:
            raise _bad_request(violations)

    # -- range resolution
    def _resolve(self, book: _Book, text: str) -> tuple[_Sheet, _Span]:
        fail = ApiError(400, f"Unable to parse range: {text}")
        text = text.strip()
        if "!" in text:
            sheet_part, cell_part = text.rsplit("!", 1)
            if len(sheet_part) >= 2 and sheet_part[0] == "'" and sheet_part[-1] == "'":
                sheet_part = sheet_part[1:-1].replace("''", "'")
            sh = book.by_title(sheet_part)
            if sh is None:
                raise fail
            span = _parse_cells(cell_part)
            if span is None:
                named = self._named(book, cell_part)
                if named is None or named[0] is not sh:
                    raise fail
                return named
            return sh, span
        if len(text) >= 2 and text[0] == "'" and text[-1] == "'":
            sh = book.by_title(text[1:-1].replace("''", "'"))
            if sh is None:
                raise fail
            return sh, _Span(None, None, None, None)
        sh = book.by_title(text)
        if sh is not None:
            return sh, _Span(None, None, None, None)
        named = self._named(book, text)
        if named is not None:
            return named
        span = _parse_cells(text)
        if span is None or not book.sheets:
            raise fail
        return book.sheets[0], span

    @staticmethod
    def _named(book: _Book, name: str) -> tuple[_Sheet, _Span] | None:
        for nr in book.named:
            if nr["name"].lower() == name.lower():
                rng = nr.get("range", {})
                sh = next((s for s in book.sheets if s.id == rng.get("sheetId", 0)), None)
                if sh is None:
                    return None
                return sh, _Span(rng.get("startRowIndex"), rng.get("endRowIndex"),
                                 rng.get("startColumnIndex"), rng.get("endColumnIndex"))
        return None

    @staticmethod
    def _clip(sh: _Sheet, span: _Span) -> tuple[int, int, int, int]:
        r0 = span.r0 or 0
        c0 = span.c0 or 0
        r1 = sh.rows if span.r1 is None else min(span.r1, sh.rows)
        c1 = sh.cols if span.c1 is None else min(span.c1, sh.cols)
        if r0 >= sh.rows or c0 >= sh.cols:
            raise ApiError(400, grid_limits_message(sh.title, sh.rows, sh.cols, r0, r1, c0, c1))
        return r0, r1, c0, c1

    # -- reading
    def _read(self, sh: _Sheet, r0: int, r1: int, c0: int, c1: int, render: str, major: str) -> list[list[Any]]:
        grid: dict[int, dict[int, Any]] = {}
        for (r, c), cell in sh.cells.items():
            if r0 <= r < r1 and c0 <= c < c1:
                value = _effective(cell, render)
                if value is not None:
                    if major == "COLUMNS":
                        grid.setdefault(c - c0, {})[r - r0] = value
                    else:
                        grid.setdefault(r - r0, {})[c - c0] = value
        if not grid:
            return []
        out: list[list[Any]] = []
        for i in range(max(grid) + 1):
            line = grid.get(i, {})
            out.append([line.get(j, "") for j in range(max(line) + 1)] if line else [])
        return out

    def _value_range(self, book: _Book, text: str, query: Mapping[str, list[str]], prefix: str = "") -> dict[str, Any]:
        sh, span = self._resolve(book, text)
        r0, r1, c0, c1 = self._clip(sh, span)
        render = query.get(prefix + "valueRenderOption", ["FORMATTED_VALUE"])[0]
        major = query.get("majorDimension", ["ROWS"])[0]
        major = "ROWS" if major == "DIMENSION_UNSPECIFIED" else major
        out: dict[str, Any] = {"range": a1(sh.title, r0, r1, c0, c1), "majorDimension": major}
        rows = self._read(sh, r0, r1, c0, c1, render, major)
        if rows:
            out["values"] = rows
        return out

    def _do_values_get(self, book: _Book, params: dict[str, str], query: Mapping[str, list[str]], body: Any, email: str) -> Any:
        return self._value_range(book, params["range"], query)

    def _do_values_batchGet(self, book: _Book, params: dict[str, str], query: Mapping[str, list[str]], body: Any, email: str) -> Any:
        out: dict[str, Any] = {"spreadsheetId": book.id}
        ranges = query.get("ranges", [])
        if ranges:
            out["valueRanges"] = [self._value_range(book, r, query) for r in ranges]
        return out

    # -- writing values
    def _write_values(
        self, book: _Book, sh: _Sheet, r0: int, c0: int, values: list[list[Any]], option: str,
        limit: tuple[int, int] | None, label: str,
    ) -> dict[str, Any]:
        parse = _parse_raw if option == "RAW" else _parse_user_entered
        _check_cell_values(values)
        height = len(values)
        width = max((len(row) for row in values), default=0)
        if limit is not None:
            if r0 + height > limit[0]:
                raise ApiError(400, f"Requested writing within range [{label}], but tried writing to row [{limit[0] + 1}]")
            if c0 + width > limit[1]:
                raise ApiError(400, f"Requested writing within range [{label}], but tried writing to column [{col_letters(limit[1])}]")
        if height and width and (r0 + height > sh.rows or c0 + width > sh.cols):
            raise ApiError(400, grid_limits_message(sh.title, sh.rows, sh.cols, r0, r0 + height, c0, c0 + width))
        written: set[tuple[int, int]] = set()
        for i, row in enumerate(values):
            for j, value in enumerate(row):
                parsed = parse(value)
                if parsed is None:
                    continue
                written.add((i, j))
                cell = sh.cells.setdefault((r0 + i, c0 + j), {})
                if parsed:
                    cell["userEnteredValue"] = parsed
                else:
                    cell.pop("userEnteredValue", None)
                if not cell:
                    del sh.cells[(r0 + i, c0 + j)]
        out: dict[str, Any] = {"spreadsheetId": book.id}
        if height and width:
            # the range spans the array; the counts are of the cells actually given (nulls skip)
            out["updatedRange"] = a1(sh.title, r0, r0 + height, c0, c0 + width)
            if written:
                out["updatedRows"] = len({i for i, _ in written})
                out["updatedColumns"] = len({j for _, j in written})
                out["updatedCells"] = len(written)
        self._last_written = {(sh.id, r0 + i, c0 + j) for i, j in written}
        return out

    @staticmethod
    def _input(body: Mapping[str, Any], url_range: str | None) -> list[list[Any]]:
        """The rows to write (a body `range` that disagrees with the URL's is not checked)."""
        values: list[list[Any]] = list(body.get("values", []))
        if body.get("majorDimension") == "COLUMNS":
            width = max((len(c) for c in values), default=0)
            values = [[col[i] if i < len(col) else None for col in values] for i in range(width)]
        return values

    def _updated_data(self, book: _Book, result: dict[str, Any], query: Mapping[str, list[str]]) -> None:
        if "updatedRange" in result:
            result["updatedData"] = self._value_range(book, result["updatedRange"], query, prefix="response")

    def _option(self, query: Mapping[str, list[str]] | Mapping[str, Any], key: str = "valueInputOption") -> str:
        raw = query.get(key)
        option = raw[0] if isinstance(raw, list) else raw
        if option not in ("RAW", "USER_ENTERED"):
            raise ApiError(400, f"Invalid valueInputOption: {option or 'INPUT_VALUE_OPTION_UNSPECIFIED'}")
        return str(option)

    def _do_values_update(self, book: _Book, params: dict[str, str], query: Mapping[str, list[str]], body: Any, email: str) -> Any:
        option = self._option(query)
        sh, span = self._resolve(book, params["range"])
        r0, c0 = span.r0 or 0, span.c0 or 0
        single = span.r1 is not None and span.c1 is not None and span.r1 - r0 == 1 and span.c1 - c0 == 1
        limit = None if single else (span.r1 if span.r1 is not None else 10**9, span.c1 if span.c1 is not None else 10**9)
        result = self._write_values(book, sh, r0, c0, self._input(body, params["range"]), option, limit, params["range"])
        if query.get("includeValuesInResponse", ["false"])[0].lower() == "true":
            self._updated_data(book, result, query)
        return result

    def _do_values_batchUpdate(self, book: _Book, params: dict[str, str], query: Mapping[str, list[str]], body: Any, email: str) -> Any:
        option = self._option(body)
        work = _clone(book)
        responses = []
        cells: set[tuple[int, int, int]] = set()
        for vr in body.get("data", []):
            text = vr.get("range", "")
            sh, span = self._resolve(work, text)
            r0, c0 = span.r0 or 0, span.c0 or 0
            single = span.r1 is not None and span.c1 is not None and span.r1 - r0 == 1 and span.c1 - c0 == 1
            limit = None if single else (span.r1 if span.r1 is not None else 10**9, span.c1 if span.c1 is not None else 10**9)
            res = self._write_values(work, sh, r0, c0, self._input(vr, None), option, limit, text)
            cells |= self._last_written
            if body.get("includeValuesInResponse"):
                q = {"valueRenderOption": [body.get("responseValueRenderOption", "FORMATTED_VALUE")]}
                self._updated_data(work, res, q)
            responses.append(res)
        self._books[book.id] = work
        out: dict[str, Any] = {"spreadsheetId": book.id}
        if cells:
            out["totalUpdatedRows"] = len({(s, r) for s, r, _ in cells})
            out["totalUpdatedColumns"] = len({(s, c) for s, _, c in cells})
            out["totalUpdatedCells"] = len(cells)
            out["totalUpdatedSheets"] = len({s for s, _, _ in cells})
        out["responses"] = responses
        return out

    def _do_values_append(self, book: _Book, params: dict[str, str], query: Mapping[str, list[str]], body: Any, email: str) -> Any:
        option = self._option(query)
        sh, span = self._resolve(book, params["range"])
        r0, r1, c0, c1 = self._clip(sh, span)
        single = span.c1 is not None and span.r1 is not None and span.c1 - c0 == 1 and span.r1 - r0 == 1
        if single:
            r1, c1 = sh.rows, sh.cols  # one cell names where the table starts, not its extent
        values = self._input(body, params["range"])
        _check_cell_values(values)
        out: dict[str, Any] = {"spreadsheetId": book.id}
        table = self._table(sh, r0, r1, c0, c1, single_cell=single)
        if table is not None:
            top, bottom, left, right = table
            out["tableRange"] = a1(sh.title, top, bottom, left, right)
            start, c0 = bottom, left
        else:
            start = r0
        height = len(values)
        width = max((len(row) for row in values), default=0)
        insert = query.get("insertDataOption", ["OVERWRITE"])[0] == "INSERT_ROWS"
        if insert and height:
            moved = {((r + height) if r >= start else r, c): cell for (r, c), cell in sh.cells.items()}
            sh.cells = moved
            sh.props["gridProperties"]["rowCount"] += height
        elif start + height > sh.rows:
            sh.props["gridProperties"]["rowCount"] = start + height
        if c0 + width > sh.cols:
            sh.props["gridProperties"]["columnCount"] = c0 + width
        updates = self._write_values(book, sh, start, c0, values, option, None, params["range"])
        if query.get("includeValuesInResponse", ["false"])[0].lower() == "true":
            self._updated_data(book, updates, query)
        out["updates"] = updates
        return out

    @staticmethod
    def _table(sh: _Sheet, r0: int, r1: int, c0: int, c1: int, single_cell: bool) -> tuple[int, int, int, int] | None:
        """values.append's "table": the block of touching non-empty cells that holds the range's
        first cell (when the range is one cell) or else its last non-empty cell (row-major) -
        which is what Google was seen to pick. Returns half-open (top, bottom, left, right)."""
        filled = {k for k, cell in sh.cells.items()
                  if r0 <= k[0] < r1 and c0 <= k[1] < c1 and _effective(cell, "UNFORMATTED_VALUE") is not None}
        if not filled:
            return None
        seed = (r0, c0) if single_cell and (r0, c0) in filled else max(filled)
        block, todo = {seed}, [seed]
        while todo:
            r, c = todo.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in filled and nb not in block:
                    block.add(nb)
                    todo.append(nb)
        rows = [r for r, _ in block]
        cols = [c for _, c in block]
        return min(rows), max(rows) + 1, min(cols), max(cols) + 1

    def _clear_range(self, book: _Book, text: str) -> str:
        sh, span = self._resolve(book, text)
        r0, r1, c0, c1 = self._clip(sh, span)
        for key in [k for k in sh.cells if r0 <= k[0] < r1 and c0 <= k[1] < c1]:
            sh.cells[key].pop("userEnteredValue", None)
            if not sh.cells[key]:
                del sh.cells[key]
        return a1(sh.title, r0, r1, c0, c1)

    def _do_values_clear(self, book: _Book, params: dict[str, str], query: Mapping[str, list[str]], body: Any, email: str) -> Any:
        return {"spreadsheetId": book.id, "clearedRange": self._clear_range(book, params["range"])}

    def _do_values_batchClear(self, book: _Book, params: dict[str, str], query: Mapping[str, list[str]], body: Any, email: str) -> Any:
        work = _clone(book)
        cleared = [self._clear_range(work, r) for r in body.get("ranges", [])]
        self._books[book.id] = work
        out: dict[str, Any] = {"spreadsheetId": book.id}
        if cleared:
            out["clearedRanges"] = cleared
        return out

    # -- spreadsheet resource
    def _grid_data(self, sh: _Sheet, r0: int, r1: int, c0: int, c1: int) -> dict[str, Any]:
        gd: dict[str, Any] = {}
        if r0:
            gd["startRow"] = r0
        if c0:
            gd["startColumn"] = c0
        by_row: dict[int, list[int]] = {}
        for r, c in sh.cells:
            if r0 <= r < r1 and c0 <= c < c1:
                by_row.setdefault(r, []).append(c)
        if by_row:
            last_row = max(by_row)
            row_data: list[dict[str, Any]] = []
            for r in range(r0, last_row + 1):
                cols = by_row.get(r)
                if not cols:
                    row_data.append({})
                    continue
                row_data.append({"values": [self._cell_out(sh.cells.get((r, c))) for c in range(c0, max(cols) + 1)]})
            gd["rowData"] = row_data
        gd["rowMetadata"] = [self._dim_out(sh.row_meta.get(r), _DEFAULT_ROW_PX) for r in range(r0, r1)]
        gd["columnMetadata"] = [self._dim_out(sh.col_meta.get(c), _DEFAULT_COL_PX) for c in range(c0, c1)]
        return gd

    @staticmethod
    def _dim_out(meta: Mapping[str, Any] | None, default_px: int) -> dict[str, Any]:
        out: dict[str, Any] = {"pixelSize": default_px}
        if meta:
            out.update(copy.deepcopy(dict(meta)))
            if out.get("hiddenByUser") is False:
                out.pop("hiddenByUser")
        return out

    @staticmethod
    def _cell_out(cell: Mapping[str, Any] | None) -> dict[str, Any]:
        if not cell:
            return {}
        out: dict[str, Any] = {}
        uev = cell.get("userEnteredValue")
        if uev:
            out["userEnteredValue"] = {k: _num(v) for k, v in uev.items()}
            if "formulaValue" not in uev:
                out["effectiveValue"] = copy.deepcopy(out["userEnteredValue"])
            formatted = _effective(cell, "FORMATTED_VALUE")
            if formatted is not None:
                out["formattedValue"] = formatted
        for key in ("userEnteredFormat", "hyperlink", "note", "textFormatRuns", "dataValidation"):
            if key in cell:
                out[key] = copy.deepcopy(cell[key])
        return out

    def _sheet_resource(self, sh: _Sheet, data: list[tuple[int, int, int, int]] | None) -> dict[str, Any]:
        out: dict[str, Any] = {"properties": _tidy_props(sh.props)}
        if data is not None:
            out["data"] = [self._grid_data(sh, *b) for b in data]
        if sh.merges:
            out["merges"] = copy.deepcopy(sh.merges)
        if sh.protected:
            out["protectedRanges"] = copy.deepcopy(sh.protected)
        if sh.basic_filter:
            out["basicFilter"] = copy.deepcopy(sh.basic_filter)
        return out

    def _spreadsheet_resource(self, book: _Book, ranges: list[str], grid: bool, fields: str | None) -> dict[str, Any]:
        tree: MaskTree | None = None
        if fields:
            try:
                tree = parse_mask(fields)
            except ValueError:
                raise ApiError(400, f"Invalid field selection {fields}") from None
            bad = _mask_paths_ok(self._validator, "Spreadsheet", tree)
            if bad:
                raise ApiError(400, f"Invalid field selection {bad.split('.')[-1]}")
            sheets_sel = tree.get("sheets", {}) if "*" not in tree else None
            grid = sheets_sel is None or (isinstance(sheets_sel, dict) and ("data" in sheets_sel or "*" in sheets_sel))
        out: dict[str, Any] = {"spreadsheetId": book.id, "properties": copy.deepcopy(book.props)}
        if ranges:
            wanted: dict[int, list[tuple[int, int, int, int]]] = {}
            for text in ranges:
                sh, span = self._resolve(book, text)
                wanted.setdefault(sh.id, []).append(self._clip(sh, span))
            sheets = [self._sheet_resource(sh, wanted[sh.id] if grid else None) for sh in book.sheets if sh.id in wanted]
        else:
            sheets = [self._sheet_resource(sh, [(0, sh.rows, 0, sh.cols)] if grid else None) for sh in book.sheets]
        out["sheets"] = sheets
        if book.named:
            out["namedRanges"] = copy.deepcopy(book.named)
        if book.developer_metadata:
            out["developerMetadata"] = copy.deepcopy(book.developer_metadata)
        out["spreadsheetUrl"] = f"https://docs.google.com/spreadsheets/d/{book.id}/edit"
        if tree is not None:
            out = filter_fields(out, tree)
        return _trim_grid(out)

    def _do_spreadsheets_get(self, book: _Book, params: dict[str, str], query: Mapping[str, list[str]], body: Any, email: str) -> Any:
        grid = query.get("includeGridData", ["false"])[0].lower() == "true"
        return self._spreadsheet_resource(book, query.get("ranges", []), grid, query.get("fields", [None])[0])

    # -- batchUpdate
    def _do_spreadsheets_batchUpdate(self, book: _Book, params: dict[str, str], query: Mapping[str, list[str]], body: Any, email: str) -> Any:
        requests = body.get("requests", [])
        if not requests:
            raise ApiError(400, "Must specify at least one request.")
        work = _clone(book)
        replies = []
        for i, req in enumerate(requests):
            kinds = list(req)
            if len(kinds) != 1:
                if not kinds:
                    raise ApiError(400, f"Invalid requests[{i}]: No request set.")
                message = (
                    f"Invalid JSON payload received. Oneof field 'kind' is already set. "
                    f"Cannot set '{_snake(kinds[1])}'"
                )
                raise _bad_request([(f"requests[{i}]", message)])
            kind = kinds[0]
            handler = getattr(self, "_req_" + kind, None)
            if handler is None:
                raise ApiError(400, f"Invalid requests[{i}].{kind}: the local Sheets test server does not "
                                    f"implement {kind} (Google would apply it).")
            try:
                reply = handler(work, req[kind], email)
            except _Invalid as exc:
                raise ApiError(400, f"Invalid requests[{i}].{kind}: {exc}") from None
            replies.append(reply or {})
        self._books[book.id] = work
        out: dict[str, Any] = {"spreadsheetId": book.id, "replies": replies}
        if body.get("includeSpreadsheetInResponse"):
            out["updatedSpreadsheet"] = self._spreadsheet_resource(
                work, body.get("responseRanges", []), bool(body.get("responseIncludeGridData")), None
            )
        return out

    # helpers for requests
    def _grid(self, book: _Book, rng: Mapping[str, Any], *, check: bool = True) -> tuple[_Sheet, int, int, int, int]:
        sh = book.by_id(int(rng.get("sheetId", 0)))
        r0 = int(rng.get("startRowIndex", 0))
        c0 = int(rng.get("startColumnIndex", 0))
        r1 = int(rng.get("endRowIndex", sh.rows))
        c1 = int(rng.get("endColumnIndex", sh.cols))
        if r0 < 0 or c0 < 0 or r1 < r0 or c1 < c0:
            raise _Invalid(f"Invalid range: start index must be less than or equal to end index ({json.dumps(rng)})")
        if check and (r1 > sh.rows or c1 > sh.cols):
            raise _Invalid(grid_limits_message(sh.title, sh.rows, sh.cols, r0, r1, c0, c1))
        return sh, r0, r1, c0, c1

    @staticmethod
    def _range_out(sh: _Sheet, r0: int, r1: int, c0: int, c1: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if sh.id:
            out["sheetId"] = sh.id
        out.update({"startRowIndex": r0, "endRowIndex": r1, "startColumnIndex": c0, "endColumnIndex": c1})
        return out

    def _mask(self, fields: str | None, ref: str) -> MaskTree:
        if not fields:
            raise _Invalid("At least one field must be specified in 'fields'.")
        try:
            tree = parse_mask(fields)
        except ValueError:
            raise _Invalid(f"Invalid field mask: {fields}") from None
        bad = _mask_paths_ok(self._validator, ref, tree)
        if bad:
            raise _Invalid(f"Invalid field mask: {bad} is not a field of {ref}")
        return tree

    def _set_cell(self, sh: _Sheet, r: int, c: int, source: Mapping[str, Any], tree: MaskTree) -> None:
        uev = source.get("userEnteredValue")
        if isinstance(uev, Mapping) and len(uev) > 1:
            raise _Invalid("Only one of numberValue, stringValue, boolValue, formulaValue or errorValue may be set.")
        if isinstance(uev, Mapping) and len(str(uev.get("stringValue", ""))) > 50_000:
            raise _Invalid("Your input contains more than the maximum of 50000 characters in a single cell.")
        cell = sh.cells.get((r, c), {})
        if "*" in tree:
            src = {k: v for k, v in source.items() if k in _CELL_FIELDS}
            cell = copy.deepcopy(src)
        else:
            apply_mask(cell, {k: v for k, v in source.items() if k in _CELL_FIELDS}, tree)
        for key in ("note", "hyperlink"):
            if cell.get(key) == "":
                del cell[key]
        if "userEnteredFormat" in cell:
            _mirror_colors(cell["userEnteredFormat"])
        if cell:
            sh.cells[(r, c)] = cell
        else:
            sh.cells.pop((r, c), None)

    # individual requests
    def _req_addSheet(self, book: _Book, req: Mapping[str, Any], email: str) -> dict[str, Any]:
        p = copy.deepcopy(dict(req.get("properties", {})))
        sid = p.get("sheetId")
        if sid is None:
            sid = self._new_sheet_id(book)
        elif any(sh.id == sid for sh in book.sheets):
            raise _Invalid(f"Sheet with id {sid} already exists.")
        title = p.get("title")
        if not title:
            n = len(book.sheets) + 1
            while book.by_title(f"Sheet{n}") is not None:
                n += 1
            title = f"Sheet{n}"
        if book.by_title(title) is not None:
            raise _Invalid(f'A sheet with the name "{title}" already exists. Please enter another name.')
        index = min(max(int(p.get("index", len(book.sheets))), 0), len(book.sheets))
        grid = dict(p.get("gridProperties", {}))
        grid.setdefault("rowCount", 1000)
        grid.setdefault("columnCount", 26)
        props: dict[str, Any] = {"sheetId": sid, "title": title, "index": index,
                                 "sheetType": p.get("sheetType", "GRID"),
                                 "gridProperties": {"rowCount": grid.pop("rowCount"), "columnCount": grid.pop("columnCount"), **grid}}
        for key in ("hidden", "tabColor", "tabColorStyle", "rightToLeft"):
            if key in p:
                props[key] = p[key]
        book.sheets.insert(index, _Sheet(props))
        book.reindex()
        if all(sh.props.get("hidden") for sh in book.sheets):
            raise _Invalid("You can't hide all the sheets in a document.")
        return {"addSheet": {"properties": _tidy_props(props)}}

    def _req_deleteSheet(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        sid = int(req.get("sheetId", 0))
        sh = next((s for s in book.sheets if s.id == sid), None)
        if sh is None:
            raise _Invalid(f"No sheet with id: {sid}")
        if len(book.sheets) == 1:
            raise _Invalid("You can't remove all the sheets in a document.")
        book.sheets.remove(sh)
        book.named = [nr for nr in book.named if nr.get("range", {}).get("sheetId", 0) != sid]
        book.reindex()
        if all(s.props.get("hidden") for s in book.sheets):
            raise _Invalid("You can't remove all the visible sheets in a document.")

    def _req_updateSheetProperties(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        p = req.get("properties", {})
        tree = self._mask(req.get("fields"), "SheetProperties")
        sh = book.by_id(int(p.get("sheetId", 0)))
        new = copy.deepcopy(sh.props)
        if "*" in tree:
            keep = {k: new[k] for k in ("sheetId", "title", "index", "sheetType", "gridProperties")}
            new = {**keep, **copy.deepcopy(dict(p))}
        else:
            apply_mask(new, p, tree)
        if new.get("sheetId") != sh.id:
            raise _Invalid("You can't change a sheet's id.")
        new.setdefault("gridProperties", {})
        grid = new["gridProperties"]
        grid.setdefault("rowCount", sh.rows)
        grid.setdefault("columnCount", sh.cols)
        if not new.get("title"):
            raise _Invalid("The sheet name cannot be empty.")
        other = book.by_title(new["title"])
        if other is not None and other is not sh:
            raise _Invalid(f'A sheet with the name "{new["title"]}" already exists. Please enter another name.')
        if grid["rowCount"] < 1 or grid["columnCount"] < 1:
            raise _Invalid("The grid must have at least one row and one column.")
        if grid.get("frozenRowCount", 0) >= grid["rowCount"] and grid.get("frozenRowCount"):
            raise _Invalid("You can't freeze all visible rows on the sheet.")
        if grid.get("frozenColumnCount", 0) >= grid["columnCount"] and grid.get("frozenColumnCount"):
            raise _Invalid("You can't freeze all visible columns on the sheet.")
        old_index = sh.props["index"]
        sh.props = new
        if "index" in tree or "*" in tree:
            target = int(new.get("index", old_index))
            book.sheets.remove(sh)
            if target > old_index:
                # Google: "movement is considered in 'before the move' indexes": to move S1 ahead
                # of S2 in (S1, S2, S3) the index must be 2; index == current + 1 does nothing.
                target -= 1
            book.sheets.insert(min(max(target, 0), len(book.sheets)), sh)
        book.reindex()
        rows, cols = sh.rows, sh.cols
        sh.cells = {k: v for k, v in sh.cells.items() if k[0] < rows and k[1] < cols}
        sh.row_meta = {k: v for k, v in sh.row_meta.items() if k < rows}
        sh.col_meta = {k: v for k, v in sh.col_meta.items() if k < cols}
        if all(s.props.get("hidden") for s in book.sheets):
            raise _Invalid("You can't hide all the sheets in a document.")

    def _req_updateSpreadsheetProperties(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        tree = self._mask(req.get("fields"), "SpreadsheetProperties")
        if "*" in tree:
            book.props.update(copy.deepcopy(dict(req.get("properties", {}))))
        else:
            apply_mask(book.props, req.get("properties", {}), tree)
        if not book.props.get("title"):
            raise _Invalid("The spreadsheet title cannot be empty.")

    def _req_updateCells(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        tree = self._mask(req.get("fields"), "CellData")
        rows = req.get("rows", [])
        if ("start" in req) == ("range" in req):
            raise _Invalid("Exactly one of 'start' or 'range' must be set.")
        if "start" in req:
            start = req["start"]
            sh = book.by_id(int(start.get("sheetId", 0)))
            r0, c0 = int(start.get("rowIndex", 0)), int(start.get("columnIndex", 0))
            height = len(rows)
            width = max((len(row.get("values", [])) for row in rows), default=0)
            if r0 + height > sh.rows or c0 + width > sh.cols:
                raise _Invalid(grid_limits_message(sh.title, sh.rows, sh.cols, r0, r0 + height, c0, c0 + width))
            for i, row in enumerate(rows):
                for j, cell in enumerate(row.get("values", [])):
                    self._set_cell(sh, r0 + i, c0 + j, cell, tree)
            return
        sh, r0, r1, c0, c1 = self._grid(book, req["range"])
        if len(rows) > r1 - r0 or any(len(row.get("values", [])) > c1 - c0 for row in rows):
            raise _Invalid("The data supplied is larger than the range " + a1(sh.title, r0, r1, c0, c1) + ".")
        given: dict[tuple[int, int], Mapping[str, Any]] = {}
        for i, row in enumerate(rows):
            for j, cell in enumerate(row.get("values", [])):
                given[(r0 + i, c0 + j)] = cell
        targets = set(given) | {k for k in sh.cells if r0 <= k[0] < r1 and c0 <= k[1] < c1}
        for (r, c) in sorted(targets):
            self._set_cell(sh, r, c, given.get((r, c), {}), tree)

    def _req_repeatCell(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        tree = self._mask(req.get("fields"), "CellData")
        sh, r0, r1, c0, c1 = self._grid(book, req.get("range", {}))
        cell = req.get("cell", {})
        for r in range(r0, r1):
            for c in range(c0, c1):
                if cell or (r, c) in sh.cells:
                    self._set_cell(sh, r, c, cell, tree)

    def _req_appendCells(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        tree = self._mask(req.get("fields"), "CellData")
        sh = book.by_id(int(req.get("sheetId", 0)))
        rows = req.get("rows", [])
        start = max((r for r, _ in sh.cells), default=-1) + 1
        width = max((len(row.get("values", [])) for row in rows), default=0)
        grid = sh.props["gridProperties"]
        grid["rowCount"] = max(sh.rows, start + len(rows))
        grid["columnCount"] = max(sh.cols, width)
        for i, row in enumerate(rows):
            for j, cell in enumerate(row.get("values", [])):
                self._set_cell(sh, start + i, j, cell, tree)

    def _req_updateBorders(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        sh, r0, r1, c0, c1 = self._grid(book, req.get("range", {}))

        def put(r: int, c: int, side: str, border: Mapping[str, Any]) -> None:
            cell = sh.cells.setdefault((r, c), {})
            fmt = cell.setdefault("userEnteredFormat", {})
            borders = fmt.setdefault("borders", {})
            if border.get("style") == "NONE":
                borders.pop(side, None)
            else:
                b = copy.deepcopy(dict(border))
                b.setdefault("width", 1 if b.get("style") not in ("SOLID_MEDIUM",) else 2)
                b.setdefault("color", {})
                _mirror_colors(b)
                borders[side] = b
            if not borders:
                fmt.pop("borders")
            if not fmt:
                cell.pop("userEnteredFormat")
            if not cell:
                sh.cells.pop((r, c))

        for side, cells in (
            ("top", [(r0, c) for c in range(c0, c1)]),
            ("bottom", [(r1 - 1, c) for c in range(c0, c1)]),
            ("left", [(r, c0) for r in range(r0, r1)]),
            ("right", [(r, c1 - 1) for r in range(r0, r1)]),
        ):
            if side in req and r1 > r0 and c1 > c0:
                for r, c in cells:
                    put(r, c, side, req[side])
        if "innerHorizontal" in req:
            for r in range(r0 + 1, r1):
                for c in range(c0, c1):
                    put(r, c, "top", req["innerHorizontal"])
                    put(r - 1, c, "bottom", req["innerHorizontal"])
        if "innerVertical" in req:
            for r in range(r0, r1):
                for c in range(c0 + 1, c1):
                    put(r, c, "left", req["innerVertical"])
                    put(r, c - 1, "right", req["innerVertical"])

    def _req_mergeCells(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        sh, r0, r1, c0, c1 = self._grid(book, req.get("range", {}))
        kind = req.get("mergeType", "MERGE_ALL")
        if kind == "MERGE_ROWS":
            blocks = [(r, r + 1, c0, c1) for r in range(r0, r1)]
        elif kind == "MERGE_COLUMNS":
            blocks = [(r0, r1, c, c + 1) for c in range(c0, c1)]
        else:
            blocks = [(r0, r1, c0, c1)]
        blocks = [b for b in blocks if (b[1] - b[0]) * (b[3] - b[2]) > 1]
        for b in blocks:
            # Google replaces the merges the new one overlaps
            sh.merges = [
                m for m in sh.merges
                if not (m["startRowIndex"] < b[1] and b[0] < m["endRowIndex"]
                        and m["startColumnIndex"] < b[3] and b[2] < m["endColumnIndex"])
            ]
            for (r, c) in [k for k in sh.cells if b[0] <= k[0] < b[1] and b[2] <= k[1] < b[3] and k != (b[0], b[2])]:
                sh.cells[(r, c)].pop("userEnteredValue", None)
                if not sh.cells[(r, c)]:
                    del sh.cells[(r, c)]
            sh.merges.append(self._range_out(sh, *b))

    def _req_unmergeCells(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        sh, r0, r1, c0, c1 = self._grid(book, req.get("range", {}))
        keep = []
        for m in sh.merges:
            inside = r0 <= m["startRowIndex"] and m["endRowIndex"] <= r1 and c0 <= m["startColumnIndex"] and m["endColumnIndex"] <= c1
            overlaps = m["startRowIndex"] < r1 and r0 < m["endRowIndex"] and m["startColumnIndex"] < c1 and c0 < m["endColumnIndex"]
            if overlaps and not inside:
                raise _Invalid("You must select all cells in a merged range to merge or unmerge them.")
            if not inside:
                keep.append(m)
        sh.merges = keep

    def _dimension(self, book: _Book, rng: Mapping[str, Any]) -> tuple[_Sheet, str, int, int]:
        sh = book.by_id(int(rng.get("sheetId", 0)))
        dim = rng.get("dimension", "DIMENSION_UNSPECIFIED")
        if dim not in ("ROWS", "COLUMNS"):
            raise _Invalid("dimension must be ROWS or COLUMNS.")
        size = sh.rows if dim == "ROWS" else sh.cols
        start, end = int(rng.get("startIndex", 0)), int(rng.get("endIndex", size))
        if start < 0 or end < start or end > size:
            raise _Invalid(f"Invalid dimension range: [{start}, {end}) is outside the grid of {size} {dim.lower()}.")
        return sh, dim, start, end

    def _req_updateDimensionProperties(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        if "range" not in req:
            raise _Invalid("range must be set.")
        tree = self._mask(req.get("fields"), "DimensionProperties")
        sh, dim, start, end = self._dimension(book, req["range"])
        meta = sh.row_meta if dim == "ROWS" else sh.col_meta
        for i in range(start, end):
            entry = meta.get(i, {})
            apply_mask(entry, req.get("properties", {}), tree)
            if entry:
                meta[i] = entry
            else:
                meta.pop(i, None)

    def _req_autoResizeDimensions(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        if "dimensions" not in req:
            raise _Invalid("dimensions must be set.")
        sh, dim, start, end = self._dimension(book, req["dimensions"])
        for i in range(start, end):
            if dim == "COLUMNS":
                texts = [str(_effective(cell, "FORMATTED_VALUE") or "") for (r, c), cell in sh.cells.items() if c == i]
                longest = max((max(len(line) for line in t.split("\n")) for t in texts), default=0)
                px = max(_DEFAULT_COL_PX if not longest else 7 * longest + 10, 21)
                sh.col_meta.setdefault(i, {})["pixelSize"] = px
            else:
                texts = [str(_effective(cell, "FORMATTED_VALUE") or "") for (r, c), cell in sh.cells.items() if r == i]
                lines = max((t.count("\n") + 1 for t in texts), default=1)
                sh.row_meta.setdefault(i, {})["pixelSize"] = _DEFAULT_ROW_PX * lines

    def _req_setDataValidation(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        sh, r0, r1, c0, c1 = self._grid(book, req.get("range", {}))
        rule = copy.deepcopy(req.get("rule"))
        if rule is not None:
            if "condition" not in rule:
                raise _Invalid("A data validation rule must have a condition.")
            for key in ("strict", "showCustomUi"):
                if rule.get(key) is False:
                    rule.pop(key)
        for r in range(r0, r1):
            for c in range(c0, c1):
                if rule is not None:
                    sh.cells.setdefault((r, c), {})["dataValidation"] = copy.deepcopy(rule)
                elif (r, c) in sh.cells:
                    sh.cells[(r, c)].pop("dataValidation", None)
                    if not sh.cells[(r, c)]:
                        del sh.cells[(r, c)]

    def _req_createDeveloperMetadata(self, book: _Book, req: Mapping[str, Any], email: str) -> dict[str, Any]:
        try:
            return sheets_metadata.create(book.developer_metadata, req, self._rng)
        except sheets_metadata.Refused as exc:
            raise _Invalid(str(exc)) from None

    def _req_deleteDeveloperMetadata(self, book: _Book, req: Mapping[str, Any], email: str) -> dict[str, Any]:
        try:
            return sheets_metadata.delete(book.developer_metadata, req)
        except sheets_metadata.Refused as exc:
            raise _Invalid(str(exc)) from None

    def _req_addProtectedRange(self, book: _Book, req: Mapping[str, Any], email: str) -> dict[str, Any]:
        pr = dict(req.get("protectedRange", {}))
        if "range" in pr:
            self._grid(book, pr["range"])
        elif "namedRangeId" in pr:
            if not any(nr["namedRangeId"] == pr["namedRangeId"] for nr in book.named):
                raise _Invalid(f"No named range with id: {pr['namedRangeId']}")
        else:
            raise _Invalid("A protected range must have a range or a named range.")
        taken = {p["protectedRangeId"] for sh in book.sheets for p in sh.protected}
        pid = pr.get("protectedRangeId")
        if pid is None:
            pid = self._rng.randrange(1, 2**31 - 1)
            while pid in taken:
                pid = self._rng.randrange(1, 2**31 - 1)
        elif pid in taken:
            raise _Invalid(f"A protected range with id {pid} already exists.")
        users = list(pr.get("editors", {}).get("users", []))
        if pr.get("warningOnly") and (users or pr.get("editors", {}).get("groups")):
            raise _Invalid("A warning-only protected range cannot have editors.")
        stored: dict[str, Any] = {"protectedRangeId": pid}
        for key in ("range", "namedRangeId"):
            if key in pr:
                stored[key] = copy.deepcopy(pr[key])
        if pr.get("description"):
            stored["description"] = pr["description"]
        if pr.get("warningOnly"):
            stored["warningOnly"] = True
        if pr.get("unprotectedRanges"):
            stored["unprotectedRanges"] = copy.deepcopy(pr["unprotectedRanges"])
        stored["requestingUserCanEdit"] = True
        reply = copy.deepcopy(stored)
        reply["editors"] = {"users": users} if users else {}
        stored["editors"] = {"users": sorted(set(users) | {email})}
        if "range" in pr:
            sheet_id = pr["range"].get("sheetId", 0)
        else:
            nr = next(n for n in book.named if n["namedRangeId"] == pr["namedRangeId"])
            sheet_id = nr.get("range", {}).get("sheetId", 0)
        book.by_id(int(sheet_id)).protected.append(stored)
        return {"addProtectedRange": {"protectedRange": reply}}

    def _req_deleteProtectedRange(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        pid = req.get("protectedRangeId")
        for sh in book.sheets:
            for p in sh.protected:
                if p["protectedRangeId"] == pid:
                    sh.protected.remove(p)
                    return
        raise _Invalid(f"No protected range with id: {pid}")

    def _req_setBasicFilter(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        flt = copy.deepcopy(dict(req.get("filter", {})))
        sh, r0, r1, c0, c1 = self._grid(book, flt.get("range", {}))
        flt["range"] = self._range_out(sh, r0, r1, c0, c1)
        sh.basic_filter = flt

    def _req_clearBasicFilter(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        book.by_id(int(req.get("sheetId", 0))).basic_filter = None

    def _req_addNamedRange(self, book: _Book, req: Mapping[str, Any], email: str) -> dict[str, Any]:
        nr = copy.deepcopy(dict(req.get("namedRange", {})))
        name = str(nr.get("name", ""))
        if not re.fullmatch(r"[A-Za-z_\\][A-Za-z0-9_.]*", name) or _parse_cells(name) is not None or _CELLISH.fullmatch(name):
            raise _Invalid(f"Invalid name: {name!r} is not a valid named range name.")
        if any(n["name"].lower() == name.lower() for n in book.named):
            raise _Invalid(f"A named range with the name \"{name}\" already exists.")
        self._grid(book, nr.get("range", {}))
        nid = nr.get("namedRangeId") or str(self._rng.randrange(10**8, 2**31 - 1))
        if any(n["namedRangeId"] == nid for n in book.named):
            raise _Invalid(f"A named range with id {nid} already exists.")
        stored = {"namedRangeId": nid, "name": name, "range": nr.get("range", {})}
        book.named.append(stored)
        return {"addNamedRange": {"namedRange": copy.deepcopy(stored)}}

    def _req_updateNamedRange(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        nr = req.get("namedRange", {})
        tree = self._mask(req.get("fields"), "NamedRange")
        target = next((n for n in book.named if n["namedRangeId"] == nr.get("namedRangeId")), None)
        if target is None:
            raise _Invalid(f"No named range with id: {nr.get('namedRangeId')}")
        nid = target["namedRangeId"]
        apply_mask(target, nr, tree)
        target["namedRangeId"] = nid

    def _req_deleteNamedRange(self, book: _Book, req: Mapping[str, Any], email: str) -> None:
        nid = req.get("namedRangeId")
        before = len(book.named)
        book.named = [n for n in book.named if n["namedRangeId"] != nid]
        if len(book.named) == before:
            raise _Invalid(f"No named range with id: {nid}")


def _trim_grid(resource: dict[str, Any]) -> dict[str, Any]:
    """Google leaves trailing empty cells and rows out of rowData (after applying field masks)."""
    for sheet in resource.get("sheets", []) if isinstance(resource.get("sheets"), list) else []:
        for gd in sheet.get("data", []) if isinstance(sheet, dict) else []:
            rows = gd.get("rowData")
            if not isinstance(rows, list):
                continue
            for row in rows:
                values = row.get("values")
                if isinstance(values, list):
                    while values and values[-1] == {}:
                        values.pop()
                    if not values:
                        row.pop("values")
            while rows and rows[-1] == {}:
                rows.pop()
            if not rows:
                gd.pop("rowData")
    return resource


# --------------------------------------------------------------------------------------------
# HTTP plumbing


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # else every answer waits ~40 ms for a delayed ACK
    server_version = "ESF"
    sys_version = ""
    server: _HTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._dispatch()

    def do_POST(self) -> None:
        self._dispatch()

    def do_PUT(self) -> None:
        self._dispatch()

    def do_PATCH(self) -> None:
        self._dispatch()

    def do_DELETE(self) -> None:
        self._dispatch()

    def _send(self, status: int, body: bytes, content_type: str, extra: Mapping[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Vary", "Origin, X-Origin, Referer")
            for k, v in (extra or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(body)
            self.wfile.flush()
        except (TimeoutError, BrokenPipeError, ConnectionResetError, OSError):
            self.close_connection = True

    def _json(self, status: int, payload: Any, extra: Mapping[str, str] | None = None) -> None:
        body = (json.dumps(payload, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        self._send(status, body, "application/json; charset=UTF-8", extra)

    def _html(self, status: int, path: str, extra: Mapping[str, str] | None = None) -> None:
        self._send(status, google_html_error(status, path).encode("utf-8"), "text/html; charset=UTF-8", extra)

    def _dispatch(self) -> None:
        app = self.server.app
        split = urlsplit(self.path)
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        raw = self.rfile.read(length) if length > 0 else b""
        method = self.command
        if split.path == "/token":
            if method != "POST":
                self._html(404, split.path)
                return
            status, payload = app._token(raw, self.headers.get("Content-Type", ""))
            self._json(status, payload, {"Cache-Control": "no-cache, no-store, max-age=0, must-revalidate"})
            return
        if not split.path.startswith("/v4/"):
            self._html(404, split.path)
            return
        query = parse_qs(split.query, keep_blank_values=True)
        path = unquote(split.path)
        app._record(method, path, query, raw)
        app._serve(+1)
        try:
            self._answer(app, method, split.path, path, query, raw)
        finally:
            app._serve(-1)

    def _answer(self, app: SheetsServer, method: str, raw_path: str, path: str, query: dict[str, list[str]], raw: bytes) -> None:
        fault = app._take_fault(method, path)
        answer = app._api(method, raw_path, query, raw, self.headers.get("Authorization")) if fault and fault.after else None
        if fault is not None:
            if fault.delay > 0:
                app._stopping.wait(fault.delay)
            if fault.drop:
                self.close_connection = True
                try:
                    self.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                return
            if fault.status != 200:
                extra = {}
                if fault.retry_after is not None:
                    ra = fault.retry_after
                    extra["Retry-After"] = str(int(ra)) if float(ra).is_integer() else str(ra)
                if fault.body == "html":
                    self._html(fault.status, raw_path, extra)
                else:
                    payload = _quota_error(method) if fault.status == 429 else ApiError(fault.status).payload()
                    self._json(fault.status, payload, extra)
                return
        status, payload = answer or app._api(method, raw_path, query, raw, self.headers.get("Authorization"))
        if payload is None:
            self._html(status, raw_path)
            return
        extra = {}
        if status == 401:
            extra["WWW-Authenticate"] = 'Bearer realm="https://accounts.google.com/", error="invalid_token"'
        self._json(status, payload, extra)


def _clone(book: _Book) -> _Book:
    """A deep copy of a spreadsheet for an all-or-nothing batch; pickling is several times faster than deepcopy on
    the thousands of per-cell dropdowns a `league init` tab carries."""
    clone: _Book = pickle.loads(pickle.dumps(book, pickle.HIGHEST_PROTOCOL))
    return clone
