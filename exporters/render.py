"""Every export file of a snapshot, by format: names and bytes, ready for the writer.

File names say what they hold: `leaderboard-1080x1350.png` (further pages `-2`, `-3`),
`standings-<event>-1200x630.png`, `bracket-<event>-1080x1350.png` (further parts `-2`, `-3`),
`champion-<event>-1080x1350.png`, `leaderboard.txt` (the caption), `league.html`, `leaderboard-a4.pdf`
(`standings-<event>-a4.pdf` when one event is asked for). Stems fold every character that is not a letter or digit to
`-`, so no event id can reach outside the exports folder."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, astuple, replace

from exporters.board import Board, board
from exporters.branding import Branding
from exporters.playoff_files import BRACKET, CHAMPION, bracket_events, bracket_files, champion_events, champion_files
from exporters.stands import event_stands, snapshot_stands
from history.snapshot import Snapshot, shown_tables, stored_placing, stored_playoff
from league.sheet import LEADERBOARD_TAB, STANDINGS_PREFIX
from league.table import Table

FORMATS = ("png", "txt", "html", "pdf", "csv")
PAGE_NAMES = re.compile(
    r"(leaderboard|standings-.+|bracket-.+|champion-.+)-\d+x\d+(-\d+)?\.png"
    r"|(leaderboard|standings-.+)\.txt"
)
"""Images and captions the tool names; one a full export does not write again is stale (an event gone, fewer
pages). Posters are not swept: an event's poster is only made on demand."""
File = tuple[str, bytes]


def stem(tab: str) -> str:
    """A file-name stem for a tab: `Standings QR1-GB5` -> `standings-qr1-gb5` (letters of any script kept)."""
    return re.sub(r"[\W_]+", "-", tab.casefold()).strip("-")


def stems(tabs: Sequence[str]) -> list[str]:
    """One distinct stem per tab: tabs whose names fold alike get `-2`, `-3`, ..."""
    taken: set[str] = set()
    out = []
    for tab in tabs:
        base, n = stem(tab), 1
        name = base
        while name in taken:
            n += 1
            name = f"{base}-{n}"
        taken.add(name)
        out.append(name)
    return out


def boards(snapshot: Snapshot, sheets: Sequence[Table]) -> list[Board]:
    """The tables as the exports show them, titled by event name and date, saying where each stands."""
    return [shown_board(snapshot, s) for s in sheets]


def shown_board(snapshot: Snapshot, sheet: Table) -> Board:
    """One table as the exports show it: titled by event name and date, with where it stands and its champion (the
    leaderboard: where the league stands); worked out once per snapshot."""
    key = ("board", sheet.name)
    if key not in snapshot.worked:
        snapshot.worked[key] = _shown_board(snapshot, sheet)
    made: Board = snapshot.worked[key]
    return made


def _shown_board(snapshot: Snapshot, sheet: Table) -> Board:
    placings = snapshot.placings.get(sheet.name)
    shown = board(sheet, snapshot.event_title(sheet), snapshot.time, placings)
    if sheet.name == LEADERBOARD_TAB:
        season = snapshot.season
        final = bool(season and season.final)
        return replace(
            shown, stands=snapshot_stands(snapshot), final=final, champion=season.champion if season and final else ""
        )
    info = snapshot.event_info(sheet)
    if info is None:
        return shown
    return replace(
        shown,
        stands=event_stands(info.state),
        final=bool(info.state and info.state.final),
        champion=info.champion,
        event=info.name or info.id,
        bracket=snapshot.brackets.get(info.id),
    )


def standing(snapshot: Snapshot, sheet: Table) -> list[object]:
    """What a table's standing line and lines say beyond its rows, for the digest of what its files show."""
    lines = [stored_placing(p) for p in snapshot.placings.get(sheet.name, ())]
    if sheet.name == LEADERBOARD_TAB:
        return [asdict(snapshot.season) if snapshot.season else None, lines]
    info = snapshot.event_info(sheet)
    playoff = snapshot.brackets.get(info.id) if info else None
    return [asdict(info.state) if info and info.state else None, lines, *([stored_playoff(playoff)] if playoff else [])]


def title(snapshot: Snapshot, branding: Branding) -> str:
    return branding.title or snapshot.title


def files(snapshot: Snapshot, branding: Branding, fmt: str, event: str | None = None) -> list[File]:
    """The files of one format (not CSV, which the CSV writer makes) for every table, or one event's; every page
    of every image."""
    tables = list(shown_tables(snapshot.tables))
    names = table_stems(snapshot)
    if event is not None:
        tables = [t for t in tables if t.name == STANDINGS_PREFIX + event]
    if fmt == "png":
        return _png(snapshot, branding, tables, names, True)
    return RENDERERS[fmt](snapshot, branding, tables, names, event is None)


def groups(snapshot: Snapshot, fmt: str) -> list[str]:
    """The files of one format that are drawn together: each table's images (`png:<tab>`: an event that did not
    change keeps its images), or all the captions, the page, the posters (`txt`, `html`, `pdf`)."""
    if fmt == "png":
        return [
            *(f"png:{t.name}" for t in shown_tables(snapshot.tables)),
            *(f"{BRACKET}:{event}" for event in bracket_events(snapshot)),
            *(f"{CHAMPION}:{event}" for event in champion_events(snapshot)),
        ]
    return [fmt]


def _group(snapshot: Snapshot, group: str) -> tuple[str, list[Table]]:
    """A group's format and the tables its files show."""
    fmt, _, tab = group.partition(":")
    return fmt, [t for t in shown_tables(snapshot.tables) if fmt != "png" or t.name == tab]


def draw(snapshot: Snapshot, branding: Branding, group: str, every_page: bool = False) -> list[File]:
    """The files of one group; a table's images are only its first page of each size unless `every_page`."""
    fmt, tables = _group(snapshot, group)
    if fmt in (BRACKET, CHAMPION):
        return _playoff_files(snapshot, branding, group)
    if fmt == "png":
        return _png(snapshot, branding, tables, table_stems(snapshot), every_page)
    return RENDERERS[fmt](snapshot, branding, tables, table_stems(snapshot), True)


def shows(snapshot: Snapshot, branding: Branding, group: str, origin: str = "") -> str:
    """A digest of everything a group's files show: its tables (rows and number formats), their titles, the league's
    name and the branding with the logo's bytes, and where each table stands; for the captions, page and posters also
    the events and the time of the standings. Equal digests draw equal files, so a sync draws a group again exactly when
    this differs from what the files on disk were drawn from. A table's images leave the time out, as they always have:
    an event that did not change keeps the images of the time it last changed, in the history that `origin` names (its
    first snapshot's time): a new history (a new demo, a damaged one moved aside) draws them again."""
    fmt, tables = _group(snapshot, group)
    logo = hashlib.sha256(branding.logo.read_bytes()).hexdigest() if branding.logo else ""
    look = [
        title(snapshot, branding),
        branding.primary,
        branding.accent,
        branding.background,
        branding.text,
        logo,
        list(branding.hashtags),
        str(branding.zone),
        branding.url,
    ]
    seen: list[object] = [fmt, origin, look, [_table_digest(snapshot, t) for t in tables]]
    if fmt in (BRACKET, CHAMPION):
        event = group.partition(":")[2]
        info = next((e for e in snapshot.events if e.id == event), None)
        seen[3] = [
            _table_digest(snapshot, t) for t in shown_tables(snapshot.tables) if t.name == STANDINGS_PREFIX + event
        ]
        seen.append(astuple(info) if info else None)
    elif fmt != "png":
        seen += [
            snapshot.time.isoformat(),
            [astuple(e) for e in snapshot.events],
            snapshot_stands(snapshot),
            asdict(snapshot.season) if snapshot.season else None,
        ]
    return hashlib.sha256(json.dumps(seen, ensure_ascii=False, default=str).encode()).hexdigest()


def _table_digest(snapshot: Snapshot, sheet: Table) -> str:
    """A digest of what one table shows (name, title, header, rows, number formats, where it stands), worked out
    once per snapshot: every group that shows the table folds it into its own digest."""
    key = ("digest", sheet.name)
    if key not in snapshot.worked:
        shown = [
            sheet.name,
            snapshot.event_title(sheet),
            list(sheet.header),
            [list(r) for r in sheet.rows],
            [list(f) for f in sheet.number_formats],
            standing(snapshot, sheet),
        ]
        snapshot.worked[key] = hashlib.sha256(json.dumps(shown, ensure_ascii=False, default=str).encode()).hexdigest()
    digest: str = snapshot.worked[key]
    return digest


def table_stems(snapshot: Snapshot) -> dict[str, str]:
    """Each shown table's file-name stem."""
    tables = [t.name for t in shown_tables(snapshot.tables)]
    return dict(zip(tables, stems(tables)))


def event_stem(snapshot: Snapshot, event: str) -> str:
    """An event's part of its files' names, as its standings' (`w1` of `standings-w1.csv`): `bracket-w1-…`."""
    name = table_stems(snapshot).get(STANDINGS_PREFIX + event, stem(event)).removeprefix(stem(STANDINGS_PREFIX))
    return name.strip("-") or stem(event)


def _playoff_files(snapshot: Snapshot, branding: Branding, group: str) -> list[File]:
    """An event's bracket images or its champion card, named by the event as its standings are."""
    fmt, _, event = group.partition(":")
    table, name = snapshot.table(STANDINGS_PREFIX + event), event_stem(snapshot, event)
    if fmt == BRACKET:
        return bracket_files(snapshot, branding, event, title(snapshot, branding), name)
    if table is None:
        return []
    return champion_files(snapshot, branding, event, title(snapshot, branding), name, shown_board(snapshot, table))


def _png(
    snapshot: Snapshot, branding: Branding, tables: list[Table], names: dict[str, str], every_page: bool
) -> list[File]:
    from exporters.images import LAYOUTS, MAX_PAGES, render

    out = []
    for sheet, shown in zip(tables, boards(snapshot, tables)):
        for layout in LAYOUTS:
            for n, png in enumerate(
                render(shown, layout, branding, title(snapshot, branding), MAX_PAGES if every_page else 1), 1
            ):
                out.append((f"{names[sheet.name]}-{layout.label}{f'-{n}' if n > 1 else ''}.png", png))
    return out


def _txt(snapshot: Snapshot, branding: Branding, tables: list[Table], names: dict[str, str], _: bool) -> list[File]:
    from exporters.caption import caption

    return [
        (
            f"{names[s.name]}.txt",
            caption(
                b, title(snapshot, branding), snapshot.events, branding.hashtags, branding.zone, url=branding.url
            ).encode(),
        )
        for s, b in zip(tables, boards(snapshot, tables))
    ]


def _html(
    snapshot: Snapshot, branding: Branding, tables: list[Table], names: dict[str, str], whole: bool
) -> list[File]:
    from exporters.html import page

    logo = branding.logo.read_bytes() if branding.logo else None
    text = page(boards(snapshot, tables), title(snapshot, branding), branding, logo)
    name = "league.html" if whole else f"{names[tables[0].name]}.html" if tables else "league.html"
    return [(name, text.encode())]


def _pdf(snapshot: Snapshot, branding: Branding, tables: list[Table], names: dict[str, str], whole: bool) -> list[File]:
    """The store poster is the leaderboard's; an event's poster is made when that event is asked for."""
    from exporters.poster import SIZES, poster

    if whole:
        tables = [t for t in tables if t.name == LEADERBOARD_TAB]
    return [
        (f"{names[s.name]}-{size}.pdf", poster(b, title(snapshot, branding), branding, size))
        for s, b in zip(tables, boards(snapshot, tables))
        for size in SIZES
    ]


RENDERERS: dict[str, Callable[[Snapshot, Branding, list[Table], dict[str, str], bool], list[File]]] = {
    "txt": _txt,
    "html": _html,
    "pdf": _pdf,
}
