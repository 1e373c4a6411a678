"""What the dealer's routes share to read a request and answer it: the refusal they answer with (a
code of :data:`~pokerlab.dealer.words.REFUSALS` with its values, and an HTTP status), the JSON object a
request carries (at most :data:`MAX_BODY` bytes), and :class:`JsonHandler`, the route that answers JSON
to a kernel.

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

import tornado.web

from pokerlab.dealer.words import Refusal, answer_of
from pokerlab.errors import PokerlabError

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


class JsonHandler(tornado.web.RequestHandler):
    """A dealer route: its callers are kernels, it answers JSON never kept by a cache, and a refusal
    is answered with its code, values and status (:func:`~pokerlab.dealer.words.answer_of`)."""

    def check_xsrf_cookie(self) -> None:
        """Callers are kernels, not browsers: they prove who they are with a session header."""

    def answer(self, data: dict[str, Any], status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data))

    def refuse(self, error: PokerlabError) -> None:
        self.answer(answer_of(error), getattr(error, "status", 400))


__all__ = ["MAX_BODY", "JsonHandler", "Refused", "json_object"]
