"""What the jobs print: people's text exactly as typed, whatever rich would make of it."""

from __future__ import annotations

import pytest

from jobs import output


@pytest.mark.parametrize("text", ["127.0.0.1:-1", "Ana :smile: Souza", "[b]Bo[/b] :+1:", ":thumbs_up:"])
def test_say_and_fail_print_text_exactly(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    output.say(f"live pages at {text}")
    output.fail("error", f"--serve {text}: no such port")
    printed = capsys.readouterr()
    assert printed.out == f"live pages at {text}\n"
    assert printed.err == f"error: --serve {text}: no such port\n"
