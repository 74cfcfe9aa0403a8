"""Work done aside (:mod:`kifu.run.aside`): made in a forked process while this one goes on,
its chunks read back in order; done here where no fork is safe, and done again here (its
error raised here) when the child fails."""
from __future__ import annotations

import os
import threading

import pytest

from kifu.run import aside
from kifu.run.aside import Aside

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")


@pytest.fixture(autouse=True)
def one_thread(monkeypatch):
    """The threads other tests of this process leave idle (a Dask client's) are taken for
    none: the work here takes no lock of theirs."""
    monkeypatch.setattr(aside.threading, "active_count", lambda: 1)


def made_by(counts: list[int]):  # type: ignore[no-untyped-def]
    """A work whose chunks say which process made them (the chunks given: ``counts``)."""
    def work():  # type: ignore[no-untyped-def]
        for count in counts:
            yield [os.getpid()] * count
    return work


def test_the_chunks_are_made_in_another_process_and_read_back_in_order():
    with Aside(made_by([3, 0, 70_000]), parallel=True) as done:
        assert done.child is not None
        chunks = list(done.results())
    assert [len(chunk) for chunk in chunks] == [3, 0, 70_000]
    assert {pid for chunk in chunks for pid in chunk} - {os.getpid()}  # not this process's
    assert done.child is None


def test_without_parallel_or_with_another_thread_the_work_is_done_here_when_asked(
        monkeypatch):
    with Aside(made_by([2]), parallel=False) as done:
        assert done.child is None
        assert list(done.results()) == [[os.getpid()] * 2]
    monkeypatch.setattr(aside.threading, "active_count", lambda: 2)
    with Aside(made_by([1]), parallel=True) as other:  # a lock it holds would stay held
        assert other.child is None
        assert list(other.results()) == [[os.getpid()]]


def test_a_child_that_fails_has_its_work_done_again_here_and_its_error_raised_here():
    here = os.getpid()

    def fails_there():  # type: ignore[no-untyped-def]
        if os.getpid() != here:
            raise MemoryError
        yield "made here"

    with Aside(fails_there, parallel=True) as done:
        assert done.child is not None
        assert list(done.results()) == ["made here"]

    def fails() -> list[str]:
        raise ValueError("a damaged row")

    with Aside(fails, parallel=True) as done, pytest.raises(ValueError, match="damaged"):
        list(done.results())


def test_a_child_whose_results_are_never_read_is_ended():
    with Aside(lambda: iter(threading.Event().wait, True), parallel=True) as done:
        child = done.child
        assert child is not None
    with pytest.raises(ChildProcessError):
        os.waitpid(child, os.WNOHANG)  # ended and reaped


def test_work_done_behind_runs_at_a_lower_priority_than_this_process_and_other_work_at_its():
    def priority():  # type: ignore[no-untyped-def]
        yield os.getpid(), os.nice(0)

    here = os.nice(0)
    with Aside(priority, parallel=True, behind=True) as behind, \
            Aside(priority, parallel=True) as alongside:
        (behind_pid, behind_nice), = behind.results()
        (alongside_pid, alongside_nice), = alongside.results()
    assert os.getpid() not in (behind_pid, alongside_pid)
    assert behind_nice == min(here + aside.BEHIND, 19)  # (19: the lowest there is)
    assert alongside_nice == here
    assert os.nice(0) == here  # this process's own is left as it was
