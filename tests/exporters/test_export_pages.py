"""The web page and the PDF poster: every name, as typed and escaped; real text; nothing from outside; a link that
previews; narrow screens and print."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from exporters.board import LEGEND, Board, Line, board
from exporters.branding import Branding
from exporters.html import description, page
from exporters.poster import SIZES, poster
from league.outcome import Mark
from league.table import CutZone, Table
from tests.exporters.tables import NAMES, UPDATED, leaderboard, standings
from tests.support.export_lines import leaderboard_lines, standings_lines

EXTERNAL = re.compile(r"(https?:)?//|url\(|@import|<script|<link", re.I)


def _page(branding: Branding = Branding(), logo: bytes | None = None) -> str:
    boards = [
        board(leaderboard(), "Leaderboard", UPDATED, leaderboard_lines(leaderboard())),
        board(standings(), "QR2 at Greenbelt 5", UPDATED, standings_lines(standings())),
    ]
    return page(boards, "GL <Unmatched> League", branding, logo)


def test_every_name_is_escaped_and_shows_as_typed() -> None:
    text = _page()
    assert "&lt;b&gt;Bea&lt;/b&gt; &amp; Co" in text
    assert "<b>Bea</b>" not in text and "GL &lt;Unmatched&gt; League" in text
    body = text.split("<body>", 1)[1]
    for name in NAMES:
        assert body.count(name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")) == 2, name


def test_the_page_makes_no_external_request(tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    from PIL import Image

    Image.new("RGB", (40, 20), "red").save(logo)
    text = _page(Branding(logo=logo), logo.read_bytes())
    assert not EXTERNAL.search(text), EXTERNAL.search(text)
    assert 'src="data:image/png;base64,' in text
    assert '<meta name="viewport" content="width=device-width,initial-scale=1">' in text, "readable on a phone"


def test_moves_and_prizes_show_on_the_page() -> None:
    text = _page()
    assert '<td class="n up">▲2</td>' in text and '<td class="n down">▼1</td>' in text and "NEW" in text
    assert "★ 1st place · Nationals finals slot" in text
    assert text.count("★ Participation prize") == len(NAMES) - 1, "every prize is marked, however many share it"
    open_ = page(
        [board(leaderboard(), "Leaderboard", UPDATED, leaderboard_lines(leaderboard(), awarded=False))],
        "GL",
        Branding(),
    )
    assert "in line for 1st place · Nationals finals slot" in open_ and "★ 1st place" not in open_, (
        "a prize whose standings are not final is only in line"
    )


def _marked() -> Board:
    """The standings with what a reader must see: a line not final, a dropped one, a disqualified one without a
    rank, a shared rank, the count column and a playoff cut, each as the evaluation places it."""
    table = standings()
    rows = list(table.rows)
    rows[2] = (2, *rows[2][1:])
    rows[7] = (None, *rows[7][1:])
    table = Table.of(table.name, table.columns, tuple(rows))
    marks = {1: (Mark.NOT_FINAL,), 3: (Mark.DROPPED,), 7: (Mark.DISQUALIFIED,)}
    cuts = (CutZone.IN, CutZone.IN, CutZone.MATCH, CutZone.OUT, None, None, None, CutZone.OUT)
    lines = tuple(replace(p, marks=marks.get(i, ()), cut=cuts[i]) for i, p in enumerate(standings_lines(table)))
    shown = board(table, "QR2 at Greenbelt 5", UPDATED, lines)
    assert shown.footnotes[:3] == ("* not final: results still to fix", "† dropped out", "DQ disqualified: not ranked")
    return replace(shown, score_label="Total Scenario Points", count_label="Record", footnotes=shown.footnotes[:3])


def test_the_page_marks_what_a_reader_must_know_with_footnotes() -> None:
    text = page([_marked()], "GL", Branding())
    rows = re.findall(r"<tr[^>]*>.*?</tr>", text.split("<tbody>")[1])
    assert "<th>Record</th>" in text and '<td class="n">7</td>' in rows[0]
    assert 'Ződ Örs Hegedűs <span class="mark">*</span>' in rows[1] and ">=2<" in rows[1] and ">=2<" in rows[2]
    assert 'Niño Peña <span class="mark">†</span>' in rows[3] and "<td>–</td>" in rows[7] and ">DQ<" in rows[7]
    assert [i for i, row in enumerate(rows) if row.startswith('<tr class="cut"')] == [2, 3], "in | tiebreaker | out"
    titles = [re.findall(r'title="([^"]*)"', row) for row in rows[:4]]
    assert titles == [["Playoffs: in"], ["Playoffs: in"], ["Playoffs: tiebreaker match"], ["Playoffs: out"]]
    zones = [re.findall(r'<span class="zone"><span class="vh">Playoffs: </span>([^<]*)</span>', row) for row in rows]
    assert zones[:5] == [["in"], [], ["tiebreaker match"], ["out"], []], "each zone is named over its first name"
    assert (
        '<p class="notes">* not final: results still to fix<br>† dropped out<br>DQ disqualified: not ranked</p>' in text
    )
    assert "Move" not in text and "places since" not in text, "no Move column nor its legend before a move exists"


def test_a_move_column_comes_with_its_legend() -> None:
    text = _page()
    leaderboard_section, event_section = text.split("<section")[1:]
    assert "<th>Move</th>" in leaderboard_section
    assert f'</table></div><p class="legend">{LEGEND}</p>' in leaderboard_section
    assert "legend" not in event_section


def test_the_poster_marks_what_a_reader_must_know_and_keeps_long_headings_whole() -> None:
    text = PdfReader(io.BytesIO(poster(_marked(), "GL", Branding(), "a4"))).pages[0].extract_text()
    assert "Record" in text and "Total Scenario" in text and "Points" in text and "Scenari…" not in text
    assert "Ződ Örs Hegedűs *" in text and "Niño Peña †" in text and "Ana Souza DQ" in text and "=2" in text
    assert "* not final: results still to fix" in text and "† dropped out" in text
    assert text.count("★ Participation prize") == len(NAMES) - 1 and "Move" not in text


@pytest.mark.parametrize("size", SIZES)
def test_the_poster_text_is_real_text_with_every_name(size: str) -> None:
    pdf = poster(board(leaderboard(), "Leaderboard", UPDATED), "GL Unmatched League", Branding(), size)
    reader = PdfReader(io.BytesIO(pdf))
    text = "".join(p.extract_text() for p in reader.pages)
    for name in NAMES:
        assert name in text, name
    assert "GL Unmatched League" in text and "Updated 2024-09-07 18:30 UTC" in text
    width, height = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (round(SIZES[size][0]), round(SIZES[size][1]))


def test_a_long_poster_continues_on_further_pages() -> None:
    names = tuple(f"Игрок {i}" for i in range(1, 80))
    pdf = poster(board(leaderboard(names), "Leaderboard", UPDATED), "League", Branding(), "a4")
    reader = PdfReader(io.BytesIO(pdf))
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert len(reader.pages) > 1
    assert all(re.search(rf"{name}\b", text) for name in names)


def test_a_poster_stops_at_four_pages_and_says_how_many_more() -> None:
    names = tuple(f"Player {i}" for i in range(1, 301))
    reader = PdfReader(
        io.BytesIO(poster(board(leaderboard(names), "Leaderboard", UPDATED), "League", Branding(), "a4"))
    )
    text = reader.pages[-1].extract_text()
    last = int(re.findall(r"Player (\d+)", text)[-1])
    assert len(reader.pages) == 4 and f"and {300 - last} more in the full table" in text and 90 <= last <= 100


@pytest.mark.parametrize(
    ("url", "image"),
    [
        ("https://example.org/league/", "https://example.org/league/leaderboard-1200x630.png"),
        ("https://example.org/league", "https://example.org/league/leaderboard-1200x630.png"),
        ("https://example.org/gl/league.html", "https://example.org/gl/leaderboard-1200x630.png"),
    ],
)
def test_a_shared_link_previews_the_card_image(url: str, image: str) -> None:
    text = _page(Branding(url=url))
    assert '<meta property="og:title" content="GL &lt;Unmatched&gt; League">' in text
    assert '<meta property="og:description" content="Łukasz Żółć leads">' in text
    assert f'<meta property="og:image" content="{image}">' in text
    assert f'<meta property="og:url" content="{url}">' in text
    assert '<meta name="twitter:card" content="summary_large_image">' in text
    assert f'<meta name="twitter:image" content="{image}">' in text


def test_without_a_url_the_image_is_beside_the_page_and_there_is_no_og_url() -> None:
    text = _page()
    assert '<meta property="og:image" content="leaderboard-1200x630.png">' in text and "og:url" not in text


def test_the_description_says_where_the_league_stands_or_who_won() -> None:
    leading = Board(
        "Leaderboard",
        "Wins",
        "",
        (Line("1", "Ana & Bo", "3", "", (), None),),
        UPDATED,
        True,
        stands="after W2, 1 of 3 events complete",
    )
    assert description([leading]) == "Ana & Bo leads · after W2, 1 of 3 events complete"
    won = Board(
        "W1 · 2026-03-07",
        "Wins",
        "",
        (Line("1", "Dan Wu", "3", "", (), None),),
        UPDATED,
        False,
        stands="Final standings",
        champion="Dan Wu",
        event="W1",
    )
    assert description([won]) == "Champion: Dan Wu · W1 · 2026-03-07 · Final standings"
    assert description([]) == "No standings yet"
    assert 'content="Ana &amp; Bo leads · after W2' in page([leading], "L", Branding())


def test_numeric_headings_sit_over_their_figures() -> None:
    text = _page()
    assert (
        '<th>Name</th><th>Total Wins<span class="tb">Health Ratio</span></th><th class="low">Health Ratio</th>'
        "<th>Move</th>"
    ) in text
    assert "th:nth-child(n+3),td.n{text-align:right}" in text


def test_names_wrap_between_words_and_narrow_screens_fold_the_links_and_hide_low_priority_columns() -> None:
    text = _page()
    assert "overflow-wrap:anywhere" not in text and "word-break:normal" in text
    assert (
        "<details><summary>Tables (2)</summary>" in text and "@media (max-width:420px){.low{display:none}.tb{" in text
    )


def test_printing_leaves_out_the_navigation_and_puts_each_table_on_its_own_page() -> None:
    style = _page().split("@media print{", 1)[1]
    assert "nav,footer{display:none}" in style and "section{break-after:page" in style
    assert "section:last-of-type{break-after:auto" in style, "no blank page after the last table"
    assert "tr:nth-last-child(2){break-after:avoid" in style, "no row alone on a page (measured in Chromium too)"
