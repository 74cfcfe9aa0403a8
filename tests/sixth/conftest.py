"""The toy games here are test data: their files stand where they would in the repository, so
their own tests (``<toy>/tests/``) run only once a toy is put into a copy of it
(``tests/house/test_sixth_game.py``), never from here."""
from pathlib import Path

collect_ignore = [path.name for path in Path(__file__).parent.iterdir() if path.is_dir()]
