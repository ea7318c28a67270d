"""The league's history: the application's store, kept between runs in an SQLite file beside league.toml.

One snapshot per sync that changed what anyone sees (the typed records of its standings: `history.snapshot`),
each playoff bracket's seeds and games, the games `league stats` counts, the `Sync Log` lines said once, and the
ledger of what was posted where. `Move` compares with its latest snapshot, every export is drawn from it,
`league.open` and `league history` read it."""

from history.database import (
    HistoryCorrupt,
    HistoryError,
    HistoryForeign,
    HistoryLocked,
    keep_said,
    unsaid,
)
from history.store import (
    Attempt,
    Doubt,
    Entry,
    KeptGames,
    at,
    begin_post,
    begin_table_post,
    board_digest,
    brackets,
    end_post,
    entries,
    in_doubt,
    keep_bracket,
    keep_games,
    kept_games,
    latest,
    posted,
    ranks,
    record,
    record_post,
    record_table_post,
    table_in_doubt,
    table_posted,
)

__all__ = [
    "Attempt", "Doubt", "Entry", "HistoryCorrupt", "HistoryError", "HistoryForeign", "HistoryLocked", "KeptGames",
    "at", "begin_post", "begin_table_post", "board_digest",
    "brackets", "end_post", "entries", "in_doubt", "keep_bracket",
    "keep_games", "keep_said", "kept_games", "latest", "posted", "ranks", "record", "record_post",
    "record_table_post", "table_in_doubt", "table_posted", "unsaid",
]
