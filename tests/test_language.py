"""The catalogue (issue 27): every message of the translated modules is in it, every language has each
one, fully (no empty, fuzzy or missing plural form), and the Spanish reads as written here by hand."""

from __future__ import annotations

import ast
import importlib.util
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from pokerlab import language as lang
from pokerlab.cards import ALL_CARDS, parse_cards
from pokerlab.classroom.names_and_keys import IdentityError, check_key, check_name
from pokerlab.coach.findings import NotReviewed
from pokerlab.coach.review_words import not_reviewed_words
from pokerlab.draw import Action, ActionKind, HandState, LegalAction, five_card_draw
from pokerlab.draw.errors import IllegalActionError
from pokerlab.draw.events import Event
from pokerlab.hand_values import ALL_VALUES
from pokerlab.narration import Voice, action_label, cap_text, event_sentence, refusal_sentence, result_headline
from pokerlab.narration.hands import CARD_NAME_WORDS, explain, value_name
from pokerlab.widgets.board_texts import BOARD_WORDS, board_script_words
from pokerlab.widgets.coach_texts import COACH_WORDS, coach_words
from pokerlab.widgets.four_rows import FOUR_ROWS_WORDS, four_rows_words
from pokerlab.widgets.hand_builder import HAND_BUILDER_WORDS, hand_builder_words
from pokerlab.widgets.hand_stepper import HAND_STEPPER_WORDS, hand_stepper_words
from pokerlab.widgets.identity import IDENTITY_WORDS, REFUSALS, identity_words
from pokerlab.widgets.my_hands_texts import MY_HANDS_WORDS, my_hands_words
from pokerlab.widgets.quiz import QUIZ_WORDS, quiz_words
from pokerlab.widgets.table import TABLE_WORDS, table_words
from pokerlab.widgets.trainer import TRAINER_WORDS, trainer_words
from tests.i18n import PLACE, catalogue_problems, english_left, po_path, read

ROOT = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("update_catalogue", ROOT / "scripts" / "update_catalogue.py")
update_catalogue = importlib.util.module_from_spec(_SPEC)  # type: ignore[arg-type]
_SPEC.loader.exec_module(update_catalogue)  # type: ignore[union-attr]
TRANSLATED = ("pokerlab/narration/voice.py", "pokerlab/narration/events.py", "pokerlab/narration/offers.py",
              "pokerlab/narration/refusals.py", "pokerlab/narration/results.py", "pokerlab/narration/hands.py",
              "pokerlab/coach/phrases.py", "pokerlab/coach/advice_words.py", "pokerlab/coach/verdicts.py",
              "pokerlab/coach/review_words.py",
              "pokerlab/apps/table_view.py", "pokerlab/widgets/coach.py", "pokerlab/widgets/coach_texts.py",
              "pokerlab/widgets/identity.py",
              "pokerlab/rows/scoring.py", "pokerlab/rows/words.py", "pokerlab/rows/errors.py", "pokerlab/rows/moves.py",
              "pokerlab/rows/view.py", "pokerlab/rows/game.py", "pokerlab/widgets/four_rows.py",
              "pokerlab/widgets/apps_four_rows.py", "pokerlab/apps/four_rows.py", "pokerlab/rows/hint.py",
              "pokerlab/widgets/trainer.py",
              "pokerlab/lessons/words.py", "pokerlab/lessons/checks.py", "pokerlab/widgets/pictures.py",
              "pokerlab/widgets/hand_builder.py", "pokerlab/widgets/hand_stepper.py", "pokerlab/widgets/pot_diagram.py",
              "pokerlab/lessons/scripted.py", "pokerlab/lessons/predict.py", "pokerlab/lessons/examples.py",
              "pokerlab/classroom/board.py", "pokerlab/classroom/costly_decisions.py", "pokerlab/classroom/deal_reports.py",
              "pokerlab/classroom/figures.py", "pokerlab/classroom/learning_board.py", "pokerlab/classroom/mastery_board.py",
              "pokerlab/classroom/reviews.py",
              "pokerlab/classroom/class_game_export.py",
              "pokerlab/widgets/board.py", "pokerlab/widgets/board_access.py", "pokerlab/widgets/board_learning.py",
              "pokerlab/widgets/class_game_export.py",
              "pokerlab/apps/live.py", "pokerlab/apps/live_tables.py", "pokerlab/apps/live_teacher.py",
              "pokerlab/apps/dealer_page.py", "pokerlab/widgets/live.py", "pokerlab/apps/flow.py",
              "pokerlab/apps/decision_review.py", "pokerlab/apps/game_in_progress.py", "pokerlab/apps/hand_keeping.py",
              "pokerlab/apps/games.py::SaloonFlow", "pokerlab/apps/ladder_game.py::LadderFlow", "pokerlab/apps/ladder_panels.py",
              "pokerlab/apps/ladder_service.py", "pokerlab/widgets/ladder_service.py", "pokerlab/ladder.py", "pokerlab/apps/rule_words.py::forced_bet_text",
              "pokerlab/apps/rule_words.py::discard_text", "pokerlab/apps/rule_words.py::short_rules",
              "pokerlab/apps/saloon_panels.py::saloon_saves_table", "pokerlab/apps/saloon_panels.py::saloon_lobby",
              "pokerlab/apps/saloon_panels.py::saloon_side", "pokerlab/apps/saloon_panels.py::saloon_end",
              "pokerlab/widgets/quiz.py::Quiz", "pokerlab/quizzes/tie_breaks.py", "pokerlab/quizzes/pot_odds.py", "pokerlab/quizzes/core.py", "pokerlab/quizzes/four_rows.py",
              "pokerlab/widgets/progress.py::LessonProgress", "pokerlab/quizzes/mastery.py::Mastery",
              "pokerlab/apps/class_game.py", "pokerlab/apps/class_game_service.py", "pokerlab/widgets/class_game.py", "pokerlab/apps/my_hands.py",
              "pokerlab/apps/keep.py", "pokerlab/storage/hold.py", "pokerlab/storage/guarded.py", "pokerlab/storage/errors.py",
              "pokerlab/apps/drill.py::DrillAnswer", "pokerlab/apps/drill.py::spot", "pokerlab/apps/drill.py::answer",
              "pokerlab/widgets/my_hands.py", "pokerlab/widgets/my_hands_widget.py", "pokerlab/widgets/my_hands_drill.py",
              "pokerlab/widgets/my_hands_phh.py", "pokerlab/widgets/my_hands_texts.py",
              "pokerlab/apps/five_card_draw_panels.py", "pokerlab/apps/review_panels.py", "pokerlab/apps/shared_panels.py",
              "pokerlab/classroom/class_games.py", "pokerlab/classroom/identity.py", "pokerlab/classroom/names_and_keys.py",
              "pokerlab/classroom/practice.py", "pokerlab/classroom/store.py", "pokerlab/classroom/teachers.py",
              "pokerlab/dealer/ladder_service.py", "pokerlab/dealer/words.py", "pokerlab/language.py",
              "pokerlab/narration/__init__.py", "pokerlab/narration/wallet.py", "pokerlab/phh/__init__.py",
              "pokerlab/phh/player_view.py", "pokerlab/phh/reading.py", "pokerlab/phh/refusals.py", "pokerlab/phh/writing.py",
              "pokerlab/quizzes/first_after_draw.py", "pokerlab/quizzes/hand_basics.py", "pokerlab/quizzes/ladder.py",
              "pokerlab/quizzes/may_raise.py", "pokerlab/quizzes/placement.py", "pokerlab/quizzes/side_pots.py",
              "pokerlab/quizzes/tables.py", "pokerlab/rows/__init__.py", "pokerlab/rows/clocks.py", "pokerlab/rows/rules.py",
              "pokerlab/serving/page_gate.py", "pokerlab/storage/save_envelope.py", "pokerlab/storage/saves.py",
              "pokerlab/variants.py", "pokerlab/widgets/apps_base.py", "pokerlab/widgets/mastery.py",
              "pokerlab/widgets/quiz_dealer.py", "pokerlab/widgets/table.py")
"""Modules (or a module's ``::function`` or ``::Class``) every learner-facing sentence of which must go
through the catalogue."""
MARKERS = {"_", "N_", "NP_", "gettext", "ngettext", "pgettext", "say"}
MARKUP = re.compile(r'<[^<>]*>|[\w:-]+="[^"]*"?')
CARD_CODES = re.compile(r"(\s*[2-9TJQKA][cdhs])+\s*")
"""A scripted hand's cards ("Qs Qh Qd Qc 4s"): codes, not words."""
RANK_AND_SUIT_NAMES = CARD_NAME_WORDS[1:]
"""The ranks' and the suits' names (:data:`pokerlab.narration.hands.CARD_NAME_WORDS` after its pattern)."""


def test_the_scripts_name_every_card_as_python_does() -> None:
    """cards.js keeps its own table of the ranks' and suits' English names (each the key of its word in
    the widget's language): it must be Python's, card by card, and every widget that names cards gets
    their words."""
    source = (ROOT / "pokerlab/widgets/static/cards.js").read_text(encoding="utf-8")
    table = dict(re.findall(r'"?([2-9TJQKAcdhs])"?:\s*"([a-z]+)"', source.split("const PL_SUIT_NAMES")[1].split(
        "export function")[0]))
    for card in ALL_CARDS:
        code = str(card)
        assert f"{table[code[0]]} of {table[code[1]]}" == card.name
    assert "{rank} of {suit}" in source and CARD_NAME_WORDS[0] == "{rank} of {suit}"
    for words in (TABLE_WORDS, COACH_WORDS, TRAINER_WORDS, HAND_BUILDER_WORDS, HAND_STEPPER_WORDS, MY_HANDS_WORDS,
                  QUIZ_WORDS):
        assert set(CARD_NAME_WORDS) <= set(words)


def test_the_template_holds_every_message_of_the_code() -> None:
    # A message added or changed in the code without running scripts/update_catalogue.py fails here.
    assert update_catalogue.main(["--check"]) == 0


@pytest.mark.parametrize("language", lang.LANGUAGES[1:])
def test_every_language_says_every_message_with_all_its_plural_forms(language: str) -> None:
    catalog, template = read(po_path(language), language), read(lang.LOCALE_DIR / "pokerlab.pot", "en")
    assert catalog.num_plurals == 3 if language == "es" else catalog.num_plurals >= 1
    assert catalogue_problems(catalog, template) == []


def test_the_check_finds_an_empty_a_fuzzy_and_a_short_plural_entry(tmp_path: Path) -> None:
    bad = tmp_path / "pokerlab.po"
    shutil.copy(po_path("es"), bad)
    text = bad.read_text(encoding="utf-8")
    text = text.replace('msgstr "Retirarse"', 'msgstr ""', 1)
    text = text.replace('msgid "Check"\n', '#, fuzzy\nmsgid "Check"\n', 1)
    text = re.sub(r'(msgid_plural "\{amount\} chips"\nmsgstr\[0\] "[^"]*"\nmsgstr\[1\] "[^"]*"\n)msgstr\[2\] "[^"]*"\n', r"\1",
                  text, count=1)
    bad.write_text(text, encoding="utf-8")
    problems = catalogue_problems(read(bad, "es"), read(lang.LOCALE_DIR / "pokerlab.pot", "en"))
    assert "empty: 'Fold'" in problems
    assert "fuzzy: 'Check'" in problems
    # Babel reads a missing third form as an empty one: gettext would give English back for it silently
    assert "empty: ('{amount} chip', '{amount} chips')" in problems, problems


def _unmarked_sentences(path: str) -> list[str]:
    """String literals of two or more words outside the catalogue's calls, docstrings and raised errors
    (of the module at ``path``, or of its one function or class ``path::name``)."""
    path, _, name = path.partition("::")
    tree: ast.AST = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    if name:
        tree = next(node for node in ast.walk(tree)
                    if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in MARKERS:
                skip.update(id(inner) for inner in ast.walk(node))
        elif isinstance(node, ast.Raise):
            skip.update(id(inner) for inner in ast.walk(node))
        elif isinstance(node, ast.keyword) and node.arg == "help":  # a trait's help: for programmers
            skip.update(id(inner) for inner in ast.walk(node))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and any(
                getattr(target, "id", "").endswith("_WORDS") for target in (node.targets if isinstance(node, ast.Assign) else [node.target])):
            skip.update(id(inner) for inner in ast.walk(node))  # a script's words: its test checks them
        elif isinstance(node, (ast.FunctionDef, ast.Module, ast.ClassDef)) and node.body and isinstance(
                node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            skip.add(id(node.body[0].value))
    for node in ast.walk(tree):  # a docstring after an assignment (a variable's)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = MARKUP.sub("", node.value)  # a picture's tags and attributes are not sentences
            if re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", text) and not CARD_CODES.fullmatch(text):
                found.append(node.value)
    return found


ENGLISH_ONLY = {
    **{path: set() for path in TRANSLATED[TRANSLATED.index("pokerlab/apps/five_card_draw_panels.py"):]},
    # the notes the dealer's ladder sends in English beside its codes; the page says them again (ladder_panels.NOTES)
    "pokerlab/dealer/ladder_service.py": {"Fresh start: ", " points added to your wallet.", " was given up; its entry cost "
                                          "is not paid back.", "There is no game in progress to continue any more; here is the lobby."},
    # a TOML or YAML parser's own message, read for its line and column (the refusal itself is a message)
    "pokerlab/phh/refusals.py": {" (at end of document)", r"(?P<detail>.*) \(at line (?P<line>\d+), column (?P<column>\d+)\)"},
    "pokerlab/phh/writing.py": {"Fixed-limit five-card draw (high hand, one draw; pokerlab rule book 002)"},  # a PHH field
    # topic codes a question is filed under (the mastery table says each topic in the reader's language)
    "pokerlab/quizzes/first_after_draw.py": {"first after the draw", "Saloon Draw"},
    "pokerlab/quizzes/hand_basics.py": {"cost of a call", "pot after the antes", "who speaks first", "what may they do"},
    "pokerlab/quizzes/may_raise.py": {"may raise"},
    "pokerlab/quizzes/side_pots.py": {"side pot"},
    "pokerlab/serving/page_gate.py": {"Refused a page to %s (%s): %s."},  # the server's log
    # what is wrong inside a save file, after the refusal's own words (for whoever mends the file)
    "pokerlab/storage/save_envelope.py": {", which JSON cannot store", "; keys must be strings", " has the key ",
                                          ", which a save cannot hold"},
    # after the operating system's own words for a file it could not read; and the server's log
    "pokerlab/storage/saves.py": {"The file was not changed.",
                                  "saving over the damaged save %s (%s): its backup %s is kept as it was"},
    "pokerlab/variants.py": {"class-game variant"},  # a developer's error: the code asked for is not a variant
    "pokerlab/widgets/mastery.py": {"pl-progress-text pl-review-end"},  # CSS classes
    "pokerlab/narration/hands.py": {"top card", "high pair", "low pair"},  # Comparison.deciding_step: codes, not shown
    "pokerlab/quizzes/tie_breaks.py": {"top card"},  # Comparison.deciding_step: a code, not shown
    "pokerlab/quizzes/pot_odds.py": {"two pair", "full house", "pot odds"},  # a draw's, a goal's and the topic's codes
    "pokerlab/quizzes/core.py": set(),
    "pokerlab/quizzes/four_rows.py": {"row score"},  # the topic's code
    "pokerlab/apps/table_view.py": set(),
    "pokerlab/narration/voice.py": set(),
    "pokerlab/narration/events.py": set(),
    "pokerlab/narration/offers.py": set(),
    "pokerlab/narration/refusals.py": set(),
    "pokerlab/narration/results.py": set(),
    "pokerlab/coach/phrases.py": set(),
    "pokerlab/coach/advice_words.py": set(),
    "pokerlab/coach/verdicts.py": set(),
    "pokerlab/coach/review_words.py": set(),
    # English only: the error's own English follows it; another language says the sentence alone
    "pokerlab/widgets/coach.py": {"The coach cannot work out the chances here: "},
    "pokerlab/widgets/coach_texts.py": set(),
    "pokerlab/widgets/identity.py": set(),
    "pokerlab/rows/scoring.py": set(),
    "pokerlab/rows/words.py": set(),
    "pokerlab/rows/errors.py": set(),
    "pokerlab/rows/moves.py": set(),
    # codes, not shown: the chart's example hands and an end reason; the catalogue's context for Four Rows
    "pokerlab/rows/view.py": {"all types"},
    "pokerlab/rows/game.py": {"all types"},
    "pokerlab/widgets/four_rows.py": {"Four Rows", "all types"},
    "pokerlab/widgets/apps_four_rows.py": set(),
    "pokerlab/apps/four_rows.py": set(),
    "pokerlab/rows/hint.py": set(),
    "pokerlab/widgets/trainer.py": set(),
    "pokerlab/lessons/words.py": {"the best draw against {count}"},  # the English a lesson wrote, read (not shown)
    "pokerlab/lessons/checks.py": set(),
    "pokerlab/widgets/pictures.py": set(),
    "pokerlab/widgets/hand_builder.py": set(),
    "pokerlab/widgets/hand_stepper.py": set(),
    "pokerlab/widgets/pot_diagram.py": set(),
    # the engine's English labels a step keeps as codes (Step.action, Step.options); said again before shown
    "pokerlab/lessons/scripted.py": {"The deal", "stand pat"},
    "pokerlab/lessons/predict.py": {"stand pat", "Raise to", "Raise to "},
    "pokerlab/lessons/examples.py": set(),
    # LearningLine.text (lessons and quizzes: not the class games' part of the board, not shown by the board widget)
    "pokerlab/classroom/learning_board.py": {"no answers yet", "lessons finished: "},
    "pokerlab/classroom/board.py": set(),
    "pokerlab/classroom/mastery_board.py": set(),
    "pokerlab/classroom/costly_decisions.py": set(),
    "pokerlab/classroom/deal_reports.py": set(),
    "pokerlab/classroom/figures.py": set(),
    "pokerlab/classroom/reviews.py": set(),
    "pokerlab/classroom/class_game_export.py": {"class game "},  # a PHH file's "event" field, not words on a page
    "pokerlab/widgets/board.py": set(),
    "pokerlab/widgets/board_access.py": set(),
    "pokerlab/widgets/board_learning.py": set(),
    "pokerlab/widgets/class_game_export.py": set(),
    "pokerlab/apps/live.py": set(),
    "pokerlab/apps/live_tables.py": set(),
    "pokerlab/apps/live_teacher.py": set(),
    "pokerlab/apps/dealer_page.py": set(),
    "pokerlab/widgets/live.py": set(),
    "pokerlab/apps/flow.py": set(),
    "pokerlab/apps/decision_review.py": set(),
    "pokerlab/apps/game_in_progress.py": set(),
    "pokerlab/apps/hand_keeping.py": set(),
    "pokerlab/apps/ladder_panels.py": set(),
    "pokerlab/apps/ladder_service.py": set(),
    "pokerlab/widgets/ladder_service.py": set(),
    "pokerlab/ladder.py": set(),
    # the summary of a kept game in progress, kept in English as the other games' are (panels.PROGRESS)
    "pokerlab/apps/class_game.py": {"class game "},
    "pokerlab/apps/class_game_service.py": set(),
    "pokerlab/widgets/class_game.py": set(),
    "pokerlab/apps/my_hands.py": {"phh import"},  # what a review seed is made from, not words
    "pokerlab/widgets/my_hands.py": set(),
    "pokerlab/widgets/my_hands_widget.py": set(),
    "pokerlab/widgets/my_hands_drill.py": set(),
    "pokerlab/widgets/my_hands_phh.py": {"row wrap"},  # a layout's flex-flow
    "pokerlab/widgets/my_hands_texts.py": set(),
    "pokerlab/apps/keep.py": set(),
    "pokerlab/storage/hold.py": set(),
    "pokerlab/storage/guarded.py": set(),
    # a StorageError's own str, for the teacher's console and the log; pages say a KeepError's sentences
    "pokerlab/storage/errors.py": {"Nothing that was saved before has been lost.", "pokerlab could not ",
                                   "%s while trying to %s: %s", "pokerlab cannot tell whether it managed to ",
                                   "(no details)"},
    **{path: set() for path in TRANSLATED if "::" in path},
}


@pytest.mark.parametrize("path", TRANSLATED)
def test_no_sentence_of_a_translated_module_bypasses_the_catalogue(path: str) -> None:
    assert set(_unmarked_sentences(path)) == ENGLISH_ONLY[path]


def test_every_module_the_catalogue_reads_is_checked_for_sentences_that_bypass_it() -> None:
    """A module babel.cfg names has words for pages: one missing from TRANSLATED could show English
    that nobody checks (a class game's refusal on a hub did, until this test)."""
    read = set()
    for line in (ROOT / "babel.cfg").read_text(encoding="utf-8").splitlines():
        if found := re.fullmatch(r"\[python: (.+)\]", line.strip()):
            read |= {str(path.relative_to(ROOT)) for path in ROOT.glob(found[1].replace("**.py", "**/*.py"))}
    checked = {path.split("::")[0] for path in TRANSLATED}
    assert read - checked == set(), "add these to TRANSLATED (and ENGLISH_ONLY)"


def _script_words(names: tuple[str, ...]) -> set[str]:
    """The messages the scripts ``names`` show (through t or say), failing on a sentence shown without."""
    shown: set[str] = set()
    for name in names:
        source = (ROOT / "pokerlab/widgets/static" / name).read_text(encoding="utf-8")
        source = re.sub(r"^\s*//[^\n]*", "", re.sub(r"/\*.*?\*/", "", source, flags=re.S), flags=re.M)
        calls = re.findall(r'\b(?:t|say)\("((?:[^"\\]|\\.)*)"', source)
        shown.update(calls)
        for double, template in re.findall(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`', source):
            text = re.sub(r"\$\{[^}]*\}", "", double or template)
            if re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", text) and not re.search(r"\b(pl|fr)-", text):  # not class names
                assert text in calls, f"{name} shows {text!r} without asking for its words"
        if name == "cards.js":  # the ranks' and suits' names, said through say(...)
            shown.update(re.findall(r':\s*"([a-z]+)"', source.split("const PL_RANK_NAMES")[1].split("};")[0]))
            shown.update(re.findall(r':\s*"([a-z]+)"', source.split("const PL_SUIT_NAMES")[1].split("};")[0]))
    return shown


def test_the_table_scripts_show_only_words_from_python() -> None:
    parts = tuple(f"table/{path.name}" for path in (ROOT / "pokerlab/widgets/static/table").glob("*.js"))
    assert "table/actions.js" in parts
    shown = _script_words(("table.js", "cards.js", *parts))
    assert shown <= set(TABLE_WORDS), shown - set(TABLE_WORDS)
    spanish = table_words("es")
    assert set(spanish) == set(TABLE_WORDS) and all(spanish[word] != word for word in ("Draw", "Hand history", "ace"))
    assert table_words("en") == {}


def test_the_coach_and_identity_scripts_show_only_words_from_python() -> None:
    cards = {"{rank} of {suit}", *RANK_AND_SUIT_NAMES}  # plCardName(code, t) of cards.js, in the coach's words
    assert _script_words(("coach.js",)) == set(COACH_WORDS) - cards
    assert cards <= set(COACH_WORDS)
    assert _script_words(("identity.js",)) == set(IDENTITY_WORDS)
    for words, messages in ((coach_words("es"), COACH_WORDS), (identity_words("es"), IDENTITY_WORDS)):
        assert set(words) == set(messages) and all(words[message] != message for message in messages
                                                   if re.search(r"[A-Za-z]{2}", PLACE.sub("", message)))
    assert coach_words("en") == {} and identity_words("en") == {}


def test_the_four_rows_script_shows_only_words_from_python() -> None:
    cards = {"{rank} of {suit}", "face-down card", *RANK_AND_SUIT_NAMES}  # plCardName(code, t) of cards.js
    messages = {word[1] if isinstance(word, tuple) else word for word in FOUR_ROWS_WORDS}
    assert _script_words(("four_rows.js",)) == messages - cards and cards <= messages
    spanish = four_rows_words("es")
    assert set(spanish) == messages and all(spanish[message] != message for message in messages
                                             if re.search(r"[A-Za-z]{2}", PLACE.sub("", message)))
    # a row is folded ("Retirar"), not the player ("Retirarse" at the table)
    assert (spanish["Fold"], spanish["Raise"], lang.gettext("es", "Fold")) == ("Retirar", "Subir", "Retirarse")
    assert four_rows_words("en") == {}


def test_the_trainer_script_shows_only_words_from_python() -> None:
    cards = {"{rank} of {suit}", *RANK_AND_SUIT_NAMES}  # plCardName(code, t) of cards.js
    assert _script_words(("trainer.js",)) == set(TRAINER_WORDS) - cards and cards <= set(TRAINER_WORDS)
    spanish = trainer_words("es")
    assert set(spanish) == set(TRAINER_WORDS) and all(spanish[message] != message for message in TRAINER_WORDS
                                                      if re.search(r"[A-Za-z]{2}", PLACE.sub("", message)))
    assert trainer_words("en") == {}
def test_the_quiz_script_shows_only_words_from_python() -> None:
    cards = {"{rank} of {suit}", *RANK_AND_SUIT_NAMES}  # plCardName(code, t) of cards.js, in the quiz's words
    levels = {"Easy", "Medium", "Hard"}  # t(level's name): the levels of pokerlab.quizzes.LEVELS, capitalised
    assert _script_words(("quiz.js",)) == set(QUIZ_WORDS) - cards - levels and cards | levels <= set(QUIZ_WORDS)
    words = quiz_words("es")
    assert set(words) == set(QUIZ_WORDS) and all(words[message] != message for message in QUIZ_WORDS)
    assert quiz_words("en") == {}


def test_the_my_hands_script_shows_only_words_from_python() -> None:
    cards = {"{rank} of {suit}", *RANK_AND_SUIT_NAMES}  # plCardName(code, t) of cards.js, in the page's words
    assert _script_words(("my_hands.js",)) == set(MY_HANDS_WORDS) - cards
    assert cards <= set(MY_HANDS_WORDS)
    words = my_hands_words("es")
    assert set(words) == set(MY_HANDS_WORDS)
    assert all(words[message] != message for message in MY_HANDS_WORDS if message != "PHH")
    assert my_hands_words("en") == {}


def test_the_hand_builder_script_shows_only_words_from_python() -> None:
    cards = {"{rank} of {suit}", *RANK_AND_SUIT_NAMES}  # plCardName(code, t) of cards.js, in the builder's words
    names = {"Hand A", "Hand B"}  # HB_HANDS' names, said through t(hand.name)
    assert _script_words(("hand_builder.js",)) == set(HAND_BUILDER_WORDS) - cards - names
    words = hand_builder_words("es")
    assert set(words) == set(HAND_BUILDER_WORDS) and all(words[message] != message for message in HAND_BUILDER_WORDS)
    assert hand_builder_words("en") == {}


def test_the_hand_stepper_script_shows_only_words_from_python() -> None:
    cards = {"{rank} of {suit}", *RANK_AND_SUIT_NAMES}  # plCardName(code, t) of cards.js, in the stepper's words
    statuses = {"folded", "all-in", "out"}  # t(player.status): a seat's status, a code of the engine's view
    assert _script_words(("hand_stepper.js",)) == set(HAND_STEPPER_WORDS) - cards - statuses
    words = hand_stepper_words("es")
    assert set(words) == set(HAND_STEPPER_WORDS) and all(words[message] != message for message in HAND_STEPPER_WORDS
                                                         if message != "all-in")
    assert words["Bet {amount}"] == "Apuesta {amount}"  # what a seat has put in, not the button "Apostar {amount}"
    assert hand_stepper_words("en") == {}
def test_the_board_script_shows_only_words_from_python() -> None:
    assert _script_words(("board.js",)) == set(BOARD_WORDS)
    spanish = board_script_words("es")
    assert set(spanish) == set(BOARD_WORDS) and all(spanish[message] != message for message in BOARD_WORDS
                                                    if message not in ("Hands as PHH",) and re.search(r"[A-Za-z]{3}", message))
    assert board_script_words("en") == {}


def test_the_catalogues_headers_have_no_placeholders_left() -> None:
    placeholders = ("FIRST AUTHOR", "EMAIL@ADDRESS", "ORGANIZATION", "VERSION", "YEAR-MO-DA", "FULL NAME", "LANGUAGE <")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    template = (lang.LOCALE_DIR / "pokerlab.pot").read_text(encoding="utf-8").split("\n\n")[0]
    assert f"Project-Id-Version: pokerlab {version}\\n" in template
    assert "FIRST AUTHOR" not in template and "ORGANIZATION" not in template  # the rest is the translators'
    for language in lang.LANGUAGES[1:]:
        header = po_path(language).read_text(encoding="utf-8").split("\n\n")[0]
        assert [word for word in placeholders if word in header] == [], header
        assert f"Project-Id-Version: pokerlab {version}\\n" in header and "Last-Translator: the pokerlab maintainers" in header


def test_an_english_sentence_is_retold_from_its_message_with_its_places() -> None:
    messages = ("The name {name} is taken{looks}.", " ({typed} reads the same)", "A name starts with a letter; {name} does not.")
    assert lang.retell("es", "A name starts with a letter; '9lives' does not.", messages) == (
        "Un nombre empieza por una letra; '9lives' no.")
    assert lang.retell("en", "A name starts with a letter; '9lives' does not.", messages) == (
        "A name starts with a letter; '9lives' does not.")
    assert lang.retell("es", "Something else.", messages) is None
    refusal = ("The name {name} is already taken by someone else here{looks}. Choose another name; if it is yours "
               "(from another browser or computer), ask your teacher to release it.")
    said = lang.retell("es", refusal.format(name="'Ana'", looks=" ('Anа' reads the same)"), (refusal, messages[1]))
    assert said is not None and said.startswith("Aquí otra persona ya usa el nombre 'Ana' ('Anа' se lee igual). ")


def test_every_refusal_the_identity_line_retells_is_a_message_of_the_identity_modules() -> None:
    trees = [ast.parse((ROOT / path).read_text(encoding="utf-8"))
             for path in ("pokerlab/classroom/identity.py", "pokerlab/classroom/names_and_keys.py")]
    marked = {node.args[0].value for tree in trees for node in ast.walk(tree) if isinstance(node, ast.Call)
              and getattr(node.func, "id", "") == "N_" and isinstance(node.args[0], ast.Constant)}
    assert set(REFUSALS) <= marked, set(REFUSALS) - marked
    for name in ("9lives", "A", "Ada<", "A" * 40, 7):
        with pytest.raises(IdentityError) as refused:
            check_name(name)  # type: ignore[arg-type]
        assert english_left([lang.retell("es", str(refused.value), REFUSALS) or ""], "es") == [], refused.value
    with pytest.raises(IdentityError) as refused:
        check_key("short")
    said = lang.retell("es", str(refused.value), REFUSALS)
    assert said is not None and said.startswith("La clave del navegador") and english_left([said], "es") == []


def test_why_a_decision_was_not_reviewed_is_in_the_readers_language() -> None:
    item = NotReviewed("draw", 1, "Draw odds need a five-card hand; got 4 card(s): 'Kh Kd As 4c'.")
    assert not_reviewed_words(item) == "Your draw was not reviewed: Draw odds need a five-card hand; got 4 card(s): 'Kh Kd As 4c'."
    spanish = not_reviewed_words(item, "es")
    assert spanish == "Tu descarte no se revisó: el entrenador no pudo calcular sus probabilidades."
    bet = not_reviewed_words(NotReviewed("call", 2, "Fold"), "es")  # a reason the catalogue has is translated
    assert bet.endswith(": Retirarse") and english_left([spanish, bet], "es") == []


# --- the Spanish, as written by hand ---------------------------------------------------------------

NAMES = ("Ana", "Bo", "Cy")
TU = Voice(viewer=1, names=NAMES, language="es")
OTRO = Voice(viewer=0, names=NAMES, language="es")
C = parse_cards


@pytest.mark.parametrize(("event", "mine", "theirs"), [
    (Event("fold", 1), "Te retiras", "Bo se retira"),
    (Event("check", 1), "Pasas", "Bo pasa"),
    (Event("call", 1, 10), "Igualas 10", "Bo iguala 10"),
    (Event("raise", 1, 10, to=20), "Subes a 20", "Bo sube a 20"),
    (Event("ante", 1, 3, all_in=True), "Pones un ante de 3 y te quedas all-in", "Bo pone un ante de 3 y se queda all-in"),
    (Event("small_blind", 1, 5, to=5), "Pones la ciega pequeña de 5", "Bo pone la ciega pequeña de 5"),
    (Event("draw", 1, count=0), "Te quedas servido", "Bo se queda servido"),
    (Event("draw", 1, count=1), "Cambias 1 carta", "Bo cambia 1 carta"),
    (Event("draw", 1, count=3), "Cambias 3 cartas", "Bo cambia 3 cartas"),
    (Event("showdown", 1, cards=tuple(C("Kh Kd 7s 7c Qd"))), "Enseñas Kh Kd 7s 7c Qd (doble pareja, reyes y sietes, con una reina)",
     "Bo enseña Kh Kd 7s 7c Qd (doble pareja, reyes y sietes, con una reina)"),
    (Event("win", 1, 1500, reason="folds"), "Ganas 1.500 fichas del bote principal: todos los demás se retiraron",
     "Bo gana 1.500 fichas del bote principal: todos los demás se retiraron"),
])
def test_spanish_event_sentences(event: Event, mine: str, theirs: str) -> None:
    assert event_sentence(event, TU) == mine
    assert event_sentence(event, OTRO) == theirs


def test_spanish_money_labels_cap_and_headline() -> None:
    dollars = Voice(viewer=0, dollars=True, language="es")
    assert action_label(LegalAction(ActionKind.RAISE, min_to=20, max_to=1500, step=5), dollars) == "Subir a 20 $–1.500 $"
    assert action_label(LegalAction(ActionKind.CALL, call_amount=10), TU) == "Igualar 10"
    assert action_label(LegalAction(ActionKind.DRAW, max_discards=4, ace_extra=True), TU) == (
        "Cambiar hasta 3 (4 guardando un as) o quedarse servido")
    assert TU.chips(1) == "1 ficha" and TU.chips(2) == "2 fichas" and TU.chips(1_000_000) == "1.000.000 de fichas"
    assert cap_text({"phase": "betting_one", "bets_made": 2, "cap": 4, "raises_left": 1, "raising_open": True,
                     "blinds_round": False}, "es") == "apuesta 2 de 4, queda 1 subida"
    assert lang.format_percent(0.1234, "es") == "12,3 %" and lang.format_percent(0.1234) == "12.3%"
    result = {"net": [-10, 10, 0], "won_by_fold": True, "shown": {}}
    assert result_headline(result, TU) == "Ganas el bote: todos los demás se retiraron, así que no se enseñan cartas."


def test_a_refusal_is_said_again_in_spanish_for_the_player_who_tried() -> None:
    state = HandState(five_card_draw(player_count=3), stacks=[500] * 3, dealer=0, rng=1)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Action.draw(state.cards(state.actor)[:1]))
    error = refused.value
    assert str(error).startswith("You cannot draw: it is a betting round")  # the engine's English is unchanged
    text = refusal_sentence(error, Voice(viewer=error.seat, language="es"))
    assert text.startswith("No puedes cambiar cartas: es una ronda de apuestas; el descarte viene después de la primera ronda;")
    assert "opciones: retirarse" in text and english_left([text], "es") == []


def test_every_hand_value_has_a_spanish_name_and_every_comparison_an_explanation() -> None:
    values = sorted(ALL_VALUES.values(), key=lambda value: value.strength)
    names = [value_name(value, "es") for value in values]
    assert english_left(names, "es") == []
    assert value_name(values[-1], "es") == "Escalera real"
    lines = [explain(low, high, names=("Ana", "Tú"), language="es", you=1).text for low, high in zip(values, values[1:])]
    lines += [explain(value, value, language="es").text for value in values[::50]]
    assert english_left(lines, "es") == []
    assert all(line.startswith(("Ganas: ", "Bote dividido: ")) for line in lines)
    assert explain("Ah 2d 3h 4s 5c", "6c 5d 4h 3s 2c", names=("Tú", "Ana"), language="es", you=0).text == (
        "Ana gana: los dos tienen escalera, así que decide la carta más alta: escalera al seis gana a escalera al "
        "cinco (la rueda, 5-4-3-2-A, es la escalera más baja porque su as cuenta como uno).")


def test_the_browsers_languages_choose_and_english_is_the_fallback() -> None:
    assert lang.choose(["es-MX", "en"]) == "es" and lang.choose(["de-DE", "es"]) == "es"
    assert lang.choose(["fr", "de"]) == "en" and lang.choose(None) == "en" and lang.choose([3, "ES_es"]) == "es"
    assert lang.gettext("es", "A message nobody translated") == "A message nobody translated"
    with pytest.raises(ValueError, match="does not speak 'fr'"):
        Voice(language="fr")


def test_a_spanish_prediction_is_the_english_one_said_again() -> None:
    from pokerlab.lessons import examples
    from pokerlab.lessons.predict import predictions

    hands = [getattr(examples, name)() for name in examples.__all__ if name.endswith("_hand")]
    asked = 0
    for hand in hands:
        english, spanish = predictions(hand.steps()), predictions(hand.steps(language="es"), "es")
        assert english.keys() == spanish.keys(), hand.title
        for number, question in english.items():
            said = spanish[number]
            assert (said.kind, said.answer, len(said.choices)) == (question.kind, question.answer, len(question.choices))
            texts = [said.prompt, said.why, *said.choices, *(said.feedback(n)["text"] for n in range(len(said.choices)))]
            assert english_left(texts, "es") == [], texts
            asked += 1
    assert asked > 40


def test_a_lesson_phrase_the_catalogue_does_not_know_stays_whole_in_english() -> None:
    """say_again never half translates: "Hand type" once came out "Mano type", read as "Hand {number}"
    with "type" for the number. A message is said again only when each of its places is itself known
    (a number, card codes or a message); otherwise the English comes back whole, as it was written."""
    from pokerlab.lessons.words import say_again

    assert say_again("Hand 3", "es") == "Mano 3"
    assert say_again("Hand type", "es") == "Tipo de jugada"  # a phrase of its own now
    for unknown in ("Hand of cards", "Seat by the window", "what Ana's friend may do", "keep the kings, draw 3"):
        assert say_again(unknown, "es") == unknown
    assert say_again("keep K♥ K♦, draw 3", "es") == "quedarse con K♥ K♦, cambiar 3"
    assert say_again("Row 2: 2s 7d Jh", "es") == "Fila 2: 2s 7d Jh"
    assert say_again("2,592 of 16,215", "es") == "2.592 de 16.215"
    assert say_again("Four of a kind", "es") == "Póquer"  # not "{part} of {whole}" with "a kind" for a number
    assert [say_again(f"{count} card{'s' * (count != 1)}", "es") for count in (0, 1, 4)] == [
        "0 cartas", "1 carta", "4 cartas"]
    assert [say_again(f"the best draw against {count}", "es") for count in (1, 4)] == [
        "el mejor descarte contra 1 rival", "el mejor descarte contra 4 rivales"]
    assert say_again("1.3% of the pot", "es") == "1,3 % del bote"
