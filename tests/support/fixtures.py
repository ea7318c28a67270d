"""Fixtures for talking to the local Google Sheets API server (`tests/support/sheets_server/`), for every test
folder (tests/conftest.py loads this module as a plugin).

* `sheets_server` - a started `SheetsServer` (function scope), stopped afterwards; a test fails
  if the server hit a bug of its own (see `SheetsServer.errors`).
* `test_key` - a throwaway 1024-bit RSA key for the whole session: `RsaKeyPair(private_pem, public_pem)`. Google's
  keys have 2048 bits, but nothing here depends on the size, and every sync on Sheets reads its key file again:
  checking a 2048-bit private key as it is loaded took 25 ms, a 1024-bit one 3 ms.
* `service_account_file` - a service-account key file shaped like Google's, for
  `SERVICE_ACCOUNT_EMAIL`, signed with `test_key`, whose `token_uri` is the server's `/token`;
  requesting it also makes the server trust that key (`sheets_server.trust(email, public_pem)`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.sheets_server import (
    SERVICE_ACCOUNT_EMAIL,
    RsaKeyPair,
    SheetsServer,
    make_rsa_key,
    service_account_info,
)


@pytest.fixture
def sheets_server() -> Iterator[SheetsServer]:
    with SheetsServer() as server:
        yield server
    if server.errors:  # a bug in the fake itself (it answered 500): never let it pass silently
        pytest.fail("the local Sheets server crashed:\n" + "\n".join(server.errors), pytrace=False)


@pytest.fixture(scope="session")
def test_key() -> RsaKeyPair:
    return make_rsa_key(1024)


@pytest.fixture
def service_account_file(tmp_path: Path, sheets_server: SheetsServer, test_key: RsaKeyPair) -> Path:
    sheets_server.trust(SERVICE_ACCOUNT_EMAIL, test_key.public_pem)
    info = service_account_info(SERVICE_ACCOUNT_EMAIL, test_key.private_pem, sheets_server.token_uri)
    info["project_id"] = "league-tests"
    path = tmp_path / "service-account.json"
    path.write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    return path
