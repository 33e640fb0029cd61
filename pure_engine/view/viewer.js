// pure-engine viewer: draws the scenes packed in #data as SVG; steps, seats, trees.
// Every text from the data is set with textContent (never parsed as HTML).
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("data").textContent);
  var NS = "http://www.w3.org/2000/svg";
  var SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var FRENCH = /^(10|[2-9AJQKT])([CDHS])$/;
  var CW = 44, CH = 62, GW = 78, GH = 92;
  var state = { step: 0, view: 0, timer: null, scene: null };
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

  function drawScene(index, values) {
    var scene = DATA.scenes[index];
    var svg = $("table");
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var box = { w: 200, h: 100 };
    scene[0].forEach(function (z) { drawZone(svg, DATA.zones[z], values, box); });
    svg.setAttribute("viewBox", "0 0 " + box.w + " " + box.h);
    svg.setAttribute("width", box.w);
    svg.setAttribute("height", box.h);
    var status = $("status");
    while (status.firstChild) status.removeChild(status.firstChild);
    scene[1].forEach(function (t) { status.appendChild(htmlEl("p", "", DATA.texts[t])); });
    state.scene = index;
  }

  function stepValues() {
    if (!DATA.values || state.view !== 0) return null;
    return DATA.values[state.step] || null;
  }

  function show() {
    var steps = DATA.steps;
    if (!steps.length) return;
    var scenes = steps[state.step];
    drawScene(scenes[Math.min(state.view, scenes.length - 1)], stepValues());
    $("slider").value = state.step;
    $("where").textContent = "step " + state.step + " / " + (steps.length - 1);
    var list = $("moves");
    var old = list.querySelector("li.current");
    if (old) old.classList.remove("current");
    if (state.step > 0 && list.children[state.step - 1]) {
      var item = list.children[state.step - 1];
      item.classList.add("current");
      if (item.scrollIntoView) item.scrollIntoView({ block: "nearest" });
    }
    $("info").textContent = "";
  }

  function go(step) {
    var last = DATA.steps.length - 1;
    state.step = Math.max(0, Math.min(last, step));
    show();
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
    var best = DATA.line[state.step] || "";
    var values = stepValues();
    if (best === face) { go(state.step + 1); return; }
    $("info").textContent = face + " takes " + values[face] + " tricks for its side; the " +
      "double-dummy line plays " + best + " (" + values[best] + ").";
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
    $("prev").addEventListener("click", function () { go(state.step - 1); });
    $("next").addEventListener("click", function () { go(state.step + 1); });
    $("last").addEventListener("click", function () { go(DATA.steps.length - 1); });
    $("play").addEventListener("click", toggle);
    document.addEventListener("keydown", function (event) {
      if (event.target && event.target.tagName === "SELECT") return;
      if (event.key === "ArrowRight") { go(state.step + 1); event.preventDefault(); }
      else if (event.key === "ArrowLeft") { go(state.step - 1); event.preventDefault(); }
      else if (event.key === "Home") go(0);
      else if (event.key === "End") go(DATA.steps.length - 1);
    });
    if (DATA.moves.length === 0) { $("controls").hidden = true; $("movebox").hidden = true; }
    show();
    document.body.setAttribute("data-ready", "1");
  }

  init();
})();
