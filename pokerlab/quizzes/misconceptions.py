"""The named mistakes of the quizzes, each with a short code that is kept with a wrong answer.

A wrong choice of a :class:`~pokerlab.quizzes.core.Question` carries a sentence that names the mistake
behind it ("You added all the pots together: ..."). The sentence holds the question's own seats, cards
and numbers, so it is not what a teacher counts; its *kind* is. :data:`MISCONCEPTIONS` lists every kind
the quiz generators produce, each with a code (kept in ``quiz_results.mistake``, migration 0009), its
topic and its name in words for the teacher's board. :func:`mistake_code` finds the kind of a mistake
sentence; ``tests/test_quizzes.py`` checks that every mistake every generator makes has exactly one kind.

>>> mistake_code("You added all the pots together: an all-in player cannot win the chips above their all-in.")
'all-pots-together'
>>> misconception("all-pots-together").name
'added all the pots together'
>>> mistake_code("") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

__all__ = ["MISCONCEPTIONS", "Misconception", "misconception", "mistake_code"]


@dataclass(frozen=True)
class Misconception:
    code: str
    """Kept with the answer: lower-case words joined by '-', at most 48 characters."""
    topic: str
    """The :data:`pokerlab.quizzes.mastery.TOPICS` key of the questions that make it."""
    name: str
    """What the learner did, in words, for a sentence like "12 answers: added all the pots together"."""
    pattern: str
    """A regular expression that the mistake sentences of this kind match from their start."""


def _m(code: str, topic: str, name: str, pattern: str) -> Misconception:
    return Misconception(code, topic, name, pattern)


MISCONCEPTIONS: Final[tuple[Misconception, ...]] = (
    # the rankings and tie-breaks (02)
    _m("kind-order", "ranking", "ranked a lower kind of hand above a higher one", r"You ranked .+ above .+: a better kind"),
    _m("split-different-kinds", "ranking", "called a split pot between hands of different kinds",
       r"Hands of different kinds never split"),
    _m("suits-break-ties", "tie-breaks", "let the suits break a tie", r"Suits never break a tie"),
    _m("missed-deciding-card", "tie-breaks", "missed the card that decides between hands of the same kind",
       r"Both hands are .+, and the .+ decides"),
    _m("split-unequal-hands", "tie-breaks", "called a split pot between hands that are not equal",
       r"The hands are not equal"),
    # how a hand goes (02a)
    _m("check-facing-a-bet", "hand-basics", "checked when a bet was live", r"Checking needs nothing to be owed"),
    _m("fold-not-allowed", "hand-basics", "thought folding was not allowed", r"Folding is always allowed"),
    _m("call-with-nothing-owed", "hand-basics", "called or raised when nobody had bet", r"There is no bet to call or raise"),
    _m("dealers-right-first", "hand-basics", "started the betting right of the dealer",
       r".+ sits on the dealer's right; play goes clockwise"),
    _m("dealer-first", "hand-basics", "let the dealer speak first", r".+ is the dealer, who speaks last"),
    _m("counted-the-wrong-way", "hand-basics", "counted the order of play the wrong way", r".+ comes after .+: count clockwise"),
    _m("call-adds-what-is-in-front", "hand-basics", "added the chips already in front to the call",
       r"You added what .+ has in front to the bet"),
    _m("call-is-the-whole-bet", "hand-basics", "forgot the chips already in front when calling",
       r"\S+ is the whole bet this round, but"),
    _m("call-is-one-bet", "hand-basics", "counted one bet when more is owed", r"\S+ is one bet or raise; .+ must match everything"),
    _m("ante-is-a-bet", "hand-basics", "took a bet for the ante", r"\S+ is a bet before the draw; an ante is smaller"),
    _m("dealer-skips-the-ante", "hand-basics", "left the dealer's ante out", r"You left someone out: the dealer antes too"),
    _m("one-ante-only", "hand-basics", "counted one player's ante, not every player's", r"That is one player's ante"),
    # the cap and the order of play (03)
    _m("order-skips-no-one", "cap-and-order", "forgot to skip folded and all-in players", r"Count clockwise from the dealer's left"),
    _m("saloon-opener-starts", "cap-and-order", "forgot that in Saloon Draw the opener starts the second round",
       r"In Saloon Draw the player who opened"),
    _m("cap-closed-too-soon", "cap-and-order", "closed the raising while the cap was still open",
       r"You said no, but the cap is still open"),
    _m("missed-the-cap", "cap-and-order", "missed the cap", r"You missed the cap"),
    _m("blind-order-after-draw", "cap-and-order", "kept the blinds' order after the draw", r".+ sits left of the big blind"),
    _m("heads-up-dealer-after-draw", "cap-and-order", "let the heads-up dealer act first after the draw",
       r".+ is the dealer: heads-up with blinds"),
    _m("opener-starts-in-fixed-limit", "cap-and-order", "used Saloon Draw's opener rule in Five-Card Draw",
       r".+ opened the first round, but only in Saloon Draw"),
    _m("short-all-in-reopens", "cap-and-order", "let a short all-in reopen the raising", r".+ already acted, and since then only a short all-in"),
    # side pots (03a)
    _m("all-pots-together", "side-pots", "added all the pots together", r"You added all the pots together"),
    _m("main-pot-for-side-pot", "side-pots", "gave the main pot for a side pot", r"That is the main pot"),
    _m("one-players-share", "side-pots", "counted one player's share of a pot", r"That is what one player put into this pot"),
    _m("every-side-pot-together", "side-pots", "added every side pot together", r"You added every side pot together"),
    # pot odds (04)
    _m("folded-a-paying-draw", "pot-odds", "folded a draw the pot pays for", r"The pot pays for this draw"),
    _m("called-a-losing-draw", "pot-odds", "called a draw the pot does not pay for", r"The draw comes in less often"),
    # Four Rows scoring (07)
    _m("wrong-type-points", "four-rows", "scored a row as the wrong type", r"That is what .+ pays; these cards score as"),
    _m("nothing-with-a-type-open", "four-rows", "scored Nothing while a type the cards contain was open",
       r"The hand still contains an open type"),
    _m("crossed-off-type", "four-rows", "scored a type that was already crossed off",
       r"(You scored it as .+, but .+ is already crossed off|.+ is crossed off too: every type)"),
    _m("left-out-the-chip", "four-rows", "left out the raise chip", r"You left out the raise chip"),
    _m("wrong-multiplier", "four-rows", "used the wrong multiplier for the chip", r"The chip went down on a row that already held"),
    _m("nothing-costs-more", "four-rows", "made Nothing cost more than 50 points without a chip",
       r"\S+ costs \d+ points; only a raise chip"),
    # the ladder (08)
    _m("beating-most-is-enough", "ladder", "thought beating most opponents was enough", r".+ has more chips than you \("),
    _m("forgot-the-award", "ladder", "forgot the award for advancing", r"You advanced, so the level's award"),
    _m("forgot-the-entry-cost", "ladder", "forgot the entry cost", r"You forgot the entry cost"),
    _m("entry-cost-paid-twice", "ladder", "paid the entry cost twice", r"The entry cost is paid once"),
    _m("entry-cost-given-back", "ladder", "gave the entry cost back after a lost level",
       r"The entry cost is paid when you enter, and it is not given back"),
    _m("award-without-advancing", "ladder", "paid the award without advancing", r"The award is paid only to a player who advances"),
    _m("losing-costs-more", "ladder", "charged more than the entry cost for a lost level",
       r"Losing costs nothing more than the entry cost"),
    _m("a-tie-for-the-lead-advances", "ladder", "thought a tie for the lead advances", r"A tie for the lead is not enough"),
    _m("winnings-decide", "ladder", "thought the size of the winnings decides who advances",
       r"You need strictly more chips than each of the four opponents, and you have them"),
)
"""Every kind of named mistake, grouped by topic in the order the lessons teach them."""

_BY_CODE: Final = {item.code: item for item in MISCONCEPTIONS}
_PATTERNS: Final = tuple((re.compile(item.pattern), item.code) for item in MISCONCEPTIONS)


def mistake_code(sentence: str) -> str | None:
    """The code of the kind of mistake ``sentence`` names; ``None`` for no mistake or one of no listed kind."""
    if not sentence:
        return None
    found = [code for pattern, code in _PATTERNS if pattern.match(sentence)]
    return found[0] if len(found) == 1 else None


def misconception(code: str | None) -> Misconception | None:
    """The misconception kept under ``code`` (``None`` for an unknown or missing code)."""
    return _BY_CODE.get(code) if code else None
