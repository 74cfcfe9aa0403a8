"""Running kifu's work: records loaded and converted (:mod:`.load`), validated
(:mod:`.validate`), replayed as JSON (:mod:`.replayjson`); tasks over streams of files in this
process, worker processes or on Dask (:mod:`.runner`); outputs written safely (:mod:`.outputs`,
:mod:`.ledger`, :mod:`.batch`)."""
