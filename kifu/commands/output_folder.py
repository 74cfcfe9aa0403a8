"""A run that writes a file per record (``convert`` and ``render`` with ``--output-dir``)."""
from __future__ import annotations

import os
from dataclasses import replace

import click

from kifu.commands import console
from kifu.plugin import registry
from kifu.reading.walk import Shard, walk
from kifu.render.formats import IndexSink
from kifu.report.text import Summary, TextFormatter
from kifu.run.ledger import Ledger
from kifu.run.output_folder import Inputs, OutputTask, plan
from kifu.run.runner import run


def run_batch(task: OutputTask, paths: tuple[str, ...], output_dir: str, *, jobs: int | None,
              scheduler: str | None, shard: Shard | None, quiet: bool,
              reserved: frozenset[str] = frozenset(), index: IndexSink | None = None) -> Summary:
    """Run a batch of outputs, reporting each file's problems as they come (on standard error)
    and counting them; each result also goes to ``index`` (a page the format adds), and each
    file written into the output folder's ledger where it needs one (:mod:`kifu.run.ledger`)."""
    console.check_paths(paths)
    if not output_dir.strip():
        raise click.BadParameter("an output folder must be named (it is empty)",
                                 param_hint="'--output-dir'")
    inputs = Inputs(paths, output_dir)
    task = replace(task, inputs=inputs)
    summary = Summary("written", "failed", moves=False, notes=task.pedantic)
    formatter = TextFormatter(color=console.stderr_is_terminal())
    found = walk(paths, registry.suffixes(), shard=shard, skip=[output_dir])
    progress = console.progress(paths, "writing", quiet, shard, skip=[output_dir])
    # Only a folder the run also reads keeps a ledger: elsewhere no output can pass for input.
    ledger = Ledger(output_dir) if inputs.overlap() else None
    jobs_planned = plan(found, inputs, writes=task.writes, reserved=reserved)
    try:
        for job, written in console.as_usage(run(task, jobs_planned, jobs=jobs,
                                                 scheduler=scheduler)):
            if progress is not None:
                progress.step()
            if ledger is not None:
                for output in [written.output, *written.outputs]:
                    if output is not None:
                        ledger.record(os.path.join(task.folder or "", output))
            summary.add_file(written.reports, job.found.path)
            for report in written.reports:
                text = formatter.file(report)
                if text:
                    click.echo(text, err=True)
            if index is not None:
                index.add(written)
    finally:
        if ledger is not None:
            ledger.close()
        if progress is not None:
            progress.close()
    return summary
