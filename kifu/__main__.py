"""``python -m kifu`` and the ``kifu`` command (:func:`main`): the command line of
:mod:`kifu.commands.cli`, started with the cycle collector off.

Start-up makes a few hundred thousand objects (modules, classes, functions, click's
options) that live as long as the process and hold no garbage, and the collector would walk
them again and again while they are made: a tenth of ``kifu validate``'s start-up.  The
command line's group turns the collector back on once its command is loaded, after moving
what start-up made out of its reach (``gc.freeze``), so that the records a run reads are
collected as always.
"""
import gc


def main() -> None:
    gc.disable()
    from kifu.commands.cli import main as command_line

    command_line()


if __name__ == "__main__":
    main()
