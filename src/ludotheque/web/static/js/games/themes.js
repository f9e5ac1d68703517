// Thèmes: the four columns (theme card, two visible letter cards), Expert's fifth pile, the hand,
// saying a word (text, theme, optional cards), changing hand, ending the turn, the judge, the
// players' won cards and scores, the last decisions.
//
// Variante Simultanée: no hand and no hourglass; the two turned cards come first and big, who is
// still searching, « Je ne trouve rien », the debts, the last round's result.
// Variante par équipe: the teams and their scores, the active team's three packets (1, 2 and 3
// cards; face down for the other teams), the themes found this round, the word's packet (chosen,
// or left to the server), the team's hourglass, « Fin de la manche ».
//
// What the player prepares (the word typed, the theme chosen, the cards selected, « avec le 5e
// thème ») lives in the renderer and survives re-renders and refused words. The selection is
// reset when the cards change; the word is cleared once a decision on one's own word is made.
//
// Keyboard: every control is a native one (radio buttons for the theme, toggle buttons for the
// cards, a form whose Enter says the word).

import { h, plural, replaceChildren } from "../ui.js";
import { Renderer } from "./base.js";

const MODES = {
  classique: "Partie classique",
  expert: "Variante Expert",
  simultanee: "Variante Simultanée",
  equipe: "Variante par équipe",
};

// Constraint → [badge, words for screen readers].
const CONSTRAINTS = {
  premiere: ["1re", "la première lettre"],
  seconde: ["2e", "la deuxième lettre"],
  derniere: ["dernière", "la dernière lettre"],
};

// « jeu »: classic and Expert (and Équipe); « recherche »: Simultanée.
const PLAY_PHASES = new Set(["jeu", "recherche"]);

const KNOWN_ACTIONS = new Set(["mot", "changer_main", "fin_du_tour", "temps_ecoule", "valider", "refuser", "rien", "silence", "rendre"]);
const TEAM_WORDS = 3; // « trouver 3 mots sur 3 thèmes différents »

const DECIDED_BY = {
  vocabulaire: "dans le vocabulaire",
  juge: "par le juge",
  vote: "par vote",
  silence: "qui ne dit mot consent",
};

export function createRenderer(root, { readOnly = false } = {}) {
  return new ThemesTable(root, readOnly);
}

/** Short per-seat facts for the seats list of the table page. */
export function seatDetails(vue, seat) {
  if (!vue) return [];
  const facts = [`Score : ${vue.scores?.[seat] ?? 0} PV`];
  const themes = vue.cartes_theme?.[seat];
  if (Number.isInteger(themes)) facts.push(plural(themes, "thème gagné", "thèmes gagnés"));
  if (Number.isInteger(vue.equipe_de?.[seat])) facts.unshift(`Équipe ${vue.equipe_de[seat] + 1}`);
  const debt = vue.dettes?.[seat];
  if (debt > 0) facts.push(`doit défausser ${plural(debt, "carte")}`);
  for (const role of roles(vue, seat)) facts.push(role);
  return facts;
}

function roles(vue, seat) {
  if (vue.phase === "fin" || vue.resultat) return [];
  const out = [];
  if (vue.actif === seat) out.push("joue");
  if (vue.mode === "equipe" && vue.phase === "jeu" && vue.equipe_de?.[seat] === vue.equipe_active) out.push("joue");
  if (vue.mode === "simultanee" && vue.phase === "recherche") out.push(searching(vue, seat) ? "cherche" : "ne cherche plus");
  if (vue.sablier_tenu_par === seat || (vue.mode === "equipe" && vue.sablier === seat)) out.push("tient le sablier");
  if (Array.isArray(vue.juges) && vue.juges.includes(seat)) out.push(vue.juges.length > 1 ? "vote" : "juge");
  return out;
}

function searching(vue, seat) {
  return Array.isArray(vue.cherchent) && vue.cherchent.includes(seat);
}

function stars(points) {
  return "★".repeat(Math.max(1, points || 1));
}

function letterLabel(card) {
  const constraint = CONSTRAINTS[card.contrainte];
  return `Lettre ${card.lettre}${constraint ? `, doit être ${constraint[1]} du mot` : ""}, ${plural(card.points || 1, "point")}`;
}

function letterFace(card) {
  const constraint = CONSTRAINTS[card.contrainte];
  return [
    constraint ? h("span", { class: ["t-contrainte", `t-contrainte--${card.contrainte}`], "aria-hidden": "true" }, constraint[0]) : null,
    h("span", { class: "carte__lettres", "aria-hidden": "true" }, card.lettre),
    h("span", { class: "t-etoiles", "aria-hidden": "true" }, stars(card.points)),
  ];
}

function letterClasses(card, extra = []) {
  return ["carte", "t-lettre", card.contrainte ? `t-lettre--${card.contrainte}` : null, ...extra];
}

/** A letter card shown, not played. */
function letterView(card, { small = false } = {}) {
  return h("span", {
    class: letterClasses(card, [small ? "carte--petite" : null]),
    role: "img",
    "aria-label": letterLabel(card),
    title: letterLabel(card),
    dataset: { id: card.id },
  }, letterFace(card));
}

/** A letter card one may select: a toggle button with data-card="<id>". */
function letterButton(card, { onClick, selected, disabled }) {
  return h("button", {
    type: "button",
    class: letterClasses(card, [selected ? "carte--choisie" : null]),
    dataset: { card: card.id },
    "aria-label": letterLabel(card),
    title: letterLabel(card),
    "aria-pressed": String(Boolean(selected)),
    disabled: disabled || !onClick,
    onclick: onClick ? () => onClick(card) : null,
  }, letterFace(card));
}

function themeChip(name, { bonus = false } = {}) {
  return h("span", { class: ["t-pastille-theme", bonus ? "t-pastille-theme--bonus" : null], title: bonus ? `${name} (3 PV)` : name },
    name, bonus ? h("span", { class: "t-pastille-theme__pv" }, " · 3 PV") : null);
}

class ThemesTable extends Renderer {
  constructor(root, readOnly) {
    // The clock: the seconds left of one's hourglass, the judge's and the card to give back.
    super(root, readOnly, { rootClass: "t-racine", clock: true });
    this.lastDecision = undefined;
    this.word = "";
    this.column = null;
    this.columnTheme = null; // the theme of the chosen column when it was chosen
    this.turnKey = undefined;
    this.fifth = false;
    this.packet = null; // Équipe: the packet (0, 1, 2) whose letters the word uses
    this.error = null;
    this.selected = []; // card ids, hand and column
  }

  get simultaneous() {
    return this.vue.mode === "simultanee";
  }

  get teams() {
    return this.vue.mode === "equipe";
  }

  /** Équipe: this seat belongs to the team playing its hourglass. */
  inActiveTeam() {
    return this.teams && this.me !== null && Number.isInteger(this.vue.equipe) && this.vue.equipe === this.vue.equipe_active;
  }

  teamMembers(team) {
    return (this.vue.equipes?.[team] || []).map((s) => this.nameWithYou(s)).join(", ");
  }

  canSay() {
    // Simultanée: a seat out of the round (its word refused, or « rien ») is still asked to
    // move when it owes a card; it says no word.
    return this.canAct() && PLAY_PHASES.has(this.vue.phase) && (!this.simultaneous || searching(this.vue, this.me));
  }

  /** Simultanée (D26): this seat's word was refused and it chooses the won card to give back. */
  mustGiveBack() {
    return this.canAct() && this.simultaneous && Array.isArray(this.vue.a_rendre) && this.vue.a_rendre.length > 0;
  }

  /** The last word of this seat that was refused (what the give-back prompt names). */
  myRefusedWord() {
    const mine = (this.vue.decisions || []).filter((d) => d.place === this.me && !d.accepte);
    return mine.length ? mine[mine.length - 1].mot : null;
  }

  mustJudge() {
    return this.canAct() && this.vue.phase === "jugement" && Boolean(this.vue.jugement);
  }

  hand() {
    return this.sources().flatMap((group) => group.cards);
  }

  /** The letters a word takes besides the column's: the hand, Simultanée's two turned cards,
   * or the team's packets (Équipe), as groups {id, title, cards, packet, used}. */
  sources() {
    const vue = this.vue;
    if (Array.isArray(vue.main) && vue.main.length) return [{ id: "t-main", title: "Votre main", cards: vue.main, packet: null }];
    if (Array.isArray(vue.paquets) && vue.paquets.some((p) => Array.isArray(p.cartes))) {
      return vue.paquets.map((p, index) => ({
        id: `t-paquet-${index}`,
        title: `Paquet de ${plural(p.taille ?? (p.cartes || []).length, "carte")}${p.utilise ? " (déjà utilisé)" : ""}`,
        cards: Array.isArray(p.cartes) ? p.cartes : [],
        packet: index,
        used: Boolean(p.utilise),
      }));
    }
    if (Array.isArray(vue.retournees)) return [{ id: "t-retournees", title: "Cartes retournées", cards: vue.retournees, packet: null }];
    return [];
  }

  follow(vue) {
    // One's own word decided: it is cleared.
    const decisions = vue.decisions || [];
    const last = decisions[decisions.length - 1];
    const lastKey = last ? `${decisions.length}:${last.tour}:${last.place}:${last.mot}:${last.accepte}` : "";
    if (this.lastDecision !== undefined && lastKey !== this.lastDecision && last && last.place === this.me) this.word = "";
    this.lastDecision = lastKey;
    // Nothing chosen for one turn or round is preselected in the next (the theme, the 5th
    // theme, a word typed and not said), nor is a column kept once its theme has changed.
    const turnKey = JSON.stringify([vue.tour, vue.manche, vue.equipe_active, vue.phase === "fin"]);
    if (this.turnKey !== undefined && turnKey !== this.turnKey) {
      this.column = null;
      this.fifth = false;
      this.word = "";
    }
    this.turnKey = turnKey;
    if (this.column !== null && vue.colonnes?.[this.column]?.theme !== this.columnTheme) this.column = null;
  }

  /** The cards change (the hand, the columns), or a word is decided. */
  stepKey(vue) {
    return JSON.stringify([vue.tour, vue.manche, vue.phase, vue.mots_du_tour, vue.a_change_de_main, this.hand().map((c) => c.id),
      (vue.colonnes || []).map((c) => [c.theme, (c.lettres || []).map((l) => l?.id ?? null)]), this.lastDecision]);
  }

  newStep() {
    const vue = this.vue;
    this.selected = [];
    this.packet = null;
    this.error = null;
    if (this.column !== null && !vue.colonnes?.[this.column]?.theme) this.column = null;
    if (!vue.cinquieme) this.fifth = false;
  }

  /** A word refused keeps the step: its error is shown beside the form. */
  answered(changed) {
    if (!changed) this.error = document.querySelector("#alerte[data-kind='erreur'] .alerte__texte")?.textContent || this.error;
  }

  send(action) {
    this.error = null;
    super.send(action);
  }

  // --- rendering ---------------------------------------------------------------------------

  render() {
    const vue = this.vue;
    replaceChildren(this.root,
      this.header(),
      this.instruction(),
      this.mustGiveBack() ? this.giveBackZone() : null,
      vue.jugement ? this.judgingZone() : null,
      this.simultaneous ? this.turnedZone() : null,
      this.tableZone(),
      this.teams ? this.packetsZone() : null,
      this.me !== null && !this.readOnly && (!this.teams || this.inActiveTeam()) ? this.handZone() : null,
      this.me !== null && this.readOnly && !this.simultaneous && !this.teams ? this.handView() : null,
      this.playersZone(),
      this.decisionsZone(),
    );
    // The give-back choice opens in view with the focus on its first card, once per choice.
    const giveKey = this.mustGiveBack() ? JSON.stringify([vue.manche, (vue.a_rendre || []).map((c) => c.id)]) : null;
    if (giveKey && giveKey !== this.giveKey) {
      const first = this.root.querySelector("#t-rendre button");
      if (first) {
        first.focus({ preventScroll: true });
        this.root.querySelector("#t-rendre").scrollIntoView({ block: "nearest" });
      }
    }
    this.giveKey = giveKey;
    this.tick();
  }

  header() {
    const vue = this.vue;
    const mode = MODES[vue.mode] || (vue.mode ? `Variante ${vue.mode}` : "");
    const facts = [mode, Number.isInteger(vue.tour) ? `Tour ${vue.tour + 1}` : null,
      Number.isInteger(vue.manche) && vue.manche > 0 ? `Manche ${vue.manche}` : null,
      Number.isInteger(vue.pioche) ? `Pioche : ${plural(vue.pioche, "carte")}` : null].filter(Boolean);
    return this.heading("Thèmes", facts.join(" · "));
  }

  instruction() {
    const vue = this.vue;
    const me = this.me;
    const parts = [];
    let mine = false;
    if (vue.phase === "fin" || vue.resultat) {
      parts.push("La partie est finie.");
    } else if (this.mustGiveBack()) {
      mine = true;
      parts.push("À vous : un mot refusé coûte une carte gagnée, choisissez-la ci-dessous.");
    } else if (vue.phase === "jugement" && vue.jugement) {
      const claim = vue.jugement;
      const judges = (claim.juges || []).map((s) => this.nameWithYou(s)).join(", ");
      if (this.mustJudge()) {
        mine = true;
        parts.push("À vous de juger le mot proposé.");
      } else if (claim.place === me) {
        parts.push(`Votre mot attend le verdict de ${judges}.`);
      } else {
        parts.push(`« ${claim.mot} » attend le verdict de ${judges}.`);
      }
    } else if (vue.phase === "recherche") {
      mine = this.canSay();
      if (mine) parts.push("À vous : cherchez un mot avec une ou deux des cartes retournées et une ou deux lettres d'une colonne. Le premier mot valable remporte la manche.");
      else if (me !== null && !searching(vue, me)) parts.push("Vous ne cherchez plus pendant cette manche : attendez les autres.");
      else parts.push("Les joueurs cherchent un mot…");
      parts.push("Sans sablier.");
    } else if (Number.isInteger(vue.actif) && vue.actif === me) {
      mine = !this.readOnly;
      parts.push(`À vous de jouer : trouvez un maximum de mots avant la fin du sablier (${vue.options?.secondes ?? 45} s).`);
    } else if (Number.isInteger(vue.actif)) {
      parts.push(`Au tour de ${this.name(vue.actif)}.`);
    } else if (Number.isInteger(vue.equipe_active)) {
      mine = this.canSay();
      if (this.inActiveTeam()) parts.push("À votre équipe : trois mots sur trois thèmes différents, un par paquet, avant la fin du sablier.");
      else parts.push(`Au tour de l'équipe ${vue.equipe_active + 1} (${this.teamMembers(vue.equipe_active)}).`);
      if (Number.isInteger(vue.equipe)) parts.push(`Vous êtes dans l'équipe ${vue.equipe + 1}.`);
    }
    const who = [];
    const holder = Number.isInteger(vue.sablier_tenu_par) ? vue.sablier_tenu_par : this.teams ? vue.sablier : null;
    if (Number.isInteger(holder) && vue.phase !== "fin") who.push(`Sablier : ${this.nameWithYou(holder)}`);
    if (Array.isArray(vue.juges) && vue.juges.length && vue.phase !== "fin" && vue.options?.jugement !== "vocabulaire") {
      who.push(`${vue.juges.length > 1 ? "Juges" : "Juge"} : ${vue.juges.map((s) => this.nameWithYou(s)).join(", ")}`);
    }
    if (vue.options?.jugement === "vocabulaire") who.push("Table sans juge : seul le vocabulaire compte");
    return h("div", { id: "t-consigne", class: ["g-consigne", mine ? "g-consigne--a-vous" : null], tabindex: "-1", dataset: { aVous: String(mine) } },
      h("p", { class: "t-consigne__texte" }, parts.join(" ")),
      who.length ? h("p", { class: "t-consigne__roles" }, who.join(" · ")) : null,
      mine || this.inActiveTeam() ? h("p", { id: "t-temps", class: "t-temps", role: "timer", "aria-live": "off" }) : null);
  }

  // --- Simultanée: the card given back after a refused word (D26) ----------------------------

  giveBackPrompt() {
    const word = this.myRefusedWord();
    if (!word) return "Vous devez rendre une carte gagnée : choisissez-la.";
    return searching(this.vue, this.me)
      ? `Votre mot « ${word} » a été refusé : choisissez la carte à rendre.`
      : `Votre mot « ${word} » est refusé : choisissez la carte à rendre.`;
  }

  giveBackZone() {
    const cards = this.vue.a_rendre || [];
    const button = (card) => {
      const letter = /^lettre /.test(card.nom || "") && card.lettre;
      const constraint = letter ? CONSTRAINTS[card.contrainte] : null;
      const what = letter ? `Lettre ${card.lettre}${constraint ? ` (${constraint[1]})` : ""}` : `Thème ${String(card.nom || "").replace(/^thème /, "")}`;
      const points = plural(card.points || 1, "point");
      return h("button", {
        type: "button", class: ["bouton", "t-rendre__carte", letter ? "t-rendre__carte--lettre" : "t-rendre__carte--theme"],
        id: `btn-rendre-${card.id}`, dataset: { rendre: card.id },
        "aria-label": `Rendre : ${what}, ${points}`,
        onclick: () => this.send({ type: "rendre", carte: card.id }),
      }, h("span", { class: "t-rendre__nom" }, what), h("span", { class: "t-rendre__points" }, ` · ${points}`));
    };
    return h("section", { id: "t-rendre", class: ["g-zone", "g-zone--action", "t-rendre"], "aria-labelledby": "t-rendre-titre" },
      h("h3", { id: "t-rendre-titre", class: "g-zone__titre" }, "Carte à rendre"),
      h("p", { id: "t-rendre-question", class: "t-question" }, this.giveBackPrompt()),
      h("p", { class: "aide" }, "« le joueur doit défausser une carte qu'il avait gagné précédemment » : elle quitte la partie."),
      h("div", { class: "actions t-rendre__cartes", role: "group", "aria-label": "Cartes gagnées" }, cards.map(button)),
      h("p", { id: "t-rendre-delai", class: "t-delai", role: "timer", "aria-live": "off" }),
      this.error ? h("p", { class: "t-erreur" }, this.error) : null);
  }

  // --- Simultanée: the two turned cards ------------------------------------------------------

  turnedZone() {
    const vue = this.vue;
    const cards = vue.retournees || [];
    const selecting = this.canSay();
    const still = vue.cherchent || [];
    const result = this.lastRound();
    return h("section", { id: "t-retournees-zone", class: ["g-zone", "t-retournees-zone", selecting ? "g-zone--action" : null], "aria-labelledby": "t-retournees-titre" },
      h("h3", { id: "t-retournees-titre", class: "g-zone__titre" }, "Les deux cartes retournées"),
      cards.length
        ? h("div", { id: "t-retournees", class: "cartes t-retournees" }, cards.map((card) => selecting
          ? letterButton(card, { selected: this.selected.includes(card.id), onClick: (c) => this.toggle(c.id) })
          : letterView(card)))
        : h("p", { id: "t-retournees", class: "vide" }, "Aucune carte retournée."),
      cards.length && Number.isInteger(vue.retourne_par)
        ? h("p", { class: "aide" }, `Retournées par ${this.nameWithYou(vue.retourne_par)} · utilisez-en une ou deux, avec une ou deux lettres d'une colonne.`) : null,
      vue.phase === "fin" ? null : h("p", { id: "t-cherchent", class: "t-cherchent", dataset: { places: still.join(",") } },
        still.length ? `Cherchent encore : ${still.map((s) => this.nameWithYou(s)).join(", ")}.` : "Plus personne ne cherche."),
      result ? h("p", { id: "t-manche-precedente", class: "t-manche-precedente", dataset: result.data }, result.text) : null);
  }

  /** The result of the last finished round (Simultanée): who won it with which word, or nobody. */
  lastRound() {
    const last = this.vue.derniere_manche;
    if (!last || !Number.isInteger(last.manche)) return null;
    const round = last.manche;
    if (Number.isInteger(last.gagnant)) {
      const won = (this.vue.decisions || []).filter((d) => d.tour === round && d.accepte).pop();
      const themes = won ? ` (${(won.themes || []).join(" + ")})` : "";
      return {
        text: `Manche ${round} : ${this.nameWithYou(last.gagnant)} l'emporte avec « ${last.mot} »${themes}.`,
        data: { manche: round, gagnant: last.gagnant, mot: last.mot },
      };
    }
    return { text: `Manche ${round} : personne n'a trouvé de mot, les deux cartes sont défaussées.`, data: { manche: round, gagnant: "" } };
  }

  // --- Équipe: the packets -------------------------------------------------------------------

  packetsZone() {
    const vue = this.vue;
    const team = vue.equipe_active;
    const mine = this.inActiveTeam();
    const found = vue.themes_de_la_manche || [];
    const over = vue.phase === "fin";
    return h("section", { id: "t-paquets", class: ["g-zone", "t-paquets-zone"], "aria-labelledby": "t-paquets-titre", dataset: { equipe: team } },
      h("h3", { id: "t-paquets-titre", class: "g-zone__titre" },
        over ? "Les paquets" : mine ? "Les paquets de votre équipe" : `Les paquets de l'équipe ${team + 1}`),
      over ? h("p", { class: "vide" }, "La partie est finie.")
        : h("div", { class: "t-paquets" }, (vue.paquets || []).map((p, index) => this.packetView(p, index))),
      !over && !mine ? h("p", { class: "aide" }, "Faces cachées : seule l'équipe qui joue voit ses lettres.") : null,
      over ? null : h("p", { id: "t-themes-manche", class: "t-themes-manche", dataset: { nombre: found.length } },
        `Thèmes trouvés cette manche (${found.length}/${TEAM_WORDS}) : `,
        found.length ? found.map((t) => themeChip(t)) : "aucun pour l'instant."),
      !over && found.length && found.length < TEAM_WORDS
        ? h("p", { class: "aide" }, "Sans les trois mots, les thèmes de la manche seront défaussés (les lettres restent acquises).") : null);
  }

  packetView(packet, index) {
    const size = packet.taille ?? 0;
    const cards = Array.isArray(packet.cartes) ? packet.cartes : null;
    const selecting = this.canSay() && !packet.utilise && cards;
    const left = cards ? cards.length : packet.restantes ?? 0;
    const title = `Paquet de ${plural(size, "carte")}`;
    return h("div", {
      id: `t-paquet-${index}`,
      class: ["t-paquet", packet.utilise ? "t-paquet--utilise" : null, this.packet === index ? "t-paquet--choisi" : null],
      dataset: { paquet: index, utilise: String(Boolean(packet.utilise)), visible: String(Boolean(cards)) },
      role: "group",
      "aria-label": `${title}${packet.utilise ? ", déjà utilisé" : ""}`,
    },
    h("p", { class: "t-paquet__titre" }, title, packet.utilise ? h("span", { class: "pastille" }, "utilisé") : null),
    Number.isInteger(packet.porteur) ? h("p", { class: "t-paquet__porteur" }, `Tenu par ${this.nameWithYou(packet.porteur)}`) : null,
    h("div", { class: "cartes t-paquet__cartes" },
      cards
        ? cards.map((card) => selecting
          ? letterButton(card, { selected: this.selected.includes(card.id), onClick: (c) => this.toggleOwn(c.id, index) })
          : letterView(card))
        : Array.from({ length: left }, () => h("span", { class: ["carte", "t-dos"], role: "img", "aria-label": "Carte cachée", title: "Carte cachée" }, "?")),
      left === 0 ? h("span", { class: "t-vide", title: "Plus de carte" }, "—") : null));
  }

  choosePacket(index) {
    if (index !== null && this.packet !== index) {
      const other = new Set(this.sources().filter((g) => g.packet !== index).flatMap((g) => g.cards.map((c) => c.id)));
      this.selected = this.selected.filter((x) => !other.has(x));
    }
    if (index === null) {
      const packets = new Set(this.hand().map((c) => c.id));
      this.selected = this.selected.filter((x) => !packets.has(x));
    }
    this.packet = index;
    this.rerender();
  }

  // --- the columns ---------------------------------------------------------------------------

  tableZone() {
    const vue = this.vue;
    const columns = vue.colonnes || [];
    const selecting = this.canSay();
    const fifth = vue.cinquieme;
    return h("section", { class: "g-zone t-plateau", "aria-labelledby": "t-plateau-titre" },
      h("h3", { id: "t-plateau-titre", class: "g-zone__titre" }, "Les thèmes"),
      fifth ? h("div", { id: "t-cinquieme-pile", class: "t-theme t-theme--cinquieme" },
        h("span", { class: "t-theme__etiquette" }, "5e thème (3 PV)"),
        h("span", { class: "t-theme__nom" }, fifth.theme),
        h("span", { class: "t-theme__reste" }, plural(fifth.restants, "carte"))) : null,
      h("fieldset", { class: "t-colonnes" },
        h("legend", { class: "visuellement-cache" }, "Thème du mot"),
        columns.map((column, index) => this.columnView(column, index, selecting))));
  }

  columnView(column, index, selecting) {
    const chosen = this.column === index && column.theme;
    const letters = column.lettres || [];
    const radioId = `t-theme-${index}`;
    const theme = column.theme
      ? h("label", { class: "t-theme", for: radioId },
        h("input", {
          type: "radio", name: "t-theme", id: radioId, value: String(index), checked: Boolean(chosen),
          disabled: this.readOnly || this.me === null,
          onchange: () => this.chooseColumn(index),
        }),
        h("span", { class: "t-theme__nom" }, column.theme),
        h("span", { class: "t-theme__reste" }, plural(column.restants ?? 0, "carte")))
      : h("div", { class: "t-theme t-theme--epuise" }, h("span", { class: "t-theme__nom" }, "Pile épuisée"));
    return h("div", {
      class: ["t-colonne", chosen ? "t-colonne--choisie" : null, column.theme ? null : "t-colonne--epuisee"],
      dataset: { colonne: index },
      role: "group",
      "aria-label": column.theme ? `Colonne ${index + 1} : ${column.theme}` : `Colonne ${index + 1} : épuisée`,
    },
    theme,
    h("div", { class: "t-colonne__lettres" },
      letters.map((card, k) => card
        ? (selecting && column.theme
          ? letterButton(card, { selected: this.selected.includes(card.id), onClick: (c) => this.toggleColumnCard(c, index) })
          : letterView(card))
        : h("span", { class: "t-vide", title: "Pile vide" }, "—")),
      letters.length === 0 ? h("span", { class: "t-vide" }, "—") : null),
    Array.isArray(column.sous_les_lettres) && column.theme
      ? h("p", { class: "t-colonne__dessous aide" }, `Cartes dessous : ${column.sous_les_lettres.join(" et ")}`) : null);
  }

  chooseColumn(index) {
    if (this.column !== index) {
      const columnCards = new Set((this.vue.colonnes || []).flatMap((c) => (c.lettres || []).filter(Boolean).map((l) => l.id)));
      const own = new Set(((this.vue.colonnes || [])[index]?.lettres || []).filter(Boolean).map((l) => l.id));
      this.selected = this.selected.filter((id) => !columnCards.has(id) || own.has(id));
    }
    this.column = index;
    this.columnTheme = this.vue.colonnes?.[index]?.theme ?? null;
    this.rerender();
  }

  toggleColumnCard(card, index) {
    if (this.column !== index) {
      this.column = index;
      this.columnTheme = this.vue.colonnes?.[index]?.theme ?? null;
      const own = new Set(((this.vue.colonnes || [])[index]?.lettres || []).filter(Boolean).map((l) => l.id));
      const hand = new Set(this.hand().map((c) => c.id));
      this.selected = this.selected.filter((id) => hand.has(id) || own.has(id));
    }
    this.toggle(card.id);
  }

  /** A card of one's own letters; in Équipe, the packet it belongs to becomes the word's. */
  toggleOwn(id, packet) {
    if (packet !== null && packet !== undefined && this.packet !== packet) {
      const other = new Set(this.sources().filter((g) => g.packet !== packet).flatMap((g) => g.cards.map((c) => c.id)));
      this.selected = this.selected.filter((x) => !other.has(x));
      this.packet = packet;
    }
    this.toggle(id);
  }

  toggle(id) {
    this.selected = this.selected.includes(id) ? this.selected.filter((x) => x !== id) : [...this.selected, id];
    this.rerender();
  }

  // --- the hand and the word -------------------------------------------------------------------

  handView() {
    return h("section", { class: "g-zone" }, h("h3", { class: "g-zone__titre" }, "Votre main"),
      h("div", { class: "cartes" }, this.hand().map((c) => letterView(c))));
  }

  handZone() {
    const vue = this.vue;
    const saying = this.canSay();
    const hand = this.hand();
    const classic = !this.simultaneous && !this.teams;
    const groups = classic ? this.sources() : [];
    const handRow = !classic ? null : groups.length === 0
      ? h("p", { id: "t-main", class: "vide" }, Array.isArray(vue.main) ? "Aucune lettre en main." : "Pas de main dans cette variante.")
      : groups.map((group) => h("div", { id: group.id, class: "cartes t-main" }, group.cards.map((card) => saying
        ? letterButton(card, { selected: this.selected.includes(card.id), onClick: (c) => this.toggleOwn(c.id, group.packet) })
        : letterView(card))));
    const columns = vue.colonnes || [];
    const chosen = this.column !== null ? columns[this.column]?.theme : null;
    const selectedCards = this.selectedCards();
    const automatic = this.teams
      ? (this.packet === null ? "Aucune carte choisie : le serveur prendra le paquet et les cartes qui rapportent le plus."
        : "Aucune carte choisie : le serveur prendra les cartes de ce paquet qui rapportent le plus.")
      : "Aucune carte choisie : le serveur prendra les cartes qui rapportent le plus.";
    const selection = selectedCards.length
      ? [`Cartes choisies : ${selectedCards.map((c) => c.lettre).join(" ")} (${plural(selectedCards.reduce((s, c) => s + (c.points || 1), 0), "point")}).`,
        " ", h("button", { type: "button", id: "t-effacer", class: "bouton bouton--discret", disabled: !saying, onclick: () => { this.selected = []; this.rerender(); } }, "Effacer la sélection")]
      : [automatic];
    const form = h("form", { id: "t-form", class: "t-form", novalidate: true, onsubmit: (e) => { e.preventDefault(); this.submit(); } },
      h("div", { class: "champ" },
        h("label", { for: "t-mot" }, "Votre mot"),
        h("div", { class: "t-form__ligne" },
          h("input", {
            id: "t-mot", type: "text", maxlength: "60", autocomplete: "off", spellcheck: "false",
            value: this.word, "aria-describedby": "t-erreur t-choix",
            oninput: (e) => { this.word = e.target.value; },
          }),
          h("button", { type: "submit", id: "btn-dire", class: "bouton bouton--principal", disabled: !saying }, "Dire le mot"))),
      this.teams ? this.packetChoice(saying) : null,
      h("p", { id: "t-choix", class: "aide" },
        chosen ? `Thème : ${chosen}${this.fifth && vue.cinquieme ? ` + ${vue.cinquieme.theme}` : ""}.` : "Choisissez le thème : cliquez une colonne.",
        " ", selection),
      vue.cinquieme ? h("div", { class: "champ champ--case" },
        h("input", { type: "checkbox", id: "t-cinquieme", checked: this.fifth, disabled: this.readOnly,
          onchange: (e) => { this.fifth = e.target.checked; this.rerender(); } }),
        h("label", { for: "t-cinquieme" }, `avec le 5e thème (${vue.cinquieme.theme})`)) : null,
      h("p", { id: "t-erreur", class: "t-erreur", hidden: !this.error }, this.error || ""));
    // The legal actions other than words, when the server lists them (else what the view says).
    const coups = Array.isArray(this.ctx.coups) ? this.ctx.coups : null;
    const offered = (type) => coups.some((c) => c?.type === type);
    const mayRedraw = saying && (coups ? offered("changer_main") : !vue.a_change_de_main && hand.length > 0 && (vue.pioche ?? 1) > 0);
    const mayEnd = saying && (coups ? offered("fin_du_tour") : true);
    const mayGiveUp = saying && (coups ? offered("rien") : searching(vue, this.me));
    // Actions of variants this page does not know in detail.
    const extras = this.canAct() && coups ? coups.filter((c) => c && !KNOWN_ACTIONS.has(c.type)) : [];
    const buttons = h("div", { class: "actions" },
      classic ? h("button", { type: "button", id: "btn-changer-main", class: "bouton", disabled: !mayRedraw,
        title: vue.a_change_de_main ? "Une seule fois par tour." : null,
        onclick: () => this.send({ type: "changer_main" }) }, "Changer de main") : null,
      this.simultaneous
        ? h("button", { type: "button", id: "btn-rien", class: "bouton", disabled: !mayGiveUp,
          title: "Vous abandonnez cette manche ; les autres continuent de chercher.",
          onclick: () => this.send({ type: "rien" }) }, "Je ne trouve rien")
        : h("button", { type: "button", id: "btn-fin-tour", class: "bouton", disabled: !mayEnd,
          onclick: () => this.send({ type: "fin_du_tour" }) }, this.teams ? "Fin de la manche" : "Fin du tour"),
      extras.map((action, i) => h("button", { type: "button", id: `btn-coup-${action.type}-${i}`, class: "bouton",
        onclick: () => this.send(action) }, action.type)));
    const title = this.simultaneous ? "Votre mot" : this.teams ? "Le mot de votre équipe" : groups.length === 1 ? groups[0].title : "Vos lettres";
    return h("section", { id: "t-zone-joueur", class: ["g-zone", saying ? "g-zone--action" : null], "aria-labelledby": "t-main-titre" },
      h("h3", { id: "t-main-titre", class: "g-zone__titre" }, title),
      handRow,
      form, buttons,
      this.teams ? h("p", { class: "aide" }, "Chaque paquet sert à un seul mot, sur un thème différent ; tout le monde dans l'équipe peut proposer.") : null,
      vue.a_change_de_main && vue.actif === this.me ? h("p", { class: "aide" }, "Vous avez déjà changé de main pendant ce tour.") : null);
  }

  /** Équipe: the packet whose letters the word takes (or the server's choice). */
  packetChoice(saying) {
    const packets = this.vue.paquets || [];
    const option = (value, label, disabled) => {
      const id = value === null ? "t-paquet-auto" : `t-paquet-choix-${value}`;
      return h("label", { class: "t-choix-paquet__option", for: id },
        h("input", { type: "radio", name: "t-paquet-choix", id, value: value === null ? "auto" : String(value),
          checked: this.packet === value, disabled: disabled || !saying, onchange: () => this.choosePacket(value) }),
        " ", label);
    };
    return h("fieldset", { id: "t-choix-paquet", class: "t-choix-paquet" },
      h("legend", {}, "Paquet du mot"),
      option(null, "Au mieux", false),
      packets.map((p, index) => option(index, `Paquet de ${plural(p.taille ?? 0, "carte")}${p.utilise ? " (utilisé)" : ""}`, p.utilise)));
  }

  selectedCards() {
    const all = new Map();
    for (const card of this.hand()) all.set(card.id, card);
    for (const column of this.vue.colonnes || []) for (const card of column.lettres || []) if (card) all.set(card.id, card);
    return this.selected.map((id) => all.get(id)).filter(Boolean);
  }

  submit() {
    if (!this.canSay()) return;
    const word = (document.getElementById("t-mot")?.value ?? this.word).trim();
    this.word = word;
    if (!word) return this.localError("Écrivez d'abord votre mot.");
    if (this.column === null || !this.vue.colonnes?.[this.column]?.theme) return this.localError("Choisissez le thème : cliquez une colonne.");
    const action = { type: "mot", colonne: this.column, mot: word };
    const cards = this.selectedCards().map((c) => c.id);
    if (cards.length) action.cartes = cards;
    if (this.fifth && this.vue.cinquieme) action.cinquieme = true;
    if (this.teams) {
      if (cards.length && this.packet === null) {
        return this.localError("Choisissez aussi une lettre d'un paquet, ou aucune carte : le serveur choisira.");
      }
      if (this.packet !== null) action.paquet = this.packet;
    }
    this.send(action);
  }

  localError(message) {
    this.error = message;
    this.rerender();
    document.getElementById("t-mot")?.focus();
  }

  // --- the judge -------------------------------------------------------------------------------

  judgingZone() {
    const claim = this.vue.jugement;
    const themes = (claim.themes || []).join(" + ") || "ce thème";
    const judging = this.mustJudge();
    const cards = claim.cartes || [];
    const question = judging
      ? `Valider « ${claim.mot} » pour ${themes} ?`
      : `« ${claim.mot} » pour ${themes}, proposé par ${this.nameWithYou(claim.place)}.`;
    return h("section", { id: "t-jugement", class: ["g-zone", "t-jugement", judging ? "g-zone--action" : null], "aria-labelledby": "t-jugement-titre" },
      h("h3", { id: "t-jugement-titre", class: "g-zone__titre" }, judging ? "À vous de juger" : "Mot soumis au juge"),
      h("p", { id: "t-question", class: "t-question" }, question),
      cards.length ? h("div", { class: "cartes", "aria-label": "Cartes utilisées" }, cards.map((c) => letterView(c))) : null,
      h("p", { class: "aide" }, "Qui ne dit mot consent : sans réponse, le mot est accepté."),
      judging ? h("p", { id: "t-delai", class: "t-delai", role: "timer", "aria-live": "off" }) : null,
      judging ? h("div", { class: "actions" },
        h("button", { type: "button", id: "btn-valider", class: "bouton bouton--principal", onclick: () => this.send({ type: "valider" }) }, "Valider"),
        h("button", { type: "button", id: "btn-refuser", class: "bouton bouton--danger", onclick: () => this.send({ type: "refuser" }) }, "Refuser"))
        : null,
      judging && this.error ? h("p", { class: "t-erreur" }, this.error) : null);
  }

  /** Seconds left on this seat's own hourglass (its 45 s, or the judge's delay), if one runs;
   * ``label``: the timer of that name only (« Délai du juge », « Carte à rendre »), else the
   * seat's own unnamed hourglass or, without one, any of its timers. */
  myHourglass(label = null) {
    const me = this.me;
    if (me === null) return null;
    const own = this.hourglasses().filter((s) => s.place === me);
    const mine = label ? own.find((s) => s.libelle === label) : own.find((s) => !s.libelle) || own[0];
    if (!mine) return null;
    return { left: this.secondsLeft(mine), total: Math.round(mine.secondes) };
  }

  /** Équipe: the seconds left on the active team's hourglass (held by its captain). */
  teamHourglass() {
    const holder = this.vue.sablier;
    const running = this.hourglasses().find((s) => s.place === holder);
    if (!Number.isInteger(holder) || !running) return null;
    return { left: this.secondsLeft(running), total: Math.round(running.secondes) };
  }

  tick() {
    const clock = this.myHourglass();
    const turn = this.root.querySelector("#t-temps");
    if (turn) {
      const team = this.teams ? this.teamHourglass() : null;
      const text = this.teams
        ? (team && this.vue.phase !== "fin" ? `Il reste ${team.left} s à votre équipe.` : "")
        : clock && this.vue.phase === "jeu" ? `Il vous reste ${clock.left} s.` : "";
      if (turn.textContent !== text) turn.textContent = text;
    }
    const judge = this.root.querySelector("#t-delai");
    if (judge) {
      const judgeClock = this.myHourglass("Délai du juge") || clock;
      const text = judgeClock ? `Délai du juge : sans réponse dans ${judgeClock.left} s, le mot sera accepté.` : "";
      if (judge.textContent !== text) judge.textContent = text;
      judge.classList.toggle("t-delai--urgent", Boolean(judgeClock) && judgeClock.left <= 5);
    }
    const giving = this.root.querySelector("#t-rendre-delai");
    if (giving) {
      const left = this.myHourglass("Carte à rendre");
      const cheapest = this.cheapestToGive();
      const text = left ? `Sans choix dans ${left.left} s, la carte qui vaut le moins sera rendue${cheapest ? ` (${cheapest})` : ""}.` : "";
      if (giving.textContent !== text) giving.textContent = text;
      giving.classList.toggle("t-delai--urgent", Boolean(left) && left.left <= 5);
    }
  }

  /** The card the rules give back when the time runs out: the one worth least, the most
   * recent among equals, a letter before a theme card (as ``cheapest_won``). */
  cheapestToGive() {
    const cards = this.vue.a_rendre || [];
    let best = null;
    cards.forEach((card, index) => {
      const letter = /^lettre /.test(card.nom || "");
      const key = [card.points || 1, letter ? 0 : 1, -index];
      if (!best || key[0] < best.key[0] || (key[0] === best.key[0] && (key[1] < best.key[1] || (key[1] === best.key[1] && key[2] < best.key[2])))) {
        best = { key, name: letter ? `lettre ${card.lettre}` : String(card.nom || "") };
      }
    });
    return best ? best.name : null;
  }

  // --- players and decisions -----------------------------------------------------------------

  playersZone() {
    const vue = this.vue;
    const count = vue.places ?? (vue.scores || []).length;
    const rows = [];
    for (let seat = 0; seat < count; seat++) {
      const won = vue.gagne?.[seat] || {};
      const seatRoles = roles(vue, seat);
      rows.push(h("li", { class: ["t-joueur", seat === this.me ? "t-joueur--moi" : null, vue.actif === seat && vue.phase !== "fin" ? "t-joueur--actif" : null], dataset: { place: seat } },
        h("div", { class: "t-joueur__ligne" },
          h("span", { class: "t-joueur__nom" }, this.nameWithYou(seat)),
          h("span", { class: "t-joueur__score", dataset: { score: vue.scores?.[seat] ?? 0 } }, `${vue.scores?.[seat] ?? 0} PV`),
          seatRoles.map((r) => h("span", { class: ["pastille", r === "joue" || r === "cherche" ? "pastille--actif" : null] }, r)),
          Number.isInteger(vue.mains?.[seat]) && !this.simultaneous ? h("span", { class: "aide" }, `${plural(vue.mains[seat], "lettre")} en main`) : null,
          vue.dettes?.[seat] > 0 ? h("span", { class: "t-joueur__dette", dataset: { dette: vue.dettes[seat] }, title: "Un mot refusé : une carte gagnée sera défaussée" },
            `doit défausser ${plural(vue.dettes[seat], "carte")}`) : null),
        (won.themes || []).length || (won.bonus || []).length
          ? h("div", { class: "t-joueur__themes", "aria-label": "Thèmes gagnés" },
            (won.themes || []).map((t) => themeChip(t)), (won.bonus || []).map((t) => themeChip(t, { bonus: true })))
          : h("p", { class: "vide" }, "Aucun thème gagné."),
        (won.lettres || []).length
          ? h("div", { class: "cartes t-joueur__lettres", "aria-label": "Lettres gagnées" }, won.lettres.map((c) => letterView(c, { small: true })))
          : null));
    }
    const teams = Array.isArray(vue.equipes) && Array.isArray(vue.gagne_equipes)
      ? h("ol", { id: "t-equipes", class: "t-joueurs" }, vue.equipes.map((members, team) => {
        const won = vue.gagne_equipes[team] || {};
        const playing = vue.equipe_active === team && vue.phase !== "fin";
        return h("li", { class: ["t-joueur", vue.equipe === team ? "t-joueur--moi" : null, playing ? "t-joueur--actif" : null], dataset: { equipe: team } },
          h("div", { class: "t-joueur__ligne" },
            h("span", { class: "t-joueur__nom" }, `Équipe ${team + 1}${vue.equipe === team ? " (la vôtre)" : ""} : ${(members || []).map((s) => this.nameWithYou(s)).join(", ")}`),
            h("span", { class: "t-joueur__score", dataset: { score: vue.scores_equipes?.[team] ?? 0 } }, `${vue.scores_equipes?.[team] ?? 0} PV`),
            playing ? h("span", { class: "pastille pastille--actif" }, "joue") : null),
          (won.themes || []).length ? h("div", { class: "t-joueur__themes" }, won.themes.map((t) => themeChip(t))) : h("p", { class: "vide" }, "Aucun thème gagné."),
          (won.lettres || []).length ? h("div", { class: "cartes t-joueur__lettres" }, won.lettres.map((c) => letterView(c, { small: true }))) : null);
      }))
      : null;
    return h("section", { class: "g-zone", "aria-labelledby": "t-joueurs-titre" },
      h("h3", { id: "t-joueurs-titre", class: "g-zone__titre" }, teams ? "Équipes : cartes gagnées et scores" : "Cartes gagnées et scores"),
      teams || h("ol", { id: "t-joueurs", class: "t-joueurs" }, rows));
  }

  decisionsZone() {
    const decisions = (this.vue.decisions || []).slice().reverse();
    return h("section", { class: "g-zone", "aria-labelledby": "t-decisions-titre" },
      h("h3", { id: "t-decisions-titre", class: "g-zone__titre" }, "Dernières décisions"),
      decisions.length
        ? h("ol", { id: "t-decisions", class: "t-decisions" }, decisions.map((d) => h("li", {
          class: ["t-decision", d.accepte ? "t-decision--acceptee" : "t-decision--refusee"],
          dataset: { mot: d.mot, accepte: String(Boolean(d.accepte)), place: d.place },
        },
        h("span", { class: "t-decision__verdict", "aria-hidden": "true" }, d.accepte ? "✓" : "✗"), " ",
        `${this.nameWithYou(d.place)} : « `, h("strong", {}, d.mot), ` » pour ${(d.themes || []).join(" + ")} — `,
        `${d.accepte ? "accepté" : "refusé"}${DECIDED_BY[d.par] ? ` (${DECIDED_BY[d.par]}${d.motif ? ` : ${d.motif}` : ""})` : d.par ? ` (${d.par})` : ""}.`)))
        : h("p", { id: "t-decisions", class: "vide" }, "Aucun mot pour l'instant."));
  }
}
