// The leaderboards (/classement?jeu=gutenberg&nom=Alice): one tab a game, its table, and the
// chosen player's rating over time (docs/server.md, « Classements »).
import { accountReady } from "./account.js";
import { api, ApiError, ratingsApi } from "./api.js";
import { ratingChart } from "./chart.js";
import { whenPlayed } from "./dates.js";
import { h, replaceChildren, toast } from "./ui.js";

const $ = (id) => document.getElementById(id);

let games = [];
let board = null;
let shown = null; // the curve on the page: {data, title, width}, drawn again at another width

function wanted() {
  const params = new URLSearchParams(window.location.search);
  return { jeu: params.get("jeu"), nom: params.get("nom") };
}

function address(jeu, nom) {
  const params = new URLSearchParams({ jeu });
  if (nom) params.set("nom", nom);
  return `/classement?${params}`;
}

function renderTabs(current) {
  replaceChildren($("onglets"), games.map((g) =>
    h("li", {}, h("a", { class: "onglets__lien", href: address(g.nom), "aria-current": g.nom === current ? "page" : null }, g.titre))));
}

function renderBoard(data, chosen) {
  $("titre-tableau").textContent = `Classement ${data.titre}`;
  $("tableau-legende").textContent = `Classement ${data.titre}, du premier au dernier`;
  $("chargement").hidden = true;
  const people = data.classement.filter((e) => !e.robot);
  $("vide").hidden = people.length > 0;
  $("vide").textContent = `Personne n'a encore joué de partie classée de ${data.titre} : les robots ci-dessus attendent le premier.`;
  $("tableau").hidden = false;
  replaceChildren($("lignes"), data.classement.map((e) => {
    const name = e.robot
      ? h("span", { class: "palmares__nom" }, e.nom)
      : h("a", { class: "palmares__nom", href: `${address(data.jeu, e.nom)}#courbe`, dataset: { nom: e.nom },
          "aria-current": chosen && chosen.toLowerCase() === e.nom.toLowerCase() ? "true" : null }, e.nom);
    return h("tr", { class: e.robot ? "palmares__ligne palmares__ligne--robot" : "palmares__ligne", dataset: { nom: e.nom } },
      h("td", { class: "col-rang" }, String(e.rang)),
      h("th", { scope: "row" }, name),
      h("td", { class: "col-nombre" },
        h("strong", {}, String(e.classement)),
        e.provisoire ? h("abbr", { class: "palmares__provisoire", title: "provisoire : moins de 10 parties" }, " ?") : null),
      h("td", { class: "col-nombre" }, String(e.parties)),
      h("td", { class: "col-date" }, e.derniere_partie ? whenPlayed(e.derniere_partie) : "—"));
  }));
}

function drawChart() {
  const zone = $("courbe-contenu");
  const { data, title } = shown;
  shown.width = zone.clientWidth;
  replaceChildren(zone,
    h("p", { class: "courbe__actuel" }, "Classement actuel : ", h("strong", {}, String(data.classement)), data.provisoire ? " (provisoire)" : ""),
    ratingChart(data, title, shown.width));
}

async function showChart(jeu, nom, { focus = false } = {}) {
  const zone = $("courbe-contenu");
  const game = games.find((g) => g.nom === jeu);
  shown = null;
  if (!nom) {
    $("titre-courbe").textContent = "Évolution";
    replaceChildren(zone, h("p", { class: "aide" }, "Choisissez un joueur dans le classement pour voir son évolution."));
    return;
  }
  for (const link of document.querySelectorAll("#lignes a[data-nom]")) {
    link.toggleAttribute("aria-current", link.dataset.nom.toLowerCase() === nom.toLowerCase());
    if (link.hasAttribute("aria-current")) link.setAttribute("aria-current", "true");
  }
  try {
    const data = await ratingsApi.chart(jeu, nom);
    const title = `${data.nom} en ${data.titre}`;
    $("titre-courbe").textContent = `Évolution de ${title}`;
    shown = { data, title: `Classement de ${title}`, width: 0 };
    drawChart();
  } catch (error) {
    $("titre-courbe").textContent = "Évolution";
    replaceChildren(zone, h("p", { class: "aide" }, error instanceof ApiError && error.status === 404
      ? `${nom} n'a pas encore joué de partie classée de ${game?.titre || jeu}.`
      : `Évolution indisponible : ${error.message}`));
  }
  if (focus) $("courbe").focus();
}

async function load() {
  const { jeu, nom } = wanted();
  try {
    games = (await api.games()).jeux || [];
  } catch (error) {
    toast(`Impossible de charger les jeux : ${error.message}`);
    return;
  }
  const current = games.find((g) => g.nom === jeu)?.nom || games[0]?.nom;
  if (!current) return;
  renderTabs(current);
  try {
    board = await ratingsApi.leaderboard(current);
  } catch (error) {
    $("chargement").textContent = `Classement indisponible : ${error.message}`;
    return;
  }
  let chosen = nom;
  if (!chosen) {
    // Logged in and rated in this game: their own curve, at once.
    const me = await accountReady;
    if (me && board.classement.some((e) => !e.robot && e.nom.toLowerCase() === me.nom.toLowerCase())) chosen = me.nom;
  }
  renderBoard(board, chosen);
  await showChart(current, chosen, { focus: Boolean(nom) && window.location.hash === "#courbe" });
}

document.addEventListener("click", (event) => {
  const link = event.target.closest?.("#lignes a[data-nom]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  const jeu = board?.jeu;
  history.pushState(null, "", `${address(jeu, link.dataset.nom)}#courbe`);
  showChart(jeu, link.dataset.nom, { focus: true });
});

let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => {
    if (shown && Math.abs($("courbe-contenu").clientWidth - shown.width) > 40) drawChart();
  }, 150);
});

window.addEventListener("popstate", () => {
  const { jeu, nom } = wanted();
  if (board && (jeu || games[0]?.nom) === board.jeu) showChart(board.jeu, nom);
  else load();
});

load();
