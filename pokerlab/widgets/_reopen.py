"""What a widget's place says when the page is opened again without it running.

JupyterLab saves a notebook with its outputs, and a widget's output is only a reference to a live model
in the kernel. Opened again later with a new kernel, JupyterLab's widget manager finds no such model
and shows "Error displaying widget: model not found" in every widget's place until the cells run again
(jupyterlab_widgets' renderer; it shows no fallback from the output bundle).

So each pokerlab widget is displayed with a second, small output right after it: a note saying in plain
words to run the page. Its own ``<style>`` keeps it hidden, and shows it (hiding the error above it)
only when the output before it is a widget that could not be displayed: the widget renderer marks that
state with the ``jupyter-widgets`` class on the output itself (a live widget's output does not have it). A running widget never
shows the note, in JupyterLab or in Voilà. Where the style does not apply (a notebook JupyterLab does
not trust gets its HTML sanitised; it then shows the widget's plain text instead of the widget), the
note is simply visible.

:func:`register` installs this in IPython (the kernel of a notebook or of a Voilà page) through
IPython's display formatter for ipywidgets, so apps, boxes that hold a pokerlab widget and the widgets
themselves are all covered without each class doing it. Other widgets are displayed exactly as before.
"""

from __future__ import annotations

from typing import Any, Final

NOTE_TEXT: Final = (
    "This part of the page works only while the page runs, and the page is not running now (it was opened "
    "again after it was saved). To bring it back, choose Run › Run All Cells in the menu."
)
# An output child whose widget could not be displayed (the renderer adds the class only then), and the
# output child holding the note. (":has()" may not nest, hence the spelled-out last selector.)
_FAILED: Final = ".jp-OutputArea-child:has(> .jp-OutputArea-output.jupyter-widgets)"
_NOTE_CHILD: Final = ".jp-OutputArea-child:has(.pl-reopen-note)"
NOTE_HTML: Final = (
    "<style>"
    f".pl-reopen-note, {_NOTE_CHILD} {{ display: none; }}"
    f"{_FAILED} + {_NOTE_CHILD} {{ display: flex; }}"
    f"{_FAILED} + {_NOTE_CHILD} .pl-reopen-note {{ display: block; }}"
    f"{_FAILED}:has(+ .jp-OutputArea-child > .jp-OutputArea-output > .pl-reopen-note) {{ display: none; }}"
    "</style>"
    '<div class="pl-reopen-note" role="note" style="max-width:42rem;margin:4px 0;padding:8px 12px;'
    "border-left:4px solid #f0a500;border-radius:4px;background:#fff8e6;color:#1b1f23;"
    f'font-family:system-ui,sans-serif">{NOTE_TEXT.replace("Run › Run All Cells", "<strong>Run › Run All Cells</strong>")}'
    "</div>"
)


def holds_pokerlab(widget: Any) -> bool:
    """True for a pokerlab widget, or a box (at any depth) with one among its children."""
    if type(widget).__module__.startswith("pokerlab."):
        return True
    return any(holds_pokerlab(child) for child in getattr(widget, "children", ()) or ())


def display_widget(widget: Any) -> None:
    """Display ``widget`` as IPython would (its own ``_ipython_display_`` if it has one, else its mime
    bundle), followed by the note when it holds a pokerlab widget."""
    from IPython.core.formatters import get_real_method
    from IPython.display import publish_display_data

    own = get_real_method(widget, "_ipython_display_")
    if own is not None:
        own()
    else:
        bundle = widget._repr_mimebundle_()
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        publish_display_data(data or {"text/plain": repr(widget)}, metadata or {})
    if holds_pokerlab(widget):
        publish_display_data({"text/html": NOTE_HTML, "text/plain": NOTE_TEXT})


def register() -> bool:
    """Install :func:`display_widget` for every ipywidgets widget in the running IPython kernel (once).
    False, and nothing done, outside a kernel (plain Python, tests, a terminal IPython)."""
    try:
        from ipykernel.zmqshell import ZMQInteractiveShell
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if not isinstance(shell, ZMQInteractiveShell):
        return False
    import ipywidgets

    shell.display_formatter.ipython_display_formatter.for_type(ipywidgets.DOMWidget, display_widget)
    return True
