"""The three draw-poker apps in the kernel: lobby, table, end screens, saves, the wallet.

The apps are driven exactly as the browser drives them: by the custom messages the table sends
(``_handle_custom_msg``), so what is tested is what a click does.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pokerlab.ladder import LEVELS, LadderRun, _unlock
from pokerlab.match import SALOON_KIND, save_saloon, saloon_match
from pokerlab.storage import HighScores, Wallet, saves
from pokerlab.narration import fold_warning
from pokerlab.widgets.apps import FiveCardDrawApp, LadderApp, SaloonApp, app_seed
from pokerlab.widgets.table import DrawTable

Policy = Callable[[dict[str, Any]], dict[str, Any]]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own saves folder, wallet and high score table."""
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("POKERLAB_TEST_MODE", "1")
    monkeypatch.delenv("POKERLAB_SEED", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    return tmp_path


def send(table: DrawTable, content: dict[str, Any]) -> None:
    """What the browser's ``model.send(content)`` does in the kernel."""
    table._handle_custom_msg(content, [])


def passive(table: dict[str, Any]) -> dict[str, Any]:
    """Check or call when asked to bet, stand pat at the draw."""
    kinds = [item["kind"] for item in table["legal"]]
    if "draw" in kinds:
        return {"type": "act", "kind": "draw", "discards": []}
    for kind in ("check", "call", "all_in"):
        if kind in kinds:
            item = next(i for i in table["legal"] if i["kind"] == kind)
            return {"type": "act", "kind": kind, **({"amount": item["min_to"]} if kind == "all_in" else {})}
    return {"type": "act", "kind": "fold"}


def aggressive(table: dict[str, Any]) -> dict[str, Any]:
    """Raise (or bet) the most allowed whenever possible; throw the first three cards."""
    legal = {item["kind"]: item for item in table["legal"]}
    if "draw" in legal:
        me = table["players"][table["learner_seat"]]
        return {"type": "act", "kind": "draw", "discards": me["cards"][:3]}
    for kind in ("raise", "bet"):
        if kind in legal:
            return {"type": "act", "kind": kind, "amount": legal[kind]["max_to"]}
    return passive(table)


def play_hand(table: DrawTable, policy: Policy = passive, on_step: Callable[[], None] | None = None) -> None:
    """Play the current hand to its end as the browser would (bots one step at a time)."""
    for _ in range(500):
        payload = table.table
        if payload["phase"] == "over":
            return
        if payload["bot_turn"]:
            send(table, {"type": "step", "version": payload["version"]})
        else:
            send(table, policy(payload))
            assert table.message == "", table.message
        if on_step:
            on_step()
    raise AssertionError("the hand did not end")


def test_five_card_draw_lobby_offers_2_to_8_players_antes_or_blinds_ace_draw_and_bot_levels() -> None:
    app = FiveCardDrawApp(seed=1)
    fields = {field["name"]: field for field in app.table.lobby["fields"]}
    assert [option["value"] for option in fields["players"]["options"]] == [str(n) for n in range(2, 9)]
    assert {option["value"] for option in fields["forced_bet"]["options"]} == {"antes", "blinds"}
    assert {option["value"] for option in fields["ace_draw"]["options"]} == {"off", "on"}
    assert [option["value"] for option in fields["level"]["options"]] == [str(n) for n in range(1, 7)]
    send(app.table, {"type": "start", "fields": {"players": "8", "forced_bet": "blinds", "ace_draw": "on", "level": "5"}})
    match = app.table.match
    assert app.table.screen == "table"
    assert match.rules.player_count == 8 and match.rules.forced_bet == "blinds" and match.rules.ace_draw
    assert {bot.level for bot in match.bots.values()} == {5}


def test_only_the_engines_legal_actions_are_offered_with_their_amounts() -> None:
    app = FiveCardDrawApp(seed=2)
    send(app.table, {"type": "start", "fields": {"players": "3"}})
    app.table.skip()
    hand = app.table.match.hand
    assert app.table.table["legal"] == [
        {**item.to_json(), "key": {"fold": "F", "check": "C", "call": "C", "bet": "B", "raise": "R"}[item.kind.value],
         "warning": fold_warning(item)}
        for item in hand.legal_actions()
    ]


def test_an_illegal_discard_count_shows_the_engines_message_and_changes_nothing() -> None:
    app = FiveCardDrawApp(seed=3)
    send(app.table, {"type": "start", "fields": {"players": "2", "ace_draw": "off"}})
    table = app.table
    while table.table["phase"] != "draw" or table.table["bot_turn"]:
        if table.table["bot_turn"]:
            table.skip()
        else:
            send(table, passive(table.table))
    before = dict(table.table)
    me = before["players"][before["learner_seat"]]
    send(table, {"type": "act", "kind": "draw", "discards": me["cards"][:4]})
    assert "three" in table.message or "3" in table.message
    assert "Traceback" not in table.message
    assert table.table == before
    send(table, {"type": "act", "kind": "draw", "discards": me["cards"][:3]})
    assert table.message == ""
    assert table.table["players"][table.table["learner_seat"]]["draw_count"] == 3


def test_a_stale_step_is_ignored_and_skip_runs_the_opponents_to_the_learners_turn() -> None:
    app = FiveCardDrawApp(seed=4)
    send(app.table, {"type": "start", "fields": {"players": "6"}})
    table = app.table
    match = table.match
    if not table.table["bot_turn"]:
        send(table, passive(table.table))
    assert table.table["bot_turn"]
    actions = len(match.hand.actions)
    send(table, {"type": "step", "version": table.table["version"] - 1})
    assert len(match.hand.actions) == actions
    send(table, {"type": "skip"})
    assert not match.is_bot_turn()
    assert table.table["is_my_turn"] or table.table["phase"] == "over"


def test_test_mode_removes_the_pause_between_opponents(monkeypatch: pytest.MonkeyPatch) -> None:
    assert DrawTable().pause_ms == 0
    monkeypatch.setenv("POKERLAB_TEST_MODE", "0")
    assert DrawTable().pause_ms == 600


def test_seed_comes_from_the_argument_the_environment_or_the_page_query(monkeypatch: pytest.MonkeyPatch) -> None:
    assert app_seed(7) == 7
    monkeypatch.setenv("QUERY_STRING", "seed=42&stacks=500,3,500")
    assert app_seed() == 42
    monkeypatch.setenv("POKERLAB_SEED", "9")
    assert app_seed() == 9


def test_a_short_stack_from_the_test_query_makes_a_side_pot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=11&stacks=500,3,500")
    app = FiveCardDrawApp()
    send(app.table, {"type": "start", "fields": {"players": "3", "forced_bet": "antes"}})
    pots = app.table.table["pots"]
    assert [pot["label"] for pot in pots] == ["Main pot", "Side pot 1"]
    assert pots[0]["amount"] == 9 and "Ada" in pots[0]["eligible"] and "Ada" not in pots[1]["eligible"]


def test_the_match_ends_with_an_end_screen_and_play_again_starts_a_new_match() -> None:
    app = FiveCardDrawApp(seed=5)
    send(app.table, {"type": "start", "fields": {"players": "2", "level": "1"}})
    table = app.table
    for _ in range(400):
        if table.screen == "end":
            break
        play_hand(table, aggressive)
        send(table, {"type": "next"})
    assert table.screen == "end"
    match = table.match
    assert table.end["heading"] in ("You won the match!", "You are out of chips.")
    assert (table.end["heading"] == "You won the match!") == (match.winner == 0)
    assert [button["label"] for button in table.end["buttons"]][0] == "Play again"
    send(table, {"type": "app", "id": "again"})
    assert table.screen == "table" and table.match is not match
    assert table.match.rules.player_count == 2 and table.match.hand_number == 1


def test_showdown_names_each_hand_and_explains_the_winner() -> None:
    app = FiveCardDrawApp(seed=6)
    send(app.table, {"type": "start", "fields": {"players": "3", "level": "2"}})
    for _ in range(30):
        play_hand(app.table, passive)
        result = app.table.table["result"]
        if not result["won_by_fold"]:
            break
        send(app.table, {"type": "next"})
    hand_result = app.table.match.hand.results
    assert not result["won_by_fold"]
    assert result["hand_names"] == {app.table.match.names[seat]: name for seat, name in hand_result.hand_names.items()}
    assert all(pot["reason"] for pot in result["pots"])
    assert "Seat " not in json.dumps(result)  # seats are called by their players' names
    shown = [p for p in app.table.table["players"] if str(p["seat"]) in result["shown"]]
    assert all(None not in p["cards"] and p["hand_name"] for p in shown)


def heads_up_hand_folded_at_once() -> DrawTable:
    """A two-player Five-Card Draw table where the learner folded at the first chance."""
    app = FiveCardDrawApp(seed=7)
    send(app.table, {"type": "start", "fields": {"players": "2"}})
    table = app.table
    table.skip()
    send(table, {"type": "act", "kind": "fold"})
    table.skip()
    return table


def test_winning_by_folds_keeps_every_hand_hidden() -> None:
    table = heads_up_hand_folded_at_once()
    result = table.table["result"]
    assert result["won_by_fold"] and "everyone else folded" in result["headline"]
    assert table.table["players"][1]["cards"] == [None] * 5


def test_the_coach_opens_on_the_learners_own_cards_and_closes_after_the_draw() -> None:
    app = FiveCardDrawApp(seed=8)
    send(app.table, {"type": "start", "fields": {"players": "2"}})
    table = app.table
    table.skip()
    send(table, {"type": "coach"})
    me = table.table["players"][0]
    assert table.coach_open and app.coach_box.layout.display == "flex"
    assert app.coach.hand == me["cards"]
    assert app.coach.unseen_count == 47
    play_hand(table, passive)
    assert not table.coach_open and app.coach_box.layout.display == "none"


def test_saloon_lobby_offers_the_rule_books_antes_and_limits() -> None:
    app = SaloonApp(seed=1)
    fields = {field["name"]: field for field in app.table.lobby["fields"]}
    assert [o["value"] for o in fields["ante"]["options"]] == ["5", "25", "50"]
    assert [o["value"] for o in fields["round_one"]["options"]] == ["5-15", "5-25", "25-50"]
    assert [o["value"] for o in fields["round_two"]["options"]] == ["5-25", "5-50", "25-100"]
    assert fields["opponents"]["value"] == "4"
    send(app.table, {"type": "start", "fields": {"ante": "25", "round_one": "25-50", "round_two": "25-100"}})
    rules = app.table.match.rules
    assert rules.ante == 25 and rules.limits == ((25, 50), (25, 100)) and rules.player_count == 5


def test_saloon_save_and_restore_continue_exactly_where_the_game_was() -> None:
    app = SaloonApp(seed=3)
    send(app.table, {"type": "start", "fields": {}})
    table = app.table
    table.skip()
    send(table, passive(table.table))
    send(table, {"type": "app", "id": "save", "fields": {"save_name": "evening game"}})
    assert table.message.startswith('Saved as "evening game"')
    saved = dict(table.table)
    play_hand(table, aggressive)
    assert any(button.get("value") == "evening game" for button in table.side["buttons"])
    send(table, {"type": "app", "id": "restore", "value": "evening game"})
    assert table.message.startswith('Restored "evening game"')
    restored = dict(table.table)
    assert {k: v for k, v in restored.items() if k != "version"} == {k: v for k, v in saved.items() if k != "version"}


def test_saloon_save_errors_are_shown_in_plain_words(data_dir: Path) -> None:
    app = SaloonApp(seed=4)
    send(app.table, {"type": "start", "fields": {}})
    table = app.table
    send(table, {"type": "app", "id": "save", "fields": {"save_name": "../outside"}})
    assert "cannot be a save name" in table.message and "Nothing was saved" in table.message
    assert not list(data_dir.rglob("*.json"))
    save_saloon(saloon_match(seed=1), "broken")
    path = saves.save_path("broken", SALOON_KIND)
    path.write_text(path.read_text().replace('"hand_number"', '"hand_numbr"'))
    send(table, {"type": "app", "id": "lobby"})
    assert "checksum" in table.lobby["tables"][0]["rows"][0][2]
    send(table, {"type": "app", "id": "restore", "value": "broken"})
    assert table.message.startswith("Cannot restore") and "Traceback" not in table.message
    send(table, {"type": "app", "id": "restore", "value": "no such game"})
    assert "There is no saved game named 'no such game'" in table.message


def test_ladder_lobby_shows_the_level_map_wallet_and_locks(data_dir: Path) -> None:
    app = LadderApp(seed=1)
    lobby = app.table.lobby
    assert "Your wallet: 1,000 points." in lobby["paragraphs"]
    rows = lobby["tables"][0]["rows"]
    assert [(row[1], row[2], row[3]) for row in rows] == [
        (level.hand_count, f"{level.cost:,}", f"{level.award:,}") for level in LEVELS
    ]
    assert [button["disabled"] for button in lobby["buttons"]] == [False] + [True] * 5
    send(app.table, {"type": "app", "id": "level", "value": 2})
    assert "locked" in app.table.message and app.table.screen == "lobby"
    assert Wallet().balance() == 1000


def test_ladder_refuses_an_unaffordable_level_without_paying(data_dir: Path) -> None:
    wallet = Wallet()
    wallet.pay(900, "test")
    app = LadderApp(seed=1)
    send(app.table, {"type": "app", "id": "level", "value": 1})
    assert "level 1 costs 150 points; your wallet holds 100" in app.table.message
    assert wallet.balance() == 100 and app.table.screen == "lobby"


def test_ladder_offers_a_fresh_start_only_when_level_one_is_unaffordable(data_dir: Path) -> None:
    app = LadderApp(seed=1)
    assert "fresh" not in [button["id"] for button in app.table.lobby["buttons"]]
    Wallet().pay(900, "test")
    app.show_lobby()
    assert app.table.lobby["buttons"][0]["id"] == "fresh"
    send(app.table, {"type": "app", "id": "fresh"})
    assert app.table.message == "Fresh start: 900 points added to your wallet."
    assert Wallet().balance() == 1000
    assert "fresh" not in [button["id"] for button in app.table.lobby["buttons"]]


def test_ladder_level_one_pays_the_cost_plays_five_hands_and_settles_the_wallet(data_dir: Path) -> None:
    app = LadderApp(seed=2)
    send(app.table, {"type": "app", "id": "level", "value": 1})
    table = app.table
    assert Wallet().balance() == 850
    assert "Wallet: 850 points" in " ".join(table.side["paragraphs"])
    hands = 0
    while table.screen == "table":
        play_hand(table, passive)
        hands += 1
        assert len(table.table["standings"]) == 5
        send(table, {"type": "next"})
    assert hands == 5 and table.screen == "end"
    run = app.run
    advanced = run.advanced
    assert table.end["heading"] == ("Level 1 cleared: you advance!" if advanced else "Eliminated at level 1.")
    assert Wallet().balance() == 850 + (450 if advanced else 0)
    assert f"Wallet: 1,000 points before the level, {Wallet().balance():,} now." in table.end["paragraphs"]


def test_ladder_level_six_enters_the_score_in_the_high_score_table(data_dir: Path) -> None:
    wallet = Wallet()
    wallet.deposit(10_000, "test")
    _unlock(wallet.path, "you", 6)
    app = LadderApp(seed=3)
    send(app.table, {"type": "app", "id": "level", "value": 6})
    table = app.table
    while table.screen == "table":
        table.skip()
        if table.table["phase"] != "over":
            send(table, {"type": "act", "kind": "fold"} if table.table["legal"] else {"type": "skip"})
            continue
        send(table, {"type": "next"})
    assert "entered in the high score table" in " ".join(table.end["paragraphs"])
    top = HighScores().top()
    assert [(entry.name, entry.score) for entry in top] == [("you", app.run.score)]
    assert table.end["tables"][-1]["rows"][0][1:] == ["you", f"{app.run.score:+,}"]


def test_a_ladder_run_started_with_the_same_seed_deals_the_same_cards(data_dir: Path) -> None:
    """The app seats the learner exactly as LadderRun does (the browser test relies on it)."""
    app = LadderApp(seed=9)
    send(app.table, {"type": "app", "id": "level", "value": 1})
    twin = LadderRun.start(1, Wallet(data_dir / "twin.sqlite3"), seed=9)
    twin.match.deal()
    assert app.table.match.hand.cards(0) == twin.match.hand.cards(0)


def test_a_ladder_learner_without_chips_goes_straight_to_the_elimination_screen(data_dir: Path) -> None:
    app = LadderApp(seed=4)
    send(app.table, {"type": "app", "id": "level", "value": 1})
    table = app.table
    play_hand(table, passive)
    match = table.match
    match.stacks[0] = 0  # as if the learner had lost every chip in this hand
    match.out.add(0)
    table.refresh()
    assert table.table["learner_out"]
    send(table, {"type": "next"})
    assert table.screen == "end" and match.hand_number == 1  # the level ends when the learner is out
    assert table.end["heading"] == "Eliminated at level 1."
    assert Wallet().balance() == 850


def _codes_in(item: Any) -> set[str]:
    """Every card named in ``item``, whether as a code ("Kh") or pretty ("K♥", "10♥")."""
    text = json.dumps(item, ensure_ascii=False)
    codes = set(re.findall(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])", text))
    for rank, suit in re.findall(r"(?<![A-Za-z0-9])(10|[2-9JQKA])([♣♦♥♠])", text):
        codes.add(("T" if rank == "10" else rank) + "cdhs"["♣♦♥♠".index(suit)])
    return codes


@pytest.mark.parametrize("seed", [3, 12])
def test_the_review_panel_lists_each_decision_beside_the_coach_and_shows_no_card_the_learner_did_not_see(seed: int) -> None:
    from tests.widgets.test_hidden_information import secret_cards  # it imports this module

    app = FiveCardDrawApp(seed=seed)
    send(app.table, {"type": "start", "fields": {"players": "4"}})
    table = app.table
    play_hand(table, aggressive)
    hand, me = table.match.hand, table.match.learner_seat
    send(table, {"type": "review"})
    review = table.review
    mine = [e for e in hand.events if e.seat == me and e.kind in ("fold", "check", "call", "bet", "raise", "all_in", "draw")]
    assert review["hand_number"] == 1 and len(review["items"]) == len(mine)
    for item in review["items"]:
        assert item["played"] and item["coach"] and item["situation"].startswith(item["stage"])
        assert item["worth"] == "same as the coach ✓" if item["matches"] else item["worth"]
    learner_saw = {str(card) for card in hand.cards(me)}
    for event in hand.events:
        if event.seat == me and event.kind in ("deal", "draw"):
            learner_saw |= {str(card) for card in (*event.cards, *event.received)}
    assert _codes_in(review) <= learner_saw
    assert not _codes_in(review) & secret_cards(hand, me)
    send(table, {"type": "review"})
    assert table.review == {}
    send(table, {"type": "next"})
    assert table.review == {} and table.table["hand_number"] == 2


def test_a_hand_the_learner_folded_at_once_says_so_plainly() -> None:
    table = heads_up_hand_folded_at_once()
    send(table, {"type": "review"})
    review = table.review
    assert len(review["items"]) == 1 and review["items"][0]["played"].startswith("folded")
    assert "You folded before the draw, so there was no draw to review." in review["summary"]


def test_the_review_opens_only_once_the_hand_is_over() -> None:
    app = FiveCardDrawApp(seed=9)
    send(app.table, {"type": "start", "fields": {"players": "3"}})
    app.table.skip()
    send(app.table, {"type": "review"})
    assert app.table.review == {} and "when a hand is over" in app.table.message
