"""A match as typed in a results row: its sides with their figures, its outcome words, its games."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from league.cells import name_key
from league.model.words import Kind, ResultWord


@dataclass(frozen=True)
class Side:
    """One competitor's part of a results row."""

    name: str
    """As typed by the judge; empty for the missing side of a bye."""
    key: str
    """The name as names are matched (`name_key`), worked out once when the row is read."""
    figures: Mapping[str, int | None] = field(default_factory=dict)
    """Per-side whole numbers by the ruleset's figure names (None when empty or unreadable)."""
    texts: Mapping[str, str] = field(default_factory=dict)
    """Per-side text by the ruleset's text names (the fighter played, say)."""
    games: int | None = None
    """Games won, where the ruleset records games."""
    unreadable: frozenset[str] = frozenset()
    """Headers of cells already reported as unreadable, so no rule reports them again."""
    deducted: int = 0
    """Points taken off the competitor's score with this match (a penalty in points), in the scoring's units."""
    drops: bool = False
    """The competitor leaves the event after this round (a drop mark in the row, `Drop A`)."""


@dataclass(frozen=True)
class Match:
    """One results row: a match, a forfeit, a bye or a disqualification."""

    event: str
    tab: str
    row: int
    round: int | None
    table: str
    sides: tuple[Side, ...]
    word: ResultWord | None
    """What the `Result` cell means; None for a word the ruleset does not know (reported)."""
    winner: str = ""
    winner_key: str = ""
    """The winner as names are matched (`name_key`), worked out once when the row is read."""
    row_texts: Mapping[str, str] = field(default_factory=dict)
    drawn: int | None = None
    """Drawn games, where the ruleset records them."""
    judge: str = ""
    notes: str = ""
    pending: bool = False
    """Its competitors are paired but no result is typed yet (every result cell empty): not counted, not an error
    until a later round of its event has rows."""

    @property
    def kind(self) -> Kind | None:
        """What the row records (played, forfeit, bye, dq), when its result word is known."""
        return self.word.kind if self.word else None

    def fingerprint(self) -> tuple[object, ...]:
        """What two rows must share to be the same match typed twice."""
        sides = [(s.key, *map(name_key, s.texts.values()), *s.figures.values(), s.games) for s in self.sides]
        return (self.round, *sides, *map(name_key, self.row_texts.values()), self.winner_key, self.kind, self.drawn)


def ends_series(won_a: int, won_b: int, length: int) -> bool:
    """Whether games won end a best-of-`length` series: one side has a majority of its games, the other fewer."""
    need = length // 2 + 1
    return max(won_a, won_b) == need and min(won_a, won_b) < need
