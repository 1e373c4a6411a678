"""Class-game reviews as codes (issue 27): nothing stored is English.

Before this revision each decision of ``class_results.review`` (JSON) was kept in English words, as the
review panel said them (``{"stage": "The draw", "played": "kept K♥ K♦ and drew 3", "coach": "call 10
chips", ...}``), and the teacher's board read the words back. From here on a decision is codes and
numbers (:mod:`pokerlab.classroom.reviews`): ``phase``, ``action``, ``amount``, ``owed``, ``coach_action``
with ``coach_to``/``bet_size`` or ``coach_kept``, and the cards; the words are made in the reader's
language when the board shows them.

Upgrading reads every English sentence pokerlab wrote back into those codes (``owed`` is kept only where
the English said it: a call the coach would make, a fold or check when checking was free, a bet); a
sentence pokerlab never wrote stops the upgrade with a message that names the row, and nothing changes.
Downgrading writes the same English again, byte for byte for a review that came from English.

The words here are frozen copies of the English of pokerlab 0.1 (a migration must not change with the
catalogue).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

from __future__ import annotations

import json
import re
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

STAGES = {"Before the draw": "betting_one", "The draw": "draw", "After the draw": "betting_two"}
SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_AMOUNT = r"(\$[\d,]+|[\d,]+ chips?)"


class ReviewTextError(RuntimeError):
    """An English review that is not one pokerlab wrote: the upgrade stops and nothing changes."""


def _amount(text: str) -> int:
    return int(text.lstrip("$").split(" ")[0].replace(",", ""))


def _money(amount: int, dollars: bool) -> str:
    """English amounts as pokerlab 0.1 wrote them: ``'$1,000'``, ``'1 chip'``, ``'1,000 chips'``."""
    if dollars:
        return f"${amount:,}"
    return f"{amount:,} chip" + ("" if amount == 1 else "s")


def _pretty(code: str) -> str:
    return ("10" if code[0] == "T" else code[0]) + SUITS[code[1]]


def _card_code(pretty: str) -> str:
    rank, suit = pretty[:-1], pretty[-1]
    codes = {symbol: letter for letter, symbol in SUITS.items()}
    if suit not in codes or rank not in {"10", *"23456789JQKA"}:
        raise ValueError(pretty)
    return ("T" if rank == "10" else rank) + codes[suit]


def _kept_from(text: str, cards: list[str], past: bool) -> list[str]:
    """The cards kept, from ``'stood pat'``/``'drew 5'``/``'kept K♥ K♦ and drew 3'`` (or the coach's
    ``'stand pat'``, ``'draw 5'``, ``'keep ... and draw 3'``)."""
    if text == ("stood pat" if past else "stand pat"):
        return list(cards)
    if re.fullmatch(r"drew \d" if past else r"draw \d", text):
        return []
    found = re.fullmatch(r"kept (.+) and drew \d" if past else r"keep (.+) and draw \d", text)
    if found is None:
        raise ValueError(text)
    return [_card_code(card) for card in found.group(1).split(" ")]


def _bet_from(text: str) -> dict[str, Any]:
    """What the learner did at a betting turn, from the English."""
    if text in ("folded", "folded (checking was free)"):
        return {"action": "fold", "amount": 0, **({"owed": 0} if text.endswith("free)") else {})}
    if text == "checked":
        return {"action": "check", "amount": 0, "owed": 0}
    for action, pattern in (("call", rf"called {_AMOUNT}"), ("bet", rf"bet {_AMOUNT}"), ("raise", rf"raised to {_AMOUNT}"),
                            ("all_in", rf"went all-in \({_AMOUNT}\)")):
        found = re.fullmatch(pattern, text)
        if found is not None:
            return {"action": action, "amount": _amount(found.group(1)), **({"owed": 0} if action == "bet" else {})}
    raise ValueError(text)


def _coach_from(text: str) -> dict[str, Any]:
    """The coach's betting choice, from the English."""
    if text in ("fold", "check"):
        return {"coach_action": text}
    for action, pattern, key in (("call", rf"call {_AMOUNT}", "owed"), ("bet", rf"bet {_AMOUNT}", "bet_size"),
                                 ("raise", rf"raise to {_AMOUNT}", "coach_to")):
        found = re.fullmatch(pattern, text)
        if found is not None:
            return {"coach_action": action, key: _amount(found.group(1))}
    raise ValueError(text)


def decision_to_codes(item: dict[str, Any], dollars: bool) -> dict[str, Any]:
    """One decision stored in English as codes (a decision already in codes is returned as it is). A
    decision whose codes would not give its English back exactly raises ValueError."""
    if "phase" in item:
        return item
    new = _codes(item)
    if decision_to_english(new, dollars) != item:
        raise ValueError(item)
    return new


def _codes(item: dict[str, Any]) -> dict[str, Any]:
    phase = STAGES[item["stage"]]
    cards = list(item.get("cards") or ())
    if phase == "draw":
        kept = list(item["kept"]) if "kept" in item else _kept_from(item["played"], cards, past=True)
        new: dict[str, Any] = {"phase": phase, "action": "draw", "amount": 0, "owed": 0, "coach_action": "draw",
                               "coach_kept": _kept_from(item["coach"], cards, past=False)}
    else:
        played, coach = _bet_from(item["played"]), _coach_from(item["coach"])
        owed = coach.pop("owed", played.get("owed"))
        new = {"phase": phase, "action": played["action"], "amount": played["amount"],
               **({} if owed is None else {"owed": owed}), **coach}
    new.update({key: item[key] for key in ("matches", "chips", "big_bets", "cards") if key in item})
    if phase == "draw":
        new["kept"] = kept
    return new


def _draw_words(kept: list[str], cards: list[str], past: bool) -> str:
    drawn = len(cards) - len(kept)
    if not drawn:
        return "stood pat" if past else "stand pat"
    if not kept:
        return f"drew {drawn}" if past else f"draw {drawn}"
    shown = " ".join(_pretty(card) for card in kept)
    return f"kept {shown} and drew {drawn}" if past else f"keep {shown} and draw {drawn}"


def decision_to_english(item: dict[str, Any], dollars: bool) -> dict[str, Any]:
    """One decision in codes as pokerlab 0.1 stored it, in English (an English one is returned as it is)."""
    if "stage" in item:
        return item
    stage = next(words for words, phase in STAGES.items() if phase == item["phase"])
    cards = list(item.get("cards") or ())
    if item["phase"] == "draw":
        played = _draw_words(list(item.get("kept") or ()), cards, past=True)
        coach = _draw_words(list(item.get("coach_kept") or ()), cards, past=False)
    else:
        action, amount = item["action"], _money(int(item.get("amount") or 0), dollars)
        played = {"fold": "folded" + (" (checking was free)" if item.get("owed") == 0 else ""), "check": "checked",
                  "call": f"called {amount}", "bet": f"bet {amount}", "raise": f"raised to {amount}",
                  "all_in": f"went all-in ({amount})"}[action]
        coach_action = item["coach_action"]
        coach = {"fold": "fold", "check": "check",
                 "call": f"call {_money(int(item.get('owed') or 0), dollars)}",
                 "bet": f"bet {_money(int(item.get('bet_size') or 0), dollars)}",
                 "raise": f"raise to {_money(int(item.get('coach_to') or 0), dollars)}"}[coach_action]
    old = {"stage": stage, "played": played, "coach": coach}
    old.update({key: item[key] for key in ("matches", "chips", "big_bets", "cards", "kept") if key in item})
    return old


_results = sa.table("class_results", sa.column("game_id"), sa.column("learner_id"), sa.column("deal_number"),
                    sa.column("review"))
_games = sa.table("class_games", sa.column("id"), sa.column("settings"))


def _rewrite(change: Any) -> None:
    connection = op.get_bind()
    dollars = {row.id: json.loads(row.settings).get("variant") == "saloon-draw"
               for row in connection.execute(sa.select(_games.c.id, _games.c.settings))}
    rows = connection.execute(sa.select(_results.c.game_id, _results.c.learner_id, _results.c.deal_number,
                                        _results.c.review).where(_results.c.review.is_not(None))).all()
    for row in rows:
        decisions = []
        for item in json.loads(row.review):
            try:
                decisions.append(change(item, dollars.get(row.game_id, False)))
            except (AttributeError, KeyError, ValueError, TypeError):
                raise ReviewTextError(
                    f"Revision 0012 cannot read the coach's review of class game {row.game_id}, learner "
                    f"{row.learner_id}, deal {row.deal_number}: the decision {json.dumps(item, ensure_ascii=False)} is "
                    "not one pokerlab wrote. Nothing was changed; correct or remove that review "
                    "(class_results.review) and try again.") from None
        text = json.dumps(decisions)
        if text != row.review:
            connection.execute(sa.update(_results).where(
                _results.c.game_id == row.game_id, _results.c.learner_id == row.learner_id,
                _results.c.deal_number == row.deal_number).values(review=text))


def upgrade() -> None:
    _rewrite(decision_to_codes)


def downgrade() -> None:
    _rewrite(decision_to_english)
