"""The ruleset's `[results]` and `[reports]`: the words judges type, their aliases, and the games they count."""

from __future__ import annotations

from collections.abc import Mapping

from league.cells import name_key
from league.model.words import BOTH, Kind, ResultWord, word_key
from league.rules.ruleset import (
    FORM_QUESTIONS,
    GameRules,
    Results,
)
from league.rules.schema import RulesetError, Section


def _games(s: Section) -> GameRules | None:
    if not s.data:
        return None
    bye = s.get("bye", list, [0, 0])
    if len(bye) != 2 or not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in bye):
        raise s.error("bye", f"must be [games won, games lost], found {bye!r}")
    best_of = s.get("best_of", int, 0)
    if best_of < 0 or best_of % 2 == 0 and best_of:
        raise s.error(
            "best_of", f"must be an odd number of games (3: best of three), or 0 for any number, found {best_of!r}"
        )
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
            raise t.error(
                "loser", f"is {loser!r}; use one of the sides {', '.join(sides)}, or {BOTH!r} (a double forfeit)"
            )
        if not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in games) or len(games) not in (
            0,
            2,
            3,
        ):
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
            raise RulesetError(
                f"{s.source}: `results.kinds` has {means[word_key(word)]!r} and {word!r}, which read alike "
                "once case, spaces and dots are left out: keep one"
            )
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


def parse_results(s: Section) -> Results:
    tables = {key: s.section(key, {}) for key in ("figures", "texts", "row_texts")}
    named = {key: {k: t.get(k, str) for k in list(t.data)} for key, t in tables.items()}
    for t in tables.values():
        t.done()
    kinds = _words(s.section("kinds"), s.strings("sides", ["A", "B"]))
    res = Results(
        round=s.get("round", str),
        table=s.get("table", str, ""),
        competitor=s.get("competitor", str),
        result=s.get("result", str),
        kinds=kinds,
        aliases=_aliases(s.section("aliases", {}), kinds),
        order=s.strings("order"),
        sides=s.strings("sides", ["A", "B"]),
        figures=named["figures"],
        texts=named["texts"],
        row_texts=named["row_texts"],
        winner=s.get("winner", str, ""),
        compare=s.key_of("compare", named["figures"], "results.figures", ""),
        games=_games(s.section("games", {})),
        drop=s.get("drop", str, ""),
    )
    if not res.winner and res.games is None and not res.compare:
        raise RulesetError(
            f"{s.source}: `results` needs `winner` (a column naming the winner), `games` (games won per side) "
            "or `compare` (a figure whose higher value wins)"
        )
    missing = [h for h in res.required if h not in res.order]
    if missing:
        raise s.error("order", f"must list every header of the results tab; {missing[0]!r} is missing")
    s.done()
    return res


def parse_reports(s: Section, res: Results) -> tuple[tuple[str, str], ...]:
    """`[reports]`: Form question -> results header from the reporter's side; the round and both competitors are needed."""
    out = tuple((question, s.get(question, str)) for question in list(s.data))
    fixed = {name_key(q) for q in FORM_QUESTIONS}
    for n, (question, header) in enumerate(out):
        if not question.strip() or name_key(question) in fixed:
            raise s.error(
                question,
                f"is a question every Form asks already ({', '.join(FORM_QUESTIONS)}) or has no "
                "words: name the question as players read it",
            )
        if header not in res.order:
            raise s.error(question, f"is {header!r}, which is not a header of the results tab (`results.order`)")
        if any(header == other for _, other in out[:n]):
            raise s.error(question, f"fills {header!r}, which another question fills already: one question a column")
    needed = [res.round, *(res.side_header(res.competitor, side) for side in res.sides)]
    if out and (lacking := [h for h in needed if h not in dict(out).values()]):
        raise RulesetError(f"{s.source}: `reports` needs a question for {lacking[0]!r}")
    s.done()
    return out
