"""The manual's side-by-side table of the shipped presets (docs/reference/ruleset.md), made from the presets themselves.

`python -m tests.presets_table` prints it; `tests/test_docs.py` fails when the manual's copy differs."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from jobs.config import presets
from league.rules.components.registry import COMPONENTS
from league.rules.load import parse_ruleset
from league.rules.ruleset import Rule, Ruleset
from league.rules.schema import merged

START = "<!-- presets table: python -m tests.presets_table -->"
END = "<!-- end of presets table -->"
LONG = 4
"""Lists longer than this are shown by their length."""


def _raw(name: str) -> dict[str, Any]:
    """A preset's TOML with what it `extends` merged in, as an organiser would read it."""
    folder = resources.files("league") / "rules" / "presets"
    data: dict[str, Any] = tomllib.loads((folder / f"{name}.toml").read_text(encoding="utf-8"))
    base = data.pop("extends", None)
    return merged(_raw(base), data) if base else data


def _value(value: Any) -> str:
    """One setting as short text, as it would be typed in TOML: long lists by their length."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, Fraction):
        return (
            str(value.numerator)
            if value.denominator == 1
            else f"{float(value):g}"
            if 10**6 % value.denominator == 0
            else str(value)
        )
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, (list, tuple)):
        return f"{len(value)} entries" if len(value) > LONG else "[" + ", ".join(_value(v) for v in value) + "]"
    return str(value).replace("|", "\\|")


def _rule(rule: Rule) -> str:
    options = ", ".join(f"{k} = {_value(v)}" for k, v in rule.options.items() if k != "bands")
    bands = ", ".join(f"{b.winner}:{b.loser} at ×{b.ratio} and +{b.lead}" for b in rule.options.get("bands", []))
    return f"`{rule.name}` ({'; '.join(p for p in (options, bands) if p)})"


def _component(key: str) -> Callable[[Ruleset, dict[str, Any]], str]:
    return lambda _, raw: "; ".join(f"{k} = {_value(v)}" for k, v in raw[key].items()) if key in raw else "—"


ROWS: list[tuple[str, str, Callable[[Ruleset, dict[str, Any]], str]]] = [
    ("`[competitor] label`", "required", lambda rs, _: rs.competitor),
    ("`hashtags`", "`[]`", lambda rs, _: _value(list(rs.hashtags)) if rs.hashtags else "—"),
    ("`[registration] tab`", "required", lambda rs, _: rs.registration.tab),
    ("`[registration] event`", '`""`: every event', lambda rs, _: rs.registration.event or "— (every event)"),
    (
        "`[registration] members`",
        "`[]`",
        lambda rs, _: _value(list(rs.registration.members)) if rs.registration.members else "—",
    ),
    (
        "`[registration] extra`",
        "`[]`",
        lambda _, raw: _value(raw["registration"].get("extra", [])) if raw["registration"].get("extra") else "—",
    ),
    ("`[registration] one_event_per_stage`", "true", lambda rs, _: _value(rs.registration.one_event_per_stage)),
    ("`[members] tab`", "none", lambda rs, _: rs.members.tab if rs.members else "—"),
    ("`[results] table`", "required", lambda rs, _: rs.results.table or '— (`""`)'),
    (
        "`[results]` outcome",
        "required",
        lambda rs, _: (
            f"`winner` = {rs.results.winner}"
            if rs.results.winner
            else f"`games` = {rs.results.games.won}"
            if rs.results.games
            else f"`compare` = {rs.results.compare}"
        ),
    ),
    ("`[results] figures`", "`{}`", lambda rs, _: ", ".join(rs.results.figures) or "—"),
    (
        "`[results] texts` / `row_texts`",
        "`{}`",
        lambda rs, _: ", ".join([*rs.results.texts, *rs.results.row_texts]) or "—",
    ),
    ("`[results.kinds]`", "required", lambda rs, _: ", ".join(f"`{w}`" for w in rs.results.kinds if w)),
    (
        "`[format] rounds`",
        "required",
        lambda rs, _: (
            "; ".join(f"{r} up to {m}" if m else f"{r} above" for m, r in rs.rounds_by_players)
            if rs.rounds_by_players
            else str(rs.rounds)
        ),
    ),
    ("`[format] matches_per_round`", "1", lambda rs, _: str(rs.matches_per_round)),
    ("`[format] draws`", "false", lambda rs, _: _value(rs.draws)),
    ("`[format] count`", '`"matches"`', lambda rs, _: f"`{rs.count}`"),
    ("`[format] no_rematch_from`", "none", lambda rs, _: str(rs.no_rematch_from or "—")),
    ("`[format] spread_byes`", "false", lambda rs, _: _value(rs.spread_byes)),
    ("`[format] dq_loses_every_game`", "false", lambda rs, _: _value(rs.dq_loses_every_game)),
    ("`[scoring]`", "required", lambda rs, _: _rule(rs.scoring)),
    (
        "`[[tiebreakers]]`",
        "none",
        lambda rs, _: "<br>".join(f"{i}. {t.label}: {_rule(t)}" for i, t in enumerate(rs.tiebreakers, 1)) or "—",
    ),
    ("`[percentages]`", '`floor = "0.33"`', _component("percentages")),
    *((f"`[{key}]`", "not used", _component(key)) for key in COMPONENTS),
    ("`[pairing] system`", '`""`: by hand', lambda rs, _: f"`{rs.pairing}`" if rs.pairing else "—"),
    ("`[pairing] avoid_same`", '`""`', lambda rs, _: rs.avoid_same or "—"),
    (
        "`[playoffs]`",
        "none",
        lambda rs, _: f"top {rs.playoffs[0]}, best of {_value(list(rs.playoffs[1]))}" if rs.playoffs else "—",
    ),
    ("`[stats]`", "none: no win rates", lambda rs, _: _stats(rs)),
    ("`[penalties] kinds`", "`[]`", lambda rs, _: ", ".join(rs.penalties.kinds) or "—"),
    ("`[penalties] ends_event`", "`[]`", lambda rs, _: ", ".join(rs.penalties.ends_event) or "—"),
    (
        "`[penalties] effects`",
        "`{}`",
        lambda rs, _: ", ".join(f"{k} = {v.value}" for k, v in rs.penalties.effects.items()) or "—",
    ),
    (
        "`[penalties] guide`",
        "`{}`",
        lambda rs, _: f"{len(rs.penalties.guide)} infractions" if rs.penalties.guide else "—",
    ),
    ("`[prizes] event`", "none", lambda rs, _: "; ".join(f"{p.name} {_span(p.ranks)}" for p in rs.event_prizes) or "—"),
    (
        "`[prizes] league`",
        "none",
        lambda rs, _: "; ".join(f"{p.name} {_span(p.ranks)}" for p in rs.league_prizes) or "—",
    ),
]


def _stats(rs: Ruleset) -> str:
    """The fields games can be grouped by, the one the tab and chart use, and whether a sync writes the tab."""
    if rs.stats is None:
        return "—"
    fields = ", ".join(
        f"{name} ({f'text {f.text}' if f.text else f'registration {f.registration}'}{', catalog' if f.catalog else ''})"
        for name, f in rs.stats.fields.items()
    )
    return f"by = {rs.stats.by}; tab = {_value(rs.stats.tab)}; fields: {fields}"


def _span(ranks: tuple[int, int] | None) -> str:
    if ranks is None:
        return "(by matches played)"
    return f"({ranks[0]})" if ranks[0] == ranks[1] else f"({ranks[0]}-{ranks[1]})"


def presets_table() -> str:
    """Every setting (rows) of every shipped preset (columns), with the value a ruleset gets when it leaves it out."""
    names = presets()
    loaded = [(parse_ruleset(_raw(n), n), _raw(n)) for n in names]
    lines = [f"| setting | default | {' | '.join(f'`{n}`' for n in names)} |", "|---|---|" + "---|" * len(names)]
    for label, default, show in ROWS:
        lines.append(f"| {label} | {default} | " + " | ".join(show(rs, raw) for rs, raw in loaded) + " |")
    return "\n".join([START, *lines, END])


def page_table(page: Path) -> str:
    """The table as the manual's page has it now."""
    text = page.read_text(encoding="utf-8")
    return text[text.index(START) : text.index(END) + len(END)] if START in text else ""


if __name__ == "__main__":
    print(presets_table())
