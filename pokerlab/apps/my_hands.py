"""My hands (issue 29), the application side: what is kept of a finished hand, the coach's review of
it, its replay decision by decision, and its PHH (no widget here; the page is
:mod:`pokerlab.widgets.my_hands`).

* What is kept of a finished hand is :func:`pokerlab.storage.kept_hands.hand_record`'s; the coach's
  review of it, with the same trials and seed wherever it runs, :func:`pokerlab.coach.hand_review.coach_review`.
* :func:`flags_of` turns that review into the flags kept with the hand.
* :func:`replay` rebuilds, from a kept hand alone, the learner's decisions: what they knew then,
  the coach's chances for each choice, what they chose, and the decision that cost the most.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.coach.draw_review import DrawReview
from pokerlab.coach.findings import DecisionReview, HandReview
from pokerlab.coach.hand_review import REVIEW_TRIALS, coach_review, review_seed
from pokerlab.coach.phrases import choice_phrase, money, stage_name
from pokerlab.coach.review_words import coach_words, played_words
from pokerlab.draw.events import CHOICE_KINDS, events_from_view
from pokerlab.draw.rules import Rules
from pokerlab.language import N_
from pokerlab.narration import Voice, event_sentence, log_lines
from pokerlab.phh import NOTHING_PASTED, PhhError, read_hand
from pokerlab.storage.kept_hands import KeptHand, hand_record
from pokerlab.variants import SALOON_DRAW, TOURNAMENT_LADDER, VARIANTS

GAME_NAMES: Final = {**{variant.code: variant.name for variant in VARIANTS}, "phh-import": N_("Five-Card Draw (PHH file)")}


def game_name(game: str, language: str = lang.DEFAULT) -> str:
    """The game of a kept hand (its code, as kept) in words ("Five-Card Draw", "Class game") in ``language``."""
    _ = lang.catalogue(language).gettext
    if game.startswith("class-"):
        return _("Class game")
    if game.startswith("live-"):
        inner = game.removeprefix("live-")
        return _("Live table ({game})").format(game=_(GAME_NAMES[inner]) if inner in GAME_NAMES else inner)
    return _(GAME_NAMES[game]) if game in GAME_NAMES else game


def flags_of(review: HandReview) -> list[dict[str, Any]]:
    """The decisions the coach flagged in ``review``, as data kept with the hand: codes and numbers, never
    words (``coach``: the coach's betting choice, ``"fold"`` ... ``"raise"``, or ``"draw"`` with
    ``keep``, the cards it would keep). Flags kept before held the coach's choice in English words;
    nothing reads a flag's ``coach`` back, and :func:`coach_code` tells a code from those words."""
    flags = []
    for index, decision in enumerate(review.decisions):
        if decision.matches:
            continue
        flag = {"decision": index, "phase": decision.phase, "action": decision.action,
                "chips": None if decision.chips is None else round(decision.chips, 2)}
        finding = decision.finding
        if isinstance(finding, DrawReview):
            flag.update(coach="draw", keep=[str(card) for card in finding.best.keep])
        else:
            flag["coach"] = finding.coach
        flags.append(flag)
    return flags


COACH_CODES: Final = frozenset({"fold", "check", "call", "bet", "raise", "draw"})


def coach_code(flag: dict[str, Any]) -> str | None:
    """The coach's choice kept with ``flag`` as a code, None for a flag kept in words by an older pokerlab."""
    coach = flag.get("coach")
    return coach if coach in COACH_CODES else None


# ----- replay ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayStep:
    """One decision of the learner in a kept hand: what they knew, the coach's chances, their choice."""

    stage: str
    cards: tuple[str, ...]
    knew: tuple[str, ...]
    """The hand so far as the learner saw it, one sentence an event."""
    pot: int
    owed: int
    chances: tuple[dict[str, Any], ...]
    """Each choice open then: ``choice`` in words, ``win`` (chance to win the pot, 0..1) and for a
    betting turn ``value`` (chips, on average, against folding now)."""
    win: float | None
    """The learner's chance to win the pot at that moment (the coach's estimate)."""
    chose: str
    coach: str
    matches: bool
    cost: float | None
    """Chips the choice gave up against the coach's (share of the pot lost x the pot); 0: none."""

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "cards": list(self.cards), "knew": list(self.knew), "pot": self.pot,
                "owed": self.owed, "chances": [dict(item) for item in self.chances], "win": self.win,
                "chose": self.chose, "coach": self.coach, "matches": self.matches, "cost": self.cost}


@dataclass(frozen=True)
class Replay:
    """A kept hand stepped decision by decision (see :func:`replay`)."""

    review: HandReview
    steps: tuple[ReplayStep, ...]
    story: tuple[str, ...]
    """The whole hand as the learner saw it."""
    costliest: str
    """One line naming the decision that cost the most (or saying none did)."""


def _voice(kept: KeptHand, language: str = lang.DEFAULT) -> Voice:
    names = kept.hand["view"].get("names")
    return Voice(viewer=kept.seat, names=tuple(names) if names else None, dollars=bool(kept.hand.get("dollars")),
                 language=language)


def _cards(cards: Any) -> tuple[str, ...]:
    return tuple(str(card) for card in cards)


def betting_choices(owed: int, raises: bool, language: str = lang.DEFAULT) -> dict[str, str]:
    """The three ways to answer a betting turn in words: fold; call (``owed``) or check; raise (``raises``) or bet."""
    _ = lang.catalogue(language).gettext
    return {"fold": _("Fold"), "continue": _("Call") if owed else _("Check"), "raise": _("Raise") if raises else _("Bet")}


def _chances(decision: DecisionReview, voice: Voice) -> tuple[tuple[dict[str, Any], ...], float | None]:
    finding = decision.finding
    if isinstance(finding, DrawReview):
        advice = finding.advice
        if advice is None:
            return (), None
        best = advice.best
        items = tuple({"choice": choice_phrase(choice.odds, "coach", voice.language), "win": round(choice.win, 4),
                       "best": choice is best, "chosen": choice is finding.played_chance} for choice in advice.choices)
        return items, round(best.win, 4)
    names = betting_choices(finding.owed, finding.coach_to > finding.bet_size, voice.language)
    values = dict(finding.values)
    best = max(values, key=lambda option: values[option])
    items = tuple({"choice": names[option], "win": round(finding.equity.equity, 4), "value": round(value, 2),
                   "best": option == best, "chosen": option == finding.played_option}
                  for option, value in values.items())
    return items, round(finding.equity.equity, 4)


def replay(kept: KeptHand, language: str = lang.DEFAULT, review: HandReview | None = None) -> Replay:
    """Replay the kept hand ``kept`` from what was kept alone: the coach's review of each decision
    (the same trials and seed as the table's review) and what the learner knew then, in ``language``.
    ``review``: the hand's review worked out already (the same hand said again in another language)."""
    rules = Rules.from_dict(kept.hand["rules"])
    view = kept.hand["view"]
    events = events_from_view(kept.hand["events"])
    voice = _voice(kept, language)
    _ = lang.catalogue(language).gettext
    if review is None:
        trials = kept.review_trials or 5_000
        seed = kept.review_seed if kept.review_seed is not None else kept.id
        review = coach_review(events, kept.seat, rules, trials, seed, dollars=bool(kept.hand.get("dollars")))
    mine = [index for index, event in enumerate(events) if event.seat == kept.seat
            and event.kind in CHOICE_KINDS and event.reason != "automatic"]
    steps = []
    for decision, index in zip(review.decisions, mine):
        knew = tuple(event_sentence(event, voice) for event in events[:index]
                     if event.kind != "button" and (event.kind != "deal" or event.seat == kept.seat))
        chances, win = _chances(decision, voice)
        # the decision's stage as the review and the board name it ("Before the draw")
        steps.append(ReplayStep(stage_name(decision.phase, language), _cards(decision.cards), knew, decision.pot,
                                decision.owed, chances, win, played_words(decision, language),
                                coach_words(decision, language), decision.matches, decision.chips))
    story = tuple(log_lines(view, voice))
    costly = [(step.cost or 0.0, number) for number, step in enumerate(steps)]
    worst = max(costly, default=(0.0, -1))
    if worst[0] <= 0:
        line = _("No decision in this hand cost you anything the coach could measure.")
    else:
        step = steps[worst[1]]
        amount = voice.money(round(worst[0])) if round(worst[0]) >= 1 else money(worst[0], voice.dollars, 1, language)
        line = _("The decision that cost the most: {stage}, you chose {chose}; the coach would {coach}. It gave up "
                 "about {amount} on average.").format(stage=step.stage, chose=step.chose, coach=step.coach, amount=amount)
    return Replay(review, tuple(steps), story, line)


# ----- PHH ----------------------------------------------------------------------------------------------


def phh_of(hands: list[KeptHand], language: str = lang.DEFAULT) -> tuple[str, list[str]]:
    """The learner's-view PHH of ``hands`` (one file: PHH's ``.phhs`` form, a ``[n]`` table a hand),
    and a note for each hand PHH cannot hold, in ``language``."""
    _ = lang.catalogue(language).gettext
    parts, skipped = [], []
    for hand in hands:
        if hand.phh is None:
            rules = Rules.from_dict(hand.hand["rules"]) if "rules" in hand.hand else None
            why = (_("PHH cannot write this hand as played (a fold during the draw, or a short big blind that others "
                     "then bet against)") if rules is not None and rules.fixed_limit and rules.max_discards <= 4
                   and hand.game.removeprefix("live-") not in (SALOON_DRAW.code, TOURNAMENT_LADDER.code)
                   else _("PHH has no way to write this game's rules"))
            skipped.append(_("{game} hand of {when}: {why}, so it is left out.").format(
                game=game_name(hand.game, language), when=hand.played_at[:16].replace("T", " "), why=why))
            continue
        parts.append(f"[{len(parts) + 1}]\n{hand.phh.strip()}\n")
    return "\n".join(parts), skipped


IMPORTED: Final = "phh-import"
"""The game of a hand read from a PHH file (shown in the replayer, never kept)."""


def imported_hand(text: str, player: int | None = None, number: int = 1) -> KeptHand:
    """Hand ``number`` of the PHH text ``text`` (``.phh`` or ``.phhs``), ready for :func:`replay` as
    ``player`` saw it (see :func:`pokerlab.phh.read_hand`): what the file shows of it and nothing more.
    Not kept: a file is the learner's own, and it could be anything. Raises
    :class:`~pokerlab.phh.PhhError` with what is wrong and what is read."""
    if not text.strip():
        raise PhhError(NOTHING_PASTED)
    state, seat = read_hand(text, player, number)
    seed = review_seed("phh import", hashlib.blake2b(text.encode(), digest_size=8).hexdigest(), number)
    record = hand_record(state, seat, IMPORTED, f"{IMPORTED}:{number}", review_trials=REVIEW_TRIALS,
                         review_seed=seed)
    return KeptHand(0, record.hand_key, IMPORTED, "", seat, record.pot, record.net, record.hand, record.phh,
                    record.review_trials, record.review_seed, None, None)


__all__ = ["COACH_CODES", "IMPORTED", "Replay", "ReplayStep", "betting_choices", "coach_code", "flags_of", "game_name",
           "imported_hand", "phh_of", "replay"]
