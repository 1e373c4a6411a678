"""A class game's hands as one PHH file, for the teacher to discuss (issue 29).

:func:`class_game_phh` reads what the class game store keeps (the game's settings and seeds, each
learner's finished deals with their actions: :class:`~pokerlab.classroom.store.ClassStore`'s
``game``, ``seeds``, ``players`` and ``details``), rebuilds each finished deal exactly as
:class:`~pokerlab.classroom.class_games.ClassMatch` dealt and played it, and writes them as one
``.phhs`` text: deal 1 for every learner, then deal 2, and so on, so that the same cards played by
different learners sit side by side.

**What the file shows.** While the game is open, each hand as its learner saw it (``??`` for the
opponents' cards and every discard that was never shown, as in My hands): a deal's cards must not
reach anyone who may still play it. Once the teacher has ended the game, ``every_card=True`` writes
every card (the opponents' hands, the discards), which is what a discussion of "what was there to
find" needs; before that it is refused.

Each hand carries ``players`` (the learner, then the computer opponents' names), ``event`` (the class
game's code) and the user-defined ``_class_game``, ``_deal`` and ``_learner``. A variant PHH cannot
write (Saloon Draw, the Tournament Ladder rules) or a hand it cannot hold as played is left out, with a
note that says why.

The board calls :func:`class_game_download` (a download message of the kind its other exports send).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokerlab import language as lang
from pokerlab.classroom.class_games import ClassGameError, ClassMatch, class_seat_names
from pokerlab.classroom.store import ClassStore
from pokerlab.language import N_
from pokerlab.phh import PhhError, to_phh

__all__ = ["ClassGamePhh", "class_game_download", "class_game_phh"]

EVERY_CARD_REFUSED = N_("Every card of a deal is written only once the game has ended: while it is open, a learner who "
                        "has not played a deal yet could learn its cards. End the game first, or export the hands as "
                        "each learner saw them.")


@dataclass(frozen=True)
class ClassGamePhh:
    """The class game's hands as PHH: the file's name and text, how many hands, and a note a hand left out."""

    name: str
    text: str
    hands: int
    left_out: tuple[str, ...]


def class_game_phh(store: ClassStore, game_id: int, *, every_card: bool = False,
                   language: str = lang.DEFAULT) -> ClassGamePhh:
    """Every finished deal of class game ``game_id``, each learner's, as one ``.phhs`` text (see the module
    docs). ``every_card``: write every card, allowed once the game has ended; else as each learner saw it.
    ``language``: the notes on hands left out (a PHH file's own fields are PHH's, not words)."""
    game = store.game(game_id)
    if every_card and game.is_open:
        raise ClassGameError(EVERY_CARD_REFUSED)
    seeds = store.seeds(game_id)
    played: list[tuple[int, str, Any]] = []
    for player in store.players(game_id):
        for detail in store.details(game_id, player.learner_id):
            played.append((detail.deal_number, player.learner, detail))
    played.sort(key=lambda item: (item[0], item[1].casefold(), item[1]))
    parts: list[str] = []
    left_out: list[str] = []
    for deal_number, learner, detail in played:
        match = ClassMatch(game.settings, seeds, learner)
        state = match.deal(deal_number, detail.actions)
        if not state.is_over:
            left_out.append(lang.gettext(language, "Deal {number}, {learner}: the stored hand does not finish, so it is "
                                                   "left out.").format(number=deal_number, learner=learner))
            continue
        fields = {"players": class_seat_names(game.settings.player_count, learner), "event": f"class game {game.code}",
                  "_class_game": game.code, "_deal": deal_number, "_learner": learner}
        try:
            text = to_phh(state, seat=None if every_card else match.learner_seat, fields=fields)
        except PhhError as error:
            left_out.append(lang.gettext(language, "Deal {number}, {learner}: {reason}").format(
                number=deal_number, learner=learner, reason=error.text(language)))
            continue
        parts.append(f"[{len(parts) + 1}]\n{text.strip()}\n")
    view = "every-card" if every_card else "as-played"
    return ClassGamePhh(f"class-game-{game.code}-{view}.phhs", "\n".join(parts), len(parts), tuple(left_out))


def class_game_download(store: ClassStore, game_id: int, *, every_card: bool = False,
                        language: str = lang.DEFAULT) -> dict[str, Any]:
    """The message the board sends its page for the teacher's download: ``{"type": "download", "name",
    "text"}``, or ``{"type": "note", "text"}`` saying why there is nothing to download, plus ``note``
    on the hands left out, in ``language``. Refusals (every card of an open game) come back as a note too."""
    t = lang.catalogue(language)
    try:
        export = class_game_phh(store, game_id, every_card=every_card, language=language)
    except ClassGameError as error:
        return {"type": "note", "text": t.gettext(str(error))}  # the refusal above is a message; others stay English
    count = len(export.left_out)
    first = f" {export.left_out[0]}" if export.left_out else ""
    more = t.ngettext(" ({count} more like it.)", " ({count} more like it.)", count - 1).format(count=count - 1) \
        if count > 1 else ""
    if not export.hands:
        reason = t.gettext(" Left out:{first}{more}").format(first=first, more=more) if export.left_out \
            else t.gettext(" Nobody has finished a deal yet.")
        return {"type": "note", "text": t.gettext("No hand of this game can be written as PHH.") + reason}
    note = t.ngettext("{count} hand(s) in {name}.", "{count} hand(s) in {name}.", export.hands).format(
        count=export.hands, name=export.name)
    if export.left_out:
        note += t.ngettext(" {count} left out:{first}{more}", " {count} left out:{first}{more}", count).format(
            count=count, first=first, more=more)
    return {"type": "download", "name": export.name, "text": export.text, "note": note}
