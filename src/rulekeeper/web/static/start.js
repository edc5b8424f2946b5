"use strict";
/* The start page: pick a game, ruleset, scenario and seed; resume or export a save. */
(async function start() {
  const main = document.getElementById("main");
  const form = rk.el("form", { class: "card", "data-testid": "new-game", "aria-label": _("new game") });
  const gameSelect = rk.el("select", { id: "game", name: "game", "data-testid": "game-select" });
  const rulesetSelect = rk.el("select", { id: "ruleset", name: "ruleset", "data-testid": "ruleset-select" });
  const scenarioSelect = rk.el("select", { id: "scenario", name: "scenario", "data-testid": "scenario-select" });
  const seed = rk.el("input", { id: "seed", name: "seed", type: "number", value: "1", "data-testid": "seed" });
  const chance = rk.el("select", { id: "chance", name: "chance", "data-testid": "chance-select" },
    rk.el("option", { value: "auto", text: _("the app rolls and draws") }),
    rk.el("option", { value: "manual", text: _("we enter rolls and draws") }));
  const saveName = rk.el("input", { id: "save", name: "save", placeholder: _("optional: save as…"), "data-testid": "save-name" });
  const label = (forId, text) => rk.el("label", { for: forId, text });
  form.append(
    rk.el("h2", { text: _("New game") }),
    rk.el("div", { class: "fields" },
      label("game", _("game")), gameSelect,
      label("ruleset", _("ruleset")), rulesetSelect,
      label("scenario", _("scenario")), scenarioSelect,
      label("seed", _("seed")), seed,
      label("chance", _("chance")), chance,
      label("save", _("save")), saveName),
    rk.el("button", { type: "submit", "data-testid": "start-game", text: _("Start") }));
  const savesBox = rk.el("section", { class: "card", "aria-label": _("saved games") }, rk.el("h2", { text: _("Saved games") }));
  const tools = rk.el("section", { class: "card" }, rk.el("h2", { text: _("Haven tools") }),
    rk.el("p", {}, rk.el("a", { href: "/tools/monster-move", text: _("Monster move painter") }),
      " — ", _("paint a board and see where the monster goes, and why.")),
    rk.el("p", {}, rk.el("a", { href: "/tools/odds", text: _("Attack odds") }),
      " — ", _("the exact damage distribution of one attack, with your deck.")));
  main.append(rk.el("h1", { text: "rulekeeper" }), rk.errorBox(), rk.el("div", { class: "columns" }, form, rk.el("div", {}, savesBox, tools)));

  let games = [];
  let files = [];
  try {
    const data = await rk.api("GET", "/api/games");
    games = data.games;
    files = data.scenario_files;
  } catch (e) {
    rk.showError(e.message);
    return;
  }
  for (const game of games) {
    gameSelect.append(rk.el("option", { value: game.name, text: `${game.name} — ${game.title}` }));
  }
  function fillGame() {
    const game = games.find((g) => g.name === gameSelect.value);
    rulesetSelect.replaceChildren(...game.rulesets.map((r) => rk.el("option", { value: r, text: r })));
    const shipped = rk.el("optgroup", { label: _("shipped") },
      ...game.scenarios.map((s) => rk.el("option", { value: `shipped:${s.name}`, text: `${s.name} — ${s.title}` })));
    scenarioSelect.replaceChildren(shipped);
    if (files.length) {
      scenarioSelect.append(rk.el("optgroup", { label: _("your folder") },
        ...files.map((f) => rk.el("option", { value: `file:${f}`, text: f }))));
    }
  }
  gameSelect.addEventListener("change", fillGame);
  fillGame();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const [kind, ...rest] = scenarioSelect.value.split(":");
    const body = { game: gameSelect.value, ruleset: rulesetSelect.value, seed: Number(seed.value), chance: chance.value };
    if (kind === "file") body.scenario_file = rest.join(":");
    else body.scenario = rest.join(":");
    if (saveName.value.trim()) body.save = saveName.value.trim();
    try {
      const table = await rk.api("POST", "/api/tables", body);
      window.location.assign(table.url);
    } catch (e) {
      rk.showError(e.message);
    }
  });

  async function loadSaves() {
    let saves = [];
    try {
      saves = (await rk.api("GET", "/api/saves")).saves;
    } catch (e) {
      rk.showError(e.message);
      return;
    }
    const old = savesBox.querySelector("table, p.none");
    if (old) old.remove();
    if (!saves.length) {
      savesBox.append(rk.el("p", { class: "none", text: _("No saved games yet: name a save when you start a game.") }));
      return;
    }
    const table = rk.el("table", { "data-testid": "saves" },
      rk.el("tr", {}, ...[_("name"), _("game"), _("scenario"), _("actions"), _("outcome"), ""].map((h) => rk.el("th", { text: h }))));
    for (const save of saves) {
      const resume = rk.el("button", { type: "button", "data-testid": `resume-${save.name}`, text: _("resume"),
        onclick: async () => {
          try {
            const opened = await rk.api("POST", `/api/saves/${encodeURIComponent(save.name)}/resume`, {});
            window.location.assign(opened.url);
          } catch (e) {
            rk.showError(e.message);
          }
        } });
      const exportLink = rk.el("a", { href: `/api/saves/${encodeURIComponent(save.name)}/export`, download: `${save.name}.json`, text: _("export") });
      table.append(rk.el("tr", { "data-save": save.name },
        rk.el("td", { text: save.name }), rk.el("td", { text: `${save.game} (${save.ruleset})` }),
        rk.el("td", { text: _("{scenario}, seed {seed}", { scenario: save.scenario, seed: save.seed }) }), rk.el("td", { text: save.actions }),
        rk.el("td", { text: save.outcome || "—" }), rk.el("td", {}, resume, " ", exportLink)));
    }
    savesBox.append(table);
  }
  loadSaves();
})();
