"""The league as pandas DataFrames, for notebooks: `lg = league.open("league.toml")`, then `lg.matches()`,
`lg.standings(event)`, `lg.leaderboard()`, `lg.history()`, `lg.stats(by=...)`, `lg.matchups(by=...)`, `lg.records()`.

The only module of the domain that imports pandas, and only `league.open` imports it: the sync never does. It frames
what the domain works out (the evaluated league, `league.stats`) and reads nothing itself.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import pandas as pd

from league import stats as counts
from league.cells import Cell, as_text
from league.evaluate import Evaluation
from league.match_table import KINDS, Outcome
from league.report import leaderboard_sheet, standings_sheets
from league.table import Role, Table

OUTCOMES = {Outcome.WIN: "win", Outcome.DRAW: "draw", Outcome.LOSS: "loss", Outcome.BYE: "bye"}
RATE_COLUMNS = ["games", "wins", "draws", "losses", "win_rate", "low", "high"]


@dataclass(frozen=True)
class Snapshot:
    """One recorded sync's leaderboard, as the history keeps it."""

    id: int
    time: dt.datetime
    leaderboard: Table | None


@dataclass(frozen=True)
class LeagueFrames:
    """An evaluated league (and its recorded history) answering in DataFrames. Make one with `league.open`."""

    evaluation: Evaluation
    snapshots: Sequence[Snapshot] = ()

    def matches(self, event: str | None = None, since: dt.date | None = None) -> pd.DataFrame:
        """One row per side of every counted match (byes, forfeits and disqualifications included, see `kind`), in the
        order played. Columns: `event`, `date`, `round`, `tab`, `row` (the results row), `side` (A, B), `competitor`,
        `opponent` (empty for a bye), `kind` (played, forfeit, bye, dq), `outcome` (win, draw, loss, bye), `games_won`,
        `games_lost`, `games_drawn`; then the ruleset's fields: its `[stats]` fields (`fighter`, `Deck`, `army`,
        `alignment`), its per-side figures (`health`, `scenario`; empty where not typed) and its other texts (`map`)."""
        ev = self.evaluation
        lg = ev.league
        matches, t, side = counts.counted(ev, event, since)
        dates = {e.id: e.date for e in lg.events}
        res = lg.ruleset.results
        rows = [matches[i] for i in t.match.tolist()]
        sides = [m.sides[i] for m, i in zip(rows, side.tolist())]
        frame: dict[str, object] = {
            "event": [m.event for m in rows], "date": [dates.get(m.event) for m in rows], "round": t.round.tolist(),
            "tab": [m.tab for m in rows], "row": [m.row for m in rows], "side": [res.sides[i] for i in side.tolist()],
            "competitor": [ev.names.get(t.names[c], s.name) for c, s in zip(t.competitor.tolist(), sides)],
            "opponent": [ev.names.get(t.names[o], "") if o >= 0 else "" for o in t.opponent.tolist()],
            "kind": [KINDS[k].value for k in t.kind.tolist()], "outcome": [OUTCOMES[Outcome(o)] for o in t.outcome.tolist()],
            "games_won": t.games_won.tolist(), "games_lost": t.games_lost.tolist(), "games_drawn": t.games_drawn.tolist()}
        fields = lg.ruleset.stats.fields if lg.ruleset.stats else {}
        for name, field in fields.items():
            e = counts.entries(rows, sides, field, lg)
            frame[name] = [e.names[c] if c >= 0 else "" for c in e.codes.tolist()]
        for name in res.figures:
            frame[name] = pd.array([v if k else None for v, k in zip(t.figures[name].tolist(), t.known[name].tolist())], dtype="Int64")
        shown = {f.text for f in fields.values()}
        for name in res.texts:
            if name not in shown and name not in frame:
                frame[name] = [s.texts.get(name, "") for s in sides]
        for name in res.row_texts:
            if name not in frame:
                frame[name] = [m.row_texts.get(name, "") for m in rows]
        return pd.DataFrame(frame)

    def standings(self, event: str) -> pd.DataFrame:
        """An event's standings as its `Standings <Event>` tab shows them (in Swiss order: the playoffs are drawn by a
        sync), one row per competitor, its columns the tab's (`Rank`, `Player`, `Wins`, ...; percentages as fractions)."""
        lg = self.evaluation.league
        found = lg.event_id(event)
        if found is None:
            raise counts.StatsError(f"there is no event {event!r}; events: {', '.join(e.id for e in lg.events) or 'none'}")
        table = next(t for t in standings_sheets(self.evaluation) if t.name == f"Standings {found}")
        return _frame(table)

    def leaderboard(self) -> pd.DataFrame:
        """The league table as the `Leaderboard` tab shows it (`Rank`, the competitor, one column per stage, the total,
        the tiebreakers, `Prize`, `Move` against the latest recorded sync, `Note`)."""
        previous = self.snapshots[-1].leaderboard if self.snapshots else None
        return _frame(leaderboard_sheet(self.evaluation, previous))

    def history(self) -> pd.DataFrame:
        """Every recorded sync's leaderboard, one row per sync and competitor, oldest first: `sync` (its number),
        `time` (UTC), `rank` (empty for a disqualified competitor), `competitor`, `score`, `move`."""
        out: list[tuple[object, ...]] = []
        for snap in self.snapshots:
            board = snap.leaderboard
            if board is None:
                continue
            at = {role: board.find(role) for role in (Role.RANK, Role.COMPETITOR, Role.SCORE, Role.MOVE)}
            for row in board.rows:
                cell = [row[i] if i is not None else None for i in at.values()]
                out.append((snap.id, pd.Timestamp(snap.time), _number(cell[0]), as_text(cell[1]), cell[2], as_text(cell[3])))
        return pd.DataFrame(out, columns=["sync", "time", "rank", "competitor", "score", "move"])

    def stats(self, by: str | None = None, event: str | None = None, since: dt.date | None = None,
              min_games: int = 0) -> pd.DataFrame:
        """Win rates by a `[stats]` field of the ruleset (`fighter`, `Deck`, `army`, `alignment`; default: the
        ruleset's own), one row per entry indexed by it, best first: `games`, `wins`, `draws`, `losses` (mirror matches
        left out; byes and forfeits are no games), `win_rate` (wins and half the draws over games), `low` and `high`
        (its 95 % Wilson interval). Entries with fewer than `min_games` games are one row, `other`."""
        chosen = self._sides.only(event, since)
        name, e = chosen.field(by)
        rates = counts.win_rates(chosen, e, min_games)
        return pd.DataFrame([[getattr(r, c) for c in RATE_COLUMNS] for r in rates], columns=RATE_COLUMNS,
                            index=pd.Index([r.entry for r in rates], name=name))

    def matchups(self, by: str | None = None, top: int = counts.TOP_MATCHUPS) -> pd.DataFrame:
        """The `top` most played entries against each other: row entry's win rate against the column's (NaN where they
        never met), with `.attrs["games"]` the games between them as a DataFrame of the same shape."""
        _, e = self._sides.field(by)
        m = counts.matchups(self._sides, e, top)
        rate = [[s / n if n else float("nan") for s, n in zip(scores, games)] for scores, games in zip(m.score, m.games)]
        frame = pd.DataFrame(rate, index=m.entries, columns=m.entries)
        frame.attrs["games"] = pd.DataFrame(m.games, index=m.entries, columns=m.entries)
        return frame

    def records(self, event: str | None = None, since: dt.date | None = None) -> pd.DataFrame:
        """Each competitor's played games, indexed by name, the longest current win streak first: `wins`, `draws`,
        `losses`, `current` and `longest` (win streaks), `events` (events with a game played)."""
        rs = counts.records(self._sides.only(event, since))
        columns = ["wins", "draws", "losses", "current", "longest", "events"]
        return pd.DataFrame([[getattr(r, c) for c in columns] for r in rs], columns=columns,
                            index=pd.Index([r.competitor for r in rs], name=self.evaluation.league.ruleset.competitor))

    @cached_property
    def _sides(self) -> counts.Sides:
        return counts.sides(self.evaluation)


def _frame(table: Table) -> pd.DataFrame:
    return pd.DataFrame([list(r) for r in table.rows], columns=list(table.header))


def _number(cell: Cell) -> int | None:
    text = as_text(cell)
    return int(text) if text.isdigit() else None
