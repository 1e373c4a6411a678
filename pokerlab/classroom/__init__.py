"""The classroom: learners (identity), class games in the duplicate format, the teacher's board.

Engine-level: nothing here imports widget or display code.
"""
