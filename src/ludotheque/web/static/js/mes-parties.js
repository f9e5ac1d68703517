// « Mes parties » (/mes-parties): the games of the logged-in account, those where it is their
// turn first (docs/server.md, « Mes parties »).
import { accountReady, onAccountChange } from "./account.js";
import { ApiError, ratingsApi } from "./api.js";
import { timeLeft, whenPlayed } from "./dates.js";
import { ratingChange } from "./rating-line.js";
import { h, replaceChildren, toast } from "./ui.js";

const $ = (id) => document.getElementById(id);

const STATUS = { attente: "En attente de joueurs", en_cours: "En cours", terminee: "Terminée" };

/** « Alice », « Alice et Bruno », « Alice, Bruno et Chloé ». */
function inWords(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} et ${names[names.length - 1]}`;
}

function who(partie) {
  const label = (p) => (p.robot ? `${p.nom} (robot ${p.robot})` : p.nom);
  const partners = partie.adversaires.filter((p) => p.equipier).map(label);
  const others = partie.adversaires.filter((p) => !p.equipier).map(label);
  if (!partie.adversaires.length) return "Seul contre le jeu";
  return [partners.length ? `avec ${inWords(partners)}` : null, others.length ? `contre ${inWords(others)}` : null]
    .filter(Boolean).join(", ");
}

function item(partie) {
  const status = partie.a_vous ? "À vous de jouer" : STATUS[partie.statut] || partie.statut;
  const facts = [];
  if (partie.resultat) facts.push(h("strong", {}, partie.resultat));
  if (partie.score !== null && partie.score !== undefined && partie.statut === "terminee") facts.push(`score ${partie.score}`);
  if (partie.classement) facts.push(`classement ${ratingChange(partie.classement.avant, partie.classement.apres)}`);
  const when = [];
  if (partie.reste !== null && partie.reste !== undefined && partie.statut === "en_cours") {
    when.push(h("span", { class: "ma-partie__delai" }, partie.a_vous ? `Il vous reste ${timeLeft(partie.reste)} pour jouer` : `${timeLeft(partie.reste)} pour jouer`));
  }
  const since = { terminee: "Terminée", attente: "Créée", en_cours: "Dernière activité" }[partie.statut] || "Mise à jour";
  when.push(`${since} ${sinceWords(partie.date)}`);
  const action = partie.statut === "terminee" ? "Revoir la partie" : partie.a_vous ? "Jouer" : partie.statut === "attente" ? "Voir la table" : "Reprendre";
  return h("li", { class: ["ma-partie", partie.a_vous ? "ma-partie--a-vous" : null], dataset: { table: partie.table, statut: partie.statut } },
    h("div", { class: "ma-partie__corps" },
      h("p", { class: "ma-partie__tete" },
        h("strong", { class: "ma-partie__jeu" }, partie.titre), " ",
        h("span", { class: ["pastille", partie.a_vous ? "pastille--actif" : `pastille--${partie.statut}`] }, status),
        partie.classee ? h("span", { class: "pastille pastille--classee" }, "classée") : null),
      h("p", { class: "ma-partie__qui" }, who(partie)),
      facts.length ? h("p", { class: "ma-partie__resultat" }, facts.flatMap((f, i) => (i ? [" · ", f] : [f]))) : null,
      h("p", { class: "aide partie__quand" }, when.flatMap((w, i) => (i ? [" · ", w] : [w])))),
    h("a", { class: ["bouton", partie.a_vous ? "bouton--principal" : null], href: partie.lien,
      "aria-label": `${action} : ${partie.titre}, ${who(partie).toLowerCase()}` }, action));
}

function sinceWords(iso) {
  const words = whenPlayed(iso);
  return /^(il y a|à l'instant)/.test(words) ? words : `le ${words}`;
}

async function load() {
  let data;
  try {
    data = await ratingsApi.myGames();
  } catch (error) {
    $("chargement").hidden = true;
    if (error instanceof ApiError && error.status === 401) {
      $("deconnecte").hidden = false;
      $("a-vous").hidden = true;
      $("toutes").hidden = true;
      return;
    }
    toast(`Impossible de charger vos parties : ${error.message}`);
    return;
  }
  $("chargement").hidden = true;
  $("deconnecte").hidden = true;
  const parties = data.parties || [];
  const yours = parties.filter((p) => p.a_vous);
  const others = parties.filter((p) => !p.a_vous);
  $("a-vous").hidden = yours.length === 0;
  replaceChildren($("liste-a-vous"), yours.map(item));
  $("toutes").hidden = false;
  $("titre-toutes").textContent = yours.length ? "Vos autres parties" : "Vos parties";
  replaceChildren($("liste-toutes"), others.length
    ? others.map(item)
    : h("li", { class: "vide" }, parties.length ? "Aucune autre partie." : "Vous n'avez pas encore joué avec ce compte : créez une table depuis le salon."));
  document.title = `${yours.length ? `(${yours.length}) ` : ""}Ludothèque — mes parties`;
}

// Logged out: the account bar's dialog, from here; logged in or out, the list follows.
$("btn-connexion").addEventListener("click", () => document.getElementById("btn-se-connecter")?.click());
$("btn-inscription").addEventListener("click", () => document.getElementById("btn-creer-compte")?.click());
onAccountChange(() => load());
accountReady.then(() => load());
// A game waiting for the player may come back to them while the page is open.
setInterval(() => {
  if (document.visibilityState === "visible") load();
}, 30000);
