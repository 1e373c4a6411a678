"""A match: a sequence of hands with chips carried over, the button moving, players going out
(:class:`Match`; the package's docs say how it is seeded, saved and restored)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from pokerlab.bots import Bot, bot_from_json, make_bot
from pokerlab.draw import Action, HandState, Rules
from pokerlab.errors import PokerlabError
from pokerlab.variants import SALOON_DRAW

MATCH_FORMAT = 1
SALOON_KIND = SALOON_DRAW.code


class MatchError(PokerlabError):
    """A match asked to do something out of turn (dealing mid-hand, a bot step on the learner's turn...).

    A person acting out of turn also gets ``code`` (``"no_hand"``, ``"computer_seat"``,
    ``"not_your_turn"``) and the ``values`` its words need, so a page can say it in its own language."""

    def __init__(self, message: str, code: str = "", **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class Match:
    """A sequence of hands with chips carried over.

    ``rules``: the variant (its ``player_count`` is the number of seats); ``names``: one per seat;
    ``learner_seat``: the human's seat; ``bots``: a :class:`~pokerlab.bots.Bot` per other seat
    (default: level-3 opponents); ``seed``: everything random comes from it.

    House settings beyond the fixed interface: ``out_below`` (a player who ends a hand with fewer
    chips is out: 1 in Five-Card Draw, 50 in Saloon Draw), ``ends_when_learner_out`` (Saloon Draw
    stops when the learner is out) and ``hand_limit`` (the Tournament Ladder plays a set number).

    **Several people at one table** (a live table): ``humans`` are the seats people play (default:
    the learner's alone; a live table may start with none); every other seat needs a bot. A person acts with :meth:`act_as`. A seat in
    :attr:`sitting_out` keeps its chips but is dealt no cards until it comes back.
    """

    def __init__(
        self,
        rules: Rules,
        names: Sequence[str],
        learner_seat: int = 0,
        bots: dict[int, Bot] | None = None,
        seed: int = 0,
        starting_stack: int = 500,
        *,
        out_below: int = 1,
        ends_when_learner_out: bool = False,
        hand_limit: int | None = None,
        humans: Iterable[int] | None = None,
    ) -> None:
        count = rules.player_count
        if len(names) != count:
            raise MatchError(f"{rules.name} here has {count} seats, so it needs {count} names; got {len(names)}.")
        if not 0 <= learner_seat < count:
            raise MatchError(f"The learner's seat must be 0..{count - 1}; got {learner_seat!r}.")
        people = {learner_seat} if humans is None else {int(seat) for seat in humans}
        if not people <= set(range(count)):
            raise MatchError(f"The people's seats {sorted(people)} must be seats 0..{count - 1}.")
        if bots is None:
            bots = seat_bots({seat: 3 for seat in range(count) if seat not in people}, seed)
        missing = [seat for seat in range(count) if seat not in people and seat not in bots]
        taken = sorted(people & set(bots))
        if missing or taken:
            raise MatchError(
                f"Every seat but the people's ({', '.join(str(seat) for seat in sorted(people))}) needs a computer "
                f"opponent; missing {missing}" + (f", and seats {taken} have both" if taken else "") + "."
            )
        if starting_stack < out_below or starting_stack <= 0:
            raise MatchError(f"A starting stack of {starting_stack} would leave everyone out from the start.")
        self.rules = rules
        self.names = list(names)
        self.learner_seat = learner_seat
        self.humans: set[int] = people
        self.sitting_out: set[int] = set()
        """People's seats that keep their chips but are dealt no cards (a player who left a live table)."""
        self.bots: dict[int, Bot] = dict(bots)
        self.seed = seed
        self.starting_stack = starting_stack
        self.out_below = out_below
        self.ends_when_learner_out = ends_when_learner_out
        self.hand_limit = hand_limit
        self.stacks: list[int] = [starting_stack] * count
        self.out: set[int] = set()
        self.dealer: int | None = None
        self.hand: HandState | None = None
        self.hand_number = 0
        self.history: list[list[int]] = []
        """Net chips per seat of every finished hand, oldest first."""
        self._rng = np.random.default_rng(seed)

    # ----- dealing --------------------------------------------------------------------------------

    @property
    def live_seats(self) -> list[int]:
        return [seat for seat in range(self.rules.player_count) if seat not in self.out]

    @property
    def dealt_seats(self) -> list[int]:
        """The seats dealt into the next hand: live and not sitting out."""
        return [seat for seat in self.live_seats if seat not in self.sitting_out]

    def _next_dealer(self) -> int:
        dealt = self.dealt_seats
        if self.dealer is None:
            return dealt[int(self._rng.integers(len(dealt)))]
        count = self.rules.player_count
        return next((self.dealer + step) % count for step in range(1, count + 1) if (self.dealer + step) % count in dealt)

    def deal(self) -> HandState:
        """Start the next hand: move the button (skipping players who are out), post, deal."""
        if self.is_over:
            raise MatchError(f"The match is over; {self._end_text()}")
        if self.hand is not None and not self.hand.is_over:
            raise MatchError(f"Hand {self.hand_number} is still being played; finish it before dealing.")
        if len(self.dealt_seats) < 2:
            raise MatchError("A hand needs two players at the table; the others are sitting out.")
        self.dealer = self._next_dealer()
        hand_seed = int(self._rng.integers(2**63))
        self.hand = HandState(self.rules, self._hand_stacks(), self.dealer, hand_seed)
        self.hand_number += 1
        return self.hand

    def reshuffle(self, seed: int) -> None:
        """Deal every later hand from a new generator seeded by ``seed`` (between hands only).

        A restored save keeps the old generator's state, so without this each restore would deal the
        same next hand: a learner could watch it play out, restore and play it again.
        """
        if self.hand is not None and not self.hand.is_over:
            raise MatchError(f"Hand {self.hand_number} is still being played; reshuffle between hands.")
        self._rng = np.random.default_rng(seed)

    def _hand_stacks(self) -> list[int]:
        return [0 if seat in self.out or seat in self.sitting_out else stack for seat, stack in enumerate(self.stacks)]

    def _sat_out(self, seat: int) -> bool:
        """Sitting out of the hand being played (dealt no cards), though not out of the match."""
        return seat in self.sitting_out and self.hand is not None and self.hand.starting_stacks[seat] == 0

    # ----- acting ---------------------------------------------------------------------------------

    def is_bot_turn(self) -> bool:
        """True when a hand is being played and a computer opponent is to act."""
        return self.hand is not None and not self.hand.is_over and self.hand.actor not in self.humans

    def bot_step(self) -> Action:
        """Let the computer opponent to act choose from its own view and the legal actions, apply it,
        and return it (one action at a time, so a table can animate each)."""
        if not self.is_bot_turn():
            raise MatchError("It is not a computer opponent's turn" + ("; deal a hand first." if self.hand is None or self.hand.is_over else "; it is yours."))
        hand = self.hand
        assert hand is not None and hand.actor is not None
        seat = hand.actor
        action = self.bots[seat].decide(self.view_for(seat), hand.legal_actions())
        hand.apply(action)
        self._after_action()
        return action

    def act(self, action: Action) -> None:
        """The learner's action. An illegal one raises :class:`~pokerlab.draw.IllegalActionError`
        (with what is legal) and changes nothing."""
        self.act_as(self.learner_seat, action)

    def act_as(self, seat: int, action: Action) -> None:
        """The action of the person in ``seat``; out of turn raises :class:`MatchError`, an illegal
        one :class:`~pokerlab.draw.IllegalActionError`, and either changes nothing."""
        hand = self.hand
        if hand is None or hand.is_over:
            raise MatchError("No hand is being played; deal one first.", "no_hand")
        if seat not in self.humans:
            raise MatchError(f"Seat {seat + 1} is played by a computer opponent.", "computer_seat", seat=seat + 1)
        if hand.actor != seat:
            name = self.names[hand.actor]  # type: ignore[index]
            raise MatchError(f"It is {name}'s turn, not yours.", "not_your_turn", name=name)
        hand.apply(action)
        self._after_action()

    def _after_action(self) -> None:
        hand = self.hand
        assert hand is not None
        if not hand.is_over:
            return
        for seat in range(self.rules.player_count):
            if seat not in self.out and not self._sat_out(seat):
                self.stacks[seat] = hand.stacks[seat]
        self.history.append(list(hand.results.net))  # type: ignore[union-attr]
        self.out |= {seat for seat in self.live_seats if self.stacks[seat] < self.out_below and not self._sat_out(seat)}
        for seat, bot in self.bots.items():
            observe = getattr(bot, "observe", None)
            if observe is not None:
                observe(self.view_for(seat))

    # ----- reading --------------------------------------------------------------------------------

    def stacks_now(self) -> list[int]:
        """Each seat's chips in front of it now: during a hand, after what it has put in the pot
        (the figure its seat shows); between hands, :attr:`stacks`."""
        hand = self.hand
        if hand is None or hand.is_over:
            return list(self.stacks)
        return [self.stacks[seat] if seat in self.out or self._sat_out(seat) else hand.stacks[seat]
                for seat in range(self.rules.player_count)]

    def standings(self) -> list[dict[str, Any]]:
        """Seats by chips in front of them now (:meth:`stacks_now`, the figure each seat shows), most
        first, ties by seat: ``seat``, ``name``, ``stack``, ``net`` (against the starting stack), ``out``."""
        now = self.stacks_now()
        order = sorted(range(self.rules.player_count), key=lambda seat: (-now[seat], seat))
        return [
            {"seat": seat, "name": self.names[seat], "stack": now[seat],
             "net": now[seat] - self.starting_stack, "out": seat in self.out}
            for seat in order
        ]

    def view_for(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its hand view (or None before the first deal) plus match information."""
        view: dict[str, Any] = {} if self.hand is None else self.hand.view(seat)
        view.update({
            "seat": seat, "names": list(self.names), "hand_number": self.hand_number,
            "hand_limit": self.hand_limit, "hands_left": self.hands_left, "out": sorted(self.out),
            "standings": self.standings(), "match_over": self.is_over, "winner": self.winner,
        })
        if "players" in view:
            for player in view["players"]:
                player["name"] = self.names[player["seat"]]
                if player["seat"] in self.out or self._sat_out(player["seat"]):
                    player["stack"] = self.stacks[player["seat"]]
        return view

    def learner_view(self) -> dict[str, Any]:
        """The learner's hand view plus names, hand number, players out and standings."""
        return self.view_for(self.learner_seat)

    @property
    def hands_left(self) -> int | None:
        return None if self.hand_limit is None else self.hand_limit - self.hand_number

    @property
    def is_over(self) -> bool:
        """No hand in play and the match's end condition is met."""
        if self.hand is not None and not self.hand.is_over:
            return False
        if len(self.live_seats) <= 1:
            return True
        if self.ends_when_learner_out and self.learner_seat in self.out:
            return True
        return self.hand_limit is not None and self.hand_number >= self.hand_limit

    @property
    def winner(self) -> int | None:
        """The seat that won the match: the last with chips, or (after a hand limit) the one with
        strictly the most chips. None while playing, after a tie for most, or when the match ended
        because the learner went out with several others still playing."""
        if not self.is_over:
            return None
        live = self.live_seats
        if len(live) == 1:
            return live[0]
        if self.ends_when_learner_out and self.learner_seat in self.out:
            return None
        best = max(self.stacks[seat] for seat in live)
        leaders = [seat for seat in live if self.stacks[seat] == best]
        return leaders[0] if len(leaders) == 1 else None

    def _end_text(self) -> str:
        winner = self.winner
        return "no one won it outright." if winner is None else f"{self.names[winner]} won it."

    # ----- saving ---------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Everything needed to continue exactly: settings, chips, the generator's state, the
        current hand as seed + actions, and each bot's memory (bots must offer ``to_json``)."""
        hand = None
        if self.hand is not None:
            hand = {
                "stacks": list(self.hand.starting_stacks), "dealer": self.hand.dealer,
                "seed": self.hand.seed, "actions": [action.to_json() for action in self.hand.actions],
            }
        bots = {}
        for seat, bot in self.bots.items():
            if not hasattr(bot, "to_json"):
                raise MatchError(f"The opponent in seat {seat + 1} cannot be saved (it has no to_json).")
            bots[str(seat)] = bot.to_json()  # type: ignore[attr-defined]
        return {
            "format": MATCH_FORMAT, "rules": self.rules.to_dict(), "names": list(self.names),
            "learner_seat": self.learner_seat, "seed": self.seed, "starting_stack": self.starting_stack,
            "out_below": self.out_below, "ends_when_learner_out": self.ends_when_learner_out,
            "hand_limit": self.hand_limit, "stacks": list(self.stacks), "out": sorted(self.out),
            "humans": sorted(self.humans), "sitting_out": sorted(self.sitting_out),
            "dealer": self.dealer, "hand_number": self.hand_number, "history": [list(h) for h in self.history],
            "rng": self._rng.bit_generator.state, "hand": hand, "bots": bots,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        """Rebuild a match saved by :meth:`to_json`; bad data raises :class:`MatchError`."""
        try:
            if data.get("format") != MATCH_FORMAT:
                raise MatchError(f"unknown match format {data.get('format')!r}")
            rules = Rules.from_dict(data["rules"])
            bots = {int(seat): bot_from_json(state) for seat, state in data["bots"].items()}
            match = cls(
                rules, data["names"], int(data["learner_seat"]), bots, int(data["seed"]), int(data["starting_stack"]),
                out_below=int(data["out_below"]), ends_when_learner_out=bool(data["ends_when_learner_out"]),
                hand_limit=data["hand_limit"], humans=data.get("humans"),
            )
            match.stacks = [int(s) for s in data["stacks"]]
            match.out = {int(s) for s in data["out"]}
            match.sitting_out = {int(s) for s in data.get("sitting_out", [])}
            match.dealer = data["dealer"]
            match.hand_number = int(data["hand_number"])
            match.history = [[int(x) for x in h] for h in data["history"]]
            match._rng.bit_generator.state = data["rng"]
            if data["hand"] is not None:
                saved = data["hand"]
                match.hand = HandState.replay(
                    rules, saved["stacks"], saved["dealer"], saved["seed"],
                    [Action.from_json(a) for a in saved["actions"]],
                )
        except MatchError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise MatchError(f"This is not a match pokerlab can restore: {error!r}.") from None
        if len(match.stacks) != rules.player_count:
            raise MatchError("This is not a match pokerlab can restore: the chip counts do not fit the seats.")
        return match


def seat_bots(levels: Mapping[int, int], seed: int) -> dict[int, Bot]:
    """A computer opponent of skill ``levels[seat]`` for each seat, its seed derived from the match's."""
    return {seat: make_bot(level, seed * 1000 + seat) for seat, level in levels.items()}


__all__ = ["MATCH_FORMAT", "SALOON_KIND", "Match", "MatchError", "seat_bots"]
