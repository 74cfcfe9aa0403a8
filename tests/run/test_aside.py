"""Work done aside (:mod:`kifu.run.aside`): made in a forked process while this one goes on,
its chunks read back in order; done here where no fork is safe, and done again here (its
error raised here) when the child fails."""
from __future__ import annotations

import os
import threading

import pytest

from kifu.run.aside import Aside

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")


def made_by(counts: list[int]):  # type: ignore[no-untyped-def]
    """A work whose chunks say which process made them (the chunks given: ``counts``)."""
    def work():  # type: ignore[no-untyped-def]
        for count in counts:
            yield [os.getpid()] * count
    return work


def test_the_chunks_are_made_in_another_process_and_read_back_in_order():
    with Aside(made_by([3, 0, 70_000]), parallel=True) as aside:
        assert aside.child is not None
        chunks = list(aside.results())
    assert [len(chunk) for chunk in chunks] == [3, 0, 70_000]
    assert {pid for chunk in chunks for pid in chunk} - {os.getpid()}  # not this process's
    assert aside.child is None


def test_without_parallel_or_with_another_thread_the_work_is_done_here_when_asked():
    with Aside(made_by([2]), parallel=False) as aside:
        assert aside.child is None
        assert list(aside.results()) == [[os.getpid()] * 2]
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        with Aside(made_by([1]), parallel=True) as aside:  # a lock it holds would stay held
            assert aside.child is None
            assert list(aside.results()) == [[os.getpid()]]
    finally:
        stop.set()
        thread.join()


def test_a_child_that_fails_has_its_work_done_again_here_and_its_error_raised_here():
    here = os.getpid()

    def fails_there():  # type: ignore[no-untyped-def]
        if os.getpid() != here:
            raise MemoryError
        yield "made here"

    with Aside(fails_there, parallel=True) as aside:
        assert aside.child is not None
        assert list(aside.results()) == ["made here"]

    def fails() -> list[str]:
        raise ValueError("a damaged row")

    with Aside(fails, parallel=True) as aside, pytest.raises(ValueError, match="damaged"):
        list(aside.results())


def test_a_child_whose_results_are_never_read_is_ended():
    with Aside(lambda: iter(threading.Event().wait, True), parallel=True) as aside:
        child = aside.child
        assert child is not None
    with pytest.raises(ChildProcessError):
        os.waitpid(child, os.WNOHANG)  # ended and reaped
