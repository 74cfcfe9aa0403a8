"""RenLib's ``.lib`` libraries: a binary tree of Renju positions with comments, board texts
and marks, as RenLib (3.x) and the programs that share its files write them.

```
FF 'RenLib' FF 03 04 FF*10       the header: a magic, the file version (3.4), padding
00 48 'T' 'i' 't' 'l' 'e' 08 ... a node: its point (0 for the root or a pass), its flags, then
                                   its comment (a one-line title, 08, the rest) and its board
                                   text, each ending in NUL and padded to an even length
78 80                            h8, a later sibling follows
...
```
Nodes come in preorder, two bytes each (four where an extension follows the flags): ``0x80``
a later sibling follows, ``0x40`` no child follows (the reader goes back up to the node whose
sibling is next), ``0x20`` an old 7-bit comment follows, ``0x10`` a mark, ``0x08`` a comment
follows, ``0x04`` the start position, ``0x02`` not a move (a holder of a board text), ``0x01``
two extension bytes follow (``0x0001``: a board text follows).  A point is a byte: the column
(1-15, from the left) plus 16 times the row counted from the top (0-14).  A file whose first
node is h8 has no root node (the "old" layout RenLib writes when it can).

Read into a record of the ``renju`` game: every node a move (its children in RenLib's order,
by their position byte, as RenLib reads them: the first continues the line, the others are
its variations), a node's comment its comment
and its title the property ``Title``, a board text, which RenLib draws at its node's point
when the position before it is shown, the property ``Label-<point>`` of that position (the
root's: headers of the record), a mark ``Mark``, the start position ``Start``; a node that is
no move but a holder of a board text adds ``Title-<point>``, ``Comment-<point>``...  for what
else it holds.  The file's version is ``RenLib-Version``; the code page the comments are in
(RenLib writes the writer's Windows code page, and names none) is told from the text, said in
a warning, and kept as ``RenLib-Encoding`` to write them back in.  Written back, such a record
gives the same file; an old comment (7-bit, never written by RenLib 3) is written as a new one.
"""
from __future__ import annotations

import re
from bisect import insort
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from kifu.builtin.renju.moves import Move, Pass, Place, Point
from kifu.plugin import (
    MAX_MOVES,
    ConversionError,
    EncodingError,
    KifuError,
    LimitError,
    Node,
    NotationError,
    Reading,
    Record,
    guess_legacy,
    likeliest_cjk,
)

MAGIC = b"\xffRenLib\xff"
HEADER_SIZE = 20
CENTRE = 0x78  # h8
#: The newest file version RenLib 3.6 reads (and writes): 3.4.
NEWEST = (3, 4)
SIBLING, LEAF, OLD_COMMENT, MARK, COMMENT, START, NO_MOVE, EXTENSION = (
    0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01)
BOARD_TEXT = 0x0001
VERSION, ENCODING, ROOT = "RenLib-Version", "RenLib-Encoding", "RenLib-Root"
TITLE, LABEL, COMMENT_AT, MARK_KEY, START_KEY, EXTENSION_KEY = (
    "Title", "Label-", "Comment-", "Mark", "Start", "RenLib-Extension")
#: A node that is no move but has moves after it: RenLib leaves one where a move holding a
#: board text is deleted (the text is kept on a node that is no move, and only the first of
#: the moves after it is deleted); playing its point makes it a move again.
NO_MOVE_KEY = "No-move"
YES = "yes"
#: Code pages tried, in this order, for comments that name none (RenLib writes the Windows
#: code page of the machine that wrote them).
CODE_PAGES = ("cp1252", "gb18030", "cp932", "cp1251", "cp949", "cp950", "cp1250")
#: The CJK code pages, the most used first.
CJK_PAGES = ("gb18030", "cp932", "cp949", "cp950")
#: Swedish ISO 646 letters of RenLib 2's 7-bit comments.
_OLD_LETTERS = str.maketrans("}{|][\\", "åäöÅÄÖ")
Decode = Callable[[bytes], str]
Encode = Callable[[str], bytes]


def claims_bytes(head: bytes) -> bool:
    """A RenLib library: the magic ``FF 'RenLib' FF``; or (RenLib's oldest files, without a
    header) a first node on h8 whose flags are RenLib's."""
    return head.startswith(MAGIC) or (len(head) >= 2 and head[0] == CENTRE
                                      and not head[1] & (OLD_COMMENT | NO_MOVE)
                                      and b"\x00" in head[:256])


def claims(text: str) -> bool:
    """:func:`claims_bytes` of a file's bytes as one character each (a library without a
    header, RenLib's oldest, included)."""
    return claims_bytes(text[:256].encode("latin-1", "replace"))


# -- the tree of a file ---------------------------------------------------------------------

@dataclass
class LibNode:
    """A node of a library as the file has it."""

    pos: int
    flags: int = 0
    extension: int = 0
    comment: bytes | None = None
    old_comment: bool = False
    board_text: bytes | None = None
    children: list[LibNode] = field(default_factory=list)
    offset: int = 0
    #: Kept when written though it is no move and holds no board text (a file had it so).
    keep: bool = False

    @property
    def is_move(self) -> bool:
        return not self.flags & NO_MOVE

    def child(self, pos: int) -> LibNode | None:
        return next((node for node in self.children if node.pos == pos), None)


def point_of(pos: int) -> Point:
    """The point a position byte names: the column from the left, the row from the top."""
    return Point(pos % 16 - 1, 14 - pos // 16)


def pos_of(point: Point) -> int:
    return 16 * (14 - point.row) + point.column + 1


class _Bytes:
    """The file's bytes read two at a time from the first node on, with where they were."""

    def __init__(self, data: bytes, start: int) -> None:
        self.data, self.at = data, start

    def pair(self, what: str) -> tuple[int, int]:
        if self.at + 2 > len(self.data):
            raise NotationError(f"the file ends inside {what} at byte {self.at} (truncated?)")
        first, second = self.data[self.at], self.data[self.at + 1]
        self.at += 2
        return first, second

    def text(self, what: str) -> bytes:
        """NUL-ended text read in pairs (RenLib's ``ReadNewComment``)."""
        start = self.at
        end = self.data.find(b"\x00", start)
        if end < 0:
            raise NotationError(f"{what} at byte {start} never ends (truncated?)")
        self.at = end + 2 if (end - start) % 2 == 0 else end + 1  # the pair with the NUL
        return self.data[start:end]

    def old_text(self) -> bytes:
        """RenLib 2's 7-bit comment: the last character has its high bit set.  A NUL ends
        the text as it ends a C string (what follows it to the last character is dropped)."""
        out = bytearray()
        while True:
            first, second = self.pair("an old comment")
            out.append(first & 0x7F)
            if first & 0x80:
                break
            out.append(second & 0x7F)
            if second & 0x80:
                break
        return bytes(out).partition(b"\x00")[0]


def read_tree(data: bytes) -> tuple[LibNode, tuple[int, int] | None, bool, list[KifuError]]:
    """The root of a library's tree, its version (``None`` without a header), whether the file
    has a root node, and what reading it found (branches RenLib merges)."""
    if data.startswith(MAGIC):
        if len(data) < HEADER_SIZE:
            raise NotationError("the file ends inside RenLib's 20-byte header (truncated?)")
        written = (data[8], data[9])
        if written > NEWEST:
            raise NotationError(f"RenLib {written[0]}.{written[1]} wrote this library; kifu "
                                f"reads libraries of RenLib {NEWEST[0]}.{NEWEST[1]} and older")
        version: tuple[int, int] | None = written
        start = HEADER_SIZE
    elif data[:1] == bytes([CENTRE]):
        version, start = None, 0
    else:
        raise NotationError("not a RenLib library: no 'FF RenLib FF' at its start")
    found: list[KifuError] = []
    reader = _Bytes(data, start)
    root = LibNode(0)
    path, stack = [root], []
    current = root
    first, has_root, nodes = True, False, 0
    while reader.at < len(data):
        offset = reader.at
        if offset + 1 == len(data):  # RenLib reads in pairs: a last lone byte is never read
            found.append(NotationError(
                f"a lone byte after the last node, at byte {offset}, is ignored, as RenLib "
                "ignores it (the file cut short?)", severity="warning", rule="renlib-lone-byte"))
            break
        pos, flags = reader.pair("a node")
        extension = 0
        if flags & EXTENSION:
            high, low = reader.pair("a node's extension")
            extension = high << 8 | low
        if pos and (not 1 <= pos % 16 <= 15 or pos // 16 > 14):  # RenLib's board is 15x15
            raise NotationError(f"the node at byte {offset} names no point (0x{pos:02x})")
        if first and pos == 0:
            has_root = True
            node = root
            node.flags, node.extension, node.offset = flags, extension, offset
        else:
            nodes += 1
            if nodes > MAX_MOVES:
                raise LimitError(f"the library holds more than {MAX_MOVES:,} nodes; kifu reads "
                                 "no more", rule="move-limit")
            repeated = current.child(pos)  # RenLib merges a branch into the one it repeats
            if repeated is None:  # in RenLib's order, by position (RenLib's AddMove)
                node = LibNode(pos, flags, extension, offset=offset)
                insort(current.children, node, key=lambda child: child.pos)
            else:
                node = repeated
                found.append(NotationError(
                    f"the node at byte {offset} repeats {_name(pos)} after the same position; "
                    "merged into the first, as RenLib reads it", severity="warning",
                    rule="renlib-merged"))
                node.flags |= flags & ~(SIBLING | LEAF)
                node.flags &= ~NO_MOVE | flags
                node.extension |= extension
            current = node
            path.append(node)
        first = False
        if flags & OLD_COMMENT:
            node.comment, node.old_comment = _merged(node.comment, reader.old_text()), True
        elif flags & COMMENT:
            node.comment = _merged(node.comment, reader.text("a comment"))
        if extension & BOARD_TEXT:
            node.board_text = reader.text("a board text")
        if flags & SIBLING:
            if len(path) == 1:  # the root's own node: it would end the tree it opens
                raise NotationError(f"the root node at byte {offset} says a sibling follows "
                                    "it: a library has one root")
            stack.append(len(path) - 1)
        if flags & LEAF and stack:
            index = stack.pop()
            del path[index:]
            current = path[-1]
    return root, version, has_root, found


def _merged(before: bytes | None, after: bytes) -> bytes:
    return after if not before else before + b"\r\n" + after


def _name(pos: int) -> str:
    return "a pass" if pos == 0 else str(point_of(pos))


# -- the tree as a record -------------------------------------------------------------------

def read(text: str, source: str = "<lib>") -> Record:
    """A library (its bytes, one character each) as a record; a ``NotationError`` naming the
    byte where it is not what RenLib writes."""
    reading = next(read_games(text, source))
    if reading.record is None:
        raise reading.findings[0]
    return reading.record


def read_games(text: str, source: str = "<lib>", lenient: bool = False) -> Iterator[Reading]:
    """The library as one reading: the record and what reading it found (the code page its
    comments were told to be in, branches merged)."""
    data = text.encode("latin-1")
    root, version, has_root, found = read_tree(data)
    codec, said = _code_page(root)
    found.extend(said)
    record = Record(game="renju", source=source, headers={"Game": "renju"})
    record.headers[VERSION] = "none" if version is None else f"{version[0]}.{version[1]}"
    if has_root != _has_root_by_rule(root):
        record.headers[ROOT] = YES if has_root else "no"
    if codec != "ascii":  # UTF-8 too (a program of today's), written back so
        record.headers[ENCODING] = codec
    decode = _decoder(codec)
    title, body = _comment(root, decode)
    if title is not None:
        record.headers[TITLE] = title
    if body:
        record.comments.append(body)
    for key, value in _flags(root).items():
        record.headers[key] = value
    if root.board_text is not None:
        record.headers["Label"] = decode(root.board_text)
    for key, value in _labels(root, decode).items():
        record.headers[key] = value
    # A header is one line: the root's texts of several lines (a title without the comment
    # that should follow it) are the record's properties instead, written back alike.
    for key in [key for key, value in record.headers.items() if "\n" in value or "\r" in value]:
        record.properties[key] = record.headers.pop(key)
    record.moves = _lines(root, decode)
    yield Reading(record, found)


def _has_root_by_rule(root: LibNode) -> bool:
    """Whether RenLib writes a root node for this tree: unless the root says nothing, its only
    child is h8 and no move is a pass (RenLib's ``isFirstMoveH8Only``, ``hasPassMove``)."""
    return (_information(root) or any(child.pos != CENTRE for child in root.children)
            or _has_pass(root))


def _has_pass(root: LibNode) -> bool:
    stack = list(root.children)
    while stack:
        node = stack.pop()
        if node.pos == 0 and node.is_move:
            return True
        stack.extend(node.children)
    return False


def _information(node: LibNode) -> bool:
    return bool(node.flags & (MARK | START | NO_MOVE) or node.comment is not None
                or node.board_text is not None or node.extension & ~BOARD_TEXT)


def _texts(root: LibNode) -> Iterator[bytes]:
    stack = [root]
    while stack:
        node = stack.pop()
        for text in (node.comment, node.board_text):
            if text:
                yield text
        stack.extend(node.children)


def _guess(data: bytes) -> str | None:
    """The Windows code page the evidence of ``data`` favours, or ``None``."""
    guess = guess_legacy(data)
    if guess is not None and guess[1] in CODE_PAGES:
        return guess[1]
    # RenLib writes a Windows code page: where chardetng names none (EUC-JP, which no Windows
    # writes, for a short comment in GBK), the CJK one whose reading has the most common
    # characters, GBK, the most used, where they are alike.
    return likeliest_cjk(data, CJK_PAGES)


def _code_page(root: LibNode) -> tuple[str, list[KifuError]]:
    """The code page the library's texts are in, told from all of them at once: ASCII, UTF-8,
    else the legacy code page the evidence favours (with a warning saying it was guessed).
    Texts no CJK code page reads whole (stray bytes, as in a real library of 953 texts in GBK
    with one text of two lone bytes), where they are fewer than the rest, do not hide the page
    of the rest: it is told from the texts it reads whole, the stray ones read with U+FFFD
    where their bytes fail (and said)."""
    data = b"\n".join(_texts(root))
    if data.isascii():
        return "ascii", []
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return "utf-8", []
    codec = _guess(data)
    stray = 0
    if codec is None:
        texts = [text for text in _texts(root) if not text.isascii()]
        whole = [text for text in texts if any(_decodes(text, page) for page in CJK_PAGES)]
        if len(whole) * 2 > len(texts):  # the page most texts are in
            codec = _guess(b"\n".join(whole))
            if codec is not None:
                stray = sum(not _decodes(text, codec) for text in texts)
    if codec is not None:
        message = (f"RenLib names no code page for its comments: read as {codec}, a guess from "
                   "the text; it is kept as RenLib-Encoding to write them back in")
        if stray:
            message += (f" ({stray} text{'s' if stray > 1 else ''} of bytes {codec} does not "
                        "read, read with U+FFFD for them)")
    else:
        codec = next(c for c in CODE_PAGES if _decodes(data, c))
        message = (f"RenLib names no code page for its comments, and the text does not tell: "
                   f"read as {codec}, which may be wrong")
    return codec, [EncodingError(message, severity="warning", rule="encoding-guessed")]


def _decodes(data: bytes, codec: str) -> bool:
    try:
        data.decode(codec)
    except UnicodeDecodeError:
        return codec == CODE_PAGES[-1]
    return True


def _decoder(codec: str) -> Decode:
    def decode(data: bytes) -> str:
        return data.decode(codec, errors="replace").replace("\r\n", "\n")
    return decode


def _comment(node: LibNode, decode: Decode) -> tuple[str | None, str]:
    """A node's title (its one-line comment; ``None`` where it has none) and the rest."""
    if node.comment is None:
        return None, ""
    title, separator, body = node.comment.partition(b"\x08")
    read_title = decode(title)
    if node.old_comment:
        read_title = read_title.translate(_OLD_LETTERS)
    read_body = decode(body)
    if node.old_comment:
        read_body = read_body.translate(_OLD_LETTERS)
    return (read_title if title or not separator else None), read_body


def _flags(node: LibNode, at: str = "") -> dict[str, str]:
    found = {}
    if node.flags & MARK:
        found[MARK_KEY + at] = YES
    if node.flags & START:
        found[START_KEY + at] = YES
    if node.extension & ~BOARD_TEXT:
        found[EXTENSION_KEY + at] = f"0x{node.extension & ~BOARD_TEXT:04x}"
    return found


def _labels(parent: LibNode, decode: Decode) -> dict[str, str]:
    """What a node's children say of its position: their board texts, and all a child that is
    no move holds (its title, comment, mark...), by the child's point."""
    found: dict[str, str] = {}
    for child in parent.children:
        if child.pos == 0:
            continue  # a pass's board text stays with the pass
        at = str(point_of(child.pos))
        if child.board_text is not None:
            found[LABEL + at] = decode(child.board_text)
        if not child.is_move and not child.children:  # with moves after it, it is a line's
            if child.board_text is None:
                found[f"No-move-{at}"] = YES
            title, body = _comment(child, decode)
            if title is not None:
                found[f"{TITLE}-{at}"] = title
            if body:
                found[COMMENT_AT + at] = body
            found.update(_flags(child, f"-{at}"))
    return found


def _move(node: LibNode) -> Move:
    return Pass() if node.pos == 0 else Place(point_of(node.pos))


def _lines(root: LibNode, decode: Decode) -> list[Node]:
    """The record's lines: a node's first child (a move) continues its line, the others are
    the variations of that first one.  An explicit stack: libraries are deep."""
    main: list[Node] = []
    tasks: list[tuple[list[LibNode], list[Node]]] = [(_moves_of(root), main)]
    while tasks:
        children, line = tasks.pop()
        while children:
            first, *others = children
            made = _node(first, decode)
            line.append(made)
            for other in others:
                variation: list[Node] = []
                made.variations.append(variation)
                tasks.append(([other], variation))
            children = _moves_of(first)
    return main


def _moves_of(node: LibNode) -> list[LibNode]:
    return [child for child in node.children if child.is_move or child.children]


def _node(lib: LibNode, decode: Decode) -> Node:
    title, body = _comment(lib, decode)
    node = Node(_move(lib), [body] if body else [])
    properties: dict[str, str] = {}
    if title is not None:
        properties[TITLE] = title
    properties.update(_flags(lib))
    if not lib.is_move:
        properties[NO_MOVE_KEY] = YES
    if lib.pos == 0 and lib.board_text is not None:
        properties["Label"] = decode(lib.board_text)
    properties.update(_labels(lib, decode))
    if properties:
        node.properties = properties
    return node


# -- a record as a library ------------------------------------------------------------------

_NODE_KEYS = frozenset({TITLE, "Label", MARK_KEY, START_KEY, EXTENSION_KEY, NO_MOVE_KEY})
_AT = re.compile(r"(Title|Comment|Mark|Start|No-move|RenLib-Extension|Label)-([a-zA-Z][0-9]+)")


def write(record: Record) -> str:
    """The record as a library (its bytes, one character each)."""
    root, codec = _tree(record)
    version = record.header(VERSION)
    has_root = _has_root_by_rule(root)
    said = (record.header(ROOT) or "").strip().casefold()
    if said == YES:
        has_root = True
    elif said == "no" and not _information(root) and not _has_pass(root):
        has_root = False  # the old layout holds any first moves, if no pass comes after
    if version is None or not version.strip():
        major, minor = 3, (4 if has_root else 0)
        header = True
    elif version.strip() == "none":
        if has_root or any(child.pos != CENTRE for child in root.children):
            raise ConversionError("a RenLib file without a header starts on h8, and this tree "
                                  "does not (write it with a RenLib-Version)")
        header, major, minor = False, 3, 0
    else:
        found = re.fullmatch(r"\s*(\d+)\.(\d+)\s*", version)
        if found is None or (int(found.group(1)), int(found.group(2))) > NEWEST:
            raise ConversionError(f"{VERSION}: {version!r} is no version RenLib reads (3.0 to "
                                  "3.4)")
        header, major, minor = True, int(found.group(1)), int(found.group(2))
    out = bytearray(MAGIC + bytes([major, minor]) + b"\xff" * 10 if header else b"")
    nodes = [root] if has_root else root.children
    stack: list[tuple[LibNode, bool]] = [(node, index < len(nodes) - 1)
                                         for index, node in reversed(list(enumerate(nodes)))]
    while stack:
        node, more = stack.pop()
        _put(out, node, more and node is not root, not node.children, codec)
        for index, child in reversed(list(enumerate(node.children))):
            stack.append((child, index < len(node.children) - 1))
    return out.decode("latin-1")


def _put(out: bytearray, node: LibNode, sibling: bool, leaf: bool, codec: str) -> None:
    flags = node.flags & (MARK | START | NO_MOVE)
    flags |= SIBLING if sibling else 0
    flags |= LEAF if leaf else 0
    flags |= COMMENT if node.comment is not None else 0
    extension = node.extension | (BOARD_TEXT if node.board_text is not None else 0)
    flags |= EXTENSION if extension else 0
    out += bytes([node.pos, flags])
    if extension:
        out += bytes([extension >> 8, extension & 0xFF])
    for text in (node.comment, node.board_text):
        if text is not None:
            out += text + b"\x00" + (b"\x00" if len(text) % 2 == 0 else b"")


def _tree(record: Record) -> tuple[LibNode, str]:
    """The library's tree of a record, and the code page its texts are written in."""
    size = (record.header("Size") or "15").strip()
    if size != "15":
        raise ConversionError(f"RenLib's board is 15x15, not {size}")
    if record.setup is not None:
        raise ConversionError("RenLib has no set-up positions: the record starts from one")
    codec = _write_code_page(record)

    def encode(text: str) -> bytes:
        return text.replace("\r\n", "\n").replace("\n", "\r\n").encode(codec)

    root = LibNode(0)
    said = {**record.headers, **record.properties}  # what the root says (see read_games)
    _set_comment(root, said.get(TITLE), record.comments, encode)
    root.flags |= _flag_bits(said, "")
    if said.get("Label") is not None:
        root.board_text = encode(said.get("Label") or "")
    extension = record.header(EXTENSION_KEY)
    if extension:
        root.extension = int(extension, 16)
    tasks: list[tuple[LibNode, list[Node]]] = [(root, record.moves)]
    described: list[tuple[LibNode, dict[str, str]]] = [(root, said)]
    while tasks:
        parent, line = tasks.pop()
        for node in line:
            for variation in node.variations:
                tasks.append((parent, variation))
            if not isinstance(node.move, (Place, Pass)):
                continue  # an opening event: RenLib has none (said by leaves_out)
            lib = _lib_node(parent, node, encode)
            if node.has_properties():
                described.append((lib, node.properties))
            parent = lib
    for lib, properties in described:
        _describe(lib, properties, encode)
    _sort(root)
    return root, codec


def _lib_node(parent: LibNode, node: Node, encode: Encode) -> LibNode:
    pos = 0 if isinstance(node.move, Pass) else _pos(node)
    lib = parent.child(pos) if pos else None  # RenLib keeps one branch per move
    if lib is None:
        lib = LibNode(pos)
        parent.children.append(lib)
    properties = node.properties if node.has_properties() else {}
    _set_comment(lib, properties.get(TITLE), node.comments, encode)
    lib.flags |= _flag_bits(properties, "")
    if properties.get(NO_MOVE_KEY, "").strip().casefold() == YES:
        lib.flags |= NO_MOVE
    if pos == 0 and "Label" in properties:
        lib.board_text = encode(properties["Label"])
    if EXTENSION_KEY in properties:
        lib.extension = int(properties[EXTENSION_KEY], 16)
    return lib


def _pos(node: Node) -> int:
    point = node.move.point
    if not (0 <= point.column < 15 and 0 <= point.row < 15):
        raise ConversionError(f"{point} is off RenLib's 15x15 board", span=node.span)
    return pos_of(point)


def _set_comment(lib: LibNode, title: str | None, comments: list[str],
                 encode: Encode) -> None:
    body = "\n\n".join(comments)
    if title is None and not body:
        return
    text = encode(title or "")
    if body:
        text += b"\x08" + encode(body)
    lib.comment = text if lib.comment is None else lib.comment + b"\r\n" + text


def _flag_bits(properties: dict[str, str], at: str) -> int:
    bits = 0
    if properties.get(MARK_KEY + at, "").strip().casefold() == YES:
        bits |= MARK
    if properties.get(START_KEY + at, "").strip().casefold() == YES:
        bits |= START
    return bits


def _describe(lib: LibNode, properties: dict[str, str],
              encode: Encode) -> None:
    """The children a node's properties name by a point: the board texts of its moves, and
    the nodes that are no move (made where no move stands there)."""
    points: dict[str, dict[str, str]] = {}
    for key, value in properties.items():
        found = _AT.fullmatch(key)
        if found is not None:
            points.setdefault(found.group(2).lower(), {})[found.group(1)] = value
    for at, said in points.items():
        try:
            point = Point.parse(at)
        except ValueError:
            continue
        if not (0 <= point.column < 15 and 0 <= point.row < 15):
            continue
        child = lib.child(pos_of(point))
        if child is None:
            child = LibNode(pos_of(point), NO_MOVE)
            lib.children.append(child)
        if "Label" in said:
            child.board_text = encode(said["Label"])
        if "No-move" in said:
            child.keep = True
        if child.flags & NO_MOVE:
            _set_comment(child, said.get(TITLE), [said["Comment"]] if "Comment" in said else [],
                         encode)
            child.flags |= _flag_bits({MARK_KEY: said.get("Mark", ""),
                                       START_KEY: said.get("Start", "")}, "")
            if "RenLib-Extension" in said:
                child.extension = int(said["RenLib-Extension"], 16)


def _sort(root: LibNode) -> None:
    """Children in RenLib's order, by their position byte; a holder of nothing dropped, as
    RenLib drops a board text left empty."""
    stack = [root]
    while stack:
        node = stack.pop()
        node.children = sorted((child for child in node.children
                                if child.is_move or child.board_text is not None or child.keep
                                or child.children),
                               key=lambda child: child.pos)
        stack.extend(node.children)


def _texts_of(record: Record) -> Iterator[str]:
    yield from record.comments
    yield from record.headers.values()
    for _, _, nodes in record.walk():
        for node in nodes:
            yield from node.comments
            if node.has_properties():
                yield from node.properties.values()


def _write_code_page(record: Record) -> str:
    """The code page a record's texts are written in: the one it was read in, else the first
    RenLib's users have that holds them all."""
    text = "\n".join(_texts_of(record))
    named = (record.header(ENCODING) or "").strip()
    # The page it was read in, unless its texts have since gained a character that page lacks
    # (a U+FFFD that stands for bytes the page could not read, or a comment edited since).
    for codec in ([named] if named else []) + ["ascii", *CODE_PAGES]:
        try:
            text.encode(codec)
        except (UnicodeEncodeError, LookupError):
            continue
        return codec
    raise ConversionError("no single code page holds every comment of this record, and RenLib "
                          "writes its comments in one")


def leaves_out(record: Record) -> list[str]:
    """What writing ``record`` as a library loses, in words."""
    lost = []
    events = merged = properties = 0
    for _, _, nodes in record.walk():
        for node in nodes:
            if not isinstance(node.move, (Place, Pass)):
                events += 1
            for variation in node.variations:
                if variation and variation[0].move == node.move:
                    merged += 1
            if node.has_properties():
                properties += sum(key not in _NODE_KEYS and not _AT.fullmatch(key)
                                  for key in node.properties)
    if properties:
        lost.append(f"RenLib keeps a node's title, board texts, mark and start only: "
                    f"{properties} other propert{'ies' if properties > 1 else 'y'} left out")
    if events:
        lost.append(f"RenLib has no opening events (swap, offers): {events} left out")
    if merged:
        lost.append(f"RenLib keeps one branch per move: {merged} branches that repeat a move "
                    "merged into it")
    kept = {"Game", "Title", "Label", VERSION, ENCODING, ROOT, MARK_KEY, START_KEY,
            EXTENSION_KEY, "Size"}
    others = [key for key in (*record.headers, *record.properties)
              if key not in kept and not _AT.fullmatch(key)]
    if others:
        lost.append("RenLib has no place for the header" + "s" * (len(others) > 1) + " "
                    + ", ".join(others) + ": left out")
    return lost
