"""``python -m kifu``: the same as the ``kifu`` command."""
from kifu.commands.cli import main

main()
