// A finished game, step by step: « ⏮ ◀ ▶ ⏭ », a slider and the ← → keys.
import { AnalysisView } from "./analysis.js";
import { createReplayChat } from "./chat.js";
import { api, loadSeat, robotBadge, robotTitle, seatLevels } from "./api.js";
import { rendererModule } from "./games/index.js";
import { resultElement } from "./result.js";
import { h, plural, preserveFocus, replaceChildren } from "./ui.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(window.location.pathname.replace(/^\/replay\//, "").replace(/\/+$/, ""));

let steps = [];
let index = 0;
let table = null;
let games = [];
let rendererMod = null;
let renderer = null;
let place = null;
let analysis = null; // the seat's analysis (analysis.js)
let replayChat = null; // the messages of the table's chat, shown step by step (chat.js)

function names() {
  const game = games.find((g) => g.nom === table?.jeu);
  return (table?.places || []).map((p) => p.nom || (p.type === "robot" ? `Robot ${robotTitle(game, p.niveau)}` : `Place ${p.place + 1}`));
}

function go(target) {
  if (!steps.length) return;
  index = Math.max(0, Math.min(steps.length - 1, target));
  render();
}

function render() {
  const step = steps[index];
  const vue = step.vue;
  $("etape").value = String(index);
  $("etape").setAttribute("aria-valuetext", `Étape ${index} sur ${steps.length - 1}`);
  $("etape-numero").textContent = `${index} / ${steps.length - 1}`;
  $("btn-debut").disabled = index === 0;
  $("btn-precedent").disabled = index === 0;
  $("btn-suivant").disabled = index === steps.length - 1;
  $("btn-fin").disabled = index === steps.length - 1;
  $("etape-journal").textContent = step.journal?.texte
    || (index === 0 ? "Début de la partie." : `${plural(step.coups, "coup")} joué${step.coups > 1 ? "s" : ""}.`);
  const root = $("jeu");
  root.dataset.phase = vue?.phase ?? (vue?.resultat ? "over" : "");
  root.dataset.aJouer = "false";
  if (!vue) {
    replaceChildren(root, h("p", { class: "vide" }, "Rien à montrer à cette étape."));
  } else {
    preserveFocus(() => renderer.update({
      vue, table, place, aJouer: false, coups: null, pending: false, names: names(),
      send: () => false, notify: () => {}, readOnly: true,
    }));
  }
  analysis?.onStep(index === 0 ? null : step.coups, step.journal?.place === place);
  replayChat?.show(step.coups);
  const fin = $("fin");
  if (vue?.resultat) {
    fin.hidden = false;
    replaceChildren(fin, resultElement(vue.resultat, names(), place, vue.mode === "solo" || (table?.places || []).length === 1,
      rendererMod.soloOpponent?.(vue) ?? null, seatLevels(games.find((g) => g.nom === table?.jeu), table?.places),
      rendererMod.resultDetails?.(vue, names(), vue.resultat) ?? null, rendererMod.scoreUnit));
  } else {
    fin.hidden = true;
    replaceChildren(fin);
  }
  replaceChildren($("joueurs"), (table?.places || []).map((p, seat) => {
    const details = vue && rendererMod.seatDetails ? rendererMod.seatDetails(vue, seat) : [];
    const deciding = Array.isArray(vue?.en_attente) && vue.en_attente.includes(seat);
    return h("li", { class: ["place", seat === place ? "place--moi" : null, deciding ? "place--joue" : null], dataset: { place: seat } },
      h("div", { class: "place__ligne" },
        h("span", { class: "place__numero", "aria-hidden": "true" }, String(seat + 1)),
        h("span", { class: "place__nom" }, names()[seat], seat === place ? " (vous)" : ""),
        p.type === "robot" ? h("span", { class: "pastille pastille--robot" }, robotBadge(games.find((g) => g.nom === table?.jeu), p.niveau)) : null,
        deciding ? h("span", { class: "pastille pastille--actif" }, "décide…") : null),
      details.length ? h("div", { class: "place__details" }, details.join(" · ")) : null);
  }));
}

async function init() {
  $("lien-table").href = `/table/${encodeURIComponent(tableId)}`;
  const seat = loadSeat(tableId);
  place = seat ? seat.place : null;
  let data;
  try {
    const [gamesData, replayData] = await Promise.all([api.games().catch(() => ({ jeux: [] })), api.replay(tableId, seat?.jeton)]);
    games = gamesData.jeux || [];
    data = replayData;
  } catch (error) {
    replaceChildren($("chargement"),
      error.status === 404 ? `${error.message} ` : `Impossible de revoir cette partie : ${error.message} `,
      h("a", { href: `/table/${encodeURIComponent(tableId)}` }, "Aller à la table"));
    return;
  }
  table = data.table && typeof data.table === "object" ? data.table : await api.table(tableId).catch(() => null);
  if (place === null && Number.isInteger(data.place)) place = data.place; // the account's seat
  steps = data.etapes || [];
  if (!steps.length) {
    $("chargement").textContent = "Cette partie ne contient aucune étape.";
    return;
  }
  rendererMod = await rendererModule(table?.jeu || steps[0].vue?.jeu);
  renderer = rendererMod.createRenderer($("jeu"), { readOnly: true });
  replayChat = createReplayChat($("discussion-replay"), Array.isArray(data.chat) ? data.chat : []);
  $("replay-titre").textContent = `Revoir : ${table?.titre || table?.jeu || tableId}`;
  $("lecteur-titre").textContent = `Revoir une partie de ${table?.titre || table?.jeu || tableId}`;
  $("chargement").hidden = true;
  $("lecteur").hidden = false;
  const slider = $("etape");
  slider.max = String(steps.length - 1);
  slider.addEventListener("input", () => go(parseInt(slider.value, 10)));
  $("btn-debut").addEventListener("click", () => go(0));
  $("btn-precedent").addEventListener("click", () => go(index - 1));
  $("btn-suivant").addEventListener("click", () => go(index + 1));
  $("btn-fin").addEventListener("click", () => go(steps.length - 1));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" && target.type !== "range" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      if (target === slider) return; // the slider moves by itself
      event.preventDefault();
      go(index + (event.key === "ArrowLeft" ? -1 : 1));
    } else if (event.key === "Home" && target !== slider) go(0);
    else if (event.key === "End" && target !== slider) go(steps.length - 1);
  });
  analysis = new AnalysisView({
    tableId,
    jeton: seat?.jeton,
    go: (ply) => go(steps.findIndex((s) => s.coups === ply)),
  });
  analysis.show(data.analyse);
  go(0);
}

init();
