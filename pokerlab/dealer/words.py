"""What the dealer says, as data: a refusal or a table's notice is a code with its values
(:class:`Said`), kept and sent that way; each page says it in its reader's language from the
catalogue, and its English (the str of a refusal) is for logs and for pages of an older pokerlab.

>>> Said("sat_down", {"name": "Bo", "seat": 2}).text()
'Bo sits down in seat 2.'
>>> Said("sat_down", {"name": "Bo (computer)", "seat": 2}).text("es")
'Bo (ordenador) se sienta en el asiento 2.'
>>> str(Refusal("no_table", 404)), Refusal("no_table", 404).status
('No table has that code here; check it with whoever opened the table.', 404)
>>> Said.from_english("Ann ran out of time and folds.")
Said(code='timeout_folds', values={'name': 'Ann'})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.draw import Action, IllegalActionError
from pokerlab.draw.actions import LegalAction
from pokerlab.errors import PokerlabError, WordedError
from pokerlab.language import N_
from pokerlab.narration import Voice, refusal_sentence

COMPUTER_NAME: Final = N_("{name} (computer)")
"""How a match names a computer opponent (:func:`pokerlab.match.live_match`'s "Bo (computer)")."""

REFUSALS: Final = {
    # reading a request (pokerlab.dealer.requests)
    "too_large": N_("That request is too large for the dealer."),
    "json_requests": N_("The dealer reads JSON requests only."),
    "json_objects": N_("The dealer reads JSON objects only."),
    # sessions (pokerlab.dealer.server)
    "hub_says_who": N_("On this hub the hub says who you are: sign in with your hub token."),
    "name_and_key": N_("A learner's session needs their name and their browser's key."),
    "no_such_learner": N_("This name and key do not match a learner here."),
    "not_a_hub": N_("This dealer is not a hub service."),
    "hub_token_needed": N_("A session needs your hub token."),
    "hub_token_unknown": N_("The hub does not know this token, or it may not use pokerlab's service."),
    "hub_teachers": N_("On this hub the teachers are the members of its pokerlab-teachers group; no password "
                       "opens it."),
    "no_teacher_password": N_("No teacher password was set when the dealer started, so nobody is the teacher here."),
    "password_wait": N_("After wrong passwords the next one is checked in {seconds} seconds; type it again then."),
    "wrong_password": N_("That is not the teacher password."),
    "unknown_session": N_("This session is not known to the dealer (it may have restarted): sign in again."),
    # tables (pokerlab.dealer.server)
    "open_hands_teacher": N_("Only a teacher opens a table with open hands."),
    "too_many_tables": N_("You have opened {count} tables that are still open ({codes}); sit at one of them, or "
                          "ask your teacher to close one."),
    "results_teacher": N_("Only the teacher reads everyone's results."),
    "no_table": N_("No table has that code here; check it with whoever opened the table."),
    "controls_teacher": N_("Only the teacher pauses, restarts or closes a table."),
    "teacher_watches": N_("A teacher watches the tables; learners play at them."),
    "unknown_intent": N_("The dealer does not know the intent {intent}."),
    "cannot_store_table": N_("The dealer cannot store the table just now, so that did not happen. Try again in a "
                             "moment; nothing that was already played is lost."),
    "board_teacher": N_("Only the teacher reads and changes the class games' board."),
    "no_class_page": N_("The dealer has no such page of a class game."),
    "no_class_change": N_("The dealer has no such change of a class game."),
    "which_class_game": N_("Say which class game to delete."),
    # class games (pokerlab.dealer.class_service)
    "class_deal_over": N_("This deal is over; deal the next one."),
    "class_not_your_turn": N_("It is not your turn."),
    "class_deal_playing": N_("Deal {number} is still being played; finish it first."),
    "class_ended": N_("Your teacher has ended this class game; your results so far are kept."),
    "class_settings_needed": N_("A new class game needs its settings (variant, opponents, level, deals)."),
    "class_teacher_watches": N_("The teacher watches class games on the board; learners play them."),
    "class_which_game": N_("Say which class game (its number, as the dealer gave it when you joined)."),
    "class_all_played": N_("You have played every deal of this class game."),
    "class_bots_stuck": N_("The computer opponents did not finish their turns; tell your teacher."),
    "class_cannot_store": N_("The dealer cannot store your game just now, so that did not happen. Try again in a "
                             "moment; nothing already played is lost."),
    # the Tournament Ladder (pokerlab.dealer.ladder_service)
    "ladder_elsewhere": N_("This game continues in your other tab."),
    "ladder_replayed_start": N_("This level was started by this very click already, so nothing was paid or started "
                                "again."),
    "ladder_exists": N_("You already have a game in progress, perhaps in another tab: continue it here, or give it "
                        "up with New game."),
    "ladder_no_level": N_("There is no ladder level {level}; levels run 1 to {count}."),
    "ladder_start_name": N_("A level's start names its click with 8 to 64 letters, digits, '-' or '_'."),
    "ladder_cannot_continue": N_("Your game in progress could not be continued ({error}); start a new game."),
    "ladder_hand_over": N_("This hand is over; deal the next one."),
    "ladder_still_playing": N_("Hand {number} is still being played; finish it first."),
    "ladder_teacher": N_("The ladder is played by learners; a teacher's session has no wallet."),
    "ladder_which_page": N_("Say which page this is (the name the ladder's page made for itself)."),
    "ladder_not_at_hand": N_("The dealer does not have this game at hand: continue it from the lobby."),
    "ladder_stale": N_("That was sent for an earlier moment of this game (twice, or from a page that was behind), "
                       "so nothing was done. Here is the game as it is now."),
    "ladder_bots_stuck": N_("The computer opponents did not finish their turns; try again."),
    # a table's own refusals (pokerlab.dealer.tables)
    "table_code": N_("A table code is 6 letters and digits, like K7Q2MX; {given} is not one."),
    "unknown_game": N_("A live table plays Five-Card Draw or Saloon Draw; {given} is neither."),
    "seat_count": N_("A table has {low} to {high} seats; {given} is not allowed."),
    "forced_bet": N_("The forced bet is antes or blinds, not {given}."),
    "bot_level": N_("Computer opponents have levels {low} to {high}; not {given}."),
    "time_to_act": N_("The time to act is one of {times} seconds; not {given}."),
    "saloon_limits": N_("Saloon Draw's ante and limits come from its lists (ante $5, $25 or $50; round one $5-$15, "
                        "$5-$25 or $25-$50; round two $5-$25, $5-$50 or $25-$100)."),
    "settings_unreadable": N_("These are not table settings pokerlab can read."),
    "settings_not_number": N_("The table's settings have a value that is not a number where one is needed."),
    "seats_full": N_("Every seat at this table is taken by a learner; try another table."),
    "no_such_seat": N_("This table has seats 1 to {seats}; there is no seat {seat}."),
    "seat_taken": N_("Seat {seat} is taken; the free seats are {free}."),
    "seat_taken_none_free": N_("Seat {seat} is taken; no seat is free."),
    "table_closed": N_("This table has closed."),
    "not_seated": N_("You are not seated at this table."),
    "no_hand": N_("No hand is being played; deal one first."),
    "not_your_turn": N_("It is {name}'s turn, not yours."),
    "computer_seat": N_("Seat {seat} is played by a computer opponent."),
    "table_unreadable": N_("This is not a table pokerlab can go on with: {error}."),
    "match_unreadable": N_("This table's match cannot be read back; it cannot go on."),
    # quizzes and kept hands (pokerlab.dealer.quiz_service)
    "quiz_unknown": N_("The dealer grades no quiz called {given}."),
    "quiz_no_level": N_("There is no level {level}; choose one of {levels}."),
    "quiz_not_waiting": N_("The dealer is not waiting for an answer to that question (it may have restarted); ask "
                           "for the next question."),
    "quiz_no_choice": N_("Choice {choice} does not exist; choose a number from 0 to {last}."),
    "quiz_cannot_keep": N_("The dealer could not keep your answer just now; answer again in a moment."),
    "quiz_lesson_name": N_("A lesson is named with 1 to 64 lower-case letters, digits, '-', '_' or '.', like "
                           "'05-betting'; {given} is not one."),
    "quiz_language": N_("pokerlab does not speak {given}; the languages are: {languages}."),
    "quiz_learners": N_("Quizzes and hands are the learners'; the teacher reads the board."),
    "quiz_board_teacher": N_("Only the teacher reads everyone's quiz answers and lessons."),
    "no_quiz_page": N_("The dealer has no such quiz page."),
    "no_quiz_request": N_("The dealer has no such quiz request."),
    "hand_pot_size": N_("A pot's size is a whole number of chips; {given} is not one."),
    "hand_outcome": N_("An outcome is won, lost or even."),
    "no_kept_hand": N_("You have no kept hand with that number."),
    # the kernel's side (pokerlab.dealer.client)
    "dealer_away": N_("The live tables' dealer is not answering just now (it may be starting or restarting). Try "
                      "again in a moment."),
    "dealer_late": N_("The live tables' dealer did not answer in time."),
    "dealer_late_again": N_("The dealer did not answer in time; try again."),
    "connection_closed": N_("The dealer closed the table's connection."),
    "connection_not_open": N_("The table's connection is not open."),
    "sign_in_first": N_("Sign in to the dealer first."),
    "table_refused": N_("The dealer refused this table."),
    "refused": N_("The dealer refused that."),
}
"""Every refusal of the dealer (and of the kernel's client of it) by code: its English, with places."""

NOTICES: Final = {
    "back": N_("{name} is back."),
    "sat_down": N_("{name} sits down in seat {seat}."),
    "left": N_("{name} has left the table; their chips wait for them."),
    "paused": N_("The teacher has paused the table."),
    "plays_on": N_("The table plays on."),
    "left_checks": N_("{name} has left, so checks."),
    "left_stands_pat": N_("{name} has left, so stands pat."),
    "left_folds": N_("{name} has left, so folds."),
    "timeout_checks": N_("{name} ran out of time and checks."),
    "timeout_stands_pat": N_("{name} ran out of time and stands pat."),
    "timeout_folds": N_("{name} ran out of time and folds."),
    "closed": N_("The table has closed."),
    "match_over": N_("The match is over."),
    "match_won": N_("The match is over: {name} has all the chips."),
    "hand_called_off": N_("The hand in play could not be resumed after the dealer restarted, so it was called off: "
                          "every chip went back to where it was when the hand began."),
    "connection_lost": N_("The connection to the table was lost."),
}
"""What a live table says to everyone at it, by code: its English, with places."""

ENGLISH: Final = "english"
"""The code of words only known in English (an error of a lower layer, a dealer of an older pokerlab):
``values["text"]`` is shown as it is."""
STORAGE: Final = "storage"
"""The code of a storage failure (:class:`pokerlab.storage.guarded.KeepError`): ``values`` are what it is
made of (:meth:`~pokerlab.storage.guarded.KeepError.to_values`), said by :func:`pokerlab.storage.saves.failure_text`."""
WORDED: Final = "worded"
"""The code of an error of a lower layer worded as a message of the catalogue
(:class:`~pokerlab.errors.WordedError`): ``values`` hold the ``message`` and its ``places``."""
ILLEGAL: Final = "illegal_action"
"""The code of the engine's refusal of an action: ``values`` are the engine's own data
(:class:`~pokerlab.draw.errors.IllegalActionError`), said by :func:`pokerlab.narration.refusal_sentence`."""


@dataclass(frozen=True)
class Said:
    """Something the dealer says: a code of :data:`REFUSALS` or :data:`NOTICES` and its values
    (names, seats, counts: plain JSON)."""

    code: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def text(self, language: str = lang.DEFAULT) -> str:
        """The words in ``language``. A code this pokerlab does not know (a newer dealer's) is said
        with the English the dealer sent beside it, if any."""
        if self.code == ILLEGAL:
            return _illegal(self.values, language)
        if self.code == STORAGE:
            return _storage(self.values, language)
        if self.code == WORDED:
            return _worded(self.values, language)
        message = REFUSALS.get(self.code) or NOTICES.get(self.code)
        if message is None:
            return str(self.values.get("text", self.code))
        values = {key: player_name(value, language) if key == "name" and isinstance(value, str) else value
                  for key, value in self.values.items()}
        try:
            return lang.gettext(language, message).format(**values)
        except (KeyError, IndexError, ValueError):  # values that do not fit (a dealer of another pokerlab)
            return str(self.values.get("text", message))

    def __str__(self) -> str:
        return self.text()

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "values": dict(self.values)}

    @classmethod
    def from_json(cls, data: object) -> Said | None:
        """A :meth:`to_json` back (None for none); English kept by an older dealer (a string) is read
        back into its code and values (:meth:`from_english`)."""
        if not data:
            return None
        if isinstance(data, str):
            return cls.from_english(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("code"), str):
            raise ValueError(f"Not something the dealer said: {data!r:.80}")
        values = data.get("values") or {}
        return cls(data["code"], dict(values) if isinstance(values, Mapping) else {})

    @classmethod
    def from_english(cls, text: str) -> Said:
        """Words an older dealer kept in English (a table's notice), as their code and values; words
        it does not know stay as they are (:data:`ENGLISH`)."""
        codes = {message: code for code, message in NOTICES.items()}
        found = lang.read_back(text, NOTICES.values())
        if found is None:
            return cls(ENGLISH, {"text": text})
        message, values = found
        return cls(codes[message], {key: int(value) if value.isdigit() else value for key, value in values.items()})


def player_name(name: str, language: str) -> str:
    """A player's name in ``language`` ("Bo (computer)" is "Bo (ordenador)" in Spanish)."""
    if language == lang.DEFAULT:
        return name
    return lang.retell(language, name, (COMPUTER_NAME,)) or name


def _illegal(values: Mapping[str, Any], language: str) -> str:
    try:
        error = IllegalActionError(values["refusal"], values.get("seat"), Action.from_json(values["attempted"]),
                                   tuple(LegalAction.from_json(offer) for offer in values.get("legal", ())),
                                   values.get("details") or {})
        return refusal_sentence(error, Voice(viewer=error.seat, language=language))
    except (KeyError, TypeError, ValueError, PokerlabError):
        return str(values.get("text", ""))


def _storage(values: Mapping[str, Any], language: str) -> str:
    # deferred: the storage layer (SQLAlchemy, about 0.25 s) only when a page says a storage failure (issue 30)
    from pokerlab.storage.saves import failure_text

    english = str(values.get("text", ""))
    sentence, doing = values.get("sentence"), values.get("doing")
    if language == lang.DEFAULT or not isinstance(sentence, str) or not isinstance(doing, str):
        return english
    try:
        return failure_text(language, sentence, doing, dict(values.get("values") or {}), dict(values.get("places") or {}))
    except (KeyError, IndexError, ValueError, TypeError):  # values that do not fit (a dealer of another pokerlab)
        return english


class Refusal(PokerlabError):
    """A refusal with a code (of :data:`REFUSALS`) and its values; ``status`` is the HTTP status to
    answer with; its str is the English, for logs. A refusal still written as an English sentence
    (a service that has no codes yet) is kept as :data:`ENGLISH` words."""

    def __init__(self, code: str | Said, status: int = 400, **values: Any) -> None:
        if isinstance(code, Said):
            self.said = code
        elif code in REFUSALS or code in NOTICES or code in (ILLEGAL, STORAGE):
            self.said = Said(code, values)
        else:
            self.said = Said(ENGLISH, {"text": code})
        self.status = status
        super().__init__(self.said.text())

    @property
    def code(self) -> str:
        return self.said.code

    def text(self, language: str = lang.DEFAULT) -> str:
        return self.said.text(language)


def _worded(values: Mapping[str, Any], language: str) -> str:
    """A :class:`~pokerlab.errors.WordedError`'s words in ``language`` (its English if they do not fit)."""
    message, places = values.get("message"), values.get("places")
    if isinstance(message, str) and isinstance(places, Mapping):
        try:
            return lang.gettext(language, message).format(**places)
        except (KeyError, IndexError, ValueError):
            pass
    return str(values.get("text", ""))


def said_of(error: BaseException) -> Said:
    """What ``error`` says, as data to send: a :class:`Refusal`'s code and values, the engine's
    refusal of an action with its data, else the English of an error of a layer that knows no codes."""
    if isinstance(error, Refusal):
        return error.said
    if isinstance(error, IllegalActionError):
        details = json.loads(json.dumps(error.details, default=str))  # cards as their text
        return Said(ILLEGAL, {"refusal": error.code, "seat": error.seat, "attempted": error.attempted.to_json(),
                              "legal": [offer.to_json() for offer in error.legal], "details": details,
                              "text": str(error)})
    if isinstance(error, WordedError):
        return Said(WORDED, {"message": error.message, "places": dict(error.values), "text": str(error)})
    return Said(ENGLISH, {"text": str(error)})


def answer_of(error: BaseException) -> dict[str, Any]:
    """A refusal as the dealer sends it: its English (for older pages and logs), its code and values."""
    return {"error": str(error), **said_of(error).to_json()}


def text_of(error: BaseException, language: str = lang.DEFAULT) -> str:
    """``error`` as a page in ``language`` says it."""
    return said_of(error).text(language)


__all__ = ["COMPUTER_NAME", "ENGLISH", "ILLEGAL", "NOTICES", "REFUSALS", "STORAGE", "WORDED", "Refusal", "Said",
           "answer_of", "player_name", "said_of", "text_of"]
