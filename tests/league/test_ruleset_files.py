"""Bad ruleset files: each mistake gives one clear error naming the file and the key."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from league.rules.load import parse_ruleset
from league.rules.schema import RulesetError

FILE = Path(__file__).parents[1] / "rulesets" / "swiss-draws.toml"
GL = Path(__file__).parents[2] / "league" / "rules" / "presets" / "gl-unmatched.toml"
MESBG = GL.with_name("mesbg-pairs.toml")
Edit = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node = data
        for key in parents:
            node = node[int(key)] if key.isdigit() else node[key]
        node[last] = value

    return edit


def _drop(path: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node = data
        for key in parents:
            node = node[key]
        del node[last]

    return edit


BAD: list[tuple[str, Path, Edit, str]] = [
    ("unknown top-level key", FILE, _set("scorring", {}), "unknown key `scorring`"),
    ("unknown nested key", FILE, _set("format.roundz", 3), "unknown key `format.roundz`"),
    ("wrong type", FILE, _set("format.rounds", "three"), "`format.rounds` must be int, found 'three'"),
    ("boolean for a number", FILE, _set("format.rounds", True), "`format.rounds` must be int"),
    ("zero rounds", FILE, _set("format.rounds", 0), "`format.rounds` must be 1 or more"),
    ("missing key", FILE, _drop("registration.tab"), "missing key `registration.tab`"),
    (
        "unknown scoring",
        FILE,
        _set("scoring.name", "elo"),
        "`scoring.name` is 'elo': no such scoring; known: bands, outcome",
    ),
    ("unknown scoring option", FILE, _set("scoring.tie", 1), "`scoring.tie`: scoring 'outcome' has no option 'tie'"),
    (
        "scoring option not a number",
        FILE,
        _set("scoring.win", "three"),
        "`scoring.win` is 'three'; scoring 'outcome' needs a number",
    ),
    (
        "points not finite",
        FILE,
        _set("scoring.win", float("nan")),
        "`scoring.win` is nan; scoring 'outcome' needs a number",
    ),
    ("floor infinite", FILE, _set("tiebreakers.0.floor", float("inf")), "`tiebreakers[0].floor` is inf"),
    (
        "unknown tiebreaker",
        FILE,
        _set("tiebreakers.0.name", "omwp"),
        "`tiebreakers[0].name` is 'omwp': no such tiebreaker; known:",
    ),
    (
        "unknown tiebreaker option",
        FILE,
        _set("tiebreakers.0.flor", "1/3"),
        "tiebreaker 'opponents_match_win' has no option 'flor'",
    ),
    (
        "tiebreaker option out of range",
        FILE,
        _set("tiebreakers.0.floor", 2),
        "`tiebreakers[0].floor` is 2; tiebreaker 'opponents_match_win' needs a number from 0 to 1",
    ),
    (
        "tiebreaker choice",
        FILE,
        _set("tiebreakers.3.cut", "cut2"),
        "`tiebreakers[3].cut` is 'cut2'; tiebreaker 'buchholz' needs one of 'none', 'cut1', 'median'",
    ),
    (
        "ratio of an unknown figure",
        GL,
        _set("tiebreakers.0.numerator", "hp"),
        "`tiebreakers[0].numerator` is 'hp'; tiebreaker 'ratio' needs the name of a figure",
    ),
    ("ratio kinds", GL, _set("tiebreakers.0.kinds", ["won"]), "needs a list of result kinds"),
    (
        "bad result kind",
        FILE,
        _set("results.kinds", {"Bye": "free win"}),
        "`results.kinds.Bye` is 'free win'; use one of played, forfeit, bye, dq",
    ),
    ("neither winner nor games", FILE, _drop("results.games"), "`results` needs `winner`"),
    (
        "order misses a header",
        FILE,
        _set("results.order", ["Round", "Player A"]),
        "`results.order` must list every header",
    ),
    (
        "catalog field unknown",
        GL,
        _set("catalog.piece", "hero"),
        "`catalog.piece` is 'hero', which is not a key of results.texts",
    ),
    (
        "health figure unknown",
        GL,
        _set("health.remaining", "hp"),
        "`health.remaining` is 'hp', which is not a key of results.figures",
    ),
    (
        "ban of nothing",
        GL,
        _set("catalog.bans", [{"since": "x"}]),
        "`catalog.bans[0]` needs exactly one of set, piece or map",
    ),
    (
        "compare an unknown figure",
        FILE,
        _set("results.compare", "vp"),
        "`results.compare` is 'vp', which is not a key of results.figures",
    ),
    (
        "count of something else",
        FILE,
        _set("format.count", "games"),
        "`format.count` is 'games'; use one of 'matches', 'record', 'losses', 'none'",
    ),
    ("display of something else", FILE, _set("tiebreakers.0.display", "stars"), "`tiebreakers[0].display` is 'stars'"),
    (
        "pairing system unknown",
        GL,
        _set("pairing.system", "dutch"),
        "`pairing.system` is 'dutch': no such pairing system; known: round_robin, seeded_swiss, swiss",
    ),
    (
        "avoid a column never read",
        GL,
        _set("pairing.avoid_same", "Club"),
        "`pairing.avoid_same` is 'Club', which is not a header the registration tab reads",
    ),
    ("playoffs of one", GL, _set("playoffs", {"size": 1}), "`playoffs.size` needs at least 2 competitors"),
    (
        "playoffs of even length",
        GL,
        _set("playoffs", {"size": 8, "best_of": [2]}),
        "`playoffs.best_of` needs at least 2 competitors and odd",
    ),
    (
        "penalty effect unknown",
        GL,
        _set("penalties.effects", {"Game Loss": "points"}),
        "`penalties.effects.Game Loss` is 'points'; use one of game, match",
    ),
    (
        "penalty guide unknown kind",
        GL,
        _set("penalties.guide", {"Slow Play": "Yellow Card"}),
        "`penalties.guide.Slow Play` must be a penalty of `penalties.kinds`",
    ),
    (
        "prize ranks",
        GL,
        _set("prizes.event", [{"name": "Top", "ranks": [3, 1]}]),
        "`prizes.event[0].ranks` must be [first, last]",
    ),
]


def _band(value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["results"]["figures"] = {"scenario": "Scenario {side}"}
        data["results"]["order"] += ["Scenario A", "Scenario B"]
        data["scoring"] = {"name": "bands", "label": "VP", "figure": "scenario", "equal": 3, "bands": value}

    return edit


BAD += [
    ("band ratio below 1", FILE, _band([{"ratio": 0.5, "lead": 6, "points": [6, 0]}]), "`scoring.bands` is"),
    ("band without points", FILE, _band([{"ratio": 2, "lead": 6}]), "scoring 'bands' needs a list of { ratio"),
    ("band of nothing", FILE, _band([{"ratio": 1, "lead": 0, "points": [5, 1]}]), "above 0 when ratio is 1"),
    ("no bands", FILE, _band([]), "`scoring.bands` is []"),
]


BAD += [
    (
        "alignment of an unknown text",
        MESBG,
        _set("alignment.text", "side"),
        "`alignment.text` is 'side', which is not a key of results.texts",
    ),
    (
        "one alignment",
        MESBG,
        _set("alignment.values", ["Good"]),
        "`alignment.values` needs at least two different values",
    ),
    ("restricted below 0", MESBG, _set("restricted.max", -1), "`restricted.max` must be 0 or more"),
    ("restricted list missing", MESBG, _drop("restricted.models"), "missing key `restricted.models`"),
    (
        "deduction of no points",
        MESBG,
        _set("deductions.registration", {"List On Time": 0}),
        "`deductions.registration.List On Time` must be 1 or more",
    ),
    (
        "deduction from an unknown figure",
        MESBG,
        _set("deductions.figures", {"Scenario Points": "sp"}),
        "`deductions.figures.Scenario Points` is 'sp'",
    ),
    (
        "deduction game unknown",
        MESBG,
        _set("deductions.game", "table"),
        "`deductions.game` is 'table', which is not a key of results.texts",
    ),
    (
        "decided points not a pair",
        MESBG,
        _set("scoring.decided", [6]),
        "`scoring.decided` is [6]; scoring 'bands' needs [winner's points, loser's points]",
    ),
    (
        "bye's figure below 0",
        MESBG,
        _set("tiebreakers.0.bye", -1),
        "`tiebreakers[0].bye` is -1; tiebreaker 'total' needs a whole number of at least 0",
    ),
    (
        "disqualification not a flag",
        MESBG,
        _set("format.dq_loses_every_game", "yes"),
        "`format.dq_loses_every_game` must be bool",
    ),
]


@pytest.mark.parametrize("file, edit, message", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_ruleset_names_the_file_and_the_key(file: Path, edit: Edit, message: str) -> None:
    data = tomllib.loads(file.read_text(encoding="utf-8"))
    edit(data)
    with pytest.raises(RulesetError) as raised:
        parse_ruleset(data, str(file))
    text = str(raised.value)
    assert text.startswith(f"{file}: ")
    assert message in text


@pytest.mark.parametrize("file", [FILE, GL, MESBG])
def test_the_files_themselves_load(file: Path) -> None:
    ruleset = parse_ruleset(tomllib.loads(file.read_text(encoding="utf-8")), str(file))
    assert ruleset.tiebreakers and ruleset.scoring.label
