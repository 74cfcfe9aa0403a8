"""How results are printed: the text format and the summary table (:mod:`.text`), and the
formats for tools (:mod:`.formats`: JSON lines, GitHub annotations, JUnit, SARIF)."""
