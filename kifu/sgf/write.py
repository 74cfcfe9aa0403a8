"""Writing SGF: game trees as text (:func:`serialize`), and a file's own trees written back as
read, in UTF-8 (:func:`rewrite`)."""
from __future__ import annotations

from kifu.sgf.tree import SgfNode


def serialize(roots: list[SgfNode], per_line: int = 10) -> str:
    """SGF text for game trees: the root node on a line of its own, then ``per_line`` nodes a
    line, each variation starting on a new line, so that diffs stay readable.  Values are
    written raw, as they are held; nesting costs no recursion."""
    out: list[str] = []
    write = out.append
    for root in roots:
        # Each entry: a node to open "(" before, or None to close a ")".
        stack: list[SgfNode | None] = [None, root]
        is_root = True
        while stack:
            node = stack.pop()
            if node is None:
                write(")")
                continue
            if not is_root:
                write("\n")
            write("(")
            write(_node_text(node))
            if is_root:
                write("\n")
            count = 0 if is_root else 1
            is_root = False
            while len(node.children) == 1:
                node = node.children[0]
                if count and count % per_line == 0:
                    write("\n")
                write(_node_text(node))
                count += 1
            for child in reversed(node.children):
                stack.append(None)
                stack.append(child)
        write("\n")
    return "".join(out)


def _node_text(node: SgfNode) -> str:
    return ";" + "".join(ident + "".join(f"[{v}]" for v in values)
                         for ident, values in node.properties.items())


def rewrite(roots: list[SgfNode]) -> str:
    """Game trees written back as read, in UTF-8: each root's ``CA`` says so (the one
    normalisation; every other property, value and node is kept)."""
    for root in roots:
        if "CA" in root.properties or not _is_ascii(root):
            root.properties["CA"] = ["UTF-8"]
    return serialize(roots)


def _is_ascii(root: SgfNode) -> bool:
    return all(value.isascii() for node in root.walk() for values in node.properties.values()
               for value in values)
