"""Voilà's page templates compiled once per server (pokerlab.serving.templates)."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader

from pokerlab.serving.templates import SHARED_CACHE, MemoryBytecodeCache, cache_compiled_templates


def _environment(folder: Path, cache: MemoryBytecodeCache, compiled: list[str]) -> Environment:
    """A fresh environment, as Voilà makes one per page, that notes each template it compiles."""
    environment = Environment(loader=FileSystemLoader(folder), bytecode_cache=cache)
    compile_source = environment.compile

    def counting(source, name=None, filename=None, raw=False, defer_init=False):  # noqa: ANN001, ANN202
        compiled.append(name)
        return compile_source(source, name, filename, raw, defer_init)

    environment.compile = counting  # type: ignore[method-assign]
    return environment


def test_a_template_is_compiled_once_for_every_page_and_again_once_edited(tmp_path: Path) -> None:
    (tmp_path / "base.html.j2").write_text("<p>{% block body %}{% endblock %}</p>")
    (tmp_path / "page.html.j2").write_text('{% extends "base.html.j2" %}{% block body %}{{ who }}{% endblock %}')
    cache, compiled = MemoryBytecodeCache(), []
    pages = [_environment(tmp_path, cache, compiled).get_template("page.html.j2").render(who=who)
             for who in ("Ann", "Bob", "Cy")]
    assert pages == ["<p>Ann</p>", "<p>Bob</p>", "<p>Cy</p>"]
    assert sorted(compiled) == ["base.html.j2", "page.html.j2"]  # the first page compiled them, no other
    (tmp_path / "page.html.j2").write_text('{% extends "base.html.j2" %}{% block body %}Hi {{ who }}{% endblock %}')
    compiled.clear()
    assert _environment(tmp_path, cache, compiled).get_template("page.html.j2").render(who="Dee") == "<p>Hi Dee</p>"
    assert compiled == ["page.html.j2"]


def test_voilas_exporters_share_the_cache() -> None:
    from voila.exporter import VoilaExporter

    cache_compiled_templates()
    cache_compiled_templates()  # a second call changes nothing
    first, second = VoilaExporter(), VoilaExporter()
    assert first.environment is not second.environment  # one per page, as Voilà makes them
    assert first.environment.bytecode_cache is second.environment.bytecode_cache is SHARED_CACHE
