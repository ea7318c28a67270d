"""Checking a parsed ruleset file once into a Ruleset: every key, every registered rule and its options."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from league.cells import name_key
from league.model.words import Kind, Status
from league.pairing import SYSTEMS
from league.rules.components.base import Component, Tab
from league.rules.components.registry import COMPONENTS
from league.rules.load_results import parse_reports, parse_results
from league.rules.options import Context, Option, check_options, flag, number
from league.rules.rating_rules import rating_rules
from league.rules.ruleset import (
    Effect,
    Follows,
    MembersTab,
    Penalties,
    Prize,
    Registration,
    Results,
    Rule,
    Ruleset,
    Season,
)
from league.rules.schema import RulesetError, Section
from league.rules.stats_rules import StatsField, StatsRules
from league.scoring import SCORINGS
from league.tiebreakers import TIEBREAKERS


def _rule(
    s: Section, registry: Mapping[str, Any], what: str, ctx: Context, conventions: Mapping[str, Any] | None = None
) -> Rule:
    """One registered rule named by `name`, with its label and options checked against its schema.

    `conventions` (the `[percentages]` table) give the defaults of the floors of percentage tiebreakers."""
    name, label = s.get("name", str), s.get("label", str)
    entry = registry.get(name)
    if entry is None:
        raise s.error("name", f"is {name!r}: no such {what}; known: {', '.join(sorted(registry))}")
    schema: Mapping[str, Option] = entry.options
    if conventions and "floor" in schema:
        floor = (
            0 if getattr(entry, "own_games", False) and not conventions["floor_own_game_wins"] else conventions["floor"]
        )
        schema = {**schema, "floor": replace(schema["floor"], default=floor)}
    display = _one_of(s, "display", ("decimal", "percent", "whole", "hidden"), "decimal")
    return Rule(
        name, label, check_options(s, schema, ctx, f"{what} {name!r}", skip=("name", "label", "display")), display
    )


def _prizes(s: Section, key: str) -> tuple[Prize, ...]:
    """`[[prizes.event]]` or `[[prizes.league]]`: an event prize follows the event's final standings unless it says
    `follows = "swiss"`; a league prize follows the league's points unless it says `follows = "final"`."""
    out = []
    usual, allowed = (
        (Follows.FINAL, (Follows.SWISS, Follows.FINAL))
        if key == "event"
        else (Follows.POINTS, (Follows.POINTS, Follows.FINAL))
    )
    for p in s.tables(key):
        ranks = p.get("ranks", list, None)
        if ranks is not None and (len(ranks) != 2 or not all(isinstance(r, int) for r in ranks) or ranks[0] > ranks[1]):
            raise p.error("ranks", f"must be [first, last], found {ranks!r}")
        follows = Follows(_one_of(p, "follows", tuple(f.value for f in allowed), usual.value))
        out.append(
            Prize(p.get("name", str), (ranks[0], ranks[1]) if ranks else None, p.get("min_played", int, None), follows)
        )
        p.done()
    return tuple(out)


def season_plan(s: Section) -> Season:
    """`[season]`: the events the season holds (a whole number, 1 or more), and whether the organiser closed it."""
    events = s.get("events", int, None)
    if events is not None and events < 1:
        raise s.error("events", f"must be 1 or more, found {events}")
    plan = Season(events, s.get("closed", bool, False))
    s.done()
    return plan


def parse_ruleset(data: Mapping[str, Any], source: str) -> Ruleset:
    """Check a parsed TOML ruleset once; any bad or unknown key raises RulesetError naming it and the file."""
    top = Section(data, "", source)
    comp, fmt, reg = top.section("competitor"), top.section("format"), top.section("registration")
    results = parse_results(top.section("results"))
    components = tuple(
        component.parse(top.section(key), results) for key, component in COMPONENTS.items() if top.has(key)
    )
    members = top.section("members", {})
    ctx = Context(frozenset(results.figures), frozenset(k.value for k in Kind))
    prizes, penalties = top.section("prizes", {}), top.section("penalties", {})
    registration = Registration(
        tab=reg.get("tab", str),
        name=reg.get("name", str),
        event=reg.get("event", str, ""),
        status=reg.get("status", str),
        members=reg.strings("members", []),
        fields=(*(h for c in components for h in c.fields(Tab.REGISTRATION)), *reg.strings("extra", [])),
        one_event_per_stage=reg.get("one_event_per_stage", bool, True),
    )
    conventions = _percentages(top.section("percentages", {}))
    pairing = top.section("pairing", {})
    rounds, by_players = _rounds(fmt)
    ruleset = Ruleset(
        name=top.get("name", str),
        title=top.get("title", str),
        source=source,
        competitor=comp.get("label", str),
        competitors=comp.get("plural", str),
        registration=registration,
        results=results,
        rounds=rounds,
        rounds_by_players=by_players,
        statuses=fmt.choices("statuses", Status),
        scoring=_rule(top.section("scoring"), SCORINGS, "scoring", ctx),
        tiebreakers=tuple(_rule(t, TIEBREAKERS, "tiebreaker", ctx, conventions) for t in top.tables("tiebreakers")),
        members=MembersTab(
            members.get("tab", str),
            members.get("competitor", str),
            members.get("name", str),
            members.strings("fields", []),
        )
        if members.data
        else None,
        matches_per_round=_positive(fmt, "matches_per_round", 1),
        draws=fmt.get("draws", bool, False),
        count=_one_of(fmt, "count", ("matches", "record", "losses", "none"), "matches"),
        record_in_exports=fmt.get("record_in_exports", bool, False),
        components=components,
        event_prizes=_prizes(prizes, "event"),
        league_prizes=_prizes(prizes, "league"),
        penalties=_penalties(penalties),
        pairing=_pairing(pairing),
        avoid_same=pairing.get("avoid_same", str, ""),
        playoffs=_playoffs(top.section("playoffs", {})),
        no_rematch_from=fmt.get("no_rematch_from", int, None),
        spread_byes=fmt.get("spread_byes", bool, False),
        dq_loses_every_game=fmt.get("dq_loses_every_game", bool, False),
        hashtags=top.strings("hashtags", []),
        reports=parse_reports(top.section("reports", {}), results),
        season=season_plan(top.section("season", {})),
        ratings=rating_rules(top.section("ratings", {})),
    )
    reads = tuple(
        dict.fromkeys(
            str(t.options[TIEBREAKERS[t.name].reads]) for t in ruleset.tiebreakers if TIEBREAKERS[t.name].reads
        )
    )
    reads += tuple(h for c in components for h in c.optional_fields)
    _member_fields(components, ruleset.members, members)
    if reads:
        ruleset = replace(ruleset, registration=replace(registration, optional=reads))
    stats = _stats(top.section("stats", {}), results, ruleset.registration)
    if stats:
        ruleset = replace(ruleset, stats=stats)
    _record_in_exports(fmt, ruleset)
    if ruleset.avoid_same and ruleset.avoid_same not in registration.fields:
        raise pairing.error(
            "avoid_same",
            f"is {ruleset.avoid_same!r}, which is not a header the registration tab reads "
            "(add it to `registration.extra`)",
        )
    for section in (comp, fmt, reg, members, prizes, penalties, pairing, top):
        section.done()
    return ruleset


def _record_in_exports(s: Section, ruleset: Ruleset) -> None:
    """`[format] record_in_exports` joins the score and the losses as `W-L`: only true when the score is the wins."""
    if not ruleset.record_in_exports:
        return
    options, scoring = ruleset.scoring.options, ruleset.scoring.name
    if ruleset.count != "losses" or ruleset.draws:
        raise s.error(
            "record_in_exports", 'needs `count = "losses"` and no draws (with draws, `count = "record"` shows W-L-D)'
        )
    if scoring != "outcome" or options.get("win") != 1 or options.get("loss") != 0:
        raise s.error(
            "record_in_exports",
            'needs a score that counts wins: `[scoring] name = "outcome"` with `win = 1` and `loss = 0`',
        )


def _stats(s: Section, results: Results, registration: Registration) -> StatsRules | None:
    """`[stats]`: the fields games can be grouped by (each a results text or a registration column), the one the tab
    and the chart use, and whether a sync writes the `Stats` tab."""
    if not s.data:
        return None
    table = s.section("fields")
    fields: dict[str, StatsField] = {}
    for name in table.data:
        f = table.section(name)
        text = f.key_of("text", results.texts, "results.texts", "")
        column: str = f.get("registration", str, "")
        if bool(text) == bool(column):
            raise RulesetError(
                f"{s.source}: `{f.where}` needs exactly one of `text` (a key of results.texts) or "
                "`registration` (a header of the registration tab)"
            )
        if column and "{" not in column and column not in (*registration.fields, *registration.optional):
            raise f.error(
                "registration",
                f"is {column!r}, which is not a header the registration tab reads (add it to `registration.extra`)",
            )
        unknown = [t for t in re.findall(r"{([^}]*)}", column) if t not in results.texts]
        if unknown:
            raise f.error("registration", f"names {{{unknown[0]}}}, which is not a key of results.texts")
        fields[name] = StatsField(name, text, column, f.get("catalog", bool, False))
        f.done()
    if not fields:
        raise RulesetError(f"{s.source}: `stats.fields` must name at least one field")
    by = s.key_of("by", fields, "stats.fields", next(iter(fields)))
    rules = StatsRules(fields, by, s.get("tab", bool, False))
    table.done()
    s.done()
    return rules


def _member_fields(components: tuple[Component, ...], tab: MembersTab | None, s: Section) -> None:
    """A component reading members fields (a roster's status, dates, rating) needs them listed in `[members] fields`."""
    for c in components:
        missing = [h for h in c.fields(Tab.MEMBERS) if tab is None or h not in tab.fields]
        if missing:
            raise s.error("fields", f"must list {missing[0]!r}, which `{c.table}` reads")


def _playoffs(s: Section) -> tuple[int, tuple[int, ...]] | None:
    """`[playoffs]`: how many go through to single elimination, and each round's best-of length."""
    if not s.data:
        return None
    size = _positive(s, "size")
    lengths = s.get("best_of", list, [3])
    if (
        size < 2
        or not lengths
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 and n % 2 for n in lengths)
    ):
        raise s.error(
            "best_of" if size >= 2 else "size",
            f"needs at least 2 competitors and odd best-of lengths, found {size}, {lengths!r}",
        )
    s.done()
    return size, tuple(lengths)


def _pairing(s: Section) -> str:
    """`[pairing] system`: one of the registered pairing systems, or none (rounds are paired by hand)."""
    system: str = s.get("system", str, "")
    if system and system not in SYSTEMS:
        raise s.error("system", f"is {system!r}: no such pairing system; known: {', '.join(sorted(SYSTEMS))}")
    return system


def _penalties(s: Section) -> Penalties:
    """`[penalties]`: the words judges type, those that end an event, their effects, and the guide by level."""
    kinds, ends = s.strings("kinds", []), s.strings("ends_event", [])
    known = {name_key(k) for k in kinds}
    effects_table, guide_table = s.section("effects", {}), s.section("guide", {})
    effects: dict[str, Effect] = {}
    for word in effects_table.data:
        if name_key(word) not in known:
            raise effects_table.error(word, f"is not one of `penalties.kinds` ({', '.join(kinds)})")
        value = effects_table.get(word, str)
        try:
            effects[word] = Effect(value)
        except ValueError:
            raise effects_table.error(word, f"is {value!r}; use one of {', '.join(e.value for e in Effect)}") from None
    guide: dict[str, tuple[str, ...]] = {}
    for infraction in guide_table.data:
        value = guide_table.get(infraction, (str, list))
        levels = (value,) if isinstance(value, str) else tuple(value)
        if not levels or not all(isinstance(v, str) and name_key(v) in known for v in levels):
            raise guide_table.error(
                infraction, f"must be a penalty of `penalties.kinds` or a list of them by level, found {value!r}"
            )
        guide[infraction] = levels
    effects_table.done()
    guide_table.done()
    return Penalties(kinds, ends, effects, guide)


def _percentages(s: Section) -> dict[str, Any] | None:
    """`[percentages]`: the floor of every percentage tiebreaker,
    and whether a competitor's own game-win rate is floored."""
    if not s.data:
        return None
    return check_options(
        s,
        {"floor": number("0.33", low=0, high=1), "floor_own_game_wins": flag(True)},
        Context(frozenset(), frozenset()),
        "[percentages]",
    )


def _one_of(s: Section, key: str, words: tuple[str, ...], default: str) -> str:
    """A word out of a fixed list."""
    value: str = s.get(key, str, default)
    if value not in words:
        raise s.error(key, f"is {value!r}; use one of {', '.join(repr(w) for w in words)}")
    return value


def _rounds(s: Section) -> tuple[int, tuple[tuple[int | None, int], ...]]:
    """`[format] rounds`: a number, or a table by attendance `[{ up_to = 8, rounds = 3 }, ..., { rounds = 10 }]` (the
    entries in increasing `up_to`, the last without it: any more players)."""
    if not isinstance(s.data.get("rounds"), list):
        return _positive(s, "rounds"), ()
    table: list[tuple[int | None, int]] = []
    for entry in s.tables("rounds"):
        most = entry.get("up_to", int, None)
        table.append((most, _positive(entry, "rounds")))
        entry.done()
        if most is not None and (most < 1 or (len(table) > 1 and (table[-2][0] or 0) >= most)):
            raise s.error("rounds", f"needs `up_to` of 1 or more, each above the one before; found {most}")
    if not table or table[-1][0] is not None or any(most is None for most, _ in table[:-1]):
        raise s.error(
            "rounds",
            "as a table needs entries `{ up_to = N, rounds = R }` and a last one without `up_to` (any more players)",
        )
    return max(r for _, r in table), tuple(table)


def _positive(s: Section, key: str, default: Any = ...) -> int:
    value: int = s.get(key, int, default)
    if value < 1:
        raise s.error(key, f"must be 1 or more, found {value}")
    return value
