"""My hands' "Open a PHH file" box: a hand history pasted or chosen as a file, opened in the page's
replayer, and the page's way of saying why a PHH file could not be opened. Apart from the list and the
replay (:mod:`pokerlab.widgets.my_hands_widget`) because it is plain ipywidgets around one call of the
replayer (:meth:`~pokerlab.widgets.my_hands_widget.MyHandsWidget.open_import`), and works without a name.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Final, Protocol

import ipywidgets as widgets

from pokerlab import language as lang
from pokerlab.draw.errors import IllegalActionError
from pokerlab.language import N_
from pokerlab.narration import Voice, refusal_sentence
from pokerlab.phh import PhhError

IMPORT_ABOUT: Final = N_(
    "Paste a hand history in PHH (the format pokerkit and other poker tools read), or choose a .phh or .phhs "
    "file, to step through it with the coach. pokerlab reads Five-Card Draw hands (variant F5CD, the way pokerlab "
    "writes them); a hidden card (??) stays hidden. The hand is not kept.")
NOT_TEXT: Final = N_("{name} is not a text file; a PHH file is text (TOML).")
CANNOT_OPEN: Final = N_("This file could not be opened: {error}")


class Replayer(Protocol):
    """What the box needs of the page's replayer (a :class:`~pokerlab.widgets.my_hands_widget.MyHandsWidget`)."""

    language: str
    message: str
    on_language: list[Callable[[str], None]]

    def open_import(self, text: str, player: int | None = None, number: int = 1) -> bool: ...


def uploaded_text(upload: widgets.FileUpload) -> str:
    """The text of the file chosen in ``upload`` ("" for none); a file that is not UTF-8 text is refused."""
    files = list(upload.value)
    if not files:
        return ""
    upload.value = ()  # read once: a text pasted next is read next
    try:
        return bytes(files[0]["content"]).decode("utf-8")
    except UnicodeDecodeError:
        raise PhhError(NOT_TEXT, name=files[0]["name"]) from None


def phh_refusal(error: PhhError, language: str) -> str:
    """Why a PHH file could not be opened, in ``language``; an action the engine refused is said as the
    table says a refusal (to the player who tried it)."""
    def engine(refused: IllegalActionError) -> str:
        return refusal_sentence(refused, Voice(viewer=refused.seat, language=language))

    return error.text(language, engine)


def cannot_open(error: PhhError, language: str) -> str:
    """The page's message for a PHH file it could not open, in ``language``."""
    return lang.gettext(language, CANNOT_OPEN).format(error=phh_refusal(error, language))


def import_box(hands: Replayer) -> widgets.VBox:
    """"Open a PHH file": paste a hand history or choose a file, say whose decisions, open it in the
    replayer of ``hands``. Works without a name: nothing of the file is kept. It speaks the language of
    ``hands`` and follows it when it changes."""
    heading = widgets.HTML()
    # sized to fit a phone: no field wider than the page, the row wraps
    fits = {"style": {"description_width": "initial"}, "layout": widgets.Layout(width="auto", max_width="100%")}
    text = widgets.Textarea(layout=widgets.Layout(width="auto", max_width="100%", height="8em"))
    upload = widgets.FileUpload(accept=".phh,.phhs,.txt,.toml", multiple=False, layout=widgets.Layout(max_width="100%"))
    player = widgets.Dropdown(value=None, **fits)
    number = widgets.BoundedIntText(value=1, min=1, max=500, **fits)
    button = widgets.Button(button_style="primary", layout=widgets.Layout(max_width="100%"))

    def speak(language: str) -> None:
        _ = lang.catalogue(language).gettext
        heading.value = f"<h3>{html.escape(_('Open a PHH file'))}</h3><p>{html.escape(_(IMPORT_ABOUT))}</p>"
        text.placeholder = _("Paste a PHH hand here: variant = 'F5CD' ...")
        upload.description = _("Choose a file")
        chosen = player.value or 0
        player.options = [(_("as the file says"), 0)] + [(_("p{number} (from the dealer's left)").format(number=n), n)
                                                          for n in range(1, 9)]
        player.value = chosen
        player.description = _("Decisions of")
        number.description = _("Hand number")
        button.description = _("Open in the replayer")

    def opened(_button: object) -> None:
        try:
            pasted = uploaded_text(upload) or text.value
        except PhhError as error:
            hands.message = cannot_open(error, hands.language)
            return
        hands.open_import(pasted, player.value or None, int(number.value))

    speak(hands.language)
    hands.on_language.append(speak)
    button.on_click(opened)
    row = widgets.HBox([upload, player, number], layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))
    box = widgets.VBox([heading, text, row, button], layout=widgets.Layout(max_width="100%"))
    box.add_class("pl-mh-import")
    box.text, box.upload, box.player, box.number, box.button = text, upload, player, number, button  # type: ignore[attr-defined]
    return box
