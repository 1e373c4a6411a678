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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from pokerlab.cards import Card, parse_cards
from pokerlab.classroom.class_games import Standing, duplicate_scores, ranking
from pokerlab.classroom.store import ClassGame, ClassStore, Progress, Result
from pokerlab.storage import Learner


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
        return "finished" if self.finished else f"playing deal {self.deals_done + 1} of {self.deal_count}"


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
        if not self.results:
            return "not played yet"
        low, high = self.results[0], self.results[-1]
        return f"{low:+d} to {high:+d}" if low != high else f"all {low:+d}"


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


# ----- decisions in words ------------------------------------------------------------------------------

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


def draw_phrase(kept: Sequence[Card]) -> str:
    """A draw in a teacher's words, from the cards kept.

    >>> draw_phrase(parse_cards("9h Tc Jd Kh"))
    'drew to an inside straight'
    >>> draw_phrase(parse_cards("9h Tc Jd Qh")), draw_phrase(parse_cards("2h 7h 9h Kh"))
    ('drew to an open-ended straight', 'drew to a flush')
    >>> draw_phrase(parse_cards("Ks Kd 9c")), draw_phrase(parse_cards("As Kd Qs Jh Tc"))
    ('kept a pair and a kicker', 'stood pat')
    """
    count = len(kept)
    if count == 5:
        return "stood pat"
    ranks = [card.rank for card in kept]
    pairs = sorted({rank for rank in ranks if ranks.count(rank) == 2})
    trips = any(ranks.count(rank) == 3 for rank in ranks)
    if count == 4:
        if len({card.suit for card in kept}) == 1:
            return "drew to a flush"
        gap = _straight_gap(set(ranks)) if len(set(ranks)) == 4 else None
        if gap == 0:
            return "drew to an open-ended straight"
        if gap == 1:
            return "drew to an inside straight"
        if len(pairs) == 2:
            return "kept two pair and drew one"
        if trips:
            return "kept three of a kind and a kicker"
        if pairs:
            return "kept a pair and two kickers"
        return "kept four unmatched cards and drew one"
    if trips:
        return "kept three of a kind"
    if pairs:
        kickers = count - 2
        return "kept a pair" + {0: "", 1: " and a kicker"}.get(kickers, f" and {kickers} kickers")
    if count == 0:
        return "threw all five cards"
    if count == 3 and len({card.suit for card in kept}) == 1:
        return "drew two to a flush"
    return f"kept {count} unmatched card{'s' if count > 1 else ''} and drew {5 - count}"


def decision_phrase(decision: dict[str, Any]) -> str:
    """A reviewed decision as the board names it: draws by what was kept, bets by what was done when."""
    if decision.get("stage") == "The draw" and decision.get("kept") is not None:
        return draw_phrase(parse_cards(decision["kept"]))
    when = {"Before the draw": "before the draw", "After the draw": "after the draw"}.get(decision.get("stage", ""), "")
    return f"{decision.get('played', 'acted')} {when}".strip()


@dataclass(frozen=True)
class CostlyDecision:
    """A decision several learners made differently from the coach on one deal, and what it cost."""

    deal_number: int
    phrase: str
    learner_count: int
    played: int
    chips: float
    dollars: bool = False

    @property
    def text(self) -> str:
        amount = f"${self.chips:,.0f}" if self.dollars else f"{self.chips:,.0f} chips"
        return (f"{self.learner_count} of {self.played} {self.phrase} in deal {self.deal_number} "
                f"(about {amount} given up in all)")


def costliest_decision(deal_number: int, reviews: Sequence[tuple[str, list[dict[str, Any]]]], played: int,
                       dollars: bool = False) -> CostlyDecision | None:
    """The decision (different from the coach's) that gave up the most chips in all on a deal, in words.

    ``reviews``: ``(learner, decisions)`` per reviewed result of the deal; ``played``: how many
    learners finished it.

    >>> inside = {"stage": "The draw", "kept": ["9h", "Tc", "Jd", "Kh"], "matches": False, "chips": 3.0}
    >>> fold = {"stage": "Before the draw", "played": "folded", "matches": False, "chips": 1.0}
    >>> costliest_decision(4, [("ann", [inside]), ("bo", [inside, fold]), ("cy", [fold])], played=3).text
    '2 of 3 drew to an inside straight in deal 4 (about 6 chips given up in all)'
    """
    groups: dict[str, tuple[set[str], float]] = {}
    for learner, decisions in reviews:
        for decision in decisions:
            if decision.get("matches") or not decision.get("chips"):
                continue
            phrase = decision_phrase(decision)
            who, cost = groups.get(phrase, (set(), 0.0))
            groups[phrase] = (who | {learner}, cost + float(decision["chips"]))
    if not groups:
        return None
    phrase, (who, cost) = max(groups.items(), key=lambda item: (item[1][1], len(item[1][0]), item[0]))
    if cost < 0.5:
        return None
    return CostlyDecision(deal_number, phrase, len(who), played, cost, dollars)


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
        others = len(self.results) - 1
        if others == 0:
            return f"Deal {self.number}: you {self.mine:+d}. Nobody else has finished this deal yet."
        better = sum(1 for chips in self.results if chips > self.mine)
        average = sum(self.results) / len(self.results)
        return (f"Deal {self.number}: you {self.mine:+d}; class average {average:+.1f} "
                f"({self.results[0]:+d} to {self.results[-1]:+d}); {better} of the {others} other learner{'s' if others > 1 else ''} "
                f"did better; "
                f"duplicate score {self.duplicate:+.2f} big bets.")


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
    from pokerlab.storage.progress import class_learning

    lessons, tallies = class_learning(store.store, list(names))
    lines = [replace(line, quiz_right=tallies.get(learner_id, (0, 0))[0], quiz_answered=tallies.get(learner_id, (0, 0))[1])
             for learner_id, line in zip(names, learning_lines(names, lessons, []))]
    return learning_view(lines)


# ----- the board as plain data (the board's widget draws it; on a hub the dealer answers it) --------------

def games_view(store: ClassStore) -> list[dict[str, Any]]:
    """Every class game for the board's list: id, code, description, status and when it was created."""
    return [{"id": g.id, "code": g.code, "description": g.settings.describe(), "status": g.status,
             "created": g.created_at.strftime("%Y-%m-%d %H:%M")} for g in store.games()]


def board_view(store: ClassStore, game_id: int) -> dict[str, Any]:
    """One game's board: who plays and how far, the ranking, each deal's spread and costliest decision."""
    shot = snapshot(store, game_id)
    game = shot.game
    money = "$" if game.settings.dollars else ""
    return {
        "id": game.id, "code": game.code, "description": game.settings.describe(), "status": game.status,
        "open": game.is_open, "deal_count": game.settings.deal_count,
        "players": [{"name": p.learner, "done": p.deals_done, "progress": p.text, "learner_id": p.learner_id}
                    for p in shot.players],
        "ranking": [
            {"rank": rank, "name": s.learner, "deals": s.deals_played, "chips": f"{money}{s.chips:+d}",
             "duplicate": f"{s.duplicate:+.2f}",
             "review_cost": "" if s.review_cost is None else f"{s.review_cost:.1f}"}
            for rank, s in enumerate(shot.ranking, start=1)
        ],
        "deals": [
            {"number": d.number, "played": d.played, "spread": d.spread,
             "average": "" if d.average is None else f"{d.average:+.1f}", "results": list(d.results),
             "costliest": "" if d.costliest is None else d.costliest.text}
            for d in shot.deals
        ],
        "costliest": "" if shot.costliest is None else shot.costliest.text,
        "learning": stored_learning(store, {p.learner_id: p.learner for p in shot.players}),
    }


def learner_detail(store: ClassStore, game_id: int, name: str) -> dict[str, Any]:
    """A learner's finished deals for the teacher: each hand as that learner saw it, and the coach's review."""
    from pokerlab.classroom.class_games import ClassGameError, ClassMatch
    from pokerlab.history import to_text
    from pokerlab.narration import Voice

    game = store.game(game_id)
    learner_id = next((p.learner_id for p in store.players(game.id) if p.learner == name), None)
    if learner_id is None:
        raise ClassGameError(f"{name} has not joined this class game.")
    seeds = store.seeds(game.id)
    deals = []
    for detail in store.details(game.id, learner_id):
        match = ClassMatch(game.settings, seeds, name)
        hand = match.deal(detail.deal_number, detail.actions)
        deals.append({
            "number": detail.deal_number, "chips": detail.chips,
            "history": to_text(hand, 0, Voice(names=tuple(match.names), dollars=game.settings.dollars)).splitlines(),
            "review": [{"stage": d.get("stage", ""), "played": d.get("played", ""), "coach": d.get("coach", ""),
                        "matches": bool(d.get("matches")), "chips": d.get("chips")}
                       for d in detail.review or []],
        })
    return {"learner": name, "deals": deals}


def reports_view(store: ClassStore, game: ClassGame, learner: Learner, finished: int) -> list[dict[str, Any]]:
    """For each of deals 1 to ``finished`` that ``learner`` has finished: their result against the
    class's on it (no names), read in one query."""
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
        report = DealReport(number, mine, chips, (mine - sum(chips) / len(chips)) / game.settings.big_bet)
        reports.append({"number": number, "mine": report.mine, "average": sum(chips) / len(chips),
                        "played": len(chips), "duplicate": report.duplicate, "text": report.text})
    return reports
