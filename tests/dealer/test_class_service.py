"""Class games played in the dealer (issue 26): learners join with the code, act and get their own
seat's view; the engine's results are stored by the dealer (the first play counts, nothing a page
sends is taken as a result); the teacher reads the board from the dealer and learners may not; the
page (:class:`~pokerlab.widgets.class_game.ServiceClassGameApp`) plays a whole game through it.
Run on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pokerlab.classroom import identity, names_and_keys
from pokerlab.classroom.class_games import ClassGameSettings, ClassMatch
from pokerlab.classroom.store import ClassStore
from pokerlab.dealer.client import DealerClient, DealerError
from pokerlab.dealer.words import ILLEGAL, Said
from tests.dealer.test_dealer import Running, claimed

SETTINGS = ClassGameSettings("five-card-draw-antes", opponent_count=2, opponent_level=2, deal_count=2)


def learner(url: str, target: str, name: str) -> DealerClient:
    key = names_and_keys.new_key()
    identity.claim(target, name, key)
    client = DealerClient(url)
    client.sign_in(name, key)
    return client


def teacher(url: str) -> DealerClient:
    client = DealerClient(url)
    client.sign_in_teacher("owl-42")
    return client


def quiet(view: dict[str, Any], fold: bool = False) -> dict[str, Any]:
    kinds = {item["kind"] for item in view["legal_actions"]}
    if "draw" in kinds:
        return {"kind": "draw", "discards": []}
    if fold and "fold" in kinds:
        return {"kind": "fold"}
    return {"kind": "check" if "check" in kinds else "call"}


def play_game(client: DealerClient, code: str, fold: bool = False) -> list[dict[str, Any]]:
    """Join and play every deal; every answer the dealer gave, in order."""
    answers = [client.class_join(code)]
    while not answers[-1]["done"]:
        answer = answers[-1]
        view = answer["view"]
        if view["phase"] == "over":
            answers.append(client.class_next(answer["game"]["id"]))
        else:
            assert view["is_my_turn"], "the dealer answers at the learner's turn or the deal's end"
            # a result the page names is ignored: only the engine's counts
            answers.append(client.class_act(answer["game"]["id"], {**quiet(view, fold), "chips": 10_000}))
    return answers


def test_learners_play_a_class_game_in_the_dealer_and_the_teacher_reads_the_board(running: Running,
                                                                                   target: str) -> None:
    boss = teacher(running.url)
    made = boss.class_create(SETTINGS.to_json())
    game_id, code = int(made["id"]), str(made["code"])
    ann, bo = learner(running.url, target, "Ann"), learner(running.url, target, "Bo")
    plays = {"Ann": play_game(ann, code.lower()), "Bo": play_game(bo, code, fold=True)}
    running.dealer.classes.wait_for_reviews()

    store = ClassStore(running.store)
    seeds = store.seeds(game_id)
    for name, answers in plays.items():
        text = json.dumps(answers)
        for seed in seeds:
            assert str(seed) not in text, f"{name}'s page was sent a deal seed"
        for answer in answers:  # only this learner's cards, until a showdown shows them
            view = answer["view"]
            if view and view["phase"] != "over":
                for player in view["players"][1:]:
                    assert player["cards"] == [None] * len(player["cards"]), f"{name} saw {player}"
        assert answers[-1]["done"] and [r["number"] for r in answers[-1]["reports"]] == [1, 2]

    # each stored result is the engine's, replayed from the seeds and the stored actions
    results = store.results(game_id)
    assert sorted((r.learner, r.deal_number) for r in results) == [("Ann", 1), ("Ann", 2), ("Bo", 1), ("Bo", 2)]
    for result in results:
        detail = next(d for d in store.details(game_id, result.learner_id) if d.deal_number == result.deal_number)
        match = ClassMatch(SETTINGS, seeds, result.learner)
        match.deal(result.deal_number, detail.actions)
        assert match.hand is not None and match.hand.is_over and match.learner_result() == result.chips != 10_000

    board = boss.class_board(game_id)
    assert {row["name"] for row in board["ranking"]} == {"Ann", "Bo"}
    assert [p["progress"] for p in board["players"]] == ["finished", "finished"]
    assert boss.class_csv(game_id).count("\n") == 1 + 4
    assert [g["code"] for g in boss.class_games()] == [code]
    assert boss.class_learner(game_id, "Bo")["deals"][0]["history"]
    phh = boss.class_phh(game_id)  # the teacher's PHH of the game, as each learner saw the hands
    assert phh["type"] == "download" and re.findall(r"^\[(\d+)\]$", phh["text"], re.M) == ["1", "2", "3", "4"]
    assert "_learner" in phh["text"]
    assert "Every card of a deal is written only once the game has ended" in boss.class_phh(game_id, every_card=True)["text"]
    reviewed = store.board_rows(game_id)[3]
    assert {(name, deal) for name, deal, _ in reviewed} == {("Ann", 1), ("Ann", 2), ("Bo", 1), ("Bo", 2)}

    # a learner may not read or change the board, nor play again or on another's behalf
    for attempt in (lambda: ann.class_board(game_id), lambda: ann.class_games(), lambda: ann.class_csv(game_id),
                    lambda: ann.class_phh(game_id), lambda: ann.class_phh(game_id, every_card=True),
                    lambda: ann.class_learner(game_id, "Bo"), lambda: ann.class_create(SETTINGS.to_json()),
                    lambda: ann.class_end(game_id), lambda: ann.class_delete(game_id)):
        with pytest.raises(DealerError, match="Only the teacher"):
            attempt()
    with pytest.raises(DealerError, match="is over|played every deal"):
        ann.class_act(game_id, {"kind": "call"})
    with pytest.raises(DealerError, match="learners play them"):
        boss.class_join(code)
    assert len(store.results(game_id)) == 4


def test_the_dealer_refuses_moves_out_of_turn_and_after_the_teacher_ends_the_game(running: Running,
                                                                                   target: str) -> None:
    boss = teacher(running.url)
    made = boss.class_create(SETTINGS.to_json())
    game_id = int(made["id"])
    cy = learner(running.url, target, "Cy")
    answer = cy.class_join(made["code"])
    view = answer["view"]
    with pytest.raises(DealerError, match="still being played") as playing:
        cy.class_next(game_id)
    assert playing.value.said == Said("class_deal_playing", {"number": 1})  # over the wire: the code and its values
    assert playing.value.text("es") == "La mano 1 todavía se está jugando; termínala primero."
    with pytest.raises(DealerError) as illegal:
        cy.class_act(game_id, {"kind": "raise", "amount": 10**9})
    # out of turn ("No puedes ...") or in turn with a raise of the wrong size ("Aquí, «Subir» tiene que ser ..."),
    # as the game's random button falls: either way the engine's refusal, said in Spanish from its data
    assert illegal.value.code == ILLEGAL, illegal.value
    assert re.match(r"No puedes subir|Aquí, «Subir» tiene que ser a \d+", illegal.value.text("es")), \
        illegal.value.text("es")
    with pytest.raises(DealerError, match="no class game|There is no class game"):
        cy.class_act(game_id + 99, quiet(view))
    # the deal as stored survives a dealer that forgot it (restarted): the same view comes back
    running.dealer.classes.plays.clear()
    again = cy.class_join(made["code"])
    assert again["view"]["players"][0]["cards"] == view["players"][0]["cards"]
    boss.class_end(game_id)
    with pytest.raises(DealerError, match="ended"):
        while True:
            answer = cy.class_act(game_id, quiet(answer["view"])) if answer["view"]["phase"] != "over" \
                else cy.class_next(game_id)
    assert ClassStore(running.store).results(game_id) == []


def play_on_page(app: Any) -> None:
    """Play the deal at the page's table by its intents (check or call, stand pat) to its end; no refusal."""
    for _ in range(50):
        table = app.table.table
        if table["phase"] == "over":
            break
        kinds = [item["kind"] for item in table["legal"]]
        act = {"kind": "draw", "discards": []} if "draw" in kinds else {"kind": "check" if "check" in kinds else "call"}
        app.table._handle_intent({"type": "act", **act})
        assert app.table.message == ""
    assert app.table.table["phase"] == "over"


def test_the_class_game_page_plays_through_the_dealer(running: Running, target: str) -> None:
    from pokerlab.widgets.class_game import ServiceClassGameApp

    boss = teacher(running.url)
    made = boss.class_create({**SETTINGS.to_json(), "deal_count": 1})
    learner_row, key = claimed(target, "Di")
    app = ServiceClassGameApp(client=DealerClient(running.url))
    app.identity.adopt(learner_row, key)
    assert "Playing as Di." in app.table.lobby["paragraphs"]
    app._handle({"type": "app", "id": "join", "fields": {"code": made["code"]}})
    assert app.table.screen == "table" and app.table.message == ""
    play_on_page(app)
    assert app.table.side["tables"][0]["rows"][0][0] == 1
    app._handle({"type": "review"})
    assert app.table.review and app.table.message == ""
    app.table._handle_intent({"type": "next"})
    assert app.table.screen == "end" and "all 1 deals played" in app.table.end["heading"]


def test_the_class_game_page_through_the_dealer_speaks_spanish_and_english_again(running: Running, target: str) -> None:
    """The dealer sends codes and numbers (a deal's report as numbers): the page says them in its language."""
    from pokerlab.widgets.class_game import ServiceClassGameApp
    from tests.i18n import english_left, shown_texts

    made = teacher(running.url).class_create({**SETTINGS.to_json(), "deal_count": 1})
    learner_row, key = claimed(target, "Eva")
    app = ServiceClassGameApp(client=DealerClient(running.url), language="es")
    seen = shown_texts(app.table.lobby) + [app.table.title, app.identity.purpose]
    app.identity.adopt(learner_row, key)
    assert "Juegas como Eva." in app.table.lobby["paragraphs"]
    seen += shown_texts(app.table.lobby)
    app._handle({"type": "app", "id": "join", "fields": {"code": made["code"]}})
    assert app.table.screen == "table" and app.table.title == f"Partida de clase {made['code']}"
    play_on_page(app)
    assert any(line.startswith("Mano 1: tú ") for line in app.table.side["paragraphs"]), app.table.side
    app._handle({"type": "review"})
    assert app.table.review["heading"] == "Tus decisiones en la mano 1"
    seen += shown_texts(app.table.side) + shown_texts(app.table.review)
    app.table._handle_intent({"type": "language", "language": "en"})  # said again, the review too
    assert app.table.side["heading"] == f"Class game {made['code']}" and app.table.review["heading"] == "Your decisions in hand 1"
    app.table._handle_intent({"type": "language", "language": "es"})
    app.table._handle_intent({"type": "next"})
    assert app.table.screen == "end" and app.table.end["heading"] == f"Partida de clase {made['code']}: jugadas las 1 manos"
    seen += shown_texts(app.table.end)
    assert len(seen) > 20 and english_left(seen, "es") == []


def test_notebook_09_plays_in_the_dealer_wherever_one_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """``make app`` and a hub's servers set POKERLAB_DEALER_URL: the page is the dealer's; without it
    (a notebook on its own) the game is played in the kernel."""
    from pokerlab.widgets.class_game import ClassGameApp, ServiceClassGameApp, class_game_page

    monkeypatch.setenv("POKERLAB_DEALER_URL", "http://127.0.0.1:9")
    page = class_game_page()
    assert isinstance(page, ServiceClassGameApp) and page.client.url == "http://127.0.0.1:9"
    monkeypatch.delenv("POKERLAB_DEALER_URL")
    assert type(class_game_page()) is ClassGameApp
