"""Packaging glue that pyproject.toml alone cannot express.

Every file inside ``kifu/`` that is not Python (schemas, board maps, tables, fonts) is package
data, so a game can ship data next to its code without touching this file; and the Lark grammars,
which stand in the repository's top-level ``grammars/`` folder, are built into every wheel as
``kifu/grammars/`` (an sdist carries the folder, ``MANIFEST.in``, and builds its wheel alike).

``package_dir`` maps the root package folder onto the repository root, as a flat layout has it:
with that one mapping an editable install (``pip install -e``) is a plain path entry in a
``.pth`` file, which type checkers follow (mypy sees kifu's ``py.typed`` and every type),
rather than an import hook, which they cannot see through; such an install reads the grammars
where they stand (``kifu.reading.grammar.grammar_dir``).  The price: in an editable install the
repository's ``tests`` and ``bench`` import too, as they do when pytest runs.

The compiled core (``docs/architecture.md``) is an optional C extension, built as markupsafe and
msgpack build theirs: where it cannot be compiled (no compiler, no Python headers), the build
says so in a warning and goes on, and kifu installs in pure Python, every command working with
the same verdicts.  It needs nothing at build time but a C compiler and Python's headers.
"""
import shutil
import sys
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
GRAMMARS = HERE / "grammars"


def data_files(package: Path) -> list[str]:
    """Every non-Python file below ``package``, relative to it."""
    return sorted(str(p.relative_to(package)) for p in package.rglob("*")
                  if p.is_file() and p.suffix not in (".py", ".pyc", ".so", ".pyd")
                  and "__pycache__" not in p.parts)


class BuildWithGrammars(build_py):
    """The package as setuptools builds it, with the grammars copied into ``kifu/grammars/``."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            target = Path(self.build_lib) / "kifu" / "grammars"
            target.mkdir(parents=True, exist_ok=True)
            for grammar in sorted(GRAMMARS.glob("*.lark")):
                shutil.copyfile(grammar, target / grammar.name)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        grammars = [str(Path(self.build_lib) / "kifu" / "grammars" / g.name)
                    for g in sorted(GRAMMARS.glob("*.lark"))]
        return [*super().get_outputs(include_bytecode), *grammars]


#: The compiled core: C extensions (their C sources ship as package data too, as the sdist's).
#: Both games' include ``kifu/plugin/lanes.h``, the index's hashing of positions on a grid; the
#: third packs what the index keeps of each record (``kifu/corpus/packing.c``).
SHARED = {"include_dirs": ["kifu/plugin"], "depends": ["kifu/plugin/lanes.h"],
          "extra_compile_args": ["-std=c99"]}
COMPILED = [Extension("kifu.builtin.freego.native._gosgf",
                      ["kifu/builtin/freego/native/gosgf.c"], **SHARED),
            Extension("kifu.builtin.renju.native._renju",
                      ["kifu/builtin/renju/native/renju.c"], **SHARED),
            Extension("kifu.corpus._packing", ["kifu/corpus/packing.c"],
                      extra_compile_args=["-std=c99"])]


class OptionalBuildExt(build_ext):
    """``build_ext`` for extensions kifu can do without: a failure to compile one is a warning,
    and kifu is installed in pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all (distutils' platform errors included)
            self._warn(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # the compiler failed on it
            self._warn(error, ext.name)

    @staticmethod
    def _warn(error: Exception, name: str = "the compiled core") -> None:
        print(f"WARNING: kifu's compiled core ({name}) could not be built ({error}); kifu is "
              "installed in pure Python: every command works, with the same verdicts, "
              "more slowly", file=sys.stderr)


setup(
    packages=find_packages(include=["kifu", "kifu.*"]),
    package_dir={"": "."},
    package_data={"kifu": data_files(HERE / "kifu")},
    ext_modules=COMPILED,
    cmdclass={"build_py": BuildWithGrammars, "build_ext": OptionalBuildExt},
)
