"""Settings for the whole test run, notebooks included (they are collected outside tests/)."""

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # Notebooks and apps persist saves, the wallet and high scores under POKERLAB_DATA_DIR. Tests and
    # the kernels nbval starts (they inherit this environment) must never touch a learner's real data.
    os.environ["POKERLAB_DATA_DIR"] = tempfile.mkdtemp(prefix="pokerlab-test-data-")
    _forked_kernels_here(config)


def _forked_kernels_here(config: pytest.Config) -> None:
    """Kernels this process starts (nbval's, one per notebook, and the lesson tests' nbclient runs) are
    forked from a warm template, as Voila's are (pokerlab.serving.forking): each starts with ipykernel,
    numpy and pokerlab imported, about 0.6 s of CPU less a notebook. Servers the tests start keep their
    own configuration (JupyterLab and the hub start kernels the ordinary way), and tests/serving compares
    both kinds. Not in pytest-xdist's controller, which runs no test."""
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        return
    from jupyter_client.provisioning.factory import KernelProvisionerFactory

    from pokerlab.serving.forking import PROVISIONER_NAME, register_provisioner

    register_provisioner(None)  # known without installed entry points (not yet the default: no template yet)
    KernelProvisionerFactory.instance().default_provisioner_name = PROVISIONER_NAME  # it starts with the first kernel


@pytest.fixture(autouse=True)
def _the_data_folder_stays_private():
    """Every test (doctests too) leaves POKERLAB_DATA_DIR as it found it: a test that removed it would
    send every later test's learners, wallets and saves into the real user data folder."""
    before = os.environ.get("POKERLAB_DATA_DIR")
    yield
    assert os.environ.get("POKERLAB_DATA_DIR") == before, "this test changed POKERLAB_DATA_DIR and did not restore it"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> object:
    """A notebook cell that ran under nbval also passes tests/nbval_checks.py on what it showed."""
    result = yield
    outputs = getattr(item, "test_outputs", None)  # set by nbval's cell item as it runs the cell
    if outputs:
        from tests.nbval_checks import what_a_learner_should_not_see

        found = what_a_learner_should_not_see(outputs)
        if found:
            pytest.fail(f"{item.nodeid}: " + "; ".join(found), pytrace=False)
    return result


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """``--dist loadfile``, except that tests/hub is one unit: its files share one real JupyterHub (a
    session fixture, about 25 s to start with its proxy, dealer and three learners' servers), which two
    workers would each start."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class OneHub(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = super()._split_scope(nodeid)
            return "tests/hub" if path.startswith("tests/hub/") else path

    return OneHub(config, log)
