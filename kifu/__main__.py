"""``python -m kifu`` and the ``kifu`` command (:func:`main`): the command line of
:mod:`kifu.commands.cli`, started with the cycle collector off.

Start-up makes a few hundred thousand objects (modules, classes, functions, click's
options) that live as long as the process and hold no garbage, and the collector would walk
them again and again while they are made: a tenth of ``kifu validate``'s start-up.  The
command line's group turns the collector back on once its command is loaded, after moving
what start-up made out of its reach (``gc.freeze``), so that the records a run reads are
collected as always.

``kifu validate [-q] [--jobs N] PATHS`` is read without click where it can be
(:mod:`kifu.commands.plain`): importing click and building the command line cost that
common invocation about a sixth of its time on a folder of a few hundred records.
"""
import gc
import sys


def main() -> None:
    gc.disable()
    if sys.argv[1:2] == ["validate"]:
        from kifu.commands.plain import validate

        validate(sys.argv[2:])  # returns only if click is to read the command line
    from kifu.commands.cli import main as command_line

    command_line()


if __name__ == "__main__":
    main()
