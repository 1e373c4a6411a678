"""The gate in front of every page: which browser asks, the cookie that tells browsers apart, and the
plain pages that answer a request that may not have a kernel (the limits themselves are counted by
:class:`pokerlab.serving.kernels.PoolKeepingKernelManager`; see that module's "Pages as a weapon").

A refused page is the one page pokerlab shows before any kernel runs, so it is said here, in the first
of the browser's languages (``Accept-Language``) that pokerlab speaks.
"""

from __future__ import annotations

import html
import logging
import re
import secrets
from dataclasses import dataclass
from typing import Final, Protocol
from urllib.parse import parse_qsl, urlencode

from tornado import web

from pokerlab import language as lang
from pokerlab.language import N_

COOKIE_NAME: Final = "pokerlab_browser"
"""The cookie that tells one browser's pages from another's (a random id, nothing else)."""
COOKIE_CHECK: Final = "pokerlab_cookie_check"
"""Query parameter of the one redirect that hands a new browser its cookie."""
_COOKIE_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]{20,64}")

REFUSALS: Final = {
    "cookies": (
        403, N_("This page needs cookies"),
        N_("pokerlab gives each browser a cookie so that it can tell one browser's pages from another's. "
           "This browser did not keep it. Allow cookies for this site, then reload this page."),
    ),
    "browser": (
        429, N_("Too many pokerlab pages are open in this browser"),
        N_("This browser already has {limit} pokerlab pages open or opening, and each one keeps a part of "
           "the server busy. Close the tabs you are not using, then reload this page."),
    ),
    "address": (
        429, N_("Too many pokerlab pages are open from your network"),
        N_("{limit} pokerlab pages are already open or opening from your network (a class shares one "
           "network). Close the tabs you are not using, wait a minute, then reload this page. If this "
           "happens in a class, tell your teacher."),
    ),
}
"""Why a page gets no kernel: its HTTP status, title and text (``{limit}``: the limit it is over)."""


@dataclass(frozen=True)
class PageClient:
    """Who asked for a page: the browser (its cookie, or ``None``) and the network address."""

    browser: str | None
    address: str


class PageCounter(Protocol):
    """What the gate asks of the kernel manager (:class:`~pokerlab.serving.kernels.PoolKeepingKernelManager`)."""

    browser_kernel_limit: int
    address_kernel_limit: int
    log: logging.Logger

    def admit(self, client: PageClient) -> str | None: ...


def page_client(handler: web.RequestHandler) -> PageClient:
    """The client of a request: its pokerlab cookie (when it is one pokerlab made) and address."""
    cookie = handler.get_cookie(COOKIE_NAME)
    browser = cookie if cookie and _COOKIE_PATTERN.fullmatch(cookie) else None
    return PageClient(browser, handler.request.remote_ip or "")


def browser_language(accept_language: str | None) -> str:
    """The language to answer in: the first of an ``Accept-Language`` header's (best ``q`` first) that
    pokerlab speaks, else English."""
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept_language or "").split(",")):
        tag, _, options = part.strip().partition(";")
        weight = 1.0
        if options.strip().startswith("q="):
            try:
                weight = float(options.strip()[2:])
            except ValueError:
                weight = 0.0  # a weight nobody can read counts for nothing
        if tag and weight > 0:  # q=0: "not this one"
            ranked.append((-weight, order, tag))
    return lang.choose(tag for _weight, _order, tag in sorted(ranked))


def refusal_page(over: str, limit: int, language: str) -> tuple[int, str]:
    """The HTTP status and whole HTML page saying why a page gets no kernel (``over``: a key of
    :data:`REFUSALS`), in ``language``."""
    status, title, text = REFUSALS[over]
    title, text = lang.gettext(language, title), lang.gettext(language, text).format(limit=limit)
    page = (
        f"<!doctype html><html lang=\"{html.escape(language)}\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{html.escape(title)}</title></head>"
        "<body style=\"font-family: sans-serif; max-width: 36em; margin: 3em auto; padding: 0 1em\">"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(text)}</p></body></html>"
    )
    return status, page


def _without_check(handler: web.RequestHandler) -> str:
    query = [(key, value) for key, value in parse_qsl(handler.request.query, keep_blank_values=True)
             if key != COOKIE_CHECK]
    return handler.request.path + (f"?{urlencode(query)}" if query else "")


def admit_page(handler: web.RequestHandler, manager: PageCounter) -> None:
    """Let the request through (counted for its client), or finish it here: the cookie redirect,
    or a plain refusal page."""
    client = page_client(handler)
    checked = handler.get_query_argument(COOKIE_CHECK, None) is not None
    if client.browser is None and not checked:
        handler.set_cookie(COOKIE_NAME, secrets.token_urlsafe(24), path=handler.settings.get("base_url") or "/",
                           httponly=True, samesite="Lax", expires_days=30)
        separator = "&" if handler.request.query else "?"
        handler.redirect(f"{handler.request.uri}{separator}{COOKIE_CHECK}=1")
        raise web.Finish()
    if client.browser is not None and checked:
        handler.redirect(_without_check(handler))  # the cookie arrived: back to the page's own address
        raise web.Finish()
    over = "cookies" if client.browser is None else manager.admit(client)
    if over is None:
        return
    limit = manager.browser_kernel_limit if over == "browser" else manager.address_kernel_limit
    status, page = refusal_page(over, limit, browser_language(handler.request.headers.get("Accept-Language")))
    manager.log.warning("Refused a page to %s (%s): %s.", client.address, over, REFUSALS[over][1])
    handler.set_status(status)
    handler.set_header("Content-Type", "text/html; charset=utf-8")
    handler.set_header("Cache-Control", "no-store")
    if status == 429:
        handler.set_header("Retry-After", "60")
    raise web.Finish(page)
