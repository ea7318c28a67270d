"""1,000 `league sync` runs in a row on the demo league's `.xlsx`: the styles part must not grow.

Before styles were reused, each sync appended 2 fonts and 6 cell formats (after 1,010 syncs: 2,024
fonts, 6,068 formats, 808 KB), past Excel's 512-font limit within a year of nightly syncs. Prints
the size of `xl/styles.xml` after the first sync and every `--every` syncs, and the time per sync.
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
import zipfile
from pathlib import Path

from jobs.config import load_config
from jobs.demo_job import DEMO_WORKBOOK, run_demo
from jobs.sync_job import run_sync
from sync.open import open_workbook


def styles(workbook: Path) -> tuple[int, int, int]:
    """Size in bytes, fonts and cell formats of the workbook's styles part."""
    with zipfile.ZipFile(workbook) as z:
        text = z.read("xl/styles.xml").decode("utf-8")
    fonts, xfs = (re.search(rf'<{tag}\b[^>]*count="(\d+)"', text) for tag in ("fonts", "cellXfs"))
    return len(text.encode("utf-8")), int(fonts.group(1)) if fonts else 0, int(xfs.group(1)) if xfs else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--syncs", type=int, default=1000)
    parser.add_argument("--every", type=int, default=100)
    parser.add_argument("--quick", action="store_true", help="20 syncs, a smoke run")
    args = parser.parse_args()
    syncs, every = (20, 10) if args.quick else (args.syncs, args.every)
    with tempfile.TemporaryDirectory() as folder:
        run_demo(Path(folder))  # the first sync
        workbook = Path(folder) / DEMO_WORKBOOK
        config = load_config(Path(folder))
        first = styles(workbook)
        print(f"after sync 1: styles.xml {first[0]:,} bytes, {first[1]} fonts, {first[2]} cell formats")
        started = time.perf_counter()
        for n in range(2, syncs + 1):
            run_sync(config, open_workbook(config))
            if n % every == 0 or n == syncs:
                size, fonts, xfs = styles(workbook)
                print(
                    f"after sync {n}: styles.xml {size:,} bytes, {fonts} fonts, {xfs} cell formats"
                    f"{'' if (size, fonts, xfs) == first else '  GREW'}"
                )
        spent = time.perf_counter() - started
        print(
            f"{syncs - 1} further syncs in {spent:.1f} s ({spent / max(1, syncs - 1):.3f} s per sync); "
            f"styles.xml {'unchanged' if styles(workbook) == first else 'CHANGED'}"
        )


if __name__ == "__main__":
    main()
