"""Next-round pairing systems by name, chosen by the ruleset's `[pairing] system`.

- `round_robin`: random with the fewest repeats, planned for the whole event (GL): `round_robin.py`
- `swiss`: score groups as one weighted matching, built group by group (Magic, MESBG): `swiss.py`, `score_groups.py`
- `seeded_swiss`: record groups paired seed i v i + n/2, first seeds by rating (NASEF): `seeded_swiss.py`
"""

from __future__ import annotations

from collections.abc import Callable

from league.pairing.base import Pairing
from league.pairing.history import History, history
from league.pairing.round_robin import round_robin
from league.pairing.seeded_swiss import seeded_swiss
from league.pairing.swiss import swiss
from league.registry import Registry

PairingSystem = Callable[[History, int, int, int], list[Pairing]]

SYSTEMS: Registry[PairingSystem] = Registry(
    "pairing system",
    [
        ("round_robin", round_robin),
        ("swiss", lambda h, number, seed, total: swiss(h, number, seed)),
        ("seeded_swiss", lambda h, number, seed, total: seeded_swiss(h, number, seed)),
    ],
)
"""Every pairing system a ruleset can name: (history, round number, seed, the event's rounds) -> the round."""

__all__ = ["SYSTEMS", "History", "Pairing", "PairingSystem", "history"]
