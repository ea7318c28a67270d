"""What one recorded sync changed against the one before it, from their typed records: `league history` says it."""

from __future__ import annotations

from history.snapshot import EventInfo, Snapshot
from league.lifecycle import EventState, Phase
from league.sheet import STANDINGS_PREFIX


def what_changed(before: Snapshot | None, after: Snapshot) -> tuple[str, ...]:
    """`W1 round 3 paired`, `W1 round 2 complete`, `W1 bracket seeded`, `W1 a bracket game`, `W1 champion Dan Wu`,
    `W1 a correction`, `W1 1 result to fix`: per event, in the order listed; `first sync` for the first."""
    if before is None:
        return ("first sync",)
    old = {e.id: e for e in before.events}
    out: list[str] = []
    for event in after.events:
        out += [f"{event.id} {what}" for what in _event_changes(old.get(event.id), event, before, after)]
    gone = [e for e in old if e not in {e.id for e in after.events}]
    out += [f"{e} removed" for e in gone]
    return tuple(out) or ("no standings changed",)


def _event_changes(was: EventInfo | None, now: EventInfo, before: Snapshot, after: Snapshot) -> list[str]:
    if was is None:
        return ["added"]
    tab = STANDINGS_PREFIX + now.id
    old_table, new_table = before.table(tab), after.table(tab)
    rows_changed = (old_table.rows if old_table else ()) != (new_table.rows if new_table else ())
    lines_changed = before.placings.get(tab) != after.placings.get(tab)
    a, b = was.state, now.state
    if a is None or b is None:
        return ["standings changed"] if rows_changed or lines_changed else []
    out = _round_changes(a, b)
    if b.bracket and not a.bracket:
        out.append("bracket seeded")
    elif b.bracket and (
        (a.bracket_round, a.champion) != (b.bracket_round, b.champion) or _reached(before, tab) != _reached(after, tab)
    ):
        out.append("a bracket game")
    if b.winner and b.winner != a.winner:
        out.append(f"champion {b.winner}")
    if b.to_fix != a.to_fix:
        out.append(b.fixing if b.to_fix else "every result fixed")
    if not out and (rows_changed or lines_changed):
        out.append("a correction")
    return out


def _reached(snapshot: Snapshot, tab: str) -> dict[str, object]:
    """How far each bracket competitor of a table has gone."""
    return {p.key: p.reached for p in snapshot.placings.get(tab, ()) if p.reached}


def _round_changes(a: EventState, b: EventState) -> list[str]:
    """New rounds paired and rounds completed."""
    out = [f"round {n} paired" for n in range(a.paired + 1, b.paired + 1)]
    out += [f"round {n} complete" for n in range(max(a.played, 0) + 1, max(b.played, 0) + 1) if n >= 1]
    if a.phase is not Phase.NOT_STARTED and b.paired < a.paired:
        out.append(f"back to round {b.paired}")
    if (b.results, b.wrong) != (a.results, a.wrong) and b.paired == a.paired and b.played == a.played:
        out.append(f"round {b.paired}: {b.progress}")
    return out
