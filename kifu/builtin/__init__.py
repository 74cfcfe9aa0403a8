"""The games built into kifu, one package each (``kifu/builtin/<name>/``, its ``__init__.py``
holding ``GAME``); their cards are in :mod:`kifu.base.cards`.  ``README.md`` beside this file
describes the layout every game package follows.
"""
