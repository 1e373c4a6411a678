"""What the dealer's routes share to read a request: the refusal they answer with (an HTTP status and
a sentence for the page) and the JSON object a request carries, at most :data:`MAX_BODY` bytes.

>>> json_object(b'{"kind": "call"}')
{'kind': 'call'}
>>> json_object(b"[1, 2]")
Traceback (most recent call last):
...
pokerlab.dealer.requests.Refused: The dealer reads JSON objects only.
"""

from __future__ import annotations

import json
from typing import Any, Final

from pokerlab.errors import PokerlabError

MAX_BODY: Final = 16_384
"""The largest request body the dealer reads (an intent is a few hundred bytes)."""


class Refused(PokerlabError):
    """A request the dealer will not carry out; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def json_object(body: bytes, refused: type[Refused] = Refused) -> dict[str, Any]:
    """The JSON object ``body`` holds (an empty body is ``{}``), or ``refused`` saying what is wrong."""
    if len(body) > MAX_BODY:
        raise refused("That request is too large for the dealer.", 413)
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        raise refused("The dealer reads JSON requests only.") from None
    if not isinstance(data, dict):
        raise refused("The dealer reads JSON objects only.")
    return data


__all__ = ["MAX_BODY", "Refused", "json_object"]
