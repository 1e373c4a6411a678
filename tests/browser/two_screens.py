"""Run a browser test module at a desktop size and a phone size: import ``screen`` and
``browser_context_args`` into the module (pytest finds fixtures in the module's namespace)."""

from __future__ import annotations

import pytest

SCREENS = {
    "1366x900": {"viewport": {"width": 1366, "height": 900}},
    "390x844": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


@pytest.fixture(params=list(SCREENS), ids=list(SCREENS))
def screen(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def browser_context_args(browser_context_args: dict, screen: str) -> dict:
    return {**browser_context_args, **SCREENS[screen]}
