"""What reading SGF finds, graded as SGFC grades its messages.

What real files get wrong is repaired the way every SGF reader repairs it, and each repair is a
finding of one of four grades:

- ``pedantic``: the file breaks a rule of the specification that changes nothing a player sees
  (a lower-case FF[3] identifier, an unknown property, text around the game, a property given
  twice in a node and merged without loss): a note, reported on request only;
- ``repaired``: an error repaired without loss, but whose repair a player may see or another
  reader may make otherwise (a black and a white move in one node, split; a property that takes
  one value given two);
- ``critical``: information may be lost (junk inside a game tree, dropped; a truncated file,
  closed); an error unless the reader is lenient, and then a warning;
- ``fatal``: nothing can be read (no game tree at all): a :class:`NotationError` is raised.
"""
from __future__ import annotations

from kifu.base.errors import CRITICAL, FATAL, PEDANTIC, REPAIRED, NotationError, Severity
from kifu.base.record import Span

GRADES = (PEDANTIC, REPAIRED, CRITICAL, FATAL)
#: Findings of one kind listed per game; the rest are counted in one more finding.
MAX_SAME = 20
#: What the last finding of a kind that is listed says.
COUNTED_BELOW = " (and every later one of this kind in this game: counted below)"


def not_listed(count: int) -> str:
    """The message of the finding that counts those of a kind past ``MAX_SAME``."""
    return f"{count:,} more findings like this one are not listed"


def finding(message: str, span: Span | None, grade: str, *, lenient: bool = False,
            rule: str | None = None) -> NotationError:
    """A graded finding: fatal ones are errors, critical ones errors unless ``lenient``,
    pedantic ones notes, the rest warnings."""
    return NotationError(message, span=span, severity=severity_of(grade, lenient), grade=grade,
                         rule=rule)


def severity_of(grade: str, lenient: bool = False) -> Severity:
    """The severity of a finding of ``grade`` (see :func:`finding`)."""
    if grade == FATAL or (grade == CRITICAL and not lenient):
        return "error"
    return "note" if grade == PEDANTIC else "warning"
