"""Checking a parsed ruleset file once into a Ruleset: every key, every registered rule and its options."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from league.cells import name_key
from league.model.words import BOTH, Kind, ResultWord, Status, word_key
from league.pairing import SYSTEMS
from league.rules.components.base import Component, Tab
from league.rules.components.registry import COMPONENTS
from league.rules.options import Context, Option, check_options, flag, number
from league.rules.ruleset import (
    FORM_QUESTIONS,
    Effect,
    GameRules,
    MembersTab,
    Penalties,
    Follows,
    Prize,
    Season,
    Registration,
    Results,
    Rule,
    Ruleset,
    StatsField,
    StatsRules,
)
from league.rules.schema import RulesetError, Section
from league.scoring import SCORINGS
from league.tiebreakers import TIEBREAKERS


def _games(s: Section) -> GameRules | None:
    if not s.data:
        return None
    bye = s.get("bye", list, [0, 0])
    if len(bye) != 2 or not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in bye):
        raise s.error("bye", f"must be [games won, games lost], found {bye!r}")
    best_of = s.get("best_of", int, 0)
    if best_of < 0 or best_of % 2 == 0 and best_of:
        raise s.error("best_of", f"must be an odd number of games (3: best of three), or 0 for any number, found {best_of!r}")
    games = GameRules(s.get("won", str), s.get("drawn", str, ""), (bye[0], bye[1]), best_of)
    s.done()
    return games


def _words(s: Section, sides: tuple[str, ...]) -> dict[str, ResultWord]:
    """`[results.kinds]`: each word a kind, or a table saying how the word decides the match by itself."""
    out: dict[str, ResultWord] = {}
    for word, value in s.data.items():
        if isinstance(value, str):
            out[word] = ResultWord(_kind(s, word, s.get(word, str)))
            continue
        t = s.section(word)
        loser, games = t.get("loser", str, ""), t.get("games", list, [])
        if loser and loser not in (*sides, BOTH):
            raise t.error("loser", f"is {loser!r}; use one of the sides {', '.join(sides)}, or {BOTH!r} (a double forfeit)")
        if not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in games) or len(games) not in (0, 2, 3):
            raise t.error("games", f"must be [games of side A, games of side B] or [A, B, drawn], found {games!r}")
        out[word] = ResultWord(_kind(t, "kind", t.get("kind", str)), loser, t.get("draw", bool, False), tuple(games))
        t.done()
    s.done()
    return out


def _aliases(s: Section, kinds: Mapping[str, ResultWord]) -> dict[str, tuple[str, ...]]:
    """`[results.aliases]`: the other words judges type for a word of `kinds`; no two words may read alike once
    case, spaces and dots are left out, or a typed word would mean two things."""
    out = {word: s.strings(word) for word in s.data}
    means: dict[str, str] = {}
    for word in kinds:
        if means.setdefault(word_key(word), word) != word:
            raise RulesetError(f"{s.source}: `results.kinds` has {means[word_key(word)]!r} and {word!r}, which read alike "
                               "once case, spaces and dots are left out: keep one")
    for word, typed in out.items():
        if word not in kinds:
            raise s.error(word, f"is not a word of `results.kinds` ({', '.join(repr(w) for w in kinds if w)})")
        for alias in typed:
            meant = means.setdefault(word_key(alias), word)
            if meant != word:
                raise s.error(word, f"lists {alias!r}, which reads as {meant!r}: a word judges type means one thing")
    s.done()
    return out


def _kind(s: Section, key: str, value: str) -> Kind:
    try:
        return Kind(value)
    except ValueError:
        raise s.error(key, f"is {value!r}; use one of {', '.join(k.value for k in Kind)}") from None


def _results(s: Section) -> Results:
    tables = {key: s.section(key, {}) for key in ("figures", "texts", "row_texts")}
    named = {key: {k: t.get(k, str) for k in list(t.data)} for key, t in tables.items()}
    for t in tables.values():
        t.done()
    kinds = _words(s.section("kinds"), s.strings("sides", ["A", "B"]))
    res = Results(
        round=s.get("round", str), table=s.get("table", str, ""), competitor=s.get("competitor", str), result=s.get("result", str),
        kinds=kinds, aliases=_aliases(s.section("aliases", {}), kinds), order=s.strings("order"), sides=s.strings("sides", ["A", "B"]),
        figures=named["figures"], texts=named["texts"], row_texts=named["row_texts"], winner=s.get("winner", str, ""),
        compare=s.key_of("compare", named["figures"], "results.figures", ""),
        games=_games(s.section("games", {})), drop=s.get("drop", str, ""),
    )
    if not res.winner and res.games is None and not res.compare:
        raise RulesetError(f"{s.source}: `results` needs `winner` (a column naming the winner), `games` (games won per side) "
                           "or `compare` (a figure whose higher value wins)")
    missing = [h for h in res.required if h not in res.order]
    if missing:
        raise s.error("order", f"must list every header of the results tab; {missing[0]!r} is missing")
    s.done()
    return res


def _reports(s: Section, res: Results) -> tuple[tuple[str, str], ...]:
    """`[reports]`: Form question -> results header from the reporter's side; the round and both competitors are needed."""
    out = tuple((question, s.get(question, str)) for question in list(s.data))
    fixed = {name_key(q) for q in FORM_QUESTIONS}
    for n, (question, header) in enumerate(out):
        if not question.strip() or name_key(question) in fixed:
            raise s.error(question, f"is a question every Form asks already ({', '.join(FORM_QUESTIONS)}) or has no "
                                    "words: name the question as players read it")
        if header not in res.order:
            raise s.error(question, f"is {header!r}, which is not a header of the results tab (`results.order`)")
        if any(header == other for _, other in out[:n]):
            raise s.error(question, f"fills {header!r}, which another question fills already: one question a column")
    needed = [res.round, *(res.side_header(res.competitor, side) for side in res.sides)]
    if out and (lacking := [h for h in needed if h not in dict(out).values()]):
        raise RulesetError(f"{s.source}: `reports` needs a question for {lacking[0]!r}")
    s.done()
    return out


def _rule(s: Section, registry: Mapping[str, Any], what: str, ctx: Context, conventions: Mapping[str, Any] | None = None) -> Rule:
    """One registered rule named by `name`, with its label and options checked against its schema.

    `conventions` (the `[percentages]` table) give the defaults of the floors of percentage tiebreakers."""
    name, label = s.get("name", str), s.get("label", str)
    entry = registry.get(name)
    if entry is None:
        raise s.error("name", f"is {name!r}: no such {what}; known: {', '.join(sorted(registry))}")
    schema: Mapping[str, Option] = entry.options
    if conventions and "floor" in schema:
        floor = 0 if getattr(entry, "own_games", False) and not conventions["floor_own_game_wins"] else conventions["floor"]
        schema = {**schema, "floor": replace(schema["floor"], default=floor)}
    display = _one_of(s, "display", ("decimal", "percent", "whole", "hidden"), "decimal")
    return Rule(name, label, check_options(s, schema, ctx, f"{what} {name!r}", skip=("name", "label", "display")), display)


def _prizes(s: Section, key: str) -> tuple[Prize, ...]:
    """`[[prizes.event]]` or `[[prizes.league]]`: an event prize follows the event's final standings unless it says
    `follows = "swiss"`; a league prize follows the league's points unless it says `follows = "final"`."""
    out = []
    usual, allowed = (Follows.FINAL, (Follows.SWISS, Follows.FINAL)) if key == "event" else (Follows.POINTS, (Follows.POINTS, Follows.FINAL))
    for p in s.tables(key):
        ranks = p.get("ranks", list, None)
        if ranks is not None and (len(ranks) != 2 or not all(isinstance(r, int) for r in ranks) or ranks[0] > ranks[1]):
            raise p.error("ranks", f"must be [first, last], found {ranks!r}")
        follows = Follows(_one_of(p, "follows", tuple(f.value for f in allowed), usual.value))
        out.append(Prize(p.get("name", str), (ranks[0], ranks[1]) if ranks else None, p.get("min_played", int, None), follows))
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
    results = _results(top.section("results"))
    components = tuple(component.parse(top.section(key), results) for key, component in COMPONENTS.items() if top.has(key))
    members = top.section("members", {})
    ctx = Context(frozenset(results.figures), frozenset(k.value for k in Kind))
    prizes, penalties = top.section("prizes", {}), top.section("penalties", {})
    registration = Registration(
        tab=reg.get("tab", str), name=reg.get("name", str), event=reg.get("event", str, ""), status=reg.get("status", str),
        members=reg.strings("members", []),
        fields=(*(h for c in components for h in c.fields(Tab.REGISTRATION)), *reg.strings("extra", [])),
        one_event_per_stage=reg.get("one_event_per_stage", bool, True))
    conventions = _percentages(top.section("percentages", {}))
    pairing = top.section("pairing", {})
    rounds, by_players = _rounds(fmt)
    ruleset = Ruleset(
        name=top.get("name", str), title=top.get("title", str), source=source,
        competitor=comp.get("label", str), competitors=comp.get("plural", str),
        registration=registration, results=results,
        rounds=rounds, rounds_by_players=by_players, statuses=fmt.choices("statuses", Status),
        scoring=_rule(top.section("scoring"), SCORINGS, "scoring", ctx),
        tiebreakers=tuple(_rule(t, TIEBREAKERS, "tiebreaker", ctx, conventions) for t in top.tables("tiebreakers")),
        members=MembersTab(members.get("tab", str), members.get("competitor", str), members.get("name", str),
                           members.strings("fields", [])) if members.data else None,
        matches_per_round=_positive(fmt, "matches_per_round", 1), draws=fmt.get("draws", bool, False),
        count=_one_of(fmt, "count", ("matches", "record", "losses", "none"), "matches"),
        record_in_exports=fmt.get("record_in_exports", bool, False),
        components=components, event_prizes=_prizes(prizes, "event"), league_prizes=_prizes(prizes, "league"),
        penalties=_penalties(penalties),
        pairing=_pairing(pairing), avoid_same=pairing.get("avoid_same", str, ""), playoffs=_playoffs(top.section("playoffs", {})),
        no_rematch_from=fmt.get("no_rematch_from", int, None), spread_byes=fmt.get("spread_byes", bool, False),
        dq_loses_every_game=fmt.get("dq_loses_every_game", bool, False), hashtags=top.strings("hashtags", []),
        reports=_reports(top.section("reports", {}), results), season=season_plan(top.section("season", {})),
    )
    reads = tuple(dict.fromkeys(str(t.options[TIEBREAKERS[t.name].reads]) for t in ruleset.tiebreakers if TIEBREAKERS[t.name].reads))
    reads += tuple(h for c in components for h in c.optional_fields)
    _member_fields(components, ruleset.members, members)
    if reads:
        ruleset = replace(ruleset, registration=replace(registration, optional=reads))
    stats = _stats(top.section("stats", {}), results, ruleset.registration)
    if stats:
        ruleset = replace(ruleset, stats=stats)
    _record_in_exports(fmt, ruleset)
    if ruleset.avoid_same and ruleset.avoid_same not in registration.fields:
        raise pairing.error("avoid_same", f"is {ruleset.avoid_same!r}, which is not a header the registration tab reads "
                            "(add it to `registration.extra`)")
    for section in (comp, fmt, reg, members, prizes, penalties, pairing, top):
        section.done()
    return ruleset


def _record_in_exports(s: Section, ruleset: Ruleset) -> None:
    """`[format] record_in_exports` joins the score and the losses as `W-L`: only true when the score is the wins."""
    if not ruleset.record_in_exports:
        return
    options, scoring = ruleset.scoring.options, ruleset.scoring.name
    if ruleset.count != "losses" or ruleset.draws:
        raise s.error("record_in_exports", "needs `count = \"losses\"` and no draws (with draws, `count = \"record\"` "
                      "shows W-L-D)")
    if scoring != "outcome" or options.get("win") != 1 or options.get("loss") != 0:
        raise s.error("record_in_exports", "needs a score that counts wins: `[scoring] name = \"outcome\"` with "
                      "`win = 1` and `loss = 0`")


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
            raise RulesetError(f"{s.source}: `{f.where}` needs exactly one of `text` (a key of results.texts) or "
                               "`registration` (a header of the registration tab)")
        if column and "{" not in column and column not in (*registration.fields, *registration.optional):
            raise f.error("registration", f"is {column!r}, which is not a header the registration tab reads "
                          "(add it to `registration.extra`)")
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
    if size < 2 or not lengths or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 and n % 2 for n in lengths):
        raise s.error("best_of" if size >= 2 else "size", f"needs at least 2 competitors and odd best-of lengths, found {size}, {lengths!r}")
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
            raise guide_table.error(infraction, f"must be a penalty of `penalties.kinds` or a list of them by level, found {value!r}")
        guide[infraction] = levels
    effects_table.done()
    guide_table.done()
    return Penalties(kinds, ends, effects, guide)


def _percentages(s: Section) -> dict[str, Any] | None:
    """`[percentages]`: the floor of every percentage tiebreaker, and whether a competitor's own game-win rate is floored."""
    if not s.data:
        return None
    return check_options(s, {"floor": number("0.33", low=0, high=1), "floor_own_game_wins": flag(True)},
                         Context(frozenset(), frozenset()), "[percentages]")


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
        raise s.error("rounds", "as a table needs entries `{ up_to = N, rounds = R }` and a last one without `up_to` "
                      "(any more players)")
    return max(r for _, r in table), tuple(table)


def _positive(s: Section, key: str, default: Any = ...) -> int:
    value: int = s.get(key, int, default)
    if value < 1:
        raise s.error(key, f"must be 1 or more, found {value}")
    return value
