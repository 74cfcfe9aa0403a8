"""Move values of the Gungi notation (§十八) and their canonical text.

Each value holds what the text says and nothing more; :class:`Resolved` (filled in by the
normaliser, :mod:`kifu.games.gungi.normalise`) adds what the referee worked out, and takes no
part in equality, as spans do not.

```
▲1―6―1―兵   ▽6―5―1―忍[5―3―2]   ▲同―不2―鳳   ▽6―2―1―侍⇔帥   ▲2―3―3―へ[▲2―筒、▲1―上]
▲3―3―1―忍[1―8―1―砲]   ▲6―4―1―鳳[さ入手]   ▲7―2―1―槍新[詰み]   ▲投了
```
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kifu.games.gungi.pieces import MARKS

DASH = "―"
#: Section markers: kind -> canonical text.
SECTIONS = {
    "begin": "[打ち始め]", "done": "[済み]", "battle": "「開戦」",
    "rebegin": "[再び始め]", "redone": "[再び済み]", "rebattle": "「再開戦」",
}
SECTION_WORDS = {"打ち始め": "begin", "済み": "done", "開戦": "battle", "再び始め": "rebegin",
                 "再び済み": "redone", "再開戦": "rebattle"}


@dataclass(frozen=True)
class Coord:
    """筋―段―層 (file, rank, tier), as written."""

    file: int
    rank: int
    tier: int

    def __str__(self) -> str:
        return f"{self.file}{DASH}{self.rank}{DASH}{self.tier}"


@dataclass(frozen=True)
class Betrayed:
    """One entry of a betrayal list: the piece on ``tier`` now belongs to ``side`` as ``face``."""

    side: int
    tier: int
    face: str

    def __str__(self) -> str:
        return f"{MARKS[self.side]}{self.tier}{DASH}{self.face}"


@dataclass(frozen=True)
class Resolved:
    """What the referee filled in for a ply (the normalised move; see ``actions.Action``)."""

    kind: str
    origin: Coord | None = None
    to: Coord | None = None
    captured: str | None = None
    captured_side: int | None = None
    stacked: bool = False
    bonus: str | None = None
    recovered: tuple[str, ...] = ()
    repaired: tuple[str, ...] = ()
    #: Another reading of the ply without its origin would be legal too (or be preferred), so
    #: the canonical text names the origin.
    needs_origin: bool = False


@dataclass(frozen=True)
class Ply:
    """A battle ply.  ``file``/``rank`` are ``None`` for 同 (the previous ply's square)."""

    side: int
    piece: str
    file: int | None = None
    rank: int | None = None
    tier: int | None = None
    strike: int | None = None          # 不N: the victim's tier
    drop: bool = False                 # 新
    origin: Coord | None = None        # [筋―段―層]
    swap: str | None = None            # ⇔X
    swap_drop: bool = False            # ⇔X新 (帥 trading an enemy 砦, §二十六)
    betrayal: tuple[Betrayed, ...] | None = None
    replace: Coord | None = None       # forced re-placement [筋―段―1―砲]
    replace_piece: str | None = None
    replace_next: Coord | None = None  # a second re-placement: a 香 that takes a 香 and is
    replace_next_piece: str | None = None  # recovered into the enemy's hand
    obtained: str | None = None        # [さ入手]
    back: str | None = None            # [裏駒さ]: a dropped 兵's back, declared
    mate: bool = False                 # [詰み]
    foul: bool = False                 # [反則]: a foul claimed here ends the game
    repetition: bool = False           # [千日手]
    stray_new: bool = False            # 新 written before the mark (a slip in the source)
    ends: bool = False                 # [終局] follows
    resolved: Resolved | None = field(default=None, compare=False)

    @property
    def same(self) -> bool:
        return self.file is None

    @property
    def placements(self) -> list[tuple[Coord, str]]:
        """The re-placement brackets, in the order written: (square, 砲 or 砦)."""
        pairs = ((self.replace, self.replace_piece), (self.replace_next, self.replace_next_piece))
        return [(coord, face or "砲") for coord, face in pairs if coord is not None]

    def __str__(self) -> str:
        from kifu.games.gungi.writer import ply_text  # the writer builds on these values

        return ply_text(self)


@dataclass(frozen=True)
class Placement:
    """A set-up ply (初期陣形配置): a piece put on file, rank and tier; no move number."""

    side: int
    file: int
    rank: int
    tier: int
    piece: str
    back: str | None = None
    ends: bool = False
    is_event = True

    def __str__(self) -> str:
        text = f"{MARKS[self.side]}{self.file}{DASH}{self.rank}{DASH}{self.tier}{DASH}{self.piece}"
        if self.back:
            text += f"[裏駒{self.back}]"
        return text


@dataclass(frozen=True)
class BackFaces:
    """The set-up back-face list: which placed 兵 carry さ or と (the others carry へ)."""

    entries: tuple[tuple[int, Coord, str], ...]
    is_event = True
    ends: bool = False

    def groups(self) -> list[tuple[int, list[tuple[Coord, str]]]]:
        out: list[tuple[int, list[tuple[Coord, str]]]] = []
        for side, coord, face in self.entries:
            if not out or out[-1][0] != side:
                out.append((side, []))
            out[-1][1].append((coord, face))
        return out

    def __str__(self) -> str:
        parts = [f"{MARKS[side]}「" + "、".join(f"{c}{DASH}{f}" for c, f in items) + "」"
                 for side, items in self.groups()]
        return "(" + "、".join(parts) + ")"


@dataclass(frozen=True)
class Section:
    """A section marker: 打ち始め, 済み, 開戦 and the 千日手 re-setup ones."""

    kind: str
    ends: bool = False
    is_event = True

    def __str__(self) -> str:
        return SECTIONS[self.kind]


@dataclass(frozen=True)
class Resign:
    """投了 by ``side``."""

    side: int
    ends: bool = False
    is_event = True

    def __str__(self) -> str:
        return f"{MARKS[self.side]}投了"


Move = Ply | Placement | BackFaces | Section | Resign


def annotations(ply: Ply) -> list[str]:
    """The bracketed notes of a ply, in canonical order."""
    out = []
    if ply.origin is not None:
        out.append(str(ply.origin))
    if ply.betrayal is not None:
        out.append("、".join(map(str, ply.betrayal)))
    out.extend(f"{coord}{DASH}{face}" for coord, face in ply.placements)
    if ply.back:
        out.append(f"裏駒{ply.back}")
    if ply.obtained:
        out.append(f"{ply.obtained}入手")
    if ply.repetition:
        out.append("千日手")
    if ply.foul:
        out.append("反則")
    if ply.mate:
        out.append("詰み")
    return out


# -- JSON -----------------------------------------------------------------------------------

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
    from kifu.jsonform import whole

    return whole(value, what, 1, 9)


def _optional_digit(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    return None if value is None else _digit(value, f"the ply's {key}")


def _face(value: Any, allowed: tuple[str, ...] | None = None) -> str:
    from kifu.games.gungi.pieces import face_of

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
        back=_optional_face(data, "back", _PAWN_BACKS),
        mate=_flag(data, "mate"), foul=_flag(data, "foul"),
        repetition=_flag(data, "repetition"), stray_new=_flag(data, "stray_new"), ends=ends,
        resolved=None if resolved is None else resolved_from_json(resolved))


def move_to_json(move: Move) -> dict[str, Any]:
    if isinstance(move, Ply):
        data: dict[str, Any] = {"type": "ply", "side": move.side, "piece": move.piece}
        for name in ("file", "rank", "tier", "strike", "swap", "replace_piece",
                     "replace_next_piece", "obtained", "back"):
            value = getattr(move, name)
            if value is not None:
                data[name] = value
        for name in ("drop", "swap_drop", "mate", "foul", "repetition", "stray_new", "ends"):
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
    elif isinstance(move, BackFaces):
        data = {"type": "back-faces",
                "entries": [[s, *_coord_json(c), f] for s, c, f in move.entries]}
    elif isinstance(move, Section):
        data = {"type": "section", "kind": move.kind}
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
                         _face(data["piece"]), _optional_face(data, "back", _PAWN_BACKS), ends)
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
    raise ValueError(f"unknown Gungi move type {kind!r}")
