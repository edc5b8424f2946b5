"use strict";
/* Shared helpers of every page: the reader's language (_() and _n() translate from the catalog the
   page loads first, /i18n/LANG.js), JSON calls that surface the server's one-line errors, DOM building. */
const RK_CATALOG = window.RK_CATALOG || { lang: "en", plural: "n != 1", messages: {} };
const rkPluralForm = new Function("n", `return Number(${RK_CATALOG.plural});`);
function rkFill(text, fields) {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    (fields && Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : whole));
}
/* A message in the reader's language, its {fields} filled in. */
function _(message, fields) {
  const found = RK_CATALOG.messages[message];
  return rkFill(typeof found === "string" ? found : message, fields);
}
/* The form of a message for the count n (also available as {n}). */
function _n(singular, plural, n, fields) {
  const forms = RK_CATALOG.messages[singular];
  let text = n === 1 ? singular : plural;
  if (Array.isArray(forms)) text = forms[Math.min(rkPluralForm(n), forms.length - 1)] || text;
  return rkFill(text, { n, ...(fields || {}) });
}
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
      throw new Error((data && data.error) || _("request failed ({status})", { status: response.status }));
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

/* The language picker in the header: the choice is kept in a cookie the server reads. */
(function languagePicker() {
  const picker = document.getElementById("language");
  if (!picker) return;
  picker.addEventListener("change", () => {
    document.cookie = `rulekeeper_lang=${encodeURIComponent(picker.value)}; path=/; max-age=34560000; samesite=lax`;
    const url = new URL(window.location.href);
    url.searchParams.delete("lang");
    window.location.assign(url.toString());
  });
})();
