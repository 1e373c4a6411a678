"""The dealer: the one trusted process that holds every deck, every hand in progress at a live table
and the table's state, outside the learners' kernels.

Kernels send it intents ("sit down", "raise", "draw these") and receive the view of their own seat,
nothing else: a kernel never holds another seat's cards or a future card. The dealer stores every
table after every change, so it can be stopped and started again: the tables go on where they
were (:mod:`pokerlab.dealer.store`).

* :mod:`pokerlab.dealer.tables`: a live table as pure state (seats, people and computer opponents,
  timeouts, sitting out), with no I/O;
* :mod:`pokerlab.dealer.store`: the tables' rows in pokerlab's database (SQLite or PostgreSQL);
* :mod:`pokerlab.dealer.server`: the process itself, an HTTP and websocket API for callers it does
  not trust (every request says who asks; the dealer decides what that caller may see and do);
* :mod:`pokerlab.dealer.client`: the kernel's side of that API.

``python -m pokerlab.dealer`` starts it; ``make app`` starts it beside Voilà.
"""
