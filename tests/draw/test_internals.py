"""A hand keeps its fields in one place, :class:`~pokerlab.draw.internals.HandInternals`: its parts
(legality, settlement, reading and the state's flow) add methods, never a field. So the snapshot that
the "an illegal action changes nothing" tests compare (``conftest.snapshot``) sees every field."""

from __future__ import annotations

from pokerlab.draw import HandState, five_card_draw
from pokerlab.draw.internals import HandInternals
from tests.draw.conftest import snapshot


def test_the_parts_of_a_hand_add_no_field() -> None:
    *parts, fields, base = HandState.__mro__
    assert (fields, base) == (HandInternals, object)
    assert [part.__name__ for part in parts] == ["HandState", "HandReading", "Legality", "Settlement"]
    assert {part.__name__: part.__dict__["__slots__"] for part in parts} == {part.__name__: () for part in parts}
    assert not hasattr(HandState(five_card_draw(player_count=2), [100, 100], 0, 1), "__dict__")


def test_the_snapshot_reads_every_field_but_the_caches() -> None:
    state = HandState(five_card_draw(player_count=3), [100, 100, 100], 0, 5)
    taken = snapshot(state)
    assert set(taken) == set(HandInternals.__slots__) - {
        "_legal_cache", "_pots_cache", "_offers", "_phase_offers", "_event_values"}
    assert taken["_stacks"] == [95, 95, 95] and taken["_pot"] == 15 and taken["_hands"] == [state.cards(seat) for seat in range(3)]
