"""Binder builds pokerlab from ``binder/`` alone: these tests check those files against the project.

Binder (repo2docker) reads one configuration folder; once ``binder/`` exists it ignores
``pyproject.toml``, so the pins, the Python version and the install step all have to be right here.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from urllib.parse import unquote

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
BINDER_URL = "https://mybinder.org/v2/gh/OWNER/pokerlab/HEAD"
#: The launch links the README gives: the contents page as a Voilà app, and the notebooks in JupyterLab.
LAUNCH_LINKS = (
    f"{BINDER_URL}?urlpath=voila%2Frender%2Fnotebooks%2F00-start-here.ipynb",
    f"{BINDER_URL}?urlpath=lab%2Ftree%2Fnotebooks%2F00-start-here.ipynb",
)
#: Binder links the README gives once the lead adds them (checked like the ones above).
README_LINKS = tuple(re.findall(r"https://mybinder\.org/v2/[^\s)\]>\"']+", (ROOT / "README.md").read_text(encoding="utf-8")))
#: What the apps need at run time besides pokerlab's own dependencies: the server and the kernel.
APP_PACKAGES = ("voila", "ipykernel", "jupyterlab")


def binder_requirements() -> list[Requirement]:
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [Requirement(line) for line in (line.split("#")[0].strip() for line in lines) if line]


def pinned_versions() -> dict[str, Version]:
    pins = {}
    for requirement in binder_requirements():
        (specifier,) = requirement.specifier
        pins[canonicalize_name(requirement.name)] = Version(specifier.version)
    return pins


def project_requirements() -> list[Requirement]:
    """pokerlab's dependencies and its ``app`` extra, as pyproject.toml states them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [Requirement(text) for text in project["dependencies"] + project["optional-dependencies"]["app"]]


def test_runtime_txt_asks_for_python_3_11() -> None:
    assert (BINDER / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.11"


def test_binder_uses_one_configuration_folder() -> None:
    """repo2docker reads binder/ or .binder/, never both; a second folder would be silently ignored."""
    assert not (ROOT / ".binder").exists()


def test_every_requirement_is_pinned_exactly() -> None:
    requirements = binder_requirements()
    assert requirements
    for requirement in requirements:
        operators = [specifier.operator for specifier in requirement.specifier]
        assert operators == ["=="], f"{requirement} must be pinned with == to one version"


def test_everything_the_app_needs_is_pinned() -> None:
    needed = {canonicalize_name(r.name) for r in project_requirements()} | set(APP_PACKAGES)
    missing = needed - set(pinned_versions())
    assert not missing, f"binder/requirements.txt lacks pins for {sorted(missing)}"


def test_each_pin_satisfies_the_lower_bounds_in_pyproject() -> None:
    pins = pinned_versions()
    for requirement in project_requirements():
        pin = pins[canonicalize_name(requirement.name)]
        assert SpecifierSet(str(requirement.specifier)).contains(pin, prereleases=True), (
            f"binder pins {requirement.name}=={pin}, but pyproject.toml asks for {requirement}"
        )


@pytest.mark.parametrize("name", sorted(pinned_versions()))
def test_pins_are_the_versions_installed_and_tested_together(name: str) -> None:
    try:
        installed = Version(version(name))
    except PackageNotFoundError:
        pytest.fail(f"{name} is pinned for Binder but not installed here, so the pins were never tested together")
    assert installed == pinned_versions()[name], (
        f"binder pins {name}=={pinned_versions()[name]} but {installed} is the version installed and tested"
    )


def test_binder_installs_the_package_itself() -> None:
    """With binder/ present, pyproject.toml is not installed unless requirements or postBuild say so."""
    requirement_lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    in_requirements = any(line.strip() in {".", "-e .", "./"} for line in requirement_lines)
    post_build = BINDER / "postBuild"
    in_post_build = post_build.exists() and re.search(
        r"^\s*(python3? -m )?pip install\b[^\n]*\s\.\s*$", post_build.read_text(encoding="utf-8"), re.MULTILINE
    )
    assert in_requirements or in_post_build


def test_post_build_is_an_executable_script_that_stops_on_errors() -> None:
    post_build = BINDER / "postBuild"
    text = post_build.read_text(encoding="utf-8")
    assert text.startswith("#!/bin/bash")
    assert "set -e" in text
    assert post_build.stat().st_mode & 0o111, "repo2docker runs postBuild only if it is executable"


def left_out() -> list[Requirement]:
    lines = (BINDER / "left-out.txt").read_text(encoding="utf-8").splitlines()
    return [Requirement(line) for line in lines if line.strip() and not line.startswith("#")]


def test_what_the_environments_leave_out_is_not_installed_and_binder_removes_it_too() -> None:
    """binder/left-out.txt names packages a dependency asks for that cost every server its start
    (jsonschema's IRI checker); make's uv override and Binder's postBuild both keep them out."""
    requirements = left_out()
    assert requirements, "binder/left-out.txt names nothing"
    for requirement in requirements:
        assert requirement.marker is not None and not requirement.marker.evaluate(), \
            f"{requirement}: an override that leaves a package out must never apply"
        with pytest.raises(PackageNotFoundError):
            version(requirement.name)
    assert "binder/left-out.txt" in (BINDER / "postBuild").read_text(encoding="utf-8")
    assert "--override binder/left-out.txt" in (ROOT / "Makefile").read_text(encoding="utf-8")


def test_pokerlab_imports() -> None:
    module = importlib.import_module("pokerlab")
    assert module.evaluate(module.parse_cards("As Ks Qs Js Ts")).category == module.HandCategory.STRAIGHT_FLUSH


@pytest.mark.parametrize("link", sorted(set(LAUNCH_LINKS + README_LINKS)))
def test_launch_links_name_notebooks_that_exist(link: str) -> None:
    assert "urlpath=" in link, f"{link} opens no page"
    urlpath = unquote(link.split("urlpath=", 1)[1].split("&", 1)[0])
    notebook = re.sub(r"^(voila/render|lab/tree)/", "", urlpath)
    assert notebook != urlpath, f"{link} opens neither Voilà nor JupyterLab"
    assert (ROOT / notebook).is_file(), f"{link} names {notebook}, which does not exist"
