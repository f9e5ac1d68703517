// The analysis of a finished game in the replay (docs/analysis.md): a summary of the seat's
// decisions with a way to jump to each imprecision and error, and each decision's note at its
// step. « Analyse en cours… » asks again every few seconds until the notes are ready.
import { api } from "./api.js";
import { h, plural, replaceChildren } from "./ui.js";

const POLL_MS = 2000;
const POLL_LIMIT = 300; // ten minutes of asking, then the page says to reload

/** Each verdict: its mark (chess style, never the only sign), its title, its word in the summary. */
export const VERDICTS = {
  meilleur: { marque: "★", titre: "Meilleur coup", resume: ["meilleure", "meilleures"] },
  bon: { marque: "✓", titre: "Bon coup", resume: ["bonne", "bonnes"] },
  imprecision: { marque: "?!", titre: "Imprécision", resume: ["imprécision", "imprécisions"] },
  erreur: { marque: "??", titre: "Erreur", resume: ["erreur", "erreurs"] },
};
const ORDER = ["meilleur", "bon", "imprecision", "erreur"];

/** « 12 décisions : 7 meilleures, 3 bonnes, 2 imprécisions » (the verdicts that occur). */
export function summaryText(notes) {
  const counts = Object.fromEntries(ORDER.map((v) => [v, 0]));
  for (const note of notes) if (note.verdict in counts) counts[note.verdict] += 1;
  const parts = ORDER.filter((v) => counts[v] > 0).map((v) => plural(counts[v], ...VERDICTS[v].resume));
  const head = plural(notes.length, "décision analysée", "décisions analysées");
  return parts.length ? `${head} : ${parts.join(", ")}.` : `${head}.`;
}

function verdictBadge(verdict) {
  const known = VERDICTS[verdict] || { marque: "·", titre: verdict };
  return h("span", { class: ["verdict", `verdict--${verdict}`] },
    h("span", { class: "verdict__marque", "aria-hidden": "true" }, known.marque),
    " ", known.titre);
}

/**
 * The analysis panels of the replay page.
 * `go(ply)` shows the step of that ply (the replay's navigation); `tableId`, `jeton`: the seat.
 */
export class AnalysisView {
  constructor({ tableId, jeton, go }) {
    this.tableId = tableId;
    this.jeton = jeton;
    this.go = go;
    this.notes = new Map(); // ply → note
    this.state = null;
    this.polls = 0;
    this.timer = null;
    this.summary = document.getElementById("analyse");
    this.status = document.getElementById("analyse-etat");
    this.jumps = document.getElementById("analyse-sauts");
    this.panel = document.getElementById("analyse-coup");
  }

  /** The replay's « analyse » (null for a spectator: nothing is shown). The seat is the
   * token's, or without one the logged-in account's (the server reads its cookie). */
  show(analysis) {
    clearTimeout(this.timer);
    if (!analysis) { // a spectator
      this.summary.hidden = true;
      this.panel.hidden = true;
      return;
    }
    this.state = analysis.etat;
    this.summary.hidden = false;
    this.summary.dataset.etat = analysis.etat;
    if (analysis.etat === "pret") {
      this.notes = new Map((analysis.notes || []).map((note) => [note.coups, note]));
      this.renderSummary(analysis.notes || []);
    } else if (analysis.etat === "en_cours") {
      this.notes = new Map();
      replaceChildren(this.status, h("span", { class: "analyse__sablier", "aria-hidden": "true" }), "Analyse en cours… ",
        h("span", { class: "aide" }, "Elle s'affichera ici d'elle-même dans un instant."));
      this.jumps.hidden = true;
      this.poll();
    } else {
      this.notes = new Map();
      replaceChildren(this.status, analysis.message || "L'analyse de cette partie n'est pas disponible.");
      this.jumps.hidden = true;
    }
    this.onStep(this.currentPly ?? null, this.currentMine ?? false);
  }

  poll() {
    if (this.polls >= POLL_LIMIT) {
      replaceChildren(this.status, "L'analyse prend plus de temps que prévu : rechargez la page un peu plus tard.");
      return;
    }
    this.polls += 1;
    this.timer = setTimeout(async () => {
      try {
        const data = await api.analysis(this.tableId, this.jeton);
        this.show(data.analyse);
      } catch (error) {
        if (error.status >= 400 && error.status < 500) {
          this.show({ etat: "indisponible", message: error.message }); // asking again would not help
        } else {
          this.poll(); // the server did not answer, or its database: ask again later
        }
      }
    }, POLL_MS);
  }

  renderSummary(notes) {
    replaceChildren(this.status, notes.length ? summaryText(notes) : "Aucune décision à analyser : tous vos coups étaient forcés.");
    const worth = notes.filter((note) => note.verdict === "imprecision" || note.verdict === "erreur");
    this.jumps.hidden = worth.length === 0;
    replaceChildren(this.jumps, worth.length
      ? [h("p", { class: "analyse__sauts-titre" }, "Revoir vos imprécisions et erreurs :"),
        h("ul", { class: "analyse__liste" }, worth.map((note) => h("li", {},
          h("button", {
            type: "button",
            class: ["bouton", "analyse__saut", `analyse__saut--${note.verdict}`],
            dataset: { coups: note.coups },
            "aria-label": `Aller au coup ${note.coups} : ${VERDICTS[note.verdict].titre.toLowerCase()}`,
            onclick: () => this.jump(note.coups),
          },
          h("span", { class: "verdict__marque", "aria-hidden": "true" }, VERDICTS[note.verdict].marque),
          ` Coup ${note.coups}`))))]
      : []);
  }

  /** Show the note of ``ply`` and move the focus to it (a jump from the summary). */
  jump(ply) {
    this.go(ply);
    if (this.panel.dataset.verdict) {
      this.panel.focus({ preventScroll: true });
      this.panel.scrollIntoView({ block: "nearest", behavior: "smooth" });
    }
  }

  /**
   * The replay shows the step after move ``ply`` (null: the start), played by the seat or not
   * (``mine``): its note, else why there is none (the panel stays, so the page does not jump).
   */
  onStep(ply, mine = false) {
    this.currentPly = ply;
    this.currentMine = mine;
    if (this.state !== "pret") {
      this.panel.hidden = true;
      replaceChildren(this.panel);
      return;
    }
    this.panel.hidden = false;
    const note = ply === null ? null : this.notes.get(ply);
    if (!note) {
      delete this.panel.dataset.verdict;
      const why = ply === null
        ? "Début de la partie : la note de chacune de vos décisions s'affiche ici, à son étape."
        : mine
          ? "Pas de vrai choix à cette étape (coup forcé) : rien à analyser."
          : "Ce coup n'était pas le vôtre : rien à analyser.";
      replaceChildren(this.panel,
        h("h2", { id: "analyse-coup-titre", class: "analyse-coup__titre" }, ply === null ? "Votre analyse" : `Coup ${ply}`),
        h("p", { class: "analyse-coup__vide" }, why));
      return;
    }
    this.panel.dataset.verdict = note.verdict;
    const expert = note.meilleur
      ? note.meilleur
      : "le même choix que vous, ou rien de mieux.";
    replaceChildren(this.panel,
      h("h2", { id: "analyse-coup-titre", class: "analyse-coup__titre" },
        h("span", { class: "analyse-coup__coup" }, `Coup ${note.coups} · `), verdictBadge(note.verdict)),
      h("dl", { class: "analyse-coup__choix" },
        h("dt", {}, "Votre choix"), h("dd", {}, note.joue),
        h("dt", {}, "L'Expert"), h("dd", {}, expert)),
      (note.details || []).length
        ? h("ul", { class: "analyse-coup__details" }, note.details.map((line) => h("li", {}, line)))
        : null);
  }
}
