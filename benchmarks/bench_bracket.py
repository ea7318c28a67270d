"""Draw the playoffs' images: a top 8 and a 64-competitor bracket at both sizes, and a champion card.

Timed: `exporters.bracket_image.render_bracket` (every feed part, then the link card) and
`exporters.champion_card.champion_card`, once cold (fonts loaded, Pillow imported) and then the best of a few warm
runs: what a sync adds for an event in its playoffs (the bracket's group is drawn again only when a game changes it).

    PYTHONPATH=. python benchmarks/bench_bracket.py            # 3 warm runs
    PYTHONPATH=. python benchmarks/bench_bracket.py --quick    # smoke size: 1 warm run
"""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Callable
from functools import partial

from benchmarks.generate import machine, timed
from exporters.bracket_image import FEED, LINK, Shown, render_bracket
from exporters.branding import Branding
from exporters.champion_card import Champion, Podium, champion_card
from league.cells import name_key
from league.pairing.bracket import resolve
from league.pairing.bracket_model import BYE, Playoff

WHEN = dt.datetime(2026, 3, 14, 20, 0, tzinfo=dt.UTC)


def played(size: int) -> Playoff:
    """A bracket of `size` with every round played, the higher seed winning two games to one."""
    seeds = [f"Competitor {n:02} Surname" for n in range(1, size + 1)]
    kept: dict[tuple[int, int, str, str], tuple[int, int]] = {}
    playoff = resolve("W1", seeds, [3]).playoff
    for number in range(1, playoff.rounds + 1):
        for m in playoff.matches:
            if m.round == number and m.a and m.b and m.b != BYE:
                kept[(m.round, m.match, name_key(m.a), name_key(m.b))] = (2, 1)
        playoff = resolve("W1", seeds, [3], None, kept).playoff
    return playoff


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smoke size: one warm run")
    runs = 1 if parser.parse_args().quick else 3
    branding = Branding(url="https://example.org/league")
    print(machine())
    card = Champion(
        "League",
        "Weekly 1",
        "2026-03-14",
        "Competitor 01 Surname",
        "Record 4-0-0 · Points 12",
        "Won the final 2-1 v Competitor 02 Surname",
        (Podium("Runner-up", "Competitor 02 Surname", 2), Podium("Semi-finalist", "Competitor 03", 3)),
    )
    jobs: dict[str, Callable[[], list[bytes]]] = {
        f"bracket of {size}, {layout.label}": partial(
            render_bracket, Shown("League", "Weekly 1", played(size), WHEN, played(size).champion), layout, branding
        )
        for size in (8, 64)
        for layout in (FEED, LINK)
    }
    jobs["champion card, 1080x1350"] = lambda: [champion_card(card, branding)]
    for name, job in jobs.items():
        cold, images = timed(job)
        warm = min(timed(job)[0] for _ in range(runs))
        print(f"{name:<28} {len(images):>2} image(s)   cold {cold:.3f} s   warm {warm:.3f} s")


if __name__ == "__main__":
    main()
