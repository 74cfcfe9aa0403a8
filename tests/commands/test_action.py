"""The GitHub Action (action.yml): its steps, run as a GitHub runner runs a composite action's
``run`` steps (bash, the inputs and contexts filled in), install kifu from a copy of this checkout
into a fresh virtual environment and annotate the records at fault."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from tests.house.checkout import copy_checkout
from tests.summary import summary_rows

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
EXPRESSION = re.compile(r"\$\{\{\s*([\w.-]+)\s*\}\}")


def run_action(inputs: dict[str, str], contexts: dict[str, str], workspace: Path,
               skip: int = 0) -> list[subprocess.CompletedProcess[str]]:
    """The steps in order (less the first ``skip``, already run), stopping at the first that
    fails, as a runner does."""
    values = {f"inputs.{name}": str(spec.get("default", ""))
              for name, spec in ACTION["inputs"].items()}
    values.update({f"inputs.{k}": v for k, v in inputs.items()})
    values.update(contexts)

    def fill(text: str) -> str:
        return EXPRESSION.sub(lambda m: values[m.group(1)], text)

    done = []
    for step in ACTION["runs"]["steps"][skip:]:
        assert step["shell"] == "bash" and "uses" not in step
        env = {**os.environ, **{k: fill(str(v)) for k, v in step.get("env", {}).items()}}
        script = workspace.parent / "step.sh"
        script.write_text(fill(step["run"]), encoding="utf-8")
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                                cwd=workspace, env=env, capture_output=True, text=True,
                                timeout=600)
        done.append(result)
        if result.returncode != 0:
            break
    return done


@pytest.mark.installs
def test_the_action_installs_kifu_and_annotates_records(tmp_path):
    assert ACTION["runs"]["using"] == "composite"
    action_path = copy_checkout(tmp_path / "action")
    workspace = tmp_path / "workspace"
    (workspace / "records" / "more").mkdir(parents=True)
    shutil.copy(EXAMPLES / "renju" / "four-three-win.renju", workspace / "records" / "good.renju")
    shutil.copy(EXAMPLES / "invalid" / "renju" / "occupied-point.renju",
                workspace / "records" / "more" / "bad game.renju")
    contexts = {"github.action_path": str(action_path), "runner.temp": str(tmp_path / "temp")}
    (tmp_path / "temp").mkdir()

    install, check = run_action({"paths": "records/more\nrecords/good.renju"}, contexts, workspace)
    assert install.returncode == 0, install.stderr
    assert check.returncode == EXIT_INVALID, check.stderr
    assert check.stdout.splitlines() == [
        "::error file=records/more/bad game.renju,line=6,col=4,endLine=6,endColumn=6,"
        "title=kifu illegal-move::move 6: h8 is already occupied by a black stone [rule: occupied]"]
    row = summary_rows(check.stderr)["renju"]  # the summary
    assert (row["files"], row["legal"], row["illegal"]) == (2, 1, 1)

    [starred] = run_action({"paths": "records/good.renju *", "args": "--lenient"}, contexts,
                           workspace, skip=1)
    assert starred.returncode == EXIT_USAGE  # '*' is a path kifu reports missing, not a glob
    assert "*: no such file or folder" in starred.stderr
    [clean] = run_action({"paths": "records/good.renju"}, contexts, workspace, skip=1)
    assert clean.returncode == EXIT_OK and clean.stdout == ""

    # The workspace's pyproject.toml states the repository's policy (issue 36): the Action runs
    # in the workspace, so its [tool.kifu] table holds, and the inputs' args come after it.
    (workspace / "pyproject.toml").write_text('[tool.kifu]\nignore = ["occupied"]\n',
                                              encoding="utf-8")
    [steered] = run_action({"paths": "records"}, contexts, workspace, skip=1)
    assert steered.returncode == EXIT_OK and steered.stdout == "", steered.stderr
    [selected] = run_action({"paths": "records", "args": "--select occupied"}, contexts,
                            workspace, skip=1)
    assert selected.returncode == EXIT_INVALID
    assert selected.stdout.startswith("::error file=records/more/bad game.renju,line=6")
