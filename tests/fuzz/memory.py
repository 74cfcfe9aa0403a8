"""A process's peak resident memory, measured afresh for each input (Linux: VmHWM, reset
through ``/proc/self/clear_refs``)."""
from __future__ import annotations

#: A single input may use this much memory (peak resident size) before it counts as a crash.
PEAK_MB = 600


def peak_kb() -> int:
    """This process's peak resident memory (VmHWM), in kB."""
    return _status_kb("VmHWM:")


def resident_kb() -> int:
    """This process's resident memory now (VmRSS), in kB."""
    return _status_kb("VmRSS:")


def _status_kb(field: str) -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field):
                return int(line.split()[1])
    return 0


def reset_peak() -> None:
    """Start counting the peak resident memory afresh."""
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")  # resets VmHWM (Linux 4.0 on)
    except OSError:
        pass
