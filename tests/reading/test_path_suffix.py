"""A path's suffix, as kifu reads it for every file (``kifu.reading.walk.path_suffix``), is the
one a path object gives, in lower case, for any path: dots in folder names, names that are
all dots or end with one, separators doubled or trailing, ``.`` parts."""
from __future__ import annotations

from pathlib import PurePath

from hypothesis import given
from hypothesis import strategies as st

from kifu.reading.walk import path_suffix

_PARTS = st.sampled_from(["a", "game", "x.sgf", "X.SGF", "y.renju", ".hidden", "..", ".", "",
                          "a.", "a..b", "b.tar.gz", "é.Gungi", "dir.d", "...", " .sgf", "a. b"])


@given(st.lists(_PARTS, max_size=5), st.booleans())
def test_a_path_s_suffix_is_the_path_object_s(parts, rooted):
    path = ("/" if rooted else "") + "/".join(parts)
    assert path_suffix(path) == PurePath(path).suffix.lower(), path


def test_the_suffixes_of_paths_as_commands_are_given_them():
    for path, suffix in [("game.SGF", ".sgf"), ("/a/b.c/game", ""), ("a.renju/", ".renju"),
                         ("x.", ""), (".sgf", ""), ("-", ""), ("a/./b.gungi/.", ".gungi"),
                         ("//x.rengi", ".rengi"), ("", "")]:
        assert path_suffix(path) == suffix == PurePath(path).suffix.lower(), path
