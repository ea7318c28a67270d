"""The quota kept in a file, shared by every process reaching Google as one service account."""

from __future__ import annotations

from pathlib import Path

from sync.quota import MARGIN, WINDOW, SharedQuota, shared_quotas


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def time(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_two_holders_of_the_file_never_send_more_than_the_limit_in_a_window(tmp_path: Path) -> None:
    clock = Clock()
    one, other = (SharedQuota(tmp_path / "reads.json", 5, clock.sleep, clock.time) for _ in range(2))
    sent = []
    for at in range(12):
        (one if at % 2 else other).take()
        sent.append(clock.now)
        clock.now += 1.0
    window = WINDOW + MARGIN
    assert max(sum(1 for t in sent if start <= t < start + window) for start in sent) == 5
    assert clock.slept and sent[5] == sent[0] + window, "the sixth waits for the first to age out"


def test_a_damaged_file_or_times_ahead_of_the_clock_do_not_stall_the_quota(tmp_path: Path) -> None:
    clock = Clock()
    reads, _ = shared_quotas(tmp_path / "q", "bot@example.iam.gserviceaccount.com", 2, 2, clock.sleep, clock.time)
    reads.path.write_text("[1000.0, 10", encoding="utf-8")  # cut short by a killed process
    reads.take()
    reads.path.write_text("[99999.0, 99999.0]", encoding="utf-8")  # written before the clock was set back
    reads.take()
    assert clock.slept == []
