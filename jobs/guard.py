"""How every command runs its job: a known failure becomes its message and exit code, anything else exit 4, a
library's warning one line; and the pieces of printing and parsing the commands share."""

from __future__ import annotations

import os
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.markup import escape

from jobs import output
from jobs.config import Config, load_config
from jobs.errors import ExitCode, JobError
from sync.workbook import BackendError, CredentialsError

if TYPE_CHECKING:
    from jobs.sync_job import SyncResult

T = TypeVar("T")
ConfigArg = Annotated[
    Path | None, typer.Argument(help="league.toml, or the folder holding it (default: ./league.toml).")
]
"""The league a command works on, as every command takes it."""


def guarded(job: Callable[[], T]) -> T:
    """Run a job; a known failure becomes its message on stderr and its exit code, never a traceback."""
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _warning  # a library's warning as one line, not with its source path
            return job()
    except JobError as exc:
        output.fail("error", str(exc))
        raise typer.Exit(exc.code) from None
    except CredentialsError as exc:
        output.fail("credentials error", str(exc))
        raise typer.Exit(ExitCode.USAGE) from None
    except BackendError as exc:
        output.fail("workbook error", str(exc))
        raise typer.Exit(ExitCode.BACKEND) from None
    except Exception as exc:
        report_bug(exc)
        raise typer.Exit(ExitCode.BUG) from None


def load_checked(config: Path | None) -> Config:
    """league.toml, checked; what it holds that the tool does not know is said by every command, not only sync."""
    cfg = load_config(config)
    for warning in cfg.warnings:
        output.fail("warning", warning, "yellow")
    return cfg


def report_bug(exc: Exception) -> None:
    """Say that something unexpected happened, and how to report it; printing it can fail too (a closed pipe)."""
    if os.environ.get("LEAGUE_DEBUG"):
        traceback.print_exc()  # printed, not re-raised: a bug must still exit 4, never look like a sync
    try:
        output.fail(
            "unexpected error",
            f"{type(exc).__name__}: {exc}. This is a bug in league: please report it "
            "with the output of the same command run with LEAGUE_DEBUG=1.",
        )
    except Exception:  # the exit code still says it
        pass


def _warning(message: Warning | str, *_: object, **__: object) -> None:
    output.fail("warning", str(message), "yellow")


SERVE_DEFAULT = "127.0.0.1:8000"


def bare_serve(args: list[str]) -> list[str]:
    """`league watch --serve` without an address (last, or followed by another option) serves at 127.0.0.1:8000.

    Typer's options take a value or none, never an optional one, so the default address is put in before parsing."""
    if not args or args[0] != "watch":
        return args
    out = []
    for at, arg in enumerate(args):
        out.append(arg)
        after = args[at + 1] if at + 1 < len(args) else None
        if arg == "--serve" and (after is None or after.startswith("--")):
            out.append(SERVE_DEFAULT)
    return out


def print_sync(result: SyncResult) -> None:
    from league.report import undecided_prizes
    from league.sheet import LEADERBOARD_TAB
    from league.table import Table

    for line in result.preview:
        output.say(line)
    output.show_problems(result.evaluation.problems)
    for line in undecided_prizes(result.evaluation):
        output.console.print(f"[yellow]judges decide:[/yellow] {escape(line)}")
    board = next((t for t in result.changes.replace if isinstance(t, Table) and t.name == LEADERBOARD_TAB), None)
    if board:
        output.show_table(board, title="Leaderboard (top 10)")
    if result.exported:  # one line, not one per image page: the folder holds dozens of files
        kinds = ", ".join(sorted({p.suffix.lstrip(".") for p in result.exported}))
        output.say(f"exported {len(result.exported)} files ({kinds}) to {result.exported[0].parent}")
    if result.export_problem:
        output.fail("exports failed", result.export_problem)
