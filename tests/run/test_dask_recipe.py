"""The cluster recipe of docs/ci.md, as written: a wheel built from the checkout, installed with
its ``dask`` extra into a fresh virtual environment (as on every machine of a cluster), then a
real cluster of that environment's Dask doing the work of that environment's ``kifu``.

kifu is not on the package index, so ``pip install 'kifu[dask]'`` cannot work anywhere; the
wheel of the checkout can."""
from __future__ import annotations

import re
import subprocess
import venv
from pathlib import Path

import pytest

from tests.house.checkout import copy_checkout
from tests.summary import summary_rows

ROOT = Path(__file__).parents[2]
#: Starts a cluster of one worker process in the environment it runs in, prints its address and
#: keeps it up until its standard input closes.
CLUSTER = """
import sys
from dask.distributed import LocalCluster
cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None)
print(cluster.scheduler_address, flush=True)
sys.stdin.read()
cluster.close()
"""


def recipe() -> list[str]:
    """The shell commands of docs/ci.md's cluster recipe that make and install the wheel."""
    ci = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(pip wheel .*?)```", ci, re.DOTALL)
    assert block, "docs/ci.md gives no recipe that builds a wheel"
    return [line.split("#")[0].strip() for line in block.group(1).splitlines()
            if line.startswith("pip ")]


@pytest.mark.installs
def test_the_cluster_recipe_installs_kifu_and_dask_from_a_wheel(tmp_path):
    checkout = copy_checkout(tmp_path / "kifu")
    environment = tmp_path / "venv"
    venv.create(environment, with_pip=True)
    bin_dir = environment / "bin"
    path = f"{bin_dir}:/usr/bin:/bin"
    for command in recipe():
        done = subprocess.run(command, shell=True, cwd=checkout, env={"PATH": path},
                              capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, command + "\n" + done.stdout[-2000:] + done.stderr[-2000:]
    cluster = subprocess.Popen([str(bin_dir / "python"), "-c", CLUSTER], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert cluster.stdout is not None
        address = cluster.stdout.readline().strip()
        assert address.startswith("tcp://"), address
        validated = subprocess.run(
            [str(bin_dir / "kifu"), "validate", "--scheduler", address, str(ROOT / "examples" /
                                                                             "renju")],
            capture_output=True, text=True, timeout=300)
        assert validated.returncode == 0, validated.stdout + validated.stderr
        row = summary_rows(validated.stderr)["renju"]
        assert (row["files"], row["legal"], row["illegal"], row["moves"]) == (9, 9, 0, 191)
    finally:
        cluster.communicate("", timeout=120)
