"""Rules over results rows: who played, the outcome, the rounds."""

from __future__ import annotations

from collections.abc import Iterator

from league.checks.base import UNPLAYED, at, check
from league.checks.penalties import registered
from league.model.league import League
from league.model.match import Match, Side
from league.model.words import Kind
from league.problems import Problem
from league.rules.catalog import closest


def distinct_sides(sides: tuple[str, ...], m: Match) -> list[tuple[str, Side]]:
    """The sides of a row, skipping a repeat of a competitor already seen (reported as plays-self)."""
    if len(m.sides) == 2:  # most rows, settled without the set: this runs for both sides of every row in several checks
        first, second = m.sides
        if second.name and second.key == first.key:
            return [(sides[0], first)]
        return list(zip(sides, m.sides))
    out = []
    seen: set[str] = set()
    for side, s in zip(sides, m.sides):
        key = s.key
        if not s.name or key not in seen:
            seen.add(key)
            out.append((side, s))
    return out


@check
def match_players(lg: League) -> Iterator[Problem]:
    """Every competitor in a results row is registered for that event; byes have one side."""
    res = lg.ruleset.results
    headers = [res.side_header(res.competitor, side) for side in res.sides]
    for m in lg.matches:
        for side, s, header in zip(res.sides, m.sides, headers):
            if not s.name:
                if m.kind is Kind.BYE and side != res.sides[0]:
                    continue
                fix = (
                    "type the name, or for a bye put the player in "
                    + res.side_header(res.competitor, res.sides[0])
                    + " and Bye in "
                    + res.result
                )
                yield at(lg, m.tab, m.row, header, "missing-value", f"{header} is empty", fix)
            elif m.kind is Kind.BYE and side != res.sides[0]:
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    header,
                    "bye-with-opponent",
                    f"a bye has no opponent, but {header} is {s.name!r}",
                    f"clear {header}, or clear {res.result} if the match was played",
                )
            elif side != res.sides[0] and s.key == m.sides[0].key:
                shown = (lg.entrant(m.event, s.name) or s).name
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    header,
                    "plays-self",
                    f"{shown} is on both sides of this match",
                    f"type the opponent's name in {header}",
                )
            elif lg.registered and lg.entrant(m.event, s.name) is None:
                elsewhere = sorted({e.event for e in lg.entrants if e.key == s.key})
                if elsewhere:
                    yield at(
                        lg,
                        m.tab,
                        m.row,
                        header,
                        "wrong-event",
                        f"{s.name} is registered for {', '.join(elsewhere)}, not {m.event}",
                        f"fix the name, or register {s.name} for {m.event}",
                    )
                else:
                    near = closest(s.name, registered(lg, m.event))
                    hint = (
                        f"did you mean {' or '.join(near)}?"
                        if near
                        else f"register {s.name} in the {lg.ruleset.registration.tab} tab"
                    )
                    yield at(
                        lg,
                        m.tab,
                        m.row,
                        header,
                        "unknown-competitor",
                        f"{s.name!r} is not registered for {m.event}",
                        hint,
                    )


@check
def match_winner(lg: League) -> Iterator[Problem]:
    """The outcome is typed: a winner who played, or the games won; a drawn match only where the ruleset allows it."""
    res, draws = lg.ruleset.results, lg.ruleset.draws
    decided = (Kind.FORFEIT, Kind.DQ) if draws else (Kind.PLAYED, Kind.FORFEIT, Kind.DQ)
    for m in lg.matches:
        if res.winner:
            names = {s.key for s in m.sides if s.name}
            if m.winner and m.winner_key not in names:
                choices = " or ".join(s.name for s in m.sides if s.name)
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    res.winner,
                    "winner-not-playing",
                    f"winner {m.winner!r} is not one of the players of this match",
                    f"type {choices}",
                )
            elif not m.winner and m.kind in decided:
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    res.winner,
                    "missing-value",
                    "no winner is given",
                    "type the winning player's name",
                )
        if res.games and m.kind in (Kind.PLAYED, Kind.FORFEIT, Kind.DQ):
            yield from _games(lg, m, draws)
        if res.compare and m.kind is Kind.PLAYED and not (m.word and (m.word.loser or m.word.draw)):
            yield from _compared(lg, m)


def _compared(lg: League, m: Match) -> Iterator[Problem]:
    """The figure that decides a played match (scenario points) is typed for both sides: an empty one is not 0."""
    res = lg.ruleset.results
    for side, s in distinct_sides(res.sides, m):
        header = res.side_header(res.figures[res.compare], side)
        if s.name and s.figures.get(res.compare) is None and header not in s.unreadable:
            yield at(
                lg,
                m.tab,
                m.row,
                header,
                "missing-value",
                f"{header} is empty",
                f"type what {s.name} scored (0 if nothing), or a `{res.result}` word if the game was not played",
            )


def _games(lg: League, m: Match, draws: bool) -> Iterator[Problem]:
    """Games won are typed for both sides of a played match (unless the result word records them); equal games
    make a draw, allowed or not, unless the result word decides the match."""
    res = lg.ruleset.results
    assert res.games is not None
    word = m.word
    if word and (word.games or word.loser or word.draw) and all(s.games is None for s in m.sides):
        return
    for side, s in distinct_sides(res.sides, m):
        header = res.side_header(res.games.won, side)
        if s.games is None and header not in s.unreadable:
            yield at(
                lg,
                m.tab,
                m.row,
                header,
                "missing-value",
                f"{header} is empty",
                f"type the games {s.name or 'the side'} won",
            )
    won = [s.games for s in m.sides]
    if any(c.best_of(m) is not None for c in lg.ruleset.components):
        return  # the component setting the row's length says whether the games end it: equal games never do
    typed = [g for g in won if g is not None]
    need = res.games.best_of // 2 + 1
    if res.games.best_of and len(typed) == len(won) and (max(typed) > need or min(typed) >= need):
        header = res.side_header(res.games.won, res.sides[typed.index(max(typed))])
        yield at(
            lg,
            m.tab,
            m.row,
            header,
            "impossible-games",
            f"the games are {'-'.join(map(str, won))}: a best of {res.games.best_of} is over once a "
            f"{lg.ruleset.competitor.lower()} has won {need}",
            f"type the games as played ({need} at most for each side, and only one side with {need})",
        )
        return
    if not draws and None not in won and len(set(won)) == 1 and not (word and word.loser):
        header = res.side_header(res.games.won, res.sides[-1])
        yield at(
            lg,
            m.tab,
            m.row,
            header,
            "drawn-match",
            f"the games are {'-'.join(map(str, won))}: this format has no drawn matches",
            "check the games won by each side",
        )


def repeated(m: Match, same: list[Match]) -> Match | None:
    """The first of `same` (earlier rows of its tab, round and first competitor) typing the match `m` types again;
    fingerprints are worked out only here, where a repeat is possible, not for every row."""
    if not same:
        return None
    mine = m.fingerprint()
    return next((e for e in same if e.fingerprint() == mine), None)


@check
def match_rounds(lg: League) -> Iterator[Problem]:
    """Rounds stay within the format, no one plays twice in a round, no row is typed twice."""
    res = lg.ruleset.results
    once = lg.ruleset.matches_per_round <= 1
    headers = [res.side_header(res.competitor, side) for side in res.sides]
    alike: dict[
        tuple[str, int, str], list[Match]
    ] = {}  # rows by tab, round and first competitor: a repeat shares all three
    in_round: dict[tuple[str, int, str], Match] = {}
    for m in lg.matches:
        if m.round is None:
            continue
        counted = lg.ruleset.counts(m)  # playoff rows (a stage not counted) number their own rounds
        if counted and m.round > lg.rounds_of(m.event):
            rounds = lg.rounds_of(m.event)
            yield at(
                lg,
                m.tab,
                m.row,
                res.round,
                "too-many-rounds",
                f"round {m.round} is past the {rounds} rounds of {m.event}",
                f"check the round number; {m.event} has rounds 1 to {rounds} (its Rounds in the Events tab, "
                "or the ruleset's `[format] rounds`)",
            )
            continue
        same = alike.setdefault((m.tab, m.round, m.sides[0].key if m.sides else ""), [])
        earlier = repeated(m, same)
        if earlier is not None:
            yield at(
                lg,
                m.tab,
                m.row,
                res.round,
                "duplicate-row",
                f"this row repeats row {earlier.row}",
                "delete the repeated row",
            )
            continue
        same.append(m)
        number = m.round if counted else -m.round
        for header, s in zip(headers, m.sides):
            if not s.name:
                continue
            other = in_round.setdefault((m.event, number, s.key), m)
            if other is not m and once:
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    header,
                    "twice-in-round",
                    f"{s.name} already plays in round {m.round} (row {other.row})",
                    "check the round number or the player",
                )


@check
def pending_results(lg: League) -> Iterator[Problem]:
    """A pending row (paired, no result yet) is fine until a later round of its event has rows."""
    last: dict[tuple[str, bool], int] = {}
    for m in lg.matches:
        if m.round is not None:
            key = (m.event, lg.ruleset.counts(m))  # playoff rows number their own rounds
            last[key] = max(last.get(key, 0), m.round)
    header = lg.ruleset.results.outcome_headers[0]
    for m in lg.matches:
        later = last.get((m.event, lg.ruleset.counts(m)), 0) if m.pending and m.round is not None else 0
        if m.round is not None and later > m.round:
            yield at(
                lg,
                m.tab,
                m.row,
                header,
                UNPLAYED,
                f"round {m.round} has no result, but round {later} is paired",
                f"type the result of this match (or a {lg.ruleset.results.result} word if it was not played)",
            )
