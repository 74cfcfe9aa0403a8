"""The JSON API of ``kifu serve``: what each ``/api/...`` route answers, from the query's
parameters to a JSON value (``static/openapi.json`` describes them).

Every question reads the index read-only (SQLite's ``mode=ro``: many readers, in threads or
in several server processes, share one file; each thread keeps its connection while the file
stays the same); a bad request is a :class:`BadRequest` that the application sends as a 4xx
JSON answer, never a traceback.
"""
from __future__ import annotations

import contextlib
import functools
import json
import os
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import asdict, fields
from typing import Any

from kifu.base.errors import CorpusError, KifuError
from kifu.corpus import explorer, pages, patterns, search
from kifu.corpus.reader import Checked, Filters, Reader
from kifu.corpus.values import GameInfo, Hit, Place
from kifu.plugin import AnyGame, RenderOptions, registry
from kifu.run.load import load
from kifu.serve import boards

#: The header filters a search takes (as ``kifu search`` has them).
FILTERS = ("player", "event", "date", "result", "rule", "opening", "game")
#: The most records a page of a list holds, and how many without ``per_page``.
MAX_PER_PAGE, PER_PAGE = 200, 50
#: The columns a list of records sorts by.
SORTS = pages.SORTS
#: The longest text a parameter may be (a position's key, a pattern's diagram).
MAX_PARAMETER = 20_000
#: How long a pattern search may run before it is stopped (seconds).
PATTERN_SECONDS = 10.0
#: How many steps after the first a server works out as it starts (:meth:`Api.warm`).
WARMED = 300
#: How long the explorer goes unasked before the warm-up works on (seconds).
WARM_PAUSE = 0.2
#: How many explorer's answers are kept by the text of their question (:meth:`Api.sent`).
SENT = 4096
#: The most bytes of answers kept so (a wide step's answer is some 60 KB; most are a few).
SENT_BYTES = 32 * 2**20
#: The page cache of each thread's connection to the index (KiB).
READER_CACHE_KIB = 512


class BadRequest(Exception):
    """A request the API cannot answer: ``message`` says why, ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.status = message, status


class Api:
    """The API over the index at ``path``; ``pattern_seconds``: a pattern search's time."""

    def __init__(self, path: str, pattern_seconds: float = PATTERN_SECONDS) -> None:
        self.path = path
        self.pattern_seconds = pattern_seconds
        self._lock = threading.RLock()  # starts() reads the index holding it
        self._starts: list[explorer.Start] | None = None
        #: The records of each game, counted from the rows checked (every record's: kept, as
        #: the starts are, while the index stays as it is).
        self._counts: dict[str, int] | None = None
        self._asking: dict[tuple[Any, ...], threading.Lock] = {}
        #: Questions of the explorer being answered, and when the last was asked: the
        #: warm-up (:meth:`warm`) works only while there are none.
        self._answering = 0
        self._asked = 0.0
        self._kept = threading.local()  # each thread's reader (:meth:`reader`)
        self._stamp = self.stamp()
        #: The records' rows and trails checked, shared by every thread's reader while the
        #: index stays as it is (an explorer's step lists ten records, the same ones often
        #: from one step to the next: read and checked once, not for each question).
        self._checked = (self._stamp, Checked())
        #: The explorer's answers by the text of their questions (:meth:`sent`).
        self._sent: tuple[tuple[int, ...], dict[str, bytes]] = (self._stamp, {})
        self._sent_bytes = 0
        with self.reader():  # an index kifu cannot use is said now, before serving
            pass

    def stamp(self) -> tuple[int, ...]:
        """What tells the index on disk from another: its device, inode, size and time of
        change (empty if it is gone)."""
        try:
            found = os.stat(self.path)
        except OSError:
            return ()
        # kifu index writes a new file and renames it over the old: another inode
        return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns

    def current_stamp(self) -> str:
        """What tells the index on disk from another (its device, inode, size and time of
        change)."""
        return " ".join(map(str, self.stamp()))

    def _refreshed(self) -> tuple[int, ...]:
        """The index's stamp, what was kept of it forgotten if it changed."""
        stamp = self.stamp()
        if stamp != self._stamp:
            with self._lock:
                self._stamp, self._starts, self._counts = stamp, None, None
                self._explore.cache_clear()
        return stamp

    @contextlib.contextmanager
    def reader(self) -> Iterator[Reader]:
        """The index opened read-only for one question: each thread keeps its own connection
        (and what it checked whole) from one question to the next, while the index on disk
        stays the same; a replaced index (rebuilt while serving) is opened anew and forgets
        what was kept of the old one."""
        stamp = self._refreshed()
        kept: tuple[tuple[int, ...], Reader] | None = getattr(self._kept, "reader", None)
        if kept is None or kept[0] != stamp:
            if kept is not None:
                self._kept.reader = None
                kept[1].close()
            with self._lock:  # the rows checked of this file, none of another's
                if self._checked[0] != stamp:
                    self._checked = (stamp, Checked())
                checked = self._checked[1]
            opened = Reader(self.path, checked)
            # A small page cache each: a thread a client at most, the file's pages in the
            # system's cache besides.
            opened.db.execute(f"PRAGMA cache_size = -{READER_CACHE_KIB}")
            self._kept.reader = kept = (stamp, opened)
        reader = kept[1]
        reader.next_question()
        with reader.guarded():
            yield reader

    def warm(self) -> None:
        """Work out, before anyone asks and in a thread of its own, the first step of each
        game (its start, reached by every record: the step that costs most), then the step
        after each move played from there, most played first, :data:`WARMED` at most: the
        steps every player takes first, and the widest (every record reaches the first, and
        the second lists what they all played next)."""
        def work() -> None:
            firsts = []
            for start in self.starts():
                self._idle()
                with contextlib.suppress(KifuError, BadRequest):
                    firsts.append((start.game, json.loads(self._ask({"game": start.game}))))
            left = WARMED
            for name, first in firsts:
                for move in first["moves"]:
                    if left <= 0:
                        return
                    if move["key"] is not None:
                        left -= 1
                        self._idle()
                        with contextlib.suppress(KifuError, BadRequest):
                            self._ask({"game": name, "position": move["key"]})

        threading.Thread(target=work, name="kifu-serve-warm", daemon=True).start()

    def _idle(self) -> None:
        """Back once no one has asked the explorer for :data:`WARM_PAUSE` seconds: the
        warm-up works out the steps players may ask next with what their questions leave
        (each step it works out in their stead would make them wait)."""
        while self._answering or time.monotonic() - self._asked < WARM_PAUSE:
            time.sleep(WARM_PAUSE)

    def starts(self) -> list[explorer.Start]:
        self._refreshed()  # a replaced index's starts are its own
        with self._lock:
            if self._starts is None:
                with self.reader() as reader:
                    self._starts = explorer.starts(reader)
            return self._starts

    # -- the routes --------------------------------------------------------------------------

    def games(self) -> dict[str, Any]:
        """The games of the index, each with its records, the positions they start from, and
        what the page knows of it besides (:func:`boards.described`)."""
        starts = self.starts()
        counts = self._counts
        if counts is None:
            with self.reader() as reader:
                reader.check_records()  # the counts are of rows checked
                counts = dict(reader.execute("SELECT game, COUNT(*) FROM game NOT INDEXED "
                                             "WHERE game IS NOT NULL GROUP BY game"))
            with self._lock:
                self._counts = counts
        found = []
        for name in sorted(counts):
            game = registry.find(name)
            found.append({"name": name, "title": game.title if game else name,
                          "records": counts[name],
                          "starts": [{"key": s.key, "records": s.games}
                                     for s in starts if s.game == name],
                          **boards.described(game)})
        return {"games": found}

    def sent(self, asked: str) -> bytes | None:
        """The explorer's answer to the question ``asked`` (a query's text, as sent) if it
        was answered before and the index is the same: looked up where the request came in,
        so that a question asked again (a step back, the popular lines, fifty players at
        the start) does not wait for the steps being worked out."""
        stamp, answers = self._sent
        found = answers.get(asked)
        if found is None or stamp != self.stamp():
            return None
        self._asked = time.monotonic()  # the warm-up waits for players as it did
        return found

    def keep_sent(self, asked: str, stamp: tuple[int, ...], answer: bytes) -> None:
        """:meth:`sent`'s answer to ``asked``, made while the index's stamp was ``stamp``
        (kept only if it still is), :data:`SENT` answers and :data:`SENT_BYTES` at most (the
        first kept go first)."""
        if stamp != self.stamp():
            return
        if self._sent[0] != stamp:
            self._sent, self._sent_bytes = (stamp, {}), 0
        answers = self._sent[1]
        while answers and (len(answers) >= SENT or self._sent_bytes + len(answer) > SENT_BYTES):
            self._sent_bytes -= len(answers.pop(next(iter(answers))))
        if asked not in answers:
            answers[asked] = answer
            self._sent_bytes += len(answer)

    def explore(self, query: Mapping[str, str]) -> bytes:
        """The explorer's step as JSON (UTF-8): ``game`` and ``position`` (a key, or moves
        from the start; the most common start without one), header filters, ``recent`` and
        ``sort`` (the latest records, ``date``, or the strongest, ``strength``).  The answer
        is kept as it is sent: the same question asked again (a step back, the popular
        lines of an opening, many players at once) costs a lookup."""
        with self._lock:
            self._answering += 1
        try:
            return self._ask(query)
        finally:
            with self._lock:
                self._answering -= 1
                self._asked = time.monotonic()

    def _ask(self, query: Mapping[str, str]) -> bytes:
        """:meth:`explore`'s answer (the warm-up asks here, unseen by :meth:`_idle`)."""
        game = self._game(query.get("game"), required=True)
        assert game is not None
        recent = _whole(query, "recent", 10, 0, 100)
        by = query.get("sort", "date")
        if by not in explorer.ORDERS:
            raise BadRequest(f"sort is one of {', '.join(explorer.ORDERS)}, not {by[:40]!r}")
        filters = _filters(query)
        start = next((s.key for s in self.starts() if s.game == game.name), None)
        text = _text(query, "position") or start
        if "record" in query:  # a record's position where a viewer stands (a game followed)
            played, reached = self.record_position(query)
            if played.name != game.name:
                raise BadRequest(f"record {query['record'][:20]} is a {played.title} record, "
                                 f"not {game.title}")
            text = game.position_key(reached)
        if text is None:
            raise BadRequest(f"the index holds no {game.title} record to explore", 404)
        asked = (game.name, text, start, filters, recent, by)
        with self._lock:
            alone = self._asking.setdefault(asked, threading.Lock())
        with alone:  # the same question asked at once is worked out once, then kept
            found = self._explore(*asked)
        with self._lock:
            self._asking.pop(asked, None)
        return found

    @functools.lru_cache(maxsize=4096)  # noqa: B019 (one Api a server: it lives as long)
    def _explore(self, name: str, text: str, start: str | None, filters: Filters,
                 recent: int, by: str) -> bytes:
        game = registry.get(name)
        try:
            position = explorer.position_of(game, text, start)
        except KifuError as error:
            raise BadRequest(f"bad position: {error.message}") from None
        with self.reader() as reader:
            found = explorer.explore(reader, game, position, filters, recent, by)
        # As dataclasses.asdict would make it, less its deep copies (of the recent records'
        # every value, which _hit writes anew): a third of a step's time.
        data = {field.name: getattr(found, field.name) for field in fields(found)}
        data["sides"] = list(found.sides)
        # A move's attributes are its fields, in their order (a step lists hundreds).
        data["moves"] = [vars(move) for move in found.moves]
        data["recent"] = [_hit(hit) for hit in found.recent]
        data["board"] = f"/api/board?game={game.name}"
        return json.dumps(data, ensure_ascii=False).encode()

    def search(self, query: Mapping[str, str]) -> dict[str, Any]:
        """Records by header filters, an exact ``position`` (a key, with ``game``) and a
        ``pattern`` (a pattern file's text), sorted and paged."""
        filters = _filters(query)
        text, drawn = _text(query, "position"), _text(query, "pattern")
        page = _whole(query, "page", 1, 1, 10**9)
        per_page = _whole(query, "per_page", PER_PAGE, 1, MAX_PER_PAGE)
        sort = query.get("sort", "id")
        if sort not in SORTS:
            raise BadRequest(f"sort is one of {', '.join(SORTS)}, not {sort[:40]!r}")
        order = query.get("order", "asc")
        if order not in ("asc", "desc"):
            raise BadRequest(f"order is asc or desc, not {order[:40]!r}")
        with self.reader() as reader:
            key = None
            if text is not None:
                game = self._game(query.get("game"), required=True)
                assert game is not None
                try:
                    key = search.key_of(game, explorer.position_of(game, text))
                except KifuError as error:
                    raise BadRequest(f"bad position: {error.message}") from None
            laid = None
            if drawn is not None:
                try:
                    laid = patterns.read_pattern(drawn)
                except KifuError as error:
                    raise BadRequest(f"bad pattern: {error.message}") from None
            found = pages.find(reader, key, laid, filters,
                               time.monotonic() + self.pattern_seconds)
            shown = pages.page(reader, found, sort, order, page, per_page)
        return {"total": shown.total, "page": page, "per_page": per_page,
                "complete": shown.stopped is None, "stopped": shown.stopped,
                "records": [_hit(hit) for hit in shown.hits]}

    def record(self, number: str, query: Mapping[str, str]) -> dict[str, Any]:
        """The index's record ``number`` and where its node ``node`` stands."""
        info, place = self.place(number, query)
        data = asdict(info)
        data["place"] = asdict(place)
        data["viewer"] = f"/record/{info.id}?node={place.node}"
        return data

    def place(self, number: str, query: Mapping[str, str]) -> tuple[GameInfo, Place]:
        """The index's record ``number`` and the place of its node ``node`` (its start)."""
        record = _identifier(number)
        node = _whole(query, "node", 0, 0, 2**27) if "node" in query else None
        with self.reader() as reader:
            try:
                return explorer.record_place(reader, record, node)
            except CorpusError as error:
                raise BadRequest(error.message, 404) from None

    def board(self, query: Mapping[str, str]) -> str:
        """The SVG of a position (``game``, ``position`` a key or moves; or ``record`` and
        ``node``, a record's position there, the stones a ``pattern`` matched marked), as the
        game draws it."""
        options = RenderOptions(size=_whole(query, "size", 480, 120, 1200))
        if "record" in query:
            game, position = self.record_position(query)
            pattern = self.pattern(query)
            markup = boards.matched(game, position, pattern) if pattern is not None else None
            return game.render_svg(position, options, None, markup)
        game, position = self.position(query)
        return game.render_svg(position, options)

    def position(self, query: Mapping[str, str]) -> tuple[AnyGame, Any]:
        """The game and the position ``game`` and ``position`` name (a key, or moves from
        the start; the game's most common start without one)."""
        game = self._game(query.get("game"), required=True)
        assert game is not None
        start = next((s.key for s in self.starts() if s.game == game.name), None)
        text = _text(query, "position") or start
        if text is None:
            raise BadRequest(f"the index holds no {game.title} record", 404)
        try:
            return game, explorer.position_of(game, text, start)
        except KifuError as error:
            said = error.message
        if "/" in text:  # a board's rows: a key, whose own fault is the one to say
            try:
                game.position_from_key(text)
            except KifuError as error:
                said = error.message
        raise BadRequest(f"bad position: {said}")

    def pattern(self, query: Mapping[str, str]) -> patterns.Pattern | None:
        """The pattern ``pattern`` gives (a pattern file's text), if any."""
        drawn = _text(query, "pattern")
        if drawn is None:
            return None
        try:
            return patterns.read_pattern(drawn)
        except KifuError as error:
            raise BadRequest(f"bad pattern: {error.message}") from None

    def record_position(self, query: Mapping[str, str]) -> tuple[AnyGame, Any]:
        """The game and the position of the index's record ``record`` at its node ``node``
        (as search places it), or after move ``move`` of the line ``variation`` (as a
        viewer's steps name it: ``12.2``), read from its file."""
        if "move" in query:
            info, _ = self.place(query["record"], {})
            move = _whole(query, "move", 0, 0, 2**27)
            variation = _variation(query.get("variation", ""))
        else:
            info, place = self.place(query["record"], query)
            move, variation = place.move, _variation(place.variation)
        return self._record_position(info.id, self._stamp, move, variation)

    @functools.lru_cache(maxsize=256)  # noqa: B019 (one Api a server: it lives as long)
    def _record_position(self, record: int, stamp: int, move: int,
                         variation: tuple[int, ...]) -> tuple[AnyGame, Any]:
        with self.reader() as reader:
            info, _ = explorer.record_place(reader, record, None)
        game = registry.find(info.game or "")
        if game is None:
            raise BadRequest(f"record {record} is of a game kifu does not know", 404)
        try:
            loaded = load(info.path, game_name=game.name, game_index=info.number)
            return game, loaded.position_at(move, variation)[0]
        except (KifuError, OSError) as error:
            said = error.message if isinstance(error, KifuError) else str(error)
            raise BadRequest(f"record {record} at move {move}: {said}", 410) from None

    def moves(self, query: Mapping[str, str]) -> dict[str, Any]:
        """The legal moves of a position (``game``, ``position``): each as the game writes
        it and, on a grid, the point it puts its stone on, with every point's name; with
        ``move``, the moves that go on from that move instead."""
        game, position = self.position(query)
        data = {"game": game.name, "key": game.position_key(position),
                "to_move": game.to_move(position)}
        data.update(self._moves(game.name, data["key"], _text(query, "move")))
        return data

    @functools.lru_cache(maxsize=256)  # noqa: B019 (one Api a server: it lives as long)
    def _moves(self, name: str, key: str, begun: str | None = None) -> dict[str, Any]:
        game = registry.get(name)
        try:
            return boards.moves(game, game.position_from_key(key), begun)
        except KifuError as error:  # a move begun that the game cannot read
            raise BadRequest(f"move: {error.message}") from None

    def play(self, query: Mapping[str, str]) -> dict[str, Any]:
        """A move (``move``, in the game's notation, or ``clicks``, the places clicked on the
        page's board, separated by spaces) played from a position (``game``, ``position``):
        the position it makes, or (``legal`` false) why the rules refuse it."""
        game, position = self.position(query)
        text = _text(query, "move")
        places = _text(query, "clicks")
        if text is None:
            if places is None:
                raise BadRequest("name the move (move=...) or the places clicked (clicks=...)")
            try:  # the move the clicks play, or the one they name, for the rules to say why
                text = boards.clicked(game, position, places)
            except KifuError as error:
                return {"game": game.name, "move": places[:40], "legal": False,
                        "why": error.message}
        try:
            after, written = boards.play(game, position, text)
        except KifuError as error:  # an answer, not a bad request: the rules say no, and why
            return {"game": game.name, "move": text[:40], "legal": False,
                    "why": f"{text[:40]} cannot be played here: {error.message}"}
        return {"game": game.name, "move": written, "legal": True,
                "key": game.position_key(after), "to_move": game.to_move(after)}

    def _game(self, name: str | None, required: bool = False) -> AnyGame | None:
        if name is None or not name.strip():
            if required:
                raise BadRequest("name the game (game=...)")
            return None
        game = registry.find(name[:100])
        if game is None:
            raise BadRequest(f"unknown game {name[:100]!r}: kifu knows "
                             f"{', '.join(sorted(registry.games()))}", 404)
        return game


def _hit(hit: Hit) -> dict[str, Any]:
    data = hit.to_json()
    data["id"] = hit.record.id
    data["node"] = hit.place.node
    data["viewer"] = f"/record/{hit.record.id}?node={hit.place.node}"
    return data


def _filters(query: Mapping[str, str]) -> Filters:
    values = {name: _text(query, name) for name in FILTERS}
    if values["game"] is not None and registry.find(values["game"]) is None:
        raise BadRequest(f"unknown game {values['game'][:100]!r}: kifu knows "
                         f"{', '.join(sorted(registry.games()))}", 404)
    return Filters(**values)


def _text(query: Mapping[str, str], name: str) -> str | None:
    value = query.get(name)
    if value is None or not value.strip():
        return None
    if len(value) > MAX_PARAMETER:
        raise BadRequest(f"{name} is too large ({len(value):,} characters; at most "
                         f"{MAX_PARAMETER:,})", 413)
    return value.strip()


def _whole(query: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    value = query.get(name)
    if value is None:
        return default
    if not value.isdigit() or not low <= int(value) <= high:
        raise BadRequest(f"{name} is a whole number from {low} to {high}, not {value[:40]!r}")
    return int(value)


def _variation(text: str) -> tuple[int, ...]:
    """A variation path as a viewer writes it (``12.2``; ``""`` the main line)."""
    parts = text.split(".") if text else []
    if len(parts) > 200 or len(parts) % 2 or not all(p.isdigit() and len(p) < 9 for p in parts):
        raise BadRequest(f"variation is a path of entries and choices (12.2), not {text[:40]!r}")
    return tuple(int(part) for part in parts)


def _identifier(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) < 2**31:
        raise BadRequest(f"{text[:40]!r} is no record's id (a whole number from 1)", 404)
    return int(text)
