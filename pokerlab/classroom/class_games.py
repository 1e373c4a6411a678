"""Class games in the duplicate format: every learner plays the same deals against the same opponents.

A teacher picks a variant, the computer opponents and a number of deals (:class:`ClassGameSettings`).
pokerlab draws one seed per deal (:func:`new_seeds`); the seeds stay on the server (in the database and
in the learner's kernel, never in a widget trait, a URL or a page). Learners join with a short code
(:func:`new_join_code`) and play the deals in order, each as a single hand starting from the same
chips, so a result is simply the chips won or lost on that deal.

Everything a learner meets is fixed by the deal's seed and the learner's own choices:

* the cards: the deal's seed shuffles the deck (and the replacements come off the same stock);
* the button: :func:`deal_dealer`;
* each computer opponent's decision: a fresh opponent of the chosen level is built for every decision,
  seeded by :func:`situation_seed` from the deal's seed, the seat and the public actions so far (kinds,
  amounts, how many cards each player drew; never which cards). Two learners in the same situation get
  the same decision; a different choice by the learner is a different situation.

So differences between learners come from their play alone. Scoring (:func:`duplicate_scores`): chips
won on each deal, and the *duplicate score* of a deal, the learner's result minus the class average on
the same deal, in big bets.

>>> settings = ClassGameSettings("five-card-draw-antes", opponent_count=2, opponent_level=1, deal_count=2)
>>> first, second = ClassMatch(settings, seeds=(11, 12)), ClassMatch(settings, seeds=(11, 12))
>>> hands = [play_out(match, passive_choice) for match in (first, second) if match.deal()]
>>> hands[0].actions == hands[1].actions, first.learner_result() == second.learner_result()
(True, True)
"""

from __future__ import annotations

import hashlib
import secrets
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.bots import BOT_LEVELS, make_bot
from pokerlab.draw import Action, ActionKind, HandState, Rules
from pokerlab.errors import PokerlabError, WordedError, quoted
from pokerlab.language import N_
from pokerlab.match import OPPONENT_NAMES, Match
from pokerlab.variants import CLASS_GAMES, TOURNAMENT_LADDER, Variant, find_class_game, find_variant

VARIANTS: Final[dict[str, str]] = {kind.code: kind.name for kind in CLASS_GAMES}
"""The variants a class game can use (:data:`pokerlab.variants.CLASS_GAMES`), with their names for a teacher
(English; :func:`variant_name` in a reader's language)."""


def variant_name(variant: str, language: str = lang.DEFAULT) -> str:
    """A variant's name for a teacher in ``language``: ``'Póquer cerrado con ante'``."""
    return lang.gettext(language, VARIANTS[variant])
LADDER_OPPONENTS: Final = TOURNAMENT_LADDER.opponents[0]
"""The Tournament Ladder's table always seats the learner and four opponents."""
STARTING_STACK: Final = 500
"""Every deal starts everyone with this many chips (dollars in Saloon Draw)."""
MAX_DEALS: Final = 50
JOIN_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L)."""
JOIN_CODE_LENGTH: Final = 6


SETTINGS_REFUSALS: Final = (
    N_("There is no variant {variant} for a class game; choose one of {variants}."),
    N_("The Tournament Ladder's rules seat exactly {count} opponents; got {got}."),
    N_("A class game needs 1 to 7 computer opponents; got {got}."),
    N_("There is no opponent level {level}; choose 1 to {top}."),
    N_("A class game has 1 to {most} deals; got {got}."),
)
"""Why the teacher's settings for a new class game are refused (English; the board retells them in its
language with :func:`pokerlab.language.retell`)."""


class ClassGameError(PokerlabError):
    """A class game request that cannot be met, in words a teacher or learner can act on."""


class JoinCodeError(ClassGameError, WordedError):
    """A join code that is malformed, unknown, or belongs to a game that has ended (said in the
    learner's language: a message of the catalogue and its values)."""


@dataclass(frozen=True)
class ClassGameSettings:
    """What the teacher chooses: the variant, the opponents (how many, which level) and the deals."""

    variant: str = "five-card-draw-antes"
    opponent_count: int = 3
    opponent_level: int = 3
    deal_count: int = 10

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ClassGameError(SETTINGS_REFUSALS[0].format(variant=quoted(self.variant), variants=", ".join(VARIANTS)))
        if self.played.fixed_seats and self.opponent_count != LADDER_OPPONENTS:
            raise ClassGameError(SETTINGS_REFUSALS[1].format(count=LADDER_OPPONENTS, got=quoted(self.opponent_count)))
        if not isinstance(self.opponent_count, int) or not 1 <= self.opponent_count <= 7:
            raise ClassGameError(SETTINGS_REFUSALS[2].format(got=quoted(self.opponent_count)))
        if self.opponent_level not in BOT_LEVELS:
            raise ClassGameError(SETTINGS_REFUSALS[3].format(level=quoted(self.opponent_level), top=max(BOT_LEVELS)))
        if not isinstance(self.deal_count, int) or not 1 <= self.deal_count <= MAX_DEALS:
            raise ClassGameError(SETTINGS_REFUSALS[4].format(most=MAX_DEALS, got=quoted(self.deal_count)))

    @property
    def played(self) -> Variant:
        """The variant the game plays (both Five-Card Draw class games play ``five-card-draw``)."""
        return find_variant(find_class_game(self.variant).variant)

    @property
    def player_count(self) -> int:
        return self.opponent_count + 1

    def rules(self) -> Rules:
        """The engine's rules for this game."""
        return find_class_game(self.variant).rules(self.player_count)

    @property
    def big_bet(self) -> int:
        """The largest bet of the second round: the unit of a duplicate score."""
        return self.rules().limits[1][1]

    @property
    def dollars(self) -> bool:
        """Saloon Draw counts dollars rather than chips."""
        return self.played.dollars

    def describe(self, language: str = lang.DEFAULT) -> str:
        """One line for a teacher or a learner, e.g. ``Five-Card Draw with antes, 3 opponents of level 3 (Tight Tess), 10 deals``."""
        name = lang.gettext(language, BOT_LEVELS[self.opponent_level][0])
        opponents = lang.ngettext(language, "{count} opponent of level {level} ({name})",
                                  "{count} opponents of level {level} ({name})", self.opponent_count)
        deals = lang.ngettext(language, "{count} deal", "{count} deals", self.deal_count)
        return (f"{variant_name(self.variant, language)}, "
                f"{opponents.format(count=self.opponent_count, level=self.opponent_level, name=name)}, "
                f"{deals.format(count=self.deal_count)}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClassGameSettings:
        try:
            return cls(str(data["variant"]), int(data["opponent_count"]), int(data["opponent_level"]), int(data["deal_count"]))
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, ClassGameError):
                raise
            raise ClassGameError(f"These are not class game settings pokerlab can read: {quoted(error)}.") from None


# ----- seeds and codes --------------------------------------------------------------------------------

def new_seeds(count: int) -> tuple[int, ...]:
    """``count`` deal seeds from the operating system's random source (never guessable from a code)."""
    return tuple(secrets.randbits(63) for _ in range(count))


def new_join_code() -> str:
    """A fresh random join code, e.g. ``'K7MQ4P'``: six characters nobody can misread."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def normalize_join_code(text: object) -> str:
    """The code as stored, from what a learner typed: case, spaces and dashes do not matter.

    >>> normalize_join_code(" k7m-q4p ")
    'K7MQ4P'
    >>> normalize_join_code("K7MQ4")
    Traceback (most recent call last):
    ...
    pokerlab.classroom.class_games.JoinCodeError: A join code has 6 letters and digits, like K7MQ4P; 'K7MQ4' has 5.
    """
    if not isinstance(text, str):
        raise JoinCodeError(N_("Type the join code your teacher wrote on the board, like K7MQ4P."))
    code = "".join(char for char in text.upper() if char not in string.whitespace + "-")
    if not code:
        raise JoinCodeError(N_("Type the join code your teacher wrote on the board, like K7MQ4P."))
    if len(code) != JOIN_CODE_LENGTH:
        raise JoinCodeError(N_("A join code has {length} letters and digits, like K7MQ4P; {given} has {count}."),
                            length=JOIN_CODE_LENGTH, given=quoted(code), count=len(code))
    wrong = [char for char in code if char not in JOIN_ALPHABET]
    if wrong and set(wrong) <= set("0O1IL"):
        raise JoinCodeError(N_("{given} is not a join code: {letter} never appears in one (join codes never use "
                               "0, O, 1, I or L)."), given=quoted(code), letter=quoted(wrong[0]))
    if wrong:
        raise JoinCodeError(N_("{given} is not a join code: {letter} never appears in one."),
                            given=quoted(code), letter=quoted(wrong[0]))
    return code


def deal_dealer(deal_seed: int, player_count: int) -> int:
    """The button's seat on a deal: the same for every learner."""
    return deal_seed % player_count


def public_action(action: Action) -> tuple[str, int | None, int]:
    """What everyone at the table saw of an action: its kind, amount and, for a draw, how many cards."""
    return (action.kind.value, action.amount, len(action.discards))


def situation_seed(deal_seed: int, seat: int, actions: Iterable[Action]) -> int:
    """The seed of the computer opponent in ``seat`` deciding after ``actions`` on the deal with
    ``deal_seed``: a hash of the deal, the seat and the public part of every action so far.

    >>> from pokerlab.cards import parse_cards
    >>> draw_a, draw_b = Action.draw(parse_cards("2c 3d")), Action.draw(parse_cards("Ah Kh"))
    >>> situation_seed(7, 1, [Action.call(), draw_a]) == situation_seed(7, 1, [Action.call(), draw_b])
    True
    >>> situation_seed(7, 1, [Action.call()]) == situation_seed(7, 1, [Action.fold()])
    False
    """
    text = f"{deal_seed}|{seat}|" + ";".join(f"{kind}:{amount}:{count}" for kind, amount, count in map(public_action, actions))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


# ----- one learner's run through the deals ------------------------------------------------------------

def class_seat_names(count: int, learner: str) -> list[str]:
    """The learner's name for seat 0, then opponent names that differ from it.

    >>> class_seat_names(3, "Bo")
    ['Bo', 'Ada', 'Cy']
    """
    others = [name for name in OPPONENT_NAMES if name.casefold() != learner.casefold()]
    return [learner, *others[: count - 1]]


class ClassMatch(Match):
    """One learner's run through a class game's deals: a :class:`~pokerlab.match.Match` whose deals
    come from the class game's seeds, whose chips start afresh each deal, and whose computer
    opponents decide by :func:`situation_seed`. The learner sits in seat 0.

    The seeds are private (``_seeds``): nothing here puts them in a view. The app stores every step
    (:mod:`pokerlab.apps.class_game`) before the learner sees it.
    """

    def __init__(self, settings: ClassGameSettings, seeds: Sequence[int], learner_name: str = "You") -> None:
        if len(seeds) != settings.deal_count:
            raise ClassGameError(f"This game has {settings.deal_count} deals but {len(seeds)} seeds.")
        rules = settings.rules()
        levels = dict.fromkeys(range(1, settings.player_count), settings.opponent_level)
        bots = {seat: make_bot(level, 0) for seat, level in levels.items()}
        super().__init__(rules, class_seat_names(settings.player_count, learner_name), 0, bots, 0, STARTING_STACK,
                         hand_limit=settings.deal_count)
        self.settings = settings
        self._seeds = tuple(int(seed) for seed in seeds)

    def standings(self) -> list[dict[str, Any]]:
        """None: chips start afresh every deal, so there is no running order to show."""
        return []

    @property
    def deal_number(self) -> int:
        """The deal being played or just played (1-based; 0 before the first)."""
        return self.hand_number

    def deal(self, number: int | None = None, actions: Sequence[Action] = ()) -> HandState:
        """Deal the next deal (or deal ``number``), replaying ``actions`` already taken on it (a resume)."""
        if self.hand is not None and not self.hand.is_over:
            raise ClassGameError(f"Deal {self.hand_number} is still being played; finish it first.")
        number = self.hand_number + 1 if number is None else number
        if not 1 <= number <= len(self._seeds):
            raise ClassGameError(f"This class game has deals 1 to {len(self._seeds)}; there is no deal {number}.")
        seed = self._seeds[number - 1]
        self.hand_number = number
        self.stacks = [STARTING_STACK] * self.rules.player_count
        self.out = set()
        self.dealer = deal_dealer(seed, self.rules.player_count)
        self.hand = HandState.replay(self.rules, self.stacks, self.dealer, seed, list(actions))
        if self.hand.is_over:
            self._after_action()
        return self.hand

    def bot_decision(self) -> Action:
        """What the computer opponent to act does now (without applying it)."""
        hand = self.hand
        if hand is None or hand.is_over or hand.actor == self.learner_seat:
            raise ClassGameError("It is not a computer opponent's turn.")
        seat = hand.actor
        assert seat is not None
        bot = make_bot(self.settings.opponent_level, situation_seed(self._seeds[self.hand_number - 1], seat, hand.actions))
        return bot.decide(self.view_for(seat), hand.legal_actions())

    def bot_step(self) -> Action:
        if not self.is_bot_turn():
            return super().bot_step()  # raises the match's message
        action = self.bot_decision()
        assert self.hand is not None
        self.hand.apply(action)
        self._after_action()
        return action

    def _after_action(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.is_over:
            self.stacks = list(hand.stacks)
            self.history.append(list(hand.results.net))  # type: ignore[union-attr]

    @property
    def is_over(self) -> bool:
        """Every deal is played."""
        return (self.hand is None or self.hand.is_over) and self.hand_number >= len(self._seeds)

    @property
    def winner(self) -> int | None:
        return None

    def learner_result(self) -> int | None:
        """The learner's chips won (negative: lost) on the current deal once it is over."""
        hand = self.hand
        if hand is None or not hand.is_over:
            return None
        return hand.results.net[self.learner_seat]  # type: ignore[union-attr]

    def to_json(self) -> dict[str, Any]:
        raise ClassGameError("A class game is kept by the class game store, not saved as a file.")


def play_out(match: ClassMatch, choose: Callable[[HandState], Action]) -> HandState:
    """Finish the current deal: the opponents act by themselves, ``choose`` picks the learner's actions."""
    hand = match.hand
    assert hand is not None
    while not hand.is_over:
        if match.is_bot_turn():
            match.bot_step()
        else:
            match.act(choose(hand))
    return hand


def passive_choice(hand: HandState) -> Action:
    """A simple learner for tests and benchmarks: check or call, stand pat."""
    kinds = {item.kind for item in hand.legal_actions()}
    if ActionKind.DRAW in kinds:
        return Action.stand_pat()
    if ActionKind.CHECK in kinds:
        return Action.check()
    if ActionKind.CALL in kinds:
        return Action.call()
    return Action.fold()


# ----- scoring ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Standing:
    """A learner's line in the ranking."""

    learner: str
    deals_played: int
    chips: int
    """Chips won over the deals played (negative: lost)."""
    duplicate: float
    """Sum over the deals played of (result - class average on the deal) / big bet."""
    review_cost: float | None
    """Chips the coach's review says the learner's decisions gave up (None: not reviewed yet)."""


def deal_averages(results: Iterable[tuple[str, int, int]]) -> dict[int, float]:
    """The class average on each deal from ``(learner, deal_number, chips)`` rows."""
    totals: dict[int, list[int]] = {}
    for _learner, deal, chips in results:
        totals.setdefault(deal, []).append(chips)
    return {deal: sum(values) / len(values) for deal, values in totals.items()}


def duplicate_scores(results: Iterable[tuple[str, int, int]], big_bet: int) -> dict[tuple[str, int], float]:
    """Each result's duplicate score: ``(chips - class average on that deal) / big_bet``.

    The average is over every learner who has finished the deal (the learner included), so on each
    deal the scores add up to zero.

    >>> rows = [("ann", 1, 40), ("bo", 1, -20), ("cy", 1, -20), ("ann", 2, 0)]
    >>> duplicate_scores(rows, big_bet=20)
    {('ann', 1): 2.0, ('bo', 1): -1.0, ('cy', 1): -1.0, ('ann', 2): 0.0}
    """
    rows = list(results)
    averages = deal_averages(rows)
    return {(learner, deal): (chips - averages[deal]) / big_bet for learner, deal, chips in rows}


def ranking(results: Iterable[tuple[str, int, int]], big_bet: int, learners: Iterable[str] = (),
            review_costs: Mapping[str, float] | None = None) -> list[Standing]:
    """Learners by total duplicate score, best first (ties: more chips, then name). Learners who
    joined but finished no deal come last with zeros."""
    rows = list(results)
    scores = duplicate_scores(rows, big_bet)
    played: dict[str, int] = dict.fromkeys(learners, 0)
    chips_won: dict[str, int] = dict.fromkeys(learners, 0)
    duplicate: dict[str, float] = dict.fromkeys(learners, 0.0)
    for learner, deal, chips in rows:
        played[learner] = played.get(learner, 0) + 1
        chips_won[learner] = chips_won.get(learner, 0) + chips
        duplicate[learner] = duplicate.get(learner, 0.0) + scores[learner, deal]
    costs = review_costs or {}
    standings = [Standing(name, played[name], chips_won[name], round(duplicate[name], 6), costs.get(name))
                 for name in sorted(played)]
    return sorted(standings, key=lambda s: (s.deals_played == 0, -s.duplicate, -s.chips, s.learner))
