"""A NASEF season's exports show the record as the field writes it, wins first (`3-0`), in one `Record` column of the
images, caption, page and poster, on `.xlsx` and through the Sheets API; the workbook keeps its `Wins` and `Losses`.
A ruleset asking for the record where the score is not the wins is refused at the setting."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from exporters.images import FEED
from jobs.cli import app
from jobs.errors import ExitCode
from league.cells import Cell, Grid
from sync.xlsx import XlsxWorkbook
from tests.exporters.test_export_layout import _runs_of_ink
from tests.support.google_league import ACCOUNT, SHEET_ID
from tests.support.grids import sheets
from tests.support.sheets_server import SheetsServer

runner = CliRunner()
GOLDEN = Path(__file__).parents[1] / "golden" / "nasef"
INPUTS = {"Events": "events.csv", "Teams": "teams.csv", "Rosters": "rosters.csv", "Results S1": "results-s1.csv"}
RECORDS = {"Comet": "3-0", "Eclipse": "2-1", "Falcon": "2-1", "Aurora": "1-2", "Dynamo": "0-3", "Blaze": "0-3"}
"""Each golden team's wins and losses, as the golden standings hold them."""


def _inputs() -> dict[str, Grid]:
    out: dict[str, Grid] = {}
    for tab, file in INPUTS.items():
        with (GOLDEN / file).open(encoding="utf-8", newline="") as f:
            out[tab] = [list[Cell](row) for row in csv.reader(f)]
    return out


def _league(folder: Path, backend: str, request: pytest.FixtureRequest) -> Path:
    """The golden season's inputs as judges typed them, on `.xlsx` or in a spreadsheet on the local Sheets server."""
    if backend == "xlsx":
        XlsxWorkbook(folder / "league.xlsx").create(sheets(_inputs()))
        where = 'workbook = "league.xlsx"\n'
    else:
        server: SheetsServer = request.getfixturevalue("sheets_server")
        key: Path = request.getfixturevalue("service_account_file")
        server.add_spreadsheet(SHEET_ID, _inputs(), shared_with=[ACCOUNT])
        where = f'spreadsheet_id = "{SHEET_ID}"\ncredentials = "{key}"\nsheets_api = "{server.url}"\n'
    (folder / "league.toml").write_text(f'ruleset = "{GOLDEN / "ruleset.toml"}"\n{where}', encoding="utf-8")
    return folder


def _standings_tab(folder: Path, backend: str, request: pytest.FixtureRequest) -> list[list[object]]:
    if backend == "xlsx":
        return XlsxWorkbook(folder / "league.xlsx").read(["Standings S1"])["Standings S1"]
    server: SheetsServer = request.getfixturevalue("sheets_server")
    return server.values(SHEET_ID, "Standings S1")


def _headings(png: Path) -> int:
    """How many figure headings the first image draws (words of one heading are a space apart)."""
    page = Image.open(io.BytesIO(png.read_bytes())).convert("RGB")
    runs = _runs_of_ink(page, (FEED.width // 4, FEED.band + 7, FEED.width, FEED.band + FEED.row))
    return 1 + sum(1 for one, two in zip(runs, runs[1:]) if two[0] - one[1] >= 16) if runs else 0


@pytest.mark.parametrize("backend", ["xlsx", "sheets"])
def test_the_exports_show_the_record_wins_first(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    folder = _league(tmp_path, backend, request)
    synced = runner.invoke(app, ["sync", str(folder / "league.toml")])
    assert synced.exit_code == 0, synced.output
    tab = _standings_tab(folder, backend, request)
    assert tab[0][2:4] == ["Wins", "Losses"], "the workbook keeps both columns"
    exports = folder / "exports"

    caption = (exports / "standings-s1.txt").read_text(encoding="utf-8")
    shown = dict(re.findall(r"^(?:\S+ )?=?\d+\. (\S+): (\d+-\d+) record, Game Win %", caption, re.M))
    assert shown == RECORDS, caption
    assert "Losses" not in caption and " wins," not in caption

    html = (exports / "league.html").read_text(encoding="utf-8")
    assert re.findall(r"<th>Name</th>\s*<th>([^<]*)<", html)[1:] == ["Record"], "the event's table: Record first"
    assert "Losses" not in html and ">3-0<" in html

    poster = runner.invoke(app, ["export", str(folder / "league.toml"), "--format", "pdf", "--event", "S1"])
    assert poster.exit_code == 0, poster.output
    text = "".join(page.extract_text() for page in pypdf.PdfReader(exports / "standings-s1-a4.pdf").pages)
    assert "# Name Record Game Win %" in text and "Losses" not in text, text
    assert all(re.search(rf"{team}.*\n?.*{record} ", text) for team, record in RECORDS.items()), text

    assert _headings(exports / "standings-s1-1080x1350.png") == 2, "Record and Game Win %, no Losses before Wins"


@pytest.mark.parametrize(
    ("changed", "said"),
    [
        ('[scoring]\nname = "outcome"\nlabel = "Points"\nwin = 3\nloss = 0\n', "needs a score that counts wins"),
        ('[format]\ncount = "matches"\n', 'needs `count = "losses"` and no draws'),
    ],
)
def test_a_record_the_score_and_count_cannot_make_is_refused(changed: str, said: str, tmp_path: Path) -> None:
    (tmp_path / "changed.toml").write_text(f'extends = "nasef-lol"\n\n{changed}', encoding="utf-8")
    XlsxWorkbook(tmp_path / "league.xlsx").create(sheets(_inputs()))
    (tmp_path / "league.toml").write_text('ruleset = "changed.toml"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    result = runner.invoke(app, ["sync", str(tmp_path / "league.toml")])
    assert result.exit_code == ExitCode.USAGE, result.output
    assert f"`format.record_in_exports` {said}" in result.output and "changed.toml" in result.output
    assert "Traceback" not in result.output
