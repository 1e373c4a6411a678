"""pokerlab in a classroom: who each learner is (:mod:`pokerlab.classroom.identity`), class
games and the teacher's board. Engine-level: nothing here imports widget or display code."""
