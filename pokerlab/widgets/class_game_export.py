"""The teacher's download of a class game's hands as PHH (issue 29), as a control of its own.

:func:`class_game_export_control` is a small ipywidgets box: a choice between the hands as each learner
saw them and every card (only once the game has ended), a button, and a line with the download link
and what was left out. The file is made on the click, by
:func:`pokerlab.classroom.class_game_export.class_game_download`, and handed to the browser as a link
of its own (a ``data:`` address), so nothing else of the page changes. The teacher's board can show it
beside its CSV downloads, or send the same message from its own button.

It holds every learner's hands, with their names: show it only where the board shows a game, after the
teacher has signed in (it takes the game's id from there, never a code a learner could type).

>>> from pokerlab.classroom.store import open_class_store
>>> import pathlib, tempfile
>>> store = open_class_store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> from pokerlab.classroom.class_games import ClassGameSettings
>>> game = store.create_game(ClassGameSettings("five-card-draw-antes", 2, 1, 1))
>>> box = class_game_export_control(store, game.id)
>>> box.button.click()
>>> "Nobody has finished a deal yet" in box.result.value
True
>>> spanish = class_game_export_control(store, game.id, language="es")
>>> spanish.button.click()
>>> spanish.button.description, "Nadie ha terminado todavía una mano" in spanish.result.value
('Crear el archivo PHH', True)
"""

from __future__ import annotations

import base64
import html

import ipywidgets as widgets

from pokerlab import language as lang
from pokerlab.classroom.class_game_export import class_game_download
from pokerlab.classroom.store import ClassStore

__all__ = ["class_game_export_control"]


def class_game_export_control(store: ClassStore, game_id: int, language: str = lang.DEFAULT) -> widgets.VBox:
    """The PHH download of class game ``game_id`` for its teacher (see the module docs), in ``language``."""
    t = lang.catalogue(language)
    which = widgets.RadioButtons(options=[(t.gettext("As each learner saw the hand"), False),
                                          (t.gettext("Every card (once the game has ended)"), True)],
                                 value=False, description=t.gettext("Hands"))
    button = widgets.Button(description=t.gettext("Make the PHH file"), icon="download")
    result = widgets.HTML("")

    def make(_button: object) -> None:
        message = class_game_download(store, game_id, every_card=bool(which.value), language=language)
        if message["type"] != "download":
            result.value = f"<p role='status'>{html.escape(message['text'])}</p>"
            return
        address = "data:text/plain;charset=utf-8;base64," + base64.b64encode(message["text"].encode()).decode()
        link = t.gettext("Download {name}").format(name=html.escape(message["name"]))
        result.value = (f"<p role='status'><a download='{html.escape(message['name'])}' href='{address}'>"
                        f"{link}</a>. {html.escape(message['note'])}</p>")

    button.on_click(make)
    heading = html.escape(t.gettext("This game's hands as PHH"))
    about = html.escape(t.gettext("One file with every finished deal, deal by deal, for a discussion in class or in "
                                  "another poker tool."))
    box = widgets.VBox([widgets.HTML(f"<h3>{heading}</h3><p>{about}</p>"), which, button, result])
    box.which, box.button, box.result = which, button, result  # type: ignore[attr-defined]
    return box
