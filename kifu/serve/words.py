"""The languages of ``kifu serve``'s pages: the viewer's (English, Japanese, Chinese, Korean),
the pages' own words in each (``words.json``: one table a language, the same keys in each), the
language a request is answered in, and what a game writes for people (a move's kind, a button's
name) said in a language from the game's own ``words.json``."""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources

from kifu.render.viewer.htmlpage import words as viewer_words

#: A part of a game's English pattern: ``{0}`` said again in the language, ``{0!}`` kept.
_PART = re.compile(r"\{(\d)(!?)\}")


@cache
def languages() -> dict[str, str]:
    """The languages the pages speak, each named in itself: the viewer's, English first."""
    return dict(viewer_words()["names"])


@cache
def interface() -> dict[str, dict[str, str]]:
    """The pages' own words: ``{language: {key: words}}`` for each of :func:`languages`."""
    table: dict[str, dict[str, str]] = json.loads(
        resources.files(__package__).joinpath("words.json").read_text("utf-8"))
    return table


def chosen(asked: str | None, accepted: str | None) -> str:
    """The language a page is written in: ``asked`` (``?lang=``) where the pages speak it,
    else the first of the browser's (``Accept-Language``, by its weights) they speak, else
    English."""
    known = languages()
    if asked in known:
        return asked
    wanted = []
    for order, item in enumerate((accepted or "").split(",")):
        tag, _, weight = item.strip().partition(";")
        try:
            quality = float(weight.strip()[2:]) if weight.strip().startswith("q=") else 1.0
        except ValueError:
            quality = 0.0
        wanted.append((-quality, order, tag.strip().lower().split("-")[0]))
    return next((tag for quality, _, tag in sorted(wanted) if quality < 0 and tag in known),
                "en")


def side_names(own: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """A game's names of its sides (``own``: by language, English always) in every language
    of the pages: the game's own, else the viewer's words for the side (Go's 黑, 흑), as the
    viewer names them; a side neither names stays in English."""
    english = own.get("en", {})
    viewer = viewer_words()
    return {language: {side: own.get(language, {}).get(side)
                       or viewer.get(language, {}).get(side) or name
                       for side, name in english.items()}
            for language in languages()}


def said(text: str, table: Mapping[str, str]) -> str | None:
    """``text``, as a game writes it in English, in the language of the game's ``table``
    (``{English: words}``): its entry, else the entry of the most particular pattern it fills
    (its ``{0}``... said again, its ``{0!}``... kept as written); ``None`` where none fits.
    The viewer's script says a game's words so too."""
    if text in table:
        return table[text]
    for _, pattern, parts, key in _patterns(tuple(table)):
        found = pattern.fullmatch(text)
        if found is None:
            continue
        values = {index: value if kept else said(value, table) or value
                  for (index, kept), value in zip(parts, found.groups())}
        return _filled(table[key], values)
    return None


def _filled(pattern: str, values: Mapping[int, str]) -> str:
    """``pattern`` (a game's words) with its ``{0}``, ``{0!}``... put in from ``values``."""
    return _PART.sub(lambda part: values[int(part.group(1))], pattern)


@cache
def _patterns(keys: tuple[str, ...]) -> list[tuple[int, re.Pattern[str], list[tuple[int, bool]],
                                                    str]]:
    """The patterns among ``keys``, the most particular (the most words of their own) first."""
    found = []
    for key in keys:
        parts = [(int(index), bool(kept)) for index, kept in _PART.findall(key)]
        if not parts:
            continue
        source = "".join(re.escape(piece) if n % 3 == 0 else "(.+?)" if n % 3 == 1 else ""
                         for n, piece in enumerate(_PART.split(key)))
        found.append((-len(_PART.sub("", key)), re.compile(source), parts, key))
    return sorted(found, key=lambda each: (each[0], each[3]))
