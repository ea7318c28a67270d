"""The frozen records a ruleset file is checked into: tabs and headers, format, scoring, tiebreakers, prizes."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from league.cells import name_key
from league.model.words import ResultWord, Status, word_key
from league.rules.components.base import Component, overrides
from league.rules.rating_rules import RatingRules
from league.rules.stats_rules import StatsRules

if TYPE_CHECKING:
    from league.model.match import Match

C = TypeVar("C", bound=Component)


@dataclass(frozen=True)
class Registration:
    """The registration tab: who plays in which event, with which members and which extra columns."""

    tab: str
    """Tab name, e.g. `Players` or `Pairs`."""
    name: str
    """Header of the competitor's name."""
    event: str
    """Header of the event id; empty when every competitor plays every event (a season's teams)."""
    status: str
    """Header of the status (empty, Dropped, DQ)."""
    members: tuple[str, ...] = ()
    """Headers of the member players on the row (a pair's `Player 1`, `Player 2`); empty for a lone player."""
    fields: tuple[str, ...] = ()
    """Further headers components read (a roster's `Fighter 1` ...), required on this tab."""
    one_event_per_stage: bool = True
    """A competitor may register for only one event of each stage."""
    optional: tuple[str, ...] = ()
    """Headers read when the tab has them (a judge's decision on a tie), never required."""

    @property
    def headers(self) -> tuple[str, ...]:
        """Every header in the order `league init` writes them."""
        return (
            self.name,
            *([self.event] if self.event else []),
            *self.members,
            *self.fields,
            self.status,
            *self.optional,
        )


@dataclass(frozen=True)
class MembersTab:
    """A tab of its own listing each competitor's members (a team's roster), one member per row."""

    tab: str
    competitor: str
    """Header naming the competitor (team) the member belongs to."""
    name: str
    """Header of the member's name."""
    fields: tuple[str, ...] = ()
    """Further headers read as text for the ruleset's components (status, dates, ratings)."""

    @property
    def headers(self) -> tuple[str, ...]:
        return (self.competitor, self.name, *self.fields)


@dataclass(frozen=True)
class GameRules:
    """Where a results row records games: games won per side, and drawn games for the row."""

    won: str
    """Per-side header template, e.g. `Wins {side}`."""
    drawn: str = ""
    """Header of drawn games, or empty when games cannot be drawn."""
    bye: tuple[int, int] = (0, 0)
    """Games a bye counts as (won, lost) in the competitor's own game figures."""
    best_of: int = 0
    """Games a match lasts at most (3: best of three, over once a side has won 2); 0: any number of games."""


@dataclass(frozen=True)
class Results:
    """The results tab of every event: headers, with `{side}` standing for A or B."""

    round: str
    table: str
    """Header of the table number; empty when the results tab has none (a team league played online)."""
    competitor: str
    result: str
    kinds: Mapping[str, ResultWord]
    """Result words as judges should type them (matched ignoring case, spaces and dots) to what they mean: the
    words the dropdowns offer."""
    order: tuple[str, ...]
    """Every header in the order `league init` writes them."""
    sides: tuple[str, ...] = ("A", "B")
    figures: Mapping[str, str] = field(default_factory=dict)
    """Per-side whole numbers by name, e.g. `health -> "Health {side}"`."""
    texts: Mapping[str, str] = field(default_factory=dict)
    """Per-side text by name, e.g. `fighter -> "Fighter {side}"`."""
    row_texts: Mapping[str, str] = field(default_factory=dict)
    """Text for the whole row by name, e.g. `map -> "Map"`."""
    winner: str = ""
    """Header naming the winner, when the outcome is typed as a name."""
    compare: str = ""
    """A figure whose higher value wins the match (equal: a draw),
    when the outcome follows from it (scenario points)."""
    games: GameRules | None = None
    """Where games are typed, when the outcome follows from games won."""
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """A word of `kinds` -> the other words its community types for it (`ID` for `Intentional Draw`), read as it."""
    drop: str = ""
    """Per-side header of a drop mark (`Drop {side}`): `yes`, `x` or `drop` ends that competitor's event after the row's
    round; empty when the results tab has none."""

    def side_header(self, template: str, side: str) -> str:
        """A per-side header such as `Player A`."""
        return template.replace("{side}", side)

    @property
    def outcome_headers(self) -> tuple[str, ...]:
        """The cells that record how a match ended (figures, games, the winner, the result word): all empty in a
        pending row, the first of them where a missing result is reported."""
        per_side = [*self.figures.values(), *([self.games.won] if self.games else [])]
        first = [self.side_header(self.figures[self.compare], self.sides[0])] if self.compare else []
        return tuple(
            dict.fromkeys(
                [
                    *([self.winner] if self.winner else []),
                    *first,
                    *(self.side_header(h, s) for h in per_side for s in self.sides),
                    *([self.games.drawn] if self.games and self.games.drawn else []),
                    self.result,
                ]
            )
        )

    @property
    def whole_headers(self) -> frozenset[str]:
        """Headers of the cells holding whole numbers: each side's figures and games won, and the drawn games."""
        per_side = [*self.figures.values(), *([self.games.won] if self.games else [])]
        return frozenset(
            {self.side_header(h, s) for h in per_side for s in self.sides}
            | ({self.games.drawn} if self.games and self.games.drawn else set())
        )

    @property
    def required(self) -> tuple[str, ...]:
        """Headers every results tab must have: the round, each side's columns, the outcome and the result."""
        per_side = [
            self.competitor,
            *self.texts.values(),
            *self.figures.values(),
            *([self.games.won] if self.games else []),
        ]
        sides = [self.side_header(h, s) for s in self.sides for h in per_side]
        outcome = [
            *([self.winner] if self.winner else []),
            *([self.games.drawn] if self.games and self.games.drawn else []),
        ]
        return (self.round, *sides, *outcome, self.result, *self.row_texts.values())


@dataclass(frozen=True)
class Rule:
    """A registered rule (a scoring or a tiebreaker) as the ruleset names and configures it."""

    name: str
    label: str
    """Column header in the standings."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Checked against the rule's schema when the ruleset loads, defaults filled in."""
    display: str = "decimal"
    """How the standings show the value: `decimal` (rounded to 4 places), `percent` (full precision, shown as %),
    `whole` (a whole number), or `hidden` (it breaks ties without a column of its own)."""


@dataclass(frozen=True)
class Ban:
    """A banned set, piece or map, optionally only for events in a date window."""

    what: str
    """`set`, `piece` or `map`."""
    name: str
    since: dt.date | None = None
    """First event date the ban applies to (inclusive)."""
    before: dt.date | None = None
    """Events on or after this date are not affected."""

    def applies(self, day: dt.date | None) -> bool:
        """Whether the ban is in force for an event on `day` (undated events: always)."""
        if day is None:
            return True
        return (self.since is None or day >= self.since) and (self.before is None or day < self.before)


class Follows(StrEnum):
    """The standings a prize is given by."""

    SWISS = "swiss"
    """An event's standings after its Swiss rounds: the regular season's champion, whatever the playoffs do."""
    FINAL = "final"
    """An event's final standings, its playoffs deciding the places they cover; for a league prize, the final
    standings of the season's last event (a season decided by its playoffs)."""
    POINTS = "points"
    """The league's points: the leaderboard."""


@dataclass(frozen=True)
class Prize:
    """A prize for a range of ranks, or for everyone who played enough matches."""

    name: str
    ranks: tuple[int, int] | None = None
    min_played: int | None = None
    follows: Follows = Follows.FINAL
    """The standings it is given by (`follows` in the ruleset): an event prize's default is `final`, a league
    prize's `points`."""


@dataclass(frozen=True)
class Season:
    """The organiser's plan of a season: a league is final only when it says so."""

    events: int | None = None
    """The events the season holds (`[season] events`); None: not planned, so the leaderboard only ever leads."""
    closed: bool = False
    """The organiser closed the season (`[season] closed = true` in league.toml): its events so far are all of it."""


class Effect(StrEnum):
    """What a penalty does to the recorded result of the round it was given in."""

    GAME = "game"
    """The competitor loses one game: the opponent is given one more game won."""
    MATCH = "match"
    """The competitor loses the match."""


@dataclass(frozen=True)
class Penalties:
    """The penalty words judges type, what some of them do, and the guide of default penalties."""

    kinds: tuple[str, ...] = ()
    ends_event: tuple[str, ...] = ()
    """Penalties after which a competitor plays no further round (drop, disqualification)."""
    effects: Mapping[str, Effect] = field(default_factory=dict)
    """Penalty word -> what it changes in that round's result."""
    guide: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Infraction -> the default penalty at each Rules Enforcement Level (one entry: the same at every level)."""

    def default(self, infraction: str, level: int) -> str | None:
        """The guide's penalty for an infraction at a level (1-based), if the guide names the infraction."""
        found = next((v for k, v in self.guide.items() if name_key(k) == name_key(infraction)), None)
        if not found:
            return None
        return found[min(level, len(found)) - 1]


FORM_QUESTIONS = ("Timestamp", "Email Address", "Event")
"""The questions every players' Form starts with (Google adds the first two; the event names the results tab): never
a `[reports]` question of a ruleset's own."""


@dataclass(frozen=True)
class Ruleset:
    """A whole league format: tabs, limits, scoring, tiebreakers, components and prizes."""

    name: str
    title: str
    source: str
    """Where the ruleset came from (preset name or file path), for messages."""
    competitor: str
    competitors: str
    registration: Registration
    results: Results
    rounds: int
    """Swiss rounds of an event whose `Rounds` cell is empty,
    when `rounds_by_players` says nothing (a table: its most)."""
    statuses: Mapping[str, Status]
    scoring: Rule
    tiebreakers: tuple[Rule, ...]
    members: MembersTab | None = None
    matches_per_round: int = 1
    draws: bool = False
    """Whether a played match may end without a winner."""
    count: str = "matches"
    """The standings column after the score: `matches` played, the `record` (W-L-D), `losses`, or `none`."""
    record_in_exports: bool = False
    """The exports draw the score (the wins) and the losses as one `Record` figure, wins first (`7-1`), as the field
    writes a record; the workbook keeps both columns. Only with `count = "losses"`, scoring by wins, no draws."""
    components: tuple[Component, ...] = ()
    hashtags: tuple[str, ...] = ()
    """The captions' hashtags unless `[branding] hashtags` in league.toml names others (an empty list: none)."""
    event_prizes: tuple[Prize, ...] = ()
    league_prizes: tuple[Prize, ...] = ()
    season: Season = field(default_factory=Season)
    penalties: Penalties = field(default_factory=Penalties)
    playoffs: tuple[int, tuple[int, ...]] | None = None
    """(competitors who go through, best-of length of each round with the last repeating) for `league bracket`."""
    pairing: str = ""
    """The pairing system `league pair` uses (a name from `league.pairing.SYSTEMS`); empty: pairing by hand."""
    avoid_same: str = ""
    """A registration header (a club): competitors with the same value there are not paired while that is possible."""
    no_rematch_from: int | None = None
    """In an event with at least this many competitors, nobody should meet the same opponent twice."""
    spread_byes: bool = False
    """No competitor gets a second bye before every competitor of the event has had one."""
    dq_loses_every_game: bool = False
    """A competitor with status DQ loses every match it played (its opponents win them), instead of only leaving."""
    rounds_by_players: tuple[tuple[int | None, int], ...] = ()
    """`[format] rounds` as a table by attendance: (most players, rounds), in order; None for any more players."""
    reports: tuple[tuple[str, str], ...] = ()
    """`[reports]`: each question of the players' result Form -> the results header it fills, from the reporter's side
    (side A: the one answering); empty when the ruleset takes no reports."""
    stats: StatsRules | None = None
    """What `league stats` can group the games by; None: the ruleset records nothing to group by."""
    ratings: RatingRules = field(default_factory=RatingRules)
    """`[ratings]`: how ratings carry across seasons and when one is provisional."""

    def rounds_for(self, players: int) -> int:
        """The Swiss rounds of an event of `players` competitors (the Magic Tournament Rules' table, or one number)."""
        return next((rounds for most, rounds in self.rounds_by_players if most is None or players <= most), self.rounds)

    @cached_property
    def _words(self) -> dict[str, ResultWord]:
        res = self.results
        aliases = {word_key(a): res.kinds[w] for w, typed in res.aliases.items() for a in typed}
        return {**aliases, **{word_key(w): k for w, k in res.kinds.items()}}

    @cached_property
    def _statuses(self) -> dict[str, Status]:
        return {name_key(w): s for w, s in self.statuses.items()}

    def word_of(self, word: str) -> ResultWord | None:
        """What a `Result` cell means (a word of `kinds` or one of its aliases, ignoring case, spaces and dots), or
        None for a word the ruleset does not know."""
        return self._words.get(word_key(word))

    def status_of(self, word: str) -> Status | None:
        """What a `Status` cell means (ignoring case), or None for an unknown word."""
        return self._statuses.get(name_key(word))

    @property
    def judge_column(self) -> str:
        """The registration column holding judges' decisions on ties, when a tiebreaker reads one."""
        return next((str(t.options["column"]) for t in self.tiebreakers if t.name == "judge"), "")

    def counts(self, m: Match) -> bool:
        """Whether a results row counts toward the standings: every component lets it (a playoff stage does not)."""
        return all(c.counts(m) for c in self._row_filters)

    @cached_property
    def _row_filters(self) -> tuple[Component, ...]:
        """The components that keep some rows out of the standings: most rulesets have none, and every row asks."""
        return tuple(c for c in self.components if overrides(c, "counts"))

    def component(self, kind: type[C]) -> C | None:
        """The ruleset's component of that kind, if it has one: how a component finds its own settings, or another's
        it builds on (a roster checked against the catalog). The engine asks the components' hooks instead."""
        found = self._found.get(kind, self)
        if found is self:
            found = self._found[kind] = next((c for c in self.components if isinstance(c, kind)), None)
        return found  # type: ignore[return-value]

    @cached_property
    def _found(self) -> dict[type, object]:
        """Component kind -> the ruleset's component of it, or None, filled as asked: checks ask for every row."""
        return {}
