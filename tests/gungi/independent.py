"""A second Gungi move generator, written from the rules text alone, for the differential test
``test_gungi_independent.py``: it reads a position's stacks and hands as plain data and shares no
code with kifu's rules (only the readings DECISIONS.md takes where the text is open: 槍 one or two
squares forward, 敵上 directly on an enemy, 砦's bonus within two orthogonal steps, a skip over an
empty square for non-jumpers, へ詰め when a へ gives the mating check, 同 and notes aside).

A board is a list of 81 stacks, bottom first, each piece ``[owner, face, other]`` (0 black,
1 white; ``other`` its other face); square ``(rank - 1) * 9 + (9 - file)``; black's forward is
towards rank 1.  :func:`legal_keys` gives every legal action as a key:
``("move", face, origin, origin_tier, to, tier)``, ``("strike", face, square, victim_tier)``,
``("swap", square, 謀's tier, other face)``, ``("subst", 侍's square, 帥's square)``,
``("drop", face, square, tier)``.  §二十六's trade (帥 on an enemy 砦) is left out.
"""
from __future__ import annotations

import copy

ORTH = [(0, 1), (0, -1), (1, 0), (-1, 0)]
DIAG = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
FD = [(1, 1), (-1, 1)]
BD = [(1, -1), (-1, -1)]
LR = [(1, 0), (-1, 0)]


def st(vs):
    return [("step", dx, dy) for dx, dy in vs]


def sk(vs):
    return [("skip", dx, dy) for dx, dy in vs]


def sl(vs):
    return [("slide", dx, dy) for dx, dy in vs]


KN_F = [("knight", 1, 2), ("knight", -1, 2)]
KN_B = [("knight", 1, -2), ("knight", -1, -2)]
TO = st(ORTH + FD)

#: 十一: each face's table on tiers 1, 2, 3 (a shorter list: the last row holds above it).
T: dict[str, list[list]] = {
    "謀": [st(DIAG + [(0, 1)]), st(DIAG + [(0, 1), (0, -1)]),
          st(DIAG) + sk([(2, 0), (-2, 0), (2, -2), (-2, -2)])],
    "侍": [st(ORTH + FD), st(LR + FD) + sk([(0, 2), (0, -2)])],
    "兵": [st([(0, 1)]), st([(0, 1)]) + sk([(2, 0), (-2, 0)]), st(FD) + sk([(2, 0), (-2, 0)])],
    "忍": [KN_F, KN_F + st(FD)],
    "臥": [sl(ORTH), st(DIAG)],
    "雛": [sl(DIAG), st(ORTH)],
    "帥": [st(ORTH + DIAG)] * 3,
    "弓": [sk([(0, 2), (2, 0), (-2, 0)]), sk([(2, 2), (-2, 2)]) + st([(0, 1), (0, -1)]),
          sk([(2, 2), (-2, 2), (0, -2), (2, 0), (-2, 0)])],
    "筒": [st(DIAG), st(ORTH)],
    "槍": [[("slide2", 0, 1)] + st(LR + [(0, -1)]), st(DIAG)],
    "さ": [st(ORTH), st(DIAG)],
    "と": [TO],
    "へ": [st(LR)],
    "上": [KN_F + st([(0, -1)]), KN_F + st(FD + [(0, -1)]), KN_F + st(FD) + KN_B + sk([(2, -2), (-2, -2)])],
    "龍": [sl(ORTH) + st(DIAG), st(DIAG)],
    "鳳": [sl(DIAG) + st(ORTH), st(ORTH)],
    "香": [sl([(0, 1)]), st(DIAG)],
    "砲": [[]],
    "砦": [[]],
    "や": [st([(0, 1), (0, -1)] + BD), st([(0, 1), (0, -1)]) + sk([(2, -2), (-2, -2)]),
          st([(0, 1), (0, -1)] + BD) + sk([(2, -2), (-2, -2)])],
}
BACK_FACES = {"筒", "槍", "さ", "と", "へ", "上", "龍", "鳳", "香", "や"}
FRONT_FACES = {"謀", "侍", "兵", "忍", "臥", "雛", "弓"}
JUMPERS = {"忍", "弓", "上"}
BOARS = {"兵", "忍", "香"}
FORTS = {"砲", "砦"}
NO_BONUS = {"臥", "龍", "鳳", "雛", "帥", "香"}
TERR = ((7, 9), (1, 3))
FLIP = {"謀": "筒", "侍": "槍", "忍": "上", "臥": "龍", "雛": "鳳", "弓": "や"}
FLIP.update({v: k for k, v in list(FLIP.items())})
FLIP.update({"さ": "兵", "と": "兵", "へ": "兵"})


def flip(p):
    """The other face of a piece [owner, face, other]."""
    if p[1] in ("兵", "香"):
        return p[2]
    if p[1] in FORTS:
        return "香"
    return FLIP[p[1]]


def table(face, tier):
    rows = T[face]
    return rows[min(tier, len(rows)) - 1]


def sq_of(f, r):
    return (r - 1) * 9 + (9 - f)


def fr(sq):
    return 9 - sq % 9, sq // 9 + 1


def off(sq, dx, dy, side):
    f, r = fr(sq)
    f2, r2 = f + dx, r - dy if side == 0 else r + dy
    if 1 <= f2 <= 9 and 1 <= r2 <= 9:
        return sq_of(f2, r2)
    return -1


def moves_table(board, sq, idx):
    """The table a piece at board[sq][idx] moves by (敵上: と; 帥 on an enemy: none)."""
    p = board[sq][idx]
    if idx > 0 and board[sq][idx - 1][0] != p[0]:
        return [] if p[1] in ("帥", "砲", "砦") else TO
    return table(p[1], idx + 1)


def destinations(board, sq):
    """Squares the top piece of sq may try to reach (before landing rules)."""
    idx = len(board[sq]) - 1
    p = board[sq][idx]
    side = p[0]
    out = []
    for kind, dx, dy in moves_table(board, sq, idx):
        if kind == "step" or kind == "knight":
            d = off(sq, dx, dy, side)
            if d >= 0:
                out.append(d)
        elif kind == "skip":
            d = off(sq, dx, dy, side)
            if d < 0:
                continue
            mid = off(sq, dx // 2, dy // 2, side)
            if p[1] in JUMPERS or not board[mid]:
                out.append(d)
        elif kind in ("slide", "slide2"):
            cur = sq
            n = 0
            while True:
                cur = off(cur, dx, dy, side)
                n += 1
                if cur < 0 or (kind == "slide2" and n > 2):
                    break
                out.append(cur)
                if board[cur]:
                    break
    if idx == 1 and board[sq][0][0] == side and board[sq][0][1] in FORTS and p[1] not in NO_BONUS:
        if board[sq][0][1] == "砲":
            cur = sq
            while True:
                cur = off(cur, 0, 1, side)
                if cur < 0:
                    break
                out.append(cur)
                if board[cur]:
                    break
        else:
            lo, hi = TERR[side]
            for dx in range(-2, 3):
                for dy in range(-2, 3):
                    if (dx, dy) == (0, 0) or abs(dx) + abs(dy) > 2:
                        continue
                    d = off(sq, dx, dy, side)
                    if d < 0 or not lo <= fr(d)[1] <= hi:
                        continue
                    if 2 in (abs(dx), abs(dy)) and board[off(sq, dx // 2, dy // 2, side)]:
                        continue
                    out.append(d)
    return out


def could_ever_move(board, sq, idx, side):
    """Board-edge test for a boar (its table on its tier, or と on an enemy)."""
    face = board[sq][idx][1]
    tab = TO if idx > 0 and board[sq][idx - 1][0] != side else table(face, idx + 1)
    for kind, dx, dy in tab:
        if kind == "slide2":
            dy = 1
        if off(sq, dx, dy, side) >= 0:
            return True
    return False


def same_kind_ok(stack):
    seen = set()
    for o, f, _ in stack:
        if (o, f) in seen:
            return False
        seen.add((o, f))
    return True


def king_sq(board, side):
    for sq in range(81):
        for _i, p in enumerate(board[sq]):
            if p[0] == side and p[1] == "帥":
                return sq
    return -1


def attacked(board, ksq, by):
    """Whether a piece of ``by`` can take what stands on top of ksq (the 帥)."""
    stack = board[ksq]
    k = len(stack) - 1
    # strikes from directly below
    if k >= 1 and stack[k - 1][0] == by and stack[k - 1][1] != "砦":
        return True
    for sq in range(81):
        if sq == ksq or not board[sq]:
            continue
        p = board[sq][-1]
        if p[0] != by:
            continue
        if ksq not in destinations(board, sq):
            continue
        after = stack[:-1] + [p]
        if same_kind_ok(after):
            return True
        if p[1] == "へ" and len(stack) >= 2:
            turned = [[1 - q[0], flip(q), q[1]] for q in stack[:-1]] + [p]
            if same_kind_ok(turned):
                return True
    return False


def in_check(board, side):
    k = king_sq(board, side)
    return k >= 0 and attacked(board, k, 1 - side)


def he_files(board, side):
    c = {}
    for sq in range(81):
        for p in board[sq]:
            if p[0] == side and p[1] == "へ":
                c[fr(sq)[0]] = c.get(fr(sq)[0], 0) + 1
    return c


def pawn_on_file(board, side, f):
    return any(p[0] == side and p[1] == "兵" for r in range(1, 10) for p in board[sq_of(f, r)])


class Result:
    def __init__(self, board, hands, king_taken=False):
        self.board, self.hands, self.king_taken = board, hands, king_taken
        self.pending = []


def gen(board, hands, side, last_swap_ok=lambda sq: True):
    """Yield (key, result board, extra) for every pseudo-legal way of every action."""
    checked = in_check(board, side)
    for sq in range(81):
        stack = board[sq]
        if not stack:
            continue
        # moves of the top piece
        p = stack[-1]
        if p[0] == side:
            for d in set(destinations(board, sq)):
                yield from _move(board, hands, side, sq, d, checked)
        # strikes
        for i, q in enumerate(stack):
            if q[0] != side or q[1] == "砦":
                continue
            for v in (i - 1, i + 1):
                if 0 <= v < len(stack) and stack[v][0] != side:
                    yield from _strike(board, hands, side, sq, i, v)
        # swaps
        if len(stack) == 3 and stack[0][0] == side and stack[2][0] == side and last_swap_ok(sq):
            lo, hi = stack[0], stack[2]
            if lo[1] == "謀" and hi[1] != "帥":
                b = copy.deepcopy(board)
                b[sq][0], b[sq][2] = b[sq][2], b[sq][0]
                yield ("swap", sq, 1, hi[1]), Result(b, copy.deepcopy(hands)), {}
            if hi[1] == "謀" and lo[1] not in FORTS:
                b = copy.deepcopy(board)
                b[sq][0], b[sq][2] = b[sq][2], b[sq][0]
                yield ("swap", sq, 3, lo[1]), Result(b, copy.deepcopy(hands)), {}
    # substitution
    k = king_sq(board, side)
    if k >= 0 and checked:
        for dx, dy in ORTH:
            s2 = off(k, dx, dy, side)
            if s2 >= 0 and len(board[s2]) == 1 and board[s2][0][0] == side and board[s2][0][1] == "侍":
                b = copy.deepcopy(board)
                sam = b[s2].pop()
                king = b[k].pop()
                b[k].append(sam)
                b[s2].append(king)
                if same_kind_ok(b[k]):
                    yield ("subst", s2, k), Result(b, copy.deepcopy(hands)), {}
    # drops
    for face in sorted({p[1] for p in hands[side]}):
        for sq in range(81):
            stack = board[sq]
            if not stack:
                tier = 1
            else:
                top = stack[-1]
                if top[0] != side or len(stack) >= 3:
                    continue
                if not (top[1] in FORTS or (top[1] == "忍" and face in BACK_FACES)
                        or (top[1] == "上" and face in FRONT_FACES)):
                    continue
                tier = len(stack) + 1
            b = copy.deepcopy(board)
            h = copy.deepcopy(hands)
            i = next(j for j, q in enumerate(h[side]) if q[1] == face)
            piece = h[side].pop(i)
            b[sq].append(piece)
            if not same_kind_ok(b[sq]):
                continue
            if face in BOARS and not could_ever_move(b, sq, len(b[sq]) - 1, side):
                continue
            yield ("drop", face, sq, tier), Result(b, h), {"drop": face, "sq": sq}


def _move(board, hands, side, sq, d, checked):
    p = board[sq][-1]
    dest = board[d]
    if dest and dest[-1][0] == side:
        if len(dest) >= 3 or dest[-1][1] == "帥":
            return
        if p[1] == "帥" and checked:
            return
        b = copy.deepcopy(board)
        b[d].append(b[sq].pop())
        if not same_kind_ok(b[d]):
            return
        key = ("move", p[1], sq, len(board[sq]), d, len(b[d]))
        yield key, _recover(Result(b, copy.deepcopy(hands)), side, d, len(b[d]) - 1, False), {"moved": p[1]}
        return
    if dest:
        if p[1] == "帥" and checked and any(q[0] == side for q in dest[:-1]):
            return
        for betray in ([False, True] if p[1] == "へ" and len(dest) >= 2 else [False]):
            b = copy.deepcopy(board)
            h = copy.deepcopy(hands)
            victim = b[d].pop()
            mover = b[sq].pop()
            if betray:
                b[d] = [[1 - q[0], flip(q), q[1]] for q in b[d]]
            b[d].append(mover)
            if not same_kind_ok(b[d]) or any(q[1] in FORTS for q in b[d][1:]):
                continue
            r = Result(b, h, victim[1] == "帥")
            _to_hand(r, side, victim)
            key = ("move", p[1], sq, len(board[sq]), d, len(b[d]))
            for r2 in expand(_recover(r, side, d, len(b[d]) - 1, True)):
                yield key, r2, {"moved": p[1], "betray": betray}
        return
    b = copy.deepcopy(board)
    b[d].append(b[sq].pop())
    key = ("move", p[1], sq, len(board[sq]), d, 1)
    yield key, _recover(Result(b, copy.deepcopy(hands)), side, d, 0, False), {"moved": p[1]}


def _strike(board, hands, side, sq, i, v):
    q = board[sq][i]
    top_taken = v == len(board[sq]) - 1
    for betray in ([False, True] if q[1] == "へ" and top_taken and i >= 1 else [False]):
        b = copy.deepcopy(board)
        h = copy.deepcopy(hands)
        victim = b[sq].pop(v)
        if betray:
            b[sq] = [[1 - q[0], flip(q), q[1]] for q in b[sq][:i]] + b[sq][i:]
        if not same_kind_ok(b[sq]) or any(x[1] in FORTS for x in b[sq][1:]):
            continue
        idx = i if v > i else i - 1
        key = ("strike", q[1], sq, v + 1)
        r = Result(b, h, victim[1] == "帥")
        _to_hand(r, side, victim)
        for r2 in expand(_recover(r, side, sq, idx, True)):
            yield key, r2, {"moved": q[1], "betray": betray}


def _recover(r, side, sq, idx, took):
    p = r.board[sq][idx]
    if p[1] in BOARS and not could_ever_move(r.board, sq, idx, side):
        r.board[sq].pop(idx)
        if took:
            if p[1] == "香":
                r.pending.append((1 - side, p[2]))
            else:
                r.hands[1 - side].append([1 - side, flip(p), p[1]])
        else:
            r.hands[side].append(p)
    return r


def _to_hand(r, side, victim):
    if victim[1] == "香":
        r.pending.insert(0, (side, victim[2]))
    elif victim[1] != "帥":
        r.hands[side].append([side, flip(victim), victim[1]])


def expand(r):
    """Each way of carrying out the forced re-placements (an empty square of the owner's
    territory, tier 1, in order)."""
    if not r.pending:
        yield r
        return
    (owner, face), rest = r.pending[0], r.pending[1:]
    lo, hi = TERR[owner]
    for sq in range(81):
        if r.board[sq] or not lo <= fr(sq)[1] <= hi:
            continue
        b = copy.deepcopy(r.board)
        b[sq].append([owner, face, "香"])
        r2 = Result(b, copy.deepcopy(r.hands), r.king_taken)
        r2.pending = rest
        yield from expand(r2)


def checkers_have_he(board, side):
    """Whether a へ of ``side`` is among the pieces giving check to the enemy 帥."""
    ksq = king_sq(board, 1 - side)
    stack = board[ksq]
    k = len(stack) - 1
    if k >= 1 and stack[k - 1][0] == side and stack[k - 1][1] == "へ":
        return True
    for sq in range(81):
        if sq == ksq or not board[sq]:
            continue
        p = board[sq][-1]
        if p[0] != side or p[1] != "へ":
            continue
        if ksq in destinations(board, sq):
            after = stack[:-1] + [p]
            turned = [[1 - q[0], flip(q), q[1]] for q in stack[:-1]] + [p]
            if same_kind_ok(after) or (len(stack) >= 2 and same_kind_ok(turned)):
                return True
    return False


def has_reply(board, hands, side):
    for key, r, extra in gen(board, hands, side):
        if r.king_taken:
            return True
        if in_check(r.board, side):
            continue
        if plain_foul(board, r, side, extra, key):
            continue
        return True
    return False


def plain_foul(before, r, side, extra, key):
    if extra.get("drop") == "兵":
        f = fr(extra["sq"])[0]
        if pawn_on_file(before, side, f):
            return True
    hb, ha = he_files(before, side), he_files(r.board, side)
    return any(n > 1 and n > hb.get(f, 0) for f, n in ha.items())


def legal_keys(board, hands, side, last_swap_ok=lambda sq: True):
    out = set()
    for key, r, extra in gen(board, hands, side, last_swap_ok):
        if key in out:
            continue
        if r.king_taken:
            out.add(key)
            continue
        if in_check(r.board, side):
            continue
        if plain_foul(board, r, side, extra, key):
            continue
        mate_foul = extra.get("drop") == "兵" or checkers_have_he(r.board, side)
        if mate_foul and in_check(r.board, 1 - side) and not has_reply(r.board, r.hands, 1 - side):
            continue  # へ詰め, 手兵詰め: a foul, no legal move
        out.add(key)
    return out
