"""Packaging glue that pyproject.toml alone cannot express.

The grammars live at the repository root (``grammars/``) but are imported as the package
``kifu.grammars``.  A ``package_dir`` mapping does that for both kinds of install: a built wheel
copies the folder into ``kifu/grammars/``, and an editable install maps the package name onto
the folder in place, so an edited grammar takes effect without reinstalling.
"""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["kifu", "kifu.*"]) + ["kifu.grammars"],
    package_dir={"kifu.grammars": "grammars"},
    package_data={"kifu.grammars": ["*.lark"], "kifu": ["py.typed", "schema/*.json"]},
)
