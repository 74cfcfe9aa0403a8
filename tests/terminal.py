"""Starting kifu as a terminal starts it, for the tests that send it signals."""
from __future__ import annotations

import signal


def as_in_a_terminal() -> None:
    """Run in the child before kifu starts (``preexec_fn``): SIGINT as a terminal's foreground
    job has it, even where the tests themselves run with SIGINT ignored (a background job of a
    script, ``nohup``).  A process started with SIGINT ignored keeps ignoring it, as the
    convention is and Python does, and kifu with it: such a run would rightly go on past a
    Ctrl-C sent to its process group."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
