"""The Lark grammars of kifu's notations, installed as the package ``kifu.grammars``."""
