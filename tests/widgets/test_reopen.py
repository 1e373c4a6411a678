"""A pokerlab widget is displayed with a hidden note to run the page (pokerlab/widgets/_reopen.py); the
browser side (the note shows only in place of a widget JupyterLab cannot display) is in
tests/browser/test_jupyterlab.py."""

from __future__ import annotations

import ipywidgets
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from pokerlab.widgets._reopen import NOTE_HTML, NOTE_TEXT, display_widget, holds_pokerlab, register
from pokerlab.widgets.coach import Coach

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def shown(widget: ipywidgets.Widget) -> list[dict]:
    InteractiveShell.instance()  # publish_display_data needs a shell to publish through
    with capture_output() as captured:
        display_widget(widget)
    return [output.data for output in captured.outputs]


def test_a_pokerlab_widget_is_followed_by_the_note() -> None:
    coach = Coach("Kh Kd As 4c 2d")
    first, note = shown(coach)
    assert first[WIDGET_VIEW]["model_id"] == coach.model_id
    assert note == {"text/html": NOTE_HTML, "text/plain": NOTE_TEXT}
    assert "Run › Run All Cells" in NOTE_TEXT and 'class="pl-reopen-note"' in NOTE_HTML


def test_a_box_holding_one_gets_the_note_and_other_widgets_are_shown_as_before() -> None:
    inner = ipywidgets.VBox([ipywidgets.HBox([Coach("Kh Kd As 4c 2d")]), ipywidgets.Button(description="New hand")])
    assert holds_pokerlab(inner) and len(shown(inner)) == 2
    button = ipywidgets.Button(description="Not ours")
    assert not holds_pokerlab(button)
    assert shown(button) == [button._repr_mimebundle_()]


def test_nothing_is_registered_outside_a_kernel() -> None:
    assert register() is False  # plain pytest: no ipykernel shell
