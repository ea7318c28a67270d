"""The rules of the lineup component: roster statuses and dates, team sizes, teams per club, and a team that could
not field enough eligible players on a match's date."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from league.cells import name_key, parse_number
from league.checks.base import at, check
from league.model.competitor import Entrant, Member
from league.model.league import League
from league.problems import Problem, Severity
from league.rules.components.lineup import LineupRules, day_of
from league.model.words import Kind


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


@check(needs=LineupRules)
def roster_fields(lg: League) -> Iterator[Problem]:
    """Every roster row names a registered team, a known status, a readable date added and rating."""
    rules, spec = _rules(lg), lg.ruleset.members
    assert spec is not None
    teams, known = _teams(lg), {name_key(s) for s in rules.statuses}
    for m in lg.members:
        if lg.registered and name_key(m.competitor) not in teams:
            yield at(lg, spec.tab, m.row, spec.competitor, "unknown-competitor", f"{m.competitor!r} is not in the {lg.ruleset.registration.tab} tab",
                     f"type the {spec.competitor.lower()} as registered, or register it")
        status = m.fields.get(rules.status, "")
        if name_key(status) not in known:
            yield at(lg, spec.tab, m.row, rules.status, "unknown-status", f"{rules.status} {status!r} is not known",
                     "use one of " + ", ".join(rules.statuses))
        added = m.fields.get(rules.added, "") if rules.added else ""
        if rules.added and day_of(added) is None:
            yield at(lg, spec.tab, m.row, rules.added, "unreadable" if added else "missing-value",
                     f"{rules.added} {added!r} is not a date" if added else f"{rules.added} of {m.name} is empty",
                     "type the date the player joined the roster as YYYY-MM-DD")
        rating = m.fields.get(rules.rating, "") if rules.rating else ""
        if rating and parse_number(rating) is None:
            yield at(lg, spec.tab, m.row, rules.rating, "unreadable", f"{rules.rating} {rating!r} is not a number", "type a number")
        elif rules.rating and not rating and rules.counts(m):
            yield at(lg, spec.tab, m.row, rules.rating, "missing-value", f"{m.name} has no {rules.rating}",
                     f"type it: the team's seed is the average {rules.rating} of the others", Severity.WARNING)


def _counted(lg: League, rules: LineupRules) -> dict[str, list[Member]] | None:
    """Team key -> its counted (Active) players, each once (a row typed twice is reported, not counted twice); None
    when the roster tab could not be read (already reported: every team would look empty)."""
    assert lg.ruleset.members is not None, "only rulesets with a roster tab count players"
    if lg.ruleset.members.tab not in lg.columns:
        return None
    out: dict[str, list[Member]] = defaultdict(list)
    seen: set[tuple[str, str]] = set()
    for m in lg.members:
        key = (name_key(m.competitor), name_key(m.name))
        if rules.counts(m) and key not in seen:
            seen.add(key)
            out[key[0]].append(m)
    return out


@check(needs=LineupRules)
def roster_size(lg: League) -> Iterator[Problem]:
    """A team has between `min` and `max` counted players (Pending players never count): reported at its team row."""
    rules, reg = _rules(lg), lg.ruleset.registration
    counted = _counted(lg, rules)
    if counted is None:
        return
    for team in _teams(lg).values():
        size = len(counted[team.key])
        if not rules.smallest <= size <= rules.largest:
            yield at(lg, reg.tab, team.row, reg.name, "roster-size", f"{team.name} has {size} {rules.counted[0]} players",
                     f"a team has {rules.smallest} to {rules.largest} {rules.counted[0]} players: fix the roster")


@check(needs=LineupRules)
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
            yield at(lg, reg.tab, e.row, rules.club, "club-teams", f"{club} already has {', '.join(earlier[:-1])}",
                     f"a club may have {rules.per_club} teams: remove {e.name} or correct its club")


@check(needs=LineupRules)
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
            yield at(lg, m.tab, m.row, header, "unreadable", f"{header} {typed!r} is not a date", "type the match date as YYYY-MM-DD")
        elif not typed and m.kind is Kind.PLAYED and rules.notice_days:
            yield at(lg, m.tab, m.row, header, "missing-value", f"{header} is empty: the players' notice cannot be checked",
                     "type the match date as YYYY-MM-DD", Severity.WARNING)
        if day is None or m.kind is not Kind.PLAYED or counted is None:
            continue
        for side, s in zip(res.sides, m.sides):
            ready = [p for p in counted.get(name_key(s.name), []) if rules.eligible_on(p, day)]
            if s.name and lg.entrant(m.event, s.name) and len(ready) < rules.smallest:
                yield at(lg, m.tab, m.row, res.side_header(res.competitor, side), "lineup-short",
                         f"{s.name} had {len(ready)} eligible players on {day.isoformat()}: players count {rules.notice_days} "
                         f"days after they are added", f"a team needs {rules.smallest}: check the roster's dates or the match date")
