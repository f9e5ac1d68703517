// Small DOM helpers shared by every page (no framework).

/**
 * Create an element: h("button", {class: "x", onclick: fn, dataset: {card: "L07"}}, "text", child…).
 * Attributes with value null/undefined/false are skipped; true sets an empty attribute.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "value") el.value = value;
    else if (key === "checked") el.checked = Boolean(value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace every child of `el`. */
export function replaceChildren(el, ...children) {
  el.textContent = "";
  append(el, children);
}

let toastTimer = null;

/** Show a message in the page's alert region (#alerte, role="alert"). kind: "erreur" | "info". */
export function toast(message, kind = "erreur") {
  let region = document.getElementById("alerte");
  if (!region) {
    region = h("div", { id: "alerte", class: "alerte", role: "alert", "aria-live": "assertive" });
    document.body.appendChild(region);
  }
  replaceChildren(
    region,
    h("div", { class: ["alerte__message", `alerte__message--${kind}`] },
      h("span", { class: "alerte__texte" }, message),
      h("button", { type: "button", class: "alerte__fermer", "aria-label": "Fermer le message", title: "Fermer", onclick: clearToast }),
    ),
  );
  region.dataset.kind = kind;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(clearToast, kind === "erreur" ? 12000 : 5000);
}

export function clearToast() {
  const region = document.getElementById("alerte");
  if (region) {
    region.textContent = "";
    delete region.dataset.kind;
  }
  clearTimeout(toastTimer);
}

/** « 1 carte », « 3 cartes ». */
export function plural(n, singular, pluralForm = singular + "s") {
  return `${n} ${Math.abs(n) >= 2 ? pluralForm : singular}`;
}

/** Seconds as m:ss. */
export function formatSeconds(total) {
  const s = Math.max(0, Math.ceil(total));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

/** « 1er », « 2e »… */
export function ordinal(n) {
  return n === 1 ? "1er" : `${n}e`;
}

/**
 * A readable tree of any JSON value (<dl>/<ol> nested), for views of games without a renderer.
 */
export function jsonTree(value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "arbre__vide" }, "—");
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "arbre__vide" }, "(vide)");
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("span", { class: "arbre__valeur" }, value.map((v) => (v === null ? "—" : v === true ? "oui" : v === false ? "non" : String(v))).join(", "));
    }
    return h("ol", { class: "arbre__liste", start: 0 }, value.map((v) => h("li", {}, jsonTree(v, depth + 1))));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return h("span", { class: "arbre__vide" }, "(vide)");
    return h("dl", { class: "arbre" }, entries.map(([k, v]) => [h("dt", {}, k), h("dd", {}, jsonTree(v, depth + 1))]));
  }
  if (typeof value === "boolean") return h("span", { class: "arbre__valeur" }, value ? "oui" : "non");
  return h("span", { class: "arbre__valeur" }, String(value));
}

/**
 * Run `render` (which rebuilds part of the page) and give the focus back to the equivalent
 * element afterwards: same id, or same data-card, or same data-focus key. Text inputs keep
 * their caret position.
 */
export function preserveFocus(render) {
  const active = document.activeElement;
  let selector = null;
  let caret = null;
  if (active && active !== document.body) {
    if (active.id) selector = `#${CSS.escape(active.id)}`;
    else if (active.dataset?.card) selector = `[data-card="${CSS.escape(active.dataset.card)}"]`;
    else if (active.dataset?.focus) selector = `[data-focus="${CSS.escape(active.dataset.focus)}"]`;
    if (typeof active.selectionStart === "number") {
      try {
        caret = [active.selectionStart, active.selectionEnd];
      } catch {
        caret = null;
      }
    }
  }
  render();
  if (!selector || (document.activeElement && document.activeElement !== document.body && document.activeElement === active && active.isConnected)) return;
  const target = document.querySelector(selector);
  if (target && !target.disabled && typeof target.focus === "function") {
    target.focus({ preventScroll: true });
    if (caret && typeof target.setSelectionRange === "function") {
      try {
        target.setSelectionRange(caret[0], caret[1]);
      } catch {
        /* not a text input */
      }
    }
  }
}
