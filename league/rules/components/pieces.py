"""The check that needs both components: a piece played is allowed, and one its competitor declared."""

from __future__ import annotations

from collections.abc import Iterator

from league.checks.base import at, check
from league.checks.matches import distinct_sides
from league.model.league import League
from league.problems import Problem, Severity
from league.rules.components.catalog import Bans, CatalogRules, piece_problems, rules_of
from league.rules.components.roster import RosterRules, declared
from league.model.words import Kind


@check(needs=CatalogRules)
def match_pieces(lg: League) -> Iterator[Problem]:
    """A played piece is allowed, and one of that competitor's declared roster."""
    rules, res = rules_of(lg), lg.ruleset.results
    roster = lg.ruleset.component(RosterRules)
    if not rules.piece:
        return
    bans, known = Bans(lg, rules), declared(lg, roster) if roster else {}
    headers = {side: res.side_header(res.texts[rules.piece], side) for side in res.sides}
    identity: dict[str, str] = {}
    for m in lg.matches:
        for side, s in distinct_sides(res.sides, m):
            header = headers[side]
            piece = s.texts.get(rules.piece, "")
            entrant = lg.entrant(m.event, s.name) if s.name else None
            if not piece:
                if m.kind is Kind.PLAYED:
                    yield at(lg, m.tab, m.row, header, "missing-value", f"{header} is empty", f"type the {rules.label} {s.name or 'the player'} used")
                continue
            if piece not in identity:
                identity[piece] = lg.catalog.identity(piece)
            if (m.event, piece) in bans.allowed and entrant and roster:  # most sides: an allowed piece, nothing to report
                if identity[piece] in known[(entrant.event, entrant.key)]:
                    continue
            if entrant and roster and identity[piece] not in known[(entrant.event, entrant.key)]:
                shown = ", ".join(p for p in roster.entries(entrant) if p)
                yield at(lg, m.tab, m.row, header, "piece-not-in-roster",
                         f"{piece!r} is not one of {entrant.name}'s declared {rules.label}s ({shown})",
                         f"fix the {rules.label}, or the roster in the {lg.ruleset.registration.tab} tab row {entrant.row}")
            elif entrant and roster:
                yield from (p for p in piece_problems(lg, bans, m.event, m.tab, m.row, header, piece) if p.severity is Severity.ERROR)
            else:
                yield from piece_problems(lg, bans, m.event, m.tab, m.row, header, piece)
