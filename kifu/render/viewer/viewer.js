/* kifu's game viewer: steps through the positions of a record written by
   `kifu render --format html`.  Every position is the game's own SVG, rebuilt on demand from a
   shared table of lines and per-position edits (see kifu/render/viewer/svgdiff.py); a
   collection's games are built one at a time, when picked.  Each viewer on a page keeps its
   own state; a whole page answers keys at once, a fragment while focus is inside it.  No
   global names, no element ids, no requests. */
(function () {
  "use strict";

  var HOLD_DELAY = 420;
  var HOLD_REPEAT = 90;
  var LARGE_STEP = 10;
  var FRAME_DELAY = 350;
  var REPLY_DELAY = 500;
  var KEEP_EVERY = 16;
  var LINE_LIMIT = 1500;
  var FOLD = 400;
  var LONG_ENTRY = 24;  // characters: longer entries may wrap (see .kv-long)
  var ICON = '<svg class="kv-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">' +
    '<path fill="currentColor" d="';
  var PLAY = ICON + 'M4 2.5v11l9-5.5z"/></svg> <span>Play</span>';
  var PAUSE = ICON + 'M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z"/></svg> <span>Pause</span>';

  /* Scroll a list (the moves, the games), never the page, so that one of its entries is in
     sight. Measured on screen: offsetTop counts from the nearest positioned box, which may be
     the list itself or the entry's own row. */
  function reveal(box, el) {
    if (!box || box.scrollHeight <= box.clientHeight + 1) return;
    var top = el.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    var bottom = top + el.getBoundingClientRect().height;
    if (top < box.scrollTop + 8) box.scrollTop = Math.max(0, top - 24);
    else if (bottom > box.scrollTop + box.clientHeight - 8) box.scrollTop = bottom - box.clientHeight + 24;
  }

  /* Whether a drawn box r is drawn at the mark m of a move: the mark itself, or a piece
     around the mark's centre no more than a few marks wide (a stone, not a whole field). */
  function drawnAt(r, m) {
    var x = m.left + m.width / 2, y = m.top + m.height / 2;
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom &&
      r.width <= 6 * m.width + 2 && r.height <= 6 * m.height + 2;
  }

  var SVG_NS = "http://www.w3.org/2000/svg";

  /* The letter of the k-th next move: A, B... Z, then AA, AB... */
  function nextLetter(k) {
    return (k >= 26 ? nextLetter(Math.floor(k / 26) - 1) : "") + String.fromCharCode(65 + k % 26);
  }

  /* ---- the interface's words: English as written here and in the page, Japanese, Chinese
     and Korean from one table each (words.json, put in place of "@WORDS@" when the page is
     written), chosen from the browser's languages or by the reader (kept in localStorage).
     The record's own text is never translated. ---- */

  var WORDS = "@WORDS@";  // {names: {code: name}, ja: {English: Japanese}, zh: ..., ko: ...}
  var LANGUAGES = WORDS.names;  // each named in itself
  var LANGUAGE_KEY = "kifu-language";
  var lang = "en";

  function chooseLanguage() {
    var kept = null;
    try {
      kept = localStorage.getItem(LANGUAGE_KEY);
    } catch (e) {
      kept = null;
    }
    if (kept && LANGUAGES[kept]) return kept;
    var wanted = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i]).toLowerCase().split("-")[0];
      if (LANGUAGES[code]) return code;
    }
    return "en";
  }

  /* A string as the reader's language says it, and one with its {0}, {1}... filled in. */
  function t(english) {
    var table = WORDS[lang];
    return (table && table[english]) || english;
  }

  function tf(english) {
    var args = arguments;
    return t(english).replace(/\{(\d)\}/g, function (all, k) { return args[+k + 1]; });
  }

  /* The page's own English (a control's name, a verdict, "Game 3 of 12"): the table's entry
     for it, or for the pattern it fills ("Game {0} of {1}"), its parts translated where the
     table has them (a control's name and its key: "Previous (Left arrow)"). */
  var patterns = {};
  function words(english) {
    var table = WORDS[lang];
    if (!table || table[english]) return t(english);
    var found = patterns[lang];
    if (!found) {
      found = patterns[lang] = [];
      Object.keys(table).forEach(function (key) {
        if (key.indexOf("{0}") < 0) return;
        var source = key.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\d\}/g, "(.+?)");
        found.push([new RegExp("^" + source + "$"), key]);
      });
    }
    for (var i = 0; i < found.length; i++) {
      var match = found[i][0].exec(english);
      if (match) return tf.apply(null, [found[i][1]].concat(match.slice(1).map(t)));
    }
    return english;
  }

  /* What a game writes of a position ("black to move", "game over: black wins (five)"):
     the frame and the side's name translated, and the game's reason in its own words. */
  function statusText(status, game) {
    var m = /^(\S+) to move$/.exec(status || "");
    if (m) return tf("{0} to move", game.sideName(m[1]));
    m = /^game over: (.+?) wins(?: \((.*)\))?$/.exec(status || "");
    var ended = m && tf("game over: {0} wins", game.sideName(m[1]));
    if (!m) {
      m = /^game over: draw(?: \((.*)\))?$/.exec(status || "");
      ended = m && t("game over") + ": " + t("draw");
      if (m) m = [m[0], "", m[1]];
    }
    if (m) return m[2] === undefined ? ended : tf("{0} ({1})", ended, gameSaid(m[2], game));
    if (/^game over: /.test(status || "")) return t("game over") + ": " + gameSaid(status.slice(11), game);
    return status;
  }

  /* Frames of how a game ended that every game shares (kifu.plugin.values.Outcome). */
  var OUTCOMES = ["{0} wins ({1})", "draw ({0})", "no result ({0})", "result not known ({0})"];

  /* What a game writes for people (how a game ended, what a move did, its drawing's captions)
     in the reader's language: from the game's own table (its words.json, in the page's data),
     a side's name, else the interface's table; an English pattern's {0}, {1}... said again
     so, its {0!}... (a player's name, a point) kept as written; what no table has stays as
     the game wrote it. */
  function gameSaid(text, game) {
    if (lang === "en" || !text) return text;
    var own = ((game.viewer.gameWords[game.data.game] || {})[lang]) || {};
    var sides = (game.viewer.sideNames[game.data.game] || {})[lang] || {};
    var direct = own[text] || sides[text] || (WORDS[lang] || {})[text];
    if (direct) return direct;
    var cache = game.phrases || (game.phrases = {});
    var list = cache[lang];
    if (!list) {
      list = cache[lang] = Object.keys(own).concat(OUTCOMES).filter(function (key) {
        return /\{\d!?\}/.test(key);
      }).map(function (key) {
        var kept = [];
        var source = key.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\d)(!?)\}/g, function (all, k, mark) {
          kept.push([+k, !!mark]);
          return "(.+?)";
        });
        return [new RegExp("^" + source + "$"), own[key] || t(key), kept, key.replace(/\{\d!?\}/g, "").length];
      }).sort(function (a, b) { return b[3] - a[3]; });  // the most particular first
    }
    for (var i = 0; i < list.length; i++) {
      var match = list[i][0].exec(text);
      if (!match) continue;
      var parts = {};
      list[i][2].forEach(function (place, j) {
        parts[place[0]] = place[1] ? match[j + 1] : gameSaid(match[j + 1], game);
      });
      return list[i][1].replace(/\{(\d)!?\}/g, function (all, k) { return parts[+k]; });
    }
    return text;
  }

  /* A drawing's captions and titles in the reader's language (gameSaid), the English kept to
     come back to; what stays English is marked so. */
  function sayInDrawing(svg, game) {
    each(svg.querySelectorAll("text, title"), function (el) {
      if (el.childElementCount) return;
      var english = el.textContent;
      if (!/[A-Za-z]{2}/.test(english)) return;
      var said = gameSaid(english, game);
      el.textContent = said;
      if (said === english && lang !== "en") el.setAttribute("lang", "en");
    });
  }

  /* Parts of the page that are not its interface: the record's own text, the moves'
     notation, the drawings, what kifu's diagnostics say (in English, as kifu validate). */
  var NOT_INTERFACE = "bdi, script, style, svg, noscript, pre, .kv-moves, .kv-note, .kv-task, .kv-diag, .kv-c, .kv-headers, .kv-glyphs, .kv-lang, " +
    ".kv-branches, .kv-files, .kv-tally, .kv-pick-now, .kv-now";  // the last five written by the script in the language chosen

  /* Every text of the page's interface (written in English) in the reader's language, the
     English kept to come back to; the record's text marked as of no language known. */
  function translate(root) {
    var walker = document.createTreeWalker(root, 5, { acceptNode: function (node) {
      return node.nodeType === 1 && node.matches(NOT_INTERFACE) ? 2 : 1;
    } });
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType !== 3) continue;
      if (node.kvEnglish === undefined) {
        if (!/[A-Za-z]/.test(node.data)) continue;
        node.kvEnglish = node.data;
      }
      var text = node.kvEnglish;
      var core = text.trim();
      node.data = text.slice(0, text.indexOf(core)) + words(core) + text.slice(text.indexOf(core) + core.length);
    }
    // the names and tips of the page's own parts (those the script writes, in the language
    // chosen, left alone)
    each(root.querySelectorAll("[title], [aria-label]"), function (el) {
      if (el.closest("svg, .kv-task, .kv-lang, .kv-branches, .kv-files")) return;
      el.kvNames = el.kvNames || {};
      ["title", "aria-label"].forEach(function (name) {
        var said = el.kvNames[name];
        if (said === undefined) said = el.kvNames[name] = el.getAttribute(name);
        if (said) el.setAttribute(name, words(said));
      });
    });
    if (root.getAttribute("aria-label")) {
      root.kvNames = root.kvNames || { label: root.getAttribute("aria-label") };
      root.setAttribute("aria-label", words(root.kvNames.label));
    }
    // a game the picker names by its number (the record names it nothing): "Game 12: ..."
    each(root.querySelectorAll(".kv-games a > bdi"), function (name) {
      if (name.kvEnglish === undefined) name.kvEnglish = name.textContent;
      var number = +name.parentNode.getAttribute("data-game") + 1;
      name.textContent = name.kvEnglish.replace(/^Game (\d+)(?=:|$)/, function (all, n) { return +n === number ? tf("Game {0}", n) : all; });
    });
    each(root.querySelectorAll("bdi, .kv-c"), function (el) { el.setAttribute("lang", ""); });
  }

  function each(list, fn) {
    Array.prototype.forEach.call(list, fn);
  }

  function make(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    // the record's own text: in a language the page does not know, whatever the interface's
    if (tag === "bdi" || /\bkv-c\b/.test(className)) el.setAttribute("lang", "");
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function button(className, text, attr, value) {
    var b = make("button", className, text);
    b.type = "button";
    if (attr) b.setAttribute(attr, value);
    return b;
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

  function numbers(packed) {
    return packed ? packed.split(",").map(function (n) { return parseInt(n, 36); }) : [];
  }

  /* Edits "at,removed,added,ids..." applied to a list of line numbers. */
  function applyEdits(before, nums) {
    var after = before.slice();
    var shift = 0;
    for (var i = 0; i < nums.length; i += 3 + nums[i + 2]) {
      var args = [nums[i] + shift, nums[i + 1]].concat(nums.slice(i + 3, i + 3 + nums[i + 2]));
      after.splice.apply(after, args);
      shift += nums[i + 2] - nums[i + 1];
    }
    return after;
  }

  /* The changes of a text diagram (see text_changes in model.py). */
  function applyText(rows, changes, shared) {
    var out = rows.slice();
    (changes || []).forEach(function (c) {
      if (c.length === 1) out.length = c[0];
      else if (c.length === 2) out[c[0]] = typeof c[1] === "number" ? shared[c[1]] : c[1];
      else out[c[0]] = out[c[0]].slice(0, c[1]) + c[2] + out[c[0]].slice(c[1] + c[2].length);
    });
    return out;
  }

  /* The files a collection offers to download: one JSON list, deflated, in base64 (see
     _deflated in htmlpage.py), opened the first time one is asked for. */
  function unpacked(base64) {
    var bytes = Uint8Array.from(atob(base64), function (c) { return c.charCodeAt(0); });
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Response(stream).text().then(JSON.parse);
  }

  function download(name, type, text) {
    var a = make("a");
    a.download = name;
    a.href = text.indexOf("data:") === 0 ? text : "data:" + type + ";charset=utf-8," + encodeURIComponent(text);
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  /* ---- the lines of SVG every game of a viewer shares ---- */

  function Table(data) {
    this.tokens = data.tokens;
    this.rows = data.rows || [];
    this.bases = data.bases || [];
    this.codes = data.lines ? data.lines.split(" ") : [];
    this.texts = [];
    this.pairs = data.pairs || "";
    this.others = {};
    var o = numbers(data.others);
    for (var i = 0; i < o.length; i += 2) this.others[o[i]] = o[i + 1];
  }

  Table.prototype.text = function (id) {
    var text = this.texts[id];
    if (text === undefined) {
      var tokens = this.tokens;
      text = this.texts[id] = this.codes[id].split(",").map(function (t) {
        return tokens[parseInt(t, 36)];
      }).join(" ");
    }
    return text;
  };

  /* A line as the board turned round draws it. */
  Table.prototype.turned = function (id) {
    var flag = this.pairs.charAt(id);
    return flag === "1" ? id + 1 : flag === "2" ? id - 1 : id in this.others ? this.others[id] : id;
  };

  /* ---- one game: its tree of positions and what is shown of the current one ---- */

  function Game(viewer, index, data) {
    var count = data.edits ? data.edits.length : 0;
    var self = this;
    var i;
    this.viewer = viewer;
    this.table = viewer.table;
    this.index = index;
    this.data = data;
    this.count = count;
    this.parent = [];
    this.number = [];
    this.children = [];
    this.depth = [];
    this.choice = [];
    this.prefer = [];
    this.size = [];
    var jumps = {};
    var given = {};
    for (i = 0; i < (data.jumps || []).length; i += 2) jumps[data.jumps[i]] = data.jumps[i + 1];
    for (i = 0; i < (data.numbers || []).length; i += 2) given[data.numbers[i]] = data.numbers[i + 1];
    var counted = [];
    for (i = 0; i < count; i++) {
      var parent = i in jumps ? jumps[i] : i - 1;
      var before = parent < 0 ? 0 : counted[parent];
      var number = i in given ? given[i] : before + 1;
      this.parent.push(parent);
      this.number.push(number);
      counted.push(number === null ? before : number);
      this.children.push([]);
      this.prefer.push(0);
      this.size.push(1);
      this.depth.push(parent < 0 ? 0 : this.depth[parent] + 1);
      this.choice.push(parent < 0 ? 0 : this.children[parent].length);
      if (parent >= 0) this.children[parent].push(i);
    }
    for (i = count - 1; i > 0; i--) this.size[this.parent[i]] += this.size[i];
    this.fault = {};
    (data.faults || []).forEach(function (f) { self.fault[f] = true; });
    this.right = {};
    (data.problem || []).forEach(function (r) { self.right[r] = true; });
    this.kept = [{}, {}, {}, {}];
    this.recent = [];
    this.current = data.open || 0;
    this.open = {};
    this.shownLimit = {};
  }

  /* A node's edits in one variant (0 as drawn, 1 turned round, 2 numbered, 3 both). */
  Game.prototype.edits = function (node, variant) {
    var d = this.data;
    var own = [d.edits, d.flipped, d.numbered, d.numflipped][variant];
    if (variant === 0 || variant === 2 || node in own) return numbers(own[node]);
    var nums = this.edits(node, variant - 1);
    var table = this.table;
    for (var i = 0; i < nums.length; i += 3 + nums[i + 2]) {
      for (var k = i + 3; k < i + 3 + nums[i + 2]; k++) nums[k] = table.turned(nums[k]);
    }
    return nums;
  };

  /* The lines of a node's drawing: edits applied from the nearest drawing kept (every
     KEEP_EVERY-th position of a line, and the last few shown). */
  Game.prototype.lines = function (node, variant) {
    var kept = this.kept[variant];
    var chain = [];
    var x = node;
    while (x >= 0 && !kept[x]) {
      chain.push(x);
      x = this.parent[x];
    }
    var lines = x >= 0 ? kept[x] : [];
    for (var k = chain.length - 1; k >= 0; k--) {
      lines = applyEdits(lines, this.edits(chain[k], variant));
      if (this.depth[chain[k]] % KEEP_EVERY === 0) kept[chain[k]] = lines;
    }
    if (!kept[node]) {
      kept[node] = lines;
      this.recent.push([variant, node]);
      if (this.recent.length > 48) {
        var old = this.recent.shift();
        if (this.depth[old[1]] % KEEP_EVERY) delete this.kept[old[0]][old[1]];
      }
    }
    return lines;
  };

  Game.prototype.svg = function (node, variant) {
    var table = this.table;
    return this.lines(node, variant).map(function (id) { return table.text(id); }).join("\n");
  };

  Game.prototype.variant = function () {
    var v = this.viewer;
    return (v.flipped ? 1 : 0) + (v.numbered && this.data.numbered ? 2 : 0);
  };

  Game.prototype.textDiagram = function (node) {
    var chain = [];
    for (var x = node; x >= 0; x = this.parent[x]) chain.push(x);
    var rows = this.data.base === undefined ? [] : this.table.bases[this.data.base];
    for (var k = chain.length - 1; k >= 0; k--) {
      rows = applyText(rows, this.data.text[chain[k]], this.table.rows);
    }
    return rows.join("\n");
  };

  Game.prototype.frameCount = function (node) {
    var frames = (this.data.frames || {})[node];
    return frames ? frames.length : 0;
  };

  Game.prototype.frameSvg = function (node, k) {
    var flipped = this.viewer.flipped ? 1 : 0;
    var lines = applyEdits(this.lines(node, flipped), numbers(this.data.frames[node][k][flipped]));
    var table = this.table;
    return lines.map(function (id) { return table.text(id); }).join("\n");
  };

  Game.prototype.label = function (node) {
    var number = this.number[node];
    var text = this.data.notation[node] || (this.fault[node] ? t("result") : "");
    return (number !== null && !this.fault[node] ? number + ". " : "") + text;
  };

  Game.prototype.moveName = function (node) {
    var number = this.number[node];
    var notation = this.data.notation[node];
    if (this.fault[node]) return t("not legal") + (notation ? ": " + notation : "");
    if (number === null) return notation || tf("entry {0}", this.depth[node]);
    return tf("move {0}", number) + (notation ? " (" + notation + ")" : "");
  };

  Game.prototype.status = function (node) {
    return statusText(this.data.statuses[this.data.status[node]], this);
  };

  /* A side's name in the reader's language: the game's own (Gungi's 先手 in Japanese), else
     the words' table's (Go's 黒, 黑, 흑). */
  Game.prototype.sideName = function (side) {
    var own = (this.viewer.sideNames[this.data.game] || {})[lang];
    return (own && own[side]) || t(side);
  };

  Game.prototype.side = function (node) {
    return this.data.sides[this.data.side[node]];
  };

  Game.prototype.describe = function (node) {
    var where = node === 0 ? t("start position") : tf("after {0}", this.moveName(node));
    return [this.data.game, where, this.status(node)].filter(Boolean).join(", ");
  };

  /* The variation path of the line a node is on, as --variation writes it. */
  Game.prototype.path = function (node) {
    var pairs = [];
    for (var x = node; x > 0; x = this.parent[x]) {
      if (this.choice[x]) pairs.unshift(this.depth[x] + "." + this.choice[x]);
    }
    return pairs.join(".");
  };

  /* The first node of the line a node is on. */
  Game.prototype.lineStart = function (node) {
    var x = node;
    while (x > 0 && !this.choice[x] && this.parent[x] > 0) x = this.parent[x];
    return x;
  };

  Game.prototype.onMainLine = function (node) {
    for (var x = node; x > 0; x = this.parent[x]) if (this.choice[x]) return false;
    return true;
  };

  Game.prototype.hash = function (node) {
    var params = [];
    var prefix = this.viewer.prefix;
    if (this.viewer.count > 1) params.push(prefix + "game=" + (this.index + 1));
    if (node !== undefined) {
      var number = this.number[node];
      if (node === 0) params.push(prefix + "move=0");
      else if (number !== null && !this.fault[node]) params.push(prefix + "move=" + number);
      else params.push(prefix + "entry=" + this.depth[node]);
      var path = this.path(node);
      if (path) params.push(prefix + "variation=" + path);
    }
    return "#" + params.join("&");
  };

  /* A link's names resolved to a node: move (or entry) and variation path. */
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
      if (move !== null && (move === 0 ? x === 0 : this.number[x] === move && !this.fault[x])) return x;
      var want = pairs[this.depth[x] + 1] || 0;
      var kids = this.children[x];
      if (want >= kids.length) return x;
      if (!kids.length) return x;
      x = kids[want];
    }
  };

  /* The node after move `number` on the line being viewed (0: the start). */
  Game.prototype.onLine = function (number) {
    var x = 0;
    for (var y = this.current; y > 0; y = this.parent[y]) this.prefer[this.parent[y]] = this.children[this.parent[y]].indexOf(y);
    while (number > 0 && this.children[x].length) {
      x = this.children[x][this.prefer[x]] || this.children[x][0];
      if (this.number[x] !== null && this.number[x] >= number) break;
    }
    return x;
  };

  /* Where the game tree draws each node: its depth along, a row down.  A line (a node and
     its first children to the end) keeps one row, the first below its parent's that is free
     over its columns; lines are placed deepest branch first, so a short variation early in
     the game fits under a later one.  Linear in the nodes, however the tree branches. */
  Game.prototype.layout = function () {
    if (this.rows) return;
    var rows = this.rows = [];
    var free = [];
    var lines = [0];
    this.height = 1;
    while (lines.length) {
      var start = lines.pop();
      var p = this.parent[start];
      var row = p < 0 ? 0 : rows[p] + 1;
      var from = p < 0 ? 0 : this.depth[p];
      var line = [start];
      for (var x = start; this.children[x].length; x = this.children[x][0]) line.push(this.children[x][0]);
      var c, to = this.depth[line[line.length - 1]];
      for (c = from; c <= to; c++) if (free[c] > row) row = free[c];
      for (c = from; c <= to; c++) free[c] = row + 1;
      this.height = Math.max(this.height, row + 1);
      for (var i = 0; i < line.length; i++) {
        rows[line[i]] = row;
        var kids = this.children[line[i]];
        for (var k = kids.length - 1; k > 0; k--) lines.push(kids[k]);
      }
    }
    this.width = free.length;
  };

  /* ---- a viewer: one or more games, the controls, keys, links ---- */

  function Viewer(root) {
    var self = this;
    this.root = root;
    this.key = root.getAttribute("data-key") || "";
    this.prefix = this.key ? this.key + "." : "";
    this.whole = root.tagName === "MAIN";
    this.table = new Table(JSON.parse(root.querySelector(".kv-shared").textContent));
    var shared = JSON.parse(root.querySelector(".kv-shared").textContent);
    this.file = shared.file;
    this.bodies = shared.bodies;
    this.ids = shared.ids || [];
    this.sideNames = shared.sideNames || {};
    this.gameWords = shared.gameWords || {};
    this.blocks = root.querySelectorAll("script.kv-data");
    this.count = this.blocks.length;
    this.games = [];
    this.article = root.querySelector("article.kv-game");
    this.shownAt = +this.article.getAttribute("data-game");
    this.staticHead = this.article.querySelector(".kv-head").innerHTML;
    this.flipped = false;
    this.numbered = false;
    this.timer = null;
    this.active = -1;
    this.picker = root.querySelector(".kv-picker");
    this.pickNow = root.querySelector(".kv-pick-now");
    lang = chooseLanguage();
    this.languageBox();
    var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    this.setDark(dark, true);
    root.classList.add("kv-js");
    each(root.querySelectorAll(".kv-bar, .kv-pick-bar, .kv-take, .kv-text"), function (el) { el.hidden = false; });
    var keys = this.whole ? document : root;
    keys.addEventListener("keydown", function (e) { self.onKey(e); });
    root.addEventListener("click", function (e) { self.onClick(e); });
    root.addEventListener("pointerdown", function (e) { self.onPress(e); });
    root.addEventListener("change", function (e) { self.onChange(e); });
    root.addEventListener("wheel", function (e) { self.onWheel(e); }, { passive: false });
    window.addEventListener("hashchange", function () { self.readUrl(); });
    this.setLanguage(lang, true);
    if (!this.readUrl()) this.select(this.shownAt, null);
    this.showProgress();
  }

  /* The language select, beside the toggles: each language named in itself. */
  Viewer.prototype.languageBox = function () {
    var tools = this.root.querySelector(".kv-toggles");
    if (!tools) return;
    var select = make("select", "kv-lang");
    Object.keys(LANGUAGES).forEach(function (code) {
      var option = make("option", "", LANGUAGES[code]);
      option.value = code;
      option.lang = code;
      select.appendChild(option);
    });
    tools.appendChild(select);
  };

  /* The interface in a language: the page's own words translated, the parts the script
     writes written again, the page's lang attribute (the whole page's, or a fragment's own). */
  Viewer.prototype.setLanguage = function (code, initial) {
    lang = code;
    var select = this.root.querySelector("select.kv-lang");
    if (select) {
      select.value = code;
      select.setAttribute("aria-label", t("Language"));
    }
    (this.whole ? document.documentElement : this.root).lang = code;
    if (this.whole) this.root.removeAttribute("lang");
    translate(this.root);
    this.setPlaying(!!this.timer);
    if (initial) return;
    try {
      localStorage.setItem(LANGUAGE_KEY, code);
    } catch (e) {
      code = null;  // not kept: the page is still shown in it
    }
    var game = this.game();
    if (this.picker) this.markPicked(this.active);
    this.showProgress();
    if (game && !game.data.failed) {
      this.buildFiles(game);
      this.buildMoves(game);
      this.buildTree(game);
      if (game.solving) this.startProblem(false);
      this.go(game.current);
    }
  };

  Viewer.prototype.gameAt = function (index) {
    if (!this.games[index]) {
      this.games[index] = new Game(this, index, JSON.parse(this.blocks[index].textContent));
    }
    return this.games[index];
  };

  Viewer.prototype.game = function () {
    return this.active >= 0 ? this.gameAt(this.active) : null;
  };

  Viewer.prototype.part = function (name) {
    return this.article.querySelector(name);
  };

  /* Show game `index` of the file at `node` (its own opening position if null). */
  Viewer.prototype.select = function (index, node) {
    if (index < 0 || index >= this.count) index = 0;
    this.stop();
    var game = this.gameAt(index);
    var article = this.article;
    if (index !== this.active) {
      this.active = index;
      article.setAttribute("data-game", index);
      article.querySelector(".kv-head").innerHTML = index === this.shownAt ? this.staticHead : game.data.head;
      translate(article.querySelector(".kv-head"));
      var failed = !!game.data.failed;
      article.classList.toggle("kv-unreadable", failed);
      var box = article.querySelector(".kv-failed");
      if (box) box.remove();
      if (failed) {
        box = make("div", "kv-failed");
        box.innerHTML = game.data.failed;
        article.querySelector(".kv-head").after(box);
      }
      if (this.picker) this.markPicked(index);
      game.solving = !!game.data.problem;
      this.buildFiles(game);
      if (!failed) {
        this.buildMoves(game);
        this.buildTree(game);
        this.setNumbersButton(game);
        // "Main line" only where there is another line to come back from
        var back = article.querySelector("button[data-act=main]");
        if (back) back.hidden = !game.choice.some(function (c) { return c > 0; });
      }
    }
    if (game.data.failed) {
      this.writeUrl(game);
      return;
    }
    this.go(node === null || node === undefined ? game.data.open || 0 : node);
    if (game.solving) this.startProblem(true);
  };

  Viewer.prototype.markPicked = function (index) {
    var self = this;
    each(this.picker.querySelectorAll("a[data-game]"), function (a) {
      if (+a.getAttribute("data-game") === index) {
        a.setAttribute("aria-current", "true");
        reveal(self.picker.querySelector(".kv-games"), a);
      } else a.removeAttribute("aria-current");
    });
    this.pickNow.textContent = tf("Game {0} of {1}", index + 1, this.count.toLocaleString("en"));
  };

  Viewer.prototype.setNumbersButton = function (game) {
    var b = this.root.querySelector("button[data-act=numbers]");
    if (b) {
      b.hidden = !game.data.numbered;
      b.setAttribute("aria-pressed", String(!!game.data.withNumbers !== this.numbered));
    }
    var c = this.root.querySelector("button[data-act=coords]");
    if (c) c.disabled = !/class="coordinates"/.test(game.svg(0, 0));
  };

  Viewer.prototype.go = function (node) {
    var game = this.game();
    if (!game || node < 0 || node >= game.count) return false;
    this.stopFrames();
    game.current = node;
    this.article.setAttribute("data-node", node);
    for (var x = node; game.parent[x] >= 0; x = game.parent[x]) {
      game.prefer[game.parent[x]] = game.choice[x];
    }
    this.draw();
    this.mark();
    this.explain();
    this.showBranches();
    this.markNext();
    this.markTree();
    this.part(".kv-now").textContent = this.announcement(node);
    var text = this.part(".kv-text pre");
    if (text && this.part(".kv-text").open) text.textContent = game.textDiagram(node);
    this.writeUrl(game);
    return true;
  };

  Viewer.prototype.draw = function (svg, label) {
    var game = this.game();
    var node = game.current;
    var board = this.part(".kv-board");
    board.innerHTML = svg || game.svg(node, game.variant());
    var drawn = board.firstElementChild;
    if (drawn && lang !== "en") sayInDrawing(drawn, game);
    this.crop(drawn);
    if (drawn) {
      drawn.setAttribute("role", "img");
      drawn.setAttribute("aria-label", label || game.describe(node));
    }
    this.showStacks();
  };

  /* The parts a drawing stacks on one another (a Gungi or Rengoma stack: an element with data-parts, its
     parts bottom first between "|", and data-place, where it stands), which a drawing shows
     only in part: a button for each beside the board, and, for the one tapped on the board or
     chosen, every part in the page's text, bottom first. */
  Viewer.prototype.showStacks = function () {
    var side = this.part(".kv-side");
    var box = this.part(".kv-stacks");
    var found = this.part(".kv-board").querySelectorAll("[data-parts]");
    if (!side || !found.length) {
      if (box) box.remove();
      return;
    }
    if (!box) {
      box = make("div", "kv-stacks");
      box.setAttribute("role", "group");
      side.insertBefore(box, side.firstChild);
    }
    box.setAttribute("aria-label", t("Stacks of pieces"));
    var open = box.getAttribute("data-open");
    box.innerHTML = "";
    box.appendChild(make("span", "kv-stacks-h", t("Stacks of pieces") + ":"));
    var shown = null;
    each(found, function (el, index) {
      var place = el.getAttribute("data-place") || String(index + 1);
      var parts = el.getAttribute("data-parts").split("|");
      var b = button("", place + " \u00d7" + parts.length, "data-stack", index);
      b.setAttribute("aria-expanded", String(place === open));
      box.appendChild(b);
      if (place === open) shown = el;
    });
    if (shown) this.showParts(shown);
  };

  Viewer.prototype.showParts = function (el) {
    var box = this.part(".kv-stacks");
    if (!box) return;
    var place = el.getAttribute("data-place") || "";
    box.setAttribute("data-open", place);
    var old = box.querySelector(".kv-parts");
    if (old) old.remove();
    var panel = make("div", "kv-parts");
    panel.setAttribute("role", "region");
    panel.setAttribute("aria-label", tf("{0}, bottom first", place));
    panel.appendChild(make("p", "kv-parts-h", tf("{0}, bottom first", place)));
    var list = make("ol", "kv-parts-list");
    var game = this.game();
    el.getAttribute("data-parts").split("|").forEach(function (part) {  // in the game's words
      list.appendChild(make("li", "", /[A-Za-z]{2}/.test(part) && game ? gameSaid(part, game) : part));
    });
    panel.appendChild(list);
    var close = button("kv-parts-close", t("Close"), "data-stack-close", "");
    panel.appendChild(close);
    box.appendChild(panel);
    each(box.querySelectorAll("button[data-stack]"), function (b) {
      b.setAttribute("aria-expanded", String(b.textContent.indexOf(place + " ") === 0));
    });
    return panel;
  };

  Viewer.prototype.closeParts = function () {
    var box = this.part(".kv-stacks");
    if (!box) return;
    box.removeAttribute("data-open");
    var old = box.querySelector(".kv-parts");
    if (old) old.remove();
    each(box.querySelectorAll("button[data-stack]"), function (b) { b.setAttribute("aria-expanded", "false"); });
  };

  Viewer.prototype.playFrames = function (delay) {
    var self = this;
    var game = this.game();
    var node = game.current;
    var count = game.frameCount(node);
    var k = 0;
    this.stopFrames();
    if (!count) return;
    (function show() {
      if (k < count) {
        self.article.setAttribute("data-frame", k);
        self.draw(game.frameSvg(node, k), game.describe(node) + ", " + tf("step {0} of {1}", k + 1, count));
        k++;
        self.frameTimer = setTimeout(show, delay);
      } else {
        self.stopFrames();
        self.draw();
      }
    })();
  };

  Viewer.prototype.stopFrames = function () {
    clearTimeout(this.frameTimer);
    this.frameTimer = null;
    this.article.removeAttribute("data-frame");
  };

  Viewer.prototype.step = function (count) {
    var game = this.game();
    var target = game.current;
    for (var i = 0; i < Math.abs(count); i++) {
      if (count > 0) {
        var kids = game.children[target];
        if (!kids.length) break;
        target = kids[game.prefer[target]] || kids[0];
      } else {
        if (game.parent[target] < 0) break;
        target = game.parent[target];
      }
    }
    return target !== game.current && this.go(target);
  };

  /* Up and down: which branch the next step takes; with none here, the other variations of
     the current move. */
  Viewer.prototype.choose = function (delta) {
    var game = this.game();
    var kids = game.children[game.current];
    if (kids.length > 1) {
      var n = kids.length;
      game.prefer[game.current] = (game.prefer[game.current] + delta + n) % n;
      this.showBranches();
      this.part(".kv-now").textContent = t("Next:") + " " + this.branchLabel(kids[game.prefer[game.current]]);
      return;
    }
    var parent = game.parent[game.current];
    if (parent < 0) return;
    var siblings = game.children[parent];
    if (siblings.length > 1) {
      var at = siblings.indexOf(game.current);
      this.go(siblings[(at + delta + siblings.length) % siblings.length]);
    }
  };

  Viewer.prototype.branchLabel = function (node) {
    var game = this.game();
    return game.label(node) + (game.choice[node] ? "" : " (" + t("main line") + ")");
  };

  /* Back to the main line: the same move there, or its end. */
  Viewer.prototype.mainLine = function () {
    var game = this.game();
    var depth = game.depth[game.current];
    for (var i = 0; i < game.count; i++) game.prefer[i] = 0;
    var x = 0;
    while (game.depth[x] < depth && game.children[x].length) x = game.children[x][0];
    this.go(x);
  };

  /* ---- the move list: the main line, each variation indented under the move it replaces ---- */

  Viewer.prototype.buildMoves = function (game) {
    var box = this.part(".kv-moves");
    var self = this;
    box.textContent = "";
    this.moveLinks = {};
    (game.data.intro || []).forEach(function (c) { box.appendChild(make("p", "kv-c kv-intro", c)); });
    (game.data.comments[0] || []).forEach(function (c) { box.appendChild(make("p", "kv-c kv-intro", c)); });
    if (game.children[0].length) this.buildLine(game, box, game.children[0][0], 0);
    this.marked = null;
    each(box.querySelectorAll("a.kv-m"), function (a) { self.moveLinks[a.getAttribute("data-i")] = a; });
  };

  /* One line from `start`, in a block of its own; its variations as indented blocks after
     the move they replace, folded where they are large and off the line shown. */
  /* A line and the variations inside it, to any depth: the lines still to write wait on a
     list, each with the block made for it in its place, rather than a call a level, so that
     the browser's stack never limits how deep a record may nest. */
  Viewer.prototype.buildLine = function (game, parentEl, start, level) {
    var pending = [[lineBlock(parentEl, level), start, level]];
    while (pending.length) {
      var task = pending.pop();
      this.writeLine(game, task[0], task[1], task[2], pending);
    }
  };

  function lineBlock(parentEl, level) {
    var block = make("div", level ? "kv-var" : "kv-line");
    if (level > 6) block.classList.add("kv-deep");
    parentEl.appendChild(block);
    return block;
  }

  Viewer.prototype.writeLine = function (game, block, start, level, pending) {
    var run = make("p", "kv-run");
    block.appendChild(run);
    var limit = game.shownLimit[start] || LINE_LIMIT;
    var shown = 0;
    var x = start;
    var numberNext = true;
    while (x !== undefined) {
      if (shown++ >= limit) {
        var more = button("kv-more", t("Show the line's next moves"), "data-more", start);
        run.appendChild(more);
        break;
      }
      run.appendChild(this.entry(game, x, numberNext));
      numberNext = false;
      var parent = game.parent[x];
      var siblings = parent >= 0 ? game.children[parent] : [];
      if (siblings[0] === x && siblings.length > 1) {
        var vars = make("div", "kv-vars");
        block.appendChild(vars);
        for (var k = 1; k < siblings.length; k++) {
          var alt = siblings[k];
          if (game.size[alt] > FOLD && !game.open[alt] && !this.onPath(game, alt)) {
            var fold = button("kv-fold", "\u25b8 " + game.label(alt) + " \u2026 (" + tf("{0} moves", game.size[alt].toLocaleString("en")) + ")", "data-unfold", alt);
            vars.appendChild(make("div", "kv-var")).appendChild(fold);
          } else {
            pending.push([lineBlock(vars, level + 1), alt, level + 1]);
          }
        }
        run = make("p", "kv-run");
        block.appendChild(run);
        numberNext = true;
      }
      x = game.children[x][0];
    }
  };

  Viewer.prototype.onPath = function (game, node) {
    for (var x = game.current; x > 0; x = game.parent[x]) if (x === node) return true;
    return false;
  };

  Viewer.prototype.entry = function (game, x, numberFirst) {
    var span = make("span", game.fault[x] ? "kv-err" : "kv-e");
    var notation = game.data.notation[x] || "";
    // A move stays on one line; an entry as long as a line (Gungi's list of set-up backs)
    // wraps where the text allows, or it would run out of the move list.
    var a = make("a", notation.length > LONG_ENTRY ? "kv-m kv-long" : "kv-m");
    a.setAttribute("data-i", x);
    a.href = game.hash(x);
    a.tabIndex = -1;
    var number = game.number[x];
    var shown = number !== null && !game.fault[x] && (numberFirst || game.number[x] !== null);
    if (shown) a.appendChild(make("span", "kv-n", number + ".\u00a0"));
    a.appendChild(make("bdi", "", (game.fault[x] ? "\u2717\u00a0" : "") + (game.data.notation[x] || (game.fault[x] ? "result" : ""))));
    var annotation = (game.data.annotations || {})[x];
    if (annotation) a.appendChild(make("span", "kv-ann", annotation));
    span.appendChild(a);
    var assessment = (game.data.assessments || {})[x];
    if (assessment) span.appendChild(make("span", "kv-assess", " (" + assessment + ")"));
    (game.data.comments[x] || []).forEach(function (c) {
      span.appendChild(document.createTextNode(" "));
      span.appendChild(make("bdi", "kv-c", c));
    });
    if (game.data.diags[x]) span.appendChild(make("span", "kv-warn", " \u26a0"));
    span.appendChild(document.createTextNode(" "));
    return span;
  };

  Viewer.prototype.mark = function () {
    var game = this.game();
    var old = this.marked;
    var hadFocus = old && document.activeElement === old;
    if (old) {
      old.classList.remove("kv-current");
      old.removeAttribute("aria-current");
      old.tabIndex = -1;
    }
    var link = this.moveLinks[game.current];
    if (!link && game.current > 0) {
      /* in a folded variation, or past the moves shown: build them */
      for (var x = game.current; x > 0; x = game.parent[x]) game.open[x] = true;
      var start = game.lineStart(game.current);
      game.shownLimit[start] = Math.max(LINE_LIMIT, game.depth[game.current] - game.depth[start] + LINE_LIMIT);
      this.buildMoves(game);
      link = this.moveLinks[game.current];
    }
    this.marked = link || null;
    var box = this.part(".kv-moves");
    if (link) {
      link.classList.add("kv-current");
      link.setAttribute("aria-current", "step");
      link.tabIndex = 0;
      reveal(box, link);
      if (hadFocus) link.focus({ preventScroll: true });
    } else {
      box.scrollTop = 0;
    }
  };

  Viewer.prototype.explain = function () {
    var game = this.game();
    var node = game.current;
    var note = this.part(".kv-note");
    note.textContent = "";
    var head = make("p", "kv-note-head");
    head.appendChild(make("strong", "", node === 0 ? t("Start position") :
      game.moveName(node).replace(/^./, function (c) { return c.toUpperCase(); })));
    var annotation = (game.data.annotations || {})[node];
    if (annotation) head.appendChild(make("strong", "kv-ann", annotation));
    var assessment = (game.data.assessments || {})[node];
    if (assessment) head.appendChild(make("span", "kv-assess", " \u00b7 " + assessment));
    var status = game.status(node);
    if (status) head.appendChild(make("span", "kv-dim", " \u00b7 " + status));
    note.appendChild(head);
    // at the start, what the record says before its first move (its opening comment)
    var said = node ? [] : (game.data.intro || []).slice();
    (game.data.comments[node] || []).forEach(function (c) { if (said.indexOf(c) < 0) said.push(c); });
    said.forEach(function (c) { note.appendChild(make("p", "kv-c", c)); });
    (game.data.diags[node] || []).forEach(function (html) {
      var d = make("div");
      d.innerHTML = html;
      note.appendChild(d.firstChild);
    });
    var words = game.data.words[node];
    if (words && words.length) {
      var list = make("ul", "kv-words");
      words.forEach(function (w) {
        var item = list.appendChild(make("li", "", gameSaid(w, game)));
        if (item.textContent === w && lang !== "en") item.lang = "en";
      });
      note.appendChild(list);
    }
    var count = game.frameCount(node);
    if (count) note.appendChild(button("kv-frames", tf("Show it step by step ({0} steps)", count), "data-act", "frames"));
    note.hidden = false;
  };

  Viewer.prototype.announcement = function (node) {
    var game = this.game();
    var parts = [node === 0 ? t("Start position") : game.moveName(node)];
    parts = parts.concat((game.data.words[node] || []).map(function (w) { return gameSaid(w, game); }));
    if (game.fault[node]) {
      var diag = this.part(".kv-note .kv-msg");
      if (diag) parts.push(diag.textContent);
    }
    parts.push(game.status(node));
    return parts.filter(Boolean).join(". ");
  };

  Viewer.prototype.showBranches = function () {
    var game = this.game();
    var box = this.part(".kv-branches");
    var self = this;
    box.textContent = "";
    var kids = game.children[game.current];
    if (kids.length > 1 && !game.solving) {
      box.appendChild(make("span", "kv-dim", t("Next:") + " "));
      kids.forEach(function (kid, k) {
        var b = button("kv-branch", nextLetter(k) + ": " + self.branchLabel(kid), "data-go", kid);
        b.setAttribute("aria-pressed", String(k === game.prefer[game.current]));
        box.appendChild(b);
      });
    }
    var start = game.lineStart(game.current);
    if (game.choice[start] && !game.solving) {
      var line = make("div", "kv-inline");
      line.appendChild(make("span", "", tf("In the variation {0}", game.label(start)) + " "));
      line.appendChild(button("kv-leave", t("Back to where it branches"), "data-leave", game.parent[start]));
      box.appendChild(line);
    }
    box.hidden = !box.firstChild;
  };

  /* Where the record branches, a letter on the board where each next move is played (the
     letters of the "Next" buttons), found at the move's own mark in its drawing. */
  Viewer.prototype.markNext = function () {
    var game = this.game();
    var kids = game.children[game.current];
    var board = this.part(".kv-board");
    var shown = board.querySelector("svg");
    if (kids.length < 2 || game.solving || !shown) return;
    var variant = game.variant();
    var width = shown.viewBox && shown.viewBox.baseVal ? shown.viewBox.baseVal.width : 400;
    var probe = make("div", "kv-probe");
    board.appendChild(probe);
    var layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "kv-next");
    layer.setAttribute("aria-hidden", "true");
    kids.forEach(function (kid, k) {
      if (game.fault[kid]) return;
      probe.innerHTML = game.svg(kid, variant);
      var mark = probe.querySelector(".last-move");
      if (!mark || !mark.getBBox) return;
      var box = mark.getBBox();
      // the size of the mark, within a fortieth of the board (a square's frame of marks is
      // as wide as the square)
      var size = Math.min(Math.max(box.width, box.height, 6), width / 40);
      var x = box.x + box.width / 2, y = box.y + box.height / 2;
      var disc = document.createElementNS(SVG_NS, "circle");
      disc.setAttribute("cx", x);
      disc.setAttribute("cy", y);
      disc.setAttribute("r", size * 0.9);
      layer.appendChild(disc);
      var letter = document.createElementNS(SVG_NS, "text");
      letter.setAttribute("x", x);
      letter.setAttribute("y", y);
      letter.setAttribute("font-size", size * 1.3);
      letter.textContent = nextLetter(k);
      layer.appendChild(letter);
    });
    probe.remove();
    if (layer.firstChild) shown.appendChild(layer);
  };

  /* ---- the game tree: a dot a position, the main line along the top, each variation on a
     row below the line it leaves; the line being viewed drawn over it, the current node ringed ---- */

  var TREE_STEP = 14;
  var TREE_PAD = 8;
  var TREE_DOT = 3.5;

  function svgElement(tag, attrs) {
    var el = document.createElementNS(SVG_NS, tag);
    for (var name in attrs) el.setAttribute(name, attrs[name]);
    return el;
  }

  Game.prototype.treeXY = function (node) {
    return [TREE_PAD + this.depth[node] * TREE_STEP, TREE_PAD + this.rows[node] * TREE_STEP];
  };

  /* The tree as one path a kind of node, so that a tree of 50,000 positions costs a handful of
     elements; a click finds its node from where it lands. */
  Viewer.prototype.buildTree = function (game) {
    var box = this.part(".kv-tree");
    this.treeNow = null;
    if (!box) return;
    box.textContent = "";
    box.hidden = game.count < 2;
    if (box.hidden) return;
    game.layout();
    game.place = {};
    var r = TREE_DOT;
    var dot = "a" + r + "," + r + " 0 1 0 " + 2 * r + ",0a" + r + "," + r + " 0 1 0 " + -2 * r + ",0";
    var edges = [];
    var kinds = { main: [], alt: [], said: [], right: [], fault: [] };
    var problem = !!game.data.problem;
    for (var i = 0; i < game.count; i++) {
      var xy = game.treeXY(i);
      game.place[game.depth[i] + "," + game.rows[i]] = i;
      if (i) edges.push("M" + game.treeXY(game.parent[i]) + "L" + xy);
      var kind = game.fault[i] ? "fault" : problem && game.right[i] ? "right" :
        game.data.comments[i] ? "said" : game.rows[i] ? "alt" : "main";
      kinds[kind].push("M" + (xy[0] - r) + "," + xy[1] + dot);
    }
    var width = 2 * TREE_PAD + (game.width - 1) * TREE_STEP;
    var height = 2 * TREE_PAD + (game.height - 1) * TREE_STEP;
    var svg = svgElement("svg", { width: width, height: height, viewBox: "0 0 " + width + " " + height, role: "img" });
    svg.appendChild(svgElement("path", { d: edges.join(""), "class": "kv-t-edge" }));
    this.treeLine = svg.appendChild(svgElement("path", { "class": "kv-t-line" }));
    for (var name in kinds) {
      if (kinds[name].length) svg.appendChild(svgElement("path", { d: kinds[name].join(""), "class": "kv-t-" + name }));
    }
    this.treeNow = svg.appendChild(svgElement("circle", { r: r + 3, "class": "kv-t-now" }));
    game.lineCount = 1 + game.choice.filter(Boolean).length;
    box.appendChild(svg);
  };

  /* The current node ringed, the line being viewed drawn over the tree (from the start through
     the current node to where its next steps lead), and the ring kept in sight. */
  Viewer.prototype.markTree = function () {
    var game = this.game();
    var box = this.part(".kv-tree");
    if (!this.treeNow || box.hidden) return;
    var node = game.current;
    var points = [];
    for (var x = node; x >= 0; x = game.parent[x]) points.unshift(game.treeXY(x));
    for (x = node; game.children[x].length;) {
      x = game.children[x][game.prefer[x]] || game.children[x][0];
      points.push(game.treeXY(x));
    }
    this.treeLine.setAttribute("d", "M" + points.join("L"));
    var xy = game.treeXY(node);
    this.treeNow.setAttribute("cx", xy[0]);
    this.treeNow.setAttribute("cy", xy[1]);
    var svg = this.treeNow.parentNode;
    svg.setAttribute("aria-label", t("Game tree") + ": " + tf("{0} positions, {1} lines", game.count.toLocaleString("en"), game.lineCount.toLocaleString("en")) + "; " + tf("now at {0}", node ? game.moveName(node) : t("start position")) + (game.onMainLine(node) ? "" : ", " + t("in a variation")));
    var margin = 3 * TREE_STEP;
    if (xy[0] < box.scrollLeft + margin || xy[0] > box.scrollLeft + box.clientWidth - margin) box.scrollLeft = xy[0] - box.clientWidth / 2;
    if (xy[1] < box.scrollTop + TREE_STEP || xy[1] > box.scrollTop + box.clientHeight - TREE_STEP) box.scrollTop = xy[1] - box.clientHeight / 2;
  };

  /* Up and down in the tree: the nearest node of the same move's column on a row above or
     below (the neighbouring line at this depth). */
  Viewer.prototype.treeMove = function (delta) {
    var game = this.game();
    var node = game.current;
    var best = -1;
    for (var i = 0; i < game.count; i++) {
      var gap = (game.rows[i] - game.rows[node]) * delta;
      if (game.depth[i] !== game.depth[node] || gap <= 0) continue;
      if (best < 0 || gap < (game.rows[best] - game.rows[node]) * delta) best = i;
    }
    if (best >= 0) this.go(best);
  };

  Viewer.prototype.treeClick = function (svg, e) {
    var game = this.game();
    var box = svg.getBoundingClientRect();
    var column = Math.round((e.clientX - box.left - TREE_PAD) / TREE_STEP);
    var row = Math.round((e.clientY - box.top - TREE_PAD) / TREE_STEP);
    var node = game.place[column + "," + row];
    if (node !== undefined) {
      this.stop();
      this.go(node);
    }
  };

  /* ---- problems: the reader tries moves; the record says right, wrong, or nothing ---- */

  Viewer.prototype.startProblem = function (fresh) {
    var game = this.game();
    game.solving = true;
    this.article.classList.add("kv-solving");
    if (fresh) {
      this.go(game.current);
      this.problemStart = game.current;
      this.decided = this.hinted = false;  // an attempt: from opening the problem to its first verdict
    }
    game.solver = game.data.side[this.problemStart];
    var task = this.part(".kv-task");
    task.textContent = "";
    var side = game.side(this.problemStart);
    task.appendChild(make("p", "kv-to-play", side ? tf("{0} to play", game.sideName(side)).replace(/^./, function (c) { return c.toUpperCase(); }) : t("Your move")));
    (game.data.intro || []).concat(game.data.comments[this.problemStart] || []).forEach(function (c) {
      task.appendChild(make("p", "kv-c", c));
    });
    task.appendChild(make("p", "kv-dim", t("Play a move on the board, or type it:")));
    var form = make("p", "kv-try");
    var input = make("input");
    input.type = "text";
    input.setAttribute("aria-label", t("Your move, as the game writes it"));
    input.setAttribute("data-try", "");
    form.appendChild(input);
    form.appendChild(button("", t("Try"), "data-act", "try"));
    task.appendChild(form);
    task.appendChild(make("p", "kv-verdict-live")).setAttribute("aria-live", "polite");
    var tools = make("p", "kv-problem-tools");
    tools.appendChild(button("", t("Hint"), "data-act", "hint")).title = t("Hint") + " (H)";
    tools.appendChild(button("", t("Take back"), "data-act", "takeback"));
    tools.appendChild(button("", t("Start again"), "data-act", "restart"));
    tools.appendChild(button("", t("Show the solution"), "data-act", "solution"));
    task.appendChild(tools);
    task.hidden = false;
    this.showBranches();
  };

  /* A problem's board cropped to the part its reader needs (the record's VW, or the corner
     its stones stand in: Game.problem_area), as drawn or turned round. */
  Viewer.prototype.crop = function (svg) {
    var game = this.game();
    var area = game && game.data.crop && game.data.crop[this.flipped ? 1 : 0];
    if (!area || !svg || !svg.viewBox) return;
    var scale = (+svg.getAttribute("width") || area[2]) / (svg.viewBox.baseVal.width || area[2]);
    // what the drawing said, for a copy of it (the tests compare it with kifu render's)
    svg.setAttribute("data-kv-drawn", ["viewBox", "width", "height"].map(function (name) { return svg.getAttribute(name); }).join("|"));
    svg.setAttribute("viewBox", area.join(" "));
    svg.setAttribute("width", area[2] * scale);
    svg.setAttribute("height", area[3] * scale);
  };

  /* A hint: the point of the first right move from here ringed on the board (where the game
     marks the move it draws), and the attempt counted as helped. */
  Viewer.prototype.hint = function () {
    var game = this.game();
    var shown = this.part(".kv-board svg");
    var right = game.children[game.current].filter(function (kid) { return game.right[kid] && !game.fault[kid]; });
    if (!right.length || !shown) {
      this.say(t("No hint here: the record has no right move from this position."), "none");
      return true;
    }
    this.hinted = true;
    var probe = make("div", "kv-probe");
    this.part(".kv-board").appendChild(probe);
    probe.innerHTML = game.svg(right[0], game.variant());
    var layer = svgElement("g", { "class": "kv-hint", "aria-hidden": "true" });
    each(probe.querySelectorAll(".last-move"), function (mark) {
      var box = mark.getBBox();
      layer.appendChild(svgElement("circle", { cx: box.x + box.width / 2, cy: box.y + box.height / 2, r: Math.max(box.width, box.height) * 1.4 + 4 }));
    });
    probe.remove();
    if (layer.firstChild) {
      shown.appendChild(layer);
      this.say(t("Hint: the right move is played in the ring."), "hint");
    } else {
      this.say(tf("Hint: the right move is {0}.", game.data.notation[right[0]]), "hint");
    }
    return true;
  };

  /* ---- progress through a collection of problems, kept in the browser (localStorage): the
     verdict of the last attempt at each problem, by its id ---- */

  var STORE = "kifu-problems";
  var STATES = { s: ["\u2713", "solved"], h: ["\u2713", "solved with a hint"], f: ["\u2717", "failed"] };

  function progress() {
    try {
      return JSON.parse(localStorage.getItem(STORE) || "{}") || {};
    } catch (e) {
      return {};
    }
  }

  /* The first verdict of an attempt is kept: a wrong move, or the solution shown, fails it;
     the solution reached solves it (with a hint, if one was asked for). */
  Viewer.prototype.decide = function (state) {
    var id = this.ids[this.active];
    if (this.decided || !id) return;
    this.decided = true;
    var all = progress();
    all[id] = state === "s" && this.hinted ? "h" : state;
    try {
      localStorage.setItem(STORE, JSON.stringify(all));
    } catch (e) {
      return;  // storage refused (a private window's quota): the page works on without it
    }
    this.showProgress();
  };

  Viewer.prototype.showProgress = function () {
    var box = this.picker && this.picker.querySelector(".kv-progress");
    if (!box) return;
    var ids = this.ids;
    var all = progress();
    var counts = { s: 0, h: 0, f: 0 };
    var problems = 0;
    each(this.picker.querySelectorAll("a[data-game]"), function (a) {
      var old = a.querySelector(".kv-state");
      if (old) old.remove();
      var id = ids[+a.getAttribute("data-game")];
      var state = id && STATES[all[id]] ? all[id] : null;
      problems += !!id;
      if (!state) return;
      counts[state]++;
      var mark = make("span", "kv-state kv-state-" + state);
      mark.appendChild(make("span", "", STATES[state][0])).setAttribute("aria-hidden", "true");
      mark.appendChild(make("span", "kv-sr", t(STATES[state][1]) + ": "));
      a.insertBefore(mark, a.firstChild);
    });
    box.querySelector(".kv-tally").textContent = tf("{0} solved, {1} failed, of {2}", counts.s + counts.h, counts.f, problems.toLocaleString("en"));
    box.hidden = false;
  };

  /* The next problem after the one shown not solved yet (failed, or not tried). */
  Viewer.prototype.nextUnsolved = function () {
    var all = progress();
    for (var k = 1; k <= this.count; k++) {
      var index = (this.active + k) % this.count;
      var id = this.ids[index];
      if (id && all[id] !== "s" && all[id] !== "h") {
        this.select(index, null);
        return true;
      }
    }
    this.part(".kv-now").textContent = t("Every problem here is solved.");
    return false;
  };

  Viewer.prototype.endProblem = function () {
    var game = this.game();
    game.solving = false;
    this.article.classList.remove("kv-solving");
    this.part(".kv-task").hidden = true;
    this.go(game.current);
  };

  Viewer.prototype.say = function (text, kind) {
    var p = this.part(".kv-verdict-live");
    if (!p) return;
    p.textContent = text;
    p.className = "kv-verdict-live" + (kind ? " kv-" + kind : "");
  };

  /* The children of the current node whose drawing adds something under the point
     (clientX, clientY): a stone, a piece, a mark of the last move. */
  Viewer.prototype.movesAt = function (cx, cy) {
    var self = this;
    var game = this.game();
    var variant = game.variant();
    var table = game.table;
    var board = this.part(".kv-board");
    var probe = make("div", "kv-probe");
    board.appendChild(probe);
    var before = {};
    game.lines(game.current, variant).forEach(function (id) { before[id] = true; });
    var found = [];
    game.children[game.current].forEach(function (kid) {
      if (game.fault[kid]) return;
      probe.innerHTML = game.lines(kid, variant).map(function (id) {
        var text = table.text(id);
        return before[id] ? text : text.replace(/^(\s*<[A-Za-z][\w:-]*)/, "$1 data-kv-new=\"\"");
      }).join("\n");
      self.crop(probe.firstElementChild);  // drawn where the board shows it
      // Where the game marks the move (class "last-move"), only what is drawn at a mark
      // counts: a move also changes what is drawn elsewhere (a Rengi chain empties half the
      // field, scores and the next pieces change), and a click there is not that move.
      var marks = [];
      each(probe.querySelectorAll(".last-move"), function (el) {
        var r = el.getBoundingClientRect();
        if (r.width) marks.push(r);
      });
      var hit = false;
      each(probe.querySelectorAll("[data-kv-new]"), function (el) {
        if (hit || /^(g|svg|title|desc)$/i.test(el.tagName)) return;
        var r = el.getBoundingClientRect();
        if (r.width && cx >= r.left - 1 && cx <= r.right + 1 && cy >= r.top - 1 && cy <= r.bottom + 1 &&
            (!marks.length || marks.some(function (m) { return drawnAt(r, m); }))) hit = true;
      });
      if (hit) found.push(kid);
    });
    probe.remove();
    return found;
  };

  Viewer.prototype.tryMoves = function (found) {
    var game = this.game();
    var self = this;
    var tools = this.part(".kv-choose");
    if (tools) tools.remove();
    if (!found.length) {
      this.say(t("Not in the record: the record has nothing to say about that move here."), "none");
      return;
    }
    if (found.length > 1) {
      var box = make("p", "kv-choose");
      box.appendChild(make("span", "", t("Which move?") + " "));
      found.forEach(function (kid) { box.appendChild(button("", game.data.notation[kid], "data-tryi", kid)); });
      this.part(".kv-task").appendChild(box);
      return;
    }
    var kid = found[0];
    var right = !!game.right[kid];
    if (!right) this.decide("f");
    this.go(kid);
    var comments = (game.data.comments[kid] || []).join(" ");
    this.say(t(right ? "Right" : "Wrong") + ": " + game.label(kid) + (comments ? ". " + comments : ""), right ? "right" : "wrong");
    clearTimeout(this.replyTimer);
    var replies = game.children[kid];
    if (replies.length && game.data.side[kid] !== game.solver) {
      this.replyTimer = setTimeout(function () {
        var reply = replies[0];
        self.go(reply);
        var said = (game.data.comments[reply] || []).join(" ");
        var solved = right && !game.children[reply].length;
        self.say(t(right ? "Right" : "Wrong") + ". " + t("Reply") + ": " + game.label(reply) + (said ? ". " + said : "") + (solved ? " " + t("Solved.") : ""), right ? "right" : "wrong");
        if (solved) self.decide("s");
      }, REPLY_DELAY);
    } else if (right && !replies.length) {
      this.say(t("Right") + ": " + game.label(kid) + (comments ? ". " + comments : "") + ". " + t("Solved."), "right");
      this.decide("s");
    }
  };

  Viewer.prototype.tryTyped = function () {
    var game = this.game();
    var input = this.part("input[data-try]");
    var said = input.value.replace(/\s+/g, "").toLowerCase();
    if (!said) return;
    this.tryMoves(game.children[game.current].filter(function (kid) {
      return !game.fault[kid] && (game.data.notation[kid] || "").replace(/\s+/g, "").toLowerCase() === said;
    }));
    input.value = "";
  };

  /* ---- links, keys, buttons ---- */

  Viewer.prototype.readUrl = function () {
    var params = readHash(this.prefix);
    if (params.game === undefined && params.move === undefined && params.entry === undefined &&
        params.variation === undefined) return false;
    var index = params.game !== undefined ? (+params.game || 1) - 1 : Math.max(this.active, this.shownAt);
    var game = this.gameAt(Math.min(Math.max(index, 0), this.count - 1));
    var node = game.data.failed ? null : game.resolve(params);
    if (index !== this.active || node !== game.current) this.select(index, node);
    return true;
  };

  /* Each step replaces the page's address (Back leaves the page); a fragment leaves it alone. */
  Viewer.prototype.writeUrl = function (game) {
    if (this.key) return;
    var hash = game.data.failed ? game.hash() : game.hash(game.current);
    if (hash !== location.hash) history.replaceState(history.state, "", hash);
  };

  Viewer.prototype.act = function (action, repeat) {
    var game = this.game();
    if (action === "pgame" || action === "ngame") {
      this.select((this.active + (action === "ngame" ? 1 : this.count - 1)) % this.count, null);
      return true;
    }
    if (action === "dark") return this.setDark(!this.dark);
    if (action === "unsolved") return this.nextUnsolved();
    if (!game || game.data.failed) return false;
    if (game.solving && /^(next|fwd10|last|play|main)$/.test(action)) return false;
    switch (action) {
      case "first": return this.go(game.solving ? this.problemStart : 0);
      case "prev": return this.step(-1);
      case "next":
        if (!this.step(1)) return false;
        if (!repeat) this.playFrames(FRAME_DELAY);
        return true;
      case "frames": this.playFrames(FRAME_DELAY); return true;
      case "back10": return this.step(-LARGE_STEP);
      case "fwd10": return this.step(LARGE_STEP);
      case "last": return this.step(game.count);
      case "main": this.mainLine(); return true;
      case "play": this.play(false); return true;
      case "flip": this.toggle("flip"); return true;
      case "coords": this.toggle("coords"); return true;
      case "numbers": this.toggle("numbers"); return true;
      case "svg":
        download(this.stem(game) + ".svg", "image/svg+xml", this.standalone(game));
        return true;
      case "png": this.png(game); return true;
      case "try": this.tryTyped(); return true;
      case "takeback":
        if (game.current !== this.problemStart) this.go(game.parent[game.current]);
        this.say("");
        return true;
      case "restart": this.go(this.problemStart); this.say(""); return true;
      case "solution": this.decide("f"); this.endProblem(); return true;
      case "hint": return game.solving && this.hint();
    }
    return false;
  };

  Viewer.prototype.stem = function (game) {
    var name = this.file ? this.file[0].replace(/\.[^.]*$/, "") : "position";
    return name + (this.count > 1 ? "-" + (game.index + 1) : "") + "-" + (game.current ? "move-" + (game.number[game.current] || game.depth[game.current]) : "start");
  };

  /* The position's SVG as a file of its own: the outlines of kifu's glyphs it draws, which
     the page defines once for all its drawings (.kv-glyphs), defined in it again. */
  Viewer.prototype.standalone = function (game) {
    var svg = game.svg(game.current, game.variant());
    var block = this.root.querySelector(".kv-glyphs");
    var used = {}, defs = "";
    svg.replace(/href="#([^"]+)"/g, function (all, id) { used[id] = true; return all; });
    each(block ? block.querySelectorAll("path[id]") : [], function (path) {
      if (used[path.id]) defs += "\n  " + new XMLSerializer().serializeToString(path);
    });
    if (!defs) return svg;
    var title = svg.indexOf("</title>"), at = title >= 0 ? title + 8 : svg.indexOf(">") + 1;
    return svg.slice(0, at) + "\n <defs>" + defs + "\n </defs>" + svg.slice(at);  // as kifu render writes it
  };

  /* The position as PNG: the SVG drawn on a canvas at twice its size. */
  Viewer.prototype.png = function (game) {
    var svg = this.standalone(game);
    var name = this.stem(game) + ".png";
    var image = new Image();
    image.onload = function () {
      var canvas = make("canvas");
      canvas.width = image.naturalWidth * 2;
      canvas.height = image.naturalHeight * 2;
      var context = canvas.getContext("2d");
      context.fillStyle = "#fff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      download(name, "image/png", canvas.toDataURL("image/png"));
    };
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  };

  Viewer.prototype.buildFiles = function (game) {
    var box = this.root.querySelector(".kv-files");
    if (!box) return;
    box.textContent = "";
    var files = (this.file ? [["As written", this.file[0], this.file[1]]] : []).concat(game.data.files || []);
    files.forEach(function (f, i) {
      var b = button("", f[0] === "As written" ? "" : tf("Record as {0}", f[0]), "data-file", i);
      if (f[0] === "As written") {  // the file's name, the reader's own text
        var words = t("Record as written ({0})").split("{0}");
        b.appendChild(document.createTextNode(words[0]));
        b.appendChild(make("bdi", "", f[1]));
        b.appendChild(document.createTextNode(words[1] || ""));
      }
      box.appendChild(b);
    });
    this.files = files;
  };

  Viewer.prototype.toggle = function (what) {
    var game = this.game();
    var on;
    if (what === "flip") on = this.flipped = !this.flipped;
    else if (what === "numbers") on = (this.numbered = !this.numbered) !== !!(game && game.data.withNumbers);
    else on = !this.root.classList.toggle("kv-nocoords");
    each(this.root.querySelectorAll("button[data-act=" + what + "]"), function (b) {
      b.setAttribute("aria-pressed", String(on));
    });
    this.root.classList.toggle("kv-numbered", this.numbered);
    if (game && what !== "coords") {
      this.stopFrames();
      this.draw();
    }
  };

  Viewer.prototype.setDark = function (on, initial) {
    this.dark = on;
    this.root.classList.toggle("kv-dark", on);
    this.root.classList.toggle("kv-light", !on);
    each(this.root.querySelectorAll("button[data-act=dark]"), function (b) {
      b.setAttribute("aria-pressed", String(on));
    });
    return !initial;
  };

  Viewer.prototype.onKey = function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;
    if (!this.whole && !this.root.contains(e.target)) return;
    var actions = {
      ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last", PageUp: "back10",
      PageDown: "fwd10", p: "play", f: "flip", c: "coords", n: "numbers", m: "main", d: "dark",
      "[": "pgame", "]": "ngame", u: "unsolved", h: "hint"
    };
    var key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    var game = this.game();
    if (key === "Escape" && this.part(".kv-parts")) {
      var opener = this.part(".kv-stacks button[aria-expanded=true]");
      this.closeParts();
      if (opener) opener.focus();
    } else if (key === "j") {
      var jump = this.root.querySelector(".kv-jump input");
      if (jump) jump.focus();
    } else if ((key === "ArrowUp" || key === "ArrowDown") && game && !game.data.failed && !game.solving) {
      if (e.target.closest && e.target.closest(".kv-picker, .kv-moves")) return;
      this.stop();
      if (e.target.closest && e.target.closest(".kv-tree")) this.treeMove(key === "ArrowUp" ? -1 : 1);
      else this.choose(key === "ArrowUp" ? -1 : 1);
    } else if (actions[key]) {
      if ((key === " " || key === "Enter") && tag === "BUTTON") return;
      if (actions[key] !== "play") this.stop();
      this.act(actions[key]);
    } else {
      return;
    }
    e.preventDefault();
  };

  Viewer.prototype.onChange = function (e) {
    var el = e.target;
    var game = this.game();
    if (el.classList.contains("kv-lang")) {
      viewers.forEach(function (v) { v.setLanguage(el.value); });  // one language a page
    } else if (el.closest(".kv-speed")) {
      if (this.timer) this.play(true);
    } else if (el.closest(".kv-jump") && game && !game.data.failed && !game.solving) {
      var number = parseInt(el.value, 10);
      if (number >= 0) this.go(game.onLine(number));
    }
  };

  Viewer.prototype.onWheel = function (e) {
    var game = this.game();
    if (!game || game.solving || game.data.failed || !e.target.closest(".kv-board")) return;
    e.preventDefault();
    // One move a notch: a mouse's notch is one event of 100 pixels or 3 lines (2.5 moves when
    // counted 40 pixels a move); a touchpad's many small events add up, a move per 40 pixels.
    this.wheel = (this.wheel || 0) + (e.deltaMode ? e.deltaY * 40 : e.deltaY);
    if (Math.abs(this.wheel) >= 40) {
      this.step(this.wheel > 0 ? 1 : -1);
      this.wheel = 0;
    }
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
      this.act(el.getAttribute("data-act"));
    } else if ((el = target.closest("a[data-game]"))) {
      e.preventDefault();
      this.select(+el.getAttribute("data-game"), null);
    } else if (!game) {
      return;
    } else if ((el = target.closest("a.kv-m"))) {
      e.preventDefault();
      this.stop();
      this.go(+el.getAttribute("data-i"));
    } else if ((el = target.closest(".kv-tree svg"))) {
      this.treeClick(el, e);
    } else if ((el = target.closest("button[data-go]"))) {
      this.stop();
      this.go(+el.getAttribute("data-go"));
    } else if ((el = target.closest("button[data-leave]"))) {
      this.stop();
      var at = +el.getAttribute("data-leave");
      this.go(at);
      game.prefer[at] = 0;
      this.showBranches();
    } else if ((el = target.closest("button[data-unfold]"))) {
      game.open[+el.getAttribute("data-unfold")] = true;
      this.buildMoves(game);
      this.mark();
    } else if ((el = target.closest("button[data-more]"))) {
      var start = +el.getAttribute("data-more");
      game.shownLimit[start] = (game.shownLimit[start] || LINE_LIMIT) + LINE_LIMIT;
      this.buildMoves(game);
      this.mark();
    } else if ((el = target.closest("button[data-file]"))) {
      var f = this.files[+el.getAttribute("data-file")];
      if (typeof f[2] !== "number") download(f[1], "text/plain", f[2]);
      else {
        this.opened = this.opened || unpacked(this.bodies);
        this.opened.then(function (bodies) { download(f[1], "text/plain", bodies[f[2]]); });
      }
    } else if ((el = target.closest("button[data-stack]"))) {
      var stacks = this.part(".kv-board").querySelectorAll("[data-parts]");
      var stack = stacks[+el.getAttribute("data-stack")];
      if (el.getAttribute("aria-expanded") === "true") this.closeParts();
      else if (stack) this.showParts(stack).querySelector("button").focus();
    } else if ((el = target.closest("button[data-stack-close]"))) {
      var opener = this.part(".kv-stacks button[aria-expanded=true]");
      this.closeParts();
      if (opener) opener.focus();
    } else if ((el = target.closest(".kv-board [data-parts]")) && !game.solving && !game.data.failed) {
      this.showParts(el);  // a tap on a stack shows it whole rather than stepping
    } else if ((el = target.closest("button[data-tryi]"))) {
      this.tryMoves([+el.getAttribute("data-tryi")]);
    } else if ((el = target.closest(".kv-text summary"))) {
      var pre = this.part(".kv-text pre");
      pre.textContent = game.textDiagram(game.current);
    } else if (target.closest(".kv-board") && !game.data.failed) {
      if (game.solving) {
        this.tryMoves(this.movesAt(e.clientX, e.clientY));
        return;
      }
      /* tap zones: the left third steps back, the right third forward */
      var box = this.part(".kv-board").getBoundingClientRect();
      var x = (e.clientX - box.left) / (box.width || 1);
      this.stop();
      if (x < 1 / 3) this.step(-1);
      else if (x > 2 / 3) this.step(1);
    }
  };

  /* Press and hold a step button: it repeats until released. */
  Viewer.prototype.onPress = function (e) {
    var held = e.target.closest && e.target.closest("button[data-act]");
    if (!held || e.button !== 0) return;
    var action = held.getAttribute("data-act");
    if (["prev", "next", "back10", "fwd10"].indexOf(action) < 0) return;
    var self = this;
    this.stop();
    this.act(action);
    this.swallowClick = held;
    var repeat = null;
    var hold = setTimeout(function () {
      repeat = setInterval(function () {
        if (!self.act(action, true)) release();
      }, HOLD_REPEAT);
    }, HOLD_DELAY);
    function release() {
      clearTimeout(hold);
      clearInterval(repeat);
      ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) {
        held.removeEventListener(name, release);
      });
    }
    ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) {
      held.addEventListener(name, release);
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
    if (!game.children[game.current].length) this.go(0);
    var select = this.root.querySelector(".kv-speed select");
    var delay = select ? +select.value : 1000;
    this.setPlaying(true);
    this.timer = setTimeout(function tick() {
      var moved = self.step(1);
      if (moved) self.playFrames(Math.min(FRAME_DELAY, delay / (game.frameCount(game.current) + 1)));
      if (moved && game.children[game.current].length) self.timer = setTimeout(tick, delay);
      else self.stop();
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
      b.setAttribute("aria-label", t(on ? "Pause" : "Play"));
      b.innerHTML = on ? PAUSE : PLAY;
      b.lastChild.textContent = t(on ? "Pause" : "Play");
    });
    this.root.classList.toggle("kv-playing", on);
  };

  var viewers = [];

  function start() {
    each(document.querySelectorAll(".kifu-viewer[data-key]"), function (root) {
      if (root.getAttribute("data-ready") || !root.querySelector(".kv-shared")) return;
      root.setAttribute("data-ready", "1");
      viewers.push(new Viewer(root));
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
