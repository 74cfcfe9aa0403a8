"""A run that writes a file per record (``convert`` and ``render`` with ``--output-dir``)."""
from __future__ import annotations

import click

from kifu import registry
from kifu.batch import OutputTask, plan
from kifu.commands import console
from kifu.outputs import Written
from kifu.report import Summary, TextFormatter
from kifu.runner import run
from kifu.walk import Shard, walk


def run_batch(task: OutputTask, paths: tuple[str, ...], output_dir: str, *, jobs: int | None,
              scheduler: str | None, shard: Shard | None, quiet: bool,
              keep: bool) -> tuple[Summary, list[Written]]:
    """Run a batch of outputs, reporting each file's problems as they come (on standard error)
    and counting them; returns the summary and, if ``keep``, what each input became."""
    console.check_paths(paths)
    summary = Summary("written", "failed", moves=False)
    formatter = TextFormatter(color=console.stderr_is_terminal())
    found = walk(paths, registry.suffixes(), shard=shard, skip=[output_dir])
    progress = console.progress(paths, "writing", quiet, shard, skip=[output_dir])
    kept: list[Written] = []
    try:
        for _, written in console.as_usage(run(task, plan(found, output_dir), jobs=jobs,
                                               scheduler=scheduler)):
            if progress is not None:
                progress.step()
            summary.skipped += not written.reports
            for report in written.reports:
                summary.add(report)
                text = formatter.file(report)
                if text:
                    click.echo(text, err=True)
            if keep:
                kept.append(written)
    finally:
        if progress is not None:
            progress.close()
    return summary, kept
