"""The hub recipe the docs show is the one the CI runs: ``docs/classroom.md``'s code from
``hub/jupyterhub_config.py`` is in that file word for word, and the Kubernetes values beside it
(``hub/z2jh-values.yaml``, reviewed on paper) give the service the same roles and the learners
the same dealer address."""

from __future__ import annotations

import ast
import re

import yaml

from tests.browser.conftest import ROOT

CONFIG = ROOT / "hub" / "jupyterhub_config.py"


def hub_section() -> str:
    text = (ROOT / "docs" / "classroom.md").read_text()
    start = text.index("### JupyterHub")
    return text[start:text.index("\n### ", start + 1)]


def config_roles() -> list[dict]:
    tree = ast.parse(CONFIG.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "c.JupyterHub.load_roles":
            return ast.literal_eval(node.value)
    raise AssertionError("hub/jupyterhub_config.py sets no c.JupyterHub.load_roles")


def test_the_docs_show_the_file_the_ci_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", hub_section(), re.S)
    assert blocks, "the hub section shows no code from the recipe"
    recipe = CONFIG.read_text()
    for block in blocks:
        assert block in recipe, f"docs/classroom.md shows code that hub/jupyterhub_config.py does not have:\n{block}"


def test_the_kubernetes_values_give_the_same_roles_and_address() -> None:
    values = yaml.safe_load((ROOT / "hub" / "z2jh-values.yaml").read_text())
    assert set(values["hub"]["services"]) == {"pokerlab"}
    for role in config_roles():
        assert values["hub"]["loadRoles"][role["name"]]["scopes"] == role["scopes"], role["name"]
    assert values["singleuser"]["extraEnv"] == {"POKERLAB_DEALER_URL": "http://pokerlab-dealer:8867/services/pokerlab"}
    assert not any("DATABASE" in name for name in values["singleuser"]["extraEnv"])
