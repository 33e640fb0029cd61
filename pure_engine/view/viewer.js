// pure-engine viewer: draws the scenes packed in #data as SVG; steps, seats, trees.
// Every text from the data is set with textContent (never parsed as HTML).
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("data").textContent);
  var NS = "http://www.w3.org/2000/svg";
  var SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var FRENCH = /^(10|[2-9AJQKT])([CDHS])$/;
  var CW = 44, CH = 62, GW = 78, GH = 92;
  var state = { step: 0, view: 0, timer: null, scene: null, free: null };
  var solved = {}, pending = {};  // bridge: the server's trick values by position
  var $ = function (id) { return document.getElementById(id); };

  function svgEl(tag, attrs, text) {
    var node = document.createElementNS(NS, tag);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function htmlEl(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function parts(card) {
    if (typeof card === "string") return { face: card, stats: "", tags: "", mark: "" };
    return { face: card[0], stats: card[1], tags: card[2], mark: card[3] };
  }

  function drawCard(parent, card, x, y, wide, values) {
    var c = parts(card);
    var width = wide ? GW : CW, height = wide ? GH : CH;
    var cls = "card";
    var group = svgEl("g", { transform: "translate(" + x + "," + y + ")" });
    if (c.face === "") {
      group.setAttribute("class", cls + " down");
      group.appendChild(svgEl("rect", { width: width, height: height, rx: 5, "class": "back" }));
      parent.appendChild(group);
      return;
    }
    var french = FRENCH.exec(c.face);
    if (french && (french[2] === "H" || french[2] === "D")) cls += " red";
    if (c.mark) cls += " m-" + c.mark.replace(/[^a-z]/g, "");
    group.setAttribute("class", cls);
    group.setAttribute("data-face", c.face);
    group.appendChild(svgEl("rect", { width: width, height: height, rx: 5, "class": "face" }));
    if (french) {
      var rank = french[1] === "T" ? "10" : french[1];
      group.appendChild(svgEl("text", { x: 3, y: 15, "class": "rank" }, rank + SUITS[french[2]]));
      group.appendChild(svgEl("text", { x: width / 2 + 4, y: height - 10, "class": "pip" },
        SUITS[french[2]]));
    } else if (wide) {
      var name = c.face.replace(/_/g, " ");
      group.appendChild(svgEl("text", { x: 4, y: 14, "class": "name" }, name.slice(0, 13)));
      if (name.length > 13) {
        group.appendChild(svgEl("text", { x: 4, y: 26, "class": "name" }, name.slice(13, 26)));
      }
      if (c.tags) group.appendChild(svgEl("text", { x: 4, y: 60, "class": "tags" }, c.tags));
      if (c.stats) group.appendChild(svgEl("text", { x: 4, y: 84, "class": "stats" }, c.stats));
    } else {
      group.appendChild(svgEl("text", { x: width / 2, y: height / 2 + 6, "class": "plain" },
        c.face.slice(0, 6)));
    }
    if (values && Object.prototype.hasOwnProperty.call(values, c.face)) {
      group.setAttribute("class", cls + " legal");
      group.appendChild(svgEl("circle", { cx: 12, cy: height - 14, r: 10, "class": "badge" }));
      group.appendChild(svgEl("text", { x: 12, y: height - 10, "class": "badgetext" },
        String(values[c.face])));
      group.addEventListener("click", function () { clickCard(c.face); });
    }
    parent.appendChild(group);
  }

  function drawZone(svg, zone, values, box) {
    var name = zone[0], x = zone[1], y = zone[2], layout = zone[3], cards = zone[4], note = zone[5];
    var group = svgEl("g", { "class": "zone", "data-zone": name });
    var label = note && (layout === "row" || layout === "column") ? name + " \u00b7 " + note : name;
    group.appendChild(svgEl("text", { x: x, y: y - 5, "class": "label" }, label));
    var right = x + CW, bottom = y + CH;
    if (layout === "stack" || layout === "pile") {
      var wide = layout === "pile";
      if (cards.length === 0) {
        group.appendChild(svgEl("rect", { x: x, y: y, width: wide ? GW : CW,
          height: wide ? GH : CH, rx: 5, "class": "slot" }));
      } else {
        drawCard(group, cards[cards.length - 1], x, y, wide, values);
        if (cards.length > 1) {
          group.appendChild(svgEl("text", { x: x + 2, y: y + (wide ? GH : CH) + 13,
            "class": "count" }, "\u00d7" + cards.length));
        }
      }
      right = x + (wide ? GW : CW) + 8;
      bottom = y + (wide ? GH : CH) + 16;
    } else if (layout === "grid") {
      group.appendChild(svgEl("rect", { x: x, y: y, width: Math.max(cards.length, 1) * (GW + 6),
        height: GH, rx: 6, "class": "area" }));
      cards.forEach(function (card, i) { drawCard(group, card, x + i * (GW + 6), y, true, values); });
      right = x + Math.max(cards.length, 1) * (GW + 6);
      bottom = y + GH;
    } else if (layout === "column") {
      if (cards.length === 0) {
        group.appendChild(svgEl("rect", { x: x, y: y, width: CW, height: CH, rx: 5, "class": "slot" }));
      }
      var down = cards.length > 14 ? Math.max(8, Math.floor(260 / cards.length)) : 20;
      cards.forEach(function (card, i) { drawCard(group, card, x, y + i * down, false, values); });
      bottom = y + CH + Math.max(cards.length - 1, 0) * down;
    } else {
      var across = cards.length > 1 ? Math.min(30, Math.floor(640 / cards.length)) : 30;
      if (values) across = Math.max(across, 30);
      cards.forEach(function (card, i) { drawCard(group, card, x + i * across, y, false, values); });
      right = x + CW + Math.max(cards.length - 1, 0) * across;
    }
    svg.appendChild(group);
    box.w = Math.max(box.w, right + 40);
    box.h = Math.max(box.h, bottom + 10);
  }

  function drawTable(zones, texts, values) {
    var svg = $("table");
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var box = { w: 200, h: 100 };
    zones.forEach(function (zone) { drawZone(svg, zone, values, box); });
    svg.setAttribute("viewBox", "0 0 " + box.w + " " + box.h);
    svg.setAttribute("width", box.w);
    svg.setAttribute("height", box.h);
    var status = $("status");
    while (status.firstChild) status.removeChild(status.firstChild);
    texts.forEach(function (t) { status.appendChild(htmlEl("p", "", t)); });
  }

  function drawScene(index, values) {
    var scene = DATA.scenes[index];
    drawTable(scene[0].map(function (z) { return DATA.zones[z]; }),
      scene[1].map(function (t) { return DATA.texts[t]; }), values);
    state.scene = index;
  }

  // --- bridge: any card plays, on the double-dummy line or off it ---------------------------
  // The page replays the play from the deal (DATA.play) to draw positions off the line; the
  // rules are bridge_play's (follow suit; the highest trump, else the highest card of the suit
  // led, wins; the winner leads), and the browser test checks every scene against the library.
  var RANKS = { A: 14, K: 13, Q: 12, J: 11, T: 10 };
  function suitOf(face) { return face.slice(-1); }
  function rankOf(face) { var r = face.slice(0, -1); return RANKS[r] || Number(r); }

  function beats(card, best) {
    if (suitOf(card) === suitOf(best)) return rankOf(card) > rankOf(best);
    return suitOf(card) === DATA.play.trump;
  }

  function replayPlay(played) {
    var hands = DATA.play.hands.map(function (hand) { return hand.slice(); });
    var leader = DATA.play.leader, trick = [], won = [0, 0];
    played.forEach(function (face) {
      var hand = hands[(leader + trick.length) % 4];
      hand.splice(hand.indexOf(face), 1);
      trick.push(face);
      if (trick.length === 4) {
        var best = 0;
        for (var i = 1; i < 4; i++) if (beats(trick[i], trick[best])) best = i;
        leader = (leader + best) % 4;
        won[leader % 2] += 1;
        trick = [];
      }
    });
    var hand = hands[(leader + trick.length) % 4];
    var follow = trick.length ? hand.filter(function (f) { return suitOf(f) === suitOf(trick[0]); }) : [];
    return { hands: hands, trick: trick, leader: leader, won: won, played: played.length,
      legal: follow.length ? follow : hand.slice() };
  }

  function playScene(pos, view) {
    var play = DATA.play, seat = view - 1;
    var dummyShown = play.dummy_shown || pos.played > 0;
    var zones = pos.hands.map(function (hand, p) {
      var open = view === 0 || p === seat || (p === play.dummy && dummyShown);
      var cards = open ? hand : hand.map(function () { return ""; });
      return [play.seats[p], play.xy[p][0], play.xy[p][1], "row", cards, ""];
    });
    if (pos.trick.length) {
      zones.push(["trick", play.trick_xy[0], play.trick_xy[1], "row", pos.trick,
        "led by " + play.seats[pos.leader]]);
    }
    return [zones, [play.contract, "tricks N-S " + pos.won[0] + " \u00b7 E-W " + pos.won[1]]];
  }

  function boardPlayed() { return state.free || DATA.line.slice(0, state.step); }

  function fileValues() {
    var values = !state.free && DATA.values[state.step];
    return values && Object.keys(values).length ? values : null;
  }

  function bestOf(values) {
    var best = null;
    for (var face in values) {
      if (typeof values[face] === "number" && (best === null || values[face] > values[best])) {
        best = face;
      }
    }
    return best;
  }

  function ask(played) {
    var key = played.join(" ");
    if (pending[key]) return;
    pending[key] = true;
    var request = { played: played };
    for (var field in DATA.play.request) request[field] = DATA.play.request[field];
    fetch("/solve", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request) })
      .then(function (response) {
        return response.json().then(function (answer) { return [response.ok, answer]; });
      })
      .then(function (result) {
        delete pending[key];
        solved[key] = result[0] ? result[1].values : { error: result[1].error };
        if (boardPlayed().join(" ") === key) show();
      })
      .catch(function (error) {
        delete pending[key];
        solved[key] = { error: String(error) };
        if (boardPlayed().join(" ") === key) show();
      });
  }

  // the badges of the position on the board, and a line saying where they come from
  function playValues() {
    var played = boardPlayed(), key = played.join(" ");
    var values = fileValues() || solved[key];
    if (values && !values.error) return [values, ""];
    var unknown = {};
    replayPlay(played).legal.forEach(function (face) { unknown[face] = "?"; });
    if (!Object.keys(unknown).length) return [unknown, ""];
    if (values) return [unknown, "not solved: " + values.error];
    if (!DATA.served) {
      return [unknown, "trick values: not solved in this file (use --serve or --dd-cards N)"];
    }
    ask(played);
    return [unknown, "solving this position\u2026"];
  }

  function stepValues() {
    if (!DATA.play || state.view !== 0) return null;
    return playValues()[0];
  }

  function show(note) {
    var steps = DATA.steps;
    if (!steps.length) return;
    var lines = [note || ""];
    if (DATA.play && state.view === 0) lines.push(playValues()[1]);
    if (state.free) {
      var scene = playScene(replayPlay(state.free), state.view);
      drawTable(scene[0], scene[1], stepValues());
      $("where").textContent = "off the line \u00b7 card " + state.free.length + " of the play";
    } else {
      var scenes = steps[state.step];
      drawScene(scenes[Math.min(state.view, scenes.length - 1)], stepValues());
      $("slider").value = state.step;
      $("where").textContent = "step " + state.step + " / " + (steps.length - 1);
    }
    var list = $("moves");
    var old = list.querySelector("li.current");
    if (old) old.classList.remove("current");
    if (!state.free && state.step > 0 && list.children[state.step - 1]) {
      var item = list.children[state.step - 1];
      item.classList.add("current");
      if (item.scrollIntoView) item.scrollIntoView({ block: "nearest" });
    }
    $("info").textContent = lines.filter(Boolean).join(" \u00b7 ");
  }

  function go(step) {
    var last = DATA.steps.length - 1;
    state.free = null;
    state.step = Math.max(0, Math.min(last, step));
    show();
  }

  function back() {
    if (!state.free) { go(state.step - 1); return; }
    var played = state.free.slice(0, -1);
    if (DATA.line.slice(0, played.length).join(" ") === played.join(" ")) {
      go(played.length);
      return;
    }
    state.free = played;
    show();
  }

  function forward() {
    if (!state.free) { go(state.step + 1); return; }
    var best = bestOf(stepValues() || {});
    if (best) clickCard(best);
  }

  function toggle() {
    if (state.timer !== null) {
      clearInterval(state.timer);
      state.timer = null;
      $("play").textContent = "\u25b6 play";
      return;
    }
    if (state.step >= DATA.steps.length - 1) go(0);
    $("play").textContent = "\u23f8 pause";
    state.timer = setInterval(function () {
      if (state.step >= DATA.steps.length - 1) { toggle(); return; }
      go(state.step + 1);
    }, 500);
  }

  function clickCard(face) {
    var values = stepValues() || {};
    if (!state.free && DATA.line[state.step] === face) { go(state.step + 1); return; }
    var note = "played " + face;
    var best = bestOf(values);
    if (typeof values[face] === "number") {
      note += " (its side takes " + values[face];
      note += values[best] > values[face] ? "; " + best + " takes " + values[best] + ")" : ")";
    }
    state.free = boardPlayed().concat([face]);
    show(note);
  }

  function buildMoves() {
    var list = $("moves");
    DATA.moves.forEach(function (move, i) {
      var item = htmlEl("li", "move " + move[2].split(":")[0]);
      item.appendChild(htmlEl("span", "who", move[0]));
      item.appendChild(htmlEl("span", "what", move[1]));
      item.appendChild(htmlEl("span", "why", move[2]));
      item.addEventListener("click", function () { go(i + 1); });
      list.appendChild(item);
    });
  }

  function buildViews() {
    var select = $("seat");
    DATA.views.forEach(function (name, i) {
      var option = htmlEl("option", "", name);
      option.value = String(i);
      select.appendChild(option);
    });
    select.addEventListener("change", function () {
      state.view = Number(select.value);
      select.blur();
      show();
    });
  }

  function buildTree(node, parent, depth) {
    var details = htmlEl("details", "node");
    if (depth < 2) details.open = true;
    var summary = htmlEl("summary", "", node.t);
    if (node.s !== undefined && node.s >= 0) {
      summary.addEventListener("click", function () {
        var old = document.querySelector("#tree summary.selected");
        if (old) old.classList.remove("selected");
        summary.classList.add("selected");
        drawScene(node.s, null);
      });
      summary.classList.add("has-state");
    }
    details.appendChild(summary);
    (node.c || []).forEach(function (child) { buildTree(child, details, depth + 1); });
    if (!node.c || !node.c.length) details.classList.add("leaf");
    parent.appendChild(details);
  }

  function buildTable() {
    var dd = DATA.dd;
    var table = $("ddtable");
    var head = htmlEl("tr");
    head.appendChild(htmlEl("th", "", "declarer"));
    dd.strains.forEach(function (s) { head.appendChild(htmlEl("th", "", s)); });
    table.appendChild(head);
    dd.rows.forEach(function (row) {
      var tr = htmlEl("tr");
      tr.appendChild(htmlEl("th", "", row[0]));
      row[1].forEach(function (n) { tr.appendChild(htmlEl("td", "", String(n))); });
      table.appendChild(tr);
    });
  }

  function init() {
    document.title = DATA.title;
    $("title").textContent = DATA.title;
    $("source").textContent = DATA.source;
    DATA.summary.forEach(function (line) { $("summary").appendChild(htmlEl("p", "", line)); });
    buildViews();
    buildMoves();
    if (DATA.tree) buildTree(DATA.tree, $("tree"), 0);
    else $("treebox").hidden = true;
    if (DATA.dd) buildTable(); else $("ddbox").hidden = true;
    var slider = $("slider");
    slider.max = String(Math.max(DATA.steps.length - 1, 0));
    slider.addEventListener("input", function () { go(Number(slider.value)); });
    $("first").addEventListener("click", function () { go(0); });
    $("prev").addEventListener("click", back);
    $("next").addEventListener("click", forward);
    $("last").addEventListener("click", function () { go(DATA.steps.length - 1); });
    $("play").addEventListener("click", toggle);
    document.addEventListener("keydown", function (event) {
      if (event.target && event.target.tagName === "SELECT") return;
      if (event.key === "ArrowRight") { forward(); event.preventDefault(); }
      else if (event.key === "ArrowLeft") { back(); event.preventDefault(); }
      else if (event.key === "Home") go(0);
      else if (event.key === "End") go(DATA.steps.length - 1);
    });
    if (DATA.moves.length === 0) { $("controls").hidden = true; $("movebox").hidden = true; }
    show();
    document.body.setAttribute("data-ready", "1");
  }

  init();
})();
