"""Hand histories: a lossless, replayable JSON record, and readable text like a card room's.

The JSON holds what is needed to rebuild the hand exactly: the rules, the starting stacks, the dealer,
the seed (or the generator's saved state), an optional prearranged deck, and the actions. Everything
else (cards, pots, results) is recomputed by replaying, so a file can never disagree with the rules.

>>> import numpy as np
>>> from pokerlab.draw import HandState, five_card_draw, random_legal_action
>>> state = HandState(five_card_draw(player_count=3), [500, 500, 500], dealer=2, rng=11)
>>> rng = np.random.default_rng(3)
>>> while not state.is_over:
...     state.apply(random_legal_action(state, rng))
>>> history = HandHistory.from_state(state)
>>> HandHistory.from_json(history.to_json()).replay().events == state.events
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pokerlab.cards import Card, parse_cards
from pokerlab.draw.actions import Action
from pokerlab.draw.errors import HistoryError
from pokerlab.draw.events import in_log_of
from pokerlab.draw.rules import Rules
from pokerlab.draw.state import HandState
from pokerlab.narration import Voice, event_sentence, pot_name

FORMAT = "pokerlab-hand-history"
VERSION = 1


@dataclass(frozen=True)
class HandHistory:
    """Everything needed to replay one hand."""

    rules: Rules
    stacks: tuple[int, ...]
    dealer: int
    seed: int | dict[str, Any]
    actions: tuple[Action, ...]
    deck: tuple[Card, ...] | None = None

    @classmethod
    def from_state(cls, state: HandState) -> HandHistory:
        return cls(state.rules, state.starting_stacks, state.dealer, state.seed, state.actions, state.deck_order)

    def replay(self) -> HandState:
        """The hand rebuilt, exactly as it was played."""
        return HandState.replay(self.rules, self.stacks, self.dealer, self.seed, self.actions, deck=self.deck)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "stacks": list(self.stacks),
            "dealer": self.dealer,
            "seed": self.seed,
            "deck": None if self.deck is None else [str(card) for card in self.deck],
            "actions": [action.to_json() for action in self.actions],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> HandHistory:
        """Read a history; a malformed file, another format or a newer version raises :class:`HistoryError`."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise HistoryError(f"This is not a hand history: it is not valid JSON ({error}).") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise HistoryError(f"This is not a pokerlab hand history (expected format {FORMAT!r}).")
        version = data.get("version")
        if not isinstance(version, int) or version > VERSION or version < 1:
            raise HistoryError(
                f"Hand history version {version!r} cannot be read: this pokerlab reads version {VERSION}. "
                "A newer file needs a newer pokerlab."
            )
        try:
            deck = data.get("deck")
            return cls(
                rules=Rules.from_dict(data["rules"]),
                stacks=tuple(int(s) for s in data["stacks"]),
                dealer=int(data["dealer"]),
                seed=data["seed"],
                actions=tuple(Action.from_json(item) for item in data["actions"]),
                deck=None if deck is None else tuple(parse_cards(deck)),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise HistoryError(f"The hand history is damaged: {error}") from None


def to_text(state: HandState, seat: int | None = None, voice: Voice | None = None) -> str:
    """The hand as a card room would print it, for ``seat`` (None: only public information). Hidden
    cards never appear unless the rules showed them (showdown, an ace-draw ace). ``voice``: names and
    currency (default: seats called "Seat N", amounts in chips; ``seat`` is never called "you" here,
    as in a card room's printed history)."""
    voice = voice or Voice()
    rules = state.rules
    limits = " / ".join(voice.span(low, high).replace("–", "-") for low, high in rules.limits)
    forced = (f"ante {voice.money(rules.ante)}" if rules.forced_bet == "antes"
              else f"blinds {voice.money(rules.small_blind)}/{voice.money(rules.big_blind)}")
    lines = [f"{rules.name}: {forced}, limits {limits}", f"{voice.name(state.dealer)} is the button"]
    for other, stack in enumerate(state.starting_stacks):
        if state.statuses[other] != "out":
            lines.append(f"{voice.name(other)}: {voice.chips(stack)}")
    heading = {"deal": "*** DEAL ***", "draw_begins": "*** DRAW ***", "second_round_begins": "*** SECOND ROUND ***",
               "showdown": "*** SHOWDOWN ***"}
    result = None if state.results is None else state.results.to_json()
    last_heading = None
    for event in state.events:
        if event.kind == "button":
            continue
        title = heading.get(event.kind)
        if title and title != last_heading:
            lines.append(title)
            last_heading = title
        if event.kind in ("draw_begins", "second_round_begins"):
            continue
        if not in_log_of(event, seat):
            continue
        if event.kind in ("deal", "draw") and event.seat != seat:
            event = event._replace(cards=(), received=())
        lines.append(event_sentence(event, voice, result))
    if state.results is not None:
        lines.append("*** SUMMARY ***")
        for award in state.results.awards:
            winners = ", ".join(f"{voice.name(s)} {voice.money(chips)}" for s, chips in award.shares.items())
            lines.append(f"{pot_name(award.pot)}: {voice.money(award.amount)} ({winners})")
    return "\n".join(lines)
