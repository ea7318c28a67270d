"""The README stays honest: set-up commands, every command, preset, tiebreaker and exit code."""

from __future__ import annotations

import re
from pathlib import Path

from jobs.cli import app
from jobs.config import presets
from jobs.errors import ExitCode
from league.tiebreakers import TIEBREAKERS

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_opens_with_the_two_setup_commands() -> None:
    blocks = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    assert len(blocks) >= 2 and README.index("```sh") < README.index("## ")
    demo, tests = blocks[:2]
    assert demo.endswith("league demo") and "pip install ." in demo
    assert "pytest" in tests and ".[test]" in tests
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for step in ('pip install -q -e ".[test]"', "python -m mypy", "python -m pytest"):
        assert step in ci


def test_every_command_is_documented() -> None:
    names = [c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands]
    assert sorted(names) == ["bracket", "check", "demo", "export", "history", "init", "pair",
                            "publish", "sync"]
    for name in names:
        assert f"`league {name}" in README


def test_every_preset_and_tiebreaker_is_listed() -> None:
    for preset in presets():
        assert f"| `{preset}` |" in README
    for name in TIEBREAKERS:
        assert f"| `{name}` |" in README


def test_every_exit_code_is_documented() -> None:
    for code in ExitCode:
        assert f"| {code.value} |" in README
