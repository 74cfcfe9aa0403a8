"""Drawing primitives every game draws its positions with, below the game contract: SVG
documents and text in kifu's own glyphs (:mod:`.svg`, :mod:`.glyphs`), boards of lines and
points with their markup (:mod:`.grid`), and text diagrams of boards (:mod:`.diagram`).  The
output formats, batches and the viewer that use them stand above, in :mod:`kifu.render`."""
