"""``python -m kifu``: the same as the ``kifu`` command."""
from kifu.cli import main

main()
