"""Who is playing: the identity widget's answers to the browser's hello and claim (issue 13)."""

from __future__ import annotations


import pytest

from pokerlab.widgets.apps import FiveCardDrawApp, LadderApp
from pokerlab.widgets.identity import IdentityWidget

KEY_ADA = "a" * 64
KEY_OTHER = "b" * 64


pytestmark = pytest.mark.usefixtures("data_dir")  # tests/widgets/conftest.py


def message(widget: IdentityWidget, content: dict) -> None:
    widget._handle_custom_msg(content, [])


def test_a_first_visit_asks_for_a_name_and_a_second_visit_is_recognised() -> None:
    seen = []
    first = IdentityWidget(on_learner=seen.append)
    message(first, {"type": "hello", "query": "?x=1"})
    assert first.state == "asking" and not seen and first.query == {"x": ["1"]}
    message(first, {"type": "claim", "name": "  Ada   Lovelace ", "key": KEY_ADA})
    assert first.state == "known" and first.learner_name == "Ada Lovelace" and seen[0].name == "Ada Lovelace"
    second = IdentityWidget(on_learner=seen.append)
    message(second, {"type": "hello", "query": "", "name": "Ada Lovelace", "key": KEY_ADA})
    assert second.state == "known" and seen[1] == seen[0]


@pytest.mark.parametrize("claimed", ["Ada Lovelace", "ada lovelace", "ADA  LOVELACE", " Ada Lovelace"])
def test_a_name_taken_by_another_browser_is_refused_clearly(claimed: str) -> None:
    message(IdentityWidget(), {"type": "claim", "name": "Ada Lovelace", "key": KEY_ADA})
    other = IdentityWidget()
    message(other, {"type": "claim", "name": claimed, "key": KEY_OTHER})
    assert other.state == "asking" and other.learner is None
    assert "is already taken by someone else" in other.message and "ask your teacher to release it" in other.message


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "<script>", "a/b", "Robert'); DROP", "_ada", "7up"])
def test_a_bad_name_gets_a_clear_message_and_nothing_is_stored(name: str) -> None:
    from pokerlab.storage import all_learners

    widget = IdentityWidget()
    message(widget, {"type": "claim", "name": name, "key": KEY_ADA})
    assert widget.state == "asking" and widget.message.startswith("A name")
    assert all_learners(None) == []


def test_a_key_that_is_not_a_browser_key_is_refused() -> None:
    widget = IdentityWidget()
    message(widget, {"type": "claim", "name": "Ada", "key": "short"})
    assert widget.state == "asking" and "Reload the page" in widget.message


def test_a_forgotten_name_is_asked_again_rather_than_taken_silently() -> None:
    widget = IdentityWidget()
    message(widget, {"type": "hello", "query": "", "name": "Bo", "key": KEY_ADA})
    assert widget.state == "asking" and "does not know that name" in widget.message


def test_on_jupyterhub_nothing_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    app = LadderApp(seed=1)
    assert app.identity.state == "hub" and app.learner.name == "alice"
    assert "Your wallet: 1,000 points." in app.table.lobby["paragraphs"]
    message(app.identity, {"type": "hello", "query": "?seed=3"})
    assert app.identity.state == "hub" and app.query == {"seed": ["3"]}


def test_an_app_waits_for_the_page_to_say_who_is_playing() -> None:
    app = LadderApp()
    assert app.learner is None and "Tell pokerlab who you are" in app.table.lobby["paragraphs"][0]
    app.table._handle_custom_msg({"type": "app", "id": "level", "value": 1}, [])
    assert "Tell pokerlab your name first" in app.table.message
    message(app.identity, {"type": "hello", "query": ""})
    message(app.identity, {"type": "claim", "name": "Cy", "key": KEY_ADA})
    assert app.learner.name == "Cy" and "Your wallet: 1,000 points." in app.table.lobby["paragraphs"]


def test_switching_learner_shows_the_new_learners_own_game() -> None:
    app = FiveCardDrawApp(seed=3)
    message(app.identity, {"type": "claim", "name": "Ada", "key": KEY_ADA})
    app.table._handle_custom_msg({"type": "start", "fields": {"players": "2"}}, [])
    message(app.identity, {"type": "switch"})
    assert app.identity.state == "asking"
    message(app.identity, {"type": "claim", "name": "Bo", "key": KEY_OTHER})
    assert app.learner.name == "Bo" and app.table.screen == "lobby"
    assert app.table.lobby["heading"] == "Five-Card Draw"  # Bo has no game to continue
    message(app.identity, {"type": "claim", "name": "Ada", "key": KEY_ADA})
    assert app.table.lobby["buttons"][0]["label"].startswith("Continue your game (hand 1,")


def test_a_message_that_is_not_a_dict_is_ignored() -> None:
    widget = IdentityWidget()
    message(widget, ["claim", "Ada"])  # type: ignore[arg-type]
    assert widget.state == "waiting"


def test_on_binder_the_page_says_nothing_is_kept_after_the_session(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "Binder" not in IdentityWidget().purpose
    monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    assert IdentityWidget().purpose.endswith("On Binder nothing is kept after this session ends.")


@pytest.mark.parametrize("on_hub", [False, True], ids=["browser", "hub"])
def test_a_page_opened_while_storage_is_down_says_so_and_finds_the_learner_once_it_is_back(
    on_hub: bool, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 24: storage failing when a page opened made the ladder cell raise (Voilà then shows
    "There was an error when executing cell"). Now the page opens, says what happened, and its
    next hello (the browser sends one every few seconds) finds the learner once storage is back."""
    from pokerlab.classroom import identity
    from pokerlab.storage import errors
    from pokerlab.apps import keep as apps_keep

    def down(*args: object, **kwargs: object) -> None:
        raise errors.StorageUnavailableError("connection refused")

    if on_hub:
        monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    with monkeypatch.context() as outage:
        outage.setattr(identity, "hub_learner", down)
        outage.setattr(apps_keep, "_storage_recognise", down)
        app = LadderApp()  # the cell runs; nothing raises
        message(app.identity, {"type": "hello", "query": "", "name": "Ada", "key": KEY_ADA})
        assert app.identity.state == "retrying"
        assert "cannot be reached" in app.identity.message and "tries again by itself" in app.identity.message
        assert app.learner is None
    if not on_hub:
        message(app.identity, {"type": "claim", "name": "Ada", "key": KEY_ADA})  # Ada is stored the first time
        app = LadderApp()
        with monkeypatch.context() as outage:
            outage.setattr(apps_keep, "_storage_recognise", down)
            message(app.identity, {"type": "hello", "query": "", "name": "Ada", "key": KEY_ADA})
            assert app.identity.state == "retrying"
    message(app.identity, {"type": "hello", "query": "", "name": "Ada", "key": KEY_ADA})  # storage is back
    assert app.identity.state in ("known", "hub") and app.identity.message == ""
    assert app.learner is not None and app.learner.name.lower() == "ada"
    assert "Your wallet: 1,000 points." in app.table.lobby["paragraphs"]


def test_a_storage_error_at_ladder_entry_says_what_happened_not_that_the_level_does_not_exist(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 24: every storage error at ladder entry read "There is no ladder level 1."."""
    from pokerlab.storage import errors, slots

    app = LadderApp(learner="Ada")

    def full(*args: object, **kwargs: object) -> None:
        raise errors.StorageFullError("disk full")

    with monkeypatch.context() as outage:
        outage.setattr(slots, "start_in", full)
        app.table._handle_custom_msg({"type": "app", "id": "level", "value": 1}, [])
    assert "no ladder level" not in app.table.message and "disk is full" in app.table.message
    assert app.table.screen == "lobby" and app.account.balance() == 1000  # nothing paid
    app.table._handle_custom_msg({"type": "app", "id": "level", "value": "seven"}, [])
    assert app.table.message == "There is no ladder level 'seven'; levels run 1 to 6."
