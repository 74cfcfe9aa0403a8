"""Free-form Go's boards: the board model (:mod:`.board`: cells, names, values, adjacency),
boards made by rule (:mod:`.grids`: Go grids and hexagons), board files (:mod:`.files`, TOML,
with :mod:`.tomlspans` for line numbers and :mod:`.geometry` to derive adjacency from
outlines), and the built-in boards with the maps' TOML files beside them (:mod:`.builtin`).

Nothing is imported here, so that a record on a grid never loads the board-file reader."""
