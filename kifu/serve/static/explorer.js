/* kifu serve's explorer: every text from a record is set as text (textContent), never as
   markup; the page asks only its own server (/api/...).  The same file runs beside kifu's
   viewer of a record (a page with #ke-follow-data), where the explorer follows the game. */
"use strict";
(function () {
  /* What the page knows of a game is what the game says of itself (/api/games: its sides,
     their names in each language, how its position key is set up by clicks): no game is
     named here. */
  const $ = (id) => document.getElementById(id);
  /* The pages' words, a table a language (kifu/serve/words.json, carried in the page): every
     text the page shows is one of their keys; the server wrote the page in one language, the
     script says it again in the one the reader picks. */
  const WORDS = JSON.parse($("ke-words").textContent);
  /* The language picked, the viewer's key: one choice for the explorer and the viewer. */
  const LANGUAGE_KEY = "kifu-language";
  /* Beside a record's viewer, the explorer follows the game, and the viewer's language. */
  const following = !!$("ke-follow-data");
  const state = {lang: "en", by: "date", game: null, games: {}, trail: [], data: null, moves: null, listed: null, page: 1,
    sort: "id", order: "asc", filters: {}, asked: null, mode: "position", brush: 0, setup: null,
    pattern: null, chosen: [], playFocus: {}, base: [], gathering: null, before: null, loading: null};

  function say(name, values) {
    let text = (WORDS[state.lang] || WORDS.en)[name] || WORDS.en[name] || name;
    for (const key in values || {}) text = text.split("{" + key + "}").join(String(values[key]));
    return text;
  }

  /* A side as the game names it in the page's language (else in English, else as it is). */
  function side(name, game) {
    if (!name) return "-";
    const named = (state.games[game || state.game] || {}).side_names || {};
    return (named[state.lang] || {})[name] || (named.en || {})[name] || name;
  }

  /* The game's sides, first seat first. */
  function sides() {
    return (state.games[state.game] || {}).sides || [];
  }

  /* A side's seat from 1 (0: no side), which the page's colours go by (explorer.css). */
  function seat(name) {
    return sides().indexOf(name) + 1;
  }

  /* A piece in the colour the game gives it, the text on it dark or light, whichever reads
     better on it. */
  function paint(span, colour) {
    if (!colour) return;
    const value = parseInt(colour.slice(1), 16);
    const linear = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
    const lum = 0.2126 * linear(value >> 16) + 0.7152 * linear((value >> 8) & 255) + 0.0722 * linear(value & 255);
    const dark = (lum + 0.05) / 0.0556 > 1.05 / (lum + 0.05);  // #111 reads better on it than white
    span.style.background = colour;
    span.style.color = dark ? "#111" : "#fff";
    span.style.borderColor = dark ? "#333" : "#000";
  }

  /* The colour a side's pieces are drawn in, where the game's layout gives one. */
  function colourOf(name) {
    const editor = (state.games[state.game] || {}).editor;
    const piece = editor ? editor.pieces.find((p) => p.side === name && p.colour) : null;
    return piece ? piece.colour : "";
  }

  function element(tag, text, attributes) {
    const made = document.createElement(tag);
    if (text !== undefined && text !== null) made.textContent = String(text);
    for (const key in attributes || {}) made.setAttribute(key, attributes[key]);
    return made;
  }

  async function ask(path, params) {
    const query = new URLSearchParams();
    for (const key in params || {}) if (params[key] !== undefined && params[key] !== "") query.set(key, params[key]);
    const answer = await fetch(path + (query.toString() ? "?" + query : ""), {headers: {Accept: "application/json"}});
    const data = await answer.json();
    if (!answer.ok) throw new Error(data.error || answer.statusText);
    return data;
  }

  /* A message of the server's (a referee's reason, an error) after the page's words for it:
     in English, and marked so. */
  function tell(host, name, message) {
    host.replaceChildren(say(name), element("span", message, {lang: "en"}));
  }

  function translate() {
    for (const node of document.querySelectorAll("[data-text]")) node.textContent = say(node.dataset.text);
    if (following) {  // the viewer's page: its lang is the viewer's to set
      if (state.data) { $("ke-summary").textContent = summary(state.data); showContinuations(state.data, () => {}); }
      return;
    }
    document.documentElement.lang = state.lang;
    $("ke-lang").value = state.lang;
    if (state.data) showExplored(state.data);
    if (state.listed) showList(state.listed);
    if ($("ke-editor")) { showEditor(); sideChoices(); }
  }

  /* ---- a board of points or squares, one button each (one in the tab order: arrows move) ---- */

  function drawGrid(host, width, height, cellOf, pick, label) {
    host.replaceChildren();
    host.className = "ke-points";
    host.setAttribute("role", "group");
    host.setAttribute("aria-label", label);
    host.style.setProperty("--columns", width);
    host.style.setProperty("--rows", height);
    let focused = 0;
    const buttons = [];
    for (let row = 0; row < height; row++) {
      for (let column = 0; column < width; column++) {
        const cell = cellOf(column, row);
        const button = element("button", cell.text || "", {type: "button", "aria-label": cell.label,
          "data-column": column, "data-row": row, "class": "ke-pt " + (cell.kind || "")});
        if (row === 0) button.classList.add("ke-top-edge");
        if (row === height - 1) button.classList.add("ke-bottom-edge");
        if (column === 0) button.classList.add("ke-left-edge");
        if (column === width - 1) button.classList.add("ke-right-edge");
        if (cell.stone) {
          const stone = element("span", cell.mark || "", {"class": "ke-stone ke-" + cell.stone, "aria-hidden": "true"});
          paint(stone, cell.colour);
          button.append(stone);
        }
        if (cell.tiers > 1) button.append(element("span", cell.tiers, {"class": "ke-tiers", "aria-hidden": "true"}));
        button.tabIndex = -1;
        button.addEventListener("click", () => { focused = buttons.indexOf(button); pick(column, row); });
        button.addEventListener("keydown", (event) => {
          const moves = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -width, ArrowDown: width};
          if (!(event.key in moves)) return;
          const next = buttons.indexOf(button) + moves[event.key];
          if (next < 0 || next >= buttons.length) return;
          event.preventDefault();
          event.stopPropagation();
          button.tabIndex = -1;
          buttons[next].tabIndex = 0;
          buttons[next].focus();
        });
        buttons.push(button);
        host.append(button);
      }
    }
    const again = host.dataset.focus ? Number(host.dataset.focus) : 0;
    focused = again < buttons.length ? again : 0;
    if (buttons[focused]) buttons[focused].tabIndex = 0;
    host.addEventListener("focusin", (event) => { if (event.target.dataset.column) host.dataset.focus = buttons.indexOf(event.target); });
    return buttons;
  }

  /* ---- the explorer ---- */

  async function explore(key) {
    try {
      const data = await ask("/api/explore", {game: state.game, position: key, sort: state.by});
      state.data = data;
      state.moves = null;
      showExplored(data);
      const asked = ask("/api/moves", {game: data.game, position: data.key});
      state.loading = asked.catch(() => null);  // what a click before they come waits for
      const moves = await asked;
      if (state.data === data) { state.moves = moves; showMoves(); }
    } catch (error) {
      tell($("ke-summary"), "error", error.message);
    }
  }

  function summary(data) {
    return data.to_move ? say("summary", {games: data.games, side: side(data.to_move, data.game)})
      : say("ended", {games: data.games});
  }

  function showExplored(data) {
    const line = state.trail.map((step) => step.move).join(" ") || say("startLine");
    $("ke-explorer").dataset.key = data.key;
    $("ke-line").textContent = say("lineIs", {line: line});
    const board = $("ke-board");
    board.alt = say("board", {line: line});
    if (!state.moves || !state.moves.grid) {
      const src = "/api/board?" + new URLSearchParams({game: data.game, position: data.key});
      if (board.getAttribute("src") !== src) board.src = src;
    }
    $("ke-summary").textContent = summary(data);
    showContinuations(data, (move) => step(move));
    const recent = $("ke-recent");
    recent.replaceChildren();
    $("ke-recent-h").textContent = say(state.by === "strength" ? "strongestGames" : "recent");
    for (const hit of data.recent) {
      const item = element("li");
      const names = [hit.black, hit.white].filter((n) => n).join(" \u2013 ");
      const about = [hit.date, state.by === "strength" && hit.strength != null
        ? say("strengthOf", {rating: Math.round(hit.strength)}) : null].filter((n) => n).join(", ");
      item.append(element("a", (names || hit.name) + (about ? " (" + about + ")" : ""), {href: hit.viewer}));
      recent.append(item);
    }
    $("ke-back").disabled = !state.trail.length;
    if (state.moves) showMoves();
  }

  function showContinuations(data, follow) {
    const body = $("ke-moves");
    body.replaceChildren();
    data.moves.forEach((move, index) => {
      const row = element("tr");
      const cell = element("td");
      const button = element("button", move.move, {type: "button", "data-key": move.key || ""});
      if (index < 9) button.setAttribute("aria-keyshortcuts", String(index + 1));
      if (!move.key) button.disabled = true;
      button.addEventListener("click", () => follow(move));
      cell.append(button);
      row.append(cell, element("td", move.games, {"class": "ke-count"}));
      const decided = move.win + move.draw + move.loss;
      const bar = element("div", null, {"class": "ke-bar", role: "img",
        "aria-label": say("bar", {side: side(data.to_move, data.game), win: move.win, draw: move.draw, loss: move.loss})});
      for (const part of ["win", "draw", "loss"]) {
        const piece = element("span", null, {"class": "ke-" + part});
        piece.style.width = decided ? (100 * move[part] / decided) + "%" : "0";
        bar.append(piece);
      }
      const barCell = element("td");
      barCell.append(bar);
      row.append(barCell);
      body.append(row);
    });
    if (!data.moves.length) {
      const row = element("tr");
      row.append(element("td", say("none"), {colspan: "3"}));
      body.append(row);
    }
  }

  /* The legal moves of the position: on a grid, a board to click; for every game, a move to
     type or pick from the list. */
  function showMoves() {
    const moves = state.moves;
    const list = $("ke-legal");
    list.replaceChildren();
    for (const each of moves.moves) if (!each.gathers) list.append(element("option", null, {value: each.move}));
    showActions();
    const grid = $("ke-grid");
    const board = $("ke-board");
    if (!moves.grid) {
      grid.hidden = true;
      showClickable();
      return;
    }
    $("ke-clickable").hidden = true;
    $("ke-map").hidden = true;
    board.hidden = true;
    grid.hidden = false;
    const width = moves.grid.width;
    const played = {};
    state.data.moves.forEach((move, index) => { played[move.move] = index + 1; });
    const at = {};
    for (const each of moves.moves) if (each.point) at[each.point[1] * width + each.point[0]] = each.move;
    drawGrid(grid, width, moves.grid.height, (column, row) => {
      const index = row * width + column;
      const held = moves.grid.cells[index];  // the seat whose stone stands there (0: none)
      const name = moves.names[index] || (column + 1) + "," + (row + 1);
      const owner = held ? sides()[held - 1] || String(held) : "";
      const number = at[index] !== undefined ? played[at[index]] : undefined;
      const what = held ? side(owner) : number ? say("listedNext", {number: number}) : say("empty");
      const label = say("point", {point: name, what: what});
      const chosen = state.chosen.includes("0:" + column + "," + row);  // a point gathered
      return {stone: held ? "seat-" + held : number && number <= 9 ? "next" : "", colour: held ? colourOf(owner) : "",
        mark: held ? "" : number && number <= 9 ? number : "", kind: chosen ? "ke-chosen" : "",
        label: chosen ? say("chosen", {point: label}) : label};
    }, (column, row) => clickPoint(column, row), say("boardLabel"));
    showChoices();
  }

  async function clickPoint(column, row) {
    if (!state.moves) await state.loading;  // the position's moves not yet known
    if (!state.moves || !state.moves.grid) return;
    if (state.gathering) {
      gather("0:" + column + "," + row);
      focusAgain($("ke-grid"));
      return;
    }
    const moves = state.moves;
    const index = row * moves.grid.width + column;
    const legal = moves.moves.find((each) => each.point && each.point[0] === column && each.point[1] === row);
    const name = legal ? legal.move : moves.names[index];
    if (!name) {
      $("ke-said").textContent = say("noMove", {point: (column + 1) + "," + (row + 1)});
      return;
    }
    await playMove(name);
  }

  /* ---- the other boards: a move as the places clicked in turn (/api/moves' "places": a
     point "B:C,R" of the layout's board B, a column "B:C", a piece of a hand "hand:S:L", a
     cell of a picture "cell:N"); the game's moves, never named here, say which they are ---- */

  /* The names a click on a place answers to: a point is also its column's. */
  function answers(place) {
    const point = /^([0-9]+):([0-9]+),[0-9]+$/.exec(place);
    return point ? [place, point[1] + ":" + point[2]] : [place];
  }

  /* Whether the places clicked begin the move's: in turn, or (unordered) each one of them. */
  function fits(move, clicked) {
    if (!move.places || move.places.length < clicked.length) return false;
    if (!move.unordered) return clicked.every((place, at) => answers(place).includes(move.places[at]));
    const left = move.places.slice();
    return clicked.every((place) => {
      const at = left.findIndex((wanted) => answers(place).includes(wanted));
      if (at >= 0) left.splice(at, 1);
      return at >= 0;
    });
  }

  /* The moves the places clicked so far begin, and the places a next click may go to. */
  function begun() {
    const open = state.moves.moves.filter((move) => fits(move, state.chosen));
    const next = new Set();
    for (const move of open) {
      if (move.places.length <= state.chosen.length) continue;
      if (!move.unordered) next.add(move.places[state.chosen.length]);
      else for (const place of move.places) if (fits(move, state.chosen.concat([place]))) next.add(place);
    }
    return {open: open, next: next};
  }

  function showClickable() {
    const moves = state.moves;
    const found = (state.games[state.game] || {}).editor;
    const host = $("ke-clickable");
    const map = $("ke-map");
    const clickable = moves.moves.some((move) => move.places);
    const rows = clickable && found && state.data.key.startsWith(found.key_prefix) ? boardsOf(state.data.key, found) : null;
    host.hidden = !rows;
    map.hidden = !(clickable && moves.drawn);
    $("ke-board").hidden = !!rows || !map.hidden;
    if (rows) drawClickable(host, rows, found);
    if (!map.hidden) drawMap(map, moves.drawn);
    showChoices();
  }

  function drawClickable(host, rows, found) {
    const {next} = begun();
    host.replaceChildren();
    rows.boards.forEach((board, n) => {
      const grid = element("div");
      grid.dataset.focus = state.playFocus[n] || 0;  // the point last clicked keeps the focus
      host.append(grid);
      const label = found.board_sides.length ? say("field", {side: side(found.board_sides[n])}) : say("playLabel");
      drawGrid(grid, board[0].length, board.length, (column, row) => {
        const place = n + ":" + column + "," + row;
        const cell = stackCell(board[row][column], found, column, row);
        const named = answers(place);
        if (state.chosen.includes(place)) { cell.kind += " ke-chosen"; cell.label = say("chosen", {point: cell.label}); }
        else if (named.some((name) => next.has(name))) { cell.kind += " ke-target"; cell.label = say("target", {point: cell.label}); }
        return cell;
      }, (column, row) => {
        state.playFocus[n] = row * board[0].length + column;
        clickPlace(n + ":" + column + "," + row).then(() => { if (!host.hidden && host.children[n]) focusAgain(host.children[n]); });
      }, label);
    });
    (rows.hands || []).forEach((hand, n) => {
      const owner = Object.values(found.side_codes)[n];
      const line = element("p", null, {"class": "ke-hand"});
      line.append(element("span", say("hand", {side: side(owner)}) + ": "));
      if (!hand.length) line.append(element("span", say("handEmpty")));
      for (const written of new Set(hand.map((piece) => pieceOf(piece, found).label || piece))) {
        const place = "hand:" + n + ":" + written;
        const count = hand.filter((piece) => (pieceOf(piece, found).label || piece) === written).length;
        const button = element("button", written + (count > 1 ? " \u00d7" + count : ""), {type: "button",
          "class": "ke-in-hand" + (state.chosen.includes(place) ? " ke-chosen" : ""),
          "aria-pressed": String(state.chosen.includes(place)), "aria-label": side(owner) + " " + written + (count > 1 ? " \u00d7" + count : "")});
        button.addEventListener("click", () => clickPlace(place));
        line.append(button);
      }
      host.append(line);
    });
  }

  /* A board drawn as a picture (a map): a button over each of its places. */
  function drawMap(host, drawn) {
    const {next} = begun();
    host.replaceChildren();
    host.setAttribute("role", "group");
    host.setAttribute("aria-label", say("mapLabel"));
    const picture = element("img", null, {alt: $("ke-board").alt, src: $("ke-board").getAttribute("src") || ""});
    host.append(picture);
    drawn.forEach((at, index) => {
      const button = element("button", null, {type: "button", "class": "ke-cell" + (next.has(at.place) ? " ke-target" : ""),
        "aria-label": at.name, title: at.name});
      button.style.left = (100 * (at.x - at.r)) + "%";
      button.style.top = (100 * at.y) + "%";  // the button's middle, as the stylesheet moves it up
      button.style.width = (200 * at.r) + "%";
      button.tabIndex = index ? -1 : 0;
      button.addEventListener("click", () => clickPlace(at.place));
      host.append(button);
    });
    // one cell in the tab order; the arrow keys go through them in the game's order
    host.onkeydown = (event) => {
      const step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[event.key];
      const buttons = Array.from(host.querySelectorAll("button"));
      const at = buttons.indexOf(document.activeElement);
      if (!step || at < 0 || !buttons[at + step]) return;
      event.preventDefault();
      event.stopPropagation();
      buttons[at].tabIndex = -1;
      buttons[at + step].tabIndex = 0;
      buttons[at + step].focus();
    };
  }

  /* The moves the clicks so far play alike, offered by what each does (in the game's words),
     each that may go on with a button of its own; or the points gathered so far. */
  function showChoices() {
    const host = $("ke-choices");
    host.replaceChildren();
    const clicked = state.chosen.length;
    const ready = clicked ? begun().open.filter((move) => move.places.length === clicked) : [];
    host.hidden = !clicked;
    if (!clicked) return;
    const cancel = element("button", say("cancel"), {type: "button", "class": "ke-cancel"});
    cancel.addEventListener("click", () => { resetClicks(); showMoves(); });
    if (state.gathering) {
      const move = state.gathering;
      const points = state.chosen.slice(move.places.length).map(placeName).join(" ") || "-";
      const send = element("button", say("play"), {type: "button"});
      send.addEventListener("click", sendGathered);
      host.append(element("span", say("gathered", {what: kindOf(move), points: points})), send, cancel);
      return;
    }
    host.append(element("span", state.before && clicked === state.base.length
      ? say("then", {move: state.before.goingOn}) : say("choose")));
    for (const move of ready) {
      const button = element("button", (kindOf(move) ? kindOf(move) + " \u2013 " : "") + move.move, {type: "button"});
      button.addEventListener("click", () => { resetClicks(); showChoices(); playMove(move.move); });
      host.append(button);
      if (!move.more) continue;
      const more = element("button", say("goOn", {move: move.move, how: buttonName(move.more)}), {type: "button"});
      more.addEventListener("click", () => goOn(move));
      host.append(more);
    }
    host.append(cancel);
  }

  /* A move's kind or a button's name in the game's words in the page's language, where the
     game gives them (/api/moves' words); a button "do:extra-action" is named "extra action". */
  function gameWord(english) {
    return (((state.moves && state.moves.words) || {})[state.lang] || {})[english] || english;
  }

  /* What a move does, as the page offers it among others: its kind in the game's words, and
     the note of its notation that tells it from them, kept as written. */
  function kindOf(move) {
    return [move.kind ? gameWord(move.kind) : "", move.note || ""].filter((part) => part).join(" ");
  }

  function buttonName(place) {
    return gameWord(place.slice(3).replace(/-/g, " "));
  }

  /* A point gathered, by its name on a grid. */
  function placeName(place) {
    const found = /^0:([0-9]+),([0-9]+)$/.exec(place);
    const names = state.moves && state.moves.grid ? state.moves.names : null;
    return (found && names && names[Number(found[2]) * state.moves.grid.width + Number(found[1])]) || place;
  }

  /* The buttons of the moves no point plays (a pass, a swap), beside the board: those a next
     click may go to. */
  function showActions() {
    const host = $("ke-actions");
    host.replaceChildren();
    host.setAttribute("aria-label", say("actions"));
    const places = state.gathering ? [state.gathering.places[0]]
      : Array.from(begun().next).filter((place) => place.startsWith("do:"));
    for (const place of places) {
      const button = element("button", buttonName(place), {type: "button", "data-place": place,
        "aria-pressed": String(state.chosen.includes(place))});
      button.addEventListener("click", () => clickPlace(place));
      host.append(button);
    }
    host.hidden = !places.length;
  }

  /* The clicks begun, the points gathered and the moves that went on, forgotten. */
  function resetClicks() {
    state.chosen = [];
    state.base = [];
    state.gathering = null;
    if (state.before) state.moves = state.before.moves;
    state.before = null;
  }

  /* A move that goes on (a turn with an extra action): the moves that follow it, asked of
     the server, clicked after its places and its button as any move is. */
  async function goOn(move) {
    $("ke-said").textContent = "";
    try {
      const after = await ask("/api/moves", {game: state.data.game, position: state.data.key, move: move.move});
      if (!after.moves.length) { $("ke-said").textContent = say("noMore", {move: move.move}); return; }
      state.before = state.before || {moves: state.moves};
      state.before.goingOn = move.move;
      state.moves = after;
      state.base = move.places.concat([move.more]);
      state.chosen = state.base.slice();
      showMoves();
    } catch (error) {
      tell($("ke-said"), "cannot", error.message);
    }
  }

  /* A point clicked while a move gathers them (an offer of fifth moves): taken, or given
     back; its button clicked again sends them to the referee. */
  function gather(place) {
    const move = state.gathering;
    if (place === move.places[0]) { sendGathered(); return; }
    if (!/^[0-9]+:[0-9]+,[0-9]+$/.test(place)) return;
    const at = state.chosen.indexOf(place);
    if (at >= move.places.length) state.chosen.splice(at, 1);
    else if (state.chosen.length - move.places.length >= move.gathers) {
      $("ke-said").textContent = say("atMost", {count: move.gathers});
      return;
    } else state.chosen.push(place);
    $("ke-said").textContent = "";
    showMoves();
  }

  async function sendGathered() {
    await playClicks(state.chosen.slice());  // kept, to be mended, where the referee refuses
  }

  /* A click on a place: it goes on with the places clicked before, or begins a move anew; a
     move it completes alone is played; where several are, they are offered; where none is,
     the referee says why (the server is asked what the clicks name). */
  async function clickPlace(place) {
    if (!state.moves) await state.loading;  // the position's moves not yet known
    if (!state.moves) return;
    $("ke-said").textContent = "";
    if (state.gathering) { gather(place); return; }
    const base = state.base;  // the places of a move that goes on, before its button
    if (state.chosen.length > base.length && state.chosen[state.chosen.length - 1] === place) {
      state.chosen = base.slice();
      showMoves();
      return;
    }
    const before = state.chosen;
    state.chosen = before.concat([place]);
    let {open} = begun();
    if (!open.length && before.length > base.length) {
      state.chosen = base.concat([place]);
      open = begun().open;
      if (!open.length) state.chosen = before.concat([place]);
    }
    const done = open.filter((move) => move.places.length === state.chosen.length);
    if (done.length === 1 && open.length === 1 && done[0].gathers) {
      state.gathering = done[0];  // its points next, sent by its button clicked again
      showMoves();
      return;
    }
    if (done.length === 1 && open.length === 1 && !done[0].more) {
      resetClicks();
      await playMove(done[0].move);
      return;
    }
    if (!open.length) {
      const clicked = state.chosen;
      state.chosen = base.slice();
      showMoves();
      await playClicks(clicked);
      return;
    }
    showMoves();
  }

  async function playClicks(clicked) {
    try {
      const played = await ask("/api/play", {game: state.data.game, position: state.data.key, clicks: clicked.join(" ")});
      if (!played.legal) { tell($("ke-said"), "cannot", played.why); return; }
      step({move: played.move, key: played.key});
    } catch (error) {
      tell($("ke-said"), "cannot", error.message);
    }
  }

  async function playMove(text) {
    $("ke-said").textContent = "";
    try {
      const played = await ask("/api/play", {game: state.data.game, position: state.data.key, move: text});
      if (!played.legal) {
        tell($("ke-said"), "cannot", played.why);
        return;
      }
      const known = state.data.moves.find((move) => move.move === played.move && move.key);
      step({move: played.move, key: known ? known.key : played.key});
    } catch (error) {
      tell($("ke-said"), "cannot", error.message);
    }
  }

  function step(move) {
    if (!move.key) return;
    resetClicks();
    state.trail.push({move: move.move, key: move.key});
    explore(move.key);
  }

  function back() {
    if (!state.trail.length) return;
    resetClicks();
    state.trail.pop();
    explore(state.trail.length ? state.trail[state.trail.length - 1].key : undefined);
  }

  /* The start again; or the position a link gives (?position=KEY), Back leading to the start. */
  function restart(linked) {
    state.trail = linked ? [{move: "(" + say("linked") + ")", key: linked}] : [];
    resetClicks();
    $("ke-said").textContent = "";
    explore(linked || undefined);
  }

  /* ---- the games: by headers, or those a board search finds ---- */

  async function list() {
    try {
      const params = Object.assign({game: state.game, page: state.page, per_page: 20, sort: state.sort,
        order: state.order}, state.filters);
      if (state.asked) params[state.asked.kind] = state.asked.text;
      const data = await ask("/api/search", params);
      state.listed = data;
      showList(data);
    } catch (error) {
      tell($("ke-count"), "error", error.message);
    }
  }

  function showList(data) {
    const pages = Math.max(1, Math.ceil(data.total / data.per_page));
    $("ke-count").replaceChildren(say("count", {total: data.total, page: data.page, pages: pages}));
    if (data.stopped) $("ke-count").prepend(say("stopped"), element("span", data.stopped, {lang: "en"}), " ");
    const body = $("ke-list");
    body.replaceChildren();
    const asked = state.asked;
    const mark = asked ? (asked.kind === "pattern" ? "&" + new URLSearchParams({pattern: asked.text}) : "&marked=1") : "";
    for (const hit of data.records) {
      const row = element("tr");
      const first = element("td");
      first.append(element("a", hit.name, {href: hit.viewer + mark}));
      row.append(first);
      for (const column of ["black", "white", "date", "result", "moves"]) row.append(element("td", hit[column]));
      const where = element("td", null, {"class": "ke-thumb"});
      if (asked) {
        // Each hit drawn at its matching move, the stones matched marked; loaded when in sight.
        const params = {record: hit.id, node: hit.node, size: 120};
        if (asked.kind === "pattern") params.pattern = asked.text;
        const link = element("a", null, {href: hit.viewer + mark});
        link.append(element("img", null, {src: "/api/board?" + new URLSearchParams(params), loading: "lazy",
          width: "120", height: "120", alt: say("thumb", {name: hit.name, move: hit.move})}));
        where.append(link);
      }
      row.append(where);
      body.append(row);
    }
    $("ke-prev").disabled = data.page <= 1;
    $("ke-next").disabled = data.page >= pages;
    showAsked();
  }

  function showAsked() {
    const figure = $("ke-asked");
    const asked = state.asked;
    figure.hidden = !asked;
    if (!asked) return;
    const host = $("ke-asked-board");
    host.replaceChildren();
    if (asked.kind === "position") {
      host.append(element("img", null, {src: "/api/board?" + new URLSearchParams({game: state.game, position: asked.text, size: 200}),
        width: "200", height: "200", alt: say("askedPosition")}));
      $("ke-asked-caption").textContent = say("askedPosition");
    } else {
      host.append(patternPicture(asked.drawn));
      $("ke-asked-caption").textContent = say("askedPattern", {anchor: say(asked.drawn.anchor)});
    }
  }

  /* The pattern asked, drawn: its points on lines, its stones, "?" where any may stand. */
  function patternPicture(drawn) {
    const ns = "http://www.w3.org/2000/svg";
    const step = 24, edge = 14;
    const svg = document.createElementNS(ns, "svg");
    const width = edge * 2 + step * (drawn.width - 1), height = edge * 2 + step * (drawn.height - 1);
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", say("patternPicture") + ": " + drawn.rows.join(" / "));
    const add = (tag, attributes) => {
      const made = document.createElementNS(ns, tag);
      for (const key in attributes) made.setAttribute(key, attributes[key]);
      svg.append(made);
      return made;
    };
    add("rect", {x: 0, y: 0, width: width, height: height, fill: "#dcb35c"});
    for (let i = 0; i < drawn.width; i++) add("line", {x1: edge + i * step, y1: edge, x2: edge + i * step, y2: height - edge, stroke: "#222"});
    for (let j = 0; j < drawn.height; j++) add("line", {x1: edge, y1: edge + j * step, x2: width - edge, y2: edge + j * step, stroke: "#222"});
    drawn.rows.forEach((row, j) => row.split("").forEach((point, i) => {
      const x = edge + i * step, y = edge + j * step;
      if (point === "X" || point === "O") add("circle", {cx: x, cy: y, r: step * 0.45, fill: point === "X" ? "#111" : "#fafafa", stroke: "#111"});
      else if (point === "*") add("text", {x: x, y: y + 5, "text-anchor": "middle", "font-size": 14, fill: "#1a237e"}).textContent = "?";
    }));
    return svg;
  }

  /* ---- the board searched: a position set up point by point, or a pattern ---- */

  /* The game's layout of its position key (/api/games' "editor"), where it is for the key set
     up (it starts with the layout's key_prefix); null: the key is edited as text. */
  function layout() {
    const found = (state.games[state.game] || {}).editor;
    if (!found || !state.setup) return null;
    return state.setup.fields.join(" ").startsWith(found.key_prefix) ? found : null;
  }

  /* A board's row: its points, each its pieces bottom to top ([] empty): a number a run of
     empty points, a stack between the layout's brackets, a piece the longest code its text
     starts with (else one character, a piece the palette does not put), with its note. */
  function tokens(text, found) {
    const codes = found.pieces.map((p) => p.code).sort((a, b) => b.length - a.length);
    const brackets = "/" + found.stack + found.note;
    function piece(from, at) {
      let code = codes.find((c) => from.startsWith(c, at));
      if (code === undefined) {
        if (/[0-9]/.test(from[at]) || brackets.includes(from[at])) throw new Error("no piece at " + from.slice(at, at + 10));
        code = from[at];
      }
      let end = at + code.length;
      if (found.note && from[end] === found.note[0]) {
        const closed = from.indexOf(found.note[1], end);
        if (closed < 0) throw new Error("a note never closed");
        end = closed + 1;
      }
      return [from.slice(at, end), end];
    }
    const cells = [];
    let at = 0;
    while (at < text.length) {
      const digits = /^[0-9]+/.exec(text.slice(at));
      if (digits) {
        if (digits[0].length > 5) throw new Error("a run too long for a board");
        for (let n = 0; n < Number(digits[0]); n++) cells.push([]);
        at += digits[0].length;
      } else if (found.stack && text[at] === found.stack[0]) {
        const end = text.indexOf(found.stack[1], at);
        if (end < 0) throw new Error("a stack never closed");
        const inside = text.slice(at + 1, end);
        const stack = [];
        for (let place = 0; place < inside.length;) {
          const [one, next] = piece(inside, place);
          stack.push(one);
          place = next;
        }
        cells.push(stack);
        at = end + 1;
      } else {
        const [one, next] = piece(text, at);
        cells.push([one]);
        at = next;
      }
    }
    return cells;
  }

  function written(rows, found) {
    return rows.map((row) => {
      let out = "", run = 0;
      for (const stack of row) {
        if (!stack.length) { run++; continue; }
        if (run) { out += run; run = 0; }
        out += stack.length > 1 || found.every_stack ? found.stack[0] + stack.join("") + found.stack[1] : stack[0];
      }
      return out + (run ? run : "");
    }).join("/");
  }

  /* A key's boards and hands as the layout "found" writes them (each point its pieces bottom
     to top); null where they are not written so. */
  function boardsOf(key, found) {
    const fields = key.split(" ");
    try {
      return {boards: found.boards.map((index) => fields[index].split("/").map((row) => tokens(row, found))),
        hands: found.hands === null ? null : fields[found.hands].split("/").map((hand) => hand === "-" ? [] : tokens(hand, found).flat())};
    } catch (error) {
      return null;
    }
  }

  function setupFrom(key) {
    state.setup = {fields: key.split(" "), boards: [], hands: null};
    const found = layout();
    const read = found ? boardsOf(key, found) : null;
    if (read) Object.assign(state.setup, read);
  }

  function setupKey() {
    const found = layout();
    const fields = state.setup.fields.slice();
    if (found && state.setup.boards.length) {
      found.boards.forEach((index, n) => { fields[index] = written(state.setup.boards[n], found); });
      if (found.hands !== null) fields[found.hands] = state.setup.hands.map((hand) => hand.join("") || "-").join("/");
    }
    return fields.join(" ");
  }

  function newPattern() {
    const width = Math.max(1, Math.min(19, Number($("ke-width").value) || 6));
    const height = Math.max(1, Math.min(19, Number($("ke-height").value) || 6));
    const old = state.pattern;
    if (old && old.length === height && old[0].length === width) return false;
    state.pattern = [];
    for (let row = 0; row < height; row++) {
      const line = [];
      for (let column = 0; column < width; column++) {
        // the old pattern kept from its bottom-left point (where the corner or edge is)
        const oldRow = old ? old.length - (height - row) : -1;
        line.push(old && oldRow >= 0 && column < old[0].length ? old[oldRow][column] : ".");
      }
      state.pattern.push(line);
    }
    return true;
  }

  /* What a click puts: in a pattern, a stone of either of the first two seats (X, O), an
     empty point or any; else the pieces of the game's layout, and an empty point (or, where
     points hold stacks, the top piece taken off). */
  function brushes() {
    if (state.mode === "pattern") {
      return [{code: "X", side: sides()[0], label: "", colour: colourOf(sides()[0])},
        {code: "O", side: sides()[1], label: "", colour: colourOf(sides()[1])}, {code: ".", kind: "empty"}, {code: "*", kind: "any"}];
    }
    const found = layout();
    return found ? found.pieces.concat([{code: "", kind: "empty"}]) : [];
  }

  /* The piece a key writes as "written" (its note left aside), as the layout gives it; a piece
     the layout does not name stands for itself, of no side. */
  function pieceOf(written, found = layout()) {
    const note = found && found.note ? written.indexOf(found.note[0], 1) : -1;
    const code = note > 0 ? written.slice(0, note) : written;
    return (found ? found.pieces.find((p) => p.code === code) : null) || {code: code, side: null, label: code, colour: ""};
  }

  /* A piece as words: its side's name, and what is written on it where it is no plain stone. */
  function describe(piece) {
    if (piece.kind) return say(piece.kind);
    if (!piece.label) return side(piece.side);
    return ((piece.side ? side(piece.side) + " " : "") + piece.label).trim();
  }

  /* The span that draws a piece: its seat's colours, or its own. */
  function drawn(piece) {
    const span = element("span", piece.label, {"class": "ke-stone ke-seat-" + seat(piece.side) + (piece.label ? " ke-piece" : ""),
      "aria-hidden": "true"});
    paint(span, piece.colour);
    return span;
  }

  function showPalette() {
    const host = $("ke-palette");
    host.replaceChildren();
    const found = layout();
    brushes().forEach((piece, index) => {
      const named = !piece.code && found && found.tiers > 1 ? say("remove") : describe(piece);
      const button = element("button", null, {type: "button", "aria-pressed": String(index === state.brush),
        "class": "ke-brush", "aria-label": named, title: named});
      if (piece.kind) button.append(element("span", piece.kind === "any" ? "?" : "\u00b7", {"aria-hidden": "true"}));
      else button.append(drawn(piece));
      button.addEventListener("click", () => { state.brush = index; showPalette(); });
      host.append(button);
    });
  }

  function showEditor() {
    if (!$("ke-editor") || !state.setup) return;
    const host = $("ke-editor");
    const found = layout();
    const pattern = state.mode === "pattern";
    $("ke-pattern-options").hidden = !pattern;
    $("ke-position-options").hidden = pattern;
    $("ke-pattern-mode").hidden = !(found && found.patterns);
    host.replaceChildren();
    $("ke-hands").replaceChildren();
    showPalette();
    if (pattern) {
      if (!state.pattern) newPattern();
      const grid = element("div");
      host.append(grid);
      const height = state.pattern.length, width = state.pattern[0].length;
      drawGrid(grid, width, height, (column, row) => {
        const piece = brushes().find((brush) => brush.code === state.pattern[row][column]);
        const stone = piece.kind === "any" ? "any" : piece.kind ? "" : "seat-" + seat(piece.side);
        return {stone: stone, colour: piece.colour, mark: piece.kind === "any" ? "?" : "",
          label: say("point", {point: (column + 1) + "," + (height - row), what: describe(piece)})};
      }, (column, row) => { state.pattern[row][column] = brushes()[state.brush].code; showEditor(); focusAgain(grid); },
      say("editorLabel"));
      grid.classList.add(($("ke-anchor").value === "corner" ? "ke-corner" : $("ke-anchor").value === "edge" ? "ke-edge" : "ke-free"));
      return;
    }
    if (!found || !state.setup.boards.length) {
      host.append(element("p", say("noEditor")));
    } else {
      state.setup.boards.forEach((rows, n) => {
        const grid = element("div");
        host.append(grid);
        const label = found.board_sides.length ? say("field", {side: side(found.board_sides[n])}) : say("editorLabel");
        drawGrid(grid, rows[0].length, rows.length, (column, row) => stackCell(rows[row][column], found, column, row),
          (column, row) => { putOn(n, column, row); focusAgain(grid); }, label);
      });
      if (state.setup.hands) showHands(found);
    }
    const key = element("label", null, {"class": "ke-key"});
    key.append(element("span", say("key")), " ");
    const input = element("input", null, {id: "ke-key", value: setupKey(), spellcheck: "false"});
    input.addEventListener("change", () => { setupFrom(input.value.trim()); showEditor(); preview(); });
    key.append(input);
    host.append(key);
  }

  /* A point of a layout's board as drawGrid draws it: its top piece, its height, and every
     piece of it in words. */
  function stackCell(stack, found, column, row) {
    const top = stack.length ? pieceOf(stack[stack.length - 1], found) : null;
    const what = stack.length ? stack.map((p) => describe(pieceOf(p, found))).join(", ") : say("empty");
    return {stone: top ? "seat-" + seat(top.side) + (top.label ? " ke-piece" : "") : "", colour: top ? top.colour : "",
      mark: top && !found.points ? top.label : "", tiers: stack.length,
      kind: found.points ? "" : "ke-square" + (top && top.turned ? " ke-turned" : ""),
      label: say("point", {point: (column + 1) + "," + (row + 1), what: what + (stack.length > 1 ? " (" + say("tier", {count: stack.length}) + ")" : "")})};
  }

  function focusAgain(grid) {
    const again = grid.querySelector("[tabindex='0']");
    if (again) again.focus();
  }

  /* The hands, one a side in the order of the side's field; a piece in hand is written by
     what is written on it. */
  function showHands(found) {
    const host = $("ke-hands");
    Object.values(found.side_codes).forEach((owner, n) => {
      const hand = state.setup.hands[n] || (state.setup.hands[n] = []);
      const row = element("p", null, {"class": "ke-hand"});
      row.append(element("span", say("hand", {side: side(owner)}) + ": "));
      if (!hand.length) row.append(element("span", say("handEmpty")));
      hand.forEach((piece, at) => {
        const label = pieceOf(piece).label || piece;
        const button = element("button", label, {type: "button", "aria-label": label + " \u2212"});
        button.addEventListener("click", () => { hand.splice(at, 1); showEditor(); preview(); });
        row.append(button);
      });
      const add = element("button", say("toHand", {side: side(owner)}), {type: "button"});
      add.addEventListener("click", () => {
        const piece = brushes()[state.brush];
        if (piece.code) { hand.push(piece.label || piece.code); showEditor(); preview(); }
      });
      row.append(add);
      host.append(row);
    });
  }

  function putOn(board, column, row) {
    const found = layout();
    const stack = state.setup.boards[board][row][column];
    const piece = brushes()[state.brush].code;
    if (!piece) stack.pop();
    else if (found.tiers > 1) { if (stack.length < found.tiers) stack.push(piece); }
    else if (stack[0] === piece && found.points) stack.length = 0;
    else stack.splice(0, stack.length, piece);
    showEditor();
    preview();
  }

  /* The side to move, as the side's field writes it; a pattern's, by seat. */
  function sideChoices() {
    const found = layout();
    const pick = $("ke-side");
    const codes = found ? found.side_codes : {};
    const current = state.setup && found ? state.setup.fields[found.side_field] : "";
    pick.replaceChildren();
    for (const code in codes) pick.append(element("option", side(codes[code]), {value: code}));
    pick.disabled = !found;
    if (current in codes) pick.value = current;
    const patternSide = $("ke-pattern-side");
    const kept = patternSide.value;
    patternSide.replaceChildren(element("option", say("either"), {value: ""}),
      element("option", side(sides()[0]), {value: "first"}), element("option", side(sides()[1]), {value: "second"}));
    patternSide.value = kept;
  }

  async function preview() {
    const image = $("ke-preview");
    $("ke-setup-said").textContent = "";
    if (state.mode === "pattern") { image.hidden = true; return; }
    const key = setupKey();
    const input = $("ke-key");
    if (input) input.value = key;
    try {
      await ask("/api/moves", {game: state.game, position: key});  // the game reads it back, or says why
      image.src = "/api/board?" + new URLSearchParams({game: state.game, position: key, size: 240});
      image.alt = say("askedPosition");
      image.hidden = false;
    } catch (error) {
      image.hidden = true;
      tell($("ke-setup-said"), "setupBad", error.message);
    }
  }

  function patternText() {
    const anchor = $("ke-anchor").value;
    const rows = state.pattern.map((row) => row.join(""));
    const lines = ["Game: " + state.game, "Anchor: " + anchor];
    if ($("ke-pattern-side").value) lines.push("To-move: " + $("ke-pattern-side").value);
    return {text: lines.concat([""], rows).join("\n") + "\n", drawn: {anchor: anchor, rows: rows, width: rows[0].length, height: rows.length}};
  }

  function searchBoard() {
    if (state.mode === "pattern") {
      const made = patternText();
      state.asked = {kind: "pattern", text: made.text, drawn: made.drawn};
    } else {
      state.asked = {kind: "position", text: setupKey()};
    }
    state.page = 1;
    list();
  }

  function takeExplorer() {
    setupFrom(state.data ? state.data.key : "");
    sideChoices();
    showEditor();
    preview();
  }

  function clearBoard() {
    if (state.mode === "pattern") {
      state.pattern = null;
      newPattern();
    } else if (state.setup) {
      for (const rows of state.setup.boards) for (const row of rows) for (const stack of row) stack.length = 0;
      if (state.setup.hands) state.setup.hands = [[], []];
    }
    showEditor();
    preview();
  }

  /* ---- beside a record's viewer: the explorer following the game ---- */

  function follow() {
    const data = JSON.parse($("ke-follow-data").textContent);
    const viewer = document.querySelector(".kifu-viewer");
    let asked = null;
    async function show() {
      const article = viewer.querySelector("[data-node]");
      const node = article ? Number(article.getAttribute("data-node")) : 0;
      const place = data.nodes[node];
      if (!place) return;
      const wanted = place.join("@");
      if (wanted === asked) return;
      asked = wanted;
      try {
        const step = await ask("/api/explore", {game: data.game, record: data.record, move: place[0], variation: place[1]});
        if (asked !== wanted) return;
        state.data = step;
        $("ke-summary").textContent = summary(step);
        showContinuations(step, () => {});
        document.querySelector(".ke-follow").dataset.node = node;
      } catch (error) {
        tell($("ke-summary"), "error", error.message);
      }
    }
    state.game = data.game;
    state.games[data.game] = data;
    new MutationObserver(show).observe(viewer, {subtree: true, attributes: true, attributeFilter: ["data-node"]});
    show();
  }

  /* The page's language: asked in its address (?lang=), else the one the reader picked (on
     this page or the viewer's), else the one the server wrote it in (the browser's). */
  function language() {
    let kept = null;
    try {
      kept = localStorage.getItem(LANGUAGE_KEY);
    } catch (error) {
      kept = null;  // no storage: the page's own
    }
    const wanted = [new URLSearchParams(location.search).get("lang"), kept, document.documentElement.lang];
    state.lang = wanted.find((code) => code && WORDS[code]) || "en";
  }

  async function begin() {
    if (following) {
      const root = document.documentElement;
      const speak = () => { state.lang = WORDS[root.lang] ? root.lang : "en"; translate(); };
      speak();
      new MutationObserver(speak).observe(root, {attributes: true, attributeFilter: ["lang"]});
      follow();
      return;
    }
    language();
    const games = (await ask("/api/games")).games;
    for (const game of games) state.games[game.name] = game;
    const picker = $("ke-game");
    for (const game of games) picker.append(element("option", game.title, {value: game.name}));
    const wanted = new URLSearchParams(location.search).get("game");
    state.game = games.some((g) => g.name === wanted) ? wanted : (games[0] || {}).name;
    picker.value = state.game;
    translate();
    let linked = new URLSearchParams(location.search).get("position");
    const changed = async () => {
      state.page = 1;
      state.asked = null;
      state.pattern = null;
      state.mode = "position";
      document.querySelector("input[name=ke-mode][value=position]").checked = true;
      restart(linked);
      linked = null;  // the link's position is the first game's alone
      list();
      const begun = await ask("/api/explore", {game: state.game, recent: 0});
      setupFrom(begun.key);
      state.brush = 0;
      sideChoices();
      showEditor();
      preview();
    };
    picker.addEventListener("change", () => { state.game = picker.value; changed(); });
    $("ke-by").addEventListener("change", (event) => {
      state.by = event.target.value;
      if (state.data) explore(state.data.key);
    });
    $("ke-lang").addEventListener("change", (event) => {
      state.lang = event.target.value;
      try {
        localStorage.setItem(LANGUAGE_KEY, state.lang);
      } catch (error) {
        // not kept (no storage): the page is still shown in it
      }
      const address = new URL(location.href);
      if (address.searchParams.has("lang")) {  // the address says the language picked now
        address.searchParams.set("lang", state.lang);
        history.replaceState(null, "", address);
      }
      translate();
    });
    $("ke-back").addEventListener("click", back);
    $("ke-start").addEventListener("click", () => restart());
    $("ke-play").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = event.target.elements.move.value.trim();
      if (text && state.data) playMove(text).then(() => { event.target.elements.move.value = ""; });
    });
    $("ke-prev").addEventListener("click", () => { state.page -= 1; list(); });
    $("ke-next").addEventListener("click", () => { state.page += 1; list(); });
    for (const button of document.querySelectorAll("[data-sort]")) {
      button.addEventListener("click", () => {
        const column = button.dataset.sort;
        state.order = state.sort === column && state.order === "asc" ? "desc" : "asc";
        state.sort = column;
        state.page = 1;
        list();
      });
    }
    $("ke-filter").addEventListener("submit", (event) => {
      event.preventDefault();
      state.filters = Object.fromEntries(new FormData(event.target));
      state.page = 1;
      list();
    });
    for (const radio of document.querySelectorAll("input[name=ke-mode]")) {
      radio.addEventListener("change", () => { state.mode = radio.value; state.brush = 0; showEditor(); preview(); });
    }
    // Drawn anew as the size is typed; its change on leaving the field (a click on the
    // board) redraws nothing, so that the click lands on the point it was aimed at.
    for (const id of ["ke-width", "ke-height"]) {
      for (const kind of ["input", "change"]) $(id).addEventListener(kind, () => { if (newPattern()) showEditor(); });
    }
    $("ke-anchor").addEventListener("change", showEditor);
    $("ke-side").addEventListener("change", () => {
      const found = layout();
      if (found) { state.setup.fields[found.side_field] = $("ke-side").value; preview(); }
    });
    $("ke-search-board").addEventListener("click", searchBoard);
    $("ke-take").addEventListener("click", takeExplorer);
    $("ke-clear").addEventListener("click", clearBoard);
    $("ke-unask").addEventListener("click", () => { state.asked = null; state.page = 1; list(); });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && state.chosen.length) {
        resetClicks();
        showMoves();
        return;
      }
      if (event.target.closest("input, select, textarea, .ke-points") || event.ctrlKey || event.metaKey || event.altKey) return;
      if (/^[1-9]$/.test(event.key) && state.data && state.data.moves[Number(event.key) - 1]) {
        step(state.data.moves[Number(event.key) - 1]);
        event.preventDefault();
      } else if (event.key === "Backspace" || event.key === "ArrowLeft") {
        back();
        event.preventDefault();
      } else if (event.key === "Home") {
        restart();
        event.preventDefault();
      }
    });
    await changed();
    document.body.classList.add("ke-ready");
  }

  document.addEventListener("DOMContentLoaded", begin);
})();
