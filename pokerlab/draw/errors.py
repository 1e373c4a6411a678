"""Errors of the draw-poker engine."""

from __future__ import annotations

from pokerlab.errors import PokerlabError


class IllegalActionError(PokerlabError):
    """An action the rules do not allow right now. The message says what was wrong and lists what
    is legal; the hand state is left exactly as it was."""


class RulesError(PokerlabError):
    """A table setting that the variant does not offer (the message lists the allowed choices)."""


class HistoryError(PokerlabError):
    """A hand history file that cannot be read (malformed, or written by a newer pokerlab)."""
