"""A Prefect rate limit waited for without asking early: the wait until enough slots have decayed, counted in whole
slots from the limit's last update as Prefect's server counts them, whatever the two clocks say; and a league's
ticket asking once for its sync's slots and once more only past them."""

from __future__ import annotations

import datetime as dt

import pytest

from jobs import federation_limits
from jobs.federation_limits import LATE, PREPAID, Ticket, decayed_in, rate

NOW = dt.datetime(2026, 3, 14, 18, 0, 30, tzinfo=dt.UTC)


def ago(seconds: float) -> dt.datetime:
    return NOW - dt.timedelta(seconds=seconds)


@pytest.mark.parametrize(
    ("missing", "decay", "updated", "wait"),
    [
        (0, 1.0, ago(0.0), 0.0),  # room now: ask at once
        (-1, 1.0, ago(0.0), 0.0),
        (1, 1.0, ago(0.4), 0.6 + LATE),  # the first whole slot decays 1 s after the update
        (2, 1.0, ago(0.4), 1.6 + LATE),
        (1, 1.0, ago(1.5), 0.5 + LATE),  # one slot already counted as decayed (the server's answer said so)
        (1, 0.5, ago(0.5), 1.5 + LATE),
        (2, 1.0, NOW + dt.timedelta(seconds=5), 2.0 + LATE),  # the server's clock ahead: never more than the slots take
        (1, 1.0, ago(100.2), 0.8 + LATE),  # behind: the server still counts the slot, so it decays at the next whole
        (1, 1.0, None, 1.0 + LATE),
        (3, 0.0, ago(1.0), 0.0),  # not a rate limit: nothing to wait for (the server refuses and says why)
    ],
)
def test_a_task_waits_until_its_slots_have_decayed_and_no_longer(
    missing: int, decay: float, updated: dt.datetime | None, wait: float
) -> None:
    assert decayed_in(missing, decay, updated, NOW) == pytest.approx(wait)


def test_a_ticket_asks_once_for_a_syncs_slots_then_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[list[str], int]] = []
    monkeypatch.setattr(federation_limits, "acquire", lambda names, slots: asked.append((names, slots)))
    ticket = Ticket(("reads", "writes"))
    for kind in (0, 0, 1):  # a sync: two reads, one write
        ticket.take(kind)
    assert asked == [(["reads", "writes"], PREPAID)]
    ticket.take(0)  # a retried read
    ticket.take(1)  # the write's prepaid second slot
    ticket.take(1)
    assert asked[1:] == [(["reads"], 1), (["writes"], 1)]


def test_a_rate_limit_never_grants_more_than_the_quota_in_a_window() -> None:
    slots, decay = rate(60)
    assert slots + decay * 61 == 60 and (slots, decay) == (2, 58 / 61), "a minute and the margin"
