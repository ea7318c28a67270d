"""Tables the export tests render: a leaderboard and an event's standings shaped as a sync writes them."""

from __future__ import annotations

import datetime as dt

from league.table import Column, Display, Role, Table

NAMES = (
    "Łukasz Żółć",
    "Ződ Örs Hegedűs",
    "Оксана Шевченко",
    "Niño Peña",
    "<b>Bea</b> & Co",
    "José Ángel Müller",
    "Zoë Ça",
    "Ana Souza",
)
UPDATED = dt.datetime(2024, 9, 7, 18, 30, tzinfo=dt.UTC)
RANK, PLAYER = Column("Rank", Role.RANK, Display.NUMBER), Column("Player", Role.COMPETITOR)
RATIO, PRIZE, NOTE = (
    Column("Health Ratio", Role.TIEBREAKER, Display.DECIMAL),
    Column("Prize", Role.PRIZE),
    Column("Note", Role.NOTE),
)
BOARD_COLUMNS = (
    RANK,
    PLAYER,
    Column("QR1", Role.PART, Display.NUMBER),
    Column("QR2", Role.PART, Display.NUMBER),
    Column("Total Wins", Role.SCORE, Display.NUMBER),
    RATIO,
    PRIZE,
    Column("Move", Role.MOVE, Display.MOVE),
    NOTE,
)
STANDINGS_COLUMNS = (
    RANK,
    PLAYER,
    Column("Wins", Role.SCORE, Display.NUMBER),
    Column("Matches", Role.COUNT, Display.NUMBER),
    RATIO,
    PRIZE,
    NOTE,
)


def leaderboard(names: tuple[str, ...] = NAMES) -> Table:
    """A leaderboard of `names` in rank order: prizes for the top four, a move on every line."""
    prizes = [
        "1st place; Nationals finals slot",
        "2nd place; Nationals finals slot",
        "3rd-4th place; Nationals finals slot",
        "3rd-4th place; Nationals finals slot",
    ]
    moves: list[int | str] = [2, -1, 0, "new"]
    rows = tuple(
        (i + 1, name, 5, 6 - i % 7, 11 - i % 7, round(0.5 - i / 1000, 4), prizes[i] if i < 4 else "", moves[i % 4], "")
        for i, name in enumerate(names)
    )
    return Table.of("Leaderboard", BOARD_COLUMNS, rows)


def standings(event: str = "QR2-GB5", names: tuple[str, ...] = NAMES) -> Table:
    rows = tuple(
        (
            i + 1,
            name,
            7 - i % 8,
            7,
            round(0.6 - i / 100, 4),
            "Arena Champion; Participation prize" if i == 0 else "Participation prize",
            "",
        )
        for i, name in enumerate(names)
    )
    return Table.of(f"Standings {event}", STANDINGS_COLUMNS, rows)
