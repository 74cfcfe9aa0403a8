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
    if sys.stdout is None:
        # closed when kifu started (``kifu validate DIR >&-``): what kifu prints there (a
        # record, a drawing, the findings) would be lost without a word; >/dev/null discards
        # it on purpose.
        if sys.stderr is not None:
            sys.stderr.write("kifu: standard output is closed: kifu prints there; redirect it "
                             "(>/dev/null to discard it)\n")
        sys.exit(2)  # kifu.base.exitcodes.USAGE: kifu could not do what it was asked
    gc.disable()
    if sys.argv[1:2] == ["validate"]:
        from kifu.commands.plain import validate

        validate(sys.argv[2:])  # returns only if click is to read the command line
    from kifu.commands.cli import main as command_line

    command_line()


if __name__ == "__main__":
    main()
