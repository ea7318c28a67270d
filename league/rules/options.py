"""The settings a registered rule (a scoring or a tiebreaker) accepts, each checked when the ruleset loads."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from league.rules.schema import RulesetError, Section


@dataclass(frozen=True)
class Context:
    """What an option may refer to in the ruleset being loaded."""

    figures: frozenset[str]
    """Names of the per-side numbers of the results tab."""
    kinds: frozenset[str]
    """Result kinds (played, forfeit, bye, dq)."""


@dataclass(frozen=True)
class Option:
    """One setting: what it must be (for messages), how to check and convert it, and its default."""

    expected: str
    convert: Callable[[Any, Context], Any]
    """Returns the checked value, or raises ValueError when the value is not acceptable."""
    default: Any = ...
    """`...` means the ruleset must set it."""


def choice(*values: str, default: str) -> Option:
    """One word out of a fixed list."""

    def convert(value: Any, _: Context) -> str:
        if value not in values:
            raise ValueError
        return str(value)

    return Option("one of " + ", ".join(repr(v) for v in values), convert, default)


def kinds(default: tuple[str, ...]) -> Option:
    """A list of result kinds (played, forfeit, bye, dq)."""

    def convert(value: Any, ctx: Context) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(v in ctx.kinds for v in value):
            raise ValueError
        return tuple(value)

    return Option("a list of result kinds out of played, forfeit, bye, dq", convert, default)


def figure(default: Any = ...) -> Option:
    """The name of one per-side number of the results tab (a key of `results.figures`)."""

    def convert(value: Any, ctx: Context) -> str:
        if value not in ctx.figures:
            raise ValueError
        return str(value)

    return Option("the name of a figure in results.figures", convert, default)


def exact(value: Any) -> Fraction:
    """An exact number from TOML: an integer, a decimal written as a float (`0.33`), or a fraction string (`"1/3"`)."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value))
    if isinstance(value, str):
        return Fraction(value.strip())
    raise ValueError


def number(default: Any = ..., low: int | Fraction | None = None, high: int | Fraction | None = None) -> Option:
    """An exact number within [low, high]; the default may be written as the ruleset would (`"0.33"`, 1)."""

    def convert(value: Any, _: Context) -> Fraction:
        out = exact(value)
        if (low is not None and out < low) or (high is not None and out > high):
            raise ValueError
        return out

    bounds = (
        f" from {low} to {high}"
        if low is not None and high is not None
        else f" of at least {low}"
        if low is not None
        else ""
    )
    return Option(f'a number{bounds} (e.g. 3, 0.33 or "1/3")', convert, default if default is ... else exact(default))


def by_round(default: Any = ...) -> Option:
    """A table of round numbers to numbers, e.g. `{ 1 = 12 }` (rounds not named keep the usual value)."""

    def convert(value: Any, _: Context) -> dict[int, Fraction]:
        if not isinstance(value, dict) or not all(k.isdigit() and int(k) >= 1 for k in value):
            raise ValueError
        return {int(k): exact(v) for k, v in value.items()}

    return Option("a table of round numbers to points, e.g. { 1 = 12 }", convert, default)


@dataclass(frozen=True)
class Band:
    """Points for a game won by at least `ratio` times the loser's figure AND by at least `lead`."""

    ratio: Fraction
    lead: Fraction
    winner: Fraction
    loser: Fraction


def bands(default: Any = ...) -> Option:
    """An ordered list of bands, the first one a result reaches deciding its points."""

    def convert(value: Any, _: Context) -> tuple[Band, ...]:
        if not isinstance(value, list) or not value:
            raise ValueError
        out = []
        for band in value:
            if not isinstance(band, dict) or set(band) != {"ratio", "lead", "points"}:
                raise ValueError
            points = band["points"]
            if not isinstance(points, list) or len(points) != 2:
                raise ValueError
            ratio, lead = exact(band["ratio"]), exact(band["lead"])
            if ratio < 1 or lead < 0 or (ratio == 1 and lead == 0):
                raise ValueError
            out.append(Band(ratio, lead, exact(points[0]), exact(points[1])))
        return tuple(out)

    return Option(
        "a list of { ratio = (at least 1), lead = (at least 0, above 0 when ratio is 1), points = [winner, loser] }",
        convert,
        default,
    )


def whole(default: Any = ...) -> Option:
    """A whole number of at least 0 (a figure's value)."""

    def convert(value: Any, _: Context) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError
        return value

    return Option("a whole number of at least 0", convert, default)


def split(default: Any = ...) -> Option:
    """Points for the winner and for the loser, e.g. `[6, 0]`."""

    def convert(value: Any, _: Context) -> tuple[Fraction, Fraction]:
        if not isinstance(value, list) or len(value) != 2:
            raise ValueError
        return exact(value[0]), exact(value[1])

    return Option("[winner's points, loser's points], e.g. [6, 0]", convert, default)


def text(default: Any = ...) -> Option:
    """A non-empty string, such as a column header."""

    def convert(value: Any, _: Context) -> str:
        if not isinstance(value, str) or not value.strip():
            raise ValueError
        return value.strip()

    return Option("a non-empty text", convert, default)


def flag(default: bool) -> Option:
    """True or false."""

    def convert(value: Any, _: Context) -> bool:
        if not isinstance(value, bool):
            raise ValueError
        return value

    return Option("true or false", convert, default)


def check_options(
    section: Section, schema: Mapping[str, Option], ctx: Context, rule: str, skip: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Every option of one ruleset entry checked against its rule's schema, defaults filled in."""
    out: dict[str, Any] = {}
    for key in section.data:
        if key in skip:
            continue
        if key not in schema:
            known = ", ".join(sorted(schema)) or "none"
            raise RulesetError(
                f"{section.source}: `{section.path(key)}`: {rule} has no option {key!r} (its options: {known})"
            )
    for key, option in schema.items():
        section.used.add(key)
        if key not in section.data:
            if option.default is ...:
                raise RulesetError(
                    f"{section.source}: missing key `{section.path(key)}` ({rule} needs {option.expected})"
                )
            out[key] = option.default
            continue
        try:
            out[key] = option.convert(section.data[key], ctx)
        except (ValueError, ZeroDivisionError, TypeError):
            raise section.error(key, f"is {section.data[key]!r}; {rule} needs {option.expected}") from None
    return out
