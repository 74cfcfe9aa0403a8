"""The archives Renju and Gomoku players keep, read as records of the ``renju`` game: Gomocup's
Piskvork files (:mod:`.psq`), PlayOK's PGN (:mod:`.pgn`), the renju.net database (:mod:`.rif`)
and RenLib libraries (:mod:`.renlib`).  Renju's SGF is the role package ``renju/sgf/``.

Each reader keeps every field of its format: in the header kifu has a word for (``Black``,
``Result``, ``Size``, ``Rule``...) and otherwise in a header of its own name, so that writing
the record back in its format loses nothing.  ``docs/formats/`` has a page on each.
"""

#: The largest renju.net database kifu reads (the real one is a few tens of megabytes): said
#: here, where the game's formats are listed without importing the readers.
RIF_MAX_BYTES = 1 << 30
