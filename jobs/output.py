"""What the jobs print: rich tables for people at a terminal, plain lines under cron."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from exporters.table_csv import signed
from league.cells import Cell, as_text
from league.problems import Problem
from league.table import Column, Display, Role
from league.table import Table as LeagueTable

if TYPE_CHECKING:
    from jobs.pair_job import PairResult

ACTED_ON = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
"""The control characters a terminal acts on (an escape clears it or retitles it, a NUL, a backspace, a carriage
return overwrites what is shown): every one but the line break."""


def visible(text: str) -> str:
    """The text with each control character a terminal acts on written out as its escape (`\\x1b`, `\\t`), so it
    shows what a cell holds without acting on the terminal."""
    return ACTED_ON.sub(lambda found: repr(found.group())[1:-1], text) if ACTED_ON.search(text) else text


class _Console(Console):
    """A rich console that shows every text it prints with `visible`: the tool's messages, tables and titles quote
    names and server answers, and rich would pass their control characters to the terminal."""

    def render_str(self, text: str, **options: Any) -> Text:
        return super().render_str(visible(text), **options)


console = _Console(highlight=False, emoji=False)  # `:-1:` in a name or an address is text, not 👎
errors = _Console(stderr=True, highlight=False, emoji=False)


def say(text: str) -> None:
    """A line of the tool's own words that quotes people's or a server's text: printed exactly as it is."""
    console.print(escape(text), soft_wrap=True)


def fail(label: str, text: str, colour: str = "red", stream: Console = errors) -> None:
    """`label: text` with the label coloured and the text (a message quoting names, cells, server answers) as it is."""
    stream.print(f"[{colour}]{label}:[/{colour}] {escape(text)}", soft_wrap=True)


def show_table(shown: LeagueTable, limit: int = 10, title: str = "", whole_words: bool = False) -> None:
    """The first `limit` rows of an output table as a terminal table, without its notes (too long for a line);
    `whole_words`: each column at least as wide as its longest word, so names wrap at spaces, not inside a word."""
    table = Table(title=escape(title or shown.name), title_justify="left")
    keep = [i for i, c in enumerate(shown.columns) if c.role is not Role.NOTE]
    for i in keep:
        texts = (shown.columns[i].label, *(_shown(r[i], shown.columns[i]) for r in shown.rows[:limit]))
        words = [w for text in texts for w in text.split()]
        table.add_column(
            escape(shown.columns[i].label),
            overflow="fold",
            min_width=min(max(map(len, words), default=1), 24) if whole_words else None,
        )
    for row in shown.rows[:limit]:
        table.add_row(*(_shown(row[i], shown.columns[i]) for i in keep))
    console.print(table)
    if len(shown.rows) > limit:
        console.print(f"… and {len(shown.rows) - limit} more rows")


def _shown(value: Cell, column: Column) -> str:
    if column.role is Role.MOVE:
        return escape(signed(value))
    if column.display is Display.PERCENT and isinstance(value, float):
        return f"{value:.2%}"
    return _cell(value)


def _cell(value: Cell) -> str:
    return escape(as_text(value))


@contextmanager
def progress() -> Iterator[Callable[[str], None]]:
    """A status line a job updates as it goes: a spinner at a terminal; nothing under cron, where the spinner's
    thread would only keep a sync from drawing its posters on the second core (`jobs/parallel.py`)."""
    if not console.is_terminal:
        yield lambda _: None
        return
    with console.status("") as status:
        yield lambda what: status.update(what)


def show_problems(problems: Sequence[Problem], limit: int = 20) -> None:
    """Counts by severity, then the first problems with their cells."""
    counts = Counter(p.severity.value for p in problems)
    if not problems:
        console.print("[green]No problems found.[/green]")
        return
    console.print(f"Problems: [red]{counts['error']} error(s)[/red], [yellow]{counts['warning']} warning(s)[/yellow]")
    table = Table(show_header=True)
    for head in ("Severity", "Tab", "Cell", "Problem", "Fix"):
        table.add_column(head, overflow="fold")
    for p in problems[:limit]:
        table.add_row(p.severity.value, _cell(p.tab), p.cell, _cell(p.problem), _cell(p.fix))
    console.print(table)
    if len(problems) > limit:
        console.print(f"… and {len(problems) - limit} more in the Problems tab")


def refuse(label: str, what: str, fixes: Sequence[str], anyway: str = "") -> None:
    """A refusal alone on stderr: what was not done, each thing to fix on a line of its own, then how to go on anyway;
    no table above it that would read as done."""
    errors.print(f"[red]{escape(label)}:[/red] {escape(what)}", soft_wrap=True)
    for fix in fixes:
        errors.print(f"  - {escape(fix)}", soft_wrap=True)
    if anyway:
        errors.print(escape(anyway), soft_wrap=True)


def show_pairings(result: PairResult, dry_run: bool = False) -> None:
    """The proposed round, table by table, with why each pairing was made; then what happened to it. A round refused
    and not asked for as a dry run is only the refusal."""
    if result.refused and not (dry_run and result.pairings):
        refuse(
            "not paired",
            f"{result.event} round {result.round}",
            result.refused,
            "Or pair it anyway with --force." if result.forceable else "",
        )
        return
    table = Table(title=escape(f"{result.event}: round {result.round} (seed {result.seed})"), title_justify="left")
    for head in ("Table", "Competitor", "Opponent", "Why"):
        table.add_column(head, overflow="fold")
    for p in result.pairings:
        table.add_row(
            str(p.table),
            escape(result.names[p.first]),
            escape(result.names[p.second]) if p.second else "bye",
            escape(p.why),
        )
    console.print(table)
    if result.refused:
        fail(
            "dry run: nothing written",
            f"without --dry-run it would not be paired: {'; '.join(result.refused)}. Or pair it anyway with --force.",
            colour="yellow",
            stream=console,
        )
    elif result.written:
        say(f"added {len(result.rows)} rows to the results tab of {result.event}")
    else:
        console.print("dry run: nothing written")
