// Gremlins, Inc. – le jeu de cartes: the scores (team sums in team play), the objective and the
// exhaustions of the deck, the deck and the discard's top card; every player's row of projects
// (one's own: the card, its requirements, the banners assigned, « Terminer » and « Annuler »;
// the others': a face-down card with its banners, or the card once known or revealed) and active
// permanents; one's hand as cards with « Commencer un projet », « Assigner au projet n » and
// « Jouer » (the payment is left to the server); « Fin du tour »; the choice asked while a card
// is resolved; the set-up redraw (« Refaire ma main » / « Garder »); the game's journal.
//
// What the player prepares (the cards chosen for the redraw, a cancellation to confirm) lives in
// the renderer and is reset when the turn or the phase changes.
//
// What the others just did (« Pendant que vous attendiez ») is shown at the top of the table,
// and on the table itself: since the person's last action (a spectator: since the current
// player's turn began), every line of the game's journal, the card played or the plan completed,
// and, highlighted (data-change), the projects started, the resources gained or lost, the
// prestige won or lost (with « +2 » / « −2 »), the permanents that became active and the top
// of the discard. The person's own action clears the highlights. Not in replays (the replay
// page tells each step itself).
//
// Keyboard: every control is a native button (toggle buttons for the redraw's cards).
//
// The page's styles (the gr-* classes) are in the shared stylesheet, css/style.css, next to
// the other games'.

import { h, plural, replaceChildren } from "../ui.js";
import { Renderer, seatName } from "./base.js";

const PHASES = {
  "nouvelle-main": "Mise en place",
  jeu: "Jeu",
  fin: "Fin de partie",
};

const KINDS = {
  action: "Action",
  plan: "Plan ponctuel",
  permanent: "Plan permanent",
};

const BANNERS = ["or", "malice", "techno"];

/** The seat whose action turned `vue` into the next view: the one choosing, else the active one. */
export function actorOf(vue) {
  if (!vue || vue.phase === "fin") return null;
  if (vue.choix) return vue.choix.place;
  if (vue.phase === "jeu") return vue.joueur_actif;
  return null;
}

/** The lines of `after` that are not in `before` (the journal keeps its last lines only). */
export function newLines(before = [], after = []) {
  for (let start = 0; start <= before.length; start += 1) {
    const kept = before.length - start;
    if (kept > after.length) continue;
    let same = true;
    for (let i = 0; i < kept; i += 1) {
      if (before[start + i] !== after[i]) { same = false; break; }
    }
    if (same) return after.slice(kept);
  }
  return after.slice();
}

function signed(n) {
  return n > 0 ? `+${n}` : `−${-n}`;
}

/**
 * Which project of `before` each project of `after` is (one seat's rows). A project leaves
 * its row from anywhere (completed, cancelled, stolen) and a new one (started, stolen) comes
 * at the end: the first `k` projects of `after` are those of `before` that stayed, in order,
 * and the rest are new. The pairing never matches two different known cards and pays for the
 * banners that differ; the cheapest is kept (the most projects kept on a tie). Returns, for
 * each position of `after`, its position in `before`, or -1 for a new project.
 */
export function alignProjects(before, after) {
  const n = before.length;
  const m = after.length;
  const GONE = 2; // a project completed, cancelled or stolen
  const NEW = 2; // a project started or stolen
  const pair = (i, j) => {
    const a = before[i];
    const b = after[j];
    if (a.carte && b.carte && a.carte !== b.carte) return Infinity;
    const x = countBanners(a.ressources);
    const y = countBanners(b.ressources);
    return BANNERS.reduce((sum, r) => sum + Math.abs(x[r] - y[r]), 0);
  };
  let best = { cost: Infinity, from: new Array(m).fill(-1) };
  for (let k = Math.min(n, m); k >= 0; k -= 1) {
    // cost[i][j]: before[0..i) against after[0..j), each project of before paired or gone.
    const cost = Array.from({ length: n + 1 }, () => new Array(k + 1).fill(Infinity));
    cost[0][0] = 0;
    for (let i = 0; i < n; i += 1) {
      for (let j = 0; j <= k; j += 1) {
        if (!Number.isFinite(cost[i][j])) continue;
        cost[i + 1][j] = Math.min(cost[i + 1][j], cost[i][j] + GONE);
        if (j < k) cost[i + 1][j + 1] = Math.min(cost[i + 1][j + 1], cost[i][j] + pair(i, j));
      }
    }
    const total = cost[n][k] + NEW * (m - k);
    if (!(total < best.cost)) continue;
    const from = new Array(m).fill(-1);
    let i = n;
    let j = k;
    while (j > 0) {
      if (cost[i][j] === cost[i - 1][j - 1] + pair(i - 1, j - 1)) {
        from[j - 1] = i - 1;
        j -= 1;
      }
      i -= 1;
    }
    best = { cost: total, from };
  }
  return best.from;
}

/**
 * What changed on the table between two views: per seat, the prestige won or lost, the
 * projects started (positions of `after`), the banners gained or lost under each project kept,
 * the permanents that became active; and whether the discard's top card changed.
 */
export function tableChanges(before, after) {
  const seats = {};
  for (const player of after.joueurs || []) {
    const old = (before.joueurs || [])[player.place];
    if (!old) continue;
    const change = { prestige: player.prestige - old.prestige, nouveaux: [], ressources: {}, permanents: [] };
    const from = alignProjects(old.projets, player.projets);
    from.forEach((i, j) => {
      if (i < 0) {
        change.nouveaux.push(j);
        return;
      }
      const was = countBanners(old.projets[i].ressources);
      const now = countBanners(player.projets[j].ressources);
      const delta = BANNERS.map((b) => [b, now[b] - was[b]]).filter(([, d]) => d !== 0);
      if (delta.length) change.ressources[j] = delta;
    });
    change.permanents = player.permanents.filter((id) => !old.permanents.includes(id));
    seats[player.place] = change;
  }
  const top = (v) => (v.defausse?.length ? v.defausse[v.defausse.length - 1] : null);
  return { seats, defausse: top(after) !== null && top(after) !== top(before) };
}

/** A « +2 » / « −1 » badge. */
function delta(n, text = signed(n)) {
  return h("span", { class: ["gr-delta", n < 0 ? "gr-delta--moins" : null] }, text);
}

/** « 2 or + 1 malice + 1 ressource » or « gratuit » → {or, malice, techno, any}. */
export function parseCost(text) {
  const cost = { or: 0, malice: 0, techno: 0, any: 0 };
  if (!text || text === "gratuit") return cost;
  for (const term of String(text).split("+")) {
    const match = term.trim().match(/^(\d+)\s+(or|malice|techno|ressources?)$/);
    if (!match) continue;
    const n = Number(match[1]);
    if (match[2].startsWith("ressource")) cost.any += n;
    else cost[match[2]] += n;
  }
  return cost;
}

function countBanners(list) {
  const counts = { or: 0, malice: 0, techno: 0 };
  for (const b of list || []) if (b in counts) counts[b] += 1;
  return counts;
}

/** Whether resources (counts by banner) can pay `cost` (an action never needs techno). */
function affordable(cost, counts) {
  const total = counts.or + counts.malice + counts.techno;
  return counts.or >= cost.or && counts.malice >= cost.malice && counts.techno >= cost.techno
    && total >= cost.or + cost.malice + cost.techno + cost.any;
}

function bannerChip(banner, count = null) {
  const text = count === null ? banner : `${count} × ${banner}`;
  return h("span", { class: ["gr-bandeau", `gr-bandeau--${banner}`], dataset: { bandeau: banner } }, text);
}

/** The banners assigned to a project, grouped: « 2 × or », « 1 × malice ». */
function resourcesView(list) {
  const counts = countBanners(list);
  const total = (list || []).length;
  const label = total
    ? `Ressources : ${BANNERS.filter((b) => counts[b]).map((b) => `${counts[b]} ${b}`).join(", ")}`
    : "Aucune ressource";
  return h("p", { class: "gr-ressources", dataset: { ressources: (list || []).join(",") }, "aria-label": label },
    total ? BANNERS.filter((b) => counts[b]).map((b) => bannerChip(b, counts[b])) : h("span", { class: "vide" }, "aucune ressource"));
}

export function createRenderer(root, { readOnly = false } = {}) {
  return new GremlinsTable(root, readOnly);
}

/** A button's label starts with a capital (« Vous », not « vous »). */
function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a Gremlins score counts, on the end screen (« 12 prestige »). */
export const scoreUnit = ["prestige", "prestige"];

/**
 * The end screen's team totals (« la somme des prestige de tous les joueurs de chaque
 * équipe » decides): each team, its members and its sum, best first; null alone.
 * `resultat`: the game's result (its scores are the final ones).
 */
export function resultDetails(vue, names = [], resultat = null) {
  if (!vue || !Array.isArray(vue.equipes)) return null;
  // The result's scores are the final ones (the view may be a step behind it).
  const scores = resultat?.scores || (vue.joueurs || []).map((p) => p.prestige);
  const teams = new Map();
  vue.equipes.forEach((team, seat) => {
    const t = teams.get(team) || { team, seats: [], prestige: 0 };
    t.seats.push(seat);
    t.prestige += scores[seat] || 0;
    teams.set(team, t);
  });
  const sorted = [...teams.values()].sort((a, b) => b.prestige - a.prestige || a.team - b.team);
  const best = sorted.length ? sorted[0].prestige : 0;
  const who = (s) => seatName(names, s);
  return h("section", { id: "resultat-equipes", class: "resultat__equipes", "aria-labelledby": "titre-resultat-equipes" },
    h("h3", { id: "titre-resultat-equipes", style: "margin: 0.9rem 0 0.4rem" }, "Prestige des équipes"),
    h("ol", { class: "resultat__classement" }, sorted.map((t) => h("li", {
      class: ["resultat__ligne", t.prestige === best ? "resultat__ligne--gagnant" : null],
      dataset: { equipe: t.team, prestige: t.prestige },
    },
    h("span", { class: "resultat__nom" }, `Équipe ${t.team + 1} (${t.seats.map(who).join(", ")})`),
    h("span", { class: "resultat__score" }, `${t.prestige} prestige`),
    t.prestige === best ? h("span", { class: "pastille pastille--gagnant" }, "gagnante") : null))));
}

/** Short per-seat facts for the seats list of the table page. */
export function seatDetails(vue, seat) {
  const player = vue?.joueurs?.[seat];
  if (!player) return [];
  const facts = [`Prestige : ${player.prestige}`];
  if (Array.isArray(vue.equipes)) facts.unshift(`Équipe ${player.equipe + 1}`);
  facts.push(`En main : ${plural(player.cartes_en_main, "carte")}`);
  facts.push(`Projets : ${player.projets.length}/${player.projets_max}`);
  if (vue.phase === "jeu" && vue.joueur_actif === seat && !vue.choix) facts.push("joue");
  if (vue.choix && vue.choix.place === seat) facts.push("choisit");
  return facts;
}

class GremlinsTable extends Renderer {
  constructor(root, readOnly) {
    super(root, readOnly, { rootClass: "gr-racine" });
  }

  reset() {
    this.redraw = []; // indexes in the hand of the cards to discard (set-up redraw)
    this.cancelling = null; // project number whose cancellation awaits confirmation
  }

  /**
   * Follow the others' actions: `this.recap` holds the view before the first of them since
   * the person's last action (a spectator: since the current player's turn began), the seats
   * that acted and the journal lines they wrote; `this.changes` what changed on the table since.
   * A view that repeats the last one (a reconnection, a seat's name changed) changes nothing.
   */
  track(vue) {
    const before = this.lastVue;
    this.lastVue = vue;
    if (this.readOnly || !before || before === vue) return;
    const lines = newLines(before.journal, vue.journal);
    const key = (v) => JSON.stringify([v.phase, v.tour, v.joueur_actif, v.actions_jouees, v.choix?.place, v.choix?.question, v.pioche, (v.defausse || []).length]);
    if (!lines.length && key(before) === key(vue)) return;
    const actor = actorOf(before);
    if (actor === null) return;
    const me = this.me;
    if (actor === me) {
      // The person acted: the others' turn is over; its lines stay until they act again.
      if (this.recap) this.recap.closed = true;
      this.changes = null;
      return;
    }
    const spectatorTurnOver = me === null && this.recap && (this.recap.tour !== before.tour || !this.recap.seats.includes(actor));
    if (!this.recap || this.recap.closed || spectatorTurnOver) {
      this.recap = { base: before, seats: [], lines: [], tour: before.tour, closed: false };
    }
    if (!this.recap.seats.includes(actor)) this.recap.seats.push(actor);
    this.recap.lines.push(...lines);
    this.changes = tableChanges(this.recap.base, vue);
  }

  /** What changed for `seat` since the others began to play (see track), or null. */
  changeOf(seat) {
    return this.changes?.seats?.[seat] || null;
  }

  follow(vue) {
    this.track(vue);
  }

  stepKey(vue) {
    const me = this.me;
    const mine = me === null ? null : vue.joueurs?.[me];
    return [vue.phase, vue.tour, vue.joueur_actif, vue.actions_jouees, (mine?.main || []).join(","), (mine?.projets || []).length].join(":");
  }

  // --- helpers -----------------------------------------------------------------------------

  get myPlayer() {
    return this.me === null ? null : this.vue.joueurs[this.me];
  }

  card(id) {
    return this.vue.cartes?.[id] || { id, nom: id, type: "", bandeau: "", cout: "", prestige: null, effet: "" };
  }

  /** A choice waits for this seat. */
  myChoice() {
    const choice = this.vue.choix;
    return choice && choice.place === this.me && Array.isArray(choice.options) ? choice : null;
  }

  /** The five actions of the turn may be taken now (no choice pending, actions left). */
  mainActions() {
    const vue = this.vue;
    return this.canAct() && vue.phase === "jeu" && !vue.choix && vue.joueur_actif === this.me
      && vue.actions_jouees < vue.actions_permises;
  }

  mustRedraw() {
    return this.canAct() && this.vue.phase === "nouvelle-main" && this.myPlayer && !this.myPlayer.nouvelle_main_faite;
  }

  // --- rendering ---------------------------------------------------------------------------

  render() {
    const vue = this.vue;
    const title = this.heading(
      vue.phase === "jeu" ? `Tour ${vue.tour}` : PHASES[vue.phase] || vue.phase,
      Array.isArray(vue.equipes) ? `Partie en équipes à ${vue.joueurs.length}` : `Partie à ${vue.joueurs.length}`,
    );
    const blocks = [title, this.instructions()];
    const recap = this.recapZone();
    if (recap) blocks.push(recap);
    const choice = this.choiceZone();
    if (choice) blocks.push(choice);
    const redraw = this.redrawZone();
    if (redraw) blocks.push(redraw);
    if (this.me !== null && !redraw) blocks.push(this.handZone());
    blocks.push(this.playersZone());
    blocks.push(h("div", { class: "g-grille" }, this.summaryZone(), this.journalZone()));
    replaceChildren(this.root, blocks);
    this.showNewChoice();
  }

  /**
   * A question just asked of this seat (a card being resolved): its panel is scrolled into
   * view and its first option takes the focus, once per question (after the table page has
   * put back the focus it kept, hence the timeout).
   */
  showNewChoice() {
    const mine = this.myChoice();
    const key = mine ? JSON.stringify([this.vue.tour, this.vue.actions_jouees, mine.question, mine.options.map((o) => o.cle)]) : null;
    if (key === this.shownChoice) return;
    this.shownChoice = key;
    if (!key || !this.canAct()) return;
    setTimeout(() => {
      const panel = this.root.querySelector("#choix");
      const first = panel?.querySelector("button[data-choix]:not([disabled])");
      if (!panel || !first) return;
      panel.scrollIntoView({ block: "start", behavior: "auto" });
      first.focus({ preventScroll: true });
    }, 0);
  }

  instructions() {
    const vue = this.vue;
    const me = this.me;
    let text;
    let mine = false;
    if (vue.phase === "fin") text = `La partie est terminée${vue.raison ? ` : ${vue.raison}` : ""}.`;
    else if (vue.choix && vue.choix.place === me) {
      text = `À vous de choisir : ${this.named(vue.choix.question)}`;
      mine = true;
    } else if (vue.choix) text = `${this.name(vue.choix.place)} choisit : ${this.named(vue.choix.question)}`;
    else if (vue.phase === "nouvelle-main") {
      if (this.mustRedraw()) {
        text = "Mise en place : choisissez les cartes à défausser pour refaire votre main à 6, ou gardez-la.";
        mine = true;
      } else text = "Mise en place : les autres joueurs refont leur main…";
    } else if (vue.joueur_actif === me && me !== null) {
      const left = Math.max(0, vue.actions_permises - vue.actions_jouees);
      text = `À vous : ${plural(left, "action")} à faire ce tour (${vue.actions_jouees} sur ${vue.actions_permises}).`;
      mine = true;
    } else text = `${this.name(vue.joueur_actif)} joue (${vue.actions_jouees} action${vue.actions_jouees > 1 ? "s" : ""} sur ${vue.actions_permises}).`;
    if (mine && !this.canAct()) mine = false;
    return this.prompt(text, mine, { role: "status" });
  }

  // --- what the others just did ----------------------------------------------------------

  recapZone() {
    const recap = this.recap;
    if (!recap || !recap.lines.length || this.readOnly) return null;
    const who = recap.seats.map((s) => this.name(s)).join(", ");
    const playing = recap.seats.includes(actorOf(this.vue));
    const title = playing ? `${who} joue` : `Le tour de ${who}`;
    // The cards shown: an action played (« joue « Nom » ») or a plan completed (« termine « Nom » »).
    const byName = new Map(Object.values(this.vue.cartes || {}).map((c) => [c.nom, c.id]));
    const shown = [];
    for (const line of recap.lines) {
      for (const match of line.matchAll(/\b(joue|termine) « ([^»]+) »/g)) {
        const id = byName.get(match[2]);
        if (id && !shown.includes(id)) shown.push(id);
      }
    }
    return h("section", { id: "dernier-coup", class: ["g-zone", "gr-recap", playing ? "gr-recap--en-cours" : null], "aria-labelledby": "titre-dernier-coup", dataset: { places: recap.seats.join(",") } },
      h("h3", { id: "titre-dernier-coup", class: "g-zone__titre" }, title),
      h("ol", { class: "gr-recap__lignes" }, recap.lines.map((line, i) => h("li", { class: i === recap.lines.length - 1 && playing ? "gr-recap__derniere" : null }, this.named(line)))),
      shown.length ? h("div", { class: "gr-recap__cartes" }, shown.map((id) => this.cardFace(id, { headingLevel: "h4" }))) : null,
    );
  }

  // --- the choice asked while a card is resolved -------------------------------------------

  choiceZone() {
    const vue = this.vue;
    const choice = vue.choix;
    if (!choice) return null;
    const mine = this.myChoice();
    const inPlay = (vue.en_jeu || []).map((id) => this.card(id).nom);
    return h("section", { id: "choix", class: ["g-zone", mine ? "g-zone--action" : null], "aria-labelledby": "titre-choix", dataset: { place: choice.place }, style: "scroll-margin-top: 0.75rem" },
      h("h3", { id: "titre-choix", class: "g-zone__titre" }, mine ? "Votre choix" : `Choix de ${this.name(choice.place)}`),
      inPlay.length ? h("p", { class: "aide" }, `En cours : ${inPlay.map((n) => `« ${n} »`).join(", ")}.`) : null,
      h("p", { id: "question-choix" }, this.named(choice.question)),
      mine
        ? h("div", { class: "gr-choix__options", role: "group", "aria-labelledby": "question-choix" },
          choice.options.map((o) => h("button", {
            type: "button",
            class: "bouton",
            dataset: { choix: o.cle, focus: `choix-${o.cle}` },
            disabled: !this.canAct(),
            onclick: () => this.send({ type: "choisir", choix: o.cle }),
          }, capitalized(this.named(o.texte)))))
        : h("p", { class: "aide" }, "En attente de son choix…"),
    );
  }

  // --- set-up redraw -----------------------------------------------------------------------

  redrawZone() {
    const vue = this.vue;
    const player = this.myPlayer;
    if (vue.phase !== "nouvelle-main" || !player) return null;
    if (player.nouvelle_main_faite) {
      return h("section", { id: "nouvelle-main", class: "g-zone" },
        h("h3", { class: "g-zone__titre" }, "Mise en place"),
        h("p", {}, "Votre main est prête. En attente des autres joueurs."),
        this.cardsList(player.main || [], () => null));
    }
    const active = this.mustRedraw();
    const hand = player.main || [];
    const chosen = this.redraw.filter((i) => i < hand.length);
    return h("section", { id: "nouvelle-main", class: "g-zone g-zone--action", "aria-labelledby": "titre-nouvelle-main" },
      h("h3", { id: "titre-nouvelle-main", class: "g-zone__titre" }, "Refaire sa main (une seule fois)"),
      h("p", { class: "aide" }, "Choisissez les cartes à défausser : vous en piocherez autant pour revenir à 6."),
      this.cardsList(hand, (id, index) => {
        const selected = chosen.includes(index);
        return h("button", {
          type: "button",
          class: "bouton",
          "aria-pressed": String(selected),
          dataset: { redraw: id, focus: `redraw-${index}` },
          disabled: !active,
          onclick: () => {
            this.redraw = selected ? this.redraw.filter((i) => i !== index) : [...this.redraw, index];
            this.render();
          },
        }, selected ? "Ne pas défausser" : "Défausser");
      }, (id, index) => chosen.includes(index)),
      h("div", { class: "coups gr-barre" },
        h("button", {
          type: "button", id: "btn-refaire", class: "bouton bouton--principal", disabled: !active || !chosen.length,
          onclick: () => this.send({ type: "nouvelle_main", cartes: chosen.map((i) => hand[i]) }),
        }, chosen.length ? `Refaire ma main (${plural(chosen.length, "carte")})` : "Refaire ma main"),
        h("button", {
          type: "button", id: "btn-garder", class: "bouton", disabled: !active,
          onclick: () => this.send({ type: "nouvelle_main", cartes: [] }),
        }, "Garder"),
      ),
    );
  }

  // --- cards -------------------------------------------------------------------------------

  /** A card's face: name, type, banner, cost or requirements, prestige, effect. */
  cardFace(id, { cost = null, tag = "div", extra = null, selected = false, headingLevel = "h4" } = {}) {
    const c = this.card(id);
    const isAction = c.type === "action";
    const costText = cost ?? c.cout;
    return h(tag, { class: ["gr-carte", c.type ? `gr-carte--${c.type}` : null, selected ? "gr-carte--choisie" : null], dataset: { carte: id } },
      h(headingLevel, { class: "gr-carte__nom" }, c.nom),
      h("p", { class: "gr-carte__ligne" },
        h("span", { class: "gr-type" }, KINDS[c.type] || c.type),
        c.bandeau ? [h("span", { class: "visuellement-cache" }, ", bandeau "), bannerChip(c.bandeau)] : null,
        Number.isInteger(c.prestige) ? h("span", { class: "gr-prestige" }, `★ ${c.prestige} prestige`) : null),
      h("p", { class: "gr-carte__ligne gr-carte__cout" },
        isAction ? `Coût : ${costText || "gratuit"}` : `Exigences : ${costText || "aucune"}`,
        isAction && cost !== null && cost !== c.cout ? h("span", { class: "aide" }, `(imprimé : ${c.cout})`) : null),
      c.effet ? h("p", { class: "gr-carte__effet" }, c.effet) : null,
      extra,
    );
  }

  cardsList(ids, buttons, isSelected = () => false) {
    return h("ul", { class: "gr-cartes", role: "list", style: "list-style: none; padding: 0; margin: 0" },
      ids.map((id, index) => {
        const controls = buttons(id, index);
        return h("li", { dataset: { main: id } },
          this.cardFace(id, {
            selected: isSelected(id, index),
            extra: controls ? h("div", { class: "gr-carte__boutons" }, controls) : null,
          }));
      }));
  }

  // --- hand and turn -----------------------------------------------------------------------

  handZone() {
    const vue = this.vue;
    const player = this.myPlayer;
    const hand = player.main || [];
    const active = this.mainActions();
    const projects = player.projets || [];
    const room = projects.length < player.projets_max;
    const resources = countBanners(projects.flatMap((p) => p.ressources));
    const myTurn = vue.phase === "jeu" && vue.joueur_actif === this.me && !vue.choix;
    const left = Math.max(0, vue.actions_permises - vue.actions_jouees);
    return h("section", { id: "main", class: ["g-zone", myTurn ? "g-zone--action" : null], "aria-labelledby": "titre-main" },
      h("h3", { id: "titre-main", class: "g-zone__titre" }, `Votre main (${plural(hand.length, "carte")})`),
      myTurn ? h("div", { class: "gr-barre" },
        h("p", { id: "actions-restantes", dataset: { restantes: left }, style: "margin: 0" },
          `Actions restantes : ${left} sur ${vue.actions_permises}`),
        h("button", {
          type: "button", id: "btn-fin", class: "bouton", disabled: !active,
          title: "Mettre fin à votre tour sans faire les actions restantes",
          onclick: () => this.send({ type: "fin" }),
        }, "Fin du tour"),
      ) : null,
      hand.length ? this.cardsList(hand, (id, index) => {
        const c = this.card(id);
        const out = [h("button", {
          type: "button", class: "bouton", disabled: !active || !room,
          dataset: { action: "commencer", carte: id, focus: `commencer-${index}` },
          title: room ? "Poser cette carte face cachée comme nouveau projet" : `Déjà ${player.projets_max} projets en cours`,
          "aria-label": `Commencer un projet avec « ${c.nom} »`,
          onclick: () => this.send({ type: "commencer", carte: id }),
        }, "Commencer un projet")];
        for (const p of projects) {
          out.push(h("button", {
            type: "button", class: "bouton", disabled: !active,
            dataset: { action: "assigner", carte: id, projet: p.numero, focus: `assigner-${index}-${p.numero}` },
            "aria-label": `Assigner « ${c.nom} » (${c.bandeau}) au projet ${p.numero + 1}`,
            onclick: () => this.send({ type: "assigner", carte: id, projet: p.numero }),
          }, `Assigner au projet ${p.numero + 1}`));
        }
        if (c.type === "action") {
          const cost = player.couts?.[id] ?? c.cout;
          const payable = affordable(parseCost(cost), resources);
          out.push(h("button", {
            type: "button", class: "bouton bouton--principal", disabled: !active || !payable,
            dataset: { action: "jouer", carte: id, focus: `jouer-${index}` },
            title: payable ? `Jouer cette action (coût : ${cost})` : `Ressources insuffisantes (coût : ${cost})`,
            "aria-label": `Jouer « ${c.nom} » (coût : ${cost})`,
            onclick: () => this.send({ type: "jouer", carte: id }),
          }, "Jouer"));
          if (!payable && active) out.push(h("span", { class: "aide" }, "Ressources insuffisantes pour la jouer."));
        }
        return out;
      }) : h("p", { class: "vide" }, "Aucune carte en main."),
    );
  }

  // --- players, projects, permanents -------------------------------------------------------

  playersZone() {
    const vue = this.vue;
    const order = vue.joueurs.map((p) => p.place);
    if (this.me !== null) order.sort((a, b) => (a === this.me ? -1 : b === this.me ? 1 : 0));
    return h("section", { id: "projets-joueurs", class: "g-zone", "aria-labelledby": "titre-joueurs" },
      h("h3", { id: "titre-joueurs", class: "g-zone__titre" }, "Projets et plans permanents"),
      h("div", { class: "gr-joueurs" }, order.map((seat) => this.playerView(vue.joueurs[seat]))),
    );
  }

  playerView(player) {
    const vue = this.vue;
    const seat = player.place;
    const mine = seat === this.me;
    const change = this.changeOf(seat);
    const active = vue.phase === "jeu" && vue.joueur_actif === seat;
    const team = Array.isArray(vue.equipes) ? ` · équipe ${player.equipe + 1}` : "";
    return h("section", {
      class: ["gr-joueur", mine ? "gr-joueur--moi" : null, active ? "gr-joueur--actif" : null],
      dataset: { place: seat },
      "aria-labelledby": `titre-joueur-${seat}`,
    },
    h("h4", { id: `titre-joueur-${seat}`, class: "gr-joueur__titre" },
      h("span", {}, `${this.nameWithYou(seat)}${active ? " — joue" : ""}`),
      h("span", { class: ["gr-prestige", change?.prestige ? "gr-change" : null], dataset: { prestige: player.prestige, ...(change?.prestige ? { change: "prestige" } : {}) } },
        `★ ${player.prestige} prestige`, change?.prestige ? [" ", delta(change.prestige)] : null),
      h("span", { class: "aide" }, `${plural(player.cartes_en_main, "carte")} en main · ${player.projets.length}/${player.projets_max} projets${team}`)),
    player.projets.length
      ? h("ul", { class: "gr-projets", dataset: { projets: player.projets.length } },
        player.projets.map((p) => (mine ? this.ownProject(p, change) : this.otherProject(p, change))))
      : h("p", { class: "vide" }, "Aucun projet en cours."),
    player.permanents.length
      ? h("div", { class: "gr-permanents-boite" },
        h("p", { class: "aide", style: "margin: 0.4rem 0 0" }, "Plans permanents actifs :"),
        h("ul", { class: "gr-permanents" }, player.permanents.map((id) => {
          const c = this.card(id);
          const fresh = change?.permanents.includes(id);
          return h("li", { class: fresh ? "gr-change" : null, dataset: { permanent: id, ...(fresh ? { change: "permanent" } : {}) } },
            h("strong", {}, c.nom), c.effet ? ` — ${c.effet}` : "", fresh ? [" ", delta(1, "nouveau")] : null);
        })))
      : null,
    );
  }

  /** The markers of a project that changed: started (« nouveau »), resources gained or lost. */
  projectChange(p, change) {
    const fresh = Boolean(change?.nouveaux.includes(p.numero));
    const moved = change?.ressources[p.numero] || null;
    return {
      fresh,
      moved,
      attrs: fresh ? { class: "gr-change", change: "nouveau" } : null,
      badge: fresh ? delta(1, "nouveau projet") : null,
      resources: (list) => {
        const view = resourcesView(list);
        if (moved) {
          view.classList.add("gr-change");
          view.dataset.change = "ressources";
          view.append(...moved.map(([b, d]) => delta(d, `${signed(d)} ${b}`)));
        }
        return view;
      },
    };
  }

  ownProject(p, change = null) {
    const marks = this.projectChange(p, change);
    const c = p.carte ? this.card(p.carte) : null;
    const active = this.mainActions();
    const status = p.devoile ? "dévoilé" : "caché";
    const confirming = this.cancelling === p.numero;
    const fake = c && c.type === "action";
    return h("li", { class: ["gr-projet", p.terminable ? "gr-projet--terminable" : null, marks.fresh ? "gr-change" : null], dataset: { projet: p.numero, carte: p.carte || "", ...(marks.fresh ? { change: "nouveau" } : {}) } },
      h("p", { class: "gr-projet__titre" }, `Projet ${p.numero + 1} (${status})`, marks.badge ? [" ", marks.badge] : null),
      c ? this.cardFace(p.carte, { headingLevel: "h5" }) : h("div", { class: "gr-dos" }, "Carte inconnue"),
      fake ? h("p", { class: "aide" }, "Faux projet (carte Action) : il ne se termine jamais.") : null,
      marks.resources(p.ressources),
      p.terminable ? h("p", { class: "aide" }, "Exigences remplies : vous pouvez le terminer.") : null,
      h("div", { class: "gr-carte__boutons" },
        p.terminable ? h("button", {
          type: "button", class: "bouton bouton--principal", disabled: !active,
          dataset: { action: "terminer", projet: p.numero, focus: `terminer-${p.numero}` },
          "aria-label": `Terminer le projet ${p.numero + 1}${c ? ` « ${c.nom} »` : ""}`,
          onclick: () => this.send({ type: "terminer", projet: p.numero }),
        }, "Terminer") : null,
        confirming
          ? [
            h("button", {
              type: "button", class: "bouton bouton--danger", disabled: !active,
              dataset: { action: "confirmer-annuler", projet: p.numero, focus: `confirmer-${p.numero}` },
              onclick: () => this.send({ type: "annuler", projet: p.numero }),
            }, `Confirmer l'annulation du projet ${p.numero + 1}`),
            h("button", {
              type: "button", class: "bouton bouton--discret",
              dataset: { focus: `garder-${p.numero}` },
              onclick: () => { this.cancelling = null; this.render(); },
            }, "Garder le projet"),
          ]
          : h("button", {
            type: "button", class: "bouton bouton--discret", disabled: !active,
            dataset: { action: "annuler", projet: p.numero, focus: `annuler-${p.numero}` },
            title: "Annuler ce projet : sa carte et ses ressources vont à la défausse",
            "aria-label": `Annuler le projet ${p.numero + 1}`,
            onclick: () => { this.cancelling = p.numero; this.render(); },
          }, "Annuler"),
      ),
      confirming ? h("p", { class: "aide", role: "status" }, "La carte et les ressources du projet iront à la défausse.") : null,
    );
  }

  otherProject(p, change = null) {
    const marks = this.projectChange(p, change);
    const status = p.devoile ? "dévoilé" : "face cachée";
    return h("li", { class: ["gr-projet", marks.fresh ? "gr-change" : null], dataset: { projet: p.numero, carte: p.carte || "", ...(marks.fresh ? { change: "nouveau" } : {}) } },
      h("p", { class: "gr-projet__titre" }, `Projet ${p.numero + 1} (${status})`, marks.badge ? [" ", marks.badge] : null),
      p.carte ? this.cardFace(p.carte, { headingLevel: "h5" }) : h("div", { class: "gr-dos", role: "img", "aria-label": "Carte face cachée" }, "Face cachée"),
      marks.resources(p.ressources),
    );
  }

  // --- scores, objective, deck, discard ----------------------------------------------------

  summaryZone() {
    const vue = this.vue;
    const scores = vue.joueurs.map((p) => ({ seat: p.place, prestige: p.prestige }));
    let ranking;
    if (Array.isArray(vue.equipes)) {
      const teams = new Map();
      for (const p of vue.joueurs) {
        const t = teams.get(p.equipe) || { team: p.equipe, seats: [], prestige: 0 };
        t.seats.push(p.place);
        t.prestige += p.prestige;
        teams.set(p.equipe, t);
      }
      ranking = h("ul", { id: "scores", class: "gr-scores" },
        [...teams.values()].sort((a, b) => a.team - b.team).map((t) => h("li", { dataset: { equipe: t.team, prestige: t.prestige } },
          h("strong", {}, `Équipe ${t.team + 1} : ${t.prestige} prestige`),
          ` (${t.seats.map((s) => `${this.nameWithYou(s)} ${vue.joueurs[s].prestige}`).join(", ")})`)));
    } else {
      ranking = h("ul", { id: "scores", class: "gr-scores" },
        scores.map((s) => {
          const moved = this.changeOf(s.seat)?.prestige || 0;
          return h("li", { class: moved ? "gr-change" : null, dataset: { place: s.seat, prestige: s.prestige, ...(moved ? { change: "prestige" } : {}) } },
            `${this.nameWithYou(s.seat)} : ${s.prestige} prestige`, moved ? [" ", delta(moved)] : null);
        }));
    }
    const goal = vue.objectif || {};
    const goalParts = [];
    if (goal.prestige) goalParts.push(`${goal.prestige} prestige`);
    if (goal.epuisements) goalParts.push(`fin après ${goal.epuisements} épuisement${goal.epuisements > 1 ? "s" : ""} de la pioche`);
    const discard = vue.defausse || [];
    const top = discard.length ? discard[discard.length - 1] : null;
    return h("section", { id: "resume", class: "g-zone", "aria-labelledby": "titre-resume" },
      h("h3", { id: "titre-resume", class: "g-zone__titre" }, "Scores et pioche"),
      ranking,
      h("dl", { class: "gr-resume", style: "margin-top: 0.6rem" },
        h("dt", {}, "Objectif"), h("dd", { id: "objectif" }, goalParts.join(" ou ") || "—"),
        h("dt", {}, "Épuisements"), h("dd", { id: "epuisements" }, goal.epuisements ? `${vue.epuisements} sur ${goal.epuisements}` : String(vue.epuisements)),
        h("dt", {}, "Pioche"), h("dd", { id: "pioche", dataset: { total: vue.pioche } }, plural(vue.pioche, "carte")),
        h("dt", {}, "Défausse"), h("dd", { id: "defausse", dataset: { total: discard.length } }, plural(discard.length, "carte")),
      ),
      top ? h("div", { id: "defausse-dessus", class: this.changes?.defausse ? "gr-change" : null, dataset: this.changes?.defausse ? { change: "defausse" } : {} },
        h("p", { class: "aide" }, "Dessus de la défausse :"), this.cardFace(top, { headingLevel: "h5" })) : null,
    );
  }

  // The game's journal names seats « joueur N »: the page puts the players' names instead.
  named(line) {
    return line.replace(/\b(de )?joueur (\d+)\b/g, (_, de, n) => {
      const name = this.nameWithYou(Number(n) - 1);
      if (!de) return name;
      return /^[AEIOUYÂÉÈÊÎÏÔ]/i.test(name) ? `d'${name}` : `de ${name}`; // « d'Irène »
    });
  }

  journalZone() {
    const lines = this.vue.journal || [];
    return h("section", { id: "journal-gremlins", class: "g-zone", "aria-labelledby": "titre-journal-gremlins" },
      h("h3", { id: "titre-journal-gremlins", class: "g-zone__titre" }, "Derniers événements"),
      lines.length
        ? h("ol", { class: "gr-journal", start: String(Math.max(1, lines.length - 14)), tabindex: "0", "aria-label": "Derniers événements de la partie" },
          lines.slice(-15).map((line) => h("li", {}, this.named(line))))
        : h("p", { class: "vide" }, "Rien pour l'instant."),
    );
  }
}
