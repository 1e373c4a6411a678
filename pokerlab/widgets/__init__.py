"""Widgets: thin views over the engine. They render what ``view(seat)`` gives and send intents back.

Nothing in this package decides a rule; a control is enabled because the engine lists it as legal.
"""

from pokerlab.widgets._reopen import register as _register_reopen_note

_register_reopen_note()  # in a kernel: a page opened again without running says to run it (see _reopen)
