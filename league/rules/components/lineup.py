"""The lineup component: a team's roster in a members tab (status, date added, rating), its size limits, clubs
with a limited number of teams, and the rating the first seeds come from. Its checks are in `league/checks/lineup.py`."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from league.cells import name_key, parse_date, parse_number, parse_whole
from league.model.competitor import Member
from league.model.league import League
from league.rules.ruleset import Results
from league.rules.schema import Section


@dataclass(frozen=True)
class LineupRules:
    """Roster limits, read from the members tab's fields and the registration tab's club column."""

    status: str
    """Members header of each player's status, e.g. `Status`."""
    counted: tuple[str, ...]
    """Statuses that count (`Active`); every other known status (`Pending`) never counts."""
    statuses: tuple[str, ...]
    """Every status judges may type."""
    smallest: int
    largest: int
    """Counted players a team must have, inclusive."""
    added: str = ""
    """Members header of the date a player was added; empty: no notice period."""
    notice_days: int = 0
    """A player counts for a match dated at least this many days after `added` (added on 1 March with 3: from 4 March)."""
    date: str = ""
    """The `results.row_texts` key of the match date."""
    rating: str = ""
    """Members header of a rating (MMR) whose average over the counted players seeds the teams; empty: none."""
    club: str = ""
    """Registration header of the team's club; empty: no limit per club."""
    per_club: int = 0
    """Teams a club may have (0: any number)."""

    @property
    def registration_fields(self) -> tuple[str, ...]:
        return (self.club,) if self.club else ()

    @property
    def member_fields(self) -> tuple[str, ...]:
        """The members headers the component reads: each must be one of `[members] fields`."""
        return tuple(h for h in (self.status, self.added, self.rating) if h)

    def counts(self, m: Member) -> bool:
        """Whether the player counts toward the team's size (an `Active`, not a `Pending` player)."""
        return name_key(m.fields.get(self.status, "")) in {name_key(s) for s in self.counted}

    def eligible_on(self, m: Member, day: dt.date) -> bool:
        """Whether a counted player may play a match on `day`: added early enough (an unreadable date never is)."""
        if not self.added:
            return True
        added = day_of(m.fields.get(self.added, ""))
        return added is not None and (day - added).days >= self.notice_days


def day_of(text: str) -> dt.date | None:
    """A date read as text: `YYYY-MM-DD`, or the serial number Google Sheets sends for a date cell."""
    whole = parse_whole(text)
    return parse_date(whole if whole is not None else text)


def parse(s: Section, results: Results) -> LineupRules:
    """The `[lineup]` section."""
    status, counted, statuses = s.get("status", str), s.strings("counted"), s.strings("statuses")
    if not counted or not {name_key(c) for c in counted} <= {name_key(w) for w in statuses}:
        raise s.error("counted", f"must list some of `statuses` ({', '.join(statuses)}), found {list(counted)!r}")
    smallest, largest = s.get("min", int), s.get("max", int)
    if not 0 < smallest <= largest:
        raise s.error("max", f"must be at least `min` (and `min` at least 1), found min {smallest}, max {largest}")
    date = s.key_of("date", results.row_texts, "results.row_texts", "")
    rules = LineupRules(status, counted, statuses, smallest, largest, s.get("added", str, ""), s.get("notice_days", int, 0),
                        date, s.get("rating", str, ""), s.get("club", str, ""), s.get("per_club", int, 0))
    if rules.notice_days < 0 or rules.per_club < 0:
        raise s.error("notice_days" if rules.notice_days < 0 else "per_club", "must be 0 or more")
    if rules.per_club and not rules.club:
        raise s.error("per_club", "needs `club`: the registration header naming each team's club")
    s.done()
    return rules


def ratings(lg: League) -> dict[str, Fraction]:
    """Competitor key -> the average rating of its counted players (those with a readable rating), for first seeds."""
    rules = lg.ruleset.component(LineupRules)
    if rules is None or not rules.rating:
        return {}
    values: dict[str, list[Fraction]] = {}
    for m in lg.members:
        rating = parse_number(m.fields.get(rules.rating, ""))
        if rules.counts(m) and rating is not None:
            values.setdefault(name_key(m.competitor), []).append(rating)
    return {team: sum(v, Fraction(0)) / len(v) for team, v in values.items()}
