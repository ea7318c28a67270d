"""The `league` command: parses options, calls a job through `jobs/guard.py` (errors to exit codes), prints the result.

Jobs are imported inside their commands: `--help` then answers without loading pandas or
openpyxl, and only a league kept on Google Sheets loads the Google stack.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from jobs import output
from jobs.config import presets
from jobs.errors import ExitCode
from jobs.federation_cli import federation_app
from jobs.guard import ConfigArg, bare_serve, guarded, load_checked, print_sync, report_bug
from jobs.publish_cli import publish
from jobs.ratings_cli import ratings

if TYPE_CHECKING:
    from jobs.bracket_job import BracketResult
    from jobs.config import Config
    from jobs.pair_job import PairResult
    from jobs.stats_job import StatsResult
    from jobs.sync_job import SyncResult

app = typer.Typer(
    help="Spreadsheet league automation: validate results, rank, write standings back.",
    pretty_exceptions_show_locals=False,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)  # help printed as written: `[branding]` is a table name, not markup


app.add_typer(federation_app(guarded), name="federation")


def main(argv: list[str] | None = None) -> None:
    """The `league` command. Any exception no job expected exits 4, wherever it was raised (a job, or the
    printing of its result): exit 1 would tell cron that judges have something to fix."""
    try:
        app(args=bare_serve(sys.argv[1:] if argv is None else argv), prog_name="league")
    except Exception as exc:
        report_bug(exc)
        sys.exit(ExitCode.BUG)


@app.command()
def init(
    ruleset: Annotated[
        str | None,
        typer.Option(
            help=f"Preset ({', '.join(presets())}) or path to a ruleset file "
            "(default: gl-unmatched for a new league; a league that exists keeps "
            "its own and refuses another)."
        ),
    ] = None,
    workbook: Annotated[Path, typer.Option(help="The .xlsx file to create (when there is no league.toml yet).")] = Path(
        "league.xlsx"
    ),
    event: Annotated[
        list[str] | None,
        typer.Option(
            help="An event id (repeat for each); one results tab is made per event. "
            "On a league that exists, each new one gets its Events row and "
            "results tab."
        ),
    ] = None,
    reports: Annotated[
        bool,
        typer.Option(
            "--reports",
            help="Also add the tab a Google Form of players' own results fills "
            "(`reports` in league.toml) and the Email column, and list the Form's questions.",
        ),
    ] = False,
) -> None:
    """Create every input tab, header and dropdown of the ruleset.

    Without a league.toml: a new .xlsx and a league.toml for it. With one: where it says (its
    workbook, or its Google spreadsheet), with its ruleset, adding only what is missing: new events'
    rows and results tabs, input tabs, and headers a newer ruleset needs; nothing that exists changes."""
    from jobs.init_job import run_init

    output.say(guarded(lambda: run_init(Path.cwd(), ruleset, workbook, event or [], reports, load_checked)))


@app.command()
def demo(
    folder: Annotated[Path, typer.Argument(help="Where to write the demo league.")] = Path("demo-league"),
    ruleset: Annotated[
        str, typer.Option(help=f"The preset whose example league to write ({', '.join(presets())}).")
    ] = "gl-unmatched",
) -> None:
    """Write a complete example league with planted judge mistakes, and sync it."""
    from jobs.demo_job import demo_workbook, run_demo

    with output.progress() as progress:
        result = guarded(lambda: run_demo(folder, progress, ruleset))
    print_sync(result)
    output.say(
        f"\nDemo league in {folder.resolve()}: open {folder / demo_workbook(ruleset)}, "
        f"or run `league sync {folder}` again."
    )
    if result.export_problem:
        raise typer.Exit(result.code)


@app.command()
def check(config: ConfigArg = None) -> None:
    """Validate the workbook only; nothing is written. Exit 1 if any row has an error."""
    from jobs.sync_job import run_check
    from sync.open import open_workbook

    def job() -> int:
        cfg = load_checked(config)
        evaluation = run_check(cfg, open_workbook(cfg))
        output.show_problems(evaluation.problems, limit=200)
        return ExitCode.INPUT_ERRORS if evaluation.errors else ExitCode.CLEAN

    raise typer.Exit(guarded(job))


@app.command()
def status(config: ConfigArg = None) -> None:
    """Say where each event is (not started, round 3 of 4 with the results in, playoffs, complete) and the league,
    and which results one side reported through the Form and the other has not yet.

    Nothing is written. Exit 1 if any row has an error, as `league check`."""
    from jobs.status_job import run_status
    from sync.open import open_workbook

    def job() -> int:
        cfg = load_checked(config)
        result = run_status(cfg, open_workbook(cfg))
        for line in result.lines:
            output.say(line)
        return result.code

    raise typer.Exit(guarded(job))


@app.command()
def sync(
    config: ConfigArg = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Write nothing; print what would change.")] = False,
) -> None:
    """The nightly job: read, validate, rank, write the output tabs back, record the history, write the exports."""
    from jobs.sync_job import run_sync
    from sync.open import open_workbook

    def job() -> SyncResult:
        cfg = warned(load_checked(config))
        with output.progress() as progress:
            return run_sync(cfg, open_workbook(cfg), dry_run=dry_run, progress=progress)

    result = guarded(job)
    print_sync(result)
    raise typer.Exit(result.code)


@app.command()
def pair(
    config: ConfigArg = None,
    event: Annotated[str, typer.Option(help="The event whose next round to pair.")] = "",
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the random draw (default: one fixed per event), for a reproducible round."),
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the round and why; write nothing.")] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Pair even while the previous round has unfinished results.")
    ] = False,
) -> None:
    """Pair an event's next round by its ruleset and add the rows below the event's results rows."""
    from jobs.pair_job import run_pair
    from sync.open import open_workbook

    if not event:
        output.fail("error", "name the event to pair with --event")
        raise typer.Exit(ExitCode.USAGE)

    def job() -> PairResult:
        cfg = load_checked(config)
        return run_pair(cfg, open_workbook(cfg), event, seed, dry_run, force)

    result = guarded(job)
    output.show_pairings(result, dry_run)
    raise typer.Exit(result.code)


@app.command()
def bracket(
    config: ConfigArg = None,
    event: Annotated[str, typer.Option(help="The event whose playoffs to seed from its standings.")] = "",
    force: Annotated[bool, typer.Option("--force", help="Seed even from standings that are not final yet.")] = False,
) -> None:
    """Seed single-elimination playoffs from an event's standings into a `Bracket <Event>` tab.

    Judges type each match's games there; every sync moves the winners on."""
    from jobs.bracket_job import run_bracket
    from league.pairing.bracket_model import bracket_tab
    from league.table import Table
    from sync.open import open_workbook

    if not event:
        output.fail("error", "name the event with --event")
        raise typer.Exit(ExitCode.USAGE)

    def job() -> BracketResult:
        cfg = load_checked(config)
        return run_bracket(cfg, open_workbook(cfg), event, force)

    result = guarded(job)
    if result.sheet:
        output.show_table(Table.plain(result.sheet), limit=len(result.sheet.rows))
        output.say(f"wrote {result.sheet.name}: judges type the games there; each sync moves the winners on")
    else:
        output.refuse(
            "not seeded",
            bracket_tab(result.event),
            result.fixes or (result.refused,),
            "Or seed the standings as they are with --force." if result.forceable else "",
        )
    raise typer.Exit(result.code)


@app.command()
def export(
    config: ConfigArg = None,
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            help="png, txt (the caption), html, pdf (the poster), csv, or stats (the win-rate chart and its caption).",
        ),
    ] = "png",
    event: Annotated[
        str | None, typer.Option(help="Only this event's standings (default: the leaderboard and every event).")
    ] = None,
) -> None:
    """Write one format of the latest synced standings into the exports folder."""
    from jobs.export_job import run_export
    from jobs.stats_job import run_stats_export

    paths = guarded(
        lambda: (
            run_stats_export(load_checked(config), event)
            if fmt == "stats"
            else run_export(load_checked(config), fmt, event)
        )
    )
    for path in paths:
        output.say(f"exported {path}")


@app.command()
def history(
    config: ConfigArg = None,
    at: Annotated[int | None, typer.Option(help="Show the standings of sync number N.")] = None,
    player: Annotated[str | None, typer.Option(help="Show this competitor's leaderboard rank at each sync.")] = None,
) -> None:
    """List the syncs that changed the standings, one line each; or one of them, or a competitor over time."""
    from jobs.export_job import run_history

    for line in guarded(lambda: run_history(load_checked(config), at, player)):
        output.say(line)


app.command()(publish)


@app.command()
def watch(
    config: ConfigArg = None,
    interval: Annotated[float, typer.Option(help="Seconds between looks at the workbook (at least 5).")] = 15.0,
    serve: Annotated[
        str | None,
        typer.Option(
            metavar="[HOST:]PORT",
            help="Serve the live pages: --serve alone at "
            "127.0.0.1:8000, --serve 8000 at 127.0.0.1:8000, --serve 0.0.0.0:8000 on "
            "every network (another host only when you name it).",
        ),
    ] = None,
    auto_pair: Annotated[
        list[str] | None,
        typer.Option(
            "--auto-pair",
            help="An event whose next round to pair as soon "
            "as the last result is in, then its bracket (repeat for each).",
        ),
    ] = None,
    discord: Annotated[
        bool,
        typer.Option(
            "--discord",
            help="Post each round's pairings, the bracket as it is seeded "
            "and advances, and the champion to the Discord channel of the webhook in "
            "LEAGUE_DISCORD_WEBHOOK, each once.",
        ),
    ] = False,
) -> None:
    """Sync whenever the judges' tabs change, until Ctrl-C; pair the next round of --auto-pair events when it is due.

    One line per sync; a failed look at the workbook is said and tried again later, never the end of the watch."""
    from jobs.watch_job import WatchOptions, watch_league

    options = WatchOptions(interval, tuple(auto_pair or ()), discord)
    guarded(lambda: watch_league(warned(load_checked(config)), options, serve, output.say))


def warned(config: Config) -> Config:
    """The config, once a sync's warnings about it are said: a page whose link image has no address to fetch."""
    from exporters.html import relative_preview

    relative = relative_preview(config.branding, config.formats)
    if relative:
        output.fail("warning", relative, "yellow")
    return config


app.command()(ratings)


@app.command()
def stats(
    config: ConfigArg = None,
    by: Annotated[
        str | None,
        typer.Option(
            help="The field to group the games by (the ruleset's [stats] fields: "
            "fighter, Deck, army, alignment); default: the ruleset's own."
        ),
    ] = None,
    event: Annotated[str | None, typer.Option(help="Only this event's games.")] = None,
    since: Annotated[
        dt.datetime | None,
        typer.Option(formats=["%Y-%m-%d"], metavar="YYYY-MM-DD", help="Only events dated on or after this day."),
    ] = None,
    min_games: Annotated[int, typer.Option(min=0, help='Entries with fewer games are grouped as "other".')] = 10,
    top: Annotated[
        int, typer.Option(min=1, help="Competitors' records shown (the longest current win streaks first).")
    ] = 10,
    fresh: Annotated[
        bool, typer.Option("--fresh", help="Read and check the workbook now, not the games of the latest sync.")
    ] = False,
) -> None:
    """Win rates by fighter, deck or army (mirror matches left out, a 95% Wilson interval), the matchups of the most
    played, and each competitor's record and win streaks, from the games of the latest sync. Nothing is written."""
    from jobs.stats_job import run_stats
    from sync.open import open_workbook

    def job() -> StatsResult:
        cfg = load_checked(config)
        return run_stats(cfg, lambda: open_workbook(cfg), by, event, since.date() if since else None, min_games, fresh)

    result = guarded(job)
    for table in result.tables:
        output.show_table(table, limit=top if table.name == "Records" else len(table.rows), whole_words=True)
    for note in result.notes:
        output.say(note)
