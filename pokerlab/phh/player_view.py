"""A PHH file read for one player (:func:`read_hand`): the file may hide the other players' cards with
``??``, as :func:`~pokerlab.phh.to_phh` writes one player's view or a card room writes a player's own
history."""

from __future__ import annotations

from pokerlab.cards import ALL_CARDS
from pokerlab.draw.state import HandState
from pokerlab.phh.reading import build, chunks, load, need
from pokerlab.phh.refusals import (
    BAD_ACES_FIELD,
    BAD_SEATS,
    CHOOSE_PLAYER,
    DRAW_MISFIT,
    EVERY_PLAYER,
    HIDDEN_RESHUFFLE,
    HIDES_ALL,
    HIDES_PLAYER,
    NO_VIEWER,
    NOT_STRINGS,
    REPLACEMENTS,
    SHOWS_HIDDEN,
    PhhError,
)
from pokerlab.phh.writing import UNKNOWN

__all__ = ["read_hand"]


def read_hand(text: str, player: int | None = None, number: int = 1) -> tuple[HandState, int]:
    """The hand a PHH file of variant ``F5CD`` records, and the pokerlab seat whose decisions it is read for.

    The file may hide cards with ``??`` (as :func:`to_phh` writes one player's view, or as a card room
    writes a player's own history): that player's cards must all be known; every other player's deal,
    discards and replacements may be hidden, and their hand shown at the showdown is used as shown. The
    hidden cards are filled with stand-ins that fit the file (its shown hands and aces, the draw counts),
    so the rules of the engine decide the bets, pots and winners; only ``state.view(seat)`` of the result
    means anything (it holds exactly the file's cards: the stand-ins are the hidden ones).

    ``player``: whose decisions (1 for ``p1``, from the dealer's left); by default the file's
    ``_viewer``, else the only player whose deal is known. ``number``: which hand of a ``.phhs`` file
    (from 1). Raises :class:`PhhError` naming what is wrong and what is read.
    """
    data = load(text, number)
    stacks = need(data, "starting_stacks", list)
    actions = need(data, "actions", list)
    count = len(stacks)
    if not all(isinstance(line, str) for line in actions):
        raise PhhError(NOT_STRINGS)
    seats = data.get("seats", list(range(1, count + 1)))
    if not (isinstance(seats, list) and len(seats) == count and all(isinstance(s, int) for s in seats)):
        raise PhhError(BAD_SEATS, count=count, seats=repr(seats))
    deals: dict[int, int] = {}  # player index -> the action line of their five-card deal
    later: list[tuple[int, int]] = []  # (player, line) of each replacement deal
    draws: dict[int, int] = {}  # player -> their draw's line
    shown: dict[int, list[str]] = {}
    for index, line in enumerate(actions):
        words = line.split("#")[0].split()
        if len(words) < 2:
            continue
        name = words[2] if words[:2] == ["d", "dh"] and len(words) == 4 else words[0]
        if not (name[:1] == "p" and name[1:].isdigit() and 1 <= int(name[1:]) <= count):
            continue  # from_phh names the bad action
        who = int(name[1:]) - 1
        if words[:2] == ["d", "dh"] and len(words) == 4:
            chunks(words[3], line)
            if len(deals) < count and who not in deals:
                deals[who] = index
            else:
                later.append((who, index))
        elif words[1] == "sd":
            draws[who] = index
        elif words[1] == "sm" and len(words) == 3:
            cards = chunks(words[2], line)
            if UNKNOWN in cards:
                raise PhhError(SHOWS_HIDDEN, action=repr(line))
            shown[who] = cards
    known = [who for who in range(count) if who in deals and UNKNOWN not in actions[deals[who]].split("#")[0].split()[-1]]
    viewer_seat = data.get("_viewer")
    if player is not None:
        if not isinstance(player, int) or not 1 <= player <= count:
            raise PhhError(CHOOSE_PLAYER, count=count, given=repr(player))
        viewer = player - 1
    elif isinstance(viewer_seat, int) and viewer_seat in seats:
        viewer = seats.index(viewer_seat)
    elif len(known) == 1:
        viewer = known[0]
    elif known and len(known) == count:
        raise PhhError(EVERY_PLAYER, count=count)
    else:
        raise PhhError(NO_VIEWER)
    if viewer not in known:
        raise PhhError(HIDES_PLAYER if known else HIDES_ALL, player=f"p{viewer + 1}",
                       players=", ".join(f"p{w + 1}" for w in known))
    secret = [who for who in range(count) if who in deals and who not in known]
    if not secret:
        return build(data), seats[viewer] - 1
    dealt = 5 * count + sum(len(chunks(actions[n].split("#")[0].split()[3], actions[n])) for _, n in later)
    if dealt > 52:
        raise PhhError(HIDDEN_RESHUFFLE)
    used: set[str] = set()  # every card the file names
    for line in actions:
        words = line.split("#")[0].split()
        if words[:2] == ["d", "dh"] and len(words) == 4:
            used.update(chunks(words[3], line))
        elif len(words) == 3 and words[1] in ("sd", "sm"):
            used.update(chunks(words[2], line))
    used.discard(UNKNOWN)
    aces = data.get("_shown_aces") or [""] * count
    if not isinstance(aces, list) or len(aces) != count or not all(isinstance(ace, str) for ace in aces):
        raise PhhError(BAD_ACES_FIELD, aces=repr(aces))
    used.update(ace for ace in aces if ace)
    spare = (str(card) for card in ALL_CARDS if str(card) not in used)
    rewritten = list(actions)
    for who in secret:
        drawn = 0
        if who in draws:
            words = actions[draws[who]].split("#")[0].split()
            drawn = len(chunks(words[2], actions[draws[who]])) if len(words) > 2 else 0
        ace = aces[who]
        if who in shown:  # the hand they showed: what they kept plus what they were given
            pool = [card for card in shown[who] if card != ace]
            received = pool[len(pool) - drawn:] if drawn else []
            kept = ([ace] if ace in shown[who] else []) + pool[:len(pool) - drawn]
        else:
            received = [next(spare) for _ in range(drawn)]
            kept = ([ace] if ace else []) + [next(spare) for _ in range(5 - drawn - bool(ace))]
        if len(kept) + drawn != 5:
            raise PhhError(DRAW_MISFIT, player=f"p{who + 1}")
        discards = [next(spare) for _ in range(drawn)]
        rewritten[deals[who]] = f"d dh p{who + 1} {''.join(kept + discards)}"
        if drawn:
            rewritten[draws[who]] = f"p{who + 1} sd {''.join(discards)}"
            replacement = [n for w, n in later if w == who]
            if len(replacement) != 1:
                raise PhhError(REPLACEMENTS, player=f"p{who + 1}", count=drawn, dealt=len(replacement))
            rewritten[replacement[0]] = f"d dh p{who + 1} {''.join(received)}"
    return build({**data, "actions": rewritten}), seats[viewer] - 1

