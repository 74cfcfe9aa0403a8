"""Pictures as outputs: the render formats (SVG, text, PNG and GIF), the task that draws each record
of a run into an output folder, and the HTML viewer; the drawing primitives they use stand below,
in :mod:`kifu.draw`."""
