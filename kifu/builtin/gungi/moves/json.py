"""Gungi moves as JSON: every field the notation can write, checked as strictly as the notation
reads it, and what the normaliser resolved (:class:`~kifu.builtin.gungi.moves.Resolved`)."""
from __future__ import annotations

from typing import Any

from kifu.builtin.gungi.moves.values import (
    SECTIONS,
    BackFaces,
    Betrayed,
    Claim,
    Coord,
    Move,
    Placement,
    Ply,
    Resign,
    Resolved,
    Section,
)
from kifu.builtin.gungi.pieces import face_of
from kifu.plugin import whole


def _coord_json(coord: Coord | None) -> list[int] | None:
    return None if coord is None else [coord.file, coord.rank, coord.tier]


def _coord_from(value: Any) -> Coord | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError(f"a square is [file, rank, tier], not {value!r}")
    file, rank, tier = (_digit(v, "a file, rank or tier") for v in value)
    return Coord(file, rank, tier)


# A JSON move is checked as strictly as the notation reads one, so that whatever it gives is
# written back as text that reads again, and the referee only ever sees plies the text allows.

def _digit(value: Any, what: str) -> int:
    return whole(value, what, 1, 9)


def _optional_digit(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    return None if value is None else _digit(value, f"the ply's {key}")


def _face(value: Any, allowed: tuple[str, ...] | None = None) -> str:
    if not isinstance(value, str):
        raise ValueError(f"a piece is a name such as 兵, not {value!r}")
    face = face_of(value)
    if allowed is not None and face not in allowed:
        raise ValueError(f"{face} is not one of {' '.join(allowed)} here")
    return face


def _optional_face(data: dict[str, Any], key: str,
                   allowed: tuple[str, ...] | None = None) -> str | None:
    value = data.get(key)
    return None if value is None else _face(value, allowed)


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise ValueError(f"{key!r} is true or false, not {value!r}")
    return value


_PAWN_BACKS = ("さ", "と", "へ")


def _ply_from(data: dict[str, Any], ends: bool) -> Ply:
    """A battle ply from JSON, with the notation's constraints: file and rank together, a
    tier or a 不 with them, every number a digit 1..9."""
    file, rank = _optional_digit(data, "file"), _optional_digit(data, "rank")
    tier, strike = _optional_digit(data, "tier"), _optional_digit(data, "strike")
    if (file is None) != (rank is None):
        raise ValueError("a ply names file and rank together (or neither, for 同)")
    if file is not None and tier is None and strike is None:
        raise ValueError("a ply names file, rank and tier: 筋―段―層―駒")
    swap = _optional_face(data, "swap")
    swap_drop = _flag(data, "swap_drop")
    if swap_drop and swap is None:
        raise ValueError("'swap_drop' belongs to a swap (⇔)")
    replace = _coord_from(data.get("replace"))
    replace_piece = _optional_face(data, "replace_piece", ("砲", "砦"))
    replace_next = _coord_from(data.get("replace_next"))
    replace_next_piece = _optional_face(data, "replace_next_piece", ("砲", "砦"))
    if (replace is None) != (replace_piece is None) \
            or (replace_next is None) != (replace_next_piece is None):
        raise ValueError("a re-placement names its square and its piece (砲 or 砦) together")
    if replace_next is not None and replace is None:
        raise ValueError("a second re-placement follows a first")
    betrayal = data.get("betrayal")
    if betrayal is not None and (not isinstance(betrayal, list) or not betrayal):
        raise ValueError("a betrayal lists at least one piece")
    resolved = data.get("resolved")
    return Ply(
        side=_side(data["side"]), piece=_face(data["piece"]), file=file, rank=rank, tier=tier,
        strike=strike, drop=_flag(data, "drop"), origin=_coord_from(data.get("origin")),
        swap=swap, swap_drop=swap_drop,
        betrayal=None if betrayal is None else tuple(
            Betrayed(_side(s), _digit(t, "a betrayed piece's tier"), _face(f))
            for s, t, f in betrayal),
        replace=replace, replace_piece=replace_piece, replace_next=replace_next,
        replace_next_piece=replace_next_piece,
        obtained=_optional_face(data, "obtained", _PAWN_BACKS),
        obtained_next=_optional_face(data, "obtained_next", _PAWN_BACKS),
        back=_optional_face(data, "back", _PAWN_BACKS),
        mate=_flag(data, "mate"), foul=_flag(data, "foul"),
        repetition=_flag(data, "repetition"), stray_new=_flag(data, "stray_new"),
        new_after=_flag(data, "new_after"), ends=ends,
        resolved=None if resolved is None else resolved_from_json(resolved))


def move_to_json(move: Move) -> dict[str, Any]:
    if isinstance(move, Ply):
        data: dict[str, Any] = {"type": "ply", "side": move.side, "piece": move.piece}
        for name in ("file", "rank", "tier", "strike", "swap", "replace_piece",
                     "replace_next_piece", "obtained", "obtained_next", "back"):
            value = getattr(move, name)
            if value is not None:
                data[name] = value
        for name in ("drop", "swap_drop", "mate", "foul", "repetition", "stray_new", "new_after",
                     "ends"):
            if getattr(move, name):
                data[name] = True
        if move.origin is not None:
            data["origin"] = _coord_json(move.origin)
        if move.replace is not None:
            data["replace"] = _coord_json(move.replace)
        if move.replace_next is not None:
            data["replace_next"] = _coord_json(move.replace_next)
        if move.betrayal is not None:
            data["betrayal"] = [[b.side, b.tier, b.face] for b in move.betrayal]
        if move.resolved is not None:
            data["resolved"] = resolved_to_json(move.resolved)
        return data
    if isinstance(move, Placement):
        data = {"type": "placement", "side": move.side, "file": move.file, "rank": move.rank,
                "tier": move.tier, "piece": move.piece}
        if move.back:
            data["back"] = move.back
        if move.foul:
            data["foul"] = True
    elif isinstance(move, BackFaces):
        data = {"type": "back-faces",
                "entries": [[s, c.file, c.rank, c.tier, f] for s, c, f in move.entries]}
    elif isinstance(move, Section):
        data = {"type": "section", "kind": move.kind}
    elif isinstance(move, Claim):
        data = {"type": "claim", "side": move.side}
    else:
        data = {"type": "resign", "side": move.side}
    if move.ends:
        data["ends"] = True
    return data


def resolved_to_json(res: Resolved) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": res.kind}
    if res.origin is not None:
        data["from"] = _coord_json(res.origin)
    if res.to is not None:
        data["to"] = _coord_json(res.to)
    if res.captured is not None:
        data["captured"] = res.captured
        data["captured_side"] = res.captured_side
    if res.stacked:
        data["stacked"] = True
    if res.bonus:
        data["bonus"] = res.bonus
    if res.recovered:
        data["recovered"] = list(res.recovered)
    if res.repaired:
        data["repaired"] = list(res.repaired)
    if res.needs_origin:
        data["needs_origin"] = True
    return data


def resolved_from_json(data: dict[str, Any]) -> Resolved:
    """What the normaliser worked out about a ply (the replay works it out again)."""
    kind = data["kind"]
    if not isinstance(kind, str) or len(kind) > 20:
        raise ValueError(f"a resolved ply's kind is a word, not {kind!r}")
    side = data.get("captured_side")
    bonus = data.get("bonus")
    if bonus is not None and (not isinstance(bonus, str) or len(bonus) > 20):
        raise ValueError(f"a resolved ply's bonus is a word, not {bonus!r}")
    lists = {}
    for key in ("recovered", "repaired"):
        items = data.get(key, [])
        if not isinstance(items, list) or len(items) > 46 or not all(
                isinstance(item, str) and len(item) <= 80 for item in items):
            raise ValueError(f"a resolved ply's {key!r} is a short list of words")
        lists[key] = tuple(items)
    return Resolved(
        kind=kind, origin=_coord_from(data.get("from")), to=_coord_from(data.get("to")),
        captured=_optional_face(data, "captured"),
        captured_side=None if side is None else _side(side),
        stacked=_flag(data, "stacked"), bonus=bonus, recovered=lists["recovered"],
        repaired=lists["repaired"], needs_origin=_flag(data, "needs_origin"))


def _side(value: Any) -> int:
    if value not in (0, 1):
        raise ValueError(f"a side is 0 (black) or 1 (white), not {value!r}")
    return int(value)


def move_from_json(data: dict[str, Any]) -> Move:
    kind = data["type"]
    ends = _flag(data, "ends")
    if kind == "ply":
        return _ply_from(data, ends)
    if kind == "placement":
        return Placement(_side(data["side"]), _digit(data["file"], "a file"),
                         _digit(data["rank"], "a rank"), _digit(data["tier"], "a tier"),
                         _face(data["piece"]), _optional_face(data, "back", _PAWN_BACKS), ends,
                         _flag(data, "foul"))
    if kind == "back-faces":
        entries = data["entries"]
        if not isinstance(entries, list) or not entries:
            raise ValueError("a back-face list names at least one piece")
        return BackFaces(tuple((_side(s), Coord(_digit(f, "a file"), _digit(r, "a rank"),
                                                _digit(t, "a tier")), _face(x, _PAWN_BACKS))
                               for s, f, r, t, x in entries), ends)
    if kind == "section":
        if data["kind"] not in SECTIONS:
            raise ValueError(f"unknown section {data['kind']!r}")
        return Section(data["kind"], ends)
    if kind == "resign":
        return Resign(_side(data["side"]), ends)
    if kind == "claim":
        return Claim(_side(data["side"]), ends)
    raise ValueError(f"unknown Gungi move type {kind!r}")
