"""MkDocs hooks of kifu's documentation: what the site takes from kifu itself at build time, so
that it cannot drift from the code.

- The option tables of the command line: a page line ``<!-- kifu-options: validate -->`` (or
  ``board check``) becomes a table of that command's arguments and options, made from the click
  command itself, in the words of ``kifu validate --help``.
- The JSON schemas: ``kifu/schema/*.schema.json`` and each game's part of the replay schema
  (``Game.replay_schema()``) are written into the site under ``schema/``, so that pages link to
  them inside the site.
"""
from __future__ import annotations

import html
import json
import re
from importlib import resources
from typing import Any

import click
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from kifu.plugin import registry
from kifu.commands.cli import main

OPTIONS_MARKER = re.compile(r"^<!-- kifu-options: ([a-z -]+?) -->$", re.MULTILINE)
SCHEMA_FOLDER = "schema"


# -- the command line -----------------------------------------------------------------------

def command_named(words: str) -> tuple[click.Command, click.Context]:
    """The click command ``kifu WORDS`` (``validate``, ``board check``) and its context."""
    command: click.Command = main
    context = click.Context(main, info_name="kifu", **main.context_settings)
    for word in words.split():
        found = command.get_command(context, word) if isinstance(command, click.Group) else None
        if found is None:  # (the commands games bring are loaded on demand)
            raise ValueError(f"kifu has no command {words!r}")
        command = found
        context = click.Context(command, info_name=word, parent=context)
    return command, context


def options_table(words: str) -> str:
    """The usage line and the table of a command's arguments and options, as HTML."""
    command, context = command_named(words)
    usage = " ".join(["kifu", words, *command.collect_usage_pieces(context)])
    rows = []
    for param in command.get_params(context):
        if isinstance(param, click.Argument):
            rows.append((param.make_metavar(context), "argument" + (
                ", any number" if param.nargs == -1 else "")))
            continue
        record = param.get_help_record(context)
        if record is not None:
            rows.append(record)
    cells = "\n".join(f"<tr><td><code>{html.escape(name)}</code></td>"
                      f"<td>{html.escape(text)}</td></tr>" for name, text in rows)
    return (f"<p><code>{html.escape(usage)}</code></p>\n"
            f'<table class="kifu-options">\n<thead><tr><th>option</th><th>what it does</th>'
            f"</tr></thead>\n<tbody>\n{cells}\n</tbody>\n</table>\n")


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Put each command's option table where its page asks for it."""
    return OPTIONS_MARKER.sub(lambda found: options_table(found.group(1)), markdown)


# -- the schemas ----------------------------------------------------------------------------

def schemas() -> dict[str, dict[str, Any]]:
    """Every JSON schema kifu ships, by the file name it has in the site."""
    found = {}
    for item in sorted(resources.files("kifu").joinpath("schema").iterdir(), key=str):
        if item.name.endswith(".schema.json"):
            found[item.name] = json.loads(item.read_text(encoding="utf-8"))
    for name, game in registry.games().items():
        schema = game.replay_schema()
        if schema is not None:
            found[f"{name}.replay.schema.json"] = schema
    return found


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the schemas to the site, each as kifu ships it."""
    for name, schema in schemas().items():
        text = json.dumps(schema, ensure_ascii=False, indent=2) + "\n"
        files.append(File.generated(config, f"{SCHEMA_FOLDER}/{name}", content=text))
    return files
