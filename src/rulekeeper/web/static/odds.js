"use strict";
/* The odds page: one attack's exact damage distribution, with an editable modifier deck. */
(function oddsPage() {
  const main = document.getElementById("main");
  const ruleset = rk.el("select", { id: "ruleset", "data-testid": "ruleset" },
    rk.el("option", { value: "gloomhaven", text: "gloomhaven" }), rk.el("option", { value: "frosthaven", text: "frosthaven" }));
  const num = (id, value, label) => [rk.el("label", { for: id, text: label }),
    rk.el("input", { id, type: "number", min: "0", max: "99", value: String(value), "data-testid": id })];
  const FLAGS = [["advantage", _("advantage")], ["disadvantage", _("disadvantage")], ["poisoned", _("target poisoned")],
    ["ward", _("target warded (FH)")], ["brittle", _("target brittle (FH)")], ["muddled", _("attacker muddled")],
    ["strengthened", _("attacker strengthened")], ["ranged_adjacent", _("ranged, target adjacent")], ["monster", _("a monster attacks")]];
  const flags = FLAGS.flatMap(([id, label]) => [rk.el("label", { for: id, text: label }),
    rk.el("input", { id, type: "checkbox", "data-testid": id })]);
  const MODES = { none: _("normal attack"), advantage: _("with advantage"), disadvantage: _("with disadvantage") };
  const editDeck = rk.el("input", { id: "edit-deck", type: "checkbox", "data-testid": "edit-deck" });
  const deckTable = rk.el("table", { class: "deck-editor", "data-testid": "deck-editor", hidden: true });
  const compute = rk.el("button", { type: "button", "data-testid": "compute", text: _("Compute the odds") });
  const chart = rk.el("div", { class: "bars", "data-testid": "chart" });
  const table = rk.el("table", { "data-testid": "odds-table" });
  const summary = rk.el("div", { "data-testid": "summary" });
  main.append(
    rk.el("h1", { text: _("Attack odds") }),
    rk.el("p", { text: _("The exact damage distribution of one attack: every modifier draw enumerated, rolling cards, advantage and disadvantage as the ruleset says.") }),
    rk.errorBox(),
    rk.el("div", { class: "tool-grid" },
      rk.el("section", { class: "card" },
        rk.el("div", { class: "tool-fields" }, rk.el("label", { for: "ruleset", text: _("ruleset") }), ruleset,
          ...num("attack", 3, _("attack")), ...num("shield", 0, _("shield")), ...num("pierce", 0, _("pierce")), ...flags,
          rk.el("label", { for: "edit-deck", text: _("edit the deck") }), editDeck),
        deckTable, compute),
      rk.el("section", { class: "card" }, rk.el("h2", { text: _("Damage") }), chart, table, summary)));

  let cards = null;
  async function loadCards() {
    try {
      cards = await rk.api("GET", `/api/haven/cards?ruleset=${ruleset.value}`);
    } catch (e) {
      rk.showError(e.message);
      return;
    }
    deckTable.replaceChildren(rk.el("tr", {}, ...[_("card"), "", _("draw pile"), _("discard pile")].map((h) => rk.el("th", { text: h }))));
    for (const [id, text] of Object.entries(cards.cards)) {
      deckTable.append(rk.el("tr", { "data-card": id },
        rk.el("td", { text: id }), rk.el("td", { text }),
        rk.el("td", {}, rk.el("input", { type: "number", min: "0", max: "40", value: String(cards.standard[id] || 0), "data-pile": "draw", "aria-label": _("{card} in the draw pile", { card: id }) })),
        rk.el("td", {}, rk.el("input", { type: "number", min: "0", max: "40", value: "0", "data-pile": "discard", "aria-label": _("{card} in the discard pile", { card: id }) }))));
    }
  }

  function question() {
    const body = { ruleset: ruleset.value };
    for (const id of ["attack", "shield", "pierce"]) body[id] = Number(document.getElementById(id).value);
    for (const [id] of FLAGS) body[id] = document.getElementById(id).checked;
    if (editDeck.checked) {
      const deck = { draw: {}, discard: {} };
      for (const row of deckTable.querySelectorAll("tr[data-card]")) {
        for (const input of row.querySelectorAll("input")) {
          const n = Number(input.value);
          if (n) deck[input.dataset.pile][row.dataset.card] = n;
        }
      }
      body.deck = deck;
    }
    return body;
  }

  function drawChart(rows) {
    const NS = "http://www.w3.org/2000/svg";
    const width = Math.max(320, rows.length * 56 + 60), height = 240, base = 200;
    const top = Math.max(...rows.map((r) => r.probability.value), 0.01);
    const svg = document.createElementNS(NS, "svg");
    for (const [a, v] of Object.entries({ viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": _("damage distribution") })) svg.setAttribute(a, v);
    const add = (tag, attrs, text) => {
      const node = document.createElementNS(NS, tag);
      for (const [a, v] of Object.entries(attrs)) node.setAttribute(a, v);
      if (text !== undefined) node.textContent = text;
      svg.append(node);
    };
    add("line", { x1: 30, y1: base, x2: width - 10, y2: base, stroke: "#555" });
    rows.forEach((row, n) => {
      const h = (row.probability.value / top) * 160;
      const x = 40 + n * 56;
      add("rect", { x, y: base - h, width: 44, height: h, class: "bar", "data-damage": row.damage });
      add("text", { x: x + 22, y: base - h - 6, class: "bar-label" }, `${(row.probability.value * 100).toFixed(1)}%`);
      add("text", { x: x + 22, y: base + 16, class: "bar-label" }, String(row.damage));
    });
    add("text", { x: width / 2, y: base + 34, class: "bar-label" }, _("damage"));
    chart.replaceChildren(svg);
  }

  async function run() {
    let data;
    try {
      data = await rk.api("POST", "/api/haven/odds", question());
      rk.showError("");
    } catch (e) {
      rk.showError(e.message);
      return;
    }
    drawChart(data.damage);
    table.replaceChildren(rk.el("tr", {}, ...[_("damage"), _("probability"), _("exact"), _("at least")].map((h) => rk.el("th", { text: h }))));
    for (const row of data.damage) {
      table.append(rk.el("tr", { "data-damage": row.damage }, rk.el("td", { text: row.damage }),
        rk.el("td", { text: `${(row.probability.value * 100).toFixed(2)}%` }), rk.el("td", { text: row.probability.fraction }),
        rk.el("td", { text: `${(row.at_least.value * 100).toFixed(2)}%` })));
    }
    summary.replaceChildren(
      rk.el("p", { "data-testid": "expected", text: _("expected damage {value} ({fraction}) · {mode}", { value: data.expected_damage.value.toFixed(4), fraction: data.expected_damage.fraction, mode: MODES[data.mode] || data.mode }) }),
      ...Object.entries(data.effects).map(([name, p]) => rk.el("p", { text: _("adds {effect}: {percent}%", { effect: (data.effect_names || {})[name] || name, percent: (p.value * 100).toFixed(2) }) })),
      ...data.notes.map((note) => rk.el("p", { class: "hint", text: note })));
  }

  editDeck.addEventListener("change", () => { deckTable.hidden = !editDeck.checked; });
  ruleset.addEventListener("change", async () => { await loadCards(); run(); });
  compute.addEventListener("click", run);
  loadCards().then(run);
})();
