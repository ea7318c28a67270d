"""The counted games as rows, one per side of every match, and how the history keeps them (`Sides.to_json`).

Kept apart from the counting (`counting.py`) and the figures (`figures.py`): `league stats` reads these rows back
from the history without the evaluation that counted them."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from league.cells import name_key
from league.errors import LeagueError
from league.match_table import Flags, Ints, Outcome

FORMAT = 2
"""The version of `to_json`'s layout: a history written by another version is read again from the workbook."""


class StatsError(LeagueError, ValueError):
    """Stats asked of something the league does not record (a field, an event); the message names what exists."""


@dataclass(frozen=True)
class Entries:
    """What each row's side fielded in one field:
    an entry code per row (-1: nothing recorded) and the entries' names."""

    names: list[str]
    codes: Ints
    unknown: tuple[str, ...] = ()
    """Entries of a catalog field that the catalog does not list (misspelt or unofficial), counted as typed."""


@dataclass(frozen=True)
class Sides:
    """One row per side of every counted match: who, in which event, against which row, how it ended, and what it
    fielded in each `[stats]` field of the ruleset."""

    label: str
    """What the ruleset calls a competitor (`Player`, `Pair`, `Team`)."""
    by: str
    """The ruleset's own field to group by; empty when it has no `[stats]` table."""
    names: list[str]
    """Competitor code -> name as registered."""
    events: list[str]
    dates: list[str]
    """Event code -> its date (YYYY-MM-DD), empty when the Events tab has none."""
    competitor: Ints
    event: Ints
    partner: Ints
    """Row of the other side; -1 for a bye."""
    outcome: Ints
    played: Flags
    """Games played by both sides: not byes, forfeits or disqualifications, nor a result word deciding the match by
    itself (an intentional draw)."""
    order: Ints
    """Each row's place in the order the games were played (event date, round, results row): the streaks follow it."""
    fields: Mapping[str, Entries]
    left_out: Ints
    """Event code -> its results and bracket rows left out for an error (as from the standings)."""

    def __len__(self) -> int:
        return len(self.competitor)

    def only(self, event: str | None = None, since: dt.date | None = None) -> Sides:
        """The rows of one event of the league (named ignoring case), or of events dated `since` or later; an event
        with no game counted yet gives no rows."""
        chosen = np.ones(len(self.events) + 1, dtype=np.bool_)
        chosen[-1] = False
        if event is not None:
            code = next((i for i, e in enumerate(self.events) if name_key(e) == name_key(event)), None)
            if code is None:
                raise StatsError(f"there is no event {event!r}; events: {', '.join(self.events) or 'none'}")
            chosen[:-1] = np.arange(len(self.events)) == code
        if since is not None:
            chosen[:-1] &= np.array([bool(d) and dt.date.fromisoformat(d) >= since for d in self.dates], dtype=np.bool_)
        keep = chosen[self.event]
        index = np.flatnonzero(keep)
        renumber = np.full(len(self) + 1, -1, dtype=np.int64)
        renumber[index] = np.arange(len(index))
        partner = self.partner[index]
        return replace(
            self,
            competitor=self.competitor[index],
            event=self.event[index],
            partner=np.where(partner >= 0, renumber[partner], -1),
            outcome=self.outcome[index],
            played=self.played[index] & (partner >= 0) & keep[np.maximum(partner, 0)],
            order=self.order[index],
            fields={k: replace(e, codes=e.codes[index]) for k, e in self.fields.items()},
            left_out=np.where(chosen[:-1], self.left_out, 0),
        )

    def field(self, by: str | None) -> tuple[str, Entries]:
        """The field `by` names (ignoring case), or the ruleset's own; one the ruleset does not record is an error
        naming those it does."""
        if not self.fields:
            raise StatsError("the ruleset records nothing to group games by (it has no [stats] table)")
        wanted = by if by is not None else self.by
        found = next((name for name in self.fields if name_key(name) == name_key(wanted)), None)
        if found is None:
            raise StatsError(f"the ruleset does not record {wanted!r} per game; fields: {', '.join(self.fields)}")
        return found, self.fields[found]

    def to_json(self) -> str:
        """The rows as compact JSON, for the history."""
        data = {
            "format": FORMAT,
            "label": self.label,
            "by": self.by,
            "names": self.names,
            "events": self.events,
            "dates": self.dates,
            **{k: getattr(self, k).tolist() for k in INTS},
            "played": self.played.astype(np.int64).tolist(),
            "fields": {
                k: {"names": e.names, "codes": e.codes.tolist(), "unknown": list(e.unknown)}
                for k, e in self.fields.items()
            },
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Sides | None:
        """The rows `to_json` wrote; None for another version's layout. Damaged rows (cut short, edited by hand) are a
        `KeptGamesError` saying so."""
        try:
            data: dict[str, Any] = json.loads(text)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                return None
            ints = {k: np.array(data[k], dtype=np.int64) for k in INTS}
            fields = {
                k: Entries(list(e["names"]), np.array(e["codes"], dtype=np.int64), tuple(e["unknown"]))
                for k, e in data["fields"].items()
            }
            out = cls(
                str(data["label"]),
                str(data["by"]),
                list(data["names"]),
                list(data["events"]),
                list(data["dates"]),
                ints["competitor"],
                ints["event"],
                ints["partner"],
                ints["outcome"],
                np.array(data["played"], dtype=np.bool_),
                ints["order"],
                fields,
                ints["left_out"],
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise KeptGamesError(
                f"the games kept by the latest sync are damaged ({type(exc).__name__}: {exc})"
            ) from None
        sizes = {
            len(out.competitor),
            *(len(getattr(out, k)) for k in ("event", "partner", "outcome", "played", "order")),
            *(len(e.codes) for e in fields.values()),
        }
        n = len(out.competitor)
        inside = [
            (out.competitor, 0, len(out.names)),
            (out.event, 0, len(out.events)),
            (out.partner, -1, n),
            (out.outcome, 0, len(Outcome)),
            *((e.codes, -1, len(e.names)) for e in fields.values()),
        ]
        texts = [
            out.label,
            out.by,
            *out.names,
            *out.events,
            *out.dates,
            *(n for e in fields.values() for n in (*e.names, *e.unknown)),
        ]
        if (
            len(sizes) > 1
            or len(out.left_out) != len(out.events)
            or len(out.dates) != len(out.events)
            or not all(isinstance(t, str) for t in texts)
            or not all(_is_date(d) for d in out.dates)
            or any(len(a) and (int(a.min()) < low or int(a.max()) >= high) for a, low, high in inside)
        ):
            raise KeptGamesError("the games kept by the latest sync are damaged (their columns do not fit together)")
        return out


def _is_date(text: str) -> bool:
    """An event's date as kept: empty, or YYYY-MM-DD."""
    try:
        return not text or bool(dt.date.fromisoformat(text))
    except (TypeError, ValueError):
        return False


INTS = ("competitor", "event", "partner", "outcome", "order", "left_out")
"""The integer columns of `Sides.to_json`."""


class KeptGamesError(StatsError):
    """The games a sync kept in the history can't be read back: damaged, not another version's layout."""
