"""kifu's commands, one module each, and what they share. ``kifu validate`` is :mod:`.validate`,
``kifu convert`` :mod:`.convert`, ``kifu render`` :mod:`.render`, ``kifu show`` :mod:`.show` and
``kifu games`` :mod:`.games`; each defines a click command of its own name. The options several
commands take are in :mod:`.options`; how commands print (diagnostics, output, the summary of a
run) and how a kifu error ends one is in :mod:`.console`; a run that writes a file per record
into an output folder is :mod:`.output_folder`. :mod:`kifu.commands.cli` holds the command group
and imports a command's module only when that command runs or its help is asked for."""
