"""My hands (issue 29): a class game's deals are kept for the learner, as they saw them, and the coach's
review that the class game runs after each deal flags them."""

from __future__ import annotations

from pokerlab.classroom.class_games import ClassGameSettings
from pokerlab.classroom.store import ClassStore
from pokerlab.storage.kept_hands import kept_hands
from tests.classroom.test_class_widgets import intent, page, play_current_deal, store  # noqa: F401


def test_a_class_games_deals_are_kept_and_reviewed(store: ClassStore) -> None:  # noqa: F811
    game = store.create_game(ClassGameSettings("five-card-draw-blinds", 2, 1, 1))
    app = page(store, "Ann")
    intent(app.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    play_current_deal(app)
    app.wait_for_review()
    hands = kept_hands(store.store, app.learner)
    assert len(hands) == 1 and hands[0].game == f"class-{game.id}"
    assert hands[0].flags is not None  # the class game's own review of the deal
    hand = app.table.match.hand
    assert hands[0].net == hand.results.net[app.table.match.learner_seat]
