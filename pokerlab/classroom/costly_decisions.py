"""The decision that cost the class most on a deal: reviewed decisions grouped by kind, and said in words.

The board groups learners who made the same decision (kept the same kind of draw, made the same bet)
from the stored reviews' codes (:mod:`pokerlab.classroom.reviews`), and names the group that gave up
the most chips against the coach: "7 of 12 drew to an inside straight in deal 4". Kept apart from the
board's snapshot because the grouping is a set of poker rules of its own (what counts as an open or
inside straight draw, a free fold) with its own sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pokerlab import language as lang
from pokerlab.cards import Card, parse_cards
from pokerlab.coach.phrases import money
from pokerlab.coach.policy import straight_draw

DecisionKind = tuple[Any, ...]
"""What a reviewed decision was, as codes and numbers: ``("draw", "inside_straight")``, ``("draw",
"unmatched", 2)`` (two unmatched cards kept), ``("bet", "betting_two", "call", 20)`` (called 20 after the
draw), ``("bet", "betting_one", "fold", 0)`` (folded when checking was free; ``None``: owed chips not
known). Learners whose decisions have the same kind made the same decision."""


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
        straight = straight_draw(kept)
        if straight is not None:
            return ("draw", f"{straight}_straight")
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
