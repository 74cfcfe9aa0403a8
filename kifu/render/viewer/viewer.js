/* kifu's game viewer: steps through the positions of a record written by
   `kifu render --format html`.  Every position is the game's own SVG, rebuilt from shared
   dictionaries and per-position edits (see kifu/render/viewer/svgdiff.py).  Each viewer on a
   page keeps its own state and listens to keys only while focus is inside it; no global names,
   no element ids, no requests. */
(function () {
  "use strict";

  var HOLD_DELAY = 420;
  var HOLD_REPEAT = 90;
  var LARGE_STEP = 10;
  var FRAME_DELAY = 350;
  var ICON = '<svg class="kv-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">' +
    '<path fill="currentColor" d="';
  var PLAY = ICON + 'M4 2.5v11l9-5.5z"/></svg> Play';
  var PAUSE = ICON + 'M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z"/></svg> Pause';

  function each(list, fn) {
    Array.prototype.forEach.call(list, fn);
  }

  function make(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  /* The URL's fragment as names and values; a viewer with a key reads only "KEY.name". */
  function readHash(prefix) {
    var params = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      var eq = part.indexOf("=");
      if (eq < 0) return;
      var name, value;
      try {
        name = decodeURIComponent(part.slice(0, eq));
        value = decodeURIComponent(part.slice(eq + 1));
      } catch (e) {
        return;
      }
      if (name.indexOf(prefix) !== 0) return;
      name = name.slice(prefix.length);
      if (name.indexOf(".") < 0) params[name] = value;
    });
    return params;
  }

  /* Edits "at,removed,added,ids..." (base 36) applied to a list of line numbers. */
  function applyEdits(before, packed) {
    if (!packed) return before;
    var nums = packed.split(",").map(function (n) { return parseInt(n, 36); });
    var after = before.slice();
    var shift = 0;
    for (var i = 0; i < nums.length; i += 3 + nums[i + 2]) {
      var args = [nums[i] + shift, nums[i + 1]].concat(nums.slice(i + 3, i + 3 + nums[i + 2]));
      after.splice.apply(after, args);
      shift += nums[i + 2] - nums[i + 1];
    }
    return after;
  }

  /* ---- one game: its tree of positions and what is shown of the current one ---- */

  function Game(viewer, article, index) {
    var data = JSON.parse(article.querySelector(".kv-data").textContent);
    var count = data.parent.length;
    var self = this;
    this.viewer = viewer;
    this.el = article;
    this.index = index;
    this.data = data;
    this.children = [];
    this.depth = [];
    this.prefer = [];
    for (var i = 0; i < count; i++) {
      this.children.push([]);
      this.prefer.push(0);
      var parent = data.parent[i];
      this.depth.push(parent < 0 ? 0 : this.depth[parent] + 1);
      if (parent >= 0) this.children[parent].push(i);
    }
    this.fault = {};
    data.faults.forEach(function (i) { self.fault[i] = true; });
    this.lineCodes = data.lines ? data.lines.split(" ") : [];
    this.lineTexts = [];
    this.drawings = [[], []];
    this.board = article.querySelector(".kv-board");
    this.now = article.querySelector(".kv-now");
    this.note = article.querySelector(".kv-note");
    this.branches = article.querySelector(".kv-branches");
    this.moves = article.querySelector(".kv-moves");
    this.moveLinks = {};
    this.notes = {};
    each(article.querySelectorAll(".kv-moves a.kv-m"), function (a) {
      self.moveLinks[a.getAttribute("data-i")] = a;
    });
    each(article.querySelectorAll(".kv-moves .kv-c[data-i], .kv-moves .kv-warn, .kv-moves .kv-err .kv-diag"),
      function (el) {
        var at = el.getAttribute("data-i") || el.parentNode.getAttribute("data-i");
        (self.notes[at] = self.notes[at] || []).push(el);
      });
    this.treeLinks = article.querySelectorAll(".kv-tree a.kv-t");
    this.current = data.open;
    this.marked = article.querySelector(".kv-moves a.kv-current");
  }

  Game.prototype.lineText = function (id) {
    var text = this.lineTexts[id];
    if (text === undefined) {
      var tokens = this.data.tokens;
      text = this.lineCodes[id].split(",").map(function (t) { return tokens[parseInt(t, 36)]; }).join(" ");
      this.lineTexts[id] = text;
    }
    return text;
  };

  /* The lines of a position's SVG: edits applied from the nearest position already built. */
  Game.prototype.lines = function (node, flipped) {
    var built = this.drawings[flipped ? 1 : 0];
    var edits = this.data[flipped ? "flipped" : "edits"];
    var chain = [];
    var x = node;
    while (x >= 0 && !built[x]) {
      chain.push(x);
      x = this.data.parent[x];
    }
    var lines = x >= 0 ? built[x] : [];
    for (var k = chain.length - 1; k >= 0; k--) {
      lines = applyEdits(lines, edits[chain[k]]);
      built[chain[k]] = lines;
    }
    return lines;
  };

  Game.prototype.text = function (lines) {
    var self = this;
    return lines.map(function (id) { return self.lineText(id); }).join("\n");
  };

  /* Step k of what the move to a node did (a chain link by link), drawn from the node's own. */
  Game.prototype.frameLines = function (node, k, flipped) {
    return applyEdits(this.lines(node, flipped), this.data.frames[node][k][flipped ? 1 : 0]);
  };

  Game.prototype.frameCount = function (node) {
    var frames = this.data.frames[node];
    return frames ? frames.length : 0;
  };

  Game.prototype.moveName = function (node) {
    var number = this.data.number[node];
    var notation = this.data.notation[node];
    if (this.fault[node]) return "not legal" + (notation ? ": " + notation : "");
    if (number === null) return notation || "entry " + this.depth[node];
    return "move " + number + (notation ? " (" + notation + ")" : "");
  };

  Game.prototype.status = function (node) {
    return this.data.statuses[this.data.status[node]];
  };

  Game.prototype.describe = function (node) {
    var where = node === 0 ? "start position" : "after " + this.moveName(node);
    return [this.data.game, where, this.status(node)].filter(Boolean).join(", ");
  };

  /* The variation path of the line a node is on: (entry, choice) of each variation start. */
  Game.prototype.path = function (node) {
    var pairs = [];
    for (var x = node; x > 0; x = this.data.parent[x]) {
      if (this.data.choice[x]) pairs.unshift(this.depth[x] + "." + this.data.choice[x]);
    }
    return pairs.join(".");
  };

  Game.prototype.lineStart = function (node) {
    var x = node;
    while (x > 0 && !this.data.choice[x] && this.data.parent[x] > 0) x = this.data.parent[x];
    return x;
  };

  Game.prototype.go = function (node, how) {
    if (node < 0 || node >= this.data.parent.length) return false;
    this.stopFrames();
    this.current = node;
    this.el.setAttribute("data-node", node);
    for (var x = node; this.data.parent[x] >= 0; x = this.data.parent[x]) {
      var parent = this.data.parent[x];
      this.prefer[parent] = this.children[parent].indexOf(x);
    }
    this.draw();
    this.mark();
    this.explain();
    this.showBranches();
    this.now.textContent = this.announcement(node);
    if (how !== "quiet") this.viewer.writeUrl(this, how === "replace");
    return true;
  };

  Game.prototype.draw = function (lines, label) {
    var node = this.current;
    this.board.innerHTML = this.text(lines || this.lines(node, this.viewer.flipped));
    var svg = this.board.firstElementChild;
    if (svg) {
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", label || this.describe(node));
    }
  };

  /* Show the steps of what the current move did, one after another, then the position. */
  Game.prototype.playFrames = function (delay) {
    var self = this;
    var node = this.current;
    var count = this.frameCount(node);
    var k = 0;
    this.stopFrames();
    if (!count) return;
    (function show() {
      if (k < count) {
        self.el.setAttribute("data-frame", k);
        self.draw(self.frameLines(node, k, self.viewer.flipped),
          self.describe(node) + ", step " + (k + 1) + " of " + count);
        k++;
        self.frameTimer = setTimeout(show, delay);
      } else {
        self.stopFrames();
        self.draw();
      }
    })();
  };

  Game.prototype.stopFrames = function () {
    clearTimeout(this.frameTimer);
    this.frameTimer = null;
    this.el.removeAttribute("data-frame");
  };

  Game.prototype.next = function (how) {
    var kids = this.children[this.current];
    return kids.length > 0 && this.go(kids[this.prefer[this.current]] || kids[0], how);
  };

  Game.prototype.step = function (count, how) {
    var moved = false;
    var target = this.current;
    for (var i = 0; i < Math.abs(count); i++) {
      if (count > 0) {
        var kids = this.children[target];
        if (!kids.length) break;
        target = kids[this.prefer[target]] || kids[0];
      } else {
        if (this.data.parent[target] < 0) break;
        target = this.data.parent[target];
      }
      moved = true;
    }
    if (moved) this.go(target, how);
    return moved;
  };

  Game.prototype.end = function () {
    this.step(this.data.parent.length, "push");
  };

  /* Up and down: which branch the next step takes; with none here, the other variations of
     the current move. */
  Game.prototype.choose = function (delta) {
    var kids = this.children[this.current];
    if (kids.length > 1) {
      var n = kids.length;
      this.prefer[this.current] = (this.prefer[this.current] + delta + n) % n;
      this.showBranches();
      this.now.textContent = "Next: " + this.branchLabel(kids[this.prefer[this.current]]);
      return;
    }
    var parent = this.data.parent[this.current];
    if (parent < 0) return;
    var siblings = this.children[parent];
    if (siblings.length > 1) {
      var at = siblings.indexOf(this.current);
      this.go(siblings[(at + delta + siblings.length) % siblings.length], "push");
    }
  };

  Game.prototype.branchLabel = function (node) {
    var number = this.data.number[node];
    var text = (number !== null && !this.fault[node] ? number + ". " : "") +
      (this.data.notation[node] || "result");
    var choice = this.data.choice[node];
    return choice ? text + " (variation " + this.path(node) + ")" : text + " (main)";
  };

  Game.prototype.mark = function () {
    var old = this.marked;
    if (old) {
      old.classList.remove("kv-current");
      old.removeAttribute("aria-current");
      old.tabIndex = -1;
    }
    var link = this.moveLinks[this.current] || null;
    this.marked = link;
    var focusWasOnMove = old && document.activeElement === old;
    if (link) {
      link.classList.add("kv-current");
      link.setAttribute("aria-current", "step");
      link.tabIndex = 0;
      this.reveal(link);
      if (focusWasOnMove) link.focus({ preventScroll: true });
    } else {
      this.moves.scrollTop = 0;
    }
    var main = this.children[0][0];
    var start = this.lineStart(this.current) || main;
    var onPath = {};
    onPath[main] = true;
    for (var x = start; x > 0 && this.data.parent[x] > 0; x = this.lineStart(this.data.parent[x])) {
      onPath[x] = true;
    }
    each(this.treeLinks, function (a) {
      var first = +a.getAttribute("data-i");
      a.classList.toggle("kv-current", first === start);
      a.classList.toggle("kv-onpath", !!onPath[first] && first !== start);
    });
  };

  /* Scroll the move list, never the page, so that the current move is in sight. */
  Game.prototype.reveal = function (link) {
    var box = this.moves;
    if (box.scrollHeight <= box.clientHeight + 1) return;
    var top = link.offsetTop;
    var bottom = top + link.offsetHeight;
    if (top < box.scrollTop + 8) box.scrollTop = Math.max(0, top - 24);
    else if (bottom > box.scrollTop + box.clientHeight - 8) box.scrollTop = bottom - box.clientHeight + 24;
  };

  Game.prototype.explain = function () {
    var node = this.current;
    var note = this.note;
    note.textContent = "";
    var head = make("p", "kv-note-head");
    head.appendChild(make("strong", "", node === 0 ? "Start position" :
      this.moveName(node).replace(/^./, function (c) { return c.toUpperCase(); })));
    var status = this.status(node);
    if (status) head.appendChild(make("span", "kv-dim", " \u00b7 " + status));
    note.appendChild(head);
    (this.notes[node] || []).forEach(function (el) {
      var copy = el.cloneNode(true);
      copy.removeAttribute("data-i");
      note.appendChild(copy);
    });
    var words = this.data.words[node];
    if (words && words.length) {
      var list = make("ul", "kv-words");
      words.forEach(function (w) { list.appendChild(make("li", "", w)); });
      note.appendChild(list);
    }
    var count = this.frameCount(node);
    if (count) {
      var again = make("button", "kv-frames", "Show it step by step (" + count + " steps)");
      again.type = "button";
      again.setAttribute("data-act", "frames");
      note.appendChild(again);
    }
  };

  Game.prototype.announcement = function (node) {
    var parts = [node === 0 ? "Start position" : this.moveName(node)];
    var words = this.data.words[node];
    if (words) parts = parts.concat(words);
    if (this.fault[node]) {
      var diag = this.note.querySelector(".kv-msg");
      if (diag) parts.push(diag.textContent);
    }
    parts.push(this.status(node));
    return parts.filter(Boolean).join(". ");
  };

  Game.prototype.showBranches = function () {
    var box = this.branches;
    var self = this;
    box.textContent = "";
    var kids = this.children[this.current];
    if (kids.length > 1) {
      box.appendChild(make("span", "kv-dim", "Next move: "));
      kids.forEach(function (kid, k) {
        var b = make("button", "kv-branch", self.branchLabel(kid));
        b.type = "button";
        b.setAttribute("data-go", kid);
        b.setAttribute("aria-pressed", String(k === self.prefer[self.current]));
        box.appendChild(b);
      });
      box.appendChild(make("span", "kv-dim kv-hint", " (\u2191\u2193 choose)"));
    }
    var start = this.lineStart(this.current);
    if (this.data.choice[start]) {
      var line = make("div", "kv-inline");
      line.appendChild(make("span", "", "In variation " + this.path(start) + " "));
      var back = make("button", "kv-leave", "Back to where it branches");
      back.type = "button";
      back.setAttribute("data-leave", this.data.parent[start]);
      line.appendChild(back);
      box.appendChild(line);
    }
    box.hidden = !box.firstChild;
  };

  /* A link's names resolved to a node: game, move (or entry) and variation path. */
  Game.prototype.resolve = function (params) {
    var pairs = {};
    var parts = (params.variation || "").split(".");
    var lastEntry = 0;
    for (var i = 0; i + 1 < parts.length; i += 2) {
      pairs[+parts[i]] = +parts[i + 1];
      lastEntry = Math.max(lastEntry, +parts[i]);
    }
    var move = params.move !== undefined ? +params.move : null;
    var entry = params.entry !== undefined ? +params.entry : null;
    if (move === null && entry === null) {
      if (!lastEntry) return params.variation === undefined ? null : 0;
      entry = lastEntry;
    }
    var x = 0;
    for (;;) {
      if (entry !== null && this.depth[x] === entry) return x;
      if (move !== null && (move === 0 ? x === 0 : this.data.number[x] === move && !this.fault[x])) return x;
      var want = pairs[this.depth[x] + 1] || 0;
      var kids = this.children[x];
      var found = -1;
      for (var k = 0; k < kids.length; k++) {
        if (this.data.choice[kids[k]] === want) { found = kids[k]; break; }
      }
      if (found < 0) return x;
      x = found;
    }
  };

  /* ---- a viewer: one or more games, the controls, keys, links ---- */

  function Viewer(root) {
    var self = this;
    this.root = root;
    this.key = root.getAttribute("data-key") || "";
    this.prefix = this.key ? this.key + "." : "";
    this.flipped = false;
    this.timer = null;
    this.games = [];
    each(root.querySelectorAll("article.kv-game"), function (article, i) {
      if (article.querySelector(".kv-data")) self.games.push(new Game(self, article, i));
      else self.games.push(null);
    });
    this.articles = root.querySelectorAll("article.kv-game");
    this.active = 0;
    root.classList.add("kv-js");
    each(root.querySelectorAll(".kv-bar"), function (bar) { bar.hidden = false; });
    each(root.querySelectorAll(".kv-note"), function (note) { note.hidden = false; });
    root.addEventListener("keydown", function (e) { self.onKey(e); });
    root.addEventListener("click", function (e) { self.onClick(e); });
    root.addEventListener("pointerdown", function (e) { self.onPress(e); });
    each(root.querySelectorAll(".kv-speed select"), function (select) {
      select.addEventListener("change", function () {
        each(root.querySelectorAll(".kv-speed select"), function (s) { s.value = select.value; });
        if (self.timer) self.play(true);
      });
    });
    /* back, forward, or a link followed; the viewer's own steps resolve to where it is */
    window.addEventListener("hashchange", function () { self.readUrl(true); });
    if (!this.readUrl()) {
      this.select(0, "quiet");
    }
    each(root.querySelectorAll("article.kv-game"), function (article) {
      var button = article.querySelector("button[data-act=coords]");
      if (button && !article.querySelector(".kv-board .coordinates")) button.disabled = true;
    });
  }

  Viewer.prototype.game = function () {
    return this.games[this.active];
  };

  Viewer.prototype.select = function (index, how) {
    if (index < 0 || index >= this.articles.length) index = 0;
    this.stop();
    this.active = index;
    each(this.articles, function (a, i) { a.hidden = i !== index; });
    each(this.root.querySelectorAll(".kv-games a[data-game]"), function (a) {
      if (+a.getAttribute("data-game") === index) a.setAttribute("aria-current", "true");
      else a.removeAttribute("aria-current");
    });
    var game = this.game();
    if (game) game.go(game.current, how);
    else if (how !== "quiet") this.writeUrl(null, false);
  };

  Viewer.prototype.readUrl = function (changed) {
    var params = readHash(this.prefix);
    if (params.game === undefined && params.move === undefined && params.entry === undefined &&
        params.variation === undefined) {
      /* back to the page as first opened: where it opened (a fragment ignores other links) */
      var opened = this.game();
      if (changed && !this.key && opened) opened.go(opened.data.open, "quiet");
      return false;
    }
    var index = params.game !== undefined ? (+params.game || 1) - 1 : this.active;
    if (index !== this.active || !this.started) this.select(index, "quiet");
    this.started = true;
    var game = this.game();
    if (game) {
      var node = game.resolve(params);
      if (node !== null && node !== game.current) game.go(node, "quiet");
    }
    return true;
  };

  /* Only a whole page owns its URL; a fragment reads its links but leaves the URL alone. */
  Viewer.prototype.writeUrl = function (game, replace) {
    this.started = true;
    if (this.key) return;
    var params = [];
    if (this.articles.length > 1) params.push("game=" + (this.active + 1));
    if (game) {
      var node = game.current;
      var number = game.data.number[node];
      if (node === 0) params.push("move=0");
      else if (number !== null && !game.fault[node]) params.push("move=" + number);
      else params.push("entry=" + game.depth[node]);
      var path = game.path(node);
      if (path) params.push("variation=" + path);
    }
    var hash = "#" + params.join("&");
    if (hash === location.hash) return;
    if (replace) location.replace(hash);
    else location.hash = hash;
  };

  Viewer.prototype.act = function (action, how) {
    var game = this.game();
    if (!game) return false;
    switch (action) {
      case "first": return game.go(0, how);
      case "prev": return game.step(-1, how);
      case "next":
        if (!game.step(1, how)) return false;
        game.playFrames(FRAME_DELAY);
        return true;
      case "frames": game.playFrames(FRAME_DELAY); return true;
      case "back10": return game.step(-LARGE_STEP, how);
      case "fwd10": return game.step(LARGE_STEP, how);
      case "last": game.end(); return true;
      case "play": this.play(false); return true;
      case "flip": this.flip(); return true;
      case "coords": this.coords(); return true;
    }
    return false;
  };

  Viewer.prototype.onKey = function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;
    var actions = {
      ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last",
      PageUp: "back10", PageDown: "fwd10", p: "play", P: "play", f: "flip", F: "flip",
      c: "coords", C: "coords"
    };
    var game = this.game();
    if (!game) return;
    if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      this.stop();
      game.choose(e.key === "ArrowUp" ? -1 : 1);
    } else if (actions[e.key]) {
      if (actions[e.key] !== "play") this.stop();
      this.act(actions[e.key], "push");
    } else {
      return;
    }
    e.preventDefault();
  };

  Viewer.prototype.onClick = function (e) {
    var target = e.target.closest ? e.target : null;
    if (!target) return;
    var game = this.game();
    var el;
    if ((el = target.closest("button[data-act]"))) {
      if (this.swallowClick === el) {
        this.swallowClick = null;
        return;
      }
      if (el.getAttribute("data-act") !== "play") this.stop();
      this.act(el.getAttribute("data-act"), "push");
    } else if ((el = target.closest("a[data-game]"))) {
      e.preventDefault();
      this.select(+el.getAttribute("data-game"), "push");
    } else if (game && (el = target.closest("a.kv-m, a.kv-t"))) {
      e.preventDefault();
      this.stop();
      game.go(+el.getAttribute("data-i"), "push");
    } else if (game && (el = target.closest("button[data-go]"))) {
      this.stop();
      game.go(+el.getAttribute("data-go"), "push");
    } else if (game && (el = target.closest("button[data-leave]"))) {
      this.stop();
      var at = +el.getAttribute("data-leave");
      game.go(at, "push");
      game.prefer[at] = 0;
      game.showBranches();
    } else if (game && target.closest(".kv-board")) {
      /* tap zones: the left third steps back, the right third forward */
      var box = game.board.getBoundingClientRect();
      var x = (e.clientX - box.left) / (box.width || 1);
      this.stop();
      if (x < 1 / 3) game.step(-1, "push");
      else if (x > 2 / 3) game.step(1, "push");
      this.root.focus({ preventScroll: true });
    }
  };

  /* Press and hold a step button: it repeats until released. */
  Viewer.prototype.onPress = function (e) {
    var button = e.target.closest && e.target.closest("button[data-act]");
    if (!button || e.button !== 0) return;
    var action = button.getAttribute("data-act");
    if (["prev", "next", "back10", "fwd10"].indexOf(action) < 0) return;
    var self = this;
    this.stop();
    this.act(action, "push");
    this.swallowClick = button;
    var repeat = null;
    var hold = setTimeout(function () {
      repeat = setInterval(function () {
        if (!self.act(action, "replace")) release();
      }, HOLD_REPEAT);
    }, HOLD_DELAY);
    function release() {
      clearTimeout(hold);
      clearInterval(repeat);
      ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) {
        button.removeEventListener(name, release);
      });
    }
    ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) {
      button.addEventListener(name, release);
    });
  };

  Viewer.prototype.play = function (restart) {
    var self = this;
    var game = this.game();
    if (!game) return;
    if (this.timer && !restart) {
      this.stop();
      return;
    }
    clearTimeout(this.timer);
    if (!game.children[game.current].length) game.go(0, "replace");
    var select = game.el.querySelector(".kv-speed select");
    var delay = select ? +select.value : 1000;
    this.setPlaying(true);
    this.timer = setTimeout(function tick() {
      var moved = game.next("replace");
      if (moved) game.playFrames(Math.min(FRAME_DELAY, delay / (game.frameCount(game.current) + 1)));
      if (moved && game.children[game.current].length) {
        self.timer = setTimeout(tick, delay);
      } else {
        self.stop();
      }
    }, delay);
  };

  Viewer.prototype.stop = function () {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.setPlaying(false);
  };

  Viewer.prototype.setPlaying = function (on) {
    each(this.root.querySelectorAll("button.kv-play"), function (b) {
      b.setAttribute("aria-pressed", String(on));
      b.innerHTML = on ? PAUSE : PLAY;
    });
    this.root.classList.toggle("kv-playing", on);
  };

  Viewer.prototype.flip = function () {
    this.flipped = !this.flipped;
    var flipped = this.flipped;
    each(this.root.querySelectorAll("button[data-act=flip]"), function (b) {
      b.setAttribute("aria-pressed", String(flipped));
    });
    var game = this.game();
    if (game) {
      game.stopFrames();
      game.draw();
    }
  };

  Viewer.prototype.coords = function () {
    var off = this.root.classList.toggle("kv-nocoords");
    each(this.root.querySelectorAll("button[data-act=coords]"), function (b) {
      b.setAttribute("aria-pressed", String(!off));
    });
  };

  function start() {
    each(document.querySelectorAll("section.kifu-viewer"), function (root) {
      if (root.getAttribute("data-ready")) return;
      root.setAttribute("data-ready", "1");
      new Viewer(root);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
