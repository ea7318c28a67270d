"""The lineup component: a team's roster in a members tab (status, date added, rating), its size limits, clubs
with a limited number of teams, and the rating the first seeds come from; and its checks: roster statuses and dates,
team sizes, teams per club, and a team that could not field enough eligible players on a match's date."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from league.cells import name_key, parse_date, parse_number, parse_whole
from league.checks.base import at
from league.model.competitor import Entrant, Member
from league.model.league import League
from league.model.words import Kind
from league.problems import Problem, Severity
from league.rules.catalog import Catalog
from league.rules.components.base import Component, Tab
from league.rules.ruleset import Results, Ruleset
from league.rules.schema import Section
from league.sheet import Dropdown


@dataclass(frozen=True)
class LineupRules(Component, table="lineup"):
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
    """A player counts for a match dated at least this many days
    after `added` (added on 1 March with 3: from 4 March)."""
    date: str = ""
    """The `results.row_texts` key of the match date."""
    rating: str = ""
    """Members header of a rating (MMR) whose average over the counted players seeds the teams; empty: none."""
    club: str = ""
    """Registration header of the team's club; empty: no limit per club."""
    per_club: int = 0
    """Teams a club may have (0: any number)."""

    @classmethod
    def parse(cls, s: Section, results: Results) -> LineupRules:
        """The `[lineup]` section."""
        status, counted, statuses = s.get("status", str), s.strings("counted"), s.strings("statuses")
        if not counted or not {name_key(c) for c in counted} <= {name_key(w) for w in statuses}:
            raise s.error("counted", f"must list some of `statuses` ({', '.join(statuses)}), found {list(counted)!r}")
        smallest, largest = s.get("min", int), s.get("max", int)
        if not 0 < smallest <= largest:
            raise s.error("max", f"must be at least `min` (and `min` at least 1), found min {smallest}, max {largest}")
        date = s.key_of("date", results.row_texts, "results.row_texts", "")
        rules = LineupRules(
            status,
            counted,
            statuses,
            smallest,
            largest,
            s.get("added", str, ""),
            s.get("notice_days", int, 0),
            date,
            s.get("rating", str, ""),
            s.get("club", str, ""),
            s.get("per_club", int, 0),
        )
        if rules.notice_days < 0 or rules.per_club < 0:
            raise s.error("notice_days" if rules.notice_days < 0 else "per_club", "must be 0 or more")
        if rules.per_club and not rules.club:
            raise s.error("per_club", "needs `club`: the registration header naming each team's club")
        s.done()
        return rules

    def fields(self, tab: Tab) -> tuple[str, ...]:
        """The club column of the registration tab; the status, date added and rating of the members tab."""
        if tab is Tab.REGISTRATION:
            return (self.club,) if self.club else ()
        return tuple(h for h in (self.status, self.added, self.rating) if h) if tab is Tab.MEMBERS else ()

    def dropdowns(self, tab: Tab, ruleset: Ruleset, catalog: Catalog) -> tuple[Dropdown, ...]:
        """The statuses on the members tab's status column."""
        return (Dropdown(self.status, self.statuses),) if tab is Tab.MEMBERS else ()

    def ratings(self, lg: League) -> dict[str, Fraction]:
        """Competitor key -> the average rating of its counted
        players (those with a readable rating), for first seeds."""
        if not self.rating:
            return {}
        values: dict[str, list[Fraction]] = {}
        for m in lg.members:
            rating = parse_number(m.fields.get(self.rating, ""))
            if self.counts_member(m) and rating is not None:
                values.setdefault(m.competitor_key, []).append(rating)
        return {team: sum(v, Fraction(0)) / len(v) for team, v in values.items()}

    def counts_member(self, m: Member) -> bool:
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


def _rules(lg: League) -> LineupRules:
    rules = lg.ruleset.component(LineupRules)
    assert rules is not None and lg.ruleset.members is not None, "the lineup checks run only for rulesets with a lineup"
    return rules


def _teams(lg: League) -> dict[str, Entrant]:
    """Team key -> its registration (the first row naming it), in row order."""
    out: dict[str, Entrant] = {}
    for e in lg.registrations:
        out.setdefault(e.key, e)
    return out


@LineupRules.check
def roster_fields(lg: League) -> Iterator[Problem]:
    """Every roster row names a registered team, a known status, a readable date added and rating."""
    rules, spec = _rules(lg), lg.ruleset.members
    assert spec is not None
    teams, known = _teams(lg), {name_key(s) for s in rules.statuses}
    for m in lg.members:
        if lg.registered and m.competitor_key not in teams:
            yield at(
                lg,
                spec.tab,
                m.row,
                spec.competitor,
                "unknown-competitor",
                f"{m.competitor!r} is not in the {lg.ruleset.registration.tab} tab",
                f"type the {spec.competitor.lower()} as registered, or register it",
            )
        status = m.fields.get(rules.status, "")
        if name_key(status) not in known:
            yield at(
                lg,
                spec.tab,
                m.row,
                rules.status,
                "unknown-status",
                f"{rules.status} {status!r} is not known" if status else f"{rules.status} of {m.name} is empty",
                "use one of " + ", ".join(rules.statuses),
            )
        added = m.fields.get(rules.added, "") if rules.added else ""
        if rules.added and day_of(added) is None:
            yield at(
                lg,
                spec.tab,
                m.row,
                rules.added,
                "unreadable" if added else "missing-value",
                f"{rules.added} {added!r} is not a date" if added else f"{rules.added} of {m.name} is empty",
                "type the date the player joined the roster as YYYY-MM-DD",
            )
        rating = m.fields.get(rules.rating, "") if rules.rating else ""
        if rating and parse_number(rating) is None:
            yield at(
                lg,
                spec.tab,
                m.row,
                rules.rating,
                "unreadable",
                f"{rules.rating} {rating!r} is not a number",
                "type a number",
            )
        elif rules.rating and not rating and rules.counts_member(m):
            yield at(
                lg,
                spec.tab,
                m.row,
                rules.rating,
                "missing-value",
                f"{m.name} has no {rules.rating}",
                f"type it: the team's seed is the average {rules.rating} of the others",
                Severity.WARNING,
            )


def _counted(lg: League, rules: LineupRules) -> dict[str, list[Member]] | None:
    """Team key -> its counted (Active) players, each once (a row typed twice is reported, not counted twice); None
    when the roster tab could not be read (already reported: every team would look empty)."""
    assert lg.ruleset.members is not None, "only rulesets with a roster tab count players"
    if lg.ruleset.members.tab not in lg.columns:
        return None
    out: dict[str, list[Member]] = defaultdict(list)
    seen: set[tuple[str, str]] = set()
    for m in lg.members:
        key = (m.competitor_key, name_key(m.name))
        if rules.counts_member(m) and key not in seen:
            seen.add(key)
            out[key[0]].append(m)
    return out


@LineupRules.check
def roster_size(lg: League) -> Iterator[Problem]:
    """A team has between `min` and `max` counted players (Pending players never count): reported at its team row."""
    rules, reg = _rules(lg), lg.ruleset.registration
    counted = _counted(lg, rules)
    if counted is None:
        return
    for team in _teams(lg).values():
        size = len(counted[team.key])
        if not rules.smallest <= size <= rules.largest:
            yield at(
                lg,
                reg.tab,
                team.row,
                reg.name,
                "roster-size",
                f"{team.name} has {size} {rules.counted[0]} players",
                f"a team has {rules.smallest} to {rules.largest} {rules.counted[0]} players: fix the roster",
            )


@LineupRules.check
def teams_per_club(lg: League) -> Iterator[Problem]:
    """A club registers at most `per_club` teams: every team past that is reported at its club cell."""
    rules, reg = _rules(lg), lg.ruleset.registration
    if not rules.per_club:
        return
    seen: dict[str, list[str]] = defaultdict(list)
    for e in _teams(lg).values():
        club = e.fields.get(rules.club, "")
        earlier = seen[name_key(club)]
        earlier.append(e.name)
        if club and len(earlier) > rules.per_club:
            yield at(
                lg,
                reg.tab,
                e.row,
                rules.club,
                "club-teams",
                f"{club} already has {', '.join(earlier[:-1])}",
                f"a club may have {rules.per_club} teams: remove {e.name} or correct its club",
            )


@LineupRules.check
def eligible_lineup(lg: League) -> Iterator[Problem]:
    """On a match's date, each team playing it has at least `min` counted players added early enough (a played match
    with no date: a warning, as the notice cannot be checked)."""
    rules, res = _rules(lg), lg.ruleset.results
    if not rules.date:
        return
    header = res.row_texts[rules.date]
    counted = _counted(lg, rules)
    for m in lg.matches:
        typed = m.row_texts.get(rules.date, "")
        day = day_of(typed) if typed else None
        if typed and day is None:
            yield at(
                lg,
                m.tab,
                m.row,
                header,
                "unreadable",
                f"{header} {typed!r} is not a date",
                "type the match date as YYYY-MM-DD",
            )
        elif not typed and m.kind is Kind.PLAYED and rules.notice_days:
            yield at(
                lg,
                m.tab,
                m.row,
                header,
                "missing-value",
                f"{header} is empty: the players' notice cannot be checked",
                "type the match date as YYYY-MM-DD",
                Severity.WARNING,
            )
        if day is None or m.kind is not Kind.PLAYED or counted is None:
            continue
        for side, s in zip(res.sides, m.sides):
            ready = [p for p in counted.get(s.key, []) if rules.eligible_on(p, day)]
            if s.name and lg.entrant(m.event, s.name) and len(ready) < rules.smallest:
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    res.side_header(res.competitor, side),
                    "lineup-short",
                    f"{s.name} had {len(ready)} eligible players on {day.isoformat()}: "
                    f"players count {rules.notice_days} days after they are added",
                    f"a team needs {rules.smallest}: check the roster's dates or the match date",
                )
