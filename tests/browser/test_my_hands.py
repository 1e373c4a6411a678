"""My hands in Voilà (issue 29): a learner plays one hand of Five-Card Draw, follows the result's link to
My hands, finds the hand in the list, steps through its replay, and drills the decisions the coach
flagged; no kernel message the My hands page receives holds a card the learner did not see, and while
a drill spot is asked, none holds a card they had not seen at that decision."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
import sqlalchemy
from playwright.sync_api import Page, expect

from pokerlab.apps.drill import due_spots
from pokerlab.apps.my_hands import flags_of, replay
from pokerlab.match import Match
from pokerlab.storage import learners, open_store, schema
from pokerlab.storage.kept_hands import KeptHand, hand_record, keep_hand_in, kept_hands, set_flags
from pokerlab.storage.paths import DATABASE_FILENAME
from tests.browser.conftest import PHONE, assert_no_sideways_scroll
from tests.browser.test_five_card_draw import (
    ANSWERED,
    CARD_CODE,
    NOTEBOOK,
    TABLE,
    KernelFrames,
    open_signed_in,
    settle,
    sign_in,
    version,
)
from tests.fake_clock import FakeClock
from tests.test_my_hands import TRIALS, played_hand
from tests.widgets.test_hidden_information import secret_cards
from tests.widgets.test_my_hands_drill import unseen_at_each_decision

MY_HANDS = "11-my-hands.ipynb"
PAGE = ".pl-mh"
SEED = 5


def stored_hand(store, learner):  # noqa: ANN001, ANN201
    """The hand just played, rebuilt from the learner's kept game (hidden cards and all): a kept game
    is dealt from its own random seed, so the test reads what the server stored rather than mirror it."""
    text = store.read(lambda c: c.execute(sqlalchemy.select(schema.kept_games.c.state).where(
        (schema.kept_games.c.learner_id == learner.id) & (schema.kept_games.c.app == "five-card-draw"))).scalar())
    assert text, "the game is kept"
    return Match.from_json(json.loads(text)["match"])


def seed_flagged_hand(store, learner):  # noqa: ANN001, ANN201
    """Keep for ``learner`` (seat 0) the first hand of the seeds 1, 2, ... that the coach flags, as a
    finished game would keep it: its id and the whole hand."""
    for seed in range(1, 40):
        state = played_hand(seed)
        record = hand_record(state, 0, "five-card-draw", f"five-card-draw:seeded:{seed}", review_trials=TRIALS,
                             review_seed=seed)
        kept = KeptHand(0, record.hand_key, record.game, "", 0, record.pot, record.net, record.hand, record.phh,
                        TRIALS, seed, None, None)
        flags = flags_of(replay(kept).review)
        if flags:
            store.write(lambda connection: keep_hand_in(connection, learner, record))  # noqa: B023
            set_flags(store, learner, record.hand_key, flags)
            return next(hand.id for hand in kept_hands(store, learner) if hand.hand_key == record.hand_key), state
    raise AssertionError("no seed gave a hand the coach flags")


def test_a_hand_played_is_listed_replayed_and_drilled_in_my_hands(page: Page, open_app, server_env) -> None:  # noqa: ANN001
    frames = KernelFrames(page)
    open_signed_in(open_app, NOTEBOOK, f"{TABLE} button[data-id=start]")  # no ?seed=: a practice deal is not kept
    name = page.inner_text(".pl-id .pl-id-who strong")
    page.select_option(f"{TABLE} select[name=players]", "2")
    page.select_option(f"{TABLE} select[name=forced_bet]", "antes")
    page.select_option(f"{TABLE} select[name=level]", "3")
    page.click(f"{TABLE} button[data-id=start]")
    turn = settle(page)
    while turn != "over":  # check or call, and stand pat: the coach usually flags standing pat on nothing
        before = version(page)
        buttons = page.locator(f"{TABLE} .pl-t-pat, {TABLE} .pl-t-actions .pl-t-check, {TABLE} .pl-t-actions .pl-t-call, "
                               f"{TABLE} .pl-t-actions .pl-t-all-in")
        buttons.first.click()
        turn = settle(page, before)

    # the end of the hand says it is kept, with a link to My hands beside the page
    link = page.locator(f"{TABLE} .pl-t-result .pl-t-kept a")
    expect(page.locator(f"{TABLE} .pl-t-result .pl-t-kept")).to_contain_text("This hand is kept in My hands")
    assert link.get_attribute("href") == MY_HANDS
    address = link.evaluate("a => a.href")
    assert address.endswith(f"/voila/render/{MY_HANDS}"), address
    page.click(f"{TABLE} .pl-t-review-toggle")  # the coach's review flags the hand's decisions
    expect(page.locator(f"{TABLE} .pl-t-review-item").first).to_be_visible(timeout=60_000)

    store = open_store(server_env.get("POKERLAB_DATABASE_URL") or Path(server_env["POKERLAB_DATA_DIR"]) / DATABASE_FILENAME)
    learner = learners.find(store, name)
    assert learner is not None
    match = stored_hand(store, learner)
    assert match.hand is not None and match.hand.is_over and match.hand_number == 1
    kept = kept_hands(store, learner)
    assert len(kept) == 1 and kept[0].flags is not None  # kept, and reviewed by the table's coach
    hand_id, seat = kept[0].id, match.learner_seat
    hands = {hand_id: (match.hand, seat)}
    if not kept[0].flags:  # a rare deal where the coach agreed with everything: drill a kept hand seeded here
        seeded, state = seed_flagged_hand(store, learner)
        hands[seeded] = (state, 0)
    secret = set.intersection(*(secret_cards(hand, at) for hand, at in hands.values()))
    clock = FakeClock()
    due = due_spots(store, learner, clock())
    assert due

    # My hands, as the link opens it
    frames.new_hand()
    open_app(MY_HANDS, ANSWERED)
    sign_in(page, name)
    row = page.locator(f"{PAGE} .pl-mh-row")
    expect(row).to_have_count(len(hands))
    expect(row.last).to_contain_text("Five-Card Draw")
    expect(row.last).to_contain_text("the coach flagged a decision" if kept[0].flags else "no mistake flagged")
    page.click(f"{PAGE} [data-key=open-{hand_id}]")
    counter = page.locator(f"{PAGE} .pl-mh-counter")
    expect(counter).to_have_text(re.compile(r"^Decision 1 of \d+$"))
    count = int(counter.inner_text().rsplit(" ", 1)[1])
    assert count >= 2
    expect(page.locator(f"{PAGE} .pl-mh-step .pl-card")).to_have_count(5)
    page.click(f"{PAGE} [data-key=next]")
    expect(counter).to_have_text(f"Decision 2 of {count}")
    page.keyboard.press("ArrowLeft")  # the keys step too
    expect(counter).to_have_text(f"Decision 1 of {count}")
    for number in range(2, count + 1):
        page.keyboard.press("ArrowRight")
        expect(counter).to_have_text(f"Decision {number} of {count}")
    expect(page.locator(f"{PAGE} .pl-mh-chances tr")).not_to_have_count(0)
    page.click(f"{PAGE} [data-key=close]")

    # Drill my mistakes: every flagged decision once, then nothing left today
    start = page.locator(f"{PAGE} [data-key=drill]")
    expect(start).to_have_text(f"Drill my mistakes ({len(due)})")
    drill_from = len(frames.contents)
    start.click()
    asked = 0
    while True:
        box = page.locator(f"{PAGE} .pl-mh-drill")
        expect(box).to_be_visible()
        if page.locator(f"{PAGE} .pl-mh-drill-choices").count() == 0:
            expect(box).to_contain_text("Nothing left to drill today")
            break
        asked += 1
        spot_hand, decision = due[asked - 1]  # oldest hand first, its flags in order
        unseen = unseen_at_each_decision(*hands[spot_hand.id])[decision]
        leaked = {code for text in frames.contents[drill_from:] for code in CARD_CODE.findall(text)} & unseen
        assert not leaked, f"cards the learner had not seen at decision {decision} sent with its spot: {leaked}"
        expect(box.locator(".pl-mh-drill-cards .pl-card")).to_have_count(5)
        cards = box.locator(".pl-mh-drill-cards button.pl-card")
        if cards.count():  # a draw: throw the first card by keyboard, then draw
            cards.first.focus()
            page.keyboard.press("Enter")
            expect(cards.first).to_have_attribute("aria-pressed", "true")
            box.locator("[data-key=drill-draw]").click()
        else:
            box.locator(".pl-mh-drill-choices button").first.click()
        expect(box.locator(".pl-mh-drill-verdict")).to_be_visible()
        expect(box.locator(".pl-mh-chances tr")).not_to_have_count(0)
        box.locator("[data-key=drill-next]").click()
        drill_from = len(frames.contents)
        expect(page.locator(f"{PAGE} .pl-mh-drill-verdict")).to_have_count(0)  # the next spot, or the end
    assert asked == len(due)
    assert all("drill" in flag for hand in kept_hands(store, learner) for flag in hand.flags or [])

    # nothing the My hands page received holds a card the learner never saw in this hand
    codes = frames.card_codes()
    assert {str(card) for card in match.hand.cards(seat)} <= codes  # the frames were read
    assert not secret & codes, f"hidden cards sent to My hands: {secret & codes}"



@pytest.mark.browser_context_args(**PHONE)
def test_on_a_phone_the_drill_is_played_by_taps_and_fits_the_screen(page: Page, open_app, server_env) -> None:  # noqa: ANN001
    open_app(MY_HANDS, ANSWERED)
    name = sign_in(page)
    store = open_store(server_env.get("POKERLAB_DATABASE_URL") or Path(server_env["POKERLAB_DATA_DIR"]) / DATABASE_FILENAME)
    learner = learners.find(store, name)
    assert learner is not None
    seed_flagged_hand(store, learner)  # kept through pokerlab.storage, as a finished game would keep it
    open_app(MY_HANDS, ANSWERED)  # the page lists the hands when the learner is known
    sign_in(page, name)
    start = page.locator(f"{PAGE} [data-key=drill]")
    expect(start).to_be_visible()
    assert_no_sideways_scroll(page)
    start.tap()
    box = page.locator(f"{PAGE} .pl-mh-drill")
    expect(box.locator(".pl-mh-drill-choices")).to_be_visible()
    assert_no_sideways_scroll(page)
    cards = box.locator(".pl-mh-drill-cards button.pl-card")
    if cards.count():
        cards.nth(1).tap()
        expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
        expect(box.locator("[data-key=drill-draw]")).to_have_text("Throw away 1 and draw")
        box.locator("[data-key=drill-draw]").tap()
    else:
        box.locator(".pl-mh-drill-choices button").first.tap()
    expect(box.locator(".pl-mh-drill-verdict")).to_be_visible()
    for target in (".pl-mh-drill-verdict", "[data-key=drill-next]"):
        width = box.locator(target).bounding_box()
        assert width and width["x"] >= 0 and width["x"] + width["width"] <= page.viewport_size["width"], target
    assert_no_sideways_scroll(page)
    page.keyboard.press("Escape")  # back to the list
    expect(page.locator(f"{PAGE} .pl-mh-row")).to_have_count(1)


def test_the_list_downloads_as_phh_and_a_pasted_file_opens_in_the_replayer(page: Page, open_app, server_env) -> None:  # noqa: ANN001
    """The download is a .phhs file of the hands listed; pasted back into "Open a PHH file", its hand opens in
    the replayer (as the file shows it: nothing the file hides reaches the page); a damaged paste says why."""
    frames = KernelFrames(page)
    open_app(MY_HANDS, ANSWERED)
    name = sign_in(page)
    store = open_store(server_env.get("POKERLAB_DATABASE_URL") or Path(server_env["POKERLAB_DATA_DIR"]) / DATABASE_FILENAME)
    learner = learners.find(store, name)
    assert learner is not None
    state = next(state for state in map(played_hand, range(1, 40))  # PHH can write it; the learner decides twice
                 if not any(event.kind == "fold" and event.phase == "draw" for event in state.events)
                 and sum(event.seat == 0 and event.kind in ("check", "call", "bet", "raise", "draw")
                         for event in state.events) >= 2)
    record = hand_record(state, 0, "five-card-draw", "five-card-draw:seeded:phh", review_trials=TRIALS,
                         review_seed=1)
    assert record.phh is not None
    store.write(lambda connection: keep_hand_in(connection, learner, record))
    frames.new_hand()
    open_app(MY_HANDS, ANSWERED)
    sign_in(page, name)
    expect(page.locator(f"{PAGE} .pl-mh-row")).to_have_count(1)
    with page.expect_download() as download:
        page.click(f"{PAGE} [data-key=phh-all]")
    assert download.value.suggested_filename == "my-hands.phhs"
    text = Path(download.value.path()).read_text()
    assert [table["variant"] for table in tomllib.loads(text).values()] == ["F5CD"]

    box = page.locator(".pl-mh-import")
    box.locator("textarea").fill("variant = 'NT'")
    box.locator("button", has_text="Open in the replayer").click()
    expect(page.locator(f"{PAGE} .pl-mh-message")).to_contain_text("This file could not be opened")
    box.locator("textarea").fill(text)
    box.locator("button", has_text="Open in the replayer").click()
    expect(page.locator(f"{PAGE} .pl-mh-title")).to_have_text("Five-Card Draw (PHH file): your decisions as Seat 1")
    expect(page.locator(f"{PAGE} .pl-mh-counter")).to_have_text(re.compile(r"^Decision 1 of \d+$"))
    page.click(f"{PAGE} [data-key=next]")
    expect(page.locator(f"{PAGE} .pl-mh-counter")).to_have_text(re.compile(r"^Decision 2 of \d+$"))
    codes = frames.card_codes()
    assert not secret_cards(state, 0) & codes, "a card the file hides reached the page"
    dealt = next(event.cards for event in state.events if event.kind == "deal" and event.seat == 0)
    assert {str(card) for card in dealt} <= codes  # the frames were read: the first decision shows the deal
