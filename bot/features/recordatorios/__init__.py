"""Play-by-post reminders: ``/encuentro recordatorios`` sets them (:mod:`.service`), a
background task posts them (:mod:`.scheduler`), :mod:`.timing` says when."""
