"""Predict, then see: a question the hand stepper can ask before it shows the next step.

Each question is built from two neighbouring :class:`~pokerlab.lessons.scripted.Step` values, which the
engine computed: the step on show and the one about to be shown. The question tells the learner the
next action (as the step will name it, so a draw says how many cards, never which) and asks either

* what the next player **may do** then: the right choice is the engine's list of legal actions, the
  others are that list changed the way beginners get it wrong (a raise after the cap, a check while
  facing a bet, a call of the whole bet forgetting the chips already in, the other round's bet size); or
* how many chips the **pot** holds then: the right number is the engine's pot, the others are the
  usual slips (nothing added, the whole "raise to" added, a folder's chips taken back out).

Only public numbers go into a question, and the right answer stays in Python until the learner picks.
A question is worked out from the engine's English labels ("Call 30") and then said in the reader's
``language``: the same choices in the same order, so the right one is the same in every language.

>>> from pokerlab.lessons import cap_hand
>>> question = prediction(cap_hand().steps(), 4)
>>> question.kind, question.prompt
('action', 'Next: Seat 1 raises to 40. What may Seat 2 do then?')
>>> question.choices
('Fold · Call 30', 'Fold · Call 30 · Raise to 50', 'Fold · Call 40')
>>> question.choices[question.answer]
'Fold · Call 30'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from pokerlab import language as lang
from pokerlab.language import NP_
from pokerlab.lessons.scripted import Step
from pokerlab.lessons.words import say_again
from pokerlab.narration import cap_text

__all__ = ["Prediction", "prediction", "predictions"]

SEP = " · "


@dataclass(frozen=True)
class Prediction:
    """A question about step ``step`` asked while step ``step - 1`` is on show."""

    step: int
    kind: Literal["action", "pot"]
    prompt: str
    choices: tuple[str, ...]
    answer: int
    """Index of the right choice (kept in Python: :meth:`public` leaves it out)."""
    why: str

    def public(self) -> dict[str, Any]:
        """What the browser is sent before the learner answers: no answer, no explanation."""
        return {"step": self.step, "kind": self.kind, "prompt": self.prompt, "choices": list(self.choices)}

    language: str = lang.DEFAULT

    def feedback(self, choice: int) -> dict[str, Any]:
        """The verdict on ``choice`` with the reason (the right choice named when it was missed)."""
        if not 0 <= choice < len(self.choices):
            raise ValueError(f"There is no choice {choice}: pick 0 to {len(self.choices) - 1}.")
        right = choice == self.answer
        _ = lang.catalogue(self.language).gettext
        lead = _("Right.") if right else _("Not quite: it is {answer}.").format(answer=self.choices[self.answer])
        return {"choice": choice, "right": right, "answer": self.answer, "text": f"{lead} {self.why}"}


def _move(step: Step) -> tuple[str, str, str]:
    """(who, the kind of move, its number or cards) from a step's label such as "Seat 1: raise 40"."""
    who, _, what = step.action.partition(": ")
    words = what.strip()
    head, _, rest = words.partition(" ")
    if words == "stand pat":
        return who, "stand pat", ""
    if head == "all_in":
        head = "all-in"
    return who, head, rest


MOVE_WORDS: Final = {
    "raise": NP_("they do", "raises to {rest}"), "bet": NP_("they do", "bets {rest}"), "call": NP_("they do", "calls"),
    "fold": NP_("they do", "folds"), "check": NP_("they do", "checks"), "stand pat": NP_("they do", "stands pat"),
    "all-in": NP_("they do", "goes all-in"), "all-in with": NP_("they do", "goes all-in with its last {stack} chips"),
    "draw cards": NP_("they do", "draws {rest}"),
}
"""What the next player does, as a question tells it ("Next: Seat 1 raises to 40.")."""


def _move_words(kind: str, rest: str, language: str, stack: int | None = None) -> str:
    """The move in ``language``: "raises to 40", "draws 2 cards", "goes all-in with its last 17 chips"."""
    if kind == "draw":
        if language == lang.DEFAULT:  # the English the lessons have always said (a step names the count)
            return f"draws {rest} card" + ("" if rest == "1" else "s")
        if not rest.isdigit():  # the reader's own draw names the cards
            return lang.catalogue(language).pgettext("they do", MOVE_WORDS["draw cards"]).format(rest=rest)
        return lang.ngettext(language, "draws {count} card", "draws {count} cards", int(rest)).format(count=rest)
    if kind == "all-in" and stack is not None:
        return lang.catalogue(language).pgettext("they do", MOVE_WORDS["all-in with"]).format(
            stack=_number(stack, language))
    if kind not in MOVE_WORDS:
        return f"{kind}s {rest}".strip()
    return lang.catalogue(language).pgettext("they do", MOVE_WORDS[kind]).format(
        rest=say_again(rest, language) if rest else "")


def _next_move(now: Step, then: Step, language: str = lang.DEFAULT) -> tuple[str, str, str]:
    """(who, their kind of move, what they do in words), an all-in with the chips it puts in (the stack
    on show before it)."""
    who, kind, rest = _move(then)
    seat = _seat(now.view, who)
    return who, kind, _move_words(kind, rest, language, seat["stack"] if kind == "all-in" and seat else None)


def _seat(view: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((player for player in view["players"] if player["name"] == name), None)


def _round_size(view: dict[str, Any]) -> int:
    limits = view["round_limits"]
    return int(limits[1] if view["phase"] == "betting_two" else limits[0])


def _say(language: str, choice: str) -> str:
    """A choice ("Fold · Call 30") in ``language``."""
    return SEP.join(say_again(item, language) for item in choice.split(SEP))


def _action_question(now: Step, then: Step, language: str = lang.DEFAULT) -> Prediction | None:
    """What may the next actor do? None when the next step is not a betting decision."""
    view = then.view
    if not then.options or view["actor"] is None:
        return None
    actor = view["players"][view["actor"]]
    right = tuple(then.options)
    current, mine, size = int(view["current_bet"]), int(actor["bet"]), _round_size(view)
    owed = current - mine
    cap = view["cap"]
    if owed > 0 and not any(item.startswith(("Call ", "All-in")) for item in right):
        return None  # too few chips to call, and the rules give no all-in: nothing to reason out
    raising = any(item.startswith("Raise to") for item in right)
    short = any(item.startswith("All-in") for item in right)
    wrong: list[tuple[str, ...]] = []
    if raising:  # thinking the cap is already reached
        wrong.append(tuple(item for item in right if not item.startswith("Raise to")))
    elif owed > 0 and not short:  # raising after the cap, or after a short all-in
        wrong.append((*right, f"Raise to {current + size}"))
    if owed > 0 and mine > 0:  # paying the whole bet, forgetting what is already in front of you
        wrong.append(tuple(f"Call {current}" if item == f"Call {owed}" else item for item in right))
    if owed > 0:  # checking while facing a bet
        wrong.append(tuple("Check" if item.startswith("Call ") else item for item in right))
    other = [int(limit) for limit in view["round_limits"] if int(limit) != size]
    if other and any(item == f"Bet {size}" for item in right):  # the other round's bet size
        wrong.append(tuple(f"Bet {other[0]}" if item == f"Bet {size}" else item for item in right))
    if "Check" in right:  # having to pay although nobody has bet
        wrong.append(tuple(f"Call {size}" if item == "Check" else item for item in right
                           if not item.startswith("Bet")))
    answer = SEP.join(right)
    mistakes = [text for text in dict.fromkeys(SEP.join(item) for item in wrong) if text != answer][:2]
    choices = sorted([answer, *mistakes])
    if len(choices) < 2:
        return None
    _ = lang.catalogue(language).gettext
    name = say_again(actor["name"], language)
    number = _number
    cap_words = _cap_words(then, language)
    if owed > 0:
        why = _("{name} has {mine} in front of them and the bet is {current}, so calling costs {owed}; ").format(
            name=name, mine=number(mine, language), current=number(current, language), owed=number(owed, language))
        if not raising and not short and cap["raises_left"] > 0 and cap["raising_open"]:
            why += _("no raise: the last raise was a short all-in, which does not reopen the raising for "
                     "a player who has already acted ({cap}).").format(cap=cap_words)
        else:
            why += _("the cap: {cap}.").format(cap=cap_words)
    else:
        bet = next((item for item in right if item.startswith("Bet ")), None)
        size_words = _(" ({bet} in this round)").format(bet=_lower(say_again(bet, language))) if bet else ""
        why = _("Nobody has bet more than {name} this round, so {name} may check or bet{size}; the cap: {cap}.").format(
            name=name, size=size_words, cap=cap_words)
    who, _kind, words = _next_move(now, then, language)
    prompt = _("Next: {who} {does}. What may {name} do then?").format(who=say_again(who, language), does=words, name=name)
    return Prediction(then.number, "action", prompt, tuple(_say(language, choice) for choice in choices),
                      choices.index(answer), why, language)


def _number(value: int, language: str) -> str:
    """A number in a question: as Python prints it in English (as the lessons always have), else as the
    language writes it."""
    return str(value) if language == lang.DEFAULT else lang.format_number(value, language)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _cap_words(step: Step, language: str = lang.DEFAULT) -> str:
    return cap_text(step.view["cap"], language)


def _pot_question(now: Step, then: Step, language: str = lang.DEFAULT) -> Prediction | None:
    """How many chips are in the pot after the next action? None for a draw (it moves no chips)."""
    who, kind, words = _next_move(now, then, language)
    if kind in ("draw", "stand pat") or not who:
        return None
    before, after = int(now.view["pot_total"]), int(then.view["pot_total"])
    was, now_seat = _seat(now.view, who), _seat(then.view, who)
    if was is None or now_seat is None:
        return None
    added = after - before
    if added != int(now_seat["contributed"]) - int(was["contributed"]):
        return None  # others' chips moved by themselves in the same step (an automatic call)
    size = _round_size(now.view) if now.view["phase"] in ("betting_one", "betting_two") else 0
    wrong = [before + int(now_seat["bet"]), after + size, after - size]
    if added > 0:
        wrong.insert(0, before)
    if kind == "fold":
        wrong.insert(0, before - int(was["contributed"]))
    options = [after] + [value for value in dict.fromkeys(wrong) if value >= 0 and value != after][:2]
    if len(options) < 2:
        return None
    choices = sorted(options)
    _ = lang.catalogue(language).gettext
    name = say_again(who, language)

    def number(value: int) -> str:
        return _number(value, language)

    if added == 0 and kind == "fold":
        why = _("A fold puts nothing in and takes nothing out: the {chips} chips {name} put in stay in the pot, "
                "which stays at {after}.").format(chips=number(was["contributed"]), name=name, after=number(after))
    elif added == 0:
        why = _("A check puts no chips in: the pot stays at {after}.").format(after=number(after))
    else:
        why = _("{name} had {was} in front of them this round and now has {now}, so {added} went in: "
                "{before} + {added} = {after}.").format(name=name, was=number(was["bet"]), now=number(now_seat["bet"]),
                                                        added=number(added), before=number(before), after=number(after))
    prompt = _("Next: {who} {does}. How many chips are in the pot then?").format(who=name, does=words)
    return Prediction(then.number, "pot", prompt, tuple(number(value) for value in choices), choices.index(after), why,
                      language)


def prediction(steps: Sequence[Step], number: int, language: str = lang.DEFAULT) -> Prediction | None:
    """The question to ask before showing step ``number`` (None when there is nothing to ask), in ``language``.

    Both kinds are asked in turn: an even step asks what the next player may do, an odd step the
    pot, when that kind can be asked there; otherwise the other kind."""
    if not 1 <= number < len(steps):
        return None
    now, then = steps[number - 1], steps[number]
    kinds = (_action_question, _pot_question) if number % 2 == 0 else (_pot_question, _action_question)
    for build in kinds:
        question = build(now, then, language)
        if question is not None:
            return question
    return None


def predictions(steps: Sequence[Step], language: str = lang.DEFAULT) -> dict[int, Prediction]:
    """Every question a stepper over ``steps`` can ask, by the step it comes before."""
    found = {number: prediction(steps, number, language) for number in range(1, len(steps))}
    return {number: question for number, question in found.items() if question is not None}

