"""Where each event and the league stand, in every export:
the caption's first line, the page, the poster, the images."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

import history
from exporters.board import Board
from exporters.branding import Branding
from exporters.caption import caption
from exporters.html import page
from exporters.images import FEED, LAYOUTS, Layout, render
from exporters.poster import poster
from exporters.render import boards, shows
from exporters.stands import event_stands, snapshot_stands
from history.snapshot import EventInfo, Snapshot, from_json, to_json
from jobs.export_job import latest_snapshot
from jobs.pair_job import run_pair
from jobs.sync_job import run_sync
from league.lifecycle import EventState, SeasonState
from sync.open import open_workbook
from tests.exporters.tables import UPDATED, leaderboard, standings
from tests.support.judges import new_league, rows_of

UNDER_WAY = EventInfo(
    "W2", "Weekly 2", "2024-09-14", "O-Gaming", EventState("W2", rounds=4, paired=2, rows=4, results=4)
)
DONE = EventInfo(
    "W1",
    "Weekly 1",
    "2024-09-07",
    "O-Gaming",
    EventState("W1", rounds=4, paired=4, rows=4, results=4, champion="Dan Wu"),
)
SEASON = SeasonState(planned=2, closed=False, listed=2, finished=1, started=2)
LEAGUE = "W2 after round 2 of 4, 1 of 2 events final"


def _snapshot(stands: bool = True) -> Snapshot:
    events = (DONE, UNDER_WAY) if stands else tuple(EventInfo(e.id, e.name, e.date, e.venue) for e in (DONE, UNDER_WAY))
    return Snapshot(
        UPDATED,
        "abc",
        "O-Gaming League",
        (leaderboard(), standings("W1"), standings("W2")),
        events,
        season=SEASON if stands else None,
    )


def _boards(stands: bool = True) -> dict[str, Board]:
    snap = _snapshot(stands)
    return {b.event or "league": b for b in boards(snap, snap.tables)}


def test_the_caption_opens_with_the_champion_or_where_it_stands() -> None:
    shown = _boards()
    first = {key: caption(b, "O-Gaming League", (), ()).splitlines()[0] for key, b in shown.items()}
    assert first == {
        "league": f"Łukasz Żółć leads the O-Gaming League ({LEAGUE})",
        "Weekly 1": "Dan Wu wins Weekly 1",
        "Weekly 2": "Łukasz Żółć leads Weekly 2 after round 2 of 4",
    }
    second = {key: caption(b, "O-Gaming League", (), ()).splitlines()[1] for key, b in shown.items()}
    assert second["league"] == f"O-Gaming League: leaderboard — {LEAGUE} (updated 2024-09-07)"
    assert second["Weekly 2"] == "O-Gaming League: Weekly 2 · 2024-09-14 — after round 2 of 4 (updated 2024-09-07)"
    bare = _boards(False)["league"]
    assert caption(bare, "O-Gaming League", (), ()).splitlines()[0].startswith("O-Gaming League: leaderboard"), (
        "nothing to say before the standings say where they stand"
    )
    assert (
        caption(shown["Weekly 1"], "L", (), ()).splitlines()[1]
        == "L: Weekly 1 · 2024-09-07 — Final standings (updated 2024-09-07)"
    )


@pytest.mark.parametrize(
    ("firsts", "stands", "final", "said"),
    [
        (1, "Final standings", True, "Łukasz Żółć wins the O-Gaming League"),
        (
            2,
            "after W2, 1 of 2 events final",
            False,
            "Łukasz Żółć and Ződ Örs Hegedűs share the lead of the O-Gaming League after W2, 1 of 2 events final",
        ),
        (2, "Final standings", True, "Łukasz Żółć and Ződ Örs Hegedűs share first place in the O-Gaming League"),
        (
            4,
            "after W2, 1 of 2 events final",
            False,
            "4 players share the lead of the O-Gaming League after W2, 1 of 2 events final",
        ),
    ],
)
def test_the_caption_names_who_is_first_or_shares_it(firsts: int, stands: str, final: bool, said: str) -> None:
    shown = _boards()["league"]
    lines = tuple(replace(line, rank="1") if i < firsts else line for i, line in enumerate(shown.lines))
    assert (
        caption(replace(shown, lines=lines, stands=stands, final=final), "O-Gaming League", (), ()).splitlines()[0]
        == said
    )


def test_the_page_says_where_each_table_stands() -> None:
    text = page(list(_boards().values()), "O-Gaming League", Branding())
    assert f'<p class="stands">{LEAGUE}</p>' in text
    assert '<p class="stands">after round 2 of 4</p>' in text
    assert '<p class="stands">Champion: Dan Wu · Final standings</p>' in text
    assert 'class="stands"' not in page(list(_boards(False).values()), "O-Gaming League", Branding())


@pytest.mark.parametrize(
    ("key", "said"),
    [("league", LEAGUE), ("Weekly 2", "after round 2 of 4"), ("Weekly 1", "Champion: Dan Wu · Final standings")],
)
def test_the_poster_says_where_it_stands(key: str, said: str) -> None:
    text = PdfReader(io.BytesIO(poster(_boards()[key], "O-Gaming League", Branding(), "a4"))).pages[0].extract_text()
    assert said in text
    bare = (
        PdfReader(io.BytesIO(poster(_boards(False)[key], "O-Gaming League", Branding(), "a4"))).pages[0].extract_text()
    )
    assert said not in bare


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.label)
@pytest.mark.parametrize("key", ["league", "Weekly 2", "Weekly 1"])
def test_the_images_say_where_it_stands_under_the_title(key: str, layout: Layout) -> None:
    from PIL import Image, ImageChops

    def image(stands: bool) -> Image.Image:
        png = render(_boards(stands)[key], layout, Branding(), "O-Gaming League", 1)[0]
        return Image.open(io.BytesIO(png)).convert("RGB")

    with_line, without = image(True), image(False)
    box = ImageChops.difference(with_line, without).getbbox()
    assert box is not None, "the standing line is drawn"
    assert box[3] <= layout.band, f"the standing line is drawn in the title band, not over the table: {box}"
    line = ImageChops.difference(with_line, without).crop((0, int(layout.band * 0.7), layout.width, layout.band))
    assert line.getbbox() is not None, "the last line of the band says where it stands"


def test_the_standing_line_is_as_large_as_the_other_secondary_text() -> None:
    """It is drawn at the size of the table's name under the title (28 px on the feed image), bold."""
    from PIL import Image, ImageChops

    snap = _boards()["Weekly 2"]
    lines = [Image.open(io.BytesIO(render(snap, FEED, Branding(), "L", 1)[0])).convert("RGB")]
    band = lines[0].crop((0, int(FEED.band * 0.7), FEED.width, FEED.band))
    other = Image.open(io.BytesIO(render(_boards(False)["Weekly 2"], FEED, Branding(), "L", 1)[0])).convert("RGB")
    box = ImageChops.difference(band, other.crop((0, int(FEED.band * 0.7), FEED.width, FEED.band))).getbbox()
    assert box is not None and box[3] - box[1] >= 20, box


def test_a_change_of_standing_alone_draws_the_files_again() -> None:
    before, after = _snapshot(), _snapshot(False)
    for group in ("txt", "html", "pdf", "png:Leaderboard", "png:Standings W1", "png:Standings W2"):
        assert shows(before, Branding(), group) != shows(after, Branding(), group), group


def test_a_change_of_standing_alone_is_a_new_snapshot_for_export_and_publish(tmp_path: Path) -> None:
    """The playoffs move on while no standings row changes: `league export` and `league publish` read the history."""
    path = tmp_path / "league-history.sqlite"
    assert history.record(path, _snapshot(False))[1]
    assert not history.record(path, _snapshot(False))[1], "nothing changed: nothing added"
    latest, added = history.record(path, _snapshot())
    assert added and snapshot_stands(latest) == LEAGUE


def test_a_history_keeps_the_standing_and_reads_snapshots_written_before_it() -> None:
    snap = _snapshot()
    again = from_json(to_json(snap), 1, snap.time, snap.fingerprint)
    assert again.events == snap.events and snapshot_stands(again) == LEAGUE
    old = '{"title": "L", "tables": [], "events": [["W1", "Weekly 1", "2024-09-07", "O-Gaming"]]}'
    read = from_json(old, 1, snap.time, "abc")
    assert read.events == (EventInfo("W1", "Weekly 1", "2024-09-07", "O-Gaming"),) and snapshot_stands(read) == ""


def test_a_sync_records_where_the_event_and_the_league_stand(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    config, judge = next(new_league("xlsx", tmp_path, "ogaming-mtg", ["W1"], request))
    names = [
        "Ana Souza",
        "Bruno Lima",
        "Carla Mendes",
        "Dan Wu",
        "Elisa Prado",
        "Fábio Nunes",
        "Gabi Torres",
        "Hugo Sá",
    ]
    open_workbook(config).add_rows("Players", [{"Player": p, "Event": "W1", "Account Standing": "Good"} for p in names])
    rng = random.Random(3)
    run_pair(config, open_workbook(config), "W1", seed=1)
    judge.type(
        "Results W1",
        {
            (row, col): score
            for row, _ in rows_of(judge.read("Results W1"), 1)
            for col, score in zip(("Wins A", "Wins B"), rng.choice([(2, 0), (1, 2)]))
        },
    )
    run_sync(config, open_workbook(config))
    snap = latest_snapshot(config)
    assert [(e.id, event_stands(e.state), e.champion) for e in snap.events] == [("W1", "after round 1 of 3", "")]
    assert snapshot_stands(snap) == "after round 1 of 3", "a league of one event stands where its event does"
    said, head = (config.exports / "standings-w1.txt").read_text(encoding="utf-8").splitlines()[:2]
    assert said.endswith(" of W1 after round 1 of 3") or " leads W1 after round 1 of 3" in said, said
    assert head.endswith("after round 1 of 3 (updated " + snap.time.strftime("%Y-%m-%d") + ")"), head
