"use strict";
/* Companion mode: the referee for a haven game on the players' own board.
   /companion starts a game of a library scenario; /companion/ID shows the round, the elements,
   the initiative track, every standee with this round's numbers, the characters, the legal
   actions, a form for what happened on the board, and a monster-mover link for each monster.
   The server decides everything; this page only draws what it is sent and posts actions. */
(function companion() {
  const main = document.getElementById("main");
  const parts = window.location.pathname.split("/").filter(Boolean);
  if (parts.length < 2) startPage();
  else tablePage(parts[1]);

  async function startPage() {
    const form = rk.el("form", { class: "card narrow", "data-testid": "new-companion", "aria-label": "new companion game" });
    const scenario = rk.el("select", { id: "scenario", "data-testid": "scenario-select" });
    const players = rk.el("select", { id: "players", "data-testid": "players" },
      ...[1, 2, 3, 4].map((n) => rk.el("option", { value: String(n), text: String(n), selected: n === 2 })));
    const level = rk.el("select", { id: "level", "data-testid": "level" },
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((n) => rk.el("option", { value: String(n), text: String(n), selected: n === 1 })));
    const seed = rk.el("input", { id: "seed", type: "number", value: "1", "data-testid": "seed" });
    const chance = rk.el("select", { id: "chance", "data-testid": "chance-select" },
      rk.el("option", { value: "auto", text: "the app draws the cards" }),
      rk.el("option", { value: "manual", text: "we enter the cards our decks show" }));
    const save = rk.el("input", { id: "save", placeholder: "optional: save as…", "data-testid": "save-name" });
    const label = (forId, text) => rk.el("label", { for: forId, text });
    form.append(rk.el("h2", { text: "A scenario on your own board" }),
      rk.el("div", { class: "fields" }, label("scenario", "scenario"), scenario, label("players", "characters"), players,
        label("level", "level"), level, label("seed", "seed"), seed, label("chance", "chance"), chance, label("save", "save"), save),
      rk.el("button", { type: "submit", "data-testid": "start-companion", text: "Start" }));
    main.append(rk.el("h1", { text: "Companion mode" }),
      rk.el("p", { text: "Your board and standees stay on the table; rulekeeper keeps the rounds, cards, initiative, monster numbers, hit points, conditions, elements, decks and loot." }),
      rk.errorBox(), form);
    try {
      const data = await rk.api("GET", "/api/companion/scenarios");
      for (const s of data.scenarios) {
        const number = s.index ? `#${s.index} ` : "";
        scenario.append(rk.el("option", { value: s.id, text: `${number}${s.name || s.id} (${s.edition || "?"})` }));
      }
    } catch (e) {
      rk.showError(e.message);
    }
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { scenario: scenario.value, players: Number(players.value), level: Number(level.value),
        seed: Number(seed.value), chance: chance.value };
      if (save.value.trim()) body.save = save.value.trim();
      try {
        const table = await rk.api("POST", "/api/companion/tables", body);
        window.location.assign(table.url);
      } catch (e) {
        rk.showError(e.message);
      }
    });
  }

  function tablePage(tableId) {
    const base = `/api/tables/${encodeURIComponent(tableId)}`;
    const view = `/api/companion/${encodeURIComponent(tableId)}`;
    const title = rk.el("h1", { "data-testid": "title" });
    const status = rk.el("p", { class: "status", "data-testid": "status", "aria-live": "polite" });
    const outcome = rk.el("div", { class: "outcome", "data-testid": "outcome", role: "status", hidden: true });
    const round = rk.el("section", { class: "card", "data-testid": "round", "aria-label": "round" });
    const monsters = rk.el("section", { class: "card", "data-testid": "monsters", "aria-label": "monsters" });
    const characters = rk.el("section", { class: "card", "data-testid": "characters", "aria-label": "characters" });
    const actions = rk.el("div", { class: "actions", "data-testid": "actions", role: "group", "aria-label": "legal actions" });
    const goal = rk.el("section", { class: "card", "data-testid": "goal", "aria-label": "objective and special rules" });
    const log = rk.el("ol", { class: "log", "data-testid": "log", "aria-label": "event log" });
    const undo = rk.el("button", { type: "button", "data-testid": "undo", text: "Undo" });
    const redo = rk.el("button", { type: "button", "data-testid": "redo", text: "Redo" });
    const saveName = rk.el("input", { "aria-label": "save name", placeholder: "save name", "data-testid": "save-as" });
    const save = rk.el("button", { type: "button", "data-testid": "save", text: "Save" });
    const saved = rk.el("span", { class: "saved", "data-testid": "saved" });
    const entry = entryForm();
    main.append(title, status, rk.errorBox(), outcome,
      rk.el("div", { class: "play-grid" },
        rk.el("section", { class: "left" }, round, monsters, characters),
        rk.el("section", { class: "right" },
          rk.el("h2", { text: "Your choices" }), actions, entry.form,
          rk.el("div", { class: "toolbar" }, undo, redo, saveName, save, saved),
          goal, rk.el("h2", { text: "Log" }), log)));

    let current = null;
    let busy = false;

    function entryForm() {
      const kind = rk.el("select", { id: "entry-kind", "data-testid": "entry-kind" },
        ...[["attack", "attacks"], ["heal", "is healed"], ["damage", "suffers damage"], ["add-condition", "gains a condition"],
          ["remove-condition", "loses a condition"], ["shield", "has shield this round"], ["moved", "moved (hexes)"],
          ["loot", "loots tokens"]].map(([v, t]) => rk.el("option", { value: v, text: t })));
      const figure = rk.el("select", { id: "entry-figure", "data-testid": "entry-figure" });
      const value = rk.el("input", { id: "entry-value", type: "number", min: "0", value: "0", "data-testid": "entry-value" });
      const pierce = rk.el("input", { id: "entry-pierce", type: "number", min: "0", value: "0", "data-testid": "entry-pierce" });
      const mode = rk.el("select", { id: "entry-mode", "data-testid": "entry-mode" },
        ...["none", "advantage", "disadvantage"].map((m) => rk.el("option", { value: m, text: m })));
      const condition = rk.el("select", { id: "entry-condition", "data-testid": "entry-condition" });
      const source = rk.el("input", { id: "entry-source", placeholder: "a trap, retaliate…", "data-testid": "entry-source" });
      const who = rk.el("p", { class: "hint", "data-testid": "entry-actor" });
      const by = rk.el("select", { id: "entry-by", "data-testid": "entry-by" });
      const label = (forId, text) => rk.el("label", { for: forId, text });
      const form = rk.el("form", { class: "card", "data-testid": "entry-form", "aria-label": "what happened on the board" },
        rk.el("h2", { text: "What happened on the board" }), who,
        rk.el("div", { class: "tool-fields" }, label("entry-kind", "what"), kind, label("entry-by", "by (attacks)"), by,
          label("entry-figure", "figure / target"), figure,
          label("entry-value", "value"), value, label("entry-pierce", "pierce"), pierce, label("entry-mode", "attack with"), mode,
          label("entry-condition", "condition (an attack adds it)"), condition, label("entry-source", "source of damage"), source),
        rk.el("button", { type: "submit", "data-testid": "enter", text: "Enter" }));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const c = current && current.companion;
        const actor = c ? c.actor : "";
        const n = Number(value.value || 0);
        let action;
        switch (kind.value) {
          case "attack":
            action = { type: "attack", attacker: by.value || actor, target: figure.value, value: n, pierce: Number(pierce.value || 0),
              mode: mode.value, conditions: condition.value ? [condition.value] : [] };
            break;
          case "heal": action = { type: "heal", figure: figure.value, value: n }; break;
          case "damage": action = { type: "damage", figure: figure.value, amount: n, source: source.value.trim() }; break;
          case "add-condition": action = { type: "add-condition", figure: figure.value, condition: condition.value }; break;
          case "remove-condition": action = { type: "remove-condition", figure: figure.value, condition: condition.value }; break;
          case "shield": action = { type: "shield", figure: figure.value, value: n }; break;
          case "moved": action = { type: "moved", figure: actor, hexes: n }; break;
          default: action = { type: "loot", character: actor, tokens: n };
        }
        choose(action);
      });
      function fill(c) {
        who.textContent = c.actor ? `acting: ${c.actor}` : "no figure is acting";
        const attackers = [c.actor, ...c.summons.filter((f) => f.owner === c.actor).map((f) => f.id)].filter(Boolean);
        if (by.options.length !== attackers.length || [...by.options].some((o, n) => o.value !== attackers[n])) {
          by.replaceChildren(...attackers.map((id) => rk.el("option", { value: id, text: id })));
        }
        const ids = [...c.monsters.map((m) => m.id), ...c.objectives.map((o) => o.id),
          ...c.characters.filter((h) => !h.exhausted).map((h) => h.id), ...c.summons.map((f) => f.id)];
        const keep = figure.value;
        figure.replaceChildren(...ids.map((id) => rk.el("option", { value: id, text: id })));
        if (ids.includes(keep)) figure.value = keep;
        if (!condition.options.length) {
          condition.append(rk.el("option", { value: "", text: "—" }), ...c.conditions.map((n) => rk.el("option", { value: n, text: n })));
        }
      }
      return { form, fill };
    }

    function render(v) {
      current = v;
      const c = v.companion;
      main.dataset.version = String(v.version);
      document.title = `${c.title} — companion`;
      title.textContent = `${c.title}`;
      const who = v.chance_node ? "chance: choose the card your deck shows" : v.player ? `${v.player}: ${v.decision}` : "game over";
      status.textContent = `${v.ruleset} · seed ${v.seed} · chance ${v.chance === "auto" ? "drawn by the app" : "from your decks"} · ${who}`;
      renderRound(c);
      renderMonsters(c);
      renderCharacters(c);
      renderActions(v);
      entry.fill(c);
      entry.form.hidden = c.phase !== "turns" || !c.actor || v.chance_node || c.by_hand.length > 0 || Boolean(v.outcome);
      renderGoal(c);
      renderLog(v.log);
      if (v.outcome) {
        outcome.hidden = false;
        outcome.className = `outcome ${v.outcome.result}`;
        outcome.textContent = `Game over — ${v.outcome.result}: ${v.outcome.summary}`;
      } else {
        outcome.hidden = true;
      }
      undo.disabled = !v.can_undo;
      redo.disabled = !v.can_redo;
      saved.textContent = v.save ? `saved as ${v.save}` : "";
    }

    function renderRound(c) {
      const elements = rk.el("div", { class: "elements", "data-testid": "elements" },
        ...Object.entries(c.elements).map(([name, level]) =>
          rk.el("span", { class: `element-chip ${level}`, "data-element": name, "data-level": level, text: `${name} ${level}` })));
      const track = rk.el("ol", { class: "track", "data-testid": "initiative" },
        ...c.order.map((o) => rk.el("li", { class: o.current ? "current" : "", text: o.id })));
      round.replaceChildren(rk.el("h2", { text: `Round ${c.round} · ${c.phase}` }),
        rk.el("p", { text: `scenario level ${Math.max(0, c.level)} · ${c.players} character(s) · rooms ${c.revealed.join(", ") || "none"} · loot tokens ${c.tokens}${c.treasures.length ? ` · treasures ${c.treasures.join(", ")}` : ""}` }),
        elements, c.order.length ? track : c.phase === "over" ? "" : rk.el("p", { class: "hint", text: "the initiative order is set once every card is selected" }));
    }

    function renderMonsters(c) {
      const rows = c.monsters.map((m) => {
        const mover = m.can_move && c.phase === "turns"
          ? rk.el("a", { href: `/tools/monster-move?companion=${encodeURIComponent(tableId)}&figure=${encodeURIComponent(m.id)}`,
            "data-testid": `mover-${m.id}`, text: "monster mover" })
          : "";
        return rk.el("tr", { "data-figure": m.id, class: `${m.rank}${c.actor === m.id ? " acting" : ""}` },
          rk.el("td", { text: `${m.id} (${m.rank})` }), rk.el("td", { text: `${m.hp}/${m.max_hp}` }),
          rk.el("td", { text: m.conditions.join(", ") }), rk.el("td", { text: m.card ? `${m.card}: ${m.numbers}` : "" }),
          rk.el("td", {}, mover));
      });
      monsters.replaceChildren(rk.el("h2", { text: "Monsters" }), c.monsters.length
        ? rk.el("table", {}, rk.el("tr", {}, ...["standee", "hit points", "conditions", "this round", ""].map((h) => rk.el("th", { text: h }))), ...rows)
        : rk.el("p", { text: "no monster on the board" }));
      if (c.objectives.length) {
        monsters.append(rk.el("h2", { text: "Objectives" }), rk.el("table", { "data-testid": "objectives" },
          ...c.objectives.map((o) => rk.el("tr", { "data-figure": o.id },
            rk.el("td", { text: `${o.id}${o.escort ? " (protect it)" : ""}` }), rk.el("td", { text: `${o.hp}/${o.max_hp}` }),
            rk.el("td", { text: o.conditions.join(", ") })))));
      }
    }

    function renderCharacters(c) {
      const rows = c.characters.map((h) => rk.el("tr", { "data-figure": h.id, class: c.actor === h.id ? "acting" : "" },
        rk.el("td", { text: `${h.name} (L${h.level})` }), rk.el("td", { text: h.exhausted ? "exhausted" : `${h.hp}/${h.max_hp}` }),
        rk.el("td", { text: h.conditions.join(", ") }), rk.el("td", { text: `${h.hand}/${h.discard}/${h.lost}` }),
        rk.el("td", { text: h.long_rest ? "long rest (99)" : h.cards.length ? `${h.cards.join(" + ")} (${h.initiative})` : "" }),
        rk.el("td", { text: `${h.money} token${h.money === 1 ? "" : "s"}${h.treasures.length ? `, treasure ${h.treasures.join(" ")}` : ""}` })));
      characters.replaceChildren(rk.el("h2", { text: "Characters" }), c.characters.length
        ? rk.el("table", {}, rk.el("tr", {}, ...["character", "hit points", "conditions", "hand/discard/lost", "cards", "loot"].map((t) => rk.el("th", { text: t }))), ...rows)
        : rk.el("p", { class: "hint", text: "choose the classes of your party" }));
      if (c.summons.length) {
        characters.append(rk.el("h2", { text: "Summons" }), rk.el("table", { "data-testid": "summons" },
          ...c.summons.map((f) => rk.el("tr", { "data-figure": f.id },
            rk.el("td", { text: `${f.id} (${f.owner})` }), rk.el("td", { text: `${f.hp}/${f.max_hp}` }),
            rk.el("td", { text: f.conditions.join(", ") })))));
      }
    }

    const GOALS = {
      kill_all: "kill every monster and reveal every room",
      kill_boss: "kill the boss",
      by_hand: "as your scenario book says: declare the result when it is met",
    };
    const COMPACT = new Set(["infuse", "consume", "spawn", "declare-result"]);
    function renderActions(v) {
      const main = [];
      const compact = [];
      for (const a of v.actions) {
        const kind = JSON.parse(a.json).type;
        const button = rk.el("button", { type: "button", class: COMPACT.has(kind) ? "action chip" : "action", "data-action": a.json,
          text: a.label, onclick: () => choose(JSON.parse(a.json)) });
        (COMPACT.has(kind) ? compact : main).push(button);
      }
      actions.replaceChildren(...main);
      if (compact.length) actions.append(rk.el("div", { class: "chips", "aria-label": "elements and standees" }, ...compact));
      if (!v.actions.length && !v.outcome) actions.append(rk.el("p", { text: "waiting…" }));
    }

    function renderGoal(c) {
      goal.replaceChildren(rk.el("h2", { text: "Objective" }),
        rk.el("p", { "data-testid": "objective", text: `${GOALS[c.goal.kind] || c.goal.kind}${c.goal.text ? ` — ${c.goal.text}` : ""}` }));
      if (c.rules.length) {
        goal.append(rk.el("h2", { text: "Special rules" }), rk.el("ul", {}, ...c.rules.map((r) => rk.el("li", { text: r }))));
      }
    }

    function renderLog(entries) {
      log.replaceChildren(...entries.map((e) => {
        const item = rk.el("li", { value: e.n, class: `event ev-${e.kind}` }, rk.el("span", { text: e.text }));
        if (e.rules.length) item.append(" ", rk.el("span", { class: "cite", text: e.rules.join(", ") }));
        return item;
      }));
      log.scrollTop = log.scrollHeight;
    }

    async function call(path, body) {
      if (busy) return;
      busy = true;
      try {
        await rk.api("POST", `${base}${path}`, body);
        rk.showError("");
      } catch (e) {
        rk.showError(e.message);
      } finally {
        busy = false;
      }
      await refresh();
    }

    function choose(action) {
      return call("/actions", { action, version: current ? current.version : null });
    }

    async function refresh() {
      try {
        render(await rk.api("GET", view));
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
      if (!busy && (!current || Number(event.data) !== current.version)) refresh();
    });
  }
})();
