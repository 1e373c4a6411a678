"""Scripted hands and step-by-step replays, played by the real draw engine.

A :class:`ScriptedHand` is a hand with prearranged cards and a list of actions written as text. It is
played by :class:`pokerlab.draw.HandState`, so every step a learner sees is what the rules produce,
not a story told beside them::

    >>> from pokerlab.lessons import cap_hand
    >>> hand = cap_hand()
    >>> state = hand.play(4)            # a bet and three raises
    >>> cap_text(state.cap)
    'bet 4 of 4, capped: no more raises this round'
    >>> [action_label(item) for item in state.legal_actions()]
    ['Fold', 'Call 30']

:func:`hand_steps` turns any replayable hand into a list of :class:`Step` values (what happened, the
table for a spectator, the cap and the pots), which the hand stepper widget shows one at a time, in
the reader's ``language``: a step keeps the engine's English ``action`` and ``options`` (codes a lesson
and :mod:`pokerlab.lessons.predict` read) and says them, its log, its note and its result in that language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.cards import ALL_CARDS, Card, parse_cards
from pokerlab.draw import Action, ActionKind, Event, HandState, IllegalActionError, Phase, Pot, Rules
from pokerlab.draw.events import seat_name
from pokerlab.errors import PokerlabError
from pokerlab.language import NP_
from pokerlab.narration import Voice, action_label, award_reason, cap_text, describe
from pokerlab.tally import pot_slices, raises_this_round

__all__ = [
    "ScriptError", "ScriptedHand", "Step", "arranged_deck", "hand_steps", "parse_action", "pot_slices",
    "raises_this_round",
]


class ScriptError(PokerlabError):
    """A scripted action that cannot be read, or that the engine refuses (the message says which)."""


# --- scripted hands --------------------------------------------------------------------------------


def arranged_deck(hands: dict[int, str], dealer: int, player_count: int, then: str = "") -> list[Card]:
    """A full deck (first card dealt first) that deals ``hands`` (seat -> five cards) one card at a time
    clockwise from the dealer's left, then ``then`` on top of the stock, then every unused card.

    >>> deck = arranged_deck({0: "As Ks Qs Js Ts", 1: "2c 3c 4c 5c 7d"}, dealer=1, player_count=2)
    >>> " ".join(map(str, deck[:4])), len(deck)
    ('As 2c Ks 3c', 52)
    """
    order = sorted(hands, key=lambda seat: (seat - dealer - 1) % player_count)
    parsed = {seat: parse_cards(hands[seat]) for seat in order}
    top = [parsed[seat][round_] for round_ in range(5) for seat in order] + parse_cards(then)
    if len(set(top)) != len(top):
        raise ScriptError("A scripted deck uses a card twice.")
    used = set(top)
    return top + [card for card in ALL_CARDS if card not in used]


_WORDS: Final = {
    "fold": Action.fold, "check": Action.check, "call": Action.call, "all-in": Action.all_in,
    "pat": Action.stand_pat, "stand pat": Action.stand_pat,
}


def parse_action(text: str) -> Action:
    """An action from text: ``fold``, ``check``, ``call``, ``bet 10``, ``raise 30`` (raise *to* 30),
    ``all-in``, ``pat`` (stand pat) or ``draw 7c 2d``.

    >>> parse_action("raise 30"), parse_action("draw 7c 2d")
    (Action(kind=<ActionKind.RAISE: 'raise'>, amount=30, discards=()), Action(kind=<ActionKind.DRAW: 'draw'>, amount=None, discards=(Card('7c'), Card('2d'))))
    """
    words = text.strip().lower()
    if words in _WORDS:
        return _WORDS[words]()
    head, _, rest = words.partition(" ")
    if head in ("bet", "raise") and rest.isdigit():
        return Action.bet(int(rest)) if head == "bet" else Action.raise_to(int(rest))
    if head == "draw" and rest:
        return Action.draw(text.strip()[5:])
    raise ScriptError(
        f"Cannot read the action {text!r}: write fold, check, call, bet N, raise N, all-in, pat or draw CARDS."
    )


@dataclass(frozen=True)
class ScriptedHand:
    """A hand with prearranged cards and scripted actions, played by the engine.

    ``hands`` gives each live seat's five cards; ``then`` the cards on top of the stock after the deal
    (what the draw hands out); ``script`` the actions in order, as text for :func:`parse_action`.
    """

    title: str
    rules: Rules
    stacks: tuple[int, ...]
    dealer: int
    hands: dict[int, str]
    script: tuple[str, ...]
    then: str = ""
    seed: int = 0
    notes: dict[int, str] = field(default_factory=dict)
    """Teaching notes by step number (step 0 is the table after the deal)."""

    @property
    def deck(self) -> list[Card]:
        return arranged_deck(self.hands, self.dealer, self.rules.player_count, self.then)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(parse_action(text) for text in self.script)

    def start(self) -> HandState:
        """The hand after the forced bets and the deal, before anyone acts."""
        return HandState(self.rules, list(self.stacks), self.dealer, self.seed, deck=self.deck)

    def play(self, count: int | None = None) -> HandState:
        """The hand after the first ``count`` scripted actions (all of them by default)."""
        state = self.start()
        for number, action in enumerate(self.actions[:count], start=1):
            try:
                state.apply(action)
            except IllegalActionError as error:
                raise ScriptError(f"{self.title}, action {number} ({self.script[number - 1]!r}): {error}") from None
        return state

    def steps(self, seat: int | None = None, language: str = lang.DEFAULT) -> list[Step]:
        """Every step of the script as seen by ``seat`` (None: a spectator), said in ``language``."""
        return hand_steps(self.rules, self.stacks, self.dealer, self.seed, self.actions, self.deck, seat, self.notes,
                          language)


# --- stepping through a hand -----------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One moment of a replayed hand: ``number`` 0 is the table after the deal; later steps follow
    one action each. ``happened`` holds the log lines that action added; ``view`` is the engine's
    view for the chosen seat; ``cap_used``/``bet_cap`` fill the cap meter."""

    number: int
    action: str
    happened: tuple[str, ...]
    view: dict[str, Any]
    cap_used: int
    bet_cap: int
    over_big_blind: bool
    slices: list[dict[int, int]] | None
    options: tuple[str, ...] = ()
    """The actor's legal actions during a betting round (public: they depend only on chips and bets;
    during the draw they are left out, as ace draw's limit would tell whether the actor holds an ace)."""
    note: str = ""
    language: str = lang.DEFAULT
    """The reader's language: ``happened`` is in it, and :meth:`to_json` says the rest in it."""
    said: str = ""
    """``action`` as the reader reads it (empty: the English ``action`` itself)."""
    said_options: tuple[str, ...] = ()
    """``options`` as the reader reads them (empty: the English ``options``)."""

    def to_json(self) -> dict[str, Any]:
        """What the stepper widget shows: public information only (the view is already filtered)."""
        view = self.view
        betting = view["phase"] in ("betting_one", "betting_two")
        actor = view["actor"]
        voice = Voice(language=self.language)
        english = self.language == lang.DEFAULT
        players = view["players"] if english else [{**player, "name": voice.name(player["seat"])}
                                                   for player in view["players"]]
        return {
            "number": self.number,
            "action": self.said or self.action,
            "happened": list(self.happened),
            "note": lang.gettext(self.language, self.note) if self.note else "",
            "phase": view["phase"],
            "actor": actor,
            "actor_name": None if actor is None else voice.name(actor),
            "options": list(self.said_options or self.options),
            "players": players,
            "dealer": view["dealer"],
            "blinds": view["blinds"],
            "pots": view["pots"],
            "pot_total": view["pot_total"],
            "current_bet": view["current_bet"],
            "round_limits": view["round_limits"],
            "cap": {"used": self.cap_used, "cap": self.bet_cap, "text": cap_text(view["cap"], self.language),
                    "over_big_blind": self.over_big_blind, "open": betting},
            "result": _result_in_words(view["result"], voice),
        }


def _result_in_words(result: dict[str, Any] | None, voice: Voice = Voice()) -> dict[str, Any] | None:
    """A finished hand's result with each pot's reason as a sentence (seats called "Seat N")."""
    if result is None:
        return None
    return {**result, "pots": [{**pot, "reason": award_reason(pot, result, voice)} for pot in result["pots"]]}


STEP_WORDS: Final = {
    "fold": NP_("a step", "folds"), "check": NP_("a step", "checks"), "call": NP_("a step", "calls"),
    "bet": NP_("a step", "bets {amount}"), "raise": NP_("a step", "raises to {amount}"),
    "all_in": NP_("a step", "goes all-in"), "stand pat": NP_("a step", "stands pat"),
    "draw": NP_("a step", "draws {cards}"),
}
"""A step's action in another language than English (English keeps the engine's "Seat 1: raise 40")."""


def _said_action(actor: int | None, action: Action, shown: Action | str, language: str) -> str:
    """The step's action for a reader of ``language`` ("Asiento 1: sube a 40"); "" in English."""
    if language == lang.DEFAULT:
        return ""
    pgettext = lang.catalogue(language).pgettext
    if isinstance(shown, str):  # another seat's draw: how many cards, never which
        count = len(action.discards)
        words = pgettext("a step", STEP_WORDS["stand pat"]) if count == 0 else lang.ngettext(
            language, "draws {count} card", "draws {count} cards", count).format(count=count)
    elif shown.kind is ActionKind.DRAW:
        words = pgettext("a step", STEP_WORDS["stand pat"] if not shown.discards else STEP_WORDS["draw"]).format(
            cards=" ".join(map(str, shown.discards)))
    else:
        words = pgettext("a step", STEP_WORDS[shown.kind.value]).format(
            amount=lang.format_number(shown.amount or 0, language))
    if actor is None:
        return words
    return lang.gettext(language, "{name}: {action}").format(name=Voice(language=language).name(actor), action=words)


def _step(state: HandState, number: int, action: str, seen: int, seat: int | None, note: str,
          language: str = lang.DEFAULT, said: str = "") -> Step:
    events: Iterable[Event] = state.events[seen:]
    happened = tuple(describe(event, seat, language) for event in events if event.kind != "deal" or event.seat == seat)
    over_big_blind = state.rules.forced_bet == "blinds" and state.phase is Phase.BETTING_ONE
    cap_used = raises_this_round(state)
    view = state.view(seat)
    view_pots = [Pot(pot["amount"], tuple(pot["eligible"])) for pot in view["pots"]]
    slices = pot_slices([player["contributed"] for player in view["players"]], view_pots)
    betting = state.phase in (Phase.BETTING_ONE, Phase.BETTING_TWO)
    options = tuple(action_label(item) for item in state.legal_actions()) if betting else ()
    said_options = () if language == lang.DEFAULT else tuple(
        action_label(item, Voice(language=language)) for item in state.legal_actions()) if betting else ()
    return Step(number, action, happened, view, cap_used, state.rules.bet_cap, over_big_blind, slices, options, note,
                language, said, said_options)


def _draw_count(action: Action) -> str:
    """Another seat's draw as anyone at the table may know it: how many cards, never which."""
    count = len(action.discards)
    return "stand pat" if count == 0 else f"draw {count}"


def hand_steps(
    rules: Rules,
    stacks: Sequence[int],
    dealer: int,
    seed: int | dict[str, Any],
    actions: Sequence[Action],
    deck: Sequence[Card] | None = None,
    seat: int | None = None,
    notes: dict[int, str] | None = None,
    language: str = lang.DEFAULT,
) -> list[Step]:
    """Replay a hand action by action (as :meth:`HandState.replay` does) and keep each moment, said in
    ``language``.

    >>> from pokerlab.lessons import side_pot_hand
    >>> steps = side_pot_hand().steps()
    >>> [pot["amount"] for pot in steps[-1].view["pots"]]
    [100, 60, 30]
    """
    notes = notes or {}
    state = HandState(rules, list(stacks), dealer, seed, deck=deck)
    lang.check(language)
    deal = "" if language == lang.DEFAULT else lang.gettext(language, "The deal")
    steps = [_step(state, 0, "The deal", 0, seat, notes.get(0, ""), language, deal)]
    for number, action in enumerate(actions, start=1):
        actor = state.actor
        seen = len(state.events)
        state.apply(action)
        shown = action if actor == seat or action.kind is not ActionKind.DRAW else _draw_count(action)
        label = f"{seat_name(actor)}: {shown}" if actor is not None else str(shown)
        said = _said_action(actor, action, shown, language)
        steps.append(_step(state, number, label, seen, seat, notes.get(number, ""), language, said))
    return steps
