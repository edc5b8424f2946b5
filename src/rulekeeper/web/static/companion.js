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
    const form = rk.el("form", { class: "card narrow", "data-testid": "new-companion", "aria-label": _("new companion game") });
    const scenario = rk.el("select", { id: "scenario", "data-testid": "scenario-select" });
    const players = rk.el("select", { id: "players", "data-testid": "players" },
      ...[1, 2, 3, 4].map((n) => rk.el("option", { value: String(n), text: String(n), selected: n === 2 })));
    const level = rk.el("select", { id: "level", "data-testid": "level" },
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((n) => rk.el("option", { value: String(n), text: String(n), selected: n === 1 })));
    const seed = rk.el("input", { id: "seed", type: "number", value: "1", "data-testid": "seed" });
    const chance = rk.el("select", { id: "chance", "data-testid": "chance-select" },
      rk.el("option", { value: "auto", text: _("the app draws the cards") }),
      rk.el("option", { value: "manual", text: _("we enter the cards our decks show") }));
    const save = rk.el("input", { id: "save", placeholder: _("optional: save as…"), "data-testid": "save-name" });
    const label = (forId, text) => rk.el("label", { for: forId, text });
    form.append(rk.el("h2", { text: _("A scenario on your own board") }),
      rk.el("div", { class: "fields" }, label("scenario", _("scenario")), scenario, label("players", _("characters")), players,
        label("level", _("level")), level, label("seed", _("seed")), seed, label("chance", _("chance")), chance, label("save", _("save")), save),
      rk.el("button", { type: "submit", "data-testid": "start-companion", text: _("Start") }));
    main.append(rk.el("h1", { text: _("Companion mode") }),
      rk.el("p", { text: _("Your board and standees stay on the table; rulekeeper keeps the rounds, cards, initiative, monster numbers, hit points, conditions, elements, decks and loot.") }),
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

  /* A game word the server sends in English (a key), shown in the reader's language. */
  function term(c, word) {
    return (c.terms && c.terms[word]) || word;
  }
  function terms(c, words) {
    return words.map((w) => term(c, w)).join(", ");
  }

  function tablePage(tableId) {
    const base = `/api/tables/${encodeURIComponent(tableId)}`;
    const view = `/api/companion/${encodeURIComponent(tableId)}`;
    const title = rk.el("h1", { "data-testid": "title" });
    const status = rk.el("p", { class: "status", "data-testid": "status", "aria-live": "polite" });
    const outcome = rk.el("div", { class: "outcome", "data-testid": "outcome", role: "status", hidden: true });
    const round = rk.el("section", { class: "card", "data-testid": "round", "aria-label": _("round") });
    const monsters = rk.el("section", { class: "card", "data-testid": "monsters", "aria-label": _("monsters") });
    const characters = rk.el("section", { class: "card", "data-testid": "characters", "aria-label": _("characters") });
    const actions = rk.el("div", { class: "actions", "data-testid": "actions", role: "group", "aria-label": _("legal actions") });
    const goal = rk.el("section", { class: "card", "data-testid": "goal", "aria-label": _("objective and special rules") });
    const log = rk.el("ol", { class: "log", "data-testid": "log", "aria-label": _("event log") });
    const undo = rk.el("button", { type: "button", "data-testid": "undo", text: _("Undo") });
    const redo = rk.el("button", { type: "button", "data-testid": "redo", text: _("Redo") });
    const saveName = rk.el("input", { "aria-label": _("save name"), placeholder: _("save name"), "data-testid": "save-as" });
    const save = rk.el("button", { type: "button", "data-testid": "save", text: _("Save") });
    const saved = rk.el("span", { class: "saved", "data-testid": "saved" });
    const entry = entryForm();
    main.append(title, status, rk.errorBox(), outcome,
      rk.el("div", { class: "play-grid" },
        rk.el("section", { class: "left" }, round, monsters, characters),
        rk.el("section", { class: "right" },
          rk.el("h2", { text: _("Your choices") }), actions, entry.form,
          rk.el("div", { class: "toolbar" }, undo, redo, saveName, save, saved),
          goal, rk.el("h2", { text: _("Log") }), log)));

    let current = null;
    let busy = false;

    function entryForm() {
      const kind = rk.el("select", { id: "entry-kind", "data-testid": "entry-kind" },
        ...[["attack", _("attacks")], ["heal", _("is healed")], ["damage", _("suffers damage")], ["add-condition", _("gains a condition")],
          ["remove-condition", _("loses a condition")], ["shield", _("has shield this round")], ["moved", _("moved (hexes)")],
          ["loot", _("loots tokens")]].map(([v, t]) => rk.el("option", { value: v, text: t })));
      const figure = rk.el("select", { id: "entry-figure", "data-testid": "entry-figure" });
      const value = rk.el("input", { id: "entry-value", type: "number", min: "0", value: "0", "data-testid": "entry-value" });
      const pierce = rk.el("input", { id: "entry-pierce", type: "number", min: "0", value: "0", "data-testid": "entry-pierce" });
      const mode = rk.el("select", { id: "entry-mode", "data-testid": "entry-mode" },
        ...[["none", _("no advantage")], ["advantage", _("advantage")], ["disadvantage", _("disadvantage")]].map(([m, t]) => rk.el("option", { value: m, text: t })));
      const condition = rk.el("select", { id: "entry-condition", "data-testid": "entry-condition" });
      const source = rk.el("input", { id: "entry-source", placeholder: _("a trap, retaliate…"), "data-testid": "entry-source" });
      const who = rk.el("p", { class: "hint", "data-testid": "entry-actor" });
      const by = rk.el("select", { id: "entry-by", "data-testid": "entry-by" });
      const label = (forId, text) => rk.el("label", { for: forId, text });
      const form = rk.el("form", { class: "card", "data-testid": "entry-form", "aria-label": _("what happened on the board") },
        rk.el("h2", { text: _("What happened on the board") }), who,
        rk.el("div", { class: "tool-fields" }, label("entry-kind", _("what")), kind, label("entry-by", _("by (attacks)")), by,
          label("entry-figure", _("figure / target")), figure,
          label("entry-value", _("value")), value, label("entry-pierce", _("pierce")), pierce, label("entry-mode", _("attack with")), mode,
          label("entry-condition", _("condition (an attack adds it)")), condition, label("entry-source", _("source of damage")), source),
        rk.el("button", { type: "submit", "data-testid": "enter", text: _("Enter") }));
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
        who.textContent = c.actor ? _("acting: {figure}", { figure: c.actor }) : _("no figure is acting");
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
          condition.append(rk.el("option", { value: "", text: "—" }), ...c.conditions.map((n) => rk.el("option", { value: n, text: term(c, n) })));
        }
      }
      return { form, fill };
    }

    function render(v) {
      current = v;
      const c = v.companion;
      main.dataset.version = String(v.version);
      document.title = [c.title, _("companion")].join(" — ");
      title.textContent = `${c.title}`;
      const who = v.chance_node ? _("chance: choose the card your deck shows") : v.player ? `${v.player}: ${v.decision}` : _("game over");
      status.textContent = [v.ruleset, _("seed {seed}", { seed: v.seed }),
        v.chance === "auto" ? _("chance drawn by the app") : _("chance from your decks"), who].join(" · ");
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
        outcome.textContent = _("Game over — {result}: {summary}", { result: v.outcome.result_text, summary: v.outcome.summary });
      } else {
        outcome.hidden = true;
      }
      undo.disabled = !v.can_undo;
      redo.disabled = !v.can_redo;
      saved.textContent = v.save ? _("saved as {name}", { name: v.save }) : "";
    }

    function renderRound(c) {
      const elements = rk.el("div", { class: "elements", "data-testid": "elements" },
        ...Object.entries(c.elements).map(([name, level]) =>
          rk.el("span", { class: `element-chip ${level}`, "data-element": name, "data-level": level, text: `${term(c, name)} ${term(c, level)}` })));
      const track = rk.el("ol", { class: "track", "data-testid": "initiative" },
        ...c.order.map((o) => rk.el("li", { class: o.current ? "current" : "", text: o.id })));
      const facts = [_("scenario level {level}", { level: Math.max(0, c.level) }), _n("{n} character", "{n} characters", c.players),
        c.revealed.length ? _("rooms {rooms}", { rooms: c.revealed.join(", ") }) : _("no room revealed"), _("loot tokens {n}", { n: c.tokens })];
      if (c.treasures.length) facts.push(_("treasures {treasures}", { treasures: c.treasures.join(", ") }));
      round.replaceChildren(rk.el("h2", { text: _("Round {round} · {phase}", { round: c.round, phase: term(c, c.phase) }) }),
        rk.el("p", { text: facts.join(" · ") }),
        elements, c.order.length ? track : c.phase === "over" ? "" : rk.el("p", { class: "hint", text: _("the initiative order is set once every card is selected") }));
    }

    function renderMonsters(c) {
      const rows = c.monsters.map((m) => {
        const mover = m.can_move && c.phase === "turns"
          ? rk.el("a", { href: `/tools/monster-move?companion=${encodeURIComponent(tableId)}&figure=${encodeURIComponent(m.id)}`,
            "data-testid": `mover-${m.id}`, text: _("monster mover") })
          : "";
        return rk.el("tr", { "data-figure": m.id, class: `${m.rank}${c.actor === m.id ? " acting" : ""}` },
          rk.el("td", { text: `${m.id} (${term(c, m.rank)})` }), rk.el("td", { text: `${m.hp}/${m.max_hp}` }),
          rk.el("td", { text: terms(c, m.conditions) }), rk.el("td", { text: m.card ? `${m.card}: ${m.numbers}` : "" }),
          rk.el("td", {}, mover));
      });
      monsters.replaceChildren(rk.el("h2", { text: _("Monsters") }), c.monsters.length
        ? rk.el("table", {}, rk.el("tr", {}, ...[_("standee"), _("hit points"), _("conditions"), _("this round"), ""].map((h) => rk.el("th", { text: h }))), ...rows)
        : rk.el("p", { text: _("no monster on the board") }));
      if (c.objectives.length) {
        monsters.append(rk.el("h2", { text: _("Objectives") }), rk.el("table", { "data-testid": "objectives" },
          ...c.objectives.map((o) => rk.el("tr", { "data-figure": o.id },
            rk.el("td", { text: o.escort ? _("{figure} (protect it)", { figure: o.id }) : o.id }), rk.el("td", { text: `${o.hp}/${o.max_hp}` }),
            rk.el("td", { text: terms(c, o.conditions) })))));
      }
    }

    function renderCharacters(c) {
      const rows = c.characters.map((h) => rk.el("tr", { "data-figure": h.id, class: c.actor === h.id ? "acting" : "" },
        rk.el("td", { text: _("{name} (level {level})", { name: h.name, level: h.level }) }), rk.el("td", { text: h.exhausted ? _("exhausted") : `${h.hp}/${h.max_hp}` }),
        rk.el("td", { text: terms(c, h.conditions) }), rk.el("td", { text: `${h.hand}/${h.discard}/${h.lost}` }),
        rk.el("td", { text: h.long_rest ? _("long rest (99)") : h.cards.length ? `${h.cards.join(" + ")} (${h.initiative})` : "" }),
        rk.el("td", { text: h.treasures.length
          ? _n("{n} token, treasure {treasures}", "{n} tokens, treasure {treasures}", h.money, { treasures: h.treasures.join(" ") })
          : _n("{n} token", "{n} tokens", h.money) })));
      characters.replaceChildren(rk.el("h2", { text: _("Characters") }), c.characters.length
        ? rk.el("table", {}, rk.el("tr", {}, ...[_("character"), _("hit points"), _("conditions"), _("hand/discard/lost"), _("cards"), _("loot")].map((t) => rk.el("th", { text: t }))), ...rows)
        : rk.el("p", { class: "hint", text: _("choose the classes of your party") }));
      if (c.summons.length) {
        characters.append(rk.el("h2", { text: _("Summons") }), rk.el("table", { "data-testid": "summons" },
          ...c.summons.map((f) => rk.el("tr", { "data-figure": f.id },
            rk.el("td", { text: `${f.id} (${f.owner})` }), rk.el("td", { text: `${f.hp}/${f.max_hp}` }),
            rk.el("td", { text: terms(c, f.conditions) })))));
      }
    }

    const GOALS = {
      kill_all: _("kill every monster and reveal every room"),
      kill_boss: _("kill the boss"),
      by_hand: _("as your scenario book says: declare the result when it is met"),
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
      if (compact.length) actions.append(rk.el("div", { class: "chips", "aria-label": _("elements and standees") }, ...compact));
      if (!v.actions.length && !v.outcome) actions.append(rk.el("p", { text: _("waiting…") }));
    }

    function renderGoal(c) {
      goal.replaceChildren(rk.el("h2", { text: _("Objective") }),
        rk.el("p", { "data-testid": "objective", text: `${GOALS[c.goal.kind] || c.goal.kind}${c.goal.text ? ` — ${c.goal.text}` : ""}` }));
      if (c.rules.length) {
        goal.append(rk.el("h2", { text: _("Special rules") }), rk.el("ul", {}, ...c.rules.map((r) => rk.el("li", { text: r }))));
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
