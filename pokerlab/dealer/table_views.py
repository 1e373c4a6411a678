"""What each caller sees of a live table: a learner's view of their seat, a spectator's, the public
table (settings, seats, whose turn, time left) and the lobby's line.

:class:`TableViews` is mixed into :class:`~pokerlab.dealer.tables.LiveTable`, which holds the state
these read; it is apart because a view only reads: nothing here changes the table, and what a caller
may know (another seat's cards never, the open hands only once a hand is over) is decided in one place.
"""

from __future__ import annotations

from typing import Any

from pokerlab.dealer.table_seats import Sitter, Turn
from pokerlab.dealer.table_settings import TableSettings
from pokerlab.dealer.words import Said
from pokerlab.match import Match

__all__ = ["TableViews"]


class TableViews:
    """The views of a live table, from the state :class:`~pokerlab.dealer.tables.LiveTable` keeps."""

    code: str
    settings: TableSettings
    match: Match
    sitters: dict[int, Sitter]
    turn: Turn | None
    status: str
    version: int
    notice: Said | None
    next_deal_at: float | None
    created_by: str
    teacher_table: bool

    def seat_of(self, learner_id: int) -> int | None:
        """The seat the learner holds at this table (present or sitting out); None if they hold none."""
        return next((seat for seat, sitter in self.sitters.items() if sitter.learner_id == learner_id), None)

    def view_for(self, learner_id: int | None, now: float) -> dict[str, Any]:
        """What ``learner_id`` may know (None: someone watching, with public information only):
        the match's view for their seat, plus who is who, whose turn it is and the time left."""
        seat = None if learner_id is None else self.seat_of(learner_id)
        match = self.match
        if match.hand is None:
            view: dict[str, Any] = {"seat": seat, "players": [], "phase": "waiting"}
        else:
            # A seat is the learner's own in this hand only once it is a person's seat: one taken
            # during a hand is still the computer opponent's (and its cards are not the learner's).
            viewer = seat if seat is not None and seat in match.humans else None
            view = match.view_for(viewer) if viewer is not None else _spectator(match)
            view["seat"] = seat
        view["table"] = self.public_info(now)
        view["table"]["playing"] = seat is not None and seat in match.humans
        """The caller plays this hand from their seat (False: they sat down during it, or only watch)."""
        if self.settings.open_hands and match.hand is not None and match.hand.is_over:
            # A table with open hands shows everybody's last five cards once the hand is over, for
            # discussion: in every seat of every view (the table draws them where they sat).
            shown = {s: [str(card) for card in match.hand.cards(s)]
                     for s in range(self.settings.seats) if match.hand.starting_stacks[s] > 0}
            view["table"]["open_hands"] = {str(s): cards for s, cards in shown.items()}
            for player in view.get("players", []):
                if player["seat"] in shown:
                    player["cards"] = shown[player["seat"]]
        return view

    def public_info(self, now: float) -> dict[str, Any]:
        """The table as everyone may see it: settings, who sits where, whose turn, time left."""
        match = self.match
        seats = []
        for seat in range(self.settings.seats):
            sitter = self.sitters.get(seat)
            seats.append({
                "seat": seat, "name": sitter.name if sitter else match.names[seat],
                "learner": sitter is not None, "present": bool(sitter and sitter.present),
                "stack": match.stacks_now()[seat], "out": seat in match.out,
            })
        turn = self.turn
        return {
            "code": self.code, "settings": self.settings.to_json(), "status": self.status, "version": self.version,
            "seats": seats, "notice": str(self.notice or ""),  # its English, for pages of an older pokerlab
            "notice_said": None if self.notice is None else self.notice.to_json(), "hand_number": match.hand_number,
            "turn": None if turn is None else {"seat": turn.seat, "person": turn.person,
                                               "seconds_left": max(0.0, round(turn.at - now, 1)) if turn.person else None},
            "next_deal_in": None if self.next_deal_at is None else max(0.0, round(self.next_deal_at - now, 1)),
            "created_by": self.created_by, "teacher_table": self.teacher_table,
        }

    def summary(self, now: float) -> dict[str, Any]:
        """One line of the lobby: the game, limits, seats taken and free."""
        info = self.public_info(now)
        learners = [seat for seat in info["seats"] if seat["learner"]]
        free = [seat["seat"] for seat in info["seats"] if not seat["learner"] and not seat["out"]]
        return {"code": self.code, "settings": info["settings"], "status": self.status,
                "learners": [seat["name"] for seat in learners], "free_seats": free,
                "created_by": self.created_by, "teacher_table": self.teacher_table}


def _spectator(match: Match) -> dict[str, Any]:
    """What someone watching may know: the hand for no seat, with the match's names and standings."""
    hand = match.hand
    assert hand is not None
    view = hand.view(None)
    for player in view["players"]:
        player["name"] = match.names[player["seat"]]
    view.update({"names": list(match.names), "hand_number": match.hand_number, "hand_limit": match.hand_limit,
                 "hands_left": match.hands_left, "out": sorted(match.out), "standings": match.standings(),
                 "match_over": match.is_over, "winner": match.winner})
    return view

