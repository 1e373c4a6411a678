"""The tables the betting questions deal and play, and what a question says about its table in a language.

:func:`random_table` deals a random table and :func:`play` plays it with a lively random policy until the
moment a question asks about. :class:`TableSeen` is what a question shows of the table (the game, the
forced bets, the dealer, this round's public log, each seat's chips), read from the state once, so the
same question can be worded again in another language after the state has moved on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from pokerlab import language as lang
from pokerlab.draw import Action, ActionKind, Event, HandState, Phase, Rules, five_card_draw, saloon_draw
from pokerlab.language import N_, NP_
from pokerlab.narration import Voice, describe

__all__ = ["SAMPLE_TRIES", "Table", "TableSeen", "amount", "play", "random_table"]

SAMPLE_TRIES: Final = 200
"""Tables a generator deals before it gives up on finding the moment it asks about."""


def _lively_action(state: HandState, rng: np.random.Generator) -> Action:
    """A random legal action that keeps hands going: rarely a fold, often a bet or raise."""
    if state.phase is Phase.DRAW:
        return Action.stand_pat()
    legal = {item.kind: item for item in state.legal_actions()}
    weights = {ActionKind.FOLD: 0.08, ActionKind.CHECK: 0.45, ActionKind.CALL: 0.45, ActionKind.BET: 0.45,
               ActionKind.RAISE: 0.4, ActionKind.ALL_IN: 0.6}
    kinds = list(legal)
    chances = np.array([weights[kind] for kind in kinds])
    kind = kinds[int(rng.choice(len(kinds), p=chances / chances.sum()))]
    item = legal[kind]
    if kind in (ActionKind.BET, ActionKind.RAISE):
        steps = (item.max_to - item.min_to) // item.step  # type: ignore[operator]
        return Action(kind, item.min_to + item.step * int(rng.integers(steps + 1)))  # type: ignore[operator]
    if kind is ActionKind.ALL_IN:
        return Action.all_in()
    return Action(kind)


@dataclass(frozen=True)
class Table:
    rules: Rules
    stacks: tuple[int, ...]
    dealer: int
    seed: int

    def start(self) -> HandState:
        return HandState(self.rules, list(self.stacks), self.dealer, self.seed)


def random_table(rng: np.random.Generator, variants: Sequence[str], seats: tuple[int, int], short: bool) -> Table:
    """A random table. ``variants`` from ``antes``, ``blinds``, ``heads-up``, ``saloon``; ``short``
    gives some seats short stacks so that all-ins happen."""
    variant = variants[int(rng.integers(len(variants)))]
    count = 2 if variant == "heads-up" else int(rng.integers(seats[0], seats[1] + 1))
    if variant == "saloon":
        rules = saloon_draw(player_count=count)
    else:
        rules = five_card_draw(player_count=count, forced_bet="antes" if variant == "antes" else "blinds")
    stacks = [500] * count
    if short:
        for seat in rng.choice(count, size=max(1, count // 2), replace=False).tolist():
            stacks[seat] = int(rng.integers(8, 70))
    dealer = int(rng.integers(count))
    return Table(rules, tuple(stacks), dealer, int(rng.integers(2**31)))


def play(table: Table, rng: np.random.Generator,
         stop: Callable[[HandState], bool]) -> tuple[HandState, list[Action]] | None:
    """Play ``table`` with the lively policy until ``stop(state)``; None if the hand ends first."""
    state = table.start()
    actions: list[Action] = []
    while not state.is_over:
        if stop(state):
            return state, actions
        action = _lively_action(state, rng)
        state.apply(action)
        actions.append(action)
    return (state, actions) if stop(state) else None


def amount(value: int, language: str) -> str:
    """A number of chips as a question writes it: as Python prints it in English (as the questions always
    have, and as they are kept), as the language writes numbers otherwise."""
    return str(value) if language == lang.DEFAULT else lang.format_number(value, language)


FORCED_BETS: Final = {"antes": N_("antes"), "blinds": N_("blinds")}
STATES: Final = {"folded": NP_("player state", "folded"), "all-in": NP_("player state", "all-in")}


@dataclass(frozen=True)
class TableSeen:
    """What a betting question shows of its table, as data (the state may play on after the question)."""

    variant: str
    player_count: int
    forced_bet: str
    limits: tuple[tuple[int, int], ...]
    dealer: int
    events: tuple[Event, ...]
    statuses: tuple[str, ...]
    contributions: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    before_draw: bool

    @classmethod
    def of(cls, state: HandState) -> TableSeen:
        rules = state.rules
        return cls(rules.name, state.player_count, rules.forced_bet, tuple(tuple(pair) for pair in rules.limits),
                   state.dealer, tuple(state.events), tuple(state.statuses), tuple(state.contributions),
                   tuple(state.starting_stacks), state.phase is Phase.BETTING_ONE)

    def table_line(self, language: str) -> str:
        """"Five-Card Draw, 4 seats, antes, bets of 10 before the draw and 20 after. Seat 2 is the dealer." """
        _ = lang.catalogue(language).gettext
        before, after = (amount(low, language) if low == high else _("${low}-${high}").format(
            low=amount(low, language), high=amount(high, language)) for low, high in self.limits)
        return _("{variant}, {count} seats, {forced}, bets of {before} before the draw and {after} after. "
                 "{dealer} is the dealer.").format(
            variant=_(self.variant), count=amount(self.player_count, language),
            forced=_(FORCED_BETS["antes" if self.forced_bet == "antes" else "blinds"]), before=before, after=after,
            dealer=Voice(language=language).name(self.dealer))

    def round_log(self, language: str, antes: bool = True) -> list[str]:
        """The public log lines of the current betting round (with the forced bets in round one, and
        the antes unless ``antes`` is false)."""
        lines: list[str] = []
        betting = True
        for event in self.events:
            if event.kind == "draw_begins":
                betting = False
            elif event.kind == "second_round_begins":
                lines, betting = [], True
            elif betting and event.kind not in ("deal", "button") and (antes or event.kind != "ante"):
                lines.append(describe(event, None, language))
        return lines

    def round_line(self, language: str) -> str:
        """"This round so far: Seat 1 posts an ante of 5; ...; Seat 3 bets 10." """
        return lang.gettext(language, "This round so far: {moves}.").format(moves="; ".join(self.round_log(language)))

    def first_round_line(self, language: str) -> str:
        """The first betting round's log, read at the draw."""
        return lang.gettext(language, "The first round: {moves}.").format(moves="; ".join(self.round_log(language)))

    def round_so_far(self, language: str) -> str:
        """"Before the draw, this round so far: Seat 2 bets 10." (the antes left out)."""
        _ = lang.catalogue(language).gettext
        moves = self.round_log(language, antes=False)
        return _("{when}, this round so far: {moves}.").format(
            when=_("Before the draw") if self.before_draw else _("After the draw"),
            moves="; ".join(moves) if moves else _("nobody has acted yet"))

    def seat_lines(self, language: str) -> list[str]:
        """"Seat 1: 45 in the pot, 455 left", one line per seat still at the table."""
        catalogue = lang.catalogue(language)
        voice = Voice(language=language)
        lines = []
        for seat, status in enumerate(self.statuses):
            if status == "out":
                continue
            put_in = self.contributions[seat]
            places = {"name": voice.name(seat), "put_in": amount(put_in, language),
                      "left": amount(self.starting_stacks[seat] - put_in, language)}
            if status == "active":
                lines.append(catalogue.gettext("{name}: {put_in} in the pot, {left} left").format(**places))
            else:
                lines.append(catalogue.gettext("{name}: {put_in} in the pot, {left} left, {state}").format(
                    **places, state=catalogue.pgettext("player state", STATES[status])))
        return lines
