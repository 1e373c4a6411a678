"""Widgets: thin views over the engine. They render what ``view(seat)`` gives and send intents back.

Nothing in this package decides a rule; a control is enabled because the engine lists it as legal.
"""
