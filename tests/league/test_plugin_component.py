"""A component written here, in a test, adds a check, a dropdown, an input tab and an output column to a league
without a line of engine code knowing it: registering it is all it takes, and unregistering takes it all away."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from league.cells import Cell
from league.checks.base import CHECKS, NEEDS, Check, at
from league.model.league import League
from league.model.standing import Standing
from league.problems import Problem
from league.report import standings_sheets
from league.rules.catalog import Catalog
from league.rules.components.base import Component, Tab, standings_cells, standings_columns
from league.rules.components.registry import COMPONENTS, Components
from league.rules.ruleset import Results, Ruleset
from league.rules.schema import RulesetError, Section
from league.sheet import Dropdown, Sheet
from league.table import Column, Role
from league.template import input_sheets

Variant = Callable[[Callable[[dict[str, Any]], None]], Ruleset]
Book = Any
"""`tests/league/conftest.py`'s clean GL league (the `book` fixture)."""


@dataclass(frozen=True)
class SponsorRules(Component, table="sponsor"):
    """Each competitor names its sponsor, one of a list, in a registration column; the standings show it."""

    header: str
    sponsors: tuple[str, ...]

    @classmethod
    def parse(cls, s: Section, _: Results) -> SponsorRules:
        rules = SponsorRules(s.get("header", str), s.strings("sponsors"))
        s.done()
        return rules

    def fields(self, tab: Tab) -> tuple[str, ...]:
        return (self.header,) if tab is Tab.REGISTRATION else ()

    def dropdowns(self, tab: Tab, ruleset: Ruleset, catalog: Catalog) -> tuple[Dropdown, ...]:
        return (Dropdown(self.header, self.sponsors),) if tab is Tab.REGISTRATION else ()

    def tabs(self, ruleset: Ruleset, catalog: Catalog) -> tuple[Sheet, ...]:
        return (Sheet("Sponsors", ("Sponsor", "Contact"), tuple((s, "") for s in self.sponsors)),)

    def standings_columns(self) -> tuple[Column, ...]:
        return (Column(self.header, Role.OTHER),)

    def standings_cells(self, lg: League, event: str, lines: Sequence[Standing]) -> dict[str, tuple[Cell, ...]]:
        return {e.key: (e.fields[self.header],) for e in lg.entrants if e.event == event}


@SponsorRules.check
def sponsor_known(lg: League) -> Iterator[Problem]:
    """A sponsor is one of the ruleset's."""
    rules = lg.ruleset.component(SponsorRules)
    assert rules is not None
    for e in lg.registrations:
        typed = e.fields.get(rules.header, "")
        if typed not in rules.sponsors:
            yield at(
                lg,
                lg.ruleset.registration.tab,
                e.row,
                rules.header,
                "unknown-sponsor",
                f"{typed!r} is no sponsor",
                "use one of " + ", ".join(rules.sponsors),
            )


def _with_sponsors(data: dict[str, Any]) -> None:
    data["sponsor"] = {"header": "Sponsor", "sponsors": ["Acme", "Globex"]}


@pytest.fixture
def sponsored(variant: Variant) -> Iterator[Ruleset]:
    """The GL ruleset with a `[sponsor]` table, while the test's component is registered."""
    with COMPONENTS.added(SponsorRules.table, SponsorRules):
        yield variant(_with_sponsors)


def _sponsor(book: Book, sponsors: dict[int, str]) -> Book:
    book.tabs["Players"][0].append("Sponsor")
    for row in range(2, book.next_row("Players")):
        book.set("Players", row, "Sponsor", sponsors.get(row, "Acme"))
    return book


def test_its_check_runs_for_a_ruleset_with_its_table(sponsored: Ruleset, book: Book) -> None:
    out = _sponsor(book, {3: "Initech", 5: "Globex"}).evaluate(sponsored)
    assert out.found() == {("unknown-sponsor", "Players", "I3")}
    assert out.at("unknown-sponsor", "Players", "I3").fix == "use one of Acme, Globex"
    assert NEEDS["sponsor_known"] is SponsorRules


def _init(ruleset: Ruleset, book: Book) -> list[Sheet]:
    """The input tabs `league init` makes for the book's events."""
    return input_sheets(ruleset, book.catalog, book.tabs["Events"][1:])


def test_it_adds_a_dropdown_and_a_tab_to_league_init(sponsored: Ruleset, book: Book) -> None:
    sheets = {s.name: s for s in _init(sponsored, book)}
    assert "Sponsor" in sheets["Players"].header
    assert Dropdown("Sponsor", ("Acme", "Globex")) in sheets["Players"].dropdowns
    assert sheets["Sponsors"].rows == (("Acme", ""), ("Globex", ""))


def test_it_declares_a_standings_column(sponsored: Ruleset, book: Book) -> None:
    out = _sponsor(book, {5: "Globex"}).evaluate(sponsored)
    assert standings_columns(sponsored) == (Column("Sponsor", Role.OTHER),)
    lines = out.ev.standings["QR1-GB5"]
    assert standings_cells(out.ev.league, "QR1-GB5", lines) == {"dan lim": ("Globex",), "eva tan": ("Acme",)}


def test_its_column_is_in_the_standings_tab(sponsored: Ruleset, book: Book) -> None:
    out = _sponsor(book, {5: "Globex"}).evaluate(sponsored)
    sheet = next(s for s in standings_sheets(out.ev) if s.name == "Standings QR1-GB5")
    rows = [dict(zip(sheet.header, row)) for row in sheet.rows]
    assert [(r["Player"], r["Sponsor"]) for r in rows] == [("Dan Lim", "Globex"), ("Eva Tan", "Acme")]
    assert sheet.find(Role.OTHER) == list(sheet.header).index("Sponsor")


def test_a_ruleset_without_its_table_is_untouched(sponsored: Ruleset, book: Book) -> None:
    plain = book.evaluate()
    assert plain.found() == set() and standings_columns(book.ruleset) == ()
    assert not any(d.column == "Sponsor" for s in _init(book.ruleset, book) for d in s.dropdowns)


def test_once_unregistered_its_table_is_unknown_and_its_check_gone(variant: Variant) -> None:
    with COMPONENTS.added(SponsorRules.table, SponsorRules):
        assert "sponsor_known" in CHECKS
    assert "sponsor" not in COMPONENTS and "sponsor_known" not in CHECKS and "sponsor_known" not in NEEDS
    with pytest.raises(RulesetError, match="unknown key `sponsor`"):
        variant(_with_sponsors)


@dataclass(frozen=True)
class Clashing(Component, table="roster"):
    """A component whose table is already taken."""


def test_a_component_cannot_take_a_registered_table() -> None:
    before = (dict(COMPONENTS), dict(CHECKS))
    with pytest.raises(ValueError, match="component 'roster' is registered twice"):
        COMPONENTS.add("roster", Clashing)
    assert (dict(COMPONENTS), dict(CHECKS)) == before


def _named(name: str) -> Check:
    def fn(lg: League) -> Iterator[Problem]:
        return iter(())

    fn.__name__ = name
    return fn


@pytest.mark.parametrize("taken", ["match_players", "roster"], ids=["a general check", "another component's check"])
def test_a_component_cannot_take_a_registered_check_name(taken: str) -> None:
    @dataclass(frozen=True)
    class Second(Component, table="second"):
        pass

    Second.check(_named("fine"))
    Second.check(_named(taken))

    before = (dict(COMPONENTS), dict(CHECKS), dict(NEEDS))
    with pytest.raises(ValueError, match=f"check {taken!r} is registered twice"):
        COMPONENTS.register(Second)
    assert (dict(COMPONENTS), dict(CHECKS), dict(NEEDS)) == before


def test_a_registry_of_components_refuses_two_with_one_table() -> None:
    @dataclass(frozen=True)
    class First(Component, table="same"):
        pass

    @dataclass(frozen=True)
    class Second(Component, table="same"):
        pass

    with pytest.raises(ValueError, match="component 'same' is registered twice"):
        Components([First, Second])


def test_a_component_names_its_table() -> None:
    @dataclass(frozen=True)
    class Nameless(Component):
        pass

    with pytest.raises(ValueError, match=r"declare it as `class Nameless\(Component, table='nameless'\)`"):
        COMPONENTS.add("nameless", Nameless)
    assert "nameless" not in COMPONENTS
