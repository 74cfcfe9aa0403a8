"""Reading Go's SGF: each game tree of a file as a
record, its game information from the root (:mod:`.gameinfo`), its nodes walked into the
record's moves (:mod:`.moves`), whose seats are then settled in turn (:mod:`.turns`)."""
from __future__ import annotations

from collections.abc import Iterator

from kifu.builtin.freego import setup as setups
from kifu.builtin.freego.moves import Edit
from kifu.builtin.freego.position import Position
from kifu.builtin.freego.setup import Setup
from kifu.builtin.freego.sgf import gameinfo, turns
from kifu.builtin.freego.sgf.moves import Walk, names_player, plays
from kifu.plugin import KifuError, Node, Reading, Record, SetupError
from kifu.plugin import sgf as core
from kifu.plugin import sgf_lines as sgflines


def read_games(text: str, source: str = "<sgf>", lenient: bool = False) -> Iterator[Reading]:
    """Every game of an SGF file, one at a time, each with what reading it found (see
    ``kifu.sgf.lines``)."""
    return sgflines.read_games(text, lambda c, root, found: _read_tree(c, root, found, source),
                               lenient)


def read(text: str, source: str = "<sgf>") -> Record:
    """The one game of an SGF text (a collection, or an error in it, is raised)."""
    return sgflines.read_one(text, lambda c, root, found: _read_tree(c, root, found, source))


def _read_tree(collection: core.Collection, root: core.SgfNode, findings: list[KifuError],
               source: str) -> Record:
    """One game tree of a collection as a record."""
    written_root = root
    root, below = sgflines.game_info_below(root, collection, gameinfo.INFO_PROPERTIES, plays)
    gameinfo.check_go(root, collection, findings)
    size = gameinfo.board_size(root, collection)
    walk = Walk(collection, size, findings)
    record = gameinfo.record_of(root, collection, source, size, findings)
    setup = gameinfo.with_prisoners(record, walk.setup(root))
    children = root.children
    if "B" in root.properties or "W" in root.properties:  # the first move in the root
        children = [core.SgfNode({k: v for k, v in root.properties.items()
                                  if k in ("B", "W", "C")}, root.children, root.start, root.end)]
        record.comments.clear()
    else:
        children, setup = walk.early_setup(record, children, setup)
        children, setup = walk.handicap_moves(record, children, setup)
    record.properties = sgflines.kept_of_root(written_root, gameinfo.ROOT_PROPERTIES)
    record.properties.update(below)
    sgflines.merge_kept(record.properties, walk.before_play)
    record.moves = sgflines.to_lines(children, walk.convert, record.comments, collection.span,
                                     walk.keep, record.properties, plays)
    walk.report_mixed()
    walk.report_edge_passes()
    walk.report_ignored()
    setup = turns.settle(record, setup, names_player(root.get("PL")), findings)
    if setup is not None and not setup.is_empty():
        record.setup = setup
        if _leaves_no_liberty(record):
            _set_up_in_play(record, setup)
    gameinfo.territory(record, root, collection, size, findings)
    return record


def _leaves_no_liberty(record: Record) -> bool:
    """Whether the record's set-up leaves a group without a liberty (and is otherwise sound)."""
    try:
        setups.apply(record.setup, Position(setups.rules_of(record)))
    except SetupError as error:
        return error.rule == "no-liberty"
    except KifuError:  # the headers: reported where the record is replayed
        return False
    return False


def _set_up_in_play(record: Record, setup: Setup) -> None:
    """A set-up before the first move that leaves a group without a liberty, which SGF allows
    (its set-up properties capture nothing, see ``DECISIONS.md``), as a set-up entry at the
    start of play: the game starts from an empty board, and the entry sets the stones up as
    any set-up in play does, keeping the group on the board with a warning."""
    span = next(iter(setup.spans.values()), None)
    record.moves.insert(0, Node(Edit(setup.stones, (), setup.to_move), [], [], span))
    record.setup = Setup(prisoners=setup.prisoners) if setup.prisoners is not None else None
