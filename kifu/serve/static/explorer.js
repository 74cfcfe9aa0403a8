/* kifu serve's explorer: every text from a record is set as text (textContent), never as
   markup; the page asks only its own server (/api/...). */
"use strict";
(function () {
  const TEXTS = {
    en: {title: "kifu explorer", game: "Game", language: "Language", explorer: "Explorer",
      back: "Back", start: "Start", next: "Moves played next", move: "Move", games: "Games",
      results: "Win / draw / loss", recent: "Recent games", records: "Games", player: "Player",
      event: "Event", date: "Date", search: "Search", name: "Record", black: "First",
      white: "Second", result: "Result", moves: "Moves", previous: "Previous", following: "Next",
      keys: "Keys: 1-9 play a move, Backspace or \u2190 goes back, Home the start.",
      line: "Line", startLine: "the start", summary: "{games} games reach this position; {side} to move.",
      count: "{total} games, page {page} of {pages}", board: "The board after: {line}",
      stopped: "Stopped: ", none: "No game continues from here.", error: "Error: ",
      bar: "{side}: {win} won, {draw} drawn, {loss} lost"},
    ja: {title: "kifu 棋譜エクスプローラー", game: "ゲーム", language: "言語", explorer: "定跡エクスプローラー",
      back: "戻る", start: "初期局面", next: "次の手", move: "手", games: "局数",
      results: "勝ち / 引き分け / 負け", recent: "最近の対局", records: "対局一覧", player: "対局者",
      event: "棋戦", date: "日付", search: "検索", name: "棋譜", black: "先手", white: "後手",
      result: "結果", moves: "手数", previous: "前へ", following: "次へ",
      keys: "キー: 1-9 で手を選ぶ、Backspace か ← で戻る、Home で初期局面。",
      line: "手順", startLine: "初期局面", summary: "この局面に至った対局: {games} 局。手番: {side}。",
      count: "{total} 局、{page} / {pages} ページ", board: "局面: {line}",
      stopped: "中断: ", none: "この局面から続く対局はありません。", error: "エラー: ",
      bar: "{side}: {win} 勝 {draw} 分 {loss} 敗"}
  };
  const $ = (id) => document.getElementById(id);
  const state = {lang: "en", game: null, trail: [], data: null, listed: null, page: 1, sort: "id", order: "asc", filters: {}};

  function say(name, values) {
    let text = (TEXTS[state.lang] || TEXTS.en)[name] || TEXTS.en[name] || name;
    for (const key in values || {}) text = text.split("{" + key + "}").join(String(values[key]));
    return text;
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

  function translate() {
    document.documentElement.lang = state.lang;
    for (const node of document.querySelectorAll("[data-text]")) node.textContent = say(node.dataset.text);
    document.title = say("title");
    if (state.data) showExplored(state.data);
    if (state.listed) showList(state.listed);
  }

  async function explore(key) {
    try {
      const data = await ask("/api/explore", {game: state.game, position: key});
      state.data = data;
      showExplored(data);
    } catch (error) {
      $("ke-summary").textContent = say("error") + error.message;
    }
  }

  function showExplored(data) {
    const line = state.trail.map((step) => step.move).join(" ") || say("startLine");
    $("ke-line").textContent = say("line") + ": " + line;
    const board = $("ke-board");
    board.src = "/api/board?" + new URLSearchParams({game: data.game, position: data.key});
    board.alt = say("board", {line: line});
    $("ke-summary").textContent = say("summary", {games: data.games, side: data.to_move || "-"});
    const body = $("ke-moves");
    body.replaceChildren();
    data.moves.forEach((move, index) => {
      const row = element("tr");
      const cell = element("td");
      const button = element("button", move.move, {type: "button", "data-key": move.key || ""});
      if (index < 9) button.setAttribute("aria-keyshortcuts", String(index + 1));
      if (!move.key) button.disabled = true;
      button.addEventListener("click", () => step(move));
      cell.append(button);
      row.append(cell, element("td", move.games, {"class": "ke-count"}));
      const decided = move.win + move.draw + move.loss;
      const bar = element("div", null, {"class": "ke-bar", role: "img",
        "aria-label": say("bar", {side: data.to_move || "-", win: move.win, draw: move.draw, loss: move.loss})});
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
    if (!data.moves.length) body.append(element("tr")).append(element("td", say("none"), {colspan: "3"}));
    const recent = $("ke-recent");
    recent.replaceChildren();
    for (const hit of data.recent) {
      const item = element("li");
      const names = [hit.black, hit.white].filter((n) => n).join(" \u2013 ");
      item.append(element("a", (names || hit.name) + (hit.date ? " (" + hit.date + ")" : ""), {href: hit.viewer}));
      recent.append(item);
    }
    $("ke-back").disabled = !state.trail.length;
  }

  function step(move) {
    if (!move.key) return;
    state.trail.push({move: move.move, key: move.key});
    explore(move.key);
  }

  function back() {
    if (!state.trail.length) return;
    state.trail.pop();
    explore(state.trail.length ? state.trail[state.trail.length - 1].key : undefined);
  }

  function restart() {
    state.trail = [];
    explore(undefined);
  }

  async function list() {
    try {
      const data = await ask("/api/search", Object.assign({game: state.game, page: state.page,
        per_page: 20, sort: state.sort, order: state.order}, state.filters));
      state.listed = data;
      showList(data);
    } catch (error) {
      $("ke-count").textContent = say("error") + error.message;
    }
  }

  function showList(data) {
      const pages = Math.max(1, Math.ceil(data.total / data.per_page));
      $("ke-count").textContent = (data.stopped ? say("stopped") + data.stopped + " " : "") +
        say("count", {total: data.total, page: data.page, pages: pages});
      const body = $("ke-list");
      body.replaceChildren();
      for (const hit of data.records) {
        const row = element("tr");
        const first = element("td");
        first.append(element("a", hit.name, {href: hit.viewer}));
        row.append(first);
        for (const column of ["black", "white", "date", "result", "moves"]) row.append(element("td", hit[column]));
        body.append(row);
      }
      $("ke-prev").disabled = data.page <= 1;
      $("ke-next").disabled = data.page >= pages;
  }

  async function begin() {
    const saved = localStorage.getItem("kifu-lang");
    state.lang = saved || ((navigator.language || "en").startsWith("ja") ? "ja" : "en");
    $("ke-lang").value = state.lang;
    translate();
    const games = (await ask("/api/games")).games;
    const picker = $("ke-game");
    for (const game of games) picker.append(element("option", game.title, {value: game.name}));
    const wanted = new URLSearchParams(location.search).get("game");
    state.game = games.some((g) => g.name === wanted) ? wanted : (games[0] || {}).name;
    picker.value = state.game;
    picker.addEventListener("change", () => { state.game = picker.value; state.page = 1; restart(); list(); });
    $("ke-lang").addEventListener("change", (event) => {
      state.lang = event.target.value;
      localStorage.setItem("kifu-lang", state.lang);
      translate();
    });
    $("ke-back").addEventListener("click", back);
    $("ke-start").addEventListener("click", restart);
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
    document.addEventListener("keydown", (event) => {
      if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
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
    restart();
    list();
    document.body.classList.add("ke-ready");
  }

  document.addEventListener("DOMContentLoaded", begin);
})();
