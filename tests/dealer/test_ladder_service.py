"""The Tournament Ladder played in the dealer (issue 26): a level's entry is paid once with its game,
every hand is dealt and played there (the opponents too), and the level's end is settled once; a
locked level and a short wallet are refused with plain words and nothing paid; a message sent again
or from a tab that is behind changes nothing; the answers hold the learner's own view only (no
seed, no opponent's card before the showdown). Run on SQLite and PostgreSQL."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
import sqlalchemy as sa

from pokerlab import ladder as ladder_rules
from pokerlab.dealer.client import DealerClient, DealerError
from pokerlab.dealer.ladder_service import ELSEWHERE, EXISTS, REPLAYED_START, LadderRefused, LadderService
from pokerlab.draw import Action
from pokerlab.ladder import LEVELS, STARTING_CHIPS, LadderRun
from pokerlab.storage import HighScores, Learner, Wallet, ladder_level, open_store, unlock_level
from pokerlab.storage.kept_hands import kept_hands
from pokerlab.storage.learners import learner_id_in
from pokerlab.storage.schema import settlements
from pokerlab.storage.slots import game_in_progress
from tests.dealer.test_dealer import Running, claimed, quick_hashing  # noqa: F401 (a fixture)

PAGE, OTHER = "page-one-0001", "page-two-0002"


@pytest.fixture
def service(target: str) -> LadderService:
    return LadderService(open_store(target), test_mode=True)


def learner(service: LadderService, name: str = "Ada") -> Learner:
    return service.store.write(lambda c: Learner(learner_id_in(c, name, create=True), name, "legacy"))


def quiet(view: dict[str, Any]) -> dict[str, Any]:
    """Check, call or stand pat: a learner who never folds."""
    kinds = {item["kind"] for item in view["legal_actions"]}
    if "draw" in kinds:
        return {"kind": "draw", "discards": []}
    return {"kind": "check" if "check" in kinds else "call"}


def play_level(service: LadderService, ada: Learner, answer: dict[str, Any]) -> list[dict[str, Any]]:
    """Play the level from ``answer`` to its end screen; every answer, in order."""
    answers = [answer]
    while answer["screen"] == "table":
        run = answer["run"]
        if answer["view"]["phase"] == "over":
            answer = service.next_hand(ada, PAGE, run["version"])
        else:
            answer = service.act(ada, PAGE, run["version"], quiet(answer["view"]))
        answers.append(answer)
        assert len(answers) < 400
    return answers


def entries(service: LadderService) -> list[tuple[str, str, int]]:
    return service.store.read(lambda c: [tuple(row) for row in c.execute(
        sa.select(settlements.c.game_id, settlements.c.step, settlements.c.points)).all()])


def test_a_level_is_paid_once_played_in_the_service_and_settled_once(service: LadderService) -> None:
    ada = learner(service)
    first = service.start(ada, PAGE, 1, seed=11)
    assert first["screen"] == "table" and first["run"]["balance"] == 1000 - LEVELS[0].cost
    with pytest.raises(LadderRefused) as again:  # the same start sent again, or from another tab
        service.start(ada, OTHER, 1, seed=12)
    assert str(again.value) == EXISTS and again.value.status == 409 and again.value.code == "ladder_exists"
    assert again.value.text("es").startswith("Ya tienes una partida en curso"), again.value.text("es")
    assert Wallet(service.store).balance(ada) == 850
    answers = play_level(service, ada, first)
    end = answers[-1]
    assert end["screen"] == "end" and game_in_progress(ada, "ladder", store=service.store) is None

    twin = LadderRun.new(1, seed=11)  # the same level played in memory from the same seed: the same result
    twin.match.deal()
    while not twin.finished:
        if twin.match.hand.is_over:
            twin.match.deal()
        elif twin.match.is_bot_turn():
            twin.match.bot_step()
        else:
            twin.match.act(Action.from_json(quiet(twin.match.learner_view())))
    assert end["end"]["chips"] == twin.match.stacks[0] and end["end"]["advanced"] == twin.advanced
    award = LEVELS[0].award if twin.advanced else 0
    assert end["end"]["award"] == award and end["wallet"]["balance"] == 850 + award
    assert end["wallet"]["reached"] == (2 if twin.advanced else 1)
    steps = sorted(step for _game, step, _points in entries(service))
    assert steps == ["award", "entry"]
    kept = kept_hands(service.store, ada)  # each finished hand, for My hands, as the kernel's ladder keeps it
    assert len(kept) == twin.match.hand_number and {hand.game for hand in kept} == {"ladder"}
    assert sorted(hand.net for hand in kept) == sorted(row[0] for row in twin.match.history)

    last = answers[-2]  # the message that ended the level, sent again: refused, nothing paid twice
    with pytest.raises(LadderRefused):
        service.act(ada, PAGE, last["run"]["version"], quiet(last["view"]))
    assert Wallet(service.store).balance(ada) == 850 + award and len(entries(service)) == 2


def test_a_locked_level_and_a_short_wallet_are_refused_and_nothing_is_paid(service: LadderService) -> None:
    ada = learner(service)
    with pytest.raises(LadderRefused) as locked:
        service.start(ada, PAGE, 2)
    assert str(locked.value) == "Level 2 is locked: clear level 1 to open it."
    Wallet(service.store).pay(900, "Test", ada)
    with pytest.raises(LadderRefused) as short:
        service.start(ada, PAGE, 1)
    assert str(short.value) == ("Ladder level 1 costs 150 points; your wallet holds 100. "
                                "You need 50 more points.")
    assert entries(service) == [] and game_in_progress(ada, "ladder", store=service.store) is None
    with pytest.raises(LadderRefused, match="no ladder level 7"):
        service.start(ada, PAGE, 7)
    lobby = service.lobby(ada, PAGE)
    assert lobby["wallet"] == {"balance": 100, "reached": 1, "fresh": True}
    assert service.fresh_start(ada, PAGE)["wallet"]["balance"] == 1000
    with pytest.raises(LadderRefused, match="only for a wallet under 150"):
        service.fresh_start(ada, PAGE)


def test_a_replayed_or_stale_message_changes_nothing(service: LadderService) -> None:
    ada = learner(service)
    answer = service.start(ada, PAGE, 1, seed=5)
    while answer["view"]["phase"] == "over":
        answer = service.next_hand(ada, PAGE, answer["run"]["version"])
    version, action = answer["run"]["version"], quiet(answer["view"])
    after = service.act(ada, PAGE, version, action)
    assert after["run"]["version"] == version + 1
    for replay in (lambda: service.act(ada, PAGE, version, action), lambda: service.next_hand(ada, PAGE, version),
                   lambda: service.act(ada, PAGE, "7", action)):
        with pytest.raises(LadderRefused, match="earlier moment") as stale:
            replay()
        assert stale.value.code == "ladder_stale"  # the page goes on from the game as it is by this code
    kept = game_in_progress(ada, "ladder", store=service.store)
    assert kept is not None and kept.state["run"]["match"] == LadderRun.from_json(kept.state["run"]).match.to_json()
    assert service.plays[ada.id].hold.version == version + 1

    with pytest.raises(LadderRefused, match="Action|action|not|legal|kind") as illegal:
        service.act(ada, PAGE, version + 1, {"kind": "raise", "amount": 10**9})
    assert illegal.value.status == 400 and service.plays[ada.id].hold.version == version + 1


def test_a_start_sent_again_after_its_level_is_over_pays_nothing(service: LadderService) -> None:
    ada = learner(service)
    first = service.start(ada, PAGE, 1, seed=13, request="click-0001")
    assert play_level(service, ada, first)[-1]["screen"] == "end"
    balance = Wallet(service.store).balance(ada)
    with pytest.raises(LadderRefused) as replayed:
        service.start(ada, PAGE, 1, seed=13, request="click-0001")
    assert str(replayed.value) == REPLAYED_START and replayed.value.status == 409
    assert Wallet(service.store).balance(ada) == balance and len(entries(service)) == 2
    assert game_in_progress(ada, "ladder", store=service.store) is None
    assert service.start(ada, PAGE, 1, request="click-0002")["run"]["balance"] == balance - LEVELS[0].cost
    with pytest.raises(LadderRefused, match="names its click"):
        service.start(ada, OTHER, 1, request="no")


def test_another_tab_takes_the_game_over_and_the_first_is_refused(service: LadderService) -> None:
    ada = learner(service)
    answer = service.start(ada, PAGE, 1, seed=8)
    assert service.lobby(ada, OTHER)["kept"] == answer["run"]["summary"]
    taken = service.resume(ada, OTHER)
    assert taken["view"]["players"][0]["cards"] == answer["view"]["players"][0]["cards"]
    with pytest.raises(LadderRefused) as refused:
        service.act(ada, PAGE, answer["run"]["version"], {"kind": "fold"})
    assert str(refused.value) == ELSEWHERE

    restarted = LadderService(service.store, test_mode=True)  # the dealer started again: the rows are the truth
    with pytest.raises(LadderRefused, match="continue it from the lobby"):
        restarted.act(ada, OTHER, taken["run"]["version"], {"kind": "fold"})
    again = restarted.resume(ada, OTHER)
    assert again["view"] == taken["view"] and again["run"]["version"] == taken["run"]["version"]
    gave_up = restarted.give_up(ada, OTHER)
    assert gave_up["note"] == "Level 1 was given up; its entry cost is not paid back."
    assert gave_up["kept"] is None and gave_up["wallet"]["balance"] == 850


def test_answers_hold_no_seed_and_no_opponent_card_before_the_showdown(service: LadderService) -> None:
    ada = learner(service)
    answer = service.start(ada, PAGE, 1, seed=987_654_321_987)  # a seed no chip count spells
    answers = play_level(service, ada, answer)
    stored = game_in_progress(ada, "ladder", store=service.store)
    assert stored is None  # the level is over (its seed was only ever in the dealer's rows)
    twin = LadderRun.new(1, seed=987_654_321_987)
    twin.match.deal()  # the level's seed and its first hand's seed
    seeds = {str(twin.match.to_json()["seed"]), str(twin.match.hand.seed)}
    for answer in answers:
        text = json.dumps(answer)
        assert '"seed"' not in text and "rng" not in text
        assert not any(seed in text for seed in seeds)
        view = answer["view"]
        if view is not None and view["phase"] != "over":
            for player in view["players"]:
                if player["seat"] != view["seat"]:
                    assert all(card is None for card in player["cards"]), player


def test_level_six_enters_its_score_once(service: LadderService, monkeypatch: pytest.MonkeyPatch) -> None:
    quick = dataclasses.replace(LEVELS[5], hand_count=4, bot_levels=(1, 1, 1, 2))  # its rules, quicker opponents
    monkeypatch.setattr(ladder_rules, "LEVELS", (*LEVELS[:5], quick))
    ada = learner(service)
    unlock_level(service.store, ada, 6)
    Wallet(service.store).deposit(LEVELS[5].cost, "Test", ada)
    end = play_level(service, ada, service.start(ada, PAGE, 6, seed=3))[-1]
    score = end["end"]["score"]
    assert score is not None and score == end["end"]["chips"] - STARTING_CHIPS
    assert [(row.name, row.score) for row in HighScores(service.store).top(10)] == [("Ada", score)]
    assert [(row["name"], row["score"]) for row in end["scores"]] == [("Ada", score)]
    assert ladder_level(service.store, ada) == 6


def test_a_teacher_and_a_forged_page_are_refused(service: LadderService) -> None:
    with pytest.raises(LadderRefused) as teacher:
        service.lobby(None, PAGE)
    assert teacher.value.status == 403
    with pytest.raises(LadderRefused, match="Say which page"):
        service.lobby(learner(service), "x")


# ----- through HTTP: the page (ServiceLadderApp) and the dealer's routes --------------------------------


def test_the_ladder_page_plays_a_level_through_the_dealer(running: Running, target: str, backend: str) -> None:
    from pokerlab.widgets.ladder_service import ServiceLadderApp

    di, key = claimed(target, "Di")
    app = ServiceLadderApp(client=DealerClient(running.url))
    app.identity.adopt(di, key)
    assert app.table.screen == "lobby" and "Your wallet: 1,000 points." in app.table.lobby["paragraphs"]
    app._handle({"type": "app", "id": "level", "value": 2})
    assert app.table.message == "Level 2 is locked: clear level 1 to open it."
    app._handle({"type": "app", "id": "level", "value": 1})
    assert app.table.screen == "table" and app.table.message == ""
    assert "Wallet: 850 points (entry paid: 150)." in app.table.side["paragraphs"]
    app._handle({"type": "coach"})  # the draw coach below the table, on the learner's own five cards
    mine = app.table.table["players"][app.table.table["learner_seat"]]["cards"]
    assert app.table.coach_open and app.coach_box.layout.display == "flex" and app._coach_seen[0] == mine
    app._handle({"type": "coach"})
    assert not app.table.coach_open and app.coach_box.layout.display == "none"
    stale = app.answer["run"]["version"]
    reviewed = backend != "sqlite"  # the review is the page's own work: once is enough
    for _ in range(400):
        if app.table.screen == "end":
            break
        table = app.table.table
        if table["phase"] == "over":
            if not reviewed:  # the coach's review of the hand, worked out on the page from its own view
                app._handle({"type": "review"})
                assert app.review_thread is not None
                app.review_thread.join(120)
                review = app.table.review
                assert review["hand_number"] == table["hand_number"] and not review.get("pending"), review
                assert app.answer["review_seed"] in {hand.review_seed for hand in kept_hands(running.store, di)}
                reviewed = True
            app.table._handle_intent({"type": "next"})
            assert not app.table.review  # the next hand closes it
            continue
        kinds = [item["kind"] for item in table["legal"]]
        act = {"kind": "draw", "discards": []} if "draw" in kinds else {"kind": "check" if "check" in kinds else "call"}
        app.table._handle_intent({"type": "act", **act})
        assert app.table.message == ""
    assert app.table.screen == "end"
    assert app.table.end["heading"].startswith(("Level 1 cleared", "Eliminated at level 1"))
    now = Wallet(running.store).balance(di)
    assert f"Wallet: 1,000 points before the level, {now:,} now." in app.table.end["paragraphs"]
    with pytest.raises(DealerError, match="does not have this game|earlier moment"):  # a replayed click
        app.client.ladder("act", app.page, version=stale, kind="fold")
    app._handle({"type": "app", "id": "lobby"})
    assert f"Your wallet: {now:,} points." in app.table.lobby["paragraphs"]


def test_the_routes_refuse_a_teacher_and_a_caller_without_a_session(running: Running) -> None:
    boss = DealerClient(running.url)
    boss.sign_in_teacher("owl-42")
    with pytest.raises(DealerError, match="teacher's session has no wallet"):
        boss.ladder("lobby", PAGE)
    with pytest.raises(DealerError, match="not known to the dealer"):
        DealerClient(running.url).ladder("start", PAGE, level=1)


def test_the_ladder_page_is_the_dealers_wherever_one_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Notebook 08 makes ``LadderApp()``: with POKERLAB_DEALER_URL set (``make app``, a hub's servers)
    that is the page played in the dealer; without it the ladder is played in the kernel, as before."""
    from pokerlab.widgets.apps import LadderApp
    from pokerlab.widgets.ladder_service import ServiceLadderApp

    monkeypatch.setenv("POKERLAB_DEALER_URL", "http://127.0.0.1:9")
    page = LadderApp()
    assert isinstance(page, ServiceLadderApp) and page.client.url == "http://127.0.0.1:9"
    spanish = LadderApp(language="es")  # lesson es/08
    assert isinstance(spanish, ServiceLadderApp) and spanish.table.language == "es"
    assert spanish.table.lobby["heading"] == "Torneo por niveles"
    monkeypatch.delenv("POKERLAB_DEALER_URL")
    assert type(LadderApp()) is LadderApp


def test_the_ladder_page_through_the_dealer_speaks_spanish(running: Running, target: str) -> None:
    """The page in Spanish (lesson es/08): the lobby, a refusal and a note of the dealer's, the side
    panel, the table and the end screen come from the catalogue, none of it English; the language
    changed on the page says the view again from the dealer's last answer."""
    from pokerlab.widgets.ladder_service import ServiceLadderApp
    from tests.i18n import english_left
    from tests.widgets.test_saloon_live_language import panel_texts
    from tests.widgets.test_table_language import table_texts

    eva, key = claimed(target, "Eva")
    app = ServiceLadderApp(client=DealerClient(running.url), language="es")
    assert app.identity.purpose.startswith("Tu monedero, tus niveles del torneo")
    app.identity.adopt(eva, key)
    table = app.table
    assert table.lobby["heading"] == "Torneo por niveles" and "Tu monedero: 1.000 puntos." in table.lobby["paragraphs"]
    seen = list(panel_texts(table.lobby))
    app._handle({"type": "app", "id": "level", "value": 2})  # the dealer's refusal, said again
    assert table.message == "El nivel 2 está cerrado: supera el nivel 1 para abrirlo."
    seen.append(table.message)
    app._handle({"type": "app", "id": "level", "value": 1})
    assert table.screen == "table" and "Monedero: 850 puntos (entrada pagada: 150)." in table.side["paragraphs"]
    table._handle_intent({"type": "language", "language": "en"})
    assert table.side["heading"] == "Level 1" and table.table["phase_text"] == "First betting round"
    table._handle_intent({"type": "language", "language": "es"})
    assert table.side["heading"] == "Nivel 1" and table.table["phase_text"] == "Primera ronda de apuestas"
    reviewed = False
    for _ in range(400):
        if table.screen == "end":
            break
        seen += [*table_texts(table), *panel_texts(table.side)]
        payload = table.table
        if payload["phase"] == "over":
            if not reviewed:  # the review open: said again when the language changes, not worked out again
                app._handle({"type": "review"})
                app.review_thread.join(120)
                assert table.review["heading"] == f"Tus decisiones en la mano {payload['hand_number']}"
                table._handle_intent({"type": "language", "language": "en"})
                assert table.review["heading"] == f"Your decisions in hand {payload['hand_number']}"
                table._handle_intent({"type": "language", "language": "es"})
                assert english_left([table.review["heading"], table.review["summary"]], "es") == []
                reviewed = True
            table._handle_intent({"type": "next"})
            continue
        kinds = [item["kind"] for item in payload["legal"]]
        act = {"kind": "draw", "discards": []} if "draw" in kinds else {"kind": "check" if "check" in kinds else "call"}
        table._handle_intent({"type": "act", **act})
        assert table.message == ""
    assert table.screen == "end" and table.end["heading"] in ("¡Nivel 1 superado: avanzas!", "Eliminación en el nivel 1.")
    seen += panel_texts(table.end)
    assert english_left(seen, "es") == []
    table._handle_intent({"type": "language", "language": "en"})
    assert table.end["heading"] in ("Level 1 cleared: you advance!", "Eliminated at level 1.")
    table._handle_intent({"type": "language", "language": "es"})
    app._handle({"type": "app", "id": "lobby"})
    assert table.lobby["buttons"][0]["label"] == "Jugar el nivel 1"
