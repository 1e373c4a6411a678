"""What the teacher's board shows, computed from the class-game store (no widget code here).

:func:`snapshot` reads a game in a few queries and returns plain values: who joined and how far each
learner is, the ranking by duplicate score, and for each deal the spread of results and the decision
that cost the class most ("7 of 12 drew to an inside straight in deal 4"). :func:`csv_text` exports
every result; :func:`deal_report` is what a learner may see of a deal they have finished (the spread
of the class's results, no names).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pokerlab import language as lang
from pokerlab.cards import Card, parse_cards
from pokerlab.classroom.class_games import (
    ClassGameError,
    ClassGameSettings,
    ClassMatch,
    Standing,
    duplicate_scores,
    ranking,
)
from pokerlab.classroom.reviews import coach_words, played_words, stage_words
from pokerlab.classroom.store import ClassGame, ClassStore, Progress, Result
from pokerlab.coach.phrases import money
from pokerlab.history import to_text
from pokerlab.narration import Voice
from pokerlab.storage import Learner
from pokerlab.storage.progress import class_learning


def signed(value: float, language: str = lang.DEFAULT, decimals: int = 0) -> str:
    """A result with its sign, ``'+40'``, ``'-20'``, ``'+0.50'`` (English as Python writes it, without a
    thousands mark; another language writes the number its own way: ``'+1.500'``, ``'+0,50'``)."""
    if lang.check(language) == lang.DEFAULT:
        return f"{value:+.{decimals}f}"
    return ("-" if value < 0 else "+") + lang.format_number(abs(value), language, decimals)


def number_text(value: float, language: str = lang.DEFAULT, decimals: int = 1) -> str:
    """A chips figure such as a review's cost: ``'1234.5'`` in English (as the board always wrote it),
    ``'1.234,5'`` in Spanish."""
    if lang.check(language) == lang.DEFAULT:
        return f"{value:.{decimals}f}"
    return lang.format_number(value, language, decimals)


@dataclass(frozen=True)
class PlayerLine:
    """A learner's progress: deals finished of the game's total, and the deal being played."""

    learner: str
    deals_done: int
    deal_count: int
    learner_id: int = 0

    @property
    def finished(self) -> bool:
        return self.deals_done >= self.deal_count

    @property
    def text(self) -> str:
        return self.words()

    def words(self, language: str = lang.DEFAULT) -> str:
        """``'finished'`` or ``'playing deal 3 of 10'`` in ``language``."""
        return progress_words(self.deals_done, self.deal_count, language)


def progress_words(done: int, deal_count: int, language: str = lang.DEFAULT) -> str:
    """A learner's progress from the deals finished and the game's deals."""
    if done >= deal_count:
        return lang.gettext(language, "finished")
    return lang.gettext(language, "playing deal {number} of {count}").format(number=done + 1, count=deal_count)


@dataclass(frozen=True)
class DealLine:
    """One deal across the class."""

    number: int
    results: tuple[int, ...]
    """Every learner's chips on the deal, lowest first."""
    average: float | None
    costliest: CostlyDecision | None
    """The decision that cost the class most on this deal (None: none reviewed as costly)."""

    @property
    def played(self) -> int:
        return len(self.results)

    @property
    def spread(self) -> str:
        return spread_words(self.results)


def spread_words(results: Sequence[int], language: str = lang.DEFAULT) -> str:
    """The spread of a deal's results (lowest first): ``'-20 to +40'``, ``'all +5'``, ``'not played yet'``."""
    if not results:
        return lang.gettext(language, "not played yet")
    low, high = results[0], results[-1]
    if low == high:
        return lang.gettext(language, "all {result}").format(result=signed(low, language))
    return lang.gettext(language, "{low} to {high}").format(low=signed(low, language), high=signed(high, language))


@dataclass(frozen=True)
class Snapshot:
    """The board for one game at one moment."""

    game: ClassGame
    players: tuple[PlayerLine, ...]
    ranking: tuple[Standing, ...]
    deals: tuple[DealLine, ...]
    scores: dict[tuple[str, int], float]
    """Each result's duplicate score, by (learner, deal)."""

    @property
    def costliest(self) -> CostlyDecision | None:
        """The single decision that cost the class most over the whole game."""
        found = [line.costliest for line in self.deals if line.costliest is not None]
        return max(found, key=lambda costly: costly.chips, default=None)


# ----- decisions: kinds as codes, in words for a reader ------------------------------------------------

DecisionKind = tuple[Any, ...]
"""What a reviewed decision was, as codes and numbers: ``("draw", "inside_straight")``, ``("draw",
"unmatched", 2)`` (two unmatched cards kept), ``("bet", "betting_two", "call", 20)`` (called 20 after the
draw), ``("bet", "betting_one", "fold", 0)`` (folded when checking was free; ``None``: owed chips not
known). Learners whose decisions have the same kind made the same decision."""


def _straight_gap(ranks: set[int]) -> int | None:
    """For four distinct ranks: 0 when they are four in a row open at both ends, 1 when one card is
    missing inside or the row is closed at one end (A-K-Q-J, A-2-3-4), else None."""
    best = None
    for values in (ranks, {1 if rank == 14 else rank for rank in ranks}):
        if len(values) != 4:
            continue
        low, high = min(values), max(values)
        if high - low == 3:
            gap = 1 if low == 1 or high == 14 else 0
        elif high - low == 4:
            gap = 1
        else:
            continue
        best = gap if best is None else min(best, gap)
    return best


def draw_kind(kept: Sequence[Card]) -> DecisionKind:
    """A draw as the board groups it, from the cards kept.

    >>> draw_kind(parse_cards("9h Tc Jd Kh")), draw_kind(parse_cards("9h Tc Jd Qh"))
    (('draw', 'inside_straight'), ('draw', 'open_straight'))
    >>> draw_kind(parse_cards("Ks Kd 9c")), draw_kind(parse_cards("As Kd Qs Jh Tc")), draw_kind(parse_cards("2c 9d"))
    (('draw', 'pair_kicker'), ('draw', 'stood_pat'), ('draw', 'unmatched', 2))
    """
    count = len(kept)
    if count == 5:
        return ("draw", "stood_pat")
    ranks = [card.rank for card in kept]
    pairs = sorted({rank for rank in ranks if ranks.count(rank) == 2})
    trips = any(ranks.count(rank) == 3 for rank in ranks)
    if count == 4:
        if len({card.suit for card in kept}) == 1:
            return ("draw", "flush")
        gap = _straight_gap(set(ranks)) if len(set(ranks)) == 4 else None
        if gap is not None:
            return ("draw", "open_straight" if gap == 0 else "inside_straight")
        if len(pairs) == 2:
            return ("draw", "two_pair")
        if trips:
            return ("draw", "trips_kicker")
        return ("draw", "pair_two_kickers" if pairs else "four_unmatched")
    if trips:
        return ("draw", "trips")
    if pairs:  # a pair and at most one kicker here: four cards kept were dealt with above
        return ("draw", "pair" if count == 2 else "pair_kicker")
    if count == 0:
        return ("draw", "threw_all")
    if count == 3 and len({card.suit for card in kept}) == 1:
        return ("draw", "two_to_flush")
    return ("draw", "unmatched", count)


def decision_kind(decision: dict[str, Any]) -> DecisionKind:
    """A stored decision (:mod:`pokerlab.classroom.reviews`) as the board groups it: draws by what was
    kept, bets by what was done, for how much and when."""
    if decision["phase"] == "draw":
        return draw_kind(parse_cards(" ".join(decision.get("kept") or ())))
    action = decision["action"]
    if action == "fold":
        owed = decision.get("owed")
        return ("bet", decision["phase"], "fold", None if owed is None else int(owed))
    return ("bet", decision["phase"], action, 0 if action == "check" else int(decision.get("amount") or 0))


def decision_phrase(kind: Sequence[Any], count: int = 1, played: int = 1, dollars: bool = False,
                    language: str = lang.DEFAULT) -> str:
    """``count`` of ``played`` learners and what they did: ``'2 of 3 drew to an inside straight'``."""
    t = lang.catalogue(language)
    if kind[0] == "draw":
        draws = {
            "stood_pat": t.ngettext("{count} of {played} stood pat", "{count} of {played} stood pat", count),
            "flush": t.ngettext("{count} of {played} drew to a flush", "{count} of {played} drew to a flush", count),
            "open_straight": t.ngettext("{count} of {played} drew to an open-ended straight",
                                        "{count} of {played} drew to an open-ended straight", count),
            "inside_straight": t.ngettext("{count} of {played} drew to an inside straight",
                                          "{count} of {played} drew to an inside straight", count),
            "two_pair": t.ngettext("{count} of {played} kept two pair and drew one",
                                   "{count} of {played} kept two pair and drew one", count),
            "trips_kicker": t.ngettext("{count} of {played} kept three of a kind and a kicker",
                                       "{count} of {played} kept three of a kind and a kicker", count),
            "pair_two_kickers": t.ngettext("{count} of {played} kept a pair and two kickers",
                                           "{count} of {played} kept a pair and two kickers", count),
            "four_unmatched": t.ngettext("{count} of {played} kept four unmatched cards and drew one",
                                         "{count} of {played} kept four unmatched cards and drew one", count),
            "trips": t.ngettext("{count} of {played} kept three of a kind", "{count} of {played} kept three of a kind",
                                count),
            "pair": t.ngettext("{count} of {played} kept a pair", "{count} of {played} kept a pair", count),
            "pair_kicker": t.ngettext("{count} of {played} kept a pair and a kicker",
                                      "{count} of {played} kept a pair and a kicker", count),
            "threw_all": t.ngettext("{count} of {played} threw all five cards", "{count} of {played} threw all five cards",
                                    count),
            "two_to_flush": t.ngettext("{count} of {played} drew two to a flush", "{count} of {played} drew two to a flush",
                                       count),
        }
        if kind[1] == "unmatched":
            unmatched = {
                1: t.ngettext("{count} of {played} kept 1 unmatched card and drew 4",
                              "{count} of {played} kept 1 unmatched card and drew 4", count),
                2: t.ngettext("{count} of {played} kept 2 unmatched cards and drew 3",
                              "{count} of {played} kept 2 unmatched cards and drew 3", count),
                3: t.ngettext("{count} of {played} kept 3 unmatched cards and drew 2",
                              "{count} of {played} kept 3 unmatched cards and drew 2", count),
            }
            text = unmatched[int(kind[2])]
        else:
            text = draws[kind[1]]
        return text.format(count=count, played=played)
    _stage, phase, action, amount = kind
    when = t.gettext("before the draw") if phase == "betting_one" else t.gettext("after the draw")
    if action == "fold":
        text = (t.ngettext("{count} of {played} folded (checking was free) {when}",
                           "{count} of {played} folded (checking was free) {when}", count) if amount == 0
                else t.ngettext("{count} of {played} folded {when}", "{count} of {played} folded {when}", count))
    elif action == "check":
        text = t.ngettext("{count} of {played} checked {when}", "{count} of {played} checked {when}", count)
    elif action == "call":
        text = t.ngettext("{count} of {played} called {amount} {when}", "{count} of {played} called {amount} {when}", count)
    elif action == "bet":
        text = t.ngettext("{count} of {played} bet {amount} {when}", "{count} of {played} bet {amount} {when}", count)
    elif action == "raise":
        text = t.ngettext("{count} of {played} raised to {amount} {when}",
                          "{count} of {played} raised to {amount} {when}", count)
    else:
        text = t.ngettext("{count} of {played} went all-in ({amount}) {when}",
                          "{count} of {played} went all-in ({amount}) {when}", count)
    cash = money(amount or 0, dollars, language=language)
    return text.format(count=count, played=played, amount=cash, when=when)


@dataclass(frozen=True)
class CostlyDecision:
    """A decision several learners made differently from the coach on one deal, and what it cost."""

    deal_number: int
    kind: DecisionKind
    learner_count: int
    played: int
    chips: float
    dollars: bool = False

    @property
    def text(self) -> str:
        return self.words()

    def words(self, language: str = lang.DEFAULT) -> str:
        """``'2 of 3 drew to an inside straight in deal 4 (about 6 chips given up in all)'`` in ``language``."""
        decision = decision_phrase(self.kind, self.learner_count, self.played, self.dollars, language)
        return lang.gettext(language, "{decision} in deal {number} (about {amount} given up in all)").format(
            decision=decision, number=self.deal_number, amount=money(self.chips, self.dollars, language=language))

    def to_json(self) -> dict[str, Any]:
        """Plain data (the kind as a list), as the dealer sends it to a hub's board."""
        return {"deal_number": self.deal_number, "kind": list(self.kind), "learner_count": self.learner_count,
                "played": self.played, "chips": self.chips, "dollars": self.dollars}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CostlyDecision:
        return cls(int(data["deal_number"]), tuple(data["kind"]), int(data["learner_count"]), int(data["played"]),
                   float(data["chips"]), bool(data["dollars"]))


def costliest_decision(deal_number: int, reviews: Sequence[tuple[str, list[dict[str, Any]]]], played: int,
                       dollars: bool = False) -> CostlyDecision | None:
    """The decision (different from the coach's) that gave up the most chips in all on a deal.

    ``reviews``: ``(learner, decisions)`` per reviewed result of the deal (stored decisions, see
    :mod:`pokerlab.classroom.reviews`); ``played``: how many learners finished it.

    >>> inside = {"phase": "draw", "action": "draw", "kept": ["9h", "Tc", "Jd", "Kh"], "matches": False, "chips": 3.0}
    >>> fold = {"phase": "betting_one", "action": "fold", "owed": 10, "matches": False, "chips": 1.0}
    >>> costly = costliest_decision(4, [("ann", [inside]), ("bo", [inside, fold]), ("cy", [fold])], played=3)
    >>> costly.text
    '2 of 3 drew to an inside straight in deal 4 (about 6 chips given up in all)'
    >>> costly.words("es")
    '2 de 3 buscaron escalera interna en la mano 4 (en total costó alrededor de 6 fichas)'
    """
    groups: dict[DecisionKind, tuple[set[str], float]] = {}
    for learner, decisions in reviews:
        for decision in decisions:
            if decision.get("matches") or not decision.get("chips"):
                continue
            kind = decision_kind(decision)
            who, cost = groups.get(kind, (set(), 0.0))
            groups[kind] = (who | {learner}, cost + float(decision["chips"]))
    if not groups:
        return None
    # ties go to the English words, so that every language names the same decision
    kind, (who, cost) = max(groups.items(), key=lambda item: (item[1][1], len(item[1][0]),
                                                               decision_phrase(item[0], dollars=dollars)))
    if cost < 0.5:
        return None
    return CostlyDecision(deal_number, kind, len(who), played, cost, dollars)


# ----- the board ---------------------------------------------------------------------------------------

def build_snapshot(game: ClassGame, players: Sequence[Progress], results: Sequence[Result],
                   reviews: Sequence[tuple[str, int, list[dict[str, Any]]]]) -> Snapshot:
    """The board from the rows the store returns (pure: tests feed it rows directly)."""
    settings = game.settings
    rows = [(result.learner, result.deal_number, result.chips) for result in results]
    done: dict[str, int] = {}
    for learner, _deal, _chips in rows:
        done[learner] = done.get(learner, 0) + 1
    lines = tuple(PlayerLine(player.learner, done.get(player.learner, 0), settings.deal_count, player.learner_id)
                  for player in players)
    costs: dict[str, float] = {}
    for result in results:
        if result.review_cost is not None:
            costs[result.learner] = costs.get(result.learner, 0.0) + result.review_cost
    chips_by_deal: dict[int, list[int]] = {}
    for _learner, deal, chips in rows:
        chips_by_deal.setdefault(deal, []).append(chips)
    reviews_by_deal: dict[int, list[tuple[str, list[dict[str, Any]]]]] = {}
    for learner, deal, decisions in reviews:
        reviews_by_deal.setdefault(deal, []).append((learner, decisions))
    deals = []
    for number in range(1, settings.deal_count + 1):
        chips = tuple(sorted(chips_by_deal.get(number, ())))
        deals.append(DealLine(number, chips, sum(chips) / len(chips) if chips else None,
                              costliest_decision(number, reviews_by_deal.get(number, []), len(chips), settings.dollars)))
    standings = ranking(rows, settings.big_bet, [player.learner for player in players], costs)
    return Snapshot(game, lines, tuple(standings), tuple(deals), duplicate_scores(rows, settings.big_bet))


def snapshot(store: ClassStore, game_id: int) -> Snapshot:
    """Read one game for the board."""
    return build_snapshot(*store.board_rows(game_id))


CSV_HEAD = ("game", "learner", "deal", "chips", "duplicate_big_bets", "review_cost_chips", "finished_at")
"""The CSV's columns: fixed codes, in English whatever the board's language (docs/class-games.md)."""


def csv_text(store: ClassStore, game_id: int) -> str:
    """Every result of a game as CSV (one row per learner per deal), with its duplicate score."""
    game = store.game(game_id)
    results = store.results(game_id)
    scores = duplicate_scores([(r.learner, r.deal_number, r.chips) for r in results], game.settings.big_bet)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEAD)
    for result in results:
        cost = "" if result.review_cost is None else f"{result.review_cost:.2f}"
        writer.writerow([game.code, result.learner, result.deal_number, result.chips,
                         f"{scores[result.learner, result.deal_number]:.3f}", cost, result.finished_at.isoformat()])
    return out.getvalue()


# ----- what a learner may see ----------------------------------------------------------------------------

@dataclass(frozen=True)
class DealReport:
    """A finished deal as its learner may see it: their result against the class's, without names."""

    number: int
    mine: int
    results: tuple[int, ...]
    duplicate: float

    @property
    def text(self) -> str:
        return self.words()

    def words(self, language: str = lang.DEFAULT) -> str:
        """``'Deal 2: you +10; class average +2.5 (-20 to +40); 1 of the 3 other learners did better;
        duplicate score +0.38 big bets.'`` in ``language``."""
        return report_words(self.view(), language)

    def view(self) -> dict[str, Any]:
        """The report as numbers, as the dealer sends it to the learner's page (no names, no words)."""
        return {"number": self.number, "mine": self.mine, "average": sum(self.results) / len(self.results),
                "low": self.results[0], "high": self.results[-1], "played": len(self.results),
                "better": sum(1 for chips in self.results if chips > self.mine), "duplicate": self.duplicate}


def report_words(report: Mapping[str, Any], language: str = lang.DEFAULT) -> str:
    """A finished deal's report (:meth:`DealReport.view`, as the dealer sends it) in ``language``."""
    others = int(report["played"]) - 1
    mine = signed(report["mine"], language)
    if others == 0:
        return lang.gettext(language, "Deal {number}: you {mine}. Nobody else has finished this deal yet.").format(
            number=report["number"], mine=mine)
    return lang.ngettext(
        language,
        "Deal {number}: you {mine}; class average {average} ({low} to {high}); {better} of the {others} other "
        "learner did better; duplicate score {duplicate} big bets.",
        "Deal {number}: you {mine}; class average {average} ({low} to {high}); {better} of the {others} other "
        "learners did better; duplicate score {duplicate} big bets.", others
    ).format(number=report["number"], mine=mine, average=signed(report["average"], language, 1),
             low=signed(report["low"], language), high=signed(report["high"], language), better=report["better"],
             others=others, duplicate=signed(report["duplicate"], language, 2))


def deal_report(store: ClassStore, game: ClassGame, learner: Learner, deal_number: int) -> DealReport | None:
    """The class's results on a deal, only if ``learner`` has finished it themselves (else None)."""
    results = store.results(game.id, deal_number)
    mine = next((r.chips for r in results if r.learner_id == learner.id), None)
    if mine is None:
        return None
    chips = tuple(sorted(r.chips for r in results))
    average = sum(chips) / len(chips)
    return DealReport(deal_number, mine, chips, (mine - average) / game.settings.big_bet)


# ----- lessons and quizzes -------------------------------------------------------------------------------

@dataclass(frozen=True)
class LearningLine:
    """A learner's lessons and quiz answers, for the board."""

    learner: str
    lessons_done: tuple[str, ...]
    lessons_started: tuple[str, ...]
    """Lessons begun but not finished."""
    quiz_right: int
    quiz_answered: int

    @property
    def text(self) -> str:
        done = ", ".join(self.lessons_done) or "none"
        quiz = f"{self.quiz_right} of {self.quiz_answered} right" if self.quiz_answered else "no answers yet"
        started = f"; started {', '.join(self.lessons_started)}" if self.lessons_started else ""
        return f"lessons finished: {done}{started}; quizzes: {quiz}"


def learning_lines(names: dict[int, str], lessons: Sequence[Any], answers: Sequence[Any]) -> list[LearningLine]:
    """Per learner in ``names`` (id -> name): lessons finished and begun (from the storage layer's
    lesson progress rows) and quiz answers right of answered (from its quiz result rows)."""
    lessons_of: dict[int, list[Any]] = {}
    for row in lessons:
        lessons_of.setdefault(row.learner_id, []).append(row)
    tally: dict[int, list[int]] = {}
    for row in answers:
        right_answered = tally.setdefault(row.learner_id, [0, 0])
        right_answered[0] += bool(row.correct)
        right_answered[1] += 1
    lines = []
    for learner_id, name in names.items():
        mine = lessons_of.get(learner_id, [])
        done = tuple(sorted(row.lesson for row in mine if row.done))
        started = tuple(sorted(row.lesson for row in mine if not row.done))
        right, answered = tally.get(learner_id, (0, 0))
        lines.append(LearningLine(name, done, started, right, answered))
    return lines


def learning_view(lines: Sequence[LearningLine]) -> list[dict[str, Any]]:
    """The board's lessons-and-quizzes part, as the board draws it."""
    return [{"name": line.learner, "lessons": ", ".join(line.lessons_done) or "none",
             "started": ", ".join(line.lessons_started),
             "quiz": f"{line.quiz_right} of {line.quiz_answered}" if line.quiz_answered else "no answers yet"}
            for line in lines]


def stored_learning(store: ClassStore, names: dict[int, str]) -> list[dict[str, Any]]:
    """:func:`learning_view` for the learners in ``names`` (id -> name), read from the database of
    ``store``: where the dealer holds the answers (on a hub, the only place they count), the part of
    the board it answers with each game's board."""
    lessons, tallies = class_learning(store.store, list(names))
    lines = [replace(line, quiz_right=tallies.get(learner_id, (0, 0))[0], quiz_answered=tallies.get(learner_id, (0, 0))[1])
             for learner_id, line in zip(names, learning_lines(names, lessons, []))]
    return learning_view(lines)


# ----- the board as plain data (the board's widget draws it; on a hub the dealer answers it) --------------

def games_view(store: ClassStore, language: str = lang.DEFAULT) -> list[dict[str, Any]]:
    """Every class game for the board's list: id, code, settings, description, status and when it was created."""
    return games_words([{"id": g.id, "code": g.code, "settings": g.settings.to_json(), "status": g.status,
                         "created": g.created_at.strftime("%Y-%m-%d %H:%M")} for g in store.games()], language)


def games_words(games: list[dict[str, Any]], language: str = lang.DEFAULT) -> list[dict[str, Any]]:
    """The games' list with its words (``description``, ``status_text``) in ``language``, made from its
    data (a hub's board gets the data from the dealer and says it in the teacher's language)."""
    return [{**game, "description": ClassGameSettings.from_json(game["settings"]).describe(language),
             "status_text": status_words(str(game["status"]), language)} for game in games]


def status_words(status: str, language: str = lang.DEFAULT) -> str:
    """A game's status (``open`` or ``ended``) for the teacher."""
    return lang.gettext(language, "open") if status == "open" else lang.gettext(language, "ended")


def board_view(store: ClassStore, game_id: int, language: str = lang.DEFAULT) -> dict[str, Any]:
    """One game's board: who plays and how far, the ranking, each deal's spread and costliest decision,
    as data (numbers and codes) with its words in ``language`` (:func:`board_words`)."""
    shot = snapshot(store, game_id)
    game = shot.game
    return board_words({
        "id": game.id, "code": game.code, "settings": game.settings.to_json(), "status": game.status,
        "open": game.is_open, "deal_count": game.settings.deal_count,
        "players": [{"name": p.learner, "done": p.deals_done, "learner_id": p.learner_id} for p in shot.players],
        "ranking": [{"rank": rank, "name": s.learner, "deals": s.deals_played, "net": s.chips, "score": s.duplicate,
                     "cost": s.review_cost} for rank, s in enumerate(shot.ranking, start=1)],
        "deals": [{"number": d.number, "played": d.played, "mean": d.average, "results": list(d.results),
                   "costly": None if d.costliest is None else d.costliest.to_json()} for d in shot.deals],
        "costly": None if shot.costliest is None else shot.costliest.to_json(),
        "learning": stored_learning(store, {p.learner_id: p.learner for p in shot.players}),
    }, language)


def board_words(board: dict[str, Any], language: str = lang.DEFAULT) -> dict[str, Any]:
    """The board's words in ``language`` from its data: the game's ``description`` and ``status_text``,
    each player's ``progress``, the ranking's ``chips``, ``duplicate`` and ``review_cost``, each deal's
    ``average``, ``spread`` and ``costliest``, and the game's ``costliest`` (what :func:`board_view` sends)."""
    settings = ClassGameSettings.from_json(board["settings"])
    deal_count = settings.deal_count

    def costly(data: dict[str, Any] | None) -> str:
        return "" if data is None else CostlyDecision.from_json(data).words(language)

    def chips(net: int) -> str:
        return lang.gettext(language, "${number}").format(number=signed(net, language)) if settings.dollars \
            else signed(net, language)

    return {
        **board, "description": settings.describe(language), "status_text": status_words(str(board["status"]), language),
        "players": [{**p, "progress": progress_words(int(p["done"]), deal_count, language)} for p in board["players"]],
        "ranking": [{**s, "chips": chips(int(s["net"])), "duplicate": signed(float(s["score"]), language, 2),
                     "review_cost": "" if s["cost"] is None else number_text(float(s["cost"]), language)}
                    for s in board["ranking"]],
        "deals": [{**d, "spread": spread_words(d["results"], language),
                   "average": "" if d["mean"] is None else signed(float(d["mean"]), language, 1),
                   "costliest": costly(d["costly"])} for d in board["deals"]],
        "costliest": costly(board["costly"]),
    }


def learner_detail(store: ClassStore, game_id: int, name: str, language: str = lang.DEFAULT) -> dict[str, Any]:
    """A learner's finished deals for the teacher: each hand as that learner saw it, and the coach's
    review (each decision as stored, with its words in ``language``: :func:`detail_words`)."""
    game = store.game(game_id)
    learner_id = next((p.learner_id for p in store.players(game.id) if p.learner == name), None)
    if learner_id is None:
        raise ClassGameError(f"{name} has not joined this class game.")
    seeds = store.seeds(game.id)
    deals = []
    for detail in store.details(game.id, learner_id):
        match = ClassMatch(game.settings, seeds, name)
        hand = match.deal(detail.deal_number, detail.actions)
        voice = Voice(names=tuple(match.names), dollars=game.settings.dollars, language=language)
        deals.append({"number": detail.deal_number, "chips": detail.chips,
                      "history": to_text(hand, 0, voice).splitlines(), "decisions": list(detail.review or [])})
    return detail_words({"learner": name, "dollars": game.settings.dollars, "deals": deals}, language)


def detail_words(detail: dict[str, Any], language: str = lang.DEFAULT) -> dict[str, Any]:
    """A learner's detail with each reviewed decision in words (``review``: stage, played, coach, matches,
    chips and ``cost``, the cost column's text) in ``language``, from the stored decisions."""
    dollars = bool(detail.get("dollars"))

    def cost(item: dict[str, Any]) -> str:
        if item.get("matches"):
            return lang.gettext(language, "same as the coach")
        if item.get("chips") is None:
            return lang.gettext(language, "not measured")
        return lang.gettext(language, "{amount} given up").format(
            amount=number_text(float(item["chips"]), language))

    def review(decision: dict[str, Any]) -> dict[str, Any]:
        return {"stage": stage_words(decision, language), "played": played_words(decision, dollars, language),
                "coach": coach_words(decision, dollars, language), "matches": bool(decision.get("matches")),
                "chips": decision.get("chips"), "cost": cost(decision)}

    return {**detail, "deals": [
        {**deal, "result": signed(deal["chips"], language) if deal["chips"] else "0",
         "review": [review(decision) for decision in deal["decisions"]]}
        for deal in detail["deals"]]}


def reports_view(store: ClassStore, game: ClassGame, learner: Learner, finished: int) -> list[dict[str, Any]]:
    """For each of deals 1 to ``finished`` that ``learner`` has finished: their result against the
    class's on it (no names), read in one query, as numbers (:meth:`DealReport.view`; the page says
    them in its own language: :func:`report_words`)."""
    if finished < 1:
        return []
    by_deal: dict[int, list[Result]] = {}
    for result in store.results(game.id):
        if result.deal_number <= finished:
            by_deal.setdefault(result.deal_number, []).append(result)
    reports = []
    for number in range(1, finished + 1):
        results = by_deal.get(number, [])
        mine = next((r.chips for r in results if r.learner_id == learner.id), None)
        if mine is None:
            continue
        chips = tuple(sorted(r.chips for r in results))
        reports.append(DealReport(number, mine, chips, (mine - sum(chips) / len(chips)) / game.settings.big_bet).view())
    return reports
