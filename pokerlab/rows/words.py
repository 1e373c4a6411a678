"""How Four Rows says its sentences in a language: :func:`say`.

The engine keeps each sentence as a catalogue message and its values (events, refusals), so the
widgets can say it again in the learner's language; this is the one place that writes those values
the way a language writes them. It is apart so the errors, the events and the widgets share it
without importing the game.

>>> say("Raise chip on row {row}: {times}x.", {"row": 2, "times": 1.8}, "es")
'Ficha de subida en la fila 2: 1,8x.'
"""

from __future__ import annotations

from pokerlab.language import DEFAULT, format_number, gettext


def say(message: str, values: dict[str, object], language: str = DEFAULT) -> str:
    """``message`` (a catalogue message with ``{places}``) in ``language``, its ``values`` written the
    way that language writes them: a whole number as a number, a float as a multiplier with one
    decimal (``1.8``, ``1,8``), a text through the catalogue (it may itself be a message, such as the
    reason a game ended); anything else as it is."""
    def written(value: object) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return str(value)
        if isinstance(value, float):
            return f"{value:.1f}" if language == DEFAULT else format_number(value, language, 1)
        if isinstance(value, int):
            return str(value) if language == DEFAULT else format_number(value, language)
        return gettext(language, value) if value else value
    return gettext(language, message).format(**{name: written(value) for name, value in values.items()})
