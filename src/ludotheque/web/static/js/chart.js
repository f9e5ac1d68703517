// A player's rating over their rated games: a small SVG line, drawn by hand (no library).
// x: the games in order (a busy evening's games stay apart), dated under the axis; y: the
// number shown, with round ticks; the start (1500) and the current value are labelled.

import { longDate, shortDate } from "./dates.js";
import { h } from "./ui.js";

const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 260;
const PAD = { left: 48, right: 64, top: 18, bottom: 40 };

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  for (const child of children) el.append(child);
  return el;
}

/** Round ticks covering [low, high]: steps of 10, 20, 25, 50, 100, 200… */
function ticks(low, high) {
  const span = Math.max(high - low, 20);
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((v) => v >= raw) || raw;
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  const values = [];
  for (let v = first; v <= last + step / 2; v += step) values.push(Math.round(v));
  return values;
}

/**
 * The chart of `data` (GET /api/classement/{jeu}/historique): {nom, depart, classement,
 * provisoire, points: [{partie, date, classement, provisoire}]}; `title`: « Alice en Gutenberg »;
 * `width`: the pixels it will take (its text stays at its size on a phone as on a laptop).
 */
export function ratingChart(data, title, width = 640) {
  const WIDTH = Math.max(300, Math.min(760, Math.round(width)));
  const points = [{ partie: 0, date: data.points[0]?.date, classement: data.depart, depart: true }, ...data.points];
  const values = points.map((p) => p.classement);
  const scale = ticks(Math.min(...values), Math.max(...values));
  const low = scale[0];
  const high = scale[scale.length - 1];
  const n = points.length - 1;
  const x = (i) => PAD.left + (n === 0 ? 0 : (i / n) * (WIDTH - PAD.left - PAD.right));
  const y = (v) => PAD.top + (1 - (v - low) / (high - low || 1)) * (HEIGHT - PAD.top - PAD.bottom);
  const first = data.points[0];
  const last = data.points[data.points.length - 1];
  const sameDay = first && last && longDate(first.date) === longDate(last.date);
  const period = !first ? "" : sameDay ? `le ${longDate(first.date)}` : `du ${longDate(first.date)} au ${longDate(last.date)}`;
  const games = `${data.points.length} partie${data.points.length > 1 ? "s" : ""} classée${data.points.length > 1 ? "s" : ""}`;
  const summary = `De ${data.depart} à ${data.classement}${data.provisoire ? " (provisoire)" : ""} en ${games}, ${period}.`;
  const id = `courbe-${Math.random().toString(36).slice(2, 8)}`;

  const svg = s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-labelledby": `${id}-titre ${id}-resume`, class: "courbe__svg" },
    s("title", { id: `${id}-titre` }, title),
    s("desc", { id: `${id}-resume` }, summary));
  for (const value of scale) {
    svg.append(
      s("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value), class: value === data.depart ? "courbe__repere courbe__repere--depart" : "courbe__repere" }),
      s("text", { x: PAD.left - 6, y: y(value) + 4, class: "courbe__graduation", "text-anchor": "end" }, String(value)),
    );
  }
  svg.append(s("line", { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: HEIGHT - PAD.bottom, class: "courbe__axe" }));
  svg.append(s("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: HEIGHT - PAD.bottom, y2: HEIGHT - PAD.bottom, class: "courbe__axe" }));
  // Dates under the axis: the first game, the last, and the middle one when they differ.
  const dated = first ? [1, n] : [];
  if (n >= 3 && !sameDay) dated.splice(1, 0, Math.round((1 + n) / 2));
  const labelled = new Set();
  for (const i of dated) {
    const label = shortDate(points[i].date);
    if (labelled.has(label)) continue;
    labelled.add(label);
    const anchor = i === n && n > 1 ? "end" : i === 1 && n > 1 ? "start" : "middle";
    svg.append(s("text", { x: x(i), y: HEIGHT - PAD.bottom + 18, class: "courbe__date", "text-anchor": anchor }, label));
  }
  svg.append(s("text", { x: PAD.left, y: HEIGHT - 4, class: "courbe__legende" }, "départ"));
  svg.append(s("text", { x: WIDTH - PAD.right, y: HEIGHT - 4, class: "courbe__legende", "text-anchor": "end" }, `partie ${n}`));
  svg.append(s("polyline", { points: points.map((p, i) => `${x(i)},${y(p.classement)}`).join(" "), class: "courbe__ligne" }));
  points.forEach((p, i) => {
    const hollow = p.depart || p.provisoire;
    svg.append(s("circle", { cx: x(i), cy: y(p.classement), r: i === n ? 5 : 3.5, class: hollow ? "courbe__point courbe__point--provisoire" : "courbe__point" },
      s("title", {}, p.depart ? `Départ : ${p.classement}` : `Partie ${p.partie}, ${longDate(p.date)} : ${p.classement}`)));
  });
  const current = `${data.classement}${data.provisoire ? " ?" : ""}`;
  svg.append(s("text", { x: x(n) + 8, y: y(data.classement) + 5, class: "courbe__valeur" }, current));

  const rows = data.points.map((p) => h("tr", {},
    h("td", {}, String(p.partie)), h("td", {}, longDate(p.date)), h("td", {}, `${p.classement}${p.provisoire ? " ?" : ""}`)));
  return h("figure", { class: "courbe" },
    svg,
    h("figcaption", { class: "aide" }, summary, data.provisoire ? " Les cercles vides sont des classements provisoires." : ""),
    h("details", { class: "courbe__valeurs" },
      h("summary", {}, "Voir les valeurs"),
      h("table", {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Partie"), h("th", { scope: "col" }, "Date"), h("th", { scope: "col" }, "Classement"))),
        h("tbody", {}, rows))));
}
