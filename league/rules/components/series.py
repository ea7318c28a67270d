"""The series component: matches played as best-of series (a best of three ends at 2 wins), and the check on scores."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from league.cells import parse_whole
from league.checks.base import at
from league.model.league import League
from league.model.match import Match, ends_series
from league.model.words import BOTH, Kind
from league.problems import Problem
from league.rules.components.base import Component
from league.rules.ruleset import Results
from league.rules.schema import RulesetError, Section


@dataclass(frozen=True)
class SeriesRules(Component, table="series"):
    """Where a row says how long its series is (a row text of the results tab), and the length when it is empty."""

    length: str = ""
    """A key of `results.row_texts` holding the series length, e.g. `best_of` for a `Best Of` column."""
    default: int = 3

    @classmethod
    def parse(cls, s: Section, results: Results) -> SeriesRules:
        """The `[series]` section; the results must record games, and a forfeit's games follow the series length."""
        if results.games is None:
            raise RulesetError(f"{s.source}: `series` needs `results.games`: a series is counted in games won")
        fixed = next((w for w, k in results.kinds.items() if k.loser and k.games), None)
        if fixed is not None:
            raise RulesetError(
                f"{s.source}: `results.kinds.{fixed!r}.games`: with `series`, a forfeit records the minimum winning "
                "score of the row's series (3-0 in a best of five); remove `games`"
            )
        length, default = s.key_of("length", results.row_texts, "results.row_texts", ""), s.get("default", int, 3)
        if default < 1 or default % 2 == 0:
            raise s.error("default", f"must be an odd number of games, found {default}")
        s.done()
        return SeriesRules(length, default)

    def forfeit_games(self, results: Results, m: Match) -> tuple[int, ...] | None:
        """The minimum winning score of the row's series for the side that did not forfeit."""
        return forfeit_games(self, results, m) if m.word and m.word.loser else None

    def best_of(self, m: Match) -> int | None:
        """The row's series length: `series_scores` checks that the games end it (2-2 is never a finished best of 3)."""
        return row_length(self, m)


def row_length(rules: SeriesRules, m: Match) -> int | None:
    """The row's series length: its typed length, the default when empty, None when typed as no whole number."""
    typed = m.row_texts.get(rules.length, "") if rules.length else ""
    return parse_whole(typed) if typed else rules.default


def forfeit_games(rules: SeriesRules, results: Results, m: Match) -> tuple[int, ...]:
    """Games a forfeit records, side A's first: the minimum winning score of the row's series for the side that did
    not forfeit (2-0 in a best of three, 3-0 in a best of five), no games for a double forfeit."""
    assert m.word is not None, "only a result word forfeits a match"
    need = (row_length(rules, m) or rules.default) // 2 + 1
    return tuple(0 if m.word.loser in (side, BOTH) else need for side in results.sides[:2])


@SeriesRules.check
def series_scores(lg: League) -> Iterator[Problem]:
    """A played series ends when one side reaches a majority of its games:
    2-0 or 2-1 in a best of three, never 2-2 or 3-1."""
    rules, res = lg.ruleset.component(SeriesRules), lg.ruleset.results
    assert rules is not None and res.games is not None, "the check runs only for rulesets with series"
    header = res.row_texts.get(rules.length, "")
    for m in lg.matches:
        length = row_length(rules, m)
        if length is None or length < 1 or length % 2 == 0:
            typed = m.row_texts.get(rules.length, "")
            yield at(
                lg,
                m.tab,
                m.row,
                header,
                "unreadable",
                f"{header} {typed!r} is not an odd number of games",
                "type 3 or 5",
            )
            continue
        won = [s.games for s in m.sides[:2]]
        if m.kind is not Kind.PLAYED or None in won or (m.word and (m.word.loser or m.word.draw)):
            continue
        a, b = won[0] or 0, won[1] or 0
        if not ends_series(a, b, length):
            games_b = res.side_header(res.games.won, res.sides[1])
            yield at(
                lg,
                m.tab,
                m.row,
                games_b,
                "series-score",
                f"{a}-{b} cannot end a best of {length}",
                f"the winner has {length // 2 + 1} games and the other side fewer: check the games",
            )


@SeriesRules.check
def forfeit_scores(lg: League) -> Iterator[Problem]:
    """A forfeit's games, where typed, are the minimum winning score (0-2, or 0-3 in a best of five); a double
    forfeit has no games."""
    rules, res = lg.ruleset.component(SeriesRules), lg.ruleset.results
    assert rules is not None and res.games is not None, "the check runs only for rulesets with series"
    for m in lg.matches:
        won = [s.games for s in m.sides[:2]]
        if m.word is None or not m.word.loser or won == [None, None] or any(s.unreadable for s in m.sides):
            continue
        expected = list(forfeit_games(rules, res, m))
        if [g or 0 for g in won] != expected:
            shown = "no games" if m.word.loser == BOTH else "-".join(map(str, expected))
            yield at(
                lg,
                m.tab,
                m.row,
                res.side_header(res.games.won, res.sides[0]),
                "forfeit-score",
                f"{'-'.join(str(g or 0) for g in won)} is not how this forfeit is recorded ({shown})",
                f"type {shown} or leave the games empty" if m.word.loser != BOTH else "leave the games empty",
            )
