"""The application layer: the apps' flows, what they keep and settle, and the words of their
panels, with no widget or display import (the widgets in :mod:`pokerlab.widgets` are thin views
over it: each app widget is a flow from here mixed with the page's boxes).

* :mod:`pokerlab.apps.flow`: the draw apps' shared flow (lobby, start, continue, play, review,
  save, settle); :mod:`pokerlab.apps.games` configures it for Five-Card Draw, the Saloon and the
  Ladder, and :mod:`pokerlab.apps.class_game` for a class game;
* :mod:`pokerlab.apps.four_rows`: Four Rows with its learner (kept, taken over, stepped);
* :mod:`pokerlab.apps.live_tables`: the live tables' lobby, seat, teacher's controls and review,
  over the dealer's client;
* :mod:`pokerlab.apps.keep`: who the learner is, and what is kept for them (wallet, saves), every
  storage failure turned into plain words;
* :mod:`pokerlab.storage.hold`: one page's hold on a learner's game in progress, every step checked,
  played and stored (and a scored game settled) in one transaction;
* :mod:`pokerlab.apps.panels`: the lobbies', side panels' and end screens' contents as plain data;
* :mod:`pokerlab.apps.table_view`: the table's payload, built from one seat's view only;
* :mod:`pokerlab.apps.live`: what a live table's page shows, from the dealer's view;
* :mod:`pokerlab.apps.my_hands`: what is kept of each finished hand for its learner (as they saw
  it; the dealer keeps live tables' hands the same way), the coach's review of it and its replay.
"""
