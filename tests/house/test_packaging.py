"""Every kind of install carries the grammars, which stand in the repository's top-level
``grammars/`` folder: the wheel (as ``kifu/grammars/``), the sdist (the folder, and the wheel
built from it), and an editable install (read where they stand), where mypy still sees kifu."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

#: Each test builds kifu or installs it into an environment of its own.
pytestmark = pytest.mark.installs
ROOT = Path(__file__).parents[2]
#: The grammars every install must carry.
GRAMMARS = sorted(p.name for p in (ROOT / "grammars").glob("*.lark"))


def run(*command: str | Path, cwd: Path | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # see outer_path
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, cwd=cwd,
                          timeout=300, env={**environment, **(env or {})})


def outer_path() -> list[str]:
    """The folders this interpreter imports packages from (PYTHONPATH's included), less its
    standard library and any folder holding kifu's own source."""
    standard = {sysconfig.get_path(name) for name in ("stdlib", "platstdlib")}
    kept = []
    for entry in dict.fromkeys(sys.path):
        folder = Path(entry or ".").resolve()
        if (folder.is_dir() and str(folder) not in standard and folder.name != "lib-dynload"
                and not (folder / "kifu").exists()):
            kept.append(str(folder))
    return kept


def fresh_environment(tmp_path: Path) -> tuple[Path, Path]:
    """A new virtual environment whose run-time dependencies come from the one running the
    tests (a venv, a system Python or CI's), never kifu: its interpreter and site-packages.

    ``system_site_packages`` would name the base interpreter's packages, not an active venv's,
    and a system Python keeps packages outside its own scheme's site-packages (Debian's
    dist-packages), so every folder on this interpreter's path is handed on by a .pth file
    instead, less the standard library and any folder that holds kifu's source: a .pth's lines
    only extend sys.path, so an editable kifu installed there (a finder hook in a .pth of its
    own) stays out of sight as well."""
    env = tmp_path / "env"
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    inner = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    site = Path(inner.stdout.strip())
    (site / "outer-environment.pth").write_text("\n".join(outer_path()) + "\n", encoding="utf-8")
    return python, site


def test_wheel_installs_into_a_fresh_environment_and_validates(tmp_path):
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps",
                "-w", tmp_path / "dist", ROOT)
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "dist").glob("kifu-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    package = ROOT / "kifu"
    data = {f"kifu/{p.relative_to(package)}" for p in package.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc", ".so") and "__pycache__" not in p.parts}
    assert data <= names, f"missing from the wheel: {sorted(data - names)}"
    assert {f"grammars/{p.name}" for p in (ROOT / "kifu" / "grammars").glob("*.lark")} <= names

    env = installed_wheel(tmp_path, wheel)
    python = env / "bin" / "python"

    where = run(python, "-c", "import kifu, kifu.reading.grammar as g; print(kifu.__file__); "
                "print(g.grammar_dir())", cwd=tmp_path)
    assert where.returncode == 0, where.stderr
    module_file, grammar_dir = where.stdout.split()
    assert module_file.startswith(str(env)), "kifu was not imported from the wheel"
    assert grammar_dir.startswith(str(env)) and (Path(grammar_dir) / "renju.lark").is_file()

    checked = run(env / "bin" / "kifu", "validate", "-q",
                  ROOT / "examples" / "renju" / "four-three-win.renju", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def installed_wheel(tmp_path: Path, wheel: Path) -> Path:
    """A fresh environment (:func:`fresh_environment`) with ``wheel`` installed in it: kifu
    only from the wheel."""
    python, _ = fresh_environment(tmp_path)
    installed = run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps",
                    "--no-index", wheel)
    assert installed.returncode == 0, installed.stderr
    return python.parents[1]


def test_without_a_compiler_kifu_installs_in_pure_python_with_a_warning(tmp_path):
    """The compiled core is optional: where nothing compiles (``CC=false``), the build warns
    and goes on, and the installed kifu runs every command in pure Python.  (Built from the
    sdist, unpacked afresh: the checkout's ``build/`` may hold a core compiled before.)"""
    made = run(sys.executable, "setup.py", "-q", "sdist", "-d", tmp_path / "sdist", cwd=ROOT)
    assert made.returncode == 0, made.stderr
    sdist = next((tmp_path / "sdist").glob("kifu-*.tar.gz"))
    built = run(sys.executable, "-m", "pip", "wheel", "-v", "--no-deps",
                "-w", tmp_path / "dist", sdist, env={"CC": "false", "LDSHARED": "false"})
    assert built.returncode == 0, built.stderr
    assert "kifu's compiled core" in built.stdout + built.stderr
    assert "installed in pure Python" in built.stdout + built.stderr
    wheel = next((tmp_path / "dist").glob("kifu-*.whl"))
    assert not [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".so")]
    env = installed_wheel(tmp_path, wheel)
    version = run(env / "bin" / "kifu", "--version", cwd=tmp_path,
                  env={"KIFU_PURE_PYTHON": ""})  # (an empty value asks for nothing)
    assert version.stdout.splitlines()[1:] == [
        f"core: {name} in pure Python (not built when kifu was installed)"
        for name in ("freego", "renju", "index packing")] + [
        "core: everything else in pure Python"]
    checked = run(env / "bin" / "kifu", "validate", ROOT / "examples" / "freego",
                  ROOT / "examples" / "renju", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "\nfreego " in checked.stderr  # the summary: a row per game


def test_an_editable_install_gives_type_checkers_kifu(tmp_path):
    """``pip install -e`` makes kifu a plain path entry (no import hook), so mypy follows it to
    kifu's ``py.typed`` and sees every type."""
    python, site = fresh_environment(tmp_path)
    installed = run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps",
                    "-e", ROOT)
    assert installed.returncode == 0, installed.stderr
    assert not list(site.glob("__editable__*finder*")), "an import hook: type checkers lose kifu"
    program = tmp_path / "program.py"
    program.write_text("from typing import assert_type\nimport kifu\n"
                       "from kifu.builtin.renju.position import Position\n"
                       "assert_type(kifu.game('renju').start(), Position)\n", encoding="utf-8")
    (tmp_path / "mypy.ini").write_text("[mypy]\n", encoding="utf-8")
    checked = run(sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                  "--python-executable", python, "--config-file", tmp_path / "mypy.ini",
                  "--no-incremental", program, cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_sdist_carries_the_grammars_and_its_wheel_installs_them(tmp_path):
    made = run(sys.executable, "setup.py", "-q", "sdist", "-d", tmp_path / "sdist", cwd=ROOT)
    assert made.returncode == 0, made.stderr
    sdist = next((tmp_path / "sdist").glob("kifu-*.tar.gz"))
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {f"grammars/{name}" for name in GRAMMARS} <= names
    assert "kifu/builtin/freego/native/gosgf.c" in names  # the compiled core's source
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", tmp_path / "dist",
                sdist)
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "dist").glob("kifu-*.whl"))
    assert {f"kifu/grammars/{name}" for name in GRAMMARS} <= set(zipfile.ZipFile(wheel).namelist())


def test_an_editable_install_reads_the_grammars_where_they_stand(tmp_path):
    python, _ = fresh_environment(tmp_path)
    env = python.parents[1]
    installed = run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps",
                    "-e", ROOT)
    assert installed.returncode == 0, installed.stderr
    where = run(python, "-c", "import kifu.reading.grammar as g; print(g.grammar_dir())",
                cwd=tmp_path)
    assert where.stdout.strip() == str(ROOT / "grammars"), where.stderr
    checked = run(env / "bin" / "kifu", "validate", "-q",
                  ROOT / "examples" / "renju" / "four-three-win.renju", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_checkout_from_before_the_move_reads_the_grammars_where_they_stand(tmp_path):
    """A checkout updated across the grammars' move keeps an empty ``kifu/grammars/`` (the
    ``__pycache__`` git leaves behind): the grammars are still read from ``grammars/``."""
    stale = ROOT / "kifu" / "grammars"
    made = not stale.exists()
    (stale / "__pycache__").mkdir(parents=True, exist_ok=True)
    try:
        where = run(sys.executable, "-c", "import kifu.reading.grammar as g; "
                    "print(g.grammar_dir())", cwd=ROOT)
        assert where.stdout.strip() == str(ROOT / "grammars"), where.stderr
    finally:
        if made:
            shutil.rmtree(stale)
