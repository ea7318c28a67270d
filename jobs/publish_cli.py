"""The `league publish` command, registered by `jobs/cli.py` with one line: to Facebook, Discord or both, each once."""

from __future__ import annotations

from functools import partial
from typing import Annotated

import typer

from jobs import output
from jobs.errors import ExitCode
from jobs.guard import ConfigArg, guarded, load_checked


def publish(
    config: ConfigArg = None,
    facebook: Annotated[bool, typer.Option("--facebook", help="Post to the Facebook Page in [branding].")] = False,
    discord: Annotated[
        bool, typer.Option("--discord", help="Post to the Discord channel of the webhook in LEAGUE_DISCORD_WEBHOOK.")
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Post even though an earlier post of this leaderboard may have "
            "landed (look at the Page or the channel first).",
        ),
    ] = False,
    stats: Annotated[
        bool,
        typer.Option("--stats", help="Post the win-rate chart and its caption instead, once per changed win rates."),
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="Show what would be posted where (images, caption, Page "
            "or channel) and post nothing; the images are saved under "
            "exports/publish-dry-run.",
        ),
    ] = False,
) -> None:
    """Post the latest leaderboard (every page, one post) and, once the latest event is final, its champion card,
    each once per change, to the Facebook Page (the token comes from LEAGUE_FACEBOOK_TOKEN), a Discord channel (the
    webhook from LEAGUE_DISCORD_WEBHOOK), or both."""
    from jobs.destinations import DISCORD, FACEBOOK
    from jobs.publish_job import preview, publish_to

    targets = [t for t, asked in ((FACEBOOK, facebook), (DISCORD, discord)) if asked]
    if not targets:
        output.fail("error", "say where to publish: --facebook, --discord, or both")
        raise typer.Exit(ExitCode.USAGE)
    cfg = guarded(lambda: load_checked(config))
    if dry_run:
        for line in guarded(lambda: preview(cfg, targets, stats)):
            output.say(line)
        return
    code = 0
    for target in targets:
        try:  # one destination failing leaves the other's posts to go out
            lines = guarded(partial(publish_to, cfg, target, stats, force))
        except typer.Exit as stopped:
            code = code or stopped.exit_code
            continue
        for line in lines:
            output.say(line)
    if code:
        raise typer.Exit(code)
