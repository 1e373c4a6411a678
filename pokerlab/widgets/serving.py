"""The Voilà plug-ins' old import path, kept for a server configuration written for the previous
release (``ServerApp.kernel_websocket_connection_class = "pokerlab.widgets.serving...."``). They live
in :mod:`pokerlab.serving.kernels` now; use that name in new configurations."""

from pokerlab.serving.kernels import (  # noqa: F401 - re-exported
    PageLimitIdentityProvider,
    PoolKeepingKernelManager,
    PromptKernelConnection,
)
