"use strict";
/* The play page: the board as SVG, every legal action a control carrying its JSON form,
   the log with each rule ID expandable to its text, undo, redo, save, the outcome.
   The server decides everything; this page only draws what it is sent. */
(function play() {
  const tableId = window.location.pathname.split("/").pop();
  const base = `/api/tables/${encodeURIComponent(tableId)}`;
  const main = document.getElementById("main");
  const RULE_ID = /^[A-Z]{2,5}(-[A-Z0-9]+)+$/;
  const title = rk.el("h1", { "data-testid": "title" });
  const status = rk.el("p", { class: "status", "data-testid": "status", "aria-live": "polite" });
  const board = rk.el("div", { class: "board", "data-testid": "board" });
  const actions = rk.el("div", { class: "actions", "data-testid": "actions", role: "group", "aria-label": _("legal actions") });
  const outcome = rk.el("div", { class: "outcome", "data-testid": "outcome", role: "status", hidden: true });
  const panel = rk.el("div", { class: "panel", "data-testid": "panel" });
  const log = rk.el("ol", { class: "log", "data-testid": "log", "aria-label": _("event log") });
  const undo = rk.el("button", { type: "button", "data-testid": "undo", text: _("Undo") });
  const redo = rk.el("button", { type: "button", "data-testid": "redo", text: _("Redo") });
  const saveName = rk.el("input", { "aria-label": _("save name"), placeholder: _("save name"), "data-testid": "save-as" });
  const save = rk.el("button", { type: "button", "data-testid": "save", text: _("Save") });
  const saved = rk.el("span", { class: "saved", "data-testid": "saved" });
  const toolbar = rk.el("div", { class: "toolbar" }, undo, redo, saveName, save, saved);
  main.append(
    title, status, rk.errorBox(), outcome,
    rk.el("div", { class: "play-grid" },
      rk.el("section", { class: "left" }, board, rk.el("h2", { text: _("Your choices") }), actions, toolbar),
      rk.el("section", { class: "right" }, panel, rk.el("h2", { text: _("Log") }), log)));

  let current = null;
  let busy = false;

  function render(view) {
    // the same version twice (the first live event racing the first fetch): nothing changed, and
    // redrawing would close a rule the reader just opened in the log
    if (current && current.version === view.version && current.id === view.id) return;
    current = view;
    main.dataset.version = String(view.version);
    document.title = `${view.title} — ${view.scenario_label}`;
    title.textContent = `${view.title}: ${view.scenario_label}`;
    const who = view.player ? `${view.player}: ${view.decision}` : _("game over");
    status.textContent = [_("ruleset {ruleset}", { ruleset: view.ruleset }), _("seed {seed}", { seed: view.seed }),
      _n("{n} action", "{n} actions", view.actions_played), who].join(" · ");
    board.innerHTML = view.board;
    panel.innerHTML = view.panel;
    renderActions(view);
    renderLog(view.log);
    if (view.outcome) {
      outcome.hidden = false;
      outcome.className = `outcome ${view.outcome.result}`;
      outcome.textContent = _("Game over — {result}: {summary}", { result: view.outcome.result_text, summary: view.outcome.summary });
    } else {
      outcome.hidden = true;
      outcome.textContent = "";
    }
    undo.disabled = !view.can_undo;
    redo.disabled = !view.can_redo;
    saved.textContent = view.save ? _("saved as {name} (every action is recorded)", { name: view.save }) : "";
  }

  function renderActions(view) {
    actions.replaceChildren();
    const buttons = [];
    for (const action of view.actions) {
      if (action.place) {
        const spot = board.querySelector(`[data-place="${CSS.escape(action.place)}"]`);
        if (spot) {
          spot.setAttribute("data-action", action.json);
          spot.setAttribute("role", "button");
          spot.setAttribute("tabindex", "0");
          spot.setAttribute("aria-label", action.label);
          spot.classList.add("legal");
          spot.addEventListener("click", () => choose(action.json));
          spot.addEventListener("keydown", (e) => {
            if (e.key === "Enter" || e.key === " ") choose(action.json);
          });
          continue;
        }
      }
      if (action.near) {
        const spot = board.querySelector(`[data-place="${CSS.escape(action.near)}"]`);
        if (spot) spot.classList.add("option");
      }
      buttons.push(rk.el("button", { type: "button", class: "action", "data-action": action.json, text: action.label,
        onclick: () => choose(action.json) }));
    }
    const placed = view.actions.length - buttons.length;
    if (placed) {
      actions.append(rk.el("p", { class: "hint", text: _n("{n} choice is on the board: click a highlighted place.",
        "{n} choices are on the board: click a highlighted place.", placed) }));
    }
    actions.append(...buttons);
    if (!view.actions.length && !view.outcome) actions.append(rk.el("p", { text: _("waiting…") }));
  }

  function renderLog(entries) {
    log.replaceChildren();
    for (const entry of entries) {
      const item = rk.el("li", { value: entry.n, class: `event ${entry.kind}` }, rk.el("span", { text: entry.text }));
      for (const rule of entry.rules) {
        if (!RULE_ID.test(rule)) {
          item.append(" ", rk.el("span", { class: "cite", text: rule }));
          continue;
        }
        const text = rk.el("span", { class: "rule-text", text: "…" });
        const details = rk.el("details", { class: "rule", "data-rule": rule }, rk.el("summary", { text: rule }), text);
        details.addEventListener("toggle", async () => {
          if (!details.open || details.dataset.loaded) return;
          try {
            const found = await rk.api("GET", `/api/rules/${encodeURIComponent(rule)}`);
            text.textContent = found.found ? `${found.text} (${found.catalog}: ${found.section})` : found.text;
            details.dataset.loaded = "1";
          } catch (e) {
            text.textContent = e.message;
          }
        });
        item.append(" ", details);
      }
      log.append(item);
    }
    log.scrollTop = log.scrollHeight;
  }

  async function call(path, body) {
    if (busy) return;
    busy = true;
    try {
      render(await rk.api("POST", `${base}${path}`, body));
      rk.showError("");
    } catch (e) {
      rk.showError(e.message);
      await refresh(true);
    } finally {
      busy = false;
    }
  }

  function choose(json) {
    return call("/actions", { action: JSON.parse(json), version: current ? current.version : null });
  }

  async function refresh(force) {
    if (busy && !force) return;
    try {
      const view = await rk.api("GET", base);
      if (force || !busy) render(view);
    } catch (e) {
      rk.showError(e.message);
    }
  }

  undo.addEventListener("click", () => call("/undo", undefined));
  redo.addEventListener("click", () => call("/redo", undefined));
  save.addEventListener("click", () => call("/save", { name: saveName.value.trim() }));

  refresh();
  const events = new EventSource(`${base}/events`);
  events.addEventListener("version", (event) => {
    if (!current || Number(event.data) !== current.version) refresh();
  });
})();
