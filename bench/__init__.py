"""kifu's benchmarks: kifu against other software on the same inputs, in the same process layout.

``python -m bench`` runs them all and prints the speed table of ``docs/speed.md`` (``--quick``
for a short run); each module also runs alone (``python -m bench.renju``).  Every benchmark
module offers

    def run(quick: bool) -> list[bench.common.Row]

and checks, before it reports a figure, that kifu and the other side reached the same verdicts
on every input (it raises :class:`bench.common.VerdictMismatch` if not).  A new module joins the
table through ``BENCHMARKS`` in ``bench/__main__.py``.  This file imports nothing, so that a
peer's own process (``python -m bench.renju_peer``) starts up without kifu.
"""
