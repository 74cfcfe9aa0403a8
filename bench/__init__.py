"""kifu's benchmarks: kifu against peer software on the same inputs, in the same process layout.

``python -m bench`` runs them all and prints the README's speed table (``--quick`` for a short
run); each module also runs alone (``python -m bench.renju``).  Every benchmark module offers

    def run(quick: bool) -> list[bench.common.Row]

and checks, before it reports a figure, that kifu and the other side reached the same verdicts
on the inputs (:class:`bench.common.VerdictMismatch` if not).  This file imports nothing, so that
a peer's process (``python -m bench.renju_peer``) starts up without kifu.
"""
