// Any game without its own renderer: the view as a readable tree and one button per legal action.

import { h, jsonTree, replaceChildren } from "../ui.js";
import { Renderer } from "./base.js";

/** A short French label for an action object: « miser · carte 3 ». */
export function actionLabel(action) {
  if (action === null || typeof action !== "object") return String(action);
  const { type, ...rest } = action;
  const details = Object.entries(rest)
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(", ") : v !== null && typeof v === "object" ? JSON.stringify(v) : v ?? "—"}`)
    .join(" · ");
  return [type, details].filter(Boolean).join(" · ");
}

export function createRenderer(root, { readOnly = false } = {}) {
  return new GenericBoard(root, readOnly);
}

class GenericBoard extends Renderer {
  render() {
    const ctx = this.ctx;
    const parts = [];
    if (!this.readOnly && this.me !== null) {
      const coups = ctx.coups;
      let actions;
      if (!ctx.aJouer) actions = this.prompt("En attente des autres joueurs…", false);
      else if (Array.isArray(coups) && coups.length) {
        actions = [
          this.prompt("À vous : choisissez un coup.", true),
          h("div", { class: "coups" },
            coups.map((action, i) =>
              h("button", {
                type: "button",
                class: "bouton",
                id: `coup-${i}`,
                dataset: { coup: JSON.stringify(action) },
                disabled: ctx.pending,
                onclick: () => this.send(action),
              }, actionLabel(action)),
            ),
          ),
        ];
      } else {
        actions = this.prompt("À vous, mais les coups possibles sont trop nombreux pour être listés ici.", true);
      }
      parts.push(h("section", { class: "g-zone g-zone--action" }, h("h3", { class: "g-zone__titre" }, "Vos coups"), actions));
    }
    parts.push(h("section", { class: "g-zone" }, h("h3", { class: "g-zone__titre" }, "Ce que vous voyez"), jsonTree(this.vue)));
    replaceChildren(this.root, parts);
  }
}

export function seatDetails(vue, seat) {
  const facts = [];
  if (Array.isArray(vue?.scores)) facts.push(`Score : ${vue.scores[seat]}`);
  return facts;
}
