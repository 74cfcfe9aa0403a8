"""The setting items (設定項目) of Rengi, the variant presets, and reading them from headers.

A record names a preset with ``Variant:`` (白連棋 / 公連棋 / 天連棋, or haku / kou / ten,
optionally followed by ``簡易`` / ``simplified`` for the beginners' rules) and may override any
single item with its own header.  Without ``Variant:`` the record is 白連棋.

| header | item | values |
|---|---|---|
| ``Colouring`` | ツモ配色 | free, open, random |
| ``Next`` | ネクスト表示数 | none, 2, all |
| ``TsumoMethod`` | ツモリスト作成方式 | player, shuffle |
| ``Garbage`` | 邪魔石計算 | chain, groups, table |
| ``Reduction`` | 1連鎖の減補正 | on, off |
| ``Unit`` | 邪魔石発生単位 | 1, 6 |
| ``Stock`` | 1段未満ストック | on, off |
| ``StableChigiri`` | 安定中チギリロス | on, off |
| ``ChainChigiri`` | 連鎖中チギリロス | on, off |
| ``DropCap`` | 落下上限 | 3..10 rows (also ``18``/``30`` stones, ``5段``) |
| ``ChainTime`` | n連鎖時間 | n+1 (the firing move counts), n+2 |
| ``Seed`` | random pieces / garbage columns | an integer (SplitMix64, see tsumo.py) |
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from kifu.plugin import HeaderError, Record, Span, shorten

VARIANTS = {
    "haku": "haku", "白": "haku", "白連棋": "haku", "hakurengi": "haku",
    "kou": "kou", "公": "kou", "公連棋": "kou", "kourengi": "kou",
    "ten": "ten", "天": "ten", "天連棋": "ten", "tenrengi": "ten",
}
VARIANT_TITLES = {"haku": "白連棋 HakuRengi", "kou": "公連棋 KouRengi", "ten": "天連棋 TenRengi"}
SIMPLIFIED_WORDS = {"簡易", "簡易ルール", "simplified", "simple", "beginner"}


@dataclass(frozen=True)
class Settings:
    """Every setting item; the fixed ones (1-stone first move, pass only during a chain, drop
    time 1 move) are rules of the engine, not settings."""

    variant: str = "haku"
    simplified: bool = False
    colouring: str = "free"
    next_shown: str = "none"
    tsumo_method: str = "player"
    garbage: str = "table"
    reduction: bool = True
    unit: int = 6
    stock: bool = True
    stable_chigiri: bool = False
    chain_chigiri: bool = False
    drop_cap_rows: int = 5
    chain_time_extra: int = 1  # a chain of n links runs n + this many of the chainer's turns
    seed: int | None = None

    @property
    def simple_garbage(self) -> bool:
        return self.garbage != "table"

    @property
    def title(self) -> str:
        name = VARIANT_TITLES[self.variant]
        return name + (" (簡易 simplified)" if self.simplified else "")


PRESETS = {
    "haku": Settings(),
    "kou": Settings(variant="kou", colouring="open", next_shown="all", reduction=False),
    "ten": Settings(variant="ten", colouring="random", next_shown="2", reduction=False, unit=1,
                    stock=False, stable_chigiri=True, chain_chigiri=True),
}


def preset(variant: str, simplified: bool = False) -> Settings:
    """A variant's settings, with the simplified rules' overrides when asked."""
    base = PRESETS[variant]
    if simplified:
        base = replace(base, simplified=True, garbage="chain", unit=6, stable_chigiri=False,
                       chain_chigiri=False)
    return base


_ON = {"on": True, "yes": True, "true": True, "有り": True, "あり": True, "1": True,
       "off": False, "no": False, "false": False, "無し": False, "なし": False, "0": False}
_CHOICES = {
    "Colouring": ("colouring", {"free": "free", "フリー": "free", "フリー配色": "free",
                                "open": "open", "オープン": "open", "オープン配色": "open",
                                "random": "random", "ランダム": "random",
                                "ランダム配色": "random"}),
    "Next": ("next_shown", {"none": "none", "0": "none", "無し": "none", "2": "2", "2個": "2",
                            "all": "all", "全て": "all"}),
    "TsumoMethod": ("tsumo_method", {"player": "player", "プレイヤー選択": "player",
                                     "shuffle": "shuffle", "シャッフル": "shuffle"}),
    "Garbage": ("garbage", {"chain": "chain", "連鎖数のみ": "chain", "groups": "groups",
                            "連鎖数と同時消し組数": "groups", "連鎖数と同時消し組数のみ": "groups",
                            "table": "table", "邪魔石表": "table"}),
}
_FLAGS = {"Reduction": "reduction", "Stock": "stock", "StableChigiri": "stable_chigiri",
          "ChainChigiri": "chain_chigiri"}
def _norm(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold().strip("[]")


def _bad(record: Record, key: str, message: str) -> HeaderError:
    return HeaderError(message, span=record.header_span(key), rule="settings")


def read_settings(record: Record) -> Settings:
    """The settings a record's headers give: the preset, then each override."""
    settings = _preset(record)
    changes: dict[str, Any] = {**_choices(record), **_flags(record)}
    for key, reader in _OVERRIDES.items():
        value = record.header(key)
        if value is not None:
            attr, found = reader(record, value)
            changes[attr] = found
    settings = replace(settings, **changes)
    _check_consistent(record, settings)
    return settings


def _preset(record: Record) -> Settings:
    """The preset ``Variant`` names (白連棋 when none), simplified if it says 簡易."""
    variant = record.header("Variant")
    if variant is None:
        return Settings()
    words = _norm(variant).replace("+", " ").replace("・", " ").split()
    names = [VARIANTS[w] for w in words if w in VARIANTS]
    simple = [w for w in words if w in SIMPLIFIED_WORDS]
    unknown = [w for w in words if w not in VARIANTS and w not in SIMPLIFIED_WORDS]
    if unknown or len(names) > 1 or (not names and not simple):
        raise _bad(record, "Variant", f"unknown variant {shorten(variant)!r}: use 白連棋, 公連棋 or "
                   "天連棋 (haku, kou, ten), optionally with 簡易 (simplified)")
    return preset(names[0] if names else "haku", bool(simple))


def _choices(record: Record) -> dict[str, object]:
    """The setting items chosen by name (``Colouring`` also spelt ``Coloring``)."""
    changes: dict[str, object] = {}
    for key, (attr, choices) in _CHOICES.items():
        value = record.header(key) if key != "Colouring" else (
            record.header("Colouring") or record.header("Coloring"))
        if value is None:
            continue
        found = choices.get(_norm(value))
        if found is None:
            offered = ", ".join(sorted({v for v in choices.values()}))
            raise _bad(record, key if record.header(key) else "Coloring",
                       f"{key}: {shorten(value)!r} is not one of {offered}")
        changes[attr] = found
    return changes


def _flags(record: Record) -> dict[str, object]:
    """The setting items that are on or off."""
    changes: dict[str, object] = {}
    for key, attr in _FLAGS.items():
        value = record.header(key)
        if value is not None:
            if _norm(value) not in _ON:
                raise _bad(record, key, f"{key}: {shorten(value)!r} is not on or off")
            changes[attr] = _ON[_norm(value)]
    return changes


def _unit(record: Record, value: str) -> tuple[str, object]:
    digits = _norm(value).rstrip("個").removesuffix("(1段)").rstrip("個")
    if digits not in ("1", "6"):
        raise _bad(record, "Unit", f"Unit: {shorten(value)!r} is not 1 or 6 (stones)")
    return "unit", int(digits)


def _chain_time(record: Record, value: str) -> tuple[str, object]:
    found = {"n+1": 1, "n+2": 2}.get(_norm(value).replace(" ", "").rstrip("手"))
    if found is None:
        raise _bad(record, "ChainTime", f"ChainTime: {value!r} is not n+1 or n+2")
    return "chain_time_extra", found


def _seed(record: Record, value: str) -> tuple[str, object]:
    text = _norm(value)
    if not re.fullmatch(r"[0-9]{1,20}", text):
        raise _bad(record, "Seed", f"Seed: {shorten(value)!r} is not a whole number")
    return "seed", int(text)


#: The headers read by a function of their own, in the order they are read: each gives the
#: setting it fixes and its value.
_OVERRIDES: dict[str, Callable[[Record, str], tuple[str, object]]] = {
    "Unit": _unit,
    "DropCap": lambda record, value: ("drop_cap_rows", _drop_cap(record, value)),
    "ChainTime": _chain_time,
    "Seed": _seed,
}


def _drop_cap(record: Record, value: str) -> int:
    text = _norm(value)
    match = re.fullmatch(r"([0-9]{1,9})\s*(段|rows?|個|stones?)?", text)
    if match:
        number, word = int(match.group(1)), match.group(2) or ""
        stones = word.startswith(("個", "stone")) or (not word and number > 10)
        rows = number // 6 if stones and number % 6 == 0 else (None if stones else number)
        if rows is not None and 3 <= rows <= 10:
            return rows
    raise _bad(record, "DropCap", f"DropCap: {shorten(value)!r} is not 3 to 10 rows (or 18..60 stones "
               "in whole rows)")


def _check_consistent(record: Record, settings: Settings) -> None:
    if settings.stock and settings.unit == 1 and record.header("Stock") is not None:
        raise _bad(record, "Stock", "the stock of less than a row applies to unit 6 only")
    if settings.reduction and settings.garbage != "table" and record.header("Reduction"):
        raise _bad(record, "Reduction", "the 1-chain reduction belongs to the garbage table "
                   "([邪魔石表]); the simple modes give 0 for any 1-chain")


def header_value_span(span: Span | None, offset: int, width: int) -> Span | None:
    """The span of characters ``offset..offset+width`` of a header's value (whose span the
    notation module sets to the value itself)."""
    if span is None or span.end_line != span.line:
        return span
    return Span(span.line, span.column + offset, span.line, span.column + offset + width)
