"use strict";
/* The monster-move painter: paint a haven-board/1 board, ask the server's monster mover,
   and draw every option with its path, focus, sight lines and area hexes. */
(function painter() {
  const S = 26;
  const R3 = Math.sqrt(3);
  const COLS = 12;
  const ROWS = 8;
  const TERRAIN = ["obstacle", "trap", "hazardous", "difficult", "icy"];
  const NAMES = { obstacle: _("obstacle"), trap: _("trap"), hazardous: _("hazardous"), difficult: _("difficult"), icy: _("icy") };
  const SHORT = { obstacle: _("obst."), trap: _("trap"), hazardous: _("haz."), difficult: _("diff."), icy: _("icy") };
  const FILL = { obstacle: "#6b5b4b", trap: "#b06ab3", hazardous: "#e07a5f", difficult: "#8fbf6a", icy: "#a8dadc" };
  const MODES = [
    ["hex", _("map hex")], ["wall", _("wall")], ...TERRAIN.map((t) => [t, NAMES[t]]), ["clear", _("clear terrain")],
    ["monster", _("monster")], ["character", _("character")], ["erase", _("remove figure")], ["area", _("area hex")],
    ["link", _("linked hexes")],
  ];
  const TEAMS = { monsters: _("monsters"), characters: _("characters") };
  const key = (h) => `${h[0]},${h[1]}`;
  const parse = (k) => k.split(",").map(Number);
  const board = { hexes: new Set(), walls: new Set(), terrain: new Map(), figures: [], aoe: new Set(), links: new Set() };
  let mode = "hex";
  let wallStart = null;
  let linkStart = null;
  let answer = null;
  let selected = 0;
  let counter = { monster: 0, character: 0 };

  const main = document.getElementById("main");
  const ruleset = rk.el("select", { id: "ruleset", "data-testid": "ruleset" },
    rk.el("option", { value: "gloomhaven", text: "gloomhaven" }), rk.el("option", { value: "frosthaven", text: "frosthaven" }));
  const palette = rk.el("div", { class: "palette", role: "group", "aria-label": _("paint") });
  for (const [name, text] of MODES) {
    palette.append(rk.el("button", { type: "button", "data-mode": name, "aria-pressed": String(name === mode), text,
      onclick: () => setMode(name) }));
  }
  const num = (id, value, label) => [rk.el("label", { for: id, text: label }),
    rk.el("input", { id, type: "number", min: "0", value: String(value), "data-testid": id })];
  const check = (id, label) => [rk.el("label", { for: id, text: label }), rk.el("input", { id, type: "checkbox", "data-testid": id })];
  const figureId = rk.el("input", { id: "figure-id", placeholder: _("auto"), "data-testid": "figure-id", list: "figure-ids" });
  const figureIds = rk.el("datalist", { id: "figure-ids" });
  // Opened from a companion game (?companion=TABLE&figure=ID): the board is prefilled around the
  // monster, the game's figure ids are offered, and an option can be applied to the game.
  const params = new URLSearchParams(window.location.search);
  const companionTable = params.get("companion");
  let companionFigures = [];
  const companionNote = rk.el("p", { class: "hint", "data-testid": "companion-note", hidden: true });
  const actor = rk.el("select", { id: "actor", "data-testid": "actor" });
  const fields = rk.el("div", { class: "tool-fields" },
    rk.el("label", { for: "ruleset", text: _("ruleset") }), ruleset,
    rk.el("label", { for: "figure-id", text: _("figure id") }), figureId,
    ...num("initiative", 50, _("initiative")),
    rk.el("label", { for: "actor", text: _("acting monster") }), actor,
    ...num("move", 2, _("move")), ...num("range", 0, _("range")), ...num("targets", 1, _("targets")),
    ...check("flying", _("flying")), ...check("jumping", _("jumping")), ...check("teleport", _("teleport")), ...check("muddled", _("muddled")));
  const solve = rk.el("button", { type: "button", "data-testid": "solve", text: _("Where does it go?") });
  const fill = rk.el("button", { type: "button", "data-testid": "fill", text: _("Fill the grid") });
  const clear = rk.el("button", { type: "button", "data-testid": "clear", text: _("Clear") });
  const json = rk.el("textarea", { rows: "8", "data-testid": "board-json", "aria-label": _("board JSON") });
  const load = rk.el("button", { type: "button", "data-testid": "load-json", text: _("Load this JSON") });
  const svgBox = rk.el("div", { class: "board", "data-testid": "board" });
  const options = rk.el("ol", { class: "options", "data-testid": "options" });
  const reasons = rk.el("ul", { class: "reasons", "data-testid": "reasons" });
  main.append(
    rk.el("h1", { text: _("Monster move") }),
    rk.el("p", { text: _("Paint the map, walls, terrain and figures; set the monster's ability; the monster mover lists every option and why.") }),
    companionNote, figureIds,
    rk.errorBox(),
    rk.el("div", { class: "tool-grid" },
      rk.el("section", { class: "card" }, rk.el("h2", { text: _("Paint") }), palette, fields,
        rk.el("div", { class: "toolbar" }, solve, fill, clear),
        rk.el("h2", { text: "haven-board/1" }), json, rk.el("div", { class: "toolbar" }, load)),
      rk.el("section", {}, svgBox, rk.el("h2", { text: _("Options") }), options, rk.el("h2", { text: _("Why") }), reasons)));

  function setMode(name) {
    mode = name;
    wallStart = null;
    linkStart = null;
    for (const b of palette.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
    draw();
  }

  function grid() {
    const cells = [];
    for (let q = 0; q < COLS; q++) {
      const top = -Math.floor(q / 2);
      for (let r = top; r < top + ROWS; r++) cells.push([q, r]);
    }
    const known = new Set(cells.map(key));
    for (const k of board.hexes) if (!known.has(k)) cells.push(parse(k));  // a loaded board may reach past the grid
    return cells;
  }
  const point = (h) => [1.5 * h[0] * S, R3 * (h[1] + h[0] / 2) * S];
  const polygon = (h) => {
    const [x, y] = point(h);
    return [0, 1, 2, 3, 4, 5].map((i) => {
      const a = (Math.PI / 3) * i;
      return `${(x + S * Math.cos(a)).toFixed(1)},${(y + S * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
  };
  const adjacent = (a, b) => {
    const dq = b[0] - a[0], dr = b[1] - a[1];
    return [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]].some(([x, y]) => x === dq && y === dr);
  };
  const wallKey = (a, b) => [key(a), key(b)].sort().join("|");
  // HV-ROOM-5 [FH]: linked hexes, stored like walls ("q,r|q,r") but between any two map hexes
  const linkKey = wallKey;
  // HV-GOAL-2: a figure may cover several hexes (a loaded board's more_hexes)
  const covers = (f, k) => key(f.hex) === k || (f.more_hexes || []).some((h) => key(h) === k);

  function doc() {
    const actorId = actor.value;
    const actorFigure = board.figures.find((f) => f.id === actorId);
    const aoe = actorFigure ? [...board.aoe].map(parse).map((h) => [h[0] - actorFigure.hex[0], h[1] - actorFigure.hex[1]]) : [];
    const terrain = {};
    for (const [k, kind] of board.terrain) (terrain[kind] = terrain[kind] || []).push(parse(k));
    const value = (id) => Number(document.getElementById(id).value || 0);
    const flag = (id) => document.getElementById(id).checked;
    return {
      format: "haven-board/1",
      ruleset: ruleset.value,
      hexes: [...board.hexes].map(parse),
      walls: [...board.walls].map((w) => w.split("|").map(parse)),
      terrain,
      ...(board.links.size ? { links: [...board.links].map((l) => l.split("|").map(parse)) } : {}),
      figures: board.figures.map((f) => ({
        id: f.id, team: f.team, hex: f.hex,
        ...(f.team === "characters" ? { initiative: f.initiative } : {}),
        ...(f.more_hexes && f.more_hexes.length ? { more_hexes: f.more_hexes } : {}),
      })),
      turn: {
        figure: actorId, move: value("move"), range: value("range"), targets: value("targets"), aoe,
        flying: flag("flying"), jumping: flag("jumping"), teleport: flag("teleport"), muddled: flag("muddled"),
      },
    };
  }

  function click(h) {
    const k = key(h);
    answer = null;
    if (mode === "hex") {
      if (board.hexes.has(k)) {
        board.hexes.delete(k);
        board.terrain.delete(k);
        for (const l of [...board.links]) if (l.split("|").includes(k)) board.links.delete(l);
        board.figures = board.figures.filter((f) => !covers(f, k));
      } else board.hexes.add(k);
    } else if (!board.hexes.has(k)) {
      rk.showError(_("paint the hex onto the map first (mode: map hex)"));
      return;
    } else if (mode === "wall") {
      if (!wallStart) wallStart = h;
      else {
        if (adjacent(wallStart, h)) {
          const w = wallKey(wallStart, h);
          if (board.walls.has(w)) board.walls.delete(w); else board.walls.add(w);
        } else rk.showError(_("a wall goes between two neighbouring hexes"));
        wallStart = null;
      }
    } else if (TERRAIN.includes(mode)) {
      board.terrain.set(k, mode);
    } else if (mode === "clear") {
      board.terrain.delete(k);
    } else if (mode === "monster" || mode === "character") {
      board.figures = board.figures.filter((f) => !covers(f, k));
      counter[mode] += 1;
      const id = figureId.value.trim() || (mode === "monster" ? `m${counter.monster}` : `c${counter.character}`);
      board.figures = board.figures.filter((f) => f.id !== id);
      const known = companionFigures.find((f) => f.id === id && f.initiative !== undefined);
      const initiative = known ? known.initiative : Number(document.getElementById("initiative").value || 50);
      board.figures.push({ id, team: mode === "monster" ? "monsters" : "characters", hex: h, initiative });
      figureId.value = "";
    } else if (mode === "erase") {
      board.figures = board.figures.filter((f) => !covers(f, k));
    } else if (mode === "area") {
      if (board.aoe.has(k)) board.aoe.delete(k); else board.aoe.add(k);
    } else if (mode === "link") {
      if (!linkStart) linkStart = h;
      else {
        if (key(linkStart) !== k) {
          const l = linkKey(linkStart, h);
          if (board.links.has(l)) board.links.delete(l); else board.links.add(l);
        }
        linkStart = null;
      }
    }
    rk.showError("");
    refreshActors();
    draw();
  }

  function refreshActors() {
    const keep = actor.value;
    const monsters = board.figures.filter((f) => f.team === "monsters");
    actor.replaceChildren(...monsters.map((f) => rk.el("option", { value: f.id, text: f.id })));
    if (monsters.some((f) => f.id === keep)) actor.value = keep;
  }

  function draw() {
    const cells = grid();
    const pts = cells.map(point);
    const minX = Math.min(...pts.map((p) => p[0])) - S * 1.2, minY = Math.min(...pts.map((p) => p[1])) - S * 1.2;
    const w = Math.max(...pts.map((p) => p[0])) - minX + S * 1.2, hgt = Math.max(...pts.map((p) => p[1])) - minY + S * 1.2;
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", `${minX} ${minY} ${w} ${hgt}`);
    svg.setAttribute("width", String(Math.round(w)));
    svg.setAttribute("height", String(Math.round(hgt)));
    svg.setAttribute("class", "board-svg");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", _("painted board"));
    const add = (tag, attrs, text) => {
      const node = document.createElementNS(NS, tag);
      for (const [a, v] of Object.entries(attrs)) node.setAttribute(a, v);
      if (text !== undefined) node.textContent = text;
      svg.append(node);
      return node;
    };
    const option = answer && answer.options[selected];
    const aoe = new Set(option ? option.aoe.map(key) : [...board.aoe]);
    for (const h of cells) {
      const k = key(h);
      const on = board.hexes.has(k);
      const fillColour = on ? (FILL[board.terrain.get(k)] || "#f4efe6") : "#ffffff";
      const poly = add("polygon", { points: polygon(h), fill: fillColour, class: `hex paint${on ? " on" : " off"}`,
        "data-hex": k, "stroke-dasharray": on ? "" : "3 3", role: "button", "aria-label": _("hex {hex}", { hex: k }) });
      poly.addEventListener("click", () => click(h));
      if (on && aoe.has(k)) add("polygon", { points: polygon(h), class: "aoe", "pointer-events": "none" });
      if (on && board.terrain.get(k)) {
        const [x, y] = point(h);
        add("text", { x, y: y + S * 0.6, class: "terrain-label" }, SHORT[board.terrain.get(k)]);
      }
      if ((wallStart && key(wallStart) === k) || (linkStart && key(linkStart) === k)) {
        add("polygon", { points: polygon(h), class: "dest", "pointer-events": "none" });
      }
    }
    for (const w of board.walls) {
      const [a, b] = w.split("|").map(parse);
      const [ax, ay] = point(a), [bx, by] = point(b);
      const mx = (ax + bx) / 2, my = (ay + by) / 2, dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy);
      const px = (-dy / len) * S / 2, py = (dx / len) * S / 2;
      add("line", { x1: mx + px, y1: my + py, x2: mx - px, y2: my - py, class: "wall", "data-wall": w, "pointer-events": "none" });
    }
    if (option) {
      if (option.path.length > 1) {
        add("polyline", { points: option.path.map((h) => point(h).join(",")).join(" "), class: "path", "data-testid": "path", "pointer-events": "none" });
      }
      for (const [from, to] of option.sight_lines) {
        const [x1, y1] = point(from), [x2, y2] = point(to);
        add("line", { x1, y1, x2, y2, class: "sight", "data-testid": "sight-line", "pointer-events": "none" });
      }
      add("polygon", { points: polygon(option.move_to), class: "dest", "pointer-events": "none" });
    }
    for (const f of board.figures) {
      const [x, y] = point(f.hex);
      const focus = option && option.focus === f.id;
      const g = document.createElementNS(NS, "g");
      g.setAttribute("class", `figure ${f.team === "monsters" ? "monster" : "character"}${focus ? " focus" : ""}${f.id === actor.value ? " actor" : ""}`);
      g.setAttribute("data-figure", f.id);
      g.setAttribute("pointer-events", "none");
      const moved = option && f.id === actor.value && key(option.move_to) !== key(f.hex);
      if (moved) add("circle", { cx: x, cy: y, r: S * 0.5, class: "ghost", "data-testid": "start-hex" });
      const shown = moved ? point(option.move_to) : [x, y];
      const c = document.createElementNS(NS, "circle");
      Object.entries({ cx: shown[0], cy: shown[1], r: S * 0.5, fill: f.team === "monsters" ? "#c1121f" : "#2a9d8f", stroke: "#222" })
        .forEach(([a, v]) => c.setAttribute(a, v));
      const t = document.createElementNS(NS, "text");
      Object.entries({ x: shown[0], y: shown[1], class: "mark" }).forEach(([a, v]) => t.setAttribute(a, v));
      t.textContent = f.id.slice(0, 3);
      g.append(c, t);
      // HV-GOAL-2: the same figure on each of its other hexes
      for (const h of f.more_hexes || []) {
        const [hx, hy] = point(h);
        const more = c.cloneNode();
        more.setAttribute("cx", hx); more.setAttribute("cy", hy);
        const mark = t.cloneNode(true);
        mark.setAttribute("x", hx); mark.setAttribute("y", hy);
        g.append(more, mark);
      }
      svg.append(g);
    }
    // linked hexes last: their marks stay readable over the figures
    [...board.links].forEach((l, n) => {
      const [a, b] = l.split("|").map(parse);
      const [ax, ay] = point(a), [bx, by] = point(b);
      add("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "hex-link", "data-link": `L${n + 1}`, "pointer-events": "none" });
      for (const [x, y] of [[ax, ay], [bx, by]]) {
        const g = document.createElementNS(NS, "g");
        g.setAttribute("class", "link-mark");
        g.setAttribute("data-link", `L${n + 1}`);
        g.setAttribute("pointer-events", "none");
        const r = document.createElementNS(NS, "rect");
        Object.entries({ x: x + S * 0.18, y: y - S * 0.78, width: S * 0.62, height: S * 0.42, rx: 3 }).forEach(([at, v]) => r.setAttribute(at, v));
        const t = document.createElementNS(NS, "text");
        Object.entries({ x: x + S * 0.49, y: y - S * 0.57 }).forEach(([at, v]) => t.setAttribute(at, v));
        t.textContent = `L${n + 1}`;
        g.append(r, t);
        svg.append(g);
      }
    });
    svgBox.replaceChildren(svg);
    json.value = JSON.stringify(doc());
  }

  function showAnswer() {
    options.replaceChildren();
    reasons.replaceChildren();
    if (!answer) return;
    answer.options.forEach((o, n) => {
      const fields = { n: n + 1, hex: `[${o.move_to}]`, targets: o.targets.join(", "), focus: o.focus };
      let text;
      if (o.targets.length) {
        text = o.focus ? _("Option {n}: move to {hex}, attack {targets} (focus {focus})", fields)
          : _("Option {n}: move to {hex}, attack {targets}", fields);
      } else {
        text = o.focus ? _("Option {n}: move to {hex} (focus {focus})", fields) : _("Option {n}: move to {hex}", fields);
      }
      const item = rk.el("li", { class: n === selected ? "selected" : "", "data-option": String(n), "data-move-to": key(o.move_to),
        "data-focus": o.focus || "", "data-targets": o.targets.join(",") },
        rk.el("button", { type: "button", class: "action", text, onclick: () => { selected = n; showAnswer(); draw(); } }),
        rk.el("div", { class: "path-text", text: _("path {hexes}", { hexes: o.path.map((h) => `[${h}]`).join(" → ") }) }),
        companionTable ? rk.el("button", { type: "button", "data-testid": `apply-${n}`, text: _("Apply to the companion game"),
          onclick: () => applyToCompanion(o) }) : null,
        o.aoe.length ? rk.el("div", { text: _("area {hexes}", { hexes: o.aoe.map((h) => `[${h}]`).join(" ") }) }) : null);
      options.append(item);
    });
    for (const reason of answer.reasons) reasons.append(rk.el("li", { text: reason }));
  }

  solve.addEventListener("click", async () => {
    try {
      answer = await rk.api("POST", "/api/haven/monster-move", doc());
      selected = 0;
      rk.showError("");
    } catch (e) {
      answer = null;
      rk.showError(e.message);
    }
    showAnswer();
    draw();
  });
  fill.addEventListener("click", () => { for (const h of grid()) board.hexes.add(key(h)); answer = null; showAnswer(); draw(); });
  clear.addEventListener("click", () => {
    board.hexes.clear(); board.walls.clear(); board.terrain.clear(); board.figures = []; board.aoe.clear(); board.links.clear();
    counter = { monster: 0, character: 0 }; answer = null; refreshActors(); showAnswer(); draw();
  });
  load.addEventListener("click", () => {
    let data;
    try {
      data = JSON.parse(json.value);
    } catch (e) {
      rk.showError(_("not valid JSON: {reason}", { reason: e.message }));
      return;
    }
    if (!data || !Array.isArray(data.hexes)) {
      rk.showError(_("hexes: a haven-board/1 board lists its hexes"));
      return;
    }
    board.hexes = new Set(data.hexes.map(key));
    board.walls = new Set((data.walls || []).map(([a, b]) => wallKey(a, b)));
    board.links = new Set((data.links || []).map(([a, b]) => linkKey(a, b)));
    board.terrain = new Map();
    for (const [kind, list] of Object.entries(data.terrain || {})) for (const h of list) board.terrain.set(key(h), kind);
    board.figures = (data.figures || []).map((f) => ({
      id: f.id, team: f.team, hex: f.hex, initiative: f.initiative,
      ...(Array.isArray(f.more_hexes) ? { more_hexes: f.more_hexes } : {}),
    }));
    const turn = data.turn || {};
    refreshActors();
    if (turn.figure) actor.value = turn.figure;
    const actorFigure = board.figures.find((f) => f.id === turn.figure);
    board.aoe = new Set((turn.aoe || []).map((h) => key(actorFigure ? [h[0] + actorFigure.hex[0], h[1] + actorFigure.hex[1]] : h)));
    for (const id of ["move", "range", "targets"]) if (turn[id] !== undefined) document.getElementById(id).value = turn[id];
    for (const id of ["flying", "jumping", "teleport", "muddled"]) document.getElementById(id).checked = Boolean(turn[id]);
    if (data.ruleset) ruleset.value = data.ruleset;
    answer = null;
    showAnswer();
    draw();
  });
  async function applyToCompanion(option) {
    const action = { type: "follow-mover", monster: actor.value, moved: Math.max(0, option.path.length - 1), targets: option.targets };
    try {
      await rk.api("POST", `/api/tables/${encodeURIComponent(companionTable)}/actions`, { action });
      window.location.assign(`/companion/${encodeURIComponent(companionTable)}`);
    } catch (e) {
      rk.showError(e.message);
    }
  }

  async function loadCompanion() {
    try {
      const data = await rk.api("GET", `/api/companion/${encodeURIComponent(companionTable)}/mover/${encodeURIComponent(params.get("figure") || "")}`);
      companionFigures = data.figures;
      figureIds.replaceChildren(...companionFigures.map((f) => rk.el("option", { value: f.id, label: f.initiative !== undefined ? _("{team}, initiative {initiative}", { team: TEAMS[f.team] || f.team, initiative: f.initiative }) : (TEAMS[f.team] || f.team) })));
      companionNote.hidden = false;
      companionNote.textContent = _("From the companion game: {figure} is in the middle with this round's numbers. Paint the walls, terrain and figures around it (ids: {ids}), ask the mover, then apply an option to the game.", {
        figure: data.board.turn.figure,
        ids: companionFigures.filter((f) => f.id !== data.board.turn.figure).map((f) => f.id).join(", "),
      });
      if (data.board.ruleset === "frosthaven") {
        // HV-ROOM-5: the mover only knows the links painted; the table's map is not in the scenario
        companionNote.append(" ", _("If your map links hexes (HV-ROOM-5), paint each pair with “linked hexes” too: the mover counts a link as one step for movement and focus, never as line of sight. A link left unpainted is not seen, so resolve such a move by hand."));
      }
      json.value = JSON.stringify(data.board);
      load.click();
    } catch (e) {
      rk.showError(e.message);
    }
  }

  actor.addEventListener("change", draw);
  for (const input of fields.querySelectorAll("input, select")) input.addEventListener("change", () => { json.value = JSON.stringify(doc()); });
  draw();
  if (companionTable) loadCompanion();
})();
