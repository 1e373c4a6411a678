"""What the teacher's board shows, computed from the class-game store (no widget code here).

:func:`snapshot` reads a game in a few queries and returns plain values: who joined and how far each
learner is, the ranking by duplicate score, and for each deal the spread of results and the decision
that cost the class most ("7 of 12 drew to an inside straight in deal 4"). :func:`csv_text` exports
every result; :func:`board_view`, :func:`games_view` and :func:`learner_detail` are the board as plain
data (the board's widget draws it; on a hub the dealer answers it), with its words in a language.

Its parts that stand on their own live beside it: how a figure is written
(:mod:`~pokerlab.classroom.figures`), the costliest decision of a deal
(:mod:`~pokerlab.classroom.costly_decisions`), what a learner may see of a finished deal
(:mod:`~pokerlab.classroom.deal_reports`) and the lessons-and-quizzes part
(:mod:`~pokerlab.classroom.learning_board`). Their names stay importable from here, where notebooks
and teachers' code found them before.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pokerlab import language as lang
from pokerlab.classroom.class_games import (
    ClassGameError,
    ClassGameSettings,
    ClassMatch,
    Standing,
    duplicate_scores,
    ranking,
)
from pokerlab.classroom.class_records import ClassGame, Progress, Result
from pokerlab.classroom.costly_decisions import (
    CostlyDecision,
    DecisionKind,
    costliest_decision,
    decision_kind,
    decision_phrase,
    draw_kind,
)
from pokerlab.classroom.deal_reports import DealReport, deal_report, report_words, reports_view
from pokerlab.classroom.figures import number_text, signed
from pokerlab.classroom.learning_board import LearningLine, learning_lines, learning_view, stored_learning
from pokerlab.classroom.reviews import coach_words, played_words, stage_words
from pokerlab.classroom.store import ClassStore
from pokerlab.history import to_text
from pokerlab.narration import Voice

__all__ = [
    "CSV_HEAD", "CostlyDecision", "DealLine", "DealReport", "DecisionKind", "LearningLine", "PlayerLine", "Snapshot",
    "board_view", "board_words", "build_snapshot", "costliest_decision", "csv_text", "deal_report", "decision_kind",
    "decision_phrase", "detail_words", "draw_kind", "games_view", "games_words", "learner_detail", "learning_lines",
    "learning_view", "number_text", "progress_words", "report_words", "reports_view", "signed", "snapshot",
    "spread_words", "status_words", "stored_learning",
]


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


# ----- the board from the store's rows -------------------------------------------------------------------

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
