"""pokerlab on a JupyterHub: the dealer runs as the hub's ``pokerlab`` service, and it alone holds the
database; each learner's own server is given the service's address and nothing else.

This is the file ``docs/classroom.md`` shows and the file the CI's hub runs (``tests/hub``), with
only the lines a machine differs by read from the environment:

======================== ================================================================ ==================
variable                 what                                                             default
======================== ================================================================ ==================
POKERLAB_DATABASE_URL    the class's database, given to the pokerlab service only         SQLite in the
                                                                                          state folder
POKERLAB_HUB_STATE       the hub's own files (its database, cookie secret, pid files)     the current folder
                         and the dealer's data folder
POKERLAB_HUB_URL         where learners open the hub (the proxy's public address)         http://127.0.0.1:8000
POKERLAB_HUB_PORTS       the hub API's, the proxy API's and the dealer's ports            8081,8001,8867
POKERLAB_PROXY           configurable-http-proxy's command                                configurable-http-proxy
POKERLAB_NOTEBOOKS       the folder with pokerlab's notebooks, each learner's start      each learner's home
POKERLAB_HUB_TEACHERS    hub users who start in the ``pokerlab-teachers`` group           nobody (add them
                                                                                          in the admin page)
POKERLAB_HUB_ADMIN_TOKEN a token for scripts that make the class's users (the CI's)       none
======================== ================================================================ ==================

Run it with ``jupyterhub -f hub/jupyterhub_config.py`` from the environment pokerlab is installed in
(the learners' servers are started with that environment's ``jupyterhub-singleuser``). Who may log in
and how each learner's server is kept apart are the two choices left to the admin: the hub's defaults
are PAM (the machine's accounts) and a process per learner running as that learner's own system user.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 - JupyterHub provides it

environment = os.environ
state = Path(environment.get("POKERLAB_HUB_STATE") or Path.cwd()).resolve()
state.mkdir(parents=True, exist_ok=True)
hub_port, proxy_api_port, dealer_port = (int(port) for port in environment.get("POKERLAB_HUB_PORTS", "8081,8001,8867").split(","))

# ----- the hub and its proxy: every address given, all on this machine's loopback but the public one ------
c.JupyterHub.bind_url = environment.get("POKERLAB_HUB_URL", "http://127.0.0.1:8000")
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = hub_port
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.command = [environment.get("POKERLAB_PROXY", "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(state / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")
c.Authenticator.allow_all = True  # everyone the authenticator accepts; narrow it with c.Authenticator.allowed_users

# ----- the learners' servers: Voilà serves the apps; they hold no database and no deck -------------------
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
c.Spawner.notebook_dir = environment.get("POKERLAB_NOTEBOOKS", "~")
c.Spawner.default_url = "/voila/render/00-start-here.ipynb"
c.Spawner.args = [
    "--ServerApp.ip=127.0.0.1",
    # voila.json is read by the standalone voila command only; inside a Jupyter server the same
    # settings are the server's own.
    "--VoilaConfiguration.template=pokerlab",
    "--VoilaConfiguration.theme=light",
    "--VoilaConfiguration.show_tracebacks=False",
    "--ServerApp.kernel_websocket_connection_class=pokerlab.serving.kernels.PromptKernelConnection",
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    *(["--allow-root"] if os.getuid() == 0 else []),  # a hub run as root (a CI machine) starts servers as root
]
c.Spawner.environment = {
    # The dealer's own address (not through the proxy); every request carries the server's hub token.
    "POKERLAB_DEALER_URL": f"http://127.0.0.1:{dealer_port}/services/pokerlab",
    # What this server keeps is its learner's practice only; the ladder, class games, graded quizzes and the
    # board go to the service.
    "POKERLAB_PRACTICE_SERVER": "1",
}
# JupyterHub passes a server only the variables named here (and Spawner.environment): never the
# hub's POKERLAB_DATABASE_URL or PostgreSQL's PG* variables.
c.Spawner.env_keep = ["PATH", "PYTHONPATH", "LANG", "LC_ALL", "JUPYTERHUB_SINGLEUSER_APP"]

# ----- the dealer, as the hub's managed service: it alone holds the class's database --------------------
dealer_data = state / "dealer"
dealer_data.mkdir(mode=0o700, exist_ok=True)
dealer_environment = {
    "POKERLAB_DATA_DIR": str(dealer_data),
    "POKERLAB_DATABASE_URL": environment.get("POKERLAB_DATABASE_URL") or f"sqlite:///{dealer_data / 'pokerlab.sqlite3'}",
    **{name: environment[name] for name in ("PYTHONPATH", "POKERLAB_TEST_MODE") if name in environment},
}
c.JupyterHub.services = [{
    "name": "pokerlab",
    "url": f"http://127.0.0.1:{dealer_port}",
    "command": [sys.executable, "-m", "pokerlab.dealer", "--port", str(dealer_port)],
    "environment": dealer_environment,
}]
c.JupyterHub.load_roles = [
    # The service asks the hub whose a token is, and which groups its user is in (teachers).
    {"name": "pokerlab-service", "services": ["pokerlab"], "scopes": ["read:users:name", "read:users:groups"]},
    # A learner, in the browser or from their server (its token), may use the pokerlab service.
    {"name": "user", "scopes": ["self", "access:services!service=pokerlab"]},
    {"name": "server", "scopes": ["users:activity!user", "access:servers!server", "access:services!service=pokerlab"]},
]
# The teachers: members of this group, which only a hub admin can change.
teachers = [name for name in environment.get("POKERLAB_HUB_TEACHERS", "").split(",") if name]
c.JupyterHub.load_groups = {"pokerlab-teachers": {"users": teachers}}

admin_token = environment.get("POKERLAB_HUB_ADMIN_TOKEN")
if admin_token:
    c.JupyterHub.services.append({"name": "pokerlab-admin", "api_token": admin_token})
    c.JupyterHub.load_roles.append({"name": "pokerlab-admin", "services": ["pokerlab-admin"],
                                    "scopes": ["admin:users", "admin:servers", "tokens", "admin:groups"]})
