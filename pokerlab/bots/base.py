"""The common shape of pokerlab's computer opponents: a seeded generator, a level, a memory that can
be saved as JSON, and one method per phase."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from pokerlab.bots.seat_view import Table
from pokerlab.draw import Action, LegalAction


class PolicyBot(ABC):
    """A bot of one skill level. Subclasses implement :meth:`bet` and :meth:`draw_choice`.

    Everything random comes from ``self.rng`` (seeded), so the same seed and the same views give the
    same decisions. ``memory`` holds what the bot learns across hands (JSON data only).
    """

    level: ClassVar[int]

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.memory: dict[str, Any] = {}

    def decide(self, view: dict[str, Any], legal: Sequence[LegalAction]) -> Action:
        """Choose one of ``legal`` from what the seat may see (``view``)."""
        table = Table(view, legal)
        if table.phase == "draw":
            return table.draw(self.draw_choice(table))
        return self.bet(table)

    @abstractmethod
    def bet(self, table: Table) -> Action:
        """The betting decision: one of the table's legal actions."""

    @abstractmethod
    def draw_choice(self, table: Table) -> Sequence[Any]:
        """The cards to throw (``Table.draw`` keeps the number legal)."""

    def chance(self, probability: float) -> bool:
        return bool(self.rng.random() < probability)

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "seed": self.seed, "rng": self.rng.bit_generator.state, "memory": self.memory}

    def restore(self, data: dict[str, Any]) -> None:
        self.rng.bit_generator.state = data["rng"]
        self.memory = data["memory"]

