// The end of a rated game on the table page: « Classement Gutenberg : 1500 → 1524 (+24) », the
// line of this browser's seat (docs/server.md, « Classements »).
import { ratingsApi } from "./api.js";
import { h, replaceChildren } from "./ui.js";

/** « 1500 → 1524 (+24) ». */
export function ratingChange(avant, apres) {
  const gap = apres - avant;
  return `${avant} → ${apres} (${gap > 0 ? "+" : gap < 0 ? "−" : "±"}${Math.abs(gap)})`;
}

const lines = new Map(); // "table:seat" → its element, fetched once and kept across renders

/** The line of `place` (null: a spectator) at the end of a rated table, or null. */
export function ratingLine(table, place) {
  if (!table?.classee || table.statut !== "terminee") return null;
  const key = `${table.id}:${place}`;
  let line = lines.get(key);
  if (!line) {
    line = h("p", { id: "classement-fin", class: "classement-fin", role: "status" }, "Mise à jour du classement…");
    lines.set(key, line);
    fill(line, table, place, 0);
  }
  return line;
}

async function fill(line, table, place, attempt) {
  let data;
  try {
    data = await ratingsApi.tableChanges(table.id);
  } catch {
    line.textContent = "Le classement n'a pas pu être lu : il sera à jour sur la page des classements.";
    return;
  }
  const board = h("a", { href: `/classement?jeu=${encodeURIComponent(data.jeu)}` }, "Voir le classement");
  const mine = place === null || place === undefined ? null : data.places[place];
  if (data.non_classee) {
    replaceChildren(line, data.non_classee, " ", board);
  } else if (mine) {
    replaceChildren(line, `Classement ${data.titre} : `, h("strong", {}, ratingChange(mine.avant, mine.apres)),
      mine.provisoire ? ", provisoire" : "", " · ", board);
  } else if (data.places.every((p) => p === null) && attempt < 2) {
    setTimeout(() => fill(line, table, place, attempt + 1), 1000); // written just after the last move
  } else if (place === null || place === undefined) {
    replaceChildren(line, "Partie classée. ", board);
  } else {
    replaceChildren(line, "Partie classée : sans compte, votre résultat n'entre pas au classement. ", board);
  }
}
