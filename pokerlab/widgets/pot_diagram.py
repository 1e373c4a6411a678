"""A picture of the pots: each seat's chips as a column cut into the pots they went to, and under it
the pots the seat can win. Drawn as inline SVG (scales to a phone, renders in Jupyter and Voilà).

The pots come from the engine (:attr:`pokerlab.draw.HandState.pots`, or a view's ``pots``); the cut of
each column into pots is :func:`pokerlab.tally.pot_slices`, checked against the engine's amounts. The
picture decides nothing itself.

>>> from pokerlab.lessons import side_pot_hand
>>> picture = pot_diagram_for(side_pot_hand().play())
>>> print(repr(picture))
Main pot: 100, Seats 1, 2, 3 and 4 can win it
Side pot 1: 60, Seats 1, 3 and 4 can win it
Side pot 2: 30, Seats 1 and 3 can win it
>>> picture.svg.count('class="pl-pot-slice"')
9
>>> print(repr(pot_diagram_for(side_pot_hand().play(), language="es")))
Bote principal: 100, lo pueden ganar los asientos 1, 2, 3 y 4
Bote secundario 1: 60, lo pueden ganar los asientos 1, 3 y 4
Bote secundario 2: 30, lo pueden ganar los asientos 1 y 3
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.draw import HandState, Pot
from pokerlab.english_phrases import listing
from pokerlab.narration import Voice, pot_name
from pokerlab.tally import pot_slices
from pokerlab.widgets.pictures import KEEPS_KEYS

POT_COLOURS: Final = ("#2e7d32", "#1565c0", "#ef6c00", "#6a1b9a", "#00838f", "#ad1457", "#5d4037", "#455a64")
_WIDTH: Final = 360
_BAR_TOP: Final = 22
_BAR_HEIGHT: Final = 120
_ROW: Final = 22


def _can_win(seats: Sequence[int], language: str) -> str:
    """"Seats 1 and 3 can win it" in ``language``."""
    numbers = listing([str(seat + 1) for seat in seats], last=lang.gettext(language, "and"))
    return lang.ngettext(language, "Seat {numbers} can win it", "Seats {numbers} can win it", len(seats)).format(
        numbers=numbers)


class PotDiagram:
    """The SVG picture (``.svg``) with a plain-text form listing each pot and who can win it, in ``language``."""

    def __init__(self, players: Sequence[dict[str, Any]], pots: Sequence[dict[str, Any]],
                 language: str = lang.DEFAULT) -> None:
        self.language = lang.check(language)
        if language != lang.DEFAULT:
            voice = Voice(language=language)
            players = [{**player, "name": voice.name(player["seat"])} for player in players]
        self.players = [player for player in players if player["status"] != "out"]
        self.pots = [Pot(int(pot["amount"]), tuple(pot["eligible"])) for pot in pots]
        contributions = [player["contributed"] for player in players]
        self.slices = pot_slices(contributions, self.pots)
        self.svg = self._draw()

    def lines(self) -> list[str]:
        say = lang.catalogue(self.language).gettext
        return [say("{pot}: {amount}, {who}").format(pot=pot_name(number, self.language),
                                                     amount=self._number(pot.amount),
                                                     who=_can_win(pot.eligible, self.language))
                for number, pot in enumerate(self.pots)]

    def _draw(self) -> str:
        say = lang.catalogue(self.language).gettext
        players, pots, slices = self.players, self.pots, self.slices
        count = max(len(players), 1)
        column = _WIDTH / count
        bar = min(44.0, column * 0.6)
        tallest = max([player["contributed"] for player in players] + [1])
        scale = _BAR_HEIGHT / tallest
        base = _BAR_TOP + _BAR_HEIGHT
        parts: list[str] = []
        for index, player in enumerate(players):
            seat = player["seat"]
            x = index * column + (column - bar) / 2
            middle = index * column + column / 2
            opacity = ' fill-opacity="0.35"' if player["status"] == "folded" else ""
            y = base
            if slices is None:
                height = player["contributed"] * scale
                parts.append(f'<rect class="pl-pot-slice" x="{x:.1f}" y="{base - height:.1f}" width="{bar:.1f}" '
                             f'height="{height:.1f}" fill="#8a939c"/>')
            else:
                for number, layer in enumerate(slices):
                    chips = layer.get(seat, 0)
                    if not chips:
                        continue
                    height = chips * scale
                    y -= height
                    parts.append(
                        f'<rect class="pl-pot-slice" x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{height:.1f}" '
                        f'fill="{POT_COLOURS[number % len(POT_COLOURS)]}" stroke="#fff" stroke-width="1"{opacity}>'
                        f'<title>{escape(self._chips_in(player["name"], chips, number))}</title></rect>'
                    )
            top = base - player["contributed"] * scale
            parts.append(f'<text x="{middle:.1f}" y="{top - 5:.1f}" text-anchor="middle" font-size="12">'
                         f'{player["contributed"]}</text>')
            parts.append(f'<text x="{middle:.1f}" y="{base + 15}" text-anchor="middle" font-size="12" '
                         f'font-weight="700">{escape(player["name"])}</text>')
            status = {"all-in": say("all-in"), "folded": say("folded")}.get(player["status"], "")
            if status:
                parts.append(f'<text x="{middle:.1f}" y="{base + 29}" text-anchor="middle" font-size="11" '
                             f'fill="#555">{status}</text>')
            can_win = [number for number, pot in enumerate(pots) if seat in pot.eligible]
            for place, number in enumerate(can_win):
                dot_x = middle + (place - (len(can_win) - 1) / 2) * 11
                parts.append(f'<circle cx="{dot_x:.1f}" cy="{base + 40}" r="4.5" '
                             f'fill="{POT_COLOURS[number % len(POT_COLOURS)]}"/>')
        legend_top = base + 58
        for number, line in enumerate(self.lines()):
            y = legend_top + number * _ROW
            parts.append(f'<rect x="4" y="{y - 11}" width="14" height="14" rx="3" '
                         f'fill="{POT_COLOURS[number % len(POT_COLOURS)]}"/>')
            parts.append(f'<text x="24" y="{y}" font-size="13">{escape(line)}</text>')
        height = legend_top + len(pots) * _ROW
        label = "; ".join(self.lines()) or say("No chips in the pot yet")
        return (
            f'<svg class="pl-pot-diagram" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {height}" '
            f'role="img" aria-label="{escape(label)}" style="width:100%;max-width:30rem;height:auto" '
            f'font-family="DejaVu Sans, Arial, sans-serif"><title>{escape(label)}</title>'
            f'<line x1="0" y1="{base}" x2="{_WIDTH}" y2="{base}" stroke="#9aa1a9"/>{"".join(parts)}</svg>'
        )

    def _repr_html_(self) -> str:
        # Its own light panel, as the widgets have: the SVG's text is dark in JupyterLab's dark theme too.
        return (f'<div class="pl-pot-picture pl-keys" {KEEPS_KEYS} style="margin:6px 0;max-width:30rem;'
                f'background:#fff;color:#1b1f23;border-radius:8px;padding:6px">{self.svg}</div>')

    def __repr__(self) -> str:
        return "\n".join(self.lines())

    def _chips_in(self, name: str, chips: int, number: int) -> str:
        """A slice's title: "Seat 2: 25 in main pot"."""
        pot = pot_name(number, self.language)
        return lang.gettext(self.language, "{name}: {chips} in {pot}").format(
            name=name, chips=self._number(chips), pot=pot[:1].lower() + pot[1:])

    def _number(self, amount: int) -> str:
        """An amount as Python prints it in English (as the picture always has), else as the language writes it."""
        return str(amount) if self.language == lang.DEFAULT else lang.format_number(amount, self.language)


def pot_diagram(view: dict[str, Any], language: str = lang.DEFAULT) -> PotDiagram:
    """The picture for an engine view (``state.view(seat)``: its ``players`` and ``pots``), in ``language``."""
    return PotDiagram(view["players"], view["pots"], language)


def pot_diagram_for(state: HandState, language: str = lang.DEFAULT) -> PotDiagram:
    """The picture for a hand as a spectator sees it, in ``language``."""
    return pot_diagram(state.view(None), language)
