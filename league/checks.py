"""Cross-row validation rules: each a small function over the whole league, returning problems."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator

from league.catalog import closest
from league.cells import name_key
from league.league import League
from league.problems import Problem, Severity
from league.records import PENALTIES_TAB, Entrant, MatchRow, Side
from league.ruleset import Ban, Kind, Status

Check = Callable[[League], Iterator[Problem]]
CHECKS: dict[str, Check] = {}
"""Every validation rule by name; all run on every league (a rule with no data to check is silent)."""


def check(fn: Check) -> Check:
    """Register a validation rule under its function name."""
    CHECKS[fn.__name__] = fn
    return fn


def _at(lg: League, tab: str, row: int, header: str, code: str, problem: str, fix: str,
        severity: Severity = Severity.ERROR) -> Problem:
    return Problem(severity, code, tab, row, header, lg.columns.get(tab, {}).get(header), problem, fix)


def run_checks(lg: League) -> list[Problem]:
    """Every registered rule over the whole league."""
    return [p for fn in CHECKS.values() for p in fn(lg)]


def _ban_text(ban: Ban) -> str:
    window = f" for events before {ban.before.isoformat()}" if ban.before else ""
    window += f" from {ban.since.isoformat()}" if ban.since else ""
    return (f"is in the banned set {ban.name!r}" if ban.what == "set" else "is banned") + window


@check
def registration_once_per_stage(lg: League) -> Iterator[Problem]:
    """A competitor registers once per event, and for one event per stage at most."""
    reg = lg.ruleset.registration
    first: dict[tuple[str, str], Entrant] = {}
    for e in lg.entrants:
        stage = lg.event_by_id[e.event].stage if reg.one_event_per_stage else e.event
        earlier = first.setdefault((stage or e.event, e.key), e)
        if earlier is e:
            continue
        if earlier.event == e.event:
            yield _at(lg, reg.tab, e.row, reg.name, "duplicate-row",
                      f"{e.name} is registered for {e.event} twice (first in row {earlier.row})", "delete the repeated row")
        else:
            yield _at(lg, reg.tab, e.row, reg.event, "two-events",
                      f"{e.name} is registered for {earlier.event} (row {earlier.row}) and {e.event}, both in stage {stage}",
                      "keep only the event the player actually plays; one venue per stage")


@check
def capacity(lg: League) -> Iterator[Problem]:
    """An event holds at most its capacity."""
    reg = lg.ruleset.registration
    count: Counter[str] = Counter()
    seen: set[tuple[str, str]] = set()
    for e in lg.entrants:
        if (e.event, e.key) in seen:
            continue
        seen.add((e.event, e.key))
        count[e.event] += 1
        cap = lg.event_by_id[e.event].capacity
        if cap is not None and count[e.event] == cap + 1:
            yield _at(lg, reg.tab, e.row, reg.event, "over-capacity",
                      f"{e.event} holds at most {cap} {lg.ruleset.competitors.lower()}; {e.name} is number {cap + 1}",
                      "move the extra registrations to another event or raise Capacity in the Events tab")


@check
def roster(lg: League) -> Iterator[Problem]:
    """Each roster entry is filled, official, not banned, and (if required) all different."""
    reg = lg.ruleset.registration
    for e in lg.entrants:
        seen: dict[str, str] = {}
        for header, piece in zip(reg.roster, e.roster):
            if not piece:
                yield _at(lg, reg.tab, e.row, header, "roster-size",
                          f"{e.name} declared fewer than {len(reg.roster)} {reg.roster_label}s: {header} is empty",
                          f"fill in all {len(reg.roster)} {reg.roster_label}s")
                continue
            if reg.roster_distinct and lg.piece_identity(piece) in seen:
                yield _at(lg, reg.tab, e.row, header, "roster-distinct",
                          f"{piece} is declared twice (also in {seen[lg.piece_identity(piece)]})",
                          f"declare {len(reg.roster)} different {reg.roster_label}s")
            seen.setdefault(lg.piece_identity(piece), header)
            yield from _piece_problems(lg, e.event, reg.tab, e.row, header, piece)


def _piece_problems(lg: League, event: str, tab: str, row: int, header: str, piece: str) -> Iterator[Problem]:
    label = lg.ruleset.registration.roster_label
    ban = lg.ban_on(event, piece)
    if ban:
        yield _at(lg, tab, row, header, "banned-piece", f"{label} {piece!r} {_ban_text(ban)}",
                  f"choose a {label} that is allowed at {event}")
    elif lg.catalog.pieces and lg.catalog.piece(piece) is None:
        near = lg.catalog.closest_pieces(piece)
        hint = f"did you mean {' or '.join(near)}?" if near else f"check the spelling against the official {label} list"
        yield _at(lg, tab, row, header, "unknown-piece", f"{piece!r} is not an official {label}", hint, Severity.WARNING)


def _distinct_sides(sides: tuple[str, ...], m: MatchRow) -> Iterator[tuple[str, Side]]:
    """The sides of a row, skipping a repeat of a competitor already seen (reported as plays-self)."""
    seen: set[str] = set()
    for side, s in zip(sides, m.sides):
        if not s.name or name_key(s.name) not in seen:
            seen.add(name_key(s.name))
            yield side, s


def _registered(lg: League, event: str) -> dict[str, str]:
    return {k: e.name for (ev, k), e in lg.roster.items() if ev == event}


@check
def match_players(lg: League) -> Iterator[Problem]:
    """Every competitor in a results row is registered for that event; byes have one side."""
    res = lg.ruleset.results
    for m in lg.matches:
        for side, s in zip(res.sides, m.sides):
            header = res.side_header(res.competitor, side)
            if not s.name:
                if m.kind is Kind.BYE and side != res.sides[0]:
                    continue
                fix = "type the name, or for a bye put the player in " + res.side_header(res.competitor, res.sides[0]) + " and Bye in " + res.result
                yield _at(lg, m.tab, m.row, header, "missing-value", f"{header} is empty", fix)
            elif m.kind is Kind.BYE and side != res.sides[0]:
                yield _at(lg, m.tab, m.row, header, "bye-with-opponent", f"a bye has no opponent, but {header} is {s.name!r}",
                          f"clear {header}, or clear {res.result} if the match was played")
            elif side != res.sides[0] and name_key(s.name) == name_key(m.sides[0].name):
                shown = (lg.entrant(m.event, s.name) or s).name
                yield _at(lg, m.tab, m.row, header, "plays-self", f"{shown} is on both sides of this match",
                          f"type the opponent's name in {header}")
            elif lg.registered and lg.entrant(m.event, s.name) is None:
                elsewhere = sorted({e.event for e in lg.entrants if e.key == name_key(s.name)})
                if elsewhere:
                    yield _at(lg, m.tab, m.row, header, "wrong-event", f"{s.name} is registered for {', '.join(elsewhere)}, not {m.event}",
                              f"fix the name, or register {s.name} for {m.event}")
                else:
                    near = closest(s.name, _registered(lg, m.event))
                    hint = f"did you mean {' or '.join(near)}?" if near else f"register {s.name} in the {lg.ruleset.registration.tab} tab"
                    yield _at(lg, m.tab, m.row, header, "unknown-competitor", f"{s.name!r} is not registered for {m.event}", hint)


@check
def match_winner(lg: League) -> Iterator[Problem]:
    """The winner is one of the two competitors (the one present, for a bye)."""
    res = lg.ruleset.results
    for m in lg.matches:
        names = {name_key(s.name) for s in m.sides if s.name}
        if m.winner and name_key(m.winner) not in names:
            choices = " or ".join(s.name for s in m.sides if s.name)
            yield _at(lg, m.tab, m.row, res.winner, "winner-not-playing", f"winner {m.winner!r} is not one of the players of this match",
                      f"type {choices}")
        elif not m.winner and m.kind in (Kind.PLAYED, Kind.FORFEIT, Kind.DQ):
            yield _at(lg, m.tab, m.row, res.winner, "missing-value", "no winner is given", "type the winning player's name")


@check
def match_pieces(lg: League) -> Iterator[Problem]:
    """A played piece is allowed, and one of that competitor's declared roster."""
    res, reg = lg.ruleset.results, lg.ruleset.registration
    if not res.piece:
        return
    for m in lg.matches:
        for side, s in _distinct_sides(res.sides, m):
            header = res.side_header(res.piece, side)
            entrant = lg.entrant(m.event, s.name) if s.name else None
            if not s.piece:
                if m.kind is Kind.PLAYED:
                    yield _at(lg, m.tab, m.row, header, "missing-value", f"{header} is empty", f"type the {reg.roster_label} {s.name or 'the player'} used")
                continue
            if entrant and reg.roster and lg.piece_identity(s.piece) not in lg.declared[(entrant.event, entrant.key)]:
                declared = ", ".join(p for p in entrant.roster if p)
                yield _at(lg, m.tab, m.row, header, "piece-not-in-roster",
                          f"{s.piece!r} is not one of {entrant.name}'s declared {reg.roster_label}s ({declared})",
                          f"fix the {reg.roster_label}, or the roster in the {reg.tab} tab row {entrant.row}")
            elif entrant and reg.roster:
                yield from (p for p in _piece_problems(lg, m.event, m.tab, m.row, header, s.piece) if p.severity is Severity.ERROR)
            else:
                yield from _piece_problems(lg, m.event, m.tab, m.row, header, s.piece)


@check
def match_map(lg: League) -> Iterator[Problem]:
    """The map is not banned, and is an official one."""
    res = lg.ruleset.results
    if not res.venue_item:
        return
    for m in lg.matches:
        if not m.venue_item:
            if m.kind is Kind.PLAYED:
                yield _at(lg, m.tab, m.row, res.venue_item, "missing-value", f"{res.venue_item} is empty", f"type the {res.venue_item.lower()} played")
            continue
        ban = next((b for b in lg.bans_at(m.event, "map") if name_key(b.name) == name_key(m.venue_item)), None)
        if ban:
            yield _at(lg, m.tab, m.row, res.venue_item, "banned-map", f"{res.venue_item.lower()} {m.venue_item!r} {_ban_text(ban)}",
                      "replay on an allowed map, or correct the name")
        elif lg.catalog.maps and lg.catalog.map(m.venue_item) is None:
            near = lg.catalog.closest_maps(m.venue_item)
            hint = f"did you mean {' or '.join(near)}?" if near else "check the spelling against the official list"
            yield _at(lg, m.tab, m.row, res.venue_item, "unknown-map", f"{m.venue_item!r} is not an official {res.venue_item.lower()}", hint, Severity.WARNING)


@check
def match_health(lg: League) -> Iterator[Problem]:
    """Remaining health is within 0..starting; a played match leaves the loser at 0, the winner above."""
    health, res = lg.ruleset.health, lg.ruleset.results
    if health is None:
        return
    for m in lg.matches:
        for side, s in _distinct_sides(res.sides, m):
            if not s.name:
                continue
            left, start = s.figures.get(health.remaining), s.figures.get(health.starting)
            h_left = res.side_header(res.figures[health.remaining], side)
            h_start = res.side_header(res.figures[health.starting], side)
            if m.kind is Kind.PLAYED:
                for header, value in ((h_left, left), (h_start, start)):
                    if value is None and header not in s.unreadable:
                        yield _at(lg, m.tab, m.row, header, "missing-value", f"{header} is empty", f"type {header} from the match sheet")
            if start is not None and start <= 0:
                yield _at(lg, m.tab, m.row, h_start, "health-range", f"{h_start} is {start}; it must be above 0", "type the hero's starting health")
                continue
            official = lg.catalog.piece(s.piece) if s.piece else None
            if start is not None and official and official.health and start != official.health:
                yield _at(lg, m.tab, m.row, h_start, "start-health", f"{official.name} starts with {official.health} health, not {start}",
                          "check the hero card", Severity.WARNING)
            if left is None or start is None:
                continue
            if not 0 <= left <= start:
                yield _at(lg, m.tab, m.row, h_left, "health-range", f"{h_left} is {left}; it must be between 0 and {h_start} ({start})",
                          "type the hero's remaining health from the match sheet")
            elif m.kind is Kind.PLAYED and health.loser_at_zero and name_key(m.winner) in {name_key(o.name) for o in m.sides}:
                won = name_key(m.winner) == name_key(s.name)
                if won and left == 0:
                    yield _at(lg, m.tab, m.row, h_left, "winner-health", f"{s.name} won with 0 health left",
                              "check the winner, or the remaining health")
                elif not won and left > 0:
                    yield _at(lg, m.tab, m.row, h_left, "loser-health", f"{s.name} lost with {left} health left",
                              "a defeated hero has 0 health: check the winner, or write 0")


@check
def match_rounds(lg: League) -> Iterator[Problem]:
    """Rounds stay within the format, no one plays twice in a round, no row is typed twice."""
    res, rounds = lg.ruleset.results, lg.ruleset.rounds
    first_row: dict[tuple[str, tuple[object, ...]], MatchRow] = {}
    in_round: dict[tuple[str, int, str], MatchRow] = {}
    for m in lg.matches:
        if m.round is None:
            continue
        if m.round > rounds:
            yield _at(lg, m.tab, m.row, res.round, "too-many-rounds", f"round {m.round} is past the format's {rounds} rounds",
                      f"check the round number; the format has rounds 1 to {rounds}")
            continue
        earlier = first_row.setdefault((m.tab, m.fingerprint()), m)
        if earlier is not m:
            yield _at(lg, m.tab, m.row, res.round, "duplicate-row", f"this row repeats row {earlier.row}", "delete the repeated row")
            continue
        for side, s in zip(res.sides, m.sides):
            if not s.name:
                continue
            other = in_round.setdefault((m.event, m.round, name_key(s.name)), m)
            if other is not m and lg.ruleset.matches_per_round <= 1:
                yield _at(lg, m.tab, m.row, res.side_header(res.competitor, side), "twice-in-round",
                          f"{s.name} already plays in round {m.round} (row {other.row})", "check the round number or the player")


@check
def pairings(lg: League) -> Iterator[Problem]:
    """Rematches in events big enough to avoid them, and second byes before everyone had one: warnings."""
    res, rs = lg.ruleset.results, lg.ruleset
    size = Counter(event for event, _ in lg.roster)
    met: dict[tuple[str, frozenset[str]], MatchRow] = {}
    byes: dict[str, Counter[str]] = defaultdict(Counter)
    active: dict[str, list[str]] = defaultdict(list)
    for (event, key), entrant in lg.roster.items():
        if entrant.status is Status.ACTIVE:
            active[event].append(key)
    for m in sorted((m for m in lg.matches if m.round is not None), key=lambda m: (m.round or 0, m.row)):
        names = [name_key(s.name) for s in m.sides if s.name]
        if m.kind is Kind.BYE and names:
            byes[m.event][names[0]] += 1
            if rs.spread_byes and byes[m.event][names[0]] == 2 and any(byes[m.event][k] == 0 for k in active[m.event]):
                yield _at(lg, m.tab, m.row, res.side_header(res.competitor, res.sides[0]), "second-bye",
                          f"{m.sides[0].name} gets a second bye while others have had none", "give the bye to a player who has not had one",
                          Severity.WARNING)
        elif len(set(names)) == 2 and rs.no_rematch_from and size[m.event] >= rs.no_rematch_from:
            earlier = met.setdefault((m.event, frozenset(names)), m)
            if earlier is not m and earlier.round != m.round:
                yield _at(lg, m.tab, m.row, res.side_header(res.competitor, res.sides[-1]), "rematch",
                          f"{m.sides[0].name} and {m.sides[-1].name} already met in round {earlier.round} (row {earlier.row})",
                          f"with {rs.no_rematch_from} or more players nobody meets the same opponent twice: check the pairing",
                          Severity.WARNING)


@check
def dropped_competitors(lg: League) -> Iterator[Problem]:
    """A competitor who dropped or was disqualified plays no round after the one they left in."""
    res = lg.ruleset.results
    last: dict[tuple[str, str], int] = {}
    for p in lg.penalties:
        event = _event_id(lg, p.event)
        if event is not None and p.round is not None and name_key(p.kind) in {name_key(k) for k in lg.ruleset.penalty_ends_event}:
            key = (event, name_key(p.competitor))
            last[key] = min(last.get(key, p.round), p.round)
    for m in lg.matches:
        if m.kind is Kind.DQ and m.round is not None and m.winner:
            for s in m.sides:
                if s.name and name_key(s.name) != name_key(m.winner):
                    key = (m.event, name_key(s.name))
                    last[key] = min(last.get(key, m.round), m.round)
    for m in lg.matches:
        for side, s in zip(res.sides, m.sides):
            left = last.get((m.event, name_key(s.name)))
            if left is not None and m.round is not None and m.round > left:
                entrant = lg.entrant(m.event, s.name)
                status = entrant.status.value if entrant and entrant.status is not Status.ACTIVE else "out"
                yield _at(lg, m.tab, m.row, res.side_header(res.competitor, side), "plays-after-drop",
                          f"{s.name} left {m.event} in round {left} ({status}) but appears in round {m.round}",
                          "check the player or the round; a dropped player gets no further matches")
    reg = lg.ruleset.registration
    for e in lg.entrants:
        if e.status is not Status.ACTIVE and (e.event, e.key) not in last:
            yield _at(lg, reg.tab, e.row, reg.status, "drop-round-unknown",
                      f"{e.name} is marked {e.status.value} but no {PENALTIES_TAB} row or DQ result says in which round",
                      f"add a {PENALTIES_TAB} row (Event, Round, {e.name}, Drop or DQ)", Severity.WARNING)


@check
def penalties(lg: League) -> Iterator[Problem]:
    """Penalties name a known event, a registered competitor and a known penalty kind."""
    kinds = {name_key(k): k for k in lg.ruleset.penalty_kinds}
    for p in lg.penalties:
        event = _event_id(lg, p.event)
        if event is None:
            yield _at(lg, PENALTIES_TAB, p.row, "Event", "unknown-event", f"event {p.event!r} is not in the Events tab",
                      "use an id from the Events tab")
        elif lg.registered and lg.entrant(event, p.competitor) is None:
            near = closest(p.competitor, _registered(lg, event))
            yield _at(lg, PENALTIES_TAB, p.row, "Competitor", "unknown-competitor", f"{p.competitor!r} is not registered for {event}",
                      f"did you mean {' or '.join(near)}?" if near else "type the name as registered")
        if kinds and name_key(p.kind) not in kinds:
            yield _at(lg, PENALTIES_TAB, p.row, "Penalty", "unknown-penalty", f"penalty {p.kind!r} is not one of this ruleset's",
                      "use one of " + ", ".join(kinds.values()))


def _event_id(lg: League, text: str) -> str | None:
    return next((e.id for e in lg.events if name_key(e.id) == name_key(text)), None)


def affected(problems: list[Problem]) -> defaultdict[str, set[int]]:
    """Tab -> rows with an error, which are left out of the standings."""
    out: defaultdict[str, set[int]] = defaultdict(set)
    for p in problems:
        if p.severity is Severity.ERROR and p.row is not None:
            out[p.tab].add(p.row)
    return out
