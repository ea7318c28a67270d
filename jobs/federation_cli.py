"""`league federation ...`: the commands of a federation of leagues, a typer app of its own that `jobs/cli.py` adds."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from jobs import output
from jobs.errors import ExitCode

FederationArg = Annotated[
    Path | None, typer.Argument(help="federation.toml, or the folder holding it (default: ./federation.toml).")
]
Guard = Callable[[Callable[[], Any]], Any]
"""`jobs.cli.guarded`: a job's known failure as its message and exit code, never a traceback."""


def federation_app(guarded: Guard) -> typer.Typer:
    """The `league federation` commands, each job run through the CLI's `guarded`."""
    app = typer.Typer(
        help="A federation of leagues: every league's sync under one Google quota, and a series across them.",
        no_args_is_help=True,
        rich_markup_mode=None,
    )

    @app.command("sync")
    def sync(
        config: FederationArg = None,
        workers: Annotated[
            int | None, typer.Option(min=1, help="Leagues synced at a time (default: the machine's cores).")
        ] = None,
    ) -> None:
        """Sync every league as `league sync` does, then write the series. One line per league; exits with the
        worst league's code."""
        from jobs.federation_config import load_federation
        from jobs.federation_job import FederationResult, LeagueOutcome, run_federation

        def told(outcome: LeagueOutcome) -> None:
            output.say(outcome.line)

        def job() -> FederationResult:
            fed = load_federation(config)
            for warning in fed.warnings:
                output.fail("warning", warning, "yellow")
            return run_federation(fed, workers or os.cpu_count() or 1, told=told)

        result: FederationResult = guarded(job)
        for near in result.series.near_names if result.series else ():
            output.fail(
                "warning",
                f"{near[0]!r} ({near[1]}) and {near[2]!r} ({near[3]}) are counted as two people: "
                "if they are one, type the name alike in both, or give both a Player ID",
                "yellow",
            )
        for line in result.series.ties if result.series else ():
            output.fail(
                "tie",
                f"{', '.join(line.tie)} share place {line.rank} on {line.points} points: the organiser decides",
                "yellow",
            )
        output.say(result.series_said)
        raise typer.Exit(result.code)

    @app.command("deploy")
    def deploy(
        config: FederationArg = None,
        cron: Annotated[str, typer.Option(help='When Prefect runs it, as a cron line ("30 23 * * *").')] = "",
        pool: Annotated[str, typer.Option(help="The Prefect work pool whose workers run it.")] = "league",
        name: Annotated[str, typer.Option(help="The deployment's name.")] = "nightly",
    ) -> None:
        """Schedule the federation on a Prefect server as a deployment of the federation flow (needs the
        `federation` extra: pip install "league-sync[federation]")."""
        from jobs.federation_config import load_federation
        from jobs.federation_flow import deploy_federation

        if not cron:
            output.fail("error", 'say when with --cron, such as --cron "30 23 * * *"')
            raise typer.Exit(ExitCode.USAGE)
        made = guarded(lambda: deploy_federation(load_federation(config), cron, pool, name))
        output.say(
            f"deployed {made}: runs at {cron!r} on work pool {pool!r}; start a worker with "
            f"`prefect worker start --pool {pool}`"
        )

    return app
