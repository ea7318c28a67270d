"""Where standings stand, in the words every export shows: made here from the typed states, read back by nobody."""

from __future__ import annotations

from collections.abc import Sequence

from history.snapshot import Snapshot
from league.lifecycle import EventState, Phase, SeasonState

NOT_SETTLED = "All rounds played, results still to fix"
"""What an event whose every round is played says while a row of it still has an error (a line marked `*`)."""


def event_stands(state: EventState | None) -> str:
    """`after round 2 of 4`, `round 3 of 4 under way: 5 of 8 results in`, `Swiss rounds complete, top 8 to play`,
    `Swiss standings; playoffs: semi-finals`, `Final standings`; nothing before its first round (an event whose results
    carry no round numbers has no phase)."""
    if state is None:
        return ""
    phase = state.phase
    if phase is Phase.NOT_STARTED:
        return ""
    if state.under_way:
        return f"round {state.paired} of {state.rounds} under way: {state.progress}"
    if phase is Phase.ROUNDS:
        return f"after round {state.played} of {state.rounds}"
    if phase is Phase.SWISS_COMPLETE:
        return f"Swiss rounds complete, {f'top {state.cut}' if state.cut else 'playoffs'} to play"
    if phase is Phase.PLAYOFFS:
        return f"Swiss standings; playoffs: {state.bracket_round}"
    return "Final standings" if state.final else NOT_SETTLED


def league_stands(season: SeasonState | None, states: Sequence[EventState]) -> str:
    """Where the league stands, for the leaderboard: `Final standings` once its season is; `after W2, 1 of 12 events
    final` (`after 2 events` when the season's number of events is not set), `W3 after round 2 of 4, 2 of 12 events
    final` between W3's rounds, `W3 round 3 of 4 under way: 5 of 8 results in; 2 of 12 events final` during one; a
    season of one event stands where its event does until the event is final (the season may still not be: `after
    W1, 1 event final`). `states` in the order played."""
    started = [s for s in states if s.paired]
    if season is None or not started:
        return ""
    if season.final:
        return "Final standings"
    if len(states) == 1 and season.of == 1 and not states[0].final:
        return event_stands(states[0])  # a season of one event, under way: where that event stands
    last = started[-1]
    done = (
        f"{season.finished} of {season.of} events final"
        if season.planned or season.closed
        else f"{season.finished} event{'s' if season.finished != 1 else ''} final"
    )
    if last.final:
        return f"after {last.event}, {done}"
    if last.phase is Phase.COMPLETE:
        return f"after {last.event} (results still to fix), {done}"
    return f"{last.event} {event_stands(last)}{'; ' if last.under_way else ', '}{done}"


def snapshot_stands(snapshot: Snapshot) -> str:
    """Where the league of a recorded sync stands, as its leaderboard says it."""
    return league_stands(snapshot.season, snapshot.played)
