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
                            "publish", "stats", "status", "sync", "watch"]
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


def _keys_set(data: dict[str, object]) -> list[tuple[str, str]]:
    """(table, key) for every key a ruleset file sets, one level into each table and array of tables."""
    out: list[tuple[str, str]] = []
    for key, value in data.items():
        items = value if isinstance(value, list) and all(isinstance(v, dict) for v in value) and value else [value]
        for item in items:
            if isinstance(item, dict):
                out.extend((key, sub) for sub in item)
        if not isinstance(value, (dict, list)) or not value or not isinstance(items[0], dict):
            out.append(("", key))
    return out


def test_every_setting_a_preset_uses_is_documented() -> None:
    """An organiser reading a preset finds each of its keys in the README's tables of settings."""
    import tomllib

    for preset in presets():
        data = tomllib.loads((ROOT / "league" / "rules" / "presets" / f"{preset}.toml").read_text(encoding="utf-8"))
        for table, key in _keys_set(data):
            if table:
                assert f"[{table}]" in README or f"[[{table}]]" in README, (preset, table)
            assert f"`{key}`" in README or f"{table}.{key}" in README, (preset, table, key)


def test_the_presets_table_is_made_from_the_presets() -> None:
    """The side-by-side table shows what the presets really set; regenerate it with `python -m tests.presets_table`."""
    from tests.presets_table import presets_table, readme_table

    assert readme_table(ROOT / "README.md") == presets_table()


def test_no_bullet_goes_on_after_its_last_sentence() -> None:
    """A wrapped line that starts in lower case after a finished sentence is a fragment left by an edit."""
    lines = README.splitlines()
    stray = [f"line {i + 1}: {line.strip()}" for i, line in enumerate(lines[1:], 1)
             if re.match(r" +[a-z]", line) and re.search(r"(?<!e\.g)(?<!i\.e)(?<!etc)\.$", lines[i - 1])]
    assert stray == []
