"use strict";
/* Shared helpers of every page: JSON calls that surface the server's one-line errors, DOM building. */
const rk = {
  async api(method, url, body) {
    const options = { method, headers: {} };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(url, options);
    let data;
    try {
      data = await response.json();
    } catch (e) {
      data = { error: `${response.status} ${response.statusText}` };
    }
    if (!response.ok) {
      throw new Error((data && data.error) || `request failed (${response.status})`);
    }
    return data;
  },
  el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },
  showError(message) {
    const box = document.querySelector("[data-testid=error]");
    if (!box) return;
    box.textContent = message || "";
    box.hidden = !message;
  },
  errorBox() {
    return rk.el("p", { class: "error", role: "alert", "data-testid": "error", hidden: true });
  },
};
