"""A fingerprint of the engine's behaviour: many seeded hands over every rules preset and table size,
hashed (every event, action, offer, refusal and final result). The golden digests were taken from
main before the engine was tuned for speed (issue 30), so any change of behaviour, however small,
fails here. If a change of behaviour is intended, say so in the commit and take the digests again
(``python tests/draw/test_engine_fingerprint.py`` prints them)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import numpy as np
import pytest

from pokerlab.draw import (
    Action,
    ActionKind,
    HandState,
    IllegalActionError,
    Phase,
    Rules,
    five_card_draw,
    ladder,
    random_legal_action,
    saloon_draw,
)

PRESETS: dict[str, Callable[[int], Rules]] = {
    "draw-antes": lambda n: five_card_draw(player_count=n),
    "draw-blinds": lambda n: five_card_draw(player_count=n, forced_bet="blinds"),
    "draw-ace": lambda n: five_card_draw(player_count=n, ace_draw=True),
    "draw-blinds-ace": lambda n: five_card_draw(player_count=n, forced_bet="blinds", ace_draw=True),
    "saloon": lambda n: saloon_draw(player_count=n),
    "saloon-high": lambda n: saloon_draw(player_count=n, ante=25, round_one=(25, 50), round_two=(25, 100)),
    "ladder": lambda n: ladder(),
}
CASES = [(name, n) for name in PRESETS for n in range(2, 7) if name != "ladder" or n == 5]
HANDS = 60
"""Hands per case: each mixes random legal play (folds, all-ins, side pots) with the benchmark's policy."""

PROBES = (Action.raise_to(1), Action.bet(1), Action.check(), Action.call(), Action.all_in(1), Action.fold(),
          Action(ActionKind.DRAW, None, ()))
"""Actions tried (and usually refused) before some steps: the refusal's code and details are hashed."""


def _stacks(rng: np.random.Generator, n: int, ante: int) -> list[int]:
    """Stacks from short (all-ins, side pots, seats out) to deep, at least two live with the dealer live."""
    kind = int(rng.integers(3))
    if kind == 0:
        return [500] * n
    low = 0 if kind == 2 else 1
    stacks = [int(rng.integers(low, 90 + 2 * ante)) for _ in range(n)]
    stacks[0] = max(stacks[0], ante + 1)  # two seats that can pay the ante (Saloon Draw sits out the others)
    stacks[1] = max(stacks[1], ante + 1)
    return stacks


def _policy_action(state: HandState, rng: np.random.Generator) -> Action:
    """The benchmark's policy: never fold, check/call or bet/raise at even odds, discard 0-3."""
    legal = state.legal_actions()
    if state.phase is Phase.DRAW:
        hand = state.cards(state.actor)  # type: ignore[arg-type]
        order = rng.permutation(len(hand)).tolist()
        return Action(ActionKind.DRAW, None, tuple(hand[i] for i in order[:int(rng.random() * 4)]))
    kinds = {choice.kind: choice for choice in legal}
    for kind in (ActionKind.BET, ActionKind.RAISE):
        if kind in kinds and rng.random() < 0.5:
            return Action(kind, kinds[kind].min_to)
    for kind, action in ((ActionKind.CHECK, Action.check()), (ActionKind.CALL, Action.call())):
        if kind in kinds:
            return action
    return random_legal_action(state, rng)


def _offer_text(state: HandState) -> str:
    return repr([(o.kind.value, o.min_to, o.max_to, o.step, o.call_amount, o.max_discards, o.chips, o.all_in_as,
                  o.free_fold, o.ace_extra) for o in state.legal_actions()])


def fingerprint(name: str, n: int) -> str:
    """The digest of ``HANDS`` seeded hands of preset ``name`` at ``n`` seats."""
    digest = hashlib.sha256()
    rng = np.random.default_rng([n, len(name), sum(map(ord, name))])
    rules = PRESETS[name](n)
    for hand in range(HANDS):
        stacks = _stacks(rng, n, rules.ante)
        dealer = int(rng.choice([seat for seat, s in enumerate(stacks) if s > 0]))
        state = HandState(rules, stacks, dealer, int(rng.integers(1 << 30)))
        mixed = rng.random()  # the share of random legal moves in this hand
        steps = 0
        while not state.is_over:
            digest.update(f"{state.phase.name}|{state.actor}|{state.current_bet}|{state.bets}|{state.stacks}|"
                          f"{state.statuses}|{state.pots}|{state.cap}|{_offer_text(state)}".encode())
            if steps % 5 == hand % 5:
                probe = PROBES[(steps + hand) % len(PROBES)]
                before = (state.events, state.stacks, state.bets, state.actor, state.phase)
                try:
                    state.apply(probe)
                except IllegalActionError as error:
                    digest.update(f"refused {error.code} {sorted(error.details.items())!r} {error}".encode())
                    assert (state.events, state.stacks, state.bets, state.actor, state.phase) == before
                    steps += 1
                    continue
                digest.update(f"took {probe}".encode())
            else:
                action = random_legal_action(state, rng) if rng.random() < mixed else _policy_action(state, rng)
                state.apply(action)
                digest.update(str(action).encode())
            steps += 1
        result = state.results
        assert result is not None and sum(state.stacks) == sum(stacks)
        digest.update(repr(state.events).encode())
        digest.update(repr(state.actions).encode())
        digest.update(f"{result!r}|{result.net}|{result.payouts}|{result.awards}|{result.shown}|"
                      f"{sorted((s, v.strength) for s, v in result.hand_values.items())}|{result.hand_names}|"
                      f"{result.won_by_fold}|{state.draw_counts}|{state.shown_aces}|{state.pots}".encode())
        for seat in range(n):
            digest.update(repr(state.view(seat)).encode())
    return digest.hexdigest()[:24]


GOLDEN: dict[tuple[str, int], str] = {
    ('draw-antes', 2): '772a9ff40f3dfb47294fcd89',
    ('draw-antes', 3): '7a94cbc13be20ea87032f493',
    ('draw-antes', 4): '1290fe0af523a5b3fed5f15f',
    ('draw-antes', 5): '1c2f969743265ef8dfad9943',
    ('draw-antes', 6): '7e177ef73b39983ec2d2f541',
    ('draw-blinds', 2): '54b1f28b2b5f694b0ee4ff87',
    ('draw-blinds', 3): '39df6a806560e944c77bdee8',
    ('draw-blinds', 4): '9b691b04e0aa788868253d7c',
    ('draw-blinds', 5): '7eade8d220eacacffaaf7326',
    ('draw-blinds', 6): '14dc4518d5d2de915e5665e3',
    ('draw-ace', 2): '5c33840fc35aad4345d0c27a',
    ('draw-ace', 3): '154a66003c51b34b5922c3ea',
    ('draw-ace', 4): 'c47b46bf15cd885abdceef3f',
    ('draw-ace', 5): '724966a2fb046a92dca3d0e6',
    ('draw-ace', 6): 'a68b15f96f0365bcc09eeaf8',
    ('draw-blinds-ace', 2): 'af21b4b8b25b7c2ee7d531bf',
    ('draw-blinds-ace', 3): '26763a9bee3e50cec2d7fc24',
    ('draw-blinds-ace', 4): 'efcecb2faf5a318387156efc',
    ('draw-blinds-ace', 5): '930f69b8d928ea6fd52ceffa',
    ('draw-blinds-ace', 6): 'a67097b53e9259d60e32f39e',
    ('saloon', 2): 'd3dc1682984fffde5945c90b',
    ('saloon', 3): 'df3c58f4240e62bef7e769eb',
    ('saloon', 4): '0780eafa615331a1a90c2a6c',
    ('saloon', 5): 'eb5860f07954769c97974331',
    ('saloon', 6): '4c433a71844a0518de54e1d9',
    ('saloon-high', 2): 'b9b7a8f6cff5ba1461e1725c',
    ('saloon-high', 3): 'f05df3e1de8c26327503a9ed',
    ('saloon-high', 4): '828906f8c146f9806716e3f4',
    ('saloon-high', 5): 'b9f4eb2aec89b7edd0900a82',
    ('saloon-high', 6): '1dc45f312e97b5ac31d344ed',
    ('ladder', 5): 'e8259dfb3987cfae6293f055',
}


@pytest.mark.parametrize(("name", "n"), CASES)
def test_engine_behaviour_unchanged(name: str, n: int) -> None:
    assert fingerprint(name, n) == GOLDEN[(name, n)]


if __name__ == "__main__":
    for case in CASES:
        print(f"    {case!r}: {fingerprint(*case)!r},")
