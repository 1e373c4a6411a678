"""Pages opened while pokerlab's database cannot be reached (issue 24), in a real browser.

The ladder, the class game and the teacher's board used to stop at their first cell ("There was an
error when executing cell") when storage failed as the page opened, and some messages showed the
database URL to learners. Here a Voilà server is given a PostgreSQL database that does not exist
yet: each page opens, says in plain words what happened (no traceback, no URL, host or user), and
once the database exists the ladder's page finds its learner by itself (it says hello again every
few seconds) without a reload.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, TEACHER_PASSWORD, fresh_database, keep_local, serve_voila, servers_env
from tests.browser.test_five_card_draw import IDENTITY, TABLE
from tests.classroom.class_support import postgres_url

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def down(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    folder = tmp_path_factory.mktemp("storage-down")
    name = f"pokerlab_not_yet_{os.getpid()}"
    with fresh_database("postgresql", folder, name, create=False) as url:
        with serve_voila(servers_env(folder / "data", url), open(folder / "voila.log", "w+"),
                         pooled=("09-class-game.ipynb", "08-tournament-ladder.ipynb")) as base:
            yield {"base": base, "database": name, "url": url, "server": postgres_url()}


def test_pages_opened_while_the_database_is_missing_say_so_plainly_and_find_the_learner_once_it_is_there(
    browser: Browser, down: dict[str, str],
) -> None:
    context = browser.new_context(**DESKTOP)
    keep_local(context)
    secret = sa.make_url(down["url"])
    leaks = [secret.database, secret.host, str(secret.port), "postgresql"] + ([secret.username] if secret.username else [])
    texts = {}
    for notebook, ready in (("09-class-game.ipynb", f"{IDENTITY}"), ("teacher-board.ipynb", ".pl-board"),
                            ("08-tournament-ladder.ipynb", f"{IDENTITY}")):
        page = context.new_page()
        page.goto(f"{down['base']}/voila/render/{notebook}", timeout=90_000)
        page.wait_for_selector(ready, timeout=90_000)
        texts[notebook] = page
    ladder = texts["08-tournament-ladder.ipynb"]
    ladder.fill(f"{IDENTITY} input[name=learner_name]", "Dana")
    ladder.click(f"{IDENTITY} .pl-id-go")
    expect(ladder.locator(f"{IDENTITY}")).to_have_attribute("data-state", "retrying", timeout=30_000)
    expect(ladder.locator(f"{IDENTITY} .pl-id-message")).to_contain_text("tries again by itself")
    board = texts["teacher-board.ipynb"]
    board.fill(".pl-board input[name=password]", TEACHER_PASSWORD)
    board.click(".pl-b-login button[type=submit]")
    expect(board.locator(".pl-b-message")).to_contain_text("database setting is wrong", timeout=30_000)
    for notebook, page in texts.items():
        body = page.inner_text("body")
        assert "There was an error when executing cell" not in body and "Traceback" not in body, notebook
        for leak in leaks:
            assert leak not in body, (notebook, leak)

    admin = sa.create_engine(down["server"], isolation_level="AUTOCOMMIT")  # the database comes back
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {down['database']}")
    admin.dispose()
    expect(ladder.locator(f"{IDENTITY}")).to_have_attribute("data-state", "known", timeout=30_000)  # not asked again
    expect(ladder.locator(f"{TABLE} .pl-t-lobby")).to_contain_text("Your wallet: 1,000 points.", timeout=30_000)
    context.close()
