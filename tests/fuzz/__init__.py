"""Fuzzing kifu: mutated and generated records of every game and format, through the library.

- ``corpus``: the seeds (every bundled example, and each legal one converted to JSON and SGF),
  the mutations (byte flips, huge numbers, deep nesting, control characters, truncation,
  splicing across games, repetition, JSON values of the wrong kind) and a generator of records
  from each notation's vocabulary; one code path serves hypothesis and a plain random source.
- ``pipeline``: what kifu does with an input (decode, detect, parse, check, write back in every
  dialect and format and read again, JSON both ways, the replay as JSON, SVG and text
  drawings), asserting that nothing but a ``KifuError`` escapes, that whatever kifu writes it
  reads back, and that SVG stays well-formed and free of active content.
- ``shapes``: what surrounds kifu's work, for the same inputs: output targets (files, links,
  pipes, kifu's own standard output, devices of our own; outputs refused half-way), folders
  that a batch's ``--output-dir`` equals, lies above or below, parsing from many threads at
  once, and batches stopped by SIGINT or SIGTERM.
- ``memory``: a process's peak resident memory, measured afresh per input.
- ``test_fuzz``: the hypothesis harness, sized for CI; ``test_regressions``: one named test per
  defect the fuzzing found; ``test_convert_reads_back``: the round-trip property.
- ``python -m tests.fuzz --minutes 30``: the long run by hand, in a worker process with a memory
  limit and a timeout, each input through the library or one of the shapes; it prints inputs
  tried per game, outcomes, formats and shapes, and saves crashing inputs.
"""
