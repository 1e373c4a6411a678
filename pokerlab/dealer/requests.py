"""What the dealer's routes share to read a request: the refusal they answer with (a code of
:data:`~pokerlab.dealer.words.REFUSALS` with its values, and an HTTP status) and the JSON object a
request carries, at most :data:`MAX_BODY` bytes.

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

from pokerlab.dealer.words import Refusal

MAX_BODY: Final = 16_384
"""The largest request body the dealer reads (an intent is a few hundred bytes)."""


class Refused(Refusal):
    """A request the dealer will not carry out: ``Refused("no_table", 404)``."""


def json_object(body: bytes, refused: type[Refused] = Refused) -> dict[str, Any]:
    """The JSON object ``body`` holds (an empty body is ``{}``), or ``refused`` saying what is wrong."""
    if len(body) > MAX_BODY:
        raise refused("too_large", 413)
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        raise refused("json_requests") from None
    if not isinstance(data, dict):
        raise refused("json_objects")
    return data


__all__ = ["MAX_BODY", "Refused", "json_object"]
