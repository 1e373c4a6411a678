"""The application layer: the apps' flows, what they keep and settle, and the words of their
panels, with no widget or display import (the widgets in :mod:`pokerlab.widgets` are thin views
over it: each app widget is a flow from here mixed with the page's boxes).

* :mod:`pokerlab.apps.flow`: the draw apps' shared flow (lobby, start, continue, play, review,
  save, settle), with its parts that stand apart mixed in: :mod:`pokerlab.apps.seeds`,
  :mod:`pokerlab.apps.game_in_progress`, :mod:`pokerlab.apps.hand_keeping` (My hands) and
  :mod:`pokerlab.apps.decision_review`; :mod:`pokerlab.apps.games` configures it for Five-Card Draw
  and the Saloon, :mod:`pokerlab.apps.ladder_game` for the Ladder and :mod:`pokerlab.apps.class_game`
  for a class game; :mod:`pokerlab.apps.named_in_code`: a learner named in a notebook or a test;
* :mod:`pokerlab.apps.dealer_page`: what the pages played through the dealer share (opening,
  sign-in, refusals in the page's language, the table's actions): the class games'
  (:mod:`pokerlab.apps.class_game_service`), the live tables' and the dealer's Ladder
  (:mod:`pokerlab.apps.ladder_service`);
* :mod:`pokerlab.apps.four_rows`: Four Rows with its learner (kept, taken over, stepped);
* :mod:`pokerlab.apps.live_tables`: the live tables' lobby, seat and review, over the dealer's
  client, and :mod:`pokerlab.apps.live_teacher` the teacher's controls;
* :mod:`pokerlab.apps.keep`: who the learner is, and what is kept for them (wallet, saves), every
  storage failure turned into plain words;
* :mod:`pokerlab.storage.hold`: one page's hold on a learner's game in progress, every step checked,
  played and stored (and a scored game settled) in one transaction;
* the lobbies', side panels' and end screens' contents as plain data: :mod:`pokerlab.apps.rule_words`,
  :mod:`pokerlab.apps.shared_panels`, :mod:`pokerlab.apps.review_panels` and each game's
  (:mod:`pokerlab.apps.five_card_draw_panels`, :mod:`pokerlab.apps.saloon_panels`,
  :mod:`pokerlab.apps.ladder_panels`); :mod:`pokerlab.apps.panels` is their old single name;
* :mod:`pokerlab.apps.table_view`: the table's payload, built from one seat's view only;
* :mod:`pokerlab.apps.live`: what a live table's page shows, from the dealer's view;
* :mod:`pokerlab.apps.my_hands`: what is kept of each finished hand for its learner (as they saw
  it; the dealer keeps live tables' hands the same way), the coach's review of it and its replay.
"""
