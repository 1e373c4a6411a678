"""The application layer: what the apps keep and settle, and the words of their panels, with no
widget or display import (the widgets in :mod:`pokerlab.widgets` are views over it).

* :mod:`pokerlab.apps.keep`: who the learner is, and what is kept for them (wallet, saves), every
  storage failure turned into plain words;
* :mod:`pokerlab.apps.hold`: one page's hold on a learner's game in progress, every step checked,
  played and stored (and a scored game settled) in one transaction;
* :mod:`pokerlab.apps.panels`: the lobbies', side panels' and end screens' contents as plain data;
* :mod:`pokerlab.apps.table_view`: the table's payload, built from one seat's view only;
* :mod:`pokerlab.apps.live`: what a live table's page shows, from the dealer's view.
"""
