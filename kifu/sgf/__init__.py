"""Smart Game Format, for every game that has one: its syntax (:mod:`.syntax`, which names the
parts it is made of), the charsets its files are written in and how their bytes become text
(:mod:`.charset`), and the bridge between its tree of nodes and a record's lines
(:mod:`.lines`).  Nothing here knows a game's rules."""
