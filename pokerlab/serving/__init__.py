"""Serving the apps: Voilà's plug-ins (:mod:`pokerlab.serving.kernels`: the kernel manager, the
kernel websocket, the page limits) and the pokerlab template's page bundle
(:mod:`pokerlab.serving.page_bundle`). Voilà loads them by the names ``notebooks/voila.json`` gives."""
