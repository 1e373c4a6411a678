"""The three draw-poker apps: Five-Card Draw, Saloon Draw and the Tournament Ladder.

Each app is a controller: the :class:`~pokerlab.widgets.identity.IdentityWidget` says who is
playing, a :class:`~pokerlab.widgets.table.DrawTable` shows a lobby, the table driven by a
:class:`~pokerlab.match.Match`, or an end screen, and the draw coach sits one click away below. The
panels' contents come from :mod:`pokerlab.apps.panels`; what is kept for the learner goes
through :mod:`pokerlab.apps.keep`. The apps hold no poker rules.

**Games that survive a reload.** After every action the game in progress is kept for its learner
(``Keeper.keep``); reopening the app offers "Continue your game (hand 4, 735 chips)" or "New game".
Continuing rebuilds the match from its seed and actions: the same hand, the same decision, the same
hidden cards. A page that continues a game takes it over; a page that played it before stops and
says so, so one game is never played in two places.

**Deals that cannot be replayed.** Seeds stay on the server and are random, except:

* ``seed=`` given to the constructor (a teacher's notebook, the tests);
* Five-Card Draw's *practice deals*: ``?seed=N`` on the page (or ``POKERLAB_SEED``) deals the same
  cards for everyone with that link; the table says so and nothing from it is kept;
* under ``POKERLAB_TEST_MODE=1`` (browser tests: a server setting, not something a learner can
  type) ``?seed=N`` seeds every app, and ``?stacks=500,3,500`` sets the first match's chips.

``?seed=`` never seeds the Saloon or the Ladder otherwise: the Ladder is scored, and a Saloon game can
be saved. Saloon saves are made between hands only, and restoring one gives the match a new random
generator (:meth:`~pokerlab.match.Match.reshuffle`), so a restore deals a hand nobody has seen. A save
made mid-hand by an older pokerlab is resumed once and then deleted (used up).

The query string and the learner arrive from the browser when the page renders (the identity
widget's ``hello``), never at notebook execution, so the apps work with Voilà's preheated kernels.

>>> app = FiveCardDrawApp(seed=3, learner="Dana")
>>> app.table.screen
'lobby'
>>> app.start({"players": "3", "forced_bet": "antes", "ace_draw": "off", "level": "1"})
>>> app.table.screen, len(app.table.table["players"])
('table', 3)
"""
from __future__ import annotations

from pokerlab.apps.flow import (  # noqa: F401 - re-exported: the apps' public names
    REVIEW_TRIALS,
    SAVE_NAME,
    STARTING_STACK,
    _chips_now,
    _named,
    app_seed,
    stacks_for_tests,
)
from pokerlab.apps.games import FiveCardDrawFlow, LadderFlow, SaloonFlow
from pokerlab.apps.panels import review_panel
from pokerlab.widgets.apps_base import DrawApp


class FiveCardDrawApp(FiveCardDrawFlow, DrawApp):
    """Rule book 002 against computer opponents: choose the table in the lobby, play to the end."""


class SaloonApp(SaloonFlow, DrawApp):
    """Rule book 003: spread limit in $5 steps, no all-in, out under $50; save between hands, restore."""


class LadderApp(LadderFlow, DrawApp):
    """Rule book 004: six levels paid from the learner's points wallet, a high score at level 6."""


__all__ = ["DrawApp", "FiveCardDrawApp", "LadderApp", "SaloonApp", "app_seed", "review_panel"]
