"""A bad service-account key is a set-up error naming the file; what Google or a proxy says never carries a secret."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import requests
from google.auth.exceptions import RefreshError
from gspread.exceptions import APIError
from typer.testing import CliRunner

from jobs.cli import app
from sync.credentials import CredentialsError, redact
from sync.google import GoogleWorkbook
from sync.workbook import BackendError

JWT = "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJsZWFndWUifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ"
TOKEN = "ya29.a0AfH6SMBx-secret-access-token"


def _sync_with_key(folder: Path, key: Path) -> str:
    (folder / "league.toml").write_text(
        f'ruleset = "gl-unmatched"\nspreadsheet_id = "1Abc"\ncredentials = "{key}"\n', encoding="utf-8"
    )
    result = CliRunner().invoke(app, ["sync", str(folder)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[1, 2]", "JSON list"),
        ("null", "JSON null"),
        ('"a key"', "JSON string"),
        ("7", "JSON number"),
        ("\xff\xfe", "not UTF-8"),
        ("{", "not valid JSON"),
    ],
)
def test_a_key_that_is_not_a_json_object_exits_2_naming_the_file(tmp_path: Path, content: str, said: str) -> None:
    key = tmp_path / "key.json"
    key.write_bytes(content.encode("latin-1"))
    text = _sync_with_key(tmp_path, key)
    assert str(key) in text.replace(" ", ""), "the message names the file (rich may wrap it)"
    assert said in text


def test_a_key_path_that_is_a_folder_says_so(tmp_path: Path) -> None:
    (tmp_path / "keys").mkdir()
    text = _sync_with_key(tmp_path, tmp_path / "keys")
    assert "is a folder" in text and "does not exist" not in text


def test_an_unreadable_key_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = tmp_path / "key.json"
    key.write_text("{}", encoding="utf-8")
    if os.geteuid() == 0:  # root reads any file: make the read itself fail as it would for a user

        def refuse(self: Path, *_: Any, **__: Any) -> Any:
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "read_bytes", refuse)
        monkeypatch.setattr(Path, "read_text", refuse)
    else:
        key.chmod(0)
    text = _sync_with_key(tmp_path, key)
    assert "cannot read" in text and "Permission denied" in text


class _Answers:
    """An HTTP client whose every request fails the given way."""

    def __init__(self, failure: Exception) -> None:
        self.failure = failure

    def request(self, *_: Any, **__: Any) -> requests.Response:
        raise self.failure


def _response(status: int, body: str) -> requests.Response:
    response = requests.Response()
    response.status_code, response._content = status, body.encode("utf-8")
    return response


SECRET_BODIES = [
    json.dumps({"error": {"code": 400, "message": f"bad request; echo: access_token={TOKEN}&assertion={JWT}"}}),
    json.dumps({"error": {"code": 400, "message": f'{{"access_token": "{TOKEN}", "token_type": "Bearer"}}'}}),
    f"<html><body>proxy says: Authorization: Bearer {TOKEN} rejected; id_token {JWT}</body></html>",
    json.dumps(
        {"error": {"code": 400, "message": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkq\n-----END PRIVATE KEY-----"}}
    ),
]


@pytest.mark.parametrize("body", SECRET_BODIES)
def test_an_error_body_is_shown_without_tokens(body: str) -> None:
    book = GoogleWorkbook("1Abc", _Answers(APIError(_response(400, body))))  # type: ignore[arg-type]
    with pytest.raises(BackendError) as caught:
        book.tab_names()
    message = str(caught.value)
    for secret in (TOKEN, JWT, "MIIEvQIBADANBgkq", "secret-access"):
        assert secret not in message
    assert "400" in message


def test_a_long_error_body_is_shortened() -> None:
    book = GoogleWorkbook("1Abc", _Answers(APIError(_response(502, "<html>" + "x" * 20_000 + "</html>"))))  # type: ignore[arg-type]
    with pytest.raises(BackendError) as caught:
        book.tab_names()
    assert len(str(caught.value)) < 500


def test_a_refused_token_request_never_quotes_the_assertion() -> None:
    refused = RefreshError(f"invalid_grant: bad assertion={JWT}", {"assertion": JWT})
    book = GoogleWorkbook("1Abc", _Answers(refused))  # type: ignore[arg-type]
    with pytest.raises(CredentialsError) as caught:
        book.tab_names()
    assert JWT not in str(caught.value) and "invalid_grant" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Requested entity was not found.", "Requested entity was not found."),
        ("The caller does not have permission", "The caller does not have permission"),
        ("error code: 403, token_type=Bearer", "error code: 403"),
    ],
)
def test_plain_messages_stay_readable(text: str, kept: str) -> None:
    assert kept in redact(text)
