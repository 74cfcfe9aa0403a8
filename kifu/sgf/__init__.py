"""Smart Game Format, for every game that has one: its syntax (:mod:`.syntax`), the charsets
its files are written in (:mod:`.charset`), and the bridge between its tree of nodes and a
record's lines (:mod:`.lines`).  Nothing here knows a game's rules."""
