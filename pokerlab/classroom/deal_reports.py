"""What a learner may see of a deal they have finished: their result against the class's, without names.

The dealer answers a learner's page with these reports as numbers (:meth:`DealReport.view`), and the
page says them in its own language (:func:`report_words`). Apart from the teacher's board because
they are the learner's side: nothing here names another learner.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokerlab import language as lang
from pokerlab.classroom.class_games import duplicate_scores
from pokerlab.classroom.class_records import ClassGame, Result
from pokerlab.classroom.figures import signed
from pokerlab.classroom.store import ClassStore
from pokerlab.storage import Learner


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
    return _report(deal_number, store.results(game.id, deal_number), learner, game.settings.big_bet)


def _report(number: int, results: list[Result], learner: Learner, big_bet: int) -> DealReport | None:
    """Deal ``number``'s report for ``learner`` from the class's ``results`` on it (None: not theirs yet)."""
    mine = next((r.chips for r in results if r.learner_id == learner.id), None)
    if mine is None:
        return None
    scores = duplicate_scores([(r.learner_id, number, r.chips) for r in results], big_bet)
    return DealReport(number, mine, tuple(sorted(r.chips for r in results)), scores[learner.id, number])


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
        report = _report(number, by_deal.get(number, []), learner, game.settings.big_bet)
        if report is not None:
            reports.append(report.view())
    return reports
