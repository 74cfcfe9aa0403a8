"""The built wheel carries the grammars and works on its own, away from the source tree."""
from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).parents[2]


def run(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def test_wheel_installs_into_a_fresh_environment_and_validates(tmp_path):
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps",
                "-w", tmp_path / "dist", ROOT)
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "dist").glob("kifu-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    package = ROOT / "kifu"
    data = {f"kifu/{p.relative_to(package)}" for p in package.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}
    assert data <= names, f"missing from the wheel: {sorted(data - names)}"
    assert {f"kifu/grammars/{p.name}" for p in (ROOT / "grammars").glob("*.lark")} <= names

    # A fresh environment; run-time dependencies come from the one running the tests (a venv,
    # a system Python or CI's), kifu only from the wheel.  ``system_site_packages`` would name
    # the base interpreter's packages, not an active venv's, so the running environment's own
    # site-packages are added by a .pth file instead: its lines only extend sys.path, so an
    # editable kifu installed there (a finder hook in a .pth of its own) stays out of sight.
    env = tmp_path / "env"
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    inner = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    outer = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (Path(inner.stdout.strip()) / "outer-environment.pth").write_text("\n".join(sorted(outer)) + "\n")
    installed = run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps",
                    "--no-index", wheel)
    assert installed.returncode == 0, installed.stderr

    where = run(python, "-c", "import kifu, kifu.grammar as g; print(kifu.__file__); "
                "print(g.grammar_dir())", cwd=tmp_path)
    assert where.returncode == 0, where.stderr
    module_file, grammar_dir = where.stdout.split()
    assert module_file.startswith(str(env)), "kifu was not imported from the wheel"
    assert grammar_dir.startswith(str(env)) and (Path(grammar_dir) / "renju.lark").is_file()

    checked = run(env / "bin" / "kifu", "validate", "-q",
                  ROOT / "examples" / "renju" / "four-three-win.renju", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
