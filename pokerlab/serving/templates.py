"""Voilà's page templates compiled once per server, not once per page.

Voilà makes a new nbconvert exporter for every page it renders, and with it a new Jinja environment,
so the pokerlab template and the lab, base and nbconvert templates it extends (about a dozen files)
were parsed and compiled to Python again for every page: in a profile of six 05 pages that was
2.7 s of Voilà's 3.4 s of rendering, all of it on Voilà's one thread, which every page of a class
opening at once waits for in turn. :func:`cache_compiled_templates` gives every such environment one
shared in-memory Jinja bytecode cache: a template is compiled the first time and loaded from the
cache afterwards. Jinja checks each cached entry against the template file's current source, so an
edited template is compiled again.
"""

from __future__ import annotations

from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class MemoryBytecodeCache(BytecodeCache):
    """Jinja's compiled templates kept in this process's memory (Jinja ships file and memcached
    caches only)."""

    def __init__(self) -> None:
        self._store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        data = self._store.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._store[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._store.clear()


SHARED_CACHE = MemoryBytecodeCache()


def cache_compiled_templates() -> None:
    """Make every Voilà exporter's Jinja environment use :data:`SHARED_CACHE` (once per process)."""
    from voila.exporter import VoilaExporter

    original = VoilaExporter._create_environment
    if getattr(original, "pokerlab_cached", False):
        return

    def create_environment(self: Any) -> Any:
        environment = original(self)
        environment.bytecode_cache = SHARED_CACHE
        return environment

    create_environment.pokerlab_cached = True  # type: ignore[attr-defined]
    VoilaExporter._create_environment = create_environment
