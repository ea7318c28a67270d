"""Every validation rule, as cases: the clean league plus one edit -> one problem at one cell.

Each bad case names the edit (tab, sheet row, header, value), the problem code and the A1 cell
it must be reported at, its severity, and the line of the standings it touches: an error keeps
the row out of the standings ("not final"), a warning does not. Row and cell references are to
the clean league drawn in conftest.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from league.checks import CHECKS
from league.checks.registration import hidden_character

AE, GB5, QR2 = "Results QR1-AE", "Results QR1-GB5", "Results QR2-AE"
ERROR, WARNING = "error", "warning"

CLEAN_MATCHES = {
    ("QR1-AE", "Ana Reyes"): 2,
    ("QR1-AE", "Ben Cruz"): 2,
    ("QR1-AE", "Carla Santos"): 1,
    ("QR1-GB5", "Dan Lim"): 1,
    ("QR1-GB5", "Eva Tan"): 1,
    ("QR2-AE", "Ana Reyes"): 1,
    ("QR2-AE", "Dan Lim"): 1,
}


def player_row(name: str, event: str, *fighters: str, status: str = "") -> dict[str, str]:
    """The cells of a Players row."""
    fighters = fighters or ("Daredevil", "Bullseye", "Moon Knight", "Ghost Rider", "Spike")
    return {"Player": name, "Event": event, "Status": status, **{f"Fighter {i}": f for i, f in enumerate(fighters, 1)}}


def event_row(ident: str, tab: str, date: str = "2024-09-07") -> dict[str, object]:
    """The cells of an Events row."""
    return {
        "Event": ident,
        "Name": "extra event",
        "Date": date,
        "Venue": "SM North EDSA",
        "Capacity": 16,
        "Stage": "QR2",
        "Results Tab": tab,
    }


DROP_BEN_AFTER_1 = ("Penalties", 2, {"Event": "QR1-AE", "Round": 1, "Competitor": "Ben Cruz", "Penalty": "Drop"})
DQ_BEN_AFTER_1 = ("Penalties", 2, {"Event": "QR1-AE", "Round": 1, "Competitor": "Ben Cruz", "Penalty": "DQ"})


@dataclass(frozen=True)
class Bad:
    """One edit of the clean league and the problem it must raise."""

    id: str
    edits: list[tuple]
    code: str
    tab: str
    cell: str
    severity: str = ERROR
    says: str = ""
    """Text the problem or its fix must contain (e.g. the did-you-mean suggestion)."""
    player: tuple[str, str] | None = None
    """(event, player) whose standings line the edited row belongs to."""
    matches: int | None = None
    """That player's `Matches` in the event's standings after the edit."""
    also: tuple[tuple[str, str, str], ...] = field(default=())
    """Other (code, tab, cell) the same edit rightly causes."""


BAD = [
    # --- registration: who plays where, with which fighters -------------------------------
    Bad(
        "unknown-player-in-results",
        [(AE, 2, "Player A", "Anna Reyes"), (AE, 2, "Winner", "Anna Reyes")],
        "unknown-competitor",
        AE,
        "C2",
        says="did you mean Ana Reyes?",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "unknown-player-spelled-apart",
        [(AE, 3, "Player B", "Karla Santos")],
        "unknown-competitor",
        AE,
        "G3",
        says="did you mean Carla Santos?",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "player-of-another-event",
        [(AE, 2, "Player B", "Eva Tan")],
        "wrong-event",
        AE,
        "G2",
        says="registered for QR1-GB5",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "two-events-in-one-stage",
        [("Players", 9, player_row("Ben Cruz", "QR1-GB5"))],
        "two-events",
        "Players",
        "B9",
        says="both in stage QR1",
        player=("QR1-GB5", "Ben Cruz"),
        matches=0,
    ),
    Bad(
        "registered-twice-for-one-event",
        [("Players", 9, player_row("ana reyes", "QR1-AE", "Medusa", "Sinbad", "Alice", "King Arthur", "Bigfoot"))],
        "duplicate-row",
        "Players",
        "A9",
        says="first in row 2",
        player=("QR1-AE", "Ana Reyes"),
        matches=2,
    ),
    Bad(
        "over-capacity",
        [("Players", 9, player_row("Fay Ong", "QR1-AE")), ("Players", 10, player_row("Gus Yap", "QR1-AE"))],
        "over-capacity",
        "Players",
        "B10",
        says="at most 4",
        player=("QR1-AE", "Gus Yap"),
        matches=0,
    ),
    Bad(
        "roster-slot-empty",
        [("Players", 3, "Fighter 5", "")],
        "roster-size",
        "Players",
        "G3",
        says="Fighter 5 is empty",
        player=("QR1-AE", "Ben Cruz"),
        matches=2,
    ),
    Bad(
        "roster-slot-blank-cell",
        [("Players", 3, "Fighter 3", None)],
        "roster-size",
        "Players",
        "E3",
        player=("QR1-AE", "Ben Cruz"),
        matches=2,
    ),
    Bad(
        "roster-duplicate-fighter",
        [("Players", 3, "Fighter 5", "robin hood")],
        "roster-distinct",
        "Players",
        "G3",
        says="declared twice",
        player=("QR1-AE", "Ben Cruz"),
        matches=2,
    ),
    Bad(
        "banned-elektra",
        [("Players", 3, "Fighter 5", "Elektra")],
        "banned-piece",
        "Players",
        "G3",
        says="is banned",
        player=("QR1-AE", "Ben Cruz"),
        matches=2,
    ),
    Bad(
        "banned-by-alias-sherlock",
        [("Players", 3, "Fighter 5", "Sherlock")],
        "banned-piece",
        "Players",
        "G3",
        player=("QR1-AE", "Ben Cruz"),
        matches=2,
    ),
    Bad(
        "banned-doctor-strange",
        [("Players", 3, "Fighter 5", "Dr. Strange")],
        "banned-piece",
        "Players",
        "G3",
        player=("QR1-AE", "Ben Cruz"),
        matches=2,
    ),
    Bad(
        "slings-and-arrows-before-2024-09-07",
        [("Players", 3, "Fighter 5", "Hamlet")],
        "banned-piece",
        "Players",
        "G3",
        says="banned set 'Slings and Arrows' for events before 2024-09-07",
        player=("QR1-AE", "Ben Cruz"),
        matches=2,
    ),
    Bad(
        "misspelt-roster-fighter",
        [("Players", 2, "Fighter 5", "Bigfot")],
        "unknown-piece",
        "Players",
        "G2",
        WARNING,
        says="did you mean Bigfoot?",
        player=("QR1-AE", "Ana Reyes"),
        matches=2,
    ),
    Bad(
        "right-to-left-override-in-a-name",
        [("Players", 9, player_row("Fay \u202eOng", "QR1-AE"))],
        "hidden-character",
        "Players",
        "A9",
        WARNING,
        says="U+202E",
    ),
    *(
        Bad(
            f"zero-width-{code:04X}-in-a-name",
            [("Players", 9, player_row(f"Fay{chr(code)}Ong", "QR1-AE"))],
            "hidden-character",
            "Players",
            "A9",
            WARNING,
            says=f"U+{code:04X}",
        )
        for code in (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF)
    ),
    Bad(
        "escape-sequence-in-a-name",
        [("Players", 9, player_row("Fay\x1b[2J\x1b]0;pwned\x07Ong", "QR1-AE"))],
        "control-character",
        "Players",
        "A9",
        WARNING,
        says="U+001B, U+0007",
    ),
    Bad(
        "line-break-in-a-name",
        [("Players", 9, player_row("Fay\nOng", "QR1-AE"))],
        "control-character",
        "Players",
        "A9",
        WARNING,
        says="U+000A",
    ),
    Bad(
        "tab-in-an-event-name",
        [("Events", 2, "Name", "Qualifier\tAE")],
        "control-character",
        "Events",
        "B2",
        WARNING,
        says="U+0009",
    ),
    Bad(
        "formula-shaped-name",
        [("Players", 9, player_row("@Fay Ong", "QR1-AE"))],
        "formula-like",
        "Players",
        "A9",
        WARNING,
        says="starts with '@'",
    ),
    Bad(
        "name-of-240-characters",
        [("Players", 9, player_row("Fay Ong " * 30, "QR1-AE"))],
        "long-name",
        "Players",
        "A9",
        WARNING,
        says="is 239 characters long",
    ),
    Bad(
        "avoid-tab-misspelt-player",
        [("Avoid", 2, {"Event": "QR1-AE", "Competitor A": "Ana Reyes", "Competitor B": "Ben Cruise"})],
        "unknown-competitor",
        "Avoid",
        "C2",
        says="did you mean Ben Cruz?",
    ),
    Bad(
        "unknown-event",
        [("Players", 9, player_row("Fay Ong", "QR1-SMN"))],
        "unknown-event",
        "Players",
        "B9",
        says="use one of: QR1-AE, QR1-GB5, QR2-AE",
    ),
    Bad(
        "unknown-status",
        [("Players", 3, "Status", "Left early")],
        "unknown-status",
        "Players",
        "H3",
        says="'Dropped'",
        player=("QR1-AE", "Ben Cruz"),
        matches=2,
    ),
    Bad(
        "player-name-missing",
        [("Players", 9, {"Event": "QR1-AE", "Fighter 1": "Medusa"})],
        "missing-value",
        "Players",
        "A9",
    ),
    # --- the Events tab ---------------------------------------------------------------------
    Bad("unreadable-date", [("Events", 2, "Date", "10/08/2024")], "unreadable", "Events", "C2", says="YYYY-MM-DD"),
    Bad("impossible-date", [("Events", 3, "Date", "2024-02-30")], "unreadable", "Events", "C3"),
    Bad("unreadable-capacity", [("Events", 2, "Capacity", "four")], "unreadable", "Events", "E2"),
    Bad("event-listed-twice", [("Events", 5, event_row("qr1-ae", "Results QR1-AE"))], "duplicate-row", "Events", "A5"),
    Bad(
        "event-id-too-long",
        [("Events", 5, event_row("QR2-SMNorthEDSA-Annex", "Results QR2-SMN"))],
        "bad-event-id",
        "Events",
        "A5",
    ),
    Bad(
        "event-id-not-a-tab-name",
        [("Events", 5, event_row("QR2/SMN", "Results QR2-SMN"))],
        "bad-event-id",
        "Events",
        "A5",
    ),
    Bad("bad-results-tab-name", [("Events", 5, event_row("QR2-SMN", "QR2/SMN"))], "bad-tab-name", "Events", "G5"),
    Bad(
        "results-tab-of-two-events",
        [("Events", 5, event_row("QR2-SMN", "Results QR1-AE"))],
        "bad-tab-name",
        "Events",
        "G5",
    ),
    Bad(
        "results-tab-named-like-output",
        [("Events", 5, event_row("QR2-SMN", "Leaderboard"))],
        "bad-tab-name",
        "Events",
        "G5",
    ),
    # --- results rows -----------------------------------------------------------------------
    Bad(
        "fighter-not-declared",
        [(AE, 2, "Fighter A", "Angel")],
        "piece-not-in-roster",
        AE,
        "D2",
        says="Ana Reyes's declared fighters",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "misspelt-fighter-in-results",
        [(AE, 2, "Fighter A", "Meduza")],
        "piece-not-in-roster",
        AE,
        "D2",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "banned-map-yukon",
        [(AE, 3, "Map", "Yukon")],
        "banned-map",
        AE,
        "K3",
        says="is banned",
        player=("QR1-AE", "Carla Santos"),
        matches=0,
    ),
    Bad(
        "banned-map-king-solomons-mine",
        [(AE, 3, "Map", "king solomon's mine")],
        "banned-map",
        AE,
        "K3",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "unknown-map",
        [(AE, 3, "Map", "Marmorial")],
        "unknown-map",
        AE,
        "K3",
        WARNING,
        says="did you mean Marmoreal?",
        player=("QR1-AE", "Ben Cruz"),
        matches=2,
    ),
    Bad("map-missing", [(AE, 3, "Map", "")], "missing-value", AE, "K3", player=("QR1-AE", "Ben Cruz"), matches=1),
    Bad(
        "winner-not-a-player",
        [(AE, 2, "Winner", "Carla Santos")],
        "winner-not-playing",
        AE,
        "L2",
        says="type Ana Reyes or Ben Cruz",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "player-on-both-sides",
        [(AE, 2, "Player B", " ana reyes ")],
        "plays-self",
        AE,
        "G2",
        says="Ana Reyes",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "winner-missing", [(AE, 2, "Winner", "")], "missing-value", AE, "L2", player=("QR1-AE", "Ana Reyes"), matches=1
    ),
    Bad(
        "fighter-missing",
        [(AE, 2, "Fighter B", "")],
        "missing-value",
        AE,
        "H2",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "health-missing",
        [(AE, 2, "Health A", None)],
        "missing-value",
        AE,
        "E2",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "health-above-start",
        [(AE, 2, "Health A", 17)],
        "health-range",
        AE,
        "E2",
        says="between 0 and Start Health A (16)",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "health-below-zero",
        [(AE, 2, "Health B", -1)],
        "health-range",
        AE,
        "I2",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "start-health-zero",
        [(AE, 2, "Start Health A", 0)],
        "health-range",
        AE,
        "F2",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "start-health-not-the-card",
        [(AE, 2, "Start Health A", 15)],
        "start-health",
        AE,
        "F2",
        WARNING,
        says="Medusa starts with 16 health",
        player=("QR1-AE", "Ana Reyes"),
        matches=2,
    ),
    Bad(
        "winner-with-zero-health",
        [(AE, 2, "Health A", 0)],
        "winner-health",
        AE,
        "E2",
        says="won with 0 health",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "loser-with-health-left",
        [(AE, 2, "Health B", 3)],
        "loser-health",
        AE,
        "I2",
        says="lost with 3 health left",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "twice-in-one-round",
        [(AE, 3, "Round", 1)],
        "twice-in-round",
        AE,
        "C3",
        says="already plays in round 1 (row 2)",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "round-past-7",
        [(AE, 3, "Round", 8)],
        "too-many-rounds",
        AE,
        "A3",
        says="rounds 1 to 7",
        player=("QR1-AE", "Carla Santos"),
        matches=0,
    ),
    Bad(
        "round-past-the-events-rounds",
        [("Events", 2, "Rounds", 1)],
        "too-many-rounds",
        AE,
        "A3",
        says="QR1-AE has rounds 1 to 1",
        player=("QR1-AE", "Carla Santos"),
        matches=0,
        also=(("too-many-rounds", AE, "A4"),),
    ),
    Bad(
        "unreadable-rounds",
        [("Events", 2, "Rounds", "four")],
        "unreadable",
        "Events",
        "H2",
        says="a whole number of Swiss rounds",
    ),
    Bad(
        "pending-row-before-a-later-round",
        [(AE, 2, {h: None for h in ("Health A", "Start Health A", "Health B", "Start Health B", "Winner")})],
        "unplayed-round",
        AE,
        "L2",
        says="round 1 has no result, but round 2 is paired",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "part-of-the-result-typed",
        [(AE, 2, {"Health B": None, "Winner": None})],
        "missing-value",
        AE,
        "L2",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
        also=(("missing-value", AE, "I2"),),
    ),
    Bad(
        "row-typed-twice",
        [
            (
                AE,
                5,
                {
                    "Round": 1,
                    "Table": 1,
                    "Player A": "ana reyes ",
                    "Fighter A": "Medusa",
                    "Health A": "5.0",
                    "Start Health A": 16,
                    "Player B": "Ben Cruz",
                    "Fighter B": "Robin Hood",
                    "Health B": 0,
                    "Start Health B": 13,
                    "Map": "Marmoreal",
                    "Winner": "Ana Reyes",
                },
            )
        ],
        "duplicate-row",
        AE,
        "A5",
        says="repeats row 2",
        player=("QR1-AE", "Ana Reyes"),
        matches=2,
    ),
    Bad(
        "health-typed-1O",
        [(AE, 2, "Health A", "1O")],
        "unreadable",
        AE,
        "E2",
        says="'1O' is not a whole number",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "start-health-typed-l3",
        [(AE, 2, "Start Health B", "l3")],
        "unreadable",
        AE,
        "J2",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "round-typed-twelve",
        [(AE, 3, "Round", "twelve")],
        "unreadable",
        AE,
        "A3",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "unknown-result-word",
        [(AE, 2, "Result", "Won")],
        "unknown-result",
        AE,
        "M2",
        says="'Forfeit', 'Bye', 'DQ'",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
    ),
    Bad(
        "bye-with-opponent",
        [(AE, 4, "Player B", "Carla Santos")],
        "bye-with-opponent",
        AE,
        "G4",
        says="a bye has no opponent",
        player=("QR1-AE", "Ana Reyes"),
        matches=1,
        also=(("twice-in-round", AE, "G4"),),
    ),
    # --- drops and disqualifications --------------------------------------------------------
    Bad(
        "dropped-plays-on",
        [("Players", 3, "Status", "Dropped"), DROP_BEN_AFTER_1],
        "plays-after-drop",
        AE,
        "C3",
        says="left QR1-AE in round 1 (dropped)",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "disqualified-plays-on",
        [("Players", 3, "Status", "DQ"), DQ_BEN_AFTER_1],
        "plays-after-drop",
        AE,
        "C3",
        says="(dq)",
        player=("QR1-AE", "Ben Cruz"),
        matches=1,
    ),
    Bad(
        "dq-result-then-plays-on",
        [(AE, 2, "Result", "DQ")],
        "plays-after-drop",
        AE,
        "C3",
        says="in round 1",
        player=("QR1-AE", "Carla Santos"),
        matches=0,
    ),
    Bad(
        "dropped-without-round",
        [("Players", 3, "Status", "Dropped")],
        "drop-round-unknown",
        "Players",
        "H3",
        WARNING,
        says="Penalties row",
        player=("QR1-AE", "Ben Cruz"),
        matches=2,
    ),
    # --- the Penalties tab ------------------------------------------------------------------
    Bad(
        "penalty-for-unknown-player",
        [("Penalties", 2, {"Event": "QR1-AE", "Round": 1, "Competitor": "Ben Cruise", "Penalty": "Warning"})],
        "unknown-competitor",
        "Penalties",
        "C2",
        says="did you mean Ben Cruz?",
    ),
    Bad(
        "penalty-for-unknown-event",
        [("Penalties", 2, {"Event": "QR3", "Round": 1, "Competitor": "Ben Cruz", "Penalty": "Warning"})],
        "unknown-event",
        "Penalties",
        "A2",
    ),
    Bad(
        "unknown-penalty",
        [("Penalties", 2, {"Event": "QR1-AE", "Round": 1, "Competitor": "Ben Cruz", "Penalty": "Yellow Card"})],
        "unknown-penalty",
        "Penalties",
        "D2",
        says="Warning, Game Loss, Match Loss, Drop, DQ",
    ),
    Bad(
        "penalty-round-past-the-format",
        [("Penalties", 2, {"Event": "QR1-AE", "Round": 99, "Competitor": "Ben Cruz", "Penalty": "Warning"})],
        "too-many-rounds",
        "Penalties",
        "B2",
        says="rounds 1 to 7",
    ),
    Bad(
        "penalty-round-unreadable",
        [("Penalties", 2, {"Event": "QR1-AE", "Round": "two", "Competitor": "Ben Cruz", "Penalty": "Warning"})],
        "unreadable",
        "Penalties",
        "B2",
    ),
]

RULE_CODES = {
    "registration_once_per_stage": {"two-events", "duplicate-row"},
    "capacity": {"over-capacity"},
    "roster": {"roster-size", "roster-distinct", "banned-piece", "unknown-piece"},
    "match_players": {"plays-self", "missing-value", "bye-with-opponent", "wrong-event", "unknown-competitor"},
    "match_winner": {"winner-not-playing", "missing-value", "drawn-match", "impossible-games"},
    "members": {"missing-value", "member-twice"},
    "eligibility": {"not-eligible", "unknown-value"},
    "hidden_characters": {"hidden-character"},
    "name_shapes": {"control-character", "formula-like", "long-name"},
    "avoid_pairs": {"unknown-event", "unknown-competitor"},
    "judge_decisions": {"unreadable"},
    "series_scores": {"unreadable", "series-score"},
    "match_pieces": {"missing-value", "piece-not-in-roster"},
    "match_map": {"missing-value", "banned-map", "unknown-map"},
    "match_health": {"missing-value", "health-range", "start-health", "winner-health", "loser-health"},
    "match_rounds": {"too-many-rounds", "duplicate-row", "twice-in-round"},
    "pending_results": {"unplayed-round"},
    "pairings": {"rematch", "second-bye"},
    "dropped_competitors": {"plays-after-drop", "drop-round-unknown"},
    "penalties": {"unknown-event", "unknown-competitor", "unknown-penalty", "too-many-rounds"},
    "penalty_guide": {"unknown-infraction", "penalty-differs"},
    "penalty_effects": {"penalty-without-match"},
    "games_of_a_round": {"twice-in-round", "too-many-games", "games-missing"},
    "alignments": {"missing-value", "unknown-value", "same-alignment", "alignment-twice"},
    "restricted_models": {"unknown-model", "too-many-restricted"},
    "deduction_cells": {"unknown-value", "missing-value"},
    "deduction_games": {"penalty-without-match", "ambiguous-game"},
    "roster_fields": {"unknown-competitor", "unknown-status", "unreadable", "missing-value"},
    "roster_size": {"roster-size"},
    "teams_per_club": {"club-teams"},
    "eligible_lineup": {"unreadable", "lineup-short"},
    "stage_words": {"unknown-stage"},
    "forfeit_scores": {"forfeit-score"},
    "cut_decisions": {"unknown-value"},
}
"""The codes each registered rule can report."""
READER_CODES = {
    "missing-tab",
    "missing-header",
    "duplicate-header",
    "unreadable",
    "unknown-result",
    "unknown-status",
    "unknown-event",
    "missing-value",
    "duplicate-row",
    "bad-event-id",
    "bad-tab-name",
}
"""Codes reported while reading the tabs, before the rules run."""
ALL_CODES = sorted(set().union(*RULE_CODES.values()) | READER_CODES)


def test_every_registered_rule_has_cases() -> None:
    assert set(CHECKS) == set(RULE_CODES), "a rule was added or renamed: give it bad cases here"
    covered = {c.code for c in BAD} | {"missing-tab", "missing-header", "duplicate-header", "rematch", "second-bye"}
    covered |= {"drawn-match", "member-twice"}  # GL has no games or members: tests/league/test_formats.py covers them
    covered |= {
        "not-eligible",
        "unknown-value",
        "impossible-games",
    }  # account standings, best of three: tests/league/test_magic.py
    covered |= {
        "unknown-infraction",
        "penalty-differs",
        "penalty-without-match",
    }  # GL has no guide or effects: test_magic.py
    covered |= {"series-score"}  # GL plays no series: test_formats.py
    covered |= {
        "too-many-games",
        "games-missing",
        "same-alignment",
        "alignment-twice",
        "unknown-model",
        "too-many-restricted",
        "ambiguous-game",
    }  # pairs playing two games a round: test_mesbg.py
    covered |= {
        "roster-size",
        "club-teams",
        "lineup-short",
        "unknown-stage",
        "forfeit-score",
    }  # team rosters and stages: test_nasef.py
    assert set(ALL_CODES) <= covered


def test_clean_league_has_no_problems(clean) -> None:
    out = clean
    assert out.problems == []
    assert out.ev.counted == 5


@pytest.mark.parametrize("code", ALL_CODES)
def test_clean_league_has_no_problem_of_code(clean, code: str) -> None:
    assert code not in clean.codes()


@pytest.mark.parametrize("case", BAD, ids=lambda c: c.id)
def test_bad_edit_is_reported_at_its_cell(book, case: Bad) -> None:
    out = book.apply(case.edits).evaluate()
    assert out.found() == {(case.code, case.tab, case.cell), *case.also}
    problem = out.at(case.code, case.tab, case.cell)
    assert problem.severity == case.severity
    assert case.says in f"{problem.problem} | {problem.fix}"
    if case.player is None:
        return
    line = out.line(*case.player)
    assert line["Matches"] == case.matches
    if case.severity == ERROR:
        assert f"not final: fix {case.tab} row {problem.row}" in str(line["Note"])
    else:
        assert "not final" not in str(line["Note"])
        assert case.matches == CLEAN_MATCHES[case.player]


GOOD = [
    ("Hamlet allowed from 2024-09-07", [("Players", 7, "Fighter 5", "Hamlet")]),
    (
        "whole Slings and Arrows set allowed at QR2",
        [("Players", 8, {"Fighter 1": "Titania", "Fighter 2": "William Shakespeare", "Fighter 3": "Wayward Sisters"})],
    ),
    ("roster typed in another case", [("Players", 2, {"Fighter 1": " medusa ", "Fighter 4": "KING ARTHUR"})]),
    ("fighter typed in another case", [(AE, 2, "Fighter A", "MEDUSA")]),
    ("winner at full health", [(AE, 2, "Health A", 16)]),
    ("winner at 1 health", [(AE, 2, "Health A", 1)]),
    ("round 7 is the last allowed", [(AE, 3, "Round", 7)]),
    (
        "a pending row: paired, no result yet",
        [(GB5, 3, {"Round": 2, "Table": 1, "Player A": "Dan Lim", "Player B": "Eva Tan"})],
    ),
    (
        "a pending row with its fighters and map",
        [
            (
                GB5,
                3,
                {
                    "Round": 2,
                    "Table": 1,
                    "Player A": "Dan Lim",
                    "Fighter A": "Spike",
                    "Player B": "Eva Tan",
                    "Fighter B": "Angel",
                    "Map": "Soho",
                },
            )
        ],
    ),
    ("map typed in lower case", [(AE, 2, "Map", "marmoreal")]),
    ("event filled to capacity", [("Players", 9, player_row("Fay Ong", "QR1-AE"))]),
    (
        "dropped after their last round",
        [
            ("Players", 3, "Status", "Dropped"),
            ("Penalties", 2, {"Event": "QR1-AE", "Round": 2, "Competitor": "Ben Cruz", "Penalty": "Drop"}),
        ],
    ),
    (
        "penalty for a registered player",
        [("Penalties", 2, {"Event": "qr1-ae", "Round": 1, "Competitor": "ben cruz", "Penalty": "warning"})],
    ),
    ("bye with no winner typed", [(AE, 4, "Winner", "")]),
    ("result words in any case", [(AE, 4, "Result", " bye ")]),
    (
        "forfeit with no fighters or health",
        [
            (
                AE,
                5,
                {
                    "Round": 3,
                    "Player A": "Carla Santos",
                    "Player B": "Ana Reyes",
                    "Winner": "Carla Santos",
                    "Result": "Forfeit",
                },
            )
        ],
    ),
    (
        "same player in two stages",
        [("Players", 9, player_row("Eva Tan", "QR2-AE", "Willow", "Angel", "Deadpool", "Ms. Marvel", "Squirrel Girl"))],
    ),
]


@pytest.mark.parametrize("edits", [e for _, e in GOOD], ids=[i for i, _ in GOOD])
def test_valid_edit_raises_no_problem(book, edits) -> None:
    assert book.apply(edits).evaluate().found() == set()


@pytest.mark.parametrize(
    "tab, player, matches",
    [
        ("Results QR1-GB5", ("QR1-GB5", "Dan Lim"), 0),
        ("Results QR2-AE", ("QR2-AE", "Ana Reyes"), 0),
        ("Penalties", ("QR1-AE", "Ana Reyes"), 2),
    ],
)
def test_missing_results_or_penalties_tab(book, tab: str, player: tuple[str, str], matches: int) -> None:
    del book.tabs[tab]
    out = book.evaluate()
    if tab == "Penalties":  # optional: most events have no penalties
        assert out.problems == []
    else:
        assert out.found() == {("missing-tab", tab, "")}
        assert out.at("missing-tab", tab, "").severity == ERROR
    assert out.line(*player)["Matches"] == matches


@pytest.mark.parametrize("tab", ["Events", "Players"])
def test_missing_input_tab_is_reported_not_raised(book, tab: str) -> None:
    del book.tabs[tab]
    out = book.evaluate()
    problem = out.at("missing-tab", tab, "")
    assert problem.severity == ERROR and problem.row is None
    assert f"no tab named {tab!r}" in problem.problem


@pytest.mark.parametrize(
    "tab, header, typed, hint, cell",
    [
        (AE, "Health A", "Helth A", "is 'Helth A' meant to be it?", "E1"),
        (AE, "Start Health B", "start helth b", "is 'start helth b' meant to be it?", "J1"),
        (AE, "Winner", "Winners", "is 'Winners' meant to be it?", "L1"),
        (AE, "Map", "Battlefield", "", "P1"),
    ],
)
def test_missing_header_names_the_column_and_a_near_miss(
    book, tab: str, header: str, typed: str, hint: str, cell: str
) -> None:
    """The cell is the near miss to retype, or else the first free column where the header can go."""
    grid = book.tabs[tab]
    grid[0][grid[0].index(header)] = typed
    out = book.evaluate()
    problem = out.at("missing-header", tab, cell)
    assert problem.severity == ERROR and problem.column == header
    assert f"no column headed {header!r} in row 1" in problem.problem
    assert hint in problem.problem
    if not hint:
        assert "meant to be it" not in problem.problem
    assert out.line("QR1-AE", "Ana Reyes")["Matches"] == 0  # the tab can't be read: nothing of it counts
    assert out.line("QR1-AE", "Ben Cruz")["Matches"] == 0


def test_second_column_with_a_known_header_is_a_warning(book) -> None:
    grid = book.tabs[AE]
    grid[0].append(" map ")
    grid[2].extend([None] * (len(grid[0]) - len(grid[2])))
    grid[2][-1] = "Yukon"  # the second Map column is not read
    out = book.evaluate()
    assert out.found() == {("duplicate-header", AE, "P1")}
    assert out.at("duplicate-header", AE, "P1").severity == WARNING
    assert out.line("QR1-AE", "Ben Cruz")["Matches"] == 2


# --- bugs found while writing these cases ----------------------------------------------------


def test_alias_of_a_declared_fighter_is_a_duplicate(book) -> None:
    out = book.apply([("Players", 2, "Fighter 5", "Arthur")]).evaluate()  # Fighter 4 is King Arthur
    assert ("roster-distinct", "Players", "G2") in out.found()


def test_official_alias_of_a_declared_fighter_is_accepted_in_results(book) -> None:
    out = book.apply([(AE, 2, {"Fighter A": "Arthur", "Start Health A": 18})]).evaluate()
    assert out.found() == set()
    assert out.line("QR1-AE", "Ana Reyes")["Matches"] == 2


def test_fractional_health_is_unreadable(book) -> None:
    out = book.apply([(AE, 2, "Health A", "5.5")]).evaluate()
    assert ("unreadable", AE, "E2") in out.found()


def test_a_misspelt_roster_fighter_still_lets_its_matches_count(book) -> None:
    """The roster typo is a warning; the match typed with the right name is not thrown out for it."""
    declared = book.get("Players", 2, "Fighter 1")
    book.set("Players", 2, "Fighter 1", declared + "a")
    out = book.evaluate()
    assert out.found() == {("unknown-piece", "Players", "C2")}
    assert out.line("QR1-AE", "Ana Reyes")["Matches"] == 2


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (("Results QR1-AE", 1, "Map", "Maps"), "Results QR1-AE row 1"),
        (("Events", 2, "Results Tab", "Results/QR1-AE"), "Events row 2"),
    ],
)
def test_an_event_whose_results_cannot_be_read_is_marked_not_final(
    book, edit: tuple[str, int, str, str], where: str
) -> None:
    tab, row, header, value = edit
    if row == 1:
        grid = book.tabs[tab]
        grid[0][grid[0].index(header)] = value
    else:
        book.set(tab, row, header, value)
    out = book.evaluate()
    assert not any(p.code == "unknown-event" for p in out.problems), "the registrations are not blamed"
    for line in out.sheet("QR1-AE"):
        assert f"not final: fix {where} (no results of QR1-AE can be read)" in str(line["Note"])
        assert line["Prize"] == ""


NINE = [f"Player {n}" for n in "ABCDEFGHI"]


def _nine_at_gb5(blank):  # type: ignore[no-untyped-def]
    for name in NINE:
        blank.register(name, "QR1-GB5")
    return blank


def test_a_rematch_among_nine_players_is_a_warning(blank) -> None:
    book = _nine_at_gb5(blank)
    book.play("QR1-GB5", 1, NINE[0], "Daredevil", 5, NINE[1], "Bullseye", 0)
    row = book.play("QR1-GB5", 2, NINE[1], "Bullseye", 4, NINE[0], "Daredevil", 0)
    out = book.evaluate()
    assert out.found() == {("rematch", "Results QR1-GB5", f"G{row}")}
    assert out.at("rematch", "Results QR1-GB5", f"G{row}").severity == WARNING
    assert out.line("QR1-GB5", NINE[1])["Matches"] == 2, "a warning: the match still counts"


def test_a_rematch_among_fewer_than_nine_is_allowed(blank) -> None:
    for name in NINE[:8]:
        blank.register(name, "QR1-GB5")
    blank.play("QR1-GB5", 1, NINE[0], "Daredevil", 5, NINE[1], "Bullseye", 0)
    blank.play("QR1-GB5", 2, NINE[1], "Bullseye", 4, NINE[0], "Daredevil", 0)
    assert blank.evaluate().problems == []


def test_a_second_bye_before_everyone_had_one_is_a_warning(blank) -> None:
    book = _nine_at_gb5(blank)
    book.bye("QR1-GB5", 1, NINE[0])
    row = book.bye("QR1-GB5", 2, NINE[0])
    out = book.evaluate()
    assert out.found() == {("second-bye", "Results QR1-GB5", f"C{row}")}


def test_a_second_bye_once_everyone_had_one_is_fine(blank) -> None:
    for name in NINE[:3]:
        blank.register(name, "QR1-GB5")
    for rnd, name in enumerate([*NINE[:3], NINE[0]], start=1):
        blank.bye("QR1-GB5", rnd, name)
    assert blank.evaluate().problems == []


def test_a_results_tab_that_is_another_input_tab_is_refused(book) -> None:
    book.set("Events", 2, "Results Tab", "Players")
    out = book.evaluate()
    assert ("bad-tab-name", "Events", "G2") in out.found()
    assert not any(p.tab == "Players" and p.row == 1 for p in out.problems), "the Players tab is not read as results"
    assert all("not final" in str(line["Note"]) for line in out.sheet("QR1-AE"))


def test_an_unreadable_registration_tab_is_one_problem_not_a_flood(book) -> None:
    grid = book.tabs["Players"]
    grid[0][grid[0].index("Fighter 1")] = "Fighter One"
    out = book.evaluate()
    assert [(p.code, p.tab) for p in out.problems if p.severity == ERROR] == [("missing-header", "Players")]


def test_the_player_a_misspelt_name_most_likely_means_is_not_final_either(book) -> None:
    book.set(AE, 3, "Player B", "Karla Santos")
    out = book.evaluate()
    assert "not final: fix Results QR1-AE row 3" in str(out.line("QR1-AE", "Carla Santos")["Note"])
    assert "not final: fix Results QR1-AE row 3" in str(out.line("QR1-AE", "Ben Cruz")["Note"])


@pytest.mark.parametrize("name", ["Ana 👩\u200d💻", "Ana 👍\ufe0f\u200d🔥", "می\u200cخواهم", "क्\u200dष"])
def test_a_joiner_that_is_part_of_a_name_is_not_hidden(name: str) -> None:
    assert hidden_character(name) == "", "an emoji sequence, or a script that writes with joiners"


@pytest.mark.parametrize("name", ["Ana\u200dReyes", "\u200dAna", "Ana\u200c", "Ana\u200b Reyes", "\ufeffAna"])
def test_a_joiner_between_latin_letters_or_at_an_end_is_hidden(name: str) -> None:
    assert "zero-width" in hidden_character(name)
