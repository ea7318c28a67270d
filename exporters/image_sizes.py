"""The sizes the standings images are drawn at, the feed page (1080x1350) and the link card (1200x630), and where
their band, rows and footer go.

Its own module so `images.render`, the feed pages and the card share the sizes without importing one another."""

from __future__ import annotations

from dataclasses import dataclass

MARGIN = 0.04


@dataclass(frozen=True)
class Layout:
    """Where things go on one image size, in pixels."""

    width: int
    height: int
    band: int
    """Height of the title band."""
    title: int
    """Title font size."""
    row: int
    """Height of one competitor's row on a page of few rows; a fuller page's rows shrink to fill it (`least_row`)."""
    name: int
    """Name font size in a row `row` high; headings and the prize line are smaller."""
    footer: int
    small: int
    """Every other text: headings, the prize line, tiebreakers, the footer."""
    panels: int = 1
    """Side-by-side columns of rows on a page."""
    least_row: int = 0
    """The least height a row shrinks to so that more rows fit one page (a name and its prize line still readable);
    0: rows keep `row`."""

    @property
    def per_page(self) -> int:
        """How many rows fit on a page, at their least height, under the row of column headings."""
        least = self.least_row or self.row
        return self.panels * ((self.height - self.band - self.footer) // least - 1)

    @property
    def label(self) -> str:
        return f"{self.width}x{self.height}"


FEED = Layout(1080, 1350, band=200, title=56, row=80, name=34, footer=110, small=27, least_row=60)
"""A Facebook feed post (4:5 portrait), read on a phone 390 points wide: names drawn at 34 px (30 px in the rows
of a full page) come out 11 to 12 px tall, everything else at 27 px (never under `LEAST`, 26 px) 9 to 10 px; up to
16 rows fit one page."""
LINK = Layout(1200, 630, band=205, title=44, row=56, name=40, footer=44, small=30)
"""A link or cover share (1.91:1 landscape): one image, the card (`card`), of the top lines in type of at least
36 px; the feed pages list everyone. The card uses its size and band; the rest says what the card draws at."""

LAYOUTS = (FEED, LINK)
MAX_PAGES = 10
"""A post shows ten images at most, and nobody scrolls further: past 200 or so lines the last page says how
many more there are, and the web page lists them all (a 2,000-player league would otherwise draw 200 pages)."""
