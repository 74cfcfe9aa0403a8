"""Searching a corpus of records: an index of every position of every record (SQLite), and
what it answers.

- :mod:`.indexing`: what the index keeps of a file and of each of its records, worked out
  wherever the work runs;
- :mod:`.build`: writing the index (incrementally, atomically), the files read by this process,
  worker processes or a Dask cluster;
- :mod:`.store`: the index file, its tables, and the checks that it is one this kifu reads;
- :mod:`.reader`: reading it, the header filters;
- :mod:`.search`: records that reach a position; :mod:`.patterns`: records that reach a pattern;
- :mod:`.stats`: the moves played from a position and how they scored, the positions reached
  most often; :mod:`.dedupe`: duplicate records;
- :mod:`.values`: what the answers are; :mod:`.query`: positions named on the command line.

The library's :class:`kifu.Corpus` and the commands ``kifu index``, ``search``, ``stats`` and
``dedupe`` are built on these; ``docs/search.md`` describes them.
"""
