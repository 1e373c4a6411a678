"""The list of variants (pokerlab/variants.py) is the one place a variant is named: every entry is whole
(its preset, app and notebook exist and agree), and every code the games store comes from it."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from pokerlab.apps.games import FiveCardDrawFlow, SaloonFlow
from pokerlab.apps.ladder_game import LadderFlow
from pokerlab.apps.my_hands import game_name
from pokerlab.classroom.class_games import VARIANTS as CLASS_VARIANTS
from pokerlab.classroom.class_games import ClassGameSettings
from pokerlab.dealer import ladder_service
from pokerlab.dealer.table_settings import GAMES, TableError, TableSettings
from pokerlab.draw import Rules
from pokerlab.ladder import LadderRun
from pokerlab.language import gettext
from pokerlab.match import SALOON_KIND
from pokerlab.variants import CLASS_GAMES, VARIANTS, VariantError, find_class_game, find_variant

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CODES = {variant.code for variant in VARIANTS}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.code)
def test_an_entry_is_whole(variant) -> None:
    rules = variant.rules() if variant.fixed_seats else variant.rules(player_count=variant.opponents[0] + 1)
    assert isinstance(rules, Rules) and rules.name == variant.name
    if variant.fixed_seats:
        assert rules.player_count == variant.opponents[0] + 1
    app = variant.app_class()
    assert app.app_key == variant.code and app.title == variant.name
    notebook = nbformat.read(NOTEBOOKS / variant.notebook, as_version=4)
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    assert f"{app.__name__}()" in code, f"{variant.notebook} does not show {app.__name__}"


def test_codes_are_distinct_and_names_are_translated() -> None:
    for entries in (VARIANTS, CLASS_GAMES):
        assert len({entry.code for entry in entries}) == len(entries)
    for entry in (*VARIANTS, *CLASS_GAMES):
        assert gettext("es", entry.name) != entry.name, f"{entry.name!r} has no Spanish in the catalogue"


def test_every_stored_code_is_a_registry_code() -> None:
    assert {flow.app_key for flow in (FiveCardDrawFlow, SaloonFlow, LadderFlow)} == CODES
    assert set(GAMES) <= CODES and set(GAMES) == {variant.code for variant in VARIANTS if variant.live}
    assert {kind.variant for kind in CLASS_GAMES} <= CODES and set(CLASS_VARIANTS) == {k.code for k in CLASS_GAMES}
    assert ladder_service.APP in CODES and SALOON_KIND in CODES
    assert LadderRun.new(1, seed=3).entry().app in CODES
    assert {game_name(code) for code in CODES} == {variant.name for variant in VARIANTS}


def test_the_stored_codes_are_those_already_in_databases() -> None:
    """Kept hands, saves, slots, settlements and class games hold these codes: they never change."""
    assert [variant.code for variant in VARIANTS] == ["five-card-draw", "saloon-draw", "ladder"]
    assert [kind.code for kind in CLASS_GAMES] == ["five-card-draw-antes", "five-card-draw-blinds", "saloon-draw",
                                                   "ladder"]


def test_class_games_and_live_tables_take_their_rules_from_the_registry() -> None:
    blinds = ClassGameSettings("five-card-draw-blinds", opponent_count=2)
    assert blinds.rules() == find_variant("five-card-draw").rules(player_count=3, forced_bet="blinds")
    assert ClassGameSettings("ladder", opponent_count=4).rules() == find_variant("ladder").rules()
    assert ClassGameSettings("saloon-draw").dollars and not blinds.dollars
    saloon = TableSettings(game="saloon-draw", seats=4, ante=25)
    assert saloon.dollars and saloon.rules() == find_variant("saloon-draw").rules(player_count=4, ante=25)
    with pytest.raises(TableError, match="Five-Card Draw or Saloon Draw; 'ladder' is neither"):
        TableSettings(game="ladder")


def test_an_unknown_code_is_refused_with_the_known_codes() -> None:
    with pytest.raises(VariantError, match="the variants are five-card-draw, saloon-draw, ladder"):
        find_variant("omaha")
    with pytest.raises(VariantError, match="'five-card-draw'; the class-game variants are five-card-draw-antes"):
        find_class_game("five-card-draw")
