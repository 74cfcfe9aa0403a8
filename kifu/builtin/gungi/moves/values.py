"""Move values of the Gungi notation (§十八) and the text of each, canonical or in the ASCII
dialect.

Each value holds what the text says and nothing more; :class:`Resolved` (filled in by the
normaliser, :mod:`kifu.builtin.gungi.rules.normaliser`) adds what the referee worked out, and
takes no part in equality, as spans do not.

```
▲1―6―1―兵   ▽6―5―1―忍[5―3―2]   ▲同―不2―鳳   ▽6―2―1―侍⇔帥   ▲2―3―3―へ[▲2―筒、▲1―上]
▲3―3―1―忍[1―8―1―砲]   ▲6―4―1―鳳[さ入手]   ▲7―2―1―槍新[詰み]   ▲投了
```
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from kifu.builtin.gungi.pieces import MARKS, ROMAJI

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
    """A battle ply.  ``file``/``rank`` are ``None`` for 同 as read (the previous ply's
    square), until the normaliser writes the square out: as a value (the listing's, a
    record's after reading), a ply names its square wherever the ply before it stood, and 同
    is how the notation writes it (:meth:`as_same`)."""

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
    obtained_next: str | None = None   # a second [さ入手]: the back of the 兵 a ply that takes a
                                       # 兵 recovers into the enemy's hand
    back: str | None = None            # [裏駒さ]: a dropped 兵's back, declared
    mate: bool = False                 # [詰み]
    foul: bool = False                 # [反則]: a foul claimed here ends the game
    repetition: bool = False           # [千日手]
    stray_new: bool = False            # 新 written before the mark (a slip in the source)
    new_after: bool = False            # a 新 written after this ply's 、 (the same slip, read
                                       # on the ply it follows)
    ends: bool = False                 # [終局] follows
    resolved: Resolved | None = field(default=None, compare=False)
    #: How the record wrote the ply where the rules write it otherwise (its square written out
    #: on the square just played, where they write 同), for the referee to say so.
    written: str | None = field(default=None, compare=False)

    @property
    def same(self) -> bool:
        return self.file is None

    def as_same(self) -> Ply:
        """The ply written with 同 (§十八: 「対戦相手が直前に打ったマスと同じ場所を表記する時には、
        「同―駒名」と表記する」), the tier left implied as the text's examples leave it; a swap
        keeps the tier that names its 謀 or 侍 or 帥."""
        tier = self.tier if self.swap is not None else None
        return replace(self, file=None, rank=None, tier=tier)

    @property
    def placements(self) -> list[tuple[Coord, str]]:
        """The re-placement brackets, in the order written: (square, 砲 or 砦)."""
        pairs = ((self.replace, self.replace_piece), (self.replace_next, self.replace_next_piece))
        return [(coord, face or "砲") for coord, face in pairs if coord is not None]

    def __str__(self) -> str:
        return ply_text(self)


#: Every field of a ply at its default, for :func:`plain_ply`.
_PLY_DEFAULTS = {name: value.default for name, value in Ply.__dataclass_fields__.items()}


def plain_ply(side: int, piece: str, file: int | None, rank: int | None, tier: int | None,
              drop: bool = False, origin: Coord | None = None, obtained: str | None = None,
              back: str | None = None) -> Ply:
    """``Ply(side, piece, file, rank, tier, drop=drop, origin=origin, obtained=obtained,
    back=back)``,
    made three times as fast: the move generator makes one for nearly every legal move, and
    a frozen dataclass of 24 fields sets each through ``object.__setattr__``.  The same value
    (equal, same hash)."""
    ply = object.__new__(Ply)
    fields = _PLY_DEFAULTS.copy()
    fields["side"], fields["piece"], fields["file"], fields["rank"] = side, piece, file, rank
    fields["tier"], fields["drop"], fields["origin"] = tier, drop, origin
    fields["obtained"], fields["back"] = obtained, back
    object.__setattr__(ply, "__dict__", fields)
    return ply


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
    #: [反則]: the other side claims the foul this set-up ply makes (場二兵, ニへ in a re-setup)
    foul: bool = False
    is_event = True

    def __str__(self) -> str:
        text = f"{MARKS[self.side]}{self.file}{DASH}{self.rank}{DASH}{self.tier}{DASH}{self.piece}"
        if self.back:
            text += f"[裏駒{self.back}]"
        if self.foul:
            text += "[反則]"
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


@dataclass(frozen=True)
class Claim:
    """反則指摘: ``side`` claims the other side's foul, made earlier (§十七: a ニへ may be claimed
    whenever it is noticed, a 二兵 before the claimer's next ply); the offender loses."""

    side: int
    ends: bool = False
    is_event = True

    def __str__(self) -> str:
        return f"{MARKS[self.side]}{CLAIM}"


#: The text of a claim: 反則 (foul) 指摘 (pointed out), the text's own words (§十七: 「指摘して
#: 相手の反則を取る」).
CLAIM = "反則指摘"

Move = Ply | Placement | BackFaces | Section | Resign | Claim


def bracket_notes(ply: Ply) -> list[str]:
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
    if ply.obtained_next:
        out.append(f"{ply.obtained_next}入手")
    if ply.repetition:
        out.append("千日手")
    if ply.foul:
        out.append("反則")
    if ply.mate:
        out.append("詰み")
    return out


# -- the text of one move, in each dialect -------------------------------------------------

@dataclass(frozen=True)
class Style:
    marks: tuple[str, str]
    dash: str
    new: str
    same: str
    strike: str
    swap: str
    comma: str
    stop: str
    quote: tuple[str, str]
    ascii_names: bool
    sections: dict[str, str]
    end: str
    resign: str
    claim: str

    def piece(self, face: str) -> str:
        return ROMAJI[face] if self.ascii_names else face

    def coord(self, c: Coord) -> str:
        return f"{c.file}{self.dash}{c.rank}{self.dash}{c.tier}"


KANJI = Style(("▲", "▽"), "―", "新", "同", "不", "⇔", "、", "。", ("「", "」"), False,
              dict(SECTIONS), "[終局]", "投了", CLAIM)
ASCII = Style(("B ", "W "), "-", "*", "same", "x", "<>", ", ", ".", ("{", "}"), True,
              {"begin": "[setup]", "done": "[setup done]", "battle": "[battle]",
               "rebegin": "[resetup]", "redone": "[resetup done]", "rebattle": "[rebattle]"},
              "[end]", "resign", "claim")


def ply_text(ply: Ply, style: Style = KANJI) -> str:
    d = style.dash
    out = [style.new if ply.stray_new else "", style.marks[ply.side]]
    if ply.same:
        out.append(style.same)
    else:
        out.append(f"{ply.file}{d}{ply.rank}")
    if ply.tier is not None:
        out.append(f"{d}{ply.tier}")
    if ply.strike is not None:
        out.append(f"{d}{style.strike}{ply.strike}")
    out.append(d + style.piece(ply.piece))
    if ply.drop:
        out.append(style.new)
    if ply.swap:
        out.append(style.swap + style.piece(ply.swap) + (style.new if ply.swap_drop else ""))
    notes = bracket_notes(ply) if style is KANJI else _ascii_notes(ply)
    out.extend(f"[{note}]" for note in notes)
    return "".join(out)


def _ascii_notes(ply: Ply) -> list[str]:
    out = []
    if ply.origin is not None:
        out.append(ASCII.coord(ply.origin))
    if ply.betrayal is not None:
        out.append(", ".join(f"{'BW'[b.side]}{b.tier}-{ROMAJI[b.face]}" for b in ply.betrayal))
    out.extend(f"{ASCII.coord(coord)}-{ROMAJI[face]}" for coord, face in ply.placements)
    if ply.back:
        out.append(f"back {ROMAJI[ply.back]}")
    if ply.obtained:
        out.append(f"got {ROMAJI[ply.obtained]}")
    if ply.obtained_next:
        out.append(f"got {ROMAJI[ply.obtained_next]}")
    out.extend(name for flag, name in ((ply.repetition, "repetition"), (ply.foul, "foul"),
                                       (ply.mate, "mate")) if flag)
    return out


def move_text(move: object, style: Style = KANJI) -> str:
    if isinstance(move, Ply):
        return ply_text(move, style)
    if isinstance(move, Placement):
        d = style.dash
        text = (f"{style.marks[move.side]}{move.file}{d}{move.rank}{d}{move.tier}{d}"
                f"{style.piece(move.piece)}")
        if move.back:
            text += f"[裏駒{move.back}]" if style is KANJI else f"[back {ROMAJI[move.back]}]"
        if move.foul:
            text += "[反則]" if style is KANJI else "[foul]"
        return text
    if isinstance(move, BackFaces):
        groups = []
        for side, items in move.groups():
            inner = style.comma.join(f"{style.coord(c)}{style.dash}{style.piece(f)}"
                                     for c, f in items)
            groups.append(f"{style.marks[side].strip()}{style.quote[0]}{inner}{style.quote[1]}")
        return "(" + style.comma.join(groups) + ")"
    if isinstance(move, Section):
        return style.sections[move.kind]
    if isinstance(move, Resign):
        return f"{style.marks[move.side]}{style.resign}"
    if isinstance(move, Claim):
        return f"{style.marks[move.side]}{style.claim}"
    raise TypeError(move)
