"""Game plug-ins: each subpackage exposes ``GAME``; see kifu.registry."""
