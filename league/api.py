"""The league as pandas DataFrames, for notebooks: `lg = league.open("league.toml")`, then `lg.matches()`,
`lg.standings(event)`, `lg.leaderboard()`, `lg.history()`, `lg.stats(by=...)`, `lg.matchups(by=...)`, `lg.records()`,
`lg.ratings()`.

The only module of the domain that imports pandas, and only `league.open` imports it: the sync never does. It frames
what the domain works out (the evaluated league, `league.stats`) and reads nothing itself.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

import pandas as pd

from league import stats as counts
from league.cells import Cell, as_text
from league.evaluate import Evaluation
from league.match_table import KINDS, Outcome
from league.outcome import Reached
from league.ratings import SeasonGames, rate_until, rated_label, season_games
from league.report import leaderboard_sheet, standings_sheets
from league.table import Role, Table

Day = str | dt.date
"""A day as the API takes it: `"2024-09-01"` (ISO), a `date` or a `datetime` (its day)."""
OUTCOMES = {Outcome.WIN: "win", Outcome.DRAW: "draw", Outcome.LOSS: "loss", Outcome.BYE: "bye"}
RATE_COLUMNS = ["games", "wins", "draws", "losses", "win_rate", "low", "high"]
RATE_TYPES = {
    "games": "int64",
    "wins": "int64",
    "draws": "int64",
    "losses": "int64",
    "win_rate": "float64",
    "low": "float64",
    "high": "float64",
}


@dataclass(frozen=True)
class RecordedBoard:
    """One recorded sync's leaderboard, as the history keeps it."""

    id: int
    time: dt.datetime
    leaderboard: Table | None


@dataclass(frozen=True)
class LeagueFrames:
    """An evaluated league (and its recorded history) answering in DataFrames. Make one with `league.open`."""

    evaluation: Evaluation
    snapshots: Sequence[RecordedBoard] = ()
    earlier: Callable[[], Sequence[SeasonGames]] = tuple
    """The games of the earlier seasons league.toml's `[ratings] seasons` names,
    read when ratings are first asked for."""
    season: str = ""
    """This season's name in the ratings' history (the folder of its league.toml)."""

    def matches(self, event: str | None = None, since: Day | None = None) -> pd.DataFrame:
        """One row per side of every counted match (byes, forfeits and disqualifications included, see `kind`; the
        playoff games of the brackets after their event's Swiss rounds), in the order played. Columns: `event`,
        `date`, `round` (a playoff game's: the bracket's round), `tab` (`Bracket <Event>` for a playoff game), `row`,
        `side` (A, B), `competitor`, `opponent` (empty for a bye), `kind` (played, forfeit, bye, dq), `outcome` (win,
        draw, loss, bye), `games_won`, `games_lost`, `games_drawn`; then the ruleset's fields: its `[stats]` fields
        (`fighter`, `Deck`, `army`, `alignment`; a per-game text is empty for a playoff game), its per-side figures
        (`health`, `scenario`; empty where not typed) and its other texts (`map`)."""
        ev = self.evaluation
        lg = ev.league
        swiss, t, side, playoffs = counts.counted(ev, event, _day(since))
        dates = {e.id: e.date for e in lg.events}
        res = lg.ruleset.results
        n = len(t)
        rows = [swiss[i] for i in t.match.tolist()] + [m for m in playoffs for _ in m.sides]
        at = side.tolist() + [i for _ in playoffs for i in (0, 1)]
        sides = [m.sides[i] for m, i in zip(rows, at)]
        others = [m.sides[1 - i] for m, i in zip(rows[n:], at[n:])]
        ints = {
            "round": [*t.round.tolist(), *(m.round or 0 for m in rows[n:])],
            "row": [m.row for m in rows],
            "games_won": [*t.games_won.tolist(), *(s.games or 0 for s in sides[n:])],
            "games_lost": [*t.games_lost.tolist(), *(o.games or 0 for o in others)],
            "games_drawn": [*t.games_drawn.tolist(), *(0 for _ in others)],
        }
        frame: dict[str, object] = {
            "event": [m.event for m in rows],
            "date": [dates.get(m.event) for m in rows],
            "round": ints["round"],
            "tab": [m.tab for m in rows],
            "row": ints["row"],
            "side": [res.sides[i] for i in at],
            "competitor": [ev.names.get(t.names[c], s.name) for c, s in zip(t.competitor.tolist(), sides)]
            + [ev.names.get(s.key, s.name) for s in sides[n:]],
            "opponent": [ev.names.get(t.names[o], "") if o >= 0 else "" for o in t.opponent.tolist()]
            + [ev.names.get(o.key, o.name) for o in others],
            "kind": [KINDS[k].value for k in t.kind.tolist()] + ["played"] * len(others),
            "outcome": [OUTCOMES[Outcome(o)] for o in t.outcome.tolist()]
            + ["win" if s.key == m.winner_key else "loss" for m, s in zip(rows[n:], sides[n:])],
            **{k: ints[k] for k in ("games_won", "games_lost", "games_drawn")},
        }
        fields = lg.ruleset.stats.fields if lg.ruleset.stats else {}
        for name, field in fields.items():
            e = counts.entries(rows, sides, field, lg)
            frame[name] = [e.names[c] if c >= 0 else "" for c in e.codes.tolist()]
        for name in res.figures:
            frame[name] = pd.array(
                [v if k else None for v, k in zip(t.figures[name].tolist(), t.known[name].tolist())]
                + [None] * len(others),
                dtype="Int64",
            )
        shown = {f.text for f in fields.values()}
        for name in res.texts:
            if name not in shown and name not in frame:
                frame[name] = [s.texts.get(name, "") for s in sides]
        for name in res.row_texts:
            if name not in frame:
                frame[name] = [m.row_texts.get(name, "") for m in rows]
        out = pd.DataFrame(frame).astype({k: "int64" for k in ints})
        order = counts.played_order(lg)
        return out.iloc[sorted(range(len(rows)), key=lambda i: (*order(rows[i]), i))].reset_index(drop=True)

    def standings(self, event: str) -> pd.DataFrame:
        """An event's standings as its `Standings <Event>` tab shows them, in its order (once the playoffs have a
        champion, they decide the top places), one row per competitor, its columns the tab's (`Rank`, `Player`, `Wins`,
        ...; percentages as fractions), then `swiss_rank` (the rank after the Swiss rounds, Int64) and `finish` (how
        far a bracket competitor went: `won the final`, `final`, `semi-final`, ...; `in the final` while it is played;
        empty for the others)."""
        ev = self.evaluation
        found = ev.league.event_id(event)
        if found is None:
            raise counts.StatsError(
                f"there is no event {event!r}; events: {', '.join(e.id for e in ev.league.events) or 'none'}"
            )
        table = next(t for t in standings_sheets(ev) if t.name == f"Standings {found}")
        frame = _frame(table)
        swiss = {line.key: line.rank for line in ev.standings[found]}
        placings = ev.placings[found]
        frame["swiss_rank"] = pd.array([swiss[p.key] for p in placings], dtype="Int64")
        frame["finish"] = [_finish(p.reached) if p.reached else "" for p in placings]
        return frame

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
                out.append(
                    (snap.id, pd.Timestamp(snap.time), _number(cell[0]), as_text(cell[1]), cell[2], as_text(cell[3]))
                )
        return pd.DataFrame(out, columns=["sync", "time", "rank", "competitor", "score", "move"])

    def stats(
        self, by: str | None = None, event: str | None = None, since: Day | None = None, min_games: int = 0
    ) -> pd.DataFrame:
        """Win rates by a `[stats]` field of the ruleset (`fighter`, `Deck`, `army`, `alignment`; default: the
        ruleset's own), one row per entry indexed by it, best first: `games`, `wins`, `draws`, `losses` (int64; mirror
        matches left out; byes, forfeits and intentional draws are no games), `win_rate` (float64: wins and half the
        draws over games), `low` and `high` (float64: its 95 % Wilson interval). Entries with fewer than `min_games`
        (0 or more) games are one row, `other`. `since`: `"2024-09-01"`, a date or a datetime."""
        if min_games < 0:
            raise ValueError(f"min_games must be 0 or more, not {min_games}")
        chosen = self._sides.only(event, _day(since))
        name, e = chosen.field(by)
        rates = counts.win_rates(chosen, e, min_games)
        frame = pd.DataFrame(
            [[getattr(r, c) for c in RATE_COLUMNS] for r in rates],
            columns=RATE_COLUMNS,
            index=pd.Index([r.entry for r in rates], name=name, dtype=object),
        )
        return frame.astype(RATE_TYPES)

    def matchups(
        self, by: str | None = None, event: str | None = None, since: Day | None = None, top: int = counts.TOP_MATCHUPS
    ) -> pd.DataFrame:
        """The `top` most played entries against each other (of one event, or since a day): row entry's win rate
        against the column's (float64, NaN where they never met), with `.attrs["games"]` the games between them as a
        DataFrame of the same shape (int64)."""
        chosen = self._sides.only(event, _day(since))
        _, e = chosen.field(by)
        m = counts.matchups(chosen, e, top)
        rate = [
            [s / n if n else float("nan") for s, n in zip(scores, games)] for scores, games in zip(m.score, m.games)
        ]
        frame = pd.DataFrame(rate, index=m.entries, columns=m.entries, dtype="float64")
        frame.attrs["games"] = pd.DataFrame(m.games, index=m.entries, columns=m.entries, dtype="int64")
        return frame

    def records(self, event: str | None = None, since: Day | None = None) -> pd.DataFrame:
        """Each competitor's played games, indexed by name, the longest current win streak first (every column int64):
        `wins`, `draws`, `losses`, `current` and `longest` (win streaks), `events` (events with a game played)."""
        rs = counts.records(self._sides.only(event, _day(since)))
        columns = ["wins", "draws", "losses", "current", "longest", "events"]
        return pd.DataFrame(
            [[getattr(r, c) for c in columns] for r in rs],
            columns=columns,
            index=pd.Index([r.competitor for r in rs], name=self.evaluation.league.ruleset.competitor, dtype=object),
        ).astype("int64")

    def ratings(self, history: bool = False, event: str | None = None, since: Day | None = None) -> pd.DataFrame:
        """Every competitor's skill rating after every kept game, the earlier seasons' (`[ratings] seasons`) first,
        indexed by name (a pair's players where the registration names them): the ranked best first, then the
        provisional (fewer games than the ruleset's `[ratings] provisional`). Columns: `mu` (the estimated skill),
        `sigma` (its uncertainty), `rating` (`mu - 3 sigma`, the figure to compare), `games` (int64), `change` (the
        rating's change since the previous event; NaN when first rated in the latest event), `provisional` (bool).

        `history=True`: one row per competitor per event they played, in the order played: `season`, `event`,
        `date`, `competitor`, `mu`, `sigma`, `rating`, `games` (so far). `event`: as they stood after that event of
        this season; `since`: only the games of events dated on or after that day."""
        lg = self.evaluation.league
        seasons = [*self._earlier, season_games(self.evaluation, self.season, lg.ruleset.ratings.members)]
        r = rate_until(seasons, lg.ruleset.ratings, event, _day(since))
        if history:
            columns = ["season", "event", "date", "competitor", "mu", "sigma", "rating", "games"]
            return pd.DataFrame(
                [
                    (s.season, s.event, s.date, r.names.get(s.key, s.key), s.mu, s.sigma, s.rating, s.games)
                    for s in r.history
                ],
                columns=columns,
            ).astype({"games": "int64"})
        frame = pd.DataFrame(
            {
                "mu": [x.mu for x in r.ratings],
                "sigma": [x.sigma for x in r.ratings],
                "rating": [x.rating for x in r.ratings],
                "games": [x.games for x in r.ratings],
                "change": [float("nan") if x.change is None else x.change for x in r.ratings],
                "provisional": [x.provisional for x in r.ratings],
            },
            index=pd.Index([x.name for x in r.ratings], name=rated_label(lg.ruleset), dtype=object),
        )
        return frame.astype(
            {
                "mu": "float64",
                "sigma": "float64",
                "rating": "float64",
                "games": "int64",
                "change": "float64",
                "provisional": "bool",
            }
        )

    @cached_property
    def _earlier(self) -> Sequence[SeasonGames]:
        return self.earlier()

    @cached_property
    def _sides(self) -> counts.Sides:
        return counts.sides(self.evaluation)


def _finish(reached: Reached) -> str:
    """How far a bracket competitor went, in words a notebook filters on."""
    if reached.won:
        return "won the final"
    return reached.stage if reached.out else f"in the {reached.stage}"


def _frame(table: Table) -> pd.DataFrame:
    return pd.DataFrame([list(r) for r in table.rows], columns=list(table.header))


def _number(cell: Cell) -> int | None:
    text = as_text(cell)
    return int(text) if text.isdigit() else None


def _day(since: Day | None) -> dt.date | None:
    """The day `since` names: an ISO `"2024-09-01"`, a date, or a datetime's day."""
    if since is None or (isinstance(since, dt.date) and not isinstance(since, dt.datetime)):
        return since
    if isinstance(since, dt.datetime):
        return since.date()
    if isinstance(since, str):
        try:
            return dt.date.fromisoformat(since.strip())
        except ValueError:
            raise ValueError(
                f'since must be a day such as "2024-09-01" (YYYY-MM-DD), a date or a datetime; not {since!r}'
            ) from None
    raise TypeError(f'since must be a day such as "2024-09-01", a date or a datetime; not {type(since).__name__}')
