"""The bottom layer: values every other layer uses and that know nothing of games, files or the
command line: the record (:mod:`.record`), the error tree (:mod:`.errors`), the limits on what
kifu reads (:mod:`.limits`), exit statuses (:mod:`.exitcodes`), diagnostics as reported
(:mod:`.diagnostics`), the built-in games' cards (:mod:`.cards`), the version."""
