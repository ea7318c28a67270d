"""The `league ratings` command, registered by `jobs/cli.py` with one line, as its other commands are written there."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

import typer

from jobs import output
from jobs.guard import ConfigArg, guarded, load_checked


def ratings(
    config: ConfigArg = None,
    event: Annotated[str | None, typer.Option(help="The ratings as they stood after this event of the season.")] = None,
    since: Annotated[
        dt.datetime | None,
        typer.Option(
            formats=["%Y-%m-%d"], metavar="YYYY-MM-DD", help="Only the games of events dated on or after this day."
        ),
    ] = None,
    top: Annotated[int | None, typer.Option(min=1, help="Show only the best N ranked (the provisional all).")] = None,
    export: Annotated[
        bool,
        typer.Option(
            "--export",
            help="Also write the image of the top ten and its caption "
            "(ratings-1080x1350.png, ratings.txt) into the exports folder.",
        ),
    ] = False,
) -> None:
    """Every player's, pair's or team's skill rating from every kept game, across the seasons `[ratings] seasons`
    in league.toml names: rank, rating, its uncertainty, games, change since the previous event. Competitors
    with too few games are listed apart as provisional. Nothing is written to the workbook."""
    from jobs.ratings_job import RatingsResult, run_ratings
    from sync.open import open_workbook

    def job() -> RatingsResult:
        cfg = load_checked(config)
        return run_ratings(cfg, lambda: open_workbook(cfg), event, since.date() if since else None, top, export)

    result = guarded(job)
    for table in result.tables:
        output.show_table(table, limit=len(table.rows), whole_words=True)
    for note in result.notes:
        output.say(note)
    for path in result.exported:
        output.say(f"exported {path}")
