"""The README and the manual (docs/) stay honest: each fact checked on the page where it lives."""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
import typer.main
from typer.testing import CliRunner

from jobs.branding import KEYS as BRANDING_KEYS
from jobs.cli import app, bare_serve
from jobs.config import CONFIG_KEYS, presets
from jobs.errors import ExitCode
from league.tiebreakers import TIEBREAKERS

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs"
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = {path.relative_to(DOCS).as_posix(): path.read_text(encoding="utf-8") for path in sorted(DOCS.rglob("*.md"))}
TEXTS = {"README.md": README, **{f"docs/{name}": text for name, text in PAGES.items()}}
SETTINGS_PAGES = ("reference/ruleset.md", "reference/components.md", "reference/tiebreakers.md", "players/reports.md")
"""Where a ruleset's keys are explained: the reference, and the players' reports (the `[reports]` questions)."""


def _hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cli_reference", DOCS / "hooks" / "cli_reference.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_opens_with_the_two_setup_commands() -> None:
    blocks = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    assert len(blocks) >= 2 and README.index("```sh") < README.index("## ")
    demo, tests = blocks[:2]
    assert demo.endswith("league demo") and "pip install ." in demo
    assert "pytest" in tests and ".[test]" in tests
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    steps = [step.strip() for step in tests.replace("\\\n", " ").split("&&")]
    assert any("ruff check" in s for s in steps) and any("mkdocs build --strict" in s for s in steps)
    for step in steps[2:]:  # after the venv and the install, CI runs every check the README's command does
        assert step in ci, step


def test_the_readme_is_a_short_front_door() -> None:
    """At most about 200 lines, and how to start one's own league is reachable from its first screen."""
    lines = README.splitlines()
    assert len(lines) <= 200
    assert "](#your-own-league-in-ten-minutes)" in "\n".join(lines[:25])
    walk = README[README.index("## Your own league in ten minutes") :]
    walk = walk[: walk.index("\n## ")]
    for step in ("league init", "judges", "league pair", "league sync"):
        assert step in walk, step


def test_every_relative_link_leads_to_a_file() -> None:
    """Links between pages are relative, so they work on GitHub as on the site; the build checks the site's."""
    for name, text in TEXTS.items():
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if not re.match(r"[a-z]+:", target):
                assert ((ROOT / name).parent / target).exists(), (name, target)


def test_no_page_repeats_another_pages_table() -> None:
    """Each fact in one place: a table row lives on one page; the others link to it."""
    where: dict[str, str] = {}
    for name, text in PAGES.items():
        for row in re.findall(r"^\|.*\|$", text, re.M):
            if not re.fullmatch(r"[|\-: ]+", row):
                assert where.setdefault(row, name) == name, (row, where[row], name)


def test_every_image_is_markdown() -> None:
    """A raw `<img>` escapes the build's checks and its paths are not rewritten for the page's address."""
    for name, text in TEXTS.items():
        assert "<img" not in text, name


def test_every_command_has_its_reference() -> None:
    names = [c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands]
    names += [
        f"{g.name} {c.name or (c.callback.__name__ if c.callback else '')}"
        for g in app.registered_groups
        if g.typer_instance
        for c in g.typer_instance.registered_commands
    ]
    assert sorted(names) == [
        "bracket",
        "check",
        "demo",
        "export",
        "federation deploy",
        "federation sync",
        "history",
        "init",
        "pair",
        "publish",
        "ratings",
        "stats",
        "status",
        "sync",
        "watch",
    ]
    page = PAGES["reference/commands.md"]
    for name in names:
        assert f"## league {name}\n\n<!-- cli: {name} -->" in page


def test_the_commands_reference_is_read_from_the_app() -> None:
    """Every option of every command is in the page the build makes; a command without its place fails the build."""
    hook = _hook()
    page = hook.expand(PAGES["reference/commands.md"])
    for name, command in hook.commands().items():
        assert f"league {name} [OPTIONS]" in page
        for param in command.params:
            for opt in param.opts:
                assert opt in page if opt.startswith("-") else f"`{param.make_metavar(None)}`" in page
    with pytest.raises(ValueError, match=r"without one \['watch'\]"):
        hook.expand(PAGES["reference/commands.md"].replace("<!-- cli: watch -->", ""))


def test_every_preset_and_tiebreaker_is_listed() -> None:
    for preset in presets():
        assert f"| `{preset}` |" in PAGES["organisers/rulesets.md"]
    for name in TIEBREAKERS:
        assert f"| `{name}` |" in PAGES["reference/tiebreakers.md"]


def test_every_exit_code_is_documented() -> None:
    for code in ExitCode:
        assert f"| {code.value} |" in PAGES["reference/exit-codes.md"]


def test_every_league_toml_key_is_documented() -> None:
    page = PAGES["reference/settings.md"]
    for key in CONFIG_KEYS:
        assert f"| `{key}` |" in page or f"| `[{key}]` |" in page, key  # a table is written as TOML heads it
    for key in BRANDING_KEYS | {"facebook_page_id", "facebook_api", "url"}:
        assert f"| `{key}` |" in page, key


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
    """An organiser reading a preset finds each of its keys on the manual's pages of ruleset settings."""
    reference = "\n".join(PAGES[name] for name in SETTINGS_PAGES)
    for preset in presets():
        data = tomllib.loads((ROOT / "league" / "rules" / "presets" / f"{preset}.toml").read_text(encoding="utf-8"))
        for table, key in _keys_set(data):
            if table:
                assert f"[{table}]" in reference or f"[[{table}]]" in reference, (preset, table)
            assert f"`{key}`" in reference or f"{table}.{key}" in reference, (preset, table, key)


def test_the_presets_table_is_made_from_the_presets() -> None:
    """The side-by-side table shows what the presets really set; regenerate it with `python -m tests.presets_table`."""
    from tests.presets_table import page_table, presets_table

    assert page_table(DOCS / "reference" / "ruleset.md") == presets_table()


def test_no_bullet_goes_on_after_its_last_sentence() -> None:
    """A wrapped line that starts in lower case after a finished sentence is a fragment left by an edit."""
    for name, text in TEXTS.items():
        lines = re.sub(r"^ *```.*?^ *```", "", text, flags=re.S | re.M).splitlines()  # prose only, not examples
        stray = [
            f"{name} line {i + 1}: {line.strip()}"
            for i, line in enumerate(lines[1:], 1)
            if re.match(r" +[a-z]", line) and re.search(r"(?<!e\.g)(?<!i\.e)(?<!etc)\.$", lines[i - 1])
        ]
        assert stray == []


def _blocks(text: str, *languages: str) -> list[str]:
    fence = "|".join(languages)
    return re.findall(rf"^ *```(?:{fence})[^\n]*\n(.*?)\n *```", text, re.S | re.M)


def _league_commands(text: str) -> list[list[str]]:
    """The arguments of every `league` command in a page's shell, console and cron examples."""
    blocks = [block.replace("\\\n", " ") for block in _blocks(text, "sh", "console", "cron")]  # continued lines as one
    lines = [line.strip() for block in blocks for line in block.splitlines()]
    lines += [line.strip() for block in _blocks(text, "") for line in block.splitlines() if line.startswith("$ ")]
    found: list[list[str]] = []
    for line in lines:
        for part in re.split(r"&&|;|\|\||>>|>", line.removeprefix("$ ")):
            words = shlex.split(part, comments=True)
            if words and Path(words[0]).name == "league":
                found.append(words[1:])
    return found


def _inline_commands(text: str) -> list[list[str]]:
    """`league ...` written in the text with at least one argument: synopses (`[--event EVENT]`, `a|b`) left out."""
    spans = re.findall(r"`(league [^`]+)`", text)
    commands = [shlex.split(span)[1:] for span in spans if not re.search(r"[\[|<…]|\.\.\.|\b[A-Z]{2,}\b", span)]
    return [words for words in commands if len(words) > 1]


def _parse(args: list[str], *, mention: bool = False) -> None:
    """Parse as `league` does (`--serve` may stand alone); a mention may end on an option named without its value."""
    group = typer.main.get_command(app)
    command = group.commands[args[0]]
    options = {opt: param for param in command.params for opt in param.opts}
    if mention and args[-1] in options and not options[args[-1]].is_flag and args[-1] != "--serve":
        args = [*args, "W1"]
    command.make_context(f"league {args[0]}", bare_serve(args)[1:])  # raises on an unknown option or a missing value


def test_every_example_command_parses() -> None:
    """Each `league ...` the pages show names a real command with options it takes, as the shell would pass them."""
    examples = [args for text in TEXTS.values() for args in _league_commands(text)]
    for path in sorted((ROOT / "examples").rglob("*.*")):
        lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
        examples += [shlex.split(line)[1:] for line in lines if line.startswith("league ")]
        examples += [shlex.split(line.split("bin/league", 1)[1]) for line in lines if "bin/league " in line]
    mentions = [args for text in TEXTS.values() for args in _inline_commands(text)]
    for args in examples:
        _parse(args)
    for args in mentions:
        _parse(args, mention=True)
    assert len(examples) >= 18 and len(mentions) >= 20


def test_every_toml_example_is_toml() -> None:
    for text in TEXTS.values():
        for block in _blocks(text, "toml"):
            tomllib.loads(block)


def test_the_readme_walk_through_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ten minutes as a new organiser types them: init, pair (nobody registered yet: refused, saying why), sync."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    walk = README[README.index("## Your own league in ten minutes") :]
    init, pair, sync = _league_commands(walk)[:3]
    assert init[0] == "init" and pair[0] == "pair" and sync == ["sync"]
    assert runner.invoke(app, init).exit_code == 0
    assert {p.name for p in tmp_path.iterdir()} >= {"league.toml", "league.xlsx"}
    refused = runner.invoke(app, pair)
    assert refused.exit_code == ExitCode.INPUT_ERRORS and "register them in Players" in refused.output
    assert runner.invoke(app, sync).exit_code == 0


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    """A broken link, a page left out of the nav or a command without its reference fails the build."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(tmp_path)]
    build = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    )
    assert build.returncode == 0, build.stderr
    assert "--auto-pair" in (tmp_path / "reference" / "commands" / "index.html").read_text(encoding="utf-8")
