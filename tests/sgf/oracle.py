"""An independent reader of well-formed SGF, for differential tests of ``kifu.sgf.syntax.read``.

It walks the text one character at a time with a recursive descent (fine for the small trees
the tests generate) and gives every node as ``(properties, start, end, children)``: raw values
as written, ``start`` the offset of its ``;``, ``end`` the offset after its last value.  It
knows no repairs: it raises ``ValueError`` on anything that is not plain FF[4] syntax.
"""
from __future__ import annotations

Tree = tuple[dict[str, list[str]], int, int, list["Tree"]]
BLANKS = " \t\n\r\f\v"


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def peek(self) -> str:
        while self.pos < len(self.text) and self.text[self.pos] in BLANKS:
            self.pos += 1
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise ValueError(f"expected {char!r} at {self.pos}")
        self.pos += 1

    def game_tree(self) -> list[Tree]:
        """A game tree: its sequence as a chain, returned as the list holding its first node."""
        self.expect("(")
        nodes = []
        while self.peek() == ";":
            nodes.append(self.node())
        if not nodes:
            raise ValueError("a game tree without nodes")
        while self.peek() == "(":
            nodes[-1][3].extend(self.game_tree())
        self.expect(")")
        for parent, child in zip(reversed(nodes[:-1]), reversed(nodes[1:])):
            parent[3].insert(0, child)
        return [nodes[0]]

    def node(self) -> Tree:
        start = self.pos
        self.pos += 1
        end = self.pos
        properties: dict[str, list[str]] = {}
        while self.peek().isalpha():
            ident_start = self.pos
            while self.pos < len(self.text) and self.text[self.pos].isalpha():
                self.pos += 1
            ident = self.text[ident_start:self.pos]
            if not ident.isupper() or ident in properties:
                raise ValueError("not plain FF[4]")
            values = properties[ident] = []
            while self.peek() == "[":
                value_start = self.pos = self.pos + 1
                while self.text[self.pos] != "]":
                    self.pos += 2 if self.text[self.pos] == "\\" else 1
                values.append(self.text[value_start:self.pos])
                self.pos += 1
                end = self.pos
            if not values:
                raise ValueError("a property without a value")
        return (properties, start, end, [])


def parse(text: str) -> list[Tree]:
    """The game trees of a well-formed SGF text."""
    scanner = _Scanner(text)
    roots: list[Tree] = []
    while scanner.peek() == "(":
        roots.extend(scanner.game_tree())
    if scanner.peek():
        raise ValueError("text after the game trees")
    return roots
