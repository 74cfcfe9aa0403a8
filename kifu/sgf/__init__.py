"""Smart Game Format, for every game that has one: its syntax (:mod:`.syntax`, which also
reads the charset a file declares, ``CA[]``), and the bridge between its tree of nodes and a
record's lines (:mod:`.lines`).  Nothing here knows a game's rules."""
