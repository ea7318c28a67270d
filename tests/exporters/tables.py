"""Tables the export tests render: a leaderboard and an event's standings shaped as a sync writes them."""

from __future__ import annotations

import datetime as dt

from league.sheet import Sheet

NAMES = ("Łukasz Żółć", "Ződ Örs Hegedűs", "Оксана Шевченко", "Niño Peña", "<b>Bea</b> & Co", "José Ángel Müller",
         "Zoë Ça", "Ana Souza")
UPDATED = dt.datetime(2024, 9, 7, 18, 30, tzinfo=dt.UTC)
BOARD_HEADER = ("Rank", "Player", "QR1", "QR2", "Total Wins", "Health Ratio", "Prize", "Move", "Note")
STANDINGS_HEADER = ("Rank", "Player", "Wins", "Matches", "Health Ratio", "Prize", "Note")
FORMATS = ((5, "0.0000"), (7, '+0;-0;"="'))


def leaderboard(names: tuple[str, ...] = NAMES) -> Sheet:
    """A leaderboard of `names` in rank order: prizes for the top four, a move on every line."""
    prizes = ["1st place; Nationals finals slot", "2nd place; Nationals finals slot",
              "3rd-4th place; Nationals finals slot", "3rd-4th place; Nationals finals slot"]
    moves: list[int | str] = [2, -1, 0, "new"]
    rows = tuple((i + 1, name, 5, 6 - i % 7, 11 - i % 7, round(0.5 - i / 1000, 4), prizes[i] if i < 4 else "",
                  moves[i % 4], "") for i, name in enumerate(names))
    return Sheet("Leaderboard", BOARD_HEADER, rows, number_formats=FORMATS)


def standings(event: str = "QR2-GB5", names: tuple[str, ...] = NAMES) -> Sheet:
    rows = tuple((i + 1, name, 7 - i % 8, 7, round(0.6 - i / 100, 4),
                  "Arena Champion; Participation prize" if i == 0 else "Participation prize", "")
                 for i, name in enumerate(names))
    return Sheet(f"Standings {event}", STANDINGS_HEADER, rows, number_formats=((4, "0.0000"),))
