"""An MkDocs hook: each command's usage, help and options, read from the typer app itself when the site is built.

The reference page holds one `<!-- cli: NAME -->` line per command; this hook puts what `league NAME --help` says in
its place, so the options listed can never drift from the code. A command without its line, or a line naming no
command, fails the build.
"""

from __future__ import annotations

import re
from typing import Any

import typer.main

from jobs.cli import app

PAGE = "reference/commands.md"
MARKER = re.compile(r"^<!-- cli: ([a-z-]+(?: [a-z-]+)?) -->$", re.M)


def commands() -> dict[str, Any]:
    """Every `league` command by name, as typer's own click sees the app; a group's by both names
    (`federation sync`), the group itself having no reference of its own."""
    group: Any = typer.main.get_command(app)
    out: dict[str, Any] = {}
    for name, command in group.commands.items():
        subcommands = getattr(command, "commands", None)
        out |= {f"{name} {sub}": c for sub, c in subcommands.items()} if subcommands else {name: command}
    return out


def command_reference(name: str) -> str:
    """One command's usage line, its help text and a table of its arguments and options, as Markdown."""
    command = commands()[name]
    context = command.context_class(command, info_name=f"league {name}")
    usage = " ".join(["league", name, *command.collect_usage_pieces(context)])
    rows = [_row(param, context) for param in command.get_params(context) if param.name != "help"]
    table = ["| argument or option | what it does |", "|---|---|", *rows]
    return "\n".join([f"```text\n{usage}\n```", "", _cell(command.help or ""), "", *table])


def _row(param: Any, context: Any) -> str:
    """A table row: the parameter as `--help` shows it (with its value's type) and its help, defaults included."""
    shown, help_text = param.get_help_record(context)
    return f"| `{shown}` | {_cell(help_text)} |"


def _cell(text: str) -> str:
    """Help text on one line, safe inside a Markdown table."""
    return " ".join(text.split()).replace("|", "\\|").replace("<", "&lt;")


def expand(markdown: str) -> str:
    """The page with each marker replaced by its command's reference; every command must have exactly one."""
    names = MARKER.findall(markdown)
    known = commands()
    unknown = sorted(set(names) - set(known))
    missing = sorted(set(known) - set(names))
    repeated = sorted({n for n in names if names.count(n) > 1})
    if unknown or missing or repeated:
        raise ValueError(
            f"{PAGE}: markers naming no command {unknown}, commands without one {missing}, markers repeated {repeated}"
        )
    return MARKER.sub(lambda match: command_reference(match.group(1)), markdown)


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """MkDocs calls this for every page; only the commands reference changes."""
    if page.file.src_uri != PAGE:
        return markdown
    try:
        return expand(markdown)
    except ValueError as exc:
        from mkdocs.exceptions import PluginError

        raise PluginError(str(exc)) from None
