"""kifu's version, written into what it writes (SGF's ``AP``, JSON, reports)."""

__version__ = "0.1.0"
