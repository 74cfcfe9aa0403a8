"""From files to text and syntax: bytes decoded (:mod:`.source`), folders walked
(:mod:`.walk`), files a record names (:mod:`.access`), Lark grammars (:mod:`.grammar`), the
header-and-moves notation every native format shares (:mod:`.movetext`), JSON values read with
kifu's bounds (:mod:`.jsonvalues`)."""
