// Gutenberg: the board and the controls of every phase (draft, write, claim, library, over).
//
// The renderer is created once per page (createRenderer) and updated with every state; what the
// player is typing or selecting (word, offset, claimed cards, challenge) lives in the renderer
// and survives re-renders and refused moves. It is reset when the round or the phase changes.

import { clearToast, h, plural, replaceChildren } from "../ui.js";
import { Renderer } from "./base.js";

const PHASES = {
  draft: "Draft",
  write: "Écriture",
  claim: "Réclamations",
  library: "Bibliothèque",
  over: "Fin de partie",
};

const SOLO_THRESHOLD = 13;

// The solo difficulty as a player reads it (« difficulté normale »), never the option's value.
const DIFFICULTIES = { facile: "facile", normal: "normale", difficile: "difficile" };

// Challenges seen in this page (id → card with texte/recompense), to name them in the history.
const knownChallenges = new Map();

/**
 * « défi relevé » beside a word, the challenge's own sentence as its tooltip (never its id);
 * for the player who took it, its reward too (what they got and why: the journal names a card
 * drawn).
 */
function challengeBadge(id, { mine = false } = {}) {
  const known = knownChallenges.get(id);
  const text = known?.texte || "";
  const badge = h("span", { class: "pastille", title: text, "aria-label": text ? `Défi relevé : ${text}` : "Défi relevé" },
    "défi relevé");
  if (!mine || !known?.recompense) return badge;
  return h("span", { class: "defi-gagne" }, badge, " ",
    h("span", { class: "aide" }, `Récompense : ${known.recompense.replace(/\.$/, "")}.`));
}

// ---------------------------------------------------------------------------------------------
// Cards and words

/** Word in the game alphabet: ligatures spelt out, no accents, capitals (as the server does). */
export function normalizeWord(text) {
  return text
    .replace(/œ/g, "oe").replace(/Œ/g, "OE").replace(/æ/g, "ae").replace(/Æ/g, "AE")
    .toUpperCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC");
}

function faces(card) {
  const letters = card.lettres || "";
  if (letters === "QU") return ["QU", "Q"];
  if (letters.length === 1) return [letters, letters + letters];
  return letters ? [letters] : [];
}

/**
 * The best way to spell `word` with `cards` (highest score, then highest card), as the server
 * picks it when a word is sent without cards: {cards, score} or null. For the preview only.
 */
export function bestSpelling(word, cards) {
  if (!word) return null;
  const usable = cards.filter((c) => faces(c).length > 0);
  // Identical cards (same letters and points) are interchangeable: try only the first free one.
  const twinOf = usable.map((card, i) =>
    usable.findIndex((other, j) => j < i && other.lettres === card.lettres && other.points === card.points),
  );
  const memo = new Map();
  const used = new Array(usable.length).fill(false);

  function visit(pos) {
    if (pos === word.length) return { score: 0, top: 0, cards: [] };
    const key = `${pos}:${used.map((u) => (u ? 1 : 0)).join("")}`;
    if (memo.has(key)) return memo.get(key);
    let best = null;
    for (let i = 0; i < usable.length; i++) {
      if (used[i]) continue;
      if (twinOf[i] >= 0 && !used[twinOf[i]]) continue;
      const card = usable[i];
      for (const face of faces(card)) {
        if (!word.startsWith(face, pos)) continue;
        used[i] = true;
        const rest = visit(pos + face.length);
        used[i] = false;
        if (!rest) continue;
        const score = rest.score + card.points;
        const top = Math.max(rest.top, card.points);
        if (!best || score > best.score || (score === best.score && top > best.top)) {
          best = { score, top, cards: [card, ...rest.cards] };
        }
      }
    }
    memo.set(key, best);
    return best;
  }

  const result = visit(0);
  return result ? { cards: result.cards, score: result.score } : null;
}

function cardKindLabel(card) {
  if (card.type === "voyelle") return "voyelle ";
  if (card.type === "defi") return "défi ";
  return "";
}

function cardLabel(card) {
  const letters = card.lettres ? card.lettres : "sans lettre";
  return `Carte ${cardKindLabel(card)}${letters}, ${plural(card.points, "point")}`;
}

function cardClasses(card, extra = []) {
  const length = (card.lettres || "").length;
  return ["carte", `carte--${card.type}`, length > 1 ? "carte--large" : null, length > 2 ? `carte--l${Math.min(length, 4)}` : null, ...extra];
}

function cardFace(card) {
  return [
    h("span", { class: "carte__lettres", "aria-hidden": "true" }, card.lettres || "★"),
    h("span", { class: "carte__points", "aria-hidden": "true" }, String(card.points)),
  ];
}

/**
 * A card shown, not played: no data-card (that hook is for the cards one can act on).
 * `mark`: a short sign drawn on the card (✓, ✗), for what its colour also says.
 */
function cardView(card, { small = false, note = null, classes = [], mark = null } = {}) {
  return h("span", {
    class: cardClasses(card, [small ? "carte--petite" : null, ...classes]),
    role: "img",
    "aria-label": cardLabel(card) + (note ? ` (${note})` : ""),
    title: cardLabel(card) + (note ? ` (${note})` : ""),
    dataset: { id: card.id },
  }, cardFace(card), note && !small ? h("span", { class: "carte__note", "aria-hidden": "true" }, note) : null,
  mark ? h("span", { class: "carte__marque", "aria-hidden": "true" }, mark) : null);
}

/** A card one may act on: a real button with data-card="<id>". */
function cardButton(card, { onClick, disabled = false, pressed = null, note = null, classes = [] } = {}) {
  return h("button", {
    type: "button",
    class: cardClasses(card, classes),
    dataset: { card: card.id },
    "aria-label": cardLabel(card) + (note ? ` (${note})` : ""),
    "aria-pressed": pressed === null ? null : String(pressed),
    disabled: disabled || !onClick,
    onclick: onClick ? () => onClick(card) : null,
  }, cardFace(card), note ? h("span", { class: "carte__note", "aria-hidden": "true" }, note) : null);
}

function cardRow(cards, render, empty = "Aucune carte.") {
  if (!cards || cards.length === 0) return h("p", { class: "vide" }, empty);
  return h("div", { class: "cartes" }, cards.map(render));
}

function points(cards) {
  return cards.reduce((sum, c) => sum + (c.points || 0), 0);
}

function wordText(written) {
  return written.mots.map((m) => m.mot).join(" + ");
}

function writtenView(written, { small = true } = {}) {
  if (!written) return h("span", { class: "pas-de-mot" }, "pas de mot");
  return h("span", { class: "mot-ecrit" },
    h("span", { class: "mot-ecrit__texte" }, wordText(written)),
    " ",
    h("span", { class: "mot-ecrit__score" }, plural(written.score, "point")),
    h("span", { class: "cartes cartes--mot" }, written.mots.flatMap((m) => m.cartes).map((c) => cardView(c, { small }))),
  );
}

/**
 * After the reveal: the best word the seat's cards could have written (view.meilleurs), beside
 * the word written. `best` is null when the view does not show it (another seat's cards).
 */
function bestWordNote(best, written, { mine = true } = {}) {
  if (!best) return null;
  const cls = "meilleur-mot";
  if (!best.mot) {
    return h("p", { class: cls }, mine ? "Aucun mot ne pouvait s'écrire avec vos cartes." : "Aucun mot ne pouvait s'écrire avec ses cartes.");
  }
  if (written && written.score > best.score) { // several words (solo, easy mode, fifth round)
    return h("p", { class: [cls, "meilleur-mot--atteint"] },
      h("span", { "aria-hidden": "true" }, "★ "),
      `Mieux que le meilleur mot seul (${best.mot}, ${plural(best.score, "point")}).`);
  }
  if (written && written.score === best.score) {
    const same = wordText(written) === best.mot;
    return h("p", { class: [cls, "meilleur-mot--atteint"] },
      h("span", { "aria-hidden": "true" }, "★ "),
      "Le meilleur score possible", same ? " !" : ` (autant avec ${best.mot}).`);
  }
  return h("p", { class: cls },
    mine ? "Meilleur mot possible avec vos cartes : " : "Meilleur mot possible avec ses cartes : ",
    h("span", { class: "mot-ecrit" },
      h("span", { class: "mot-ecrit__texte" }, best.mot), " ",
      h("span", { class: "mot-ecrit__score" }, plural(best.score, "point")),
      h("span", { class: "cartes cartes--mot" }, best.cartes.map((c) => cardView(c, { small: true })))));
}

function challengeView(challenge, { control = null, taken = null } = {}) {
  return h("article", { class: ["defi", control ? "defi--choix" : null], dataset: { defi: challenge.id } },
    h("div", { class: "defi__carte" }, cardView(challenge, { small: true })),
    h("div", { class: "defi__texte" },
      control,
      h("p", { class: "defi__condition" }, challenge.texte),
      challenge.explication ? h("p", { class: "defi__explication" }, challenge.explication) : null,
      h("p", { class: "defi__recompense" }, h("strong", {}, "Récompense : "), challenge.recompense),
      taken,
    ),
  );
}

function section(title, ...content) {
  return h("section", { class: "g-zone" }, h("h3", { class: "g-zone__titre" }, title), ...content);
}

function wideSection(title, ...content) {
  return h("section", { class: "g-zone g-zone--large" }, h("h3", { class: "g-zone__titre" }, title), ...content);
}

// ---------------------------------------------------------------------------------------------
// The renderer

export function createRenderer(root, { readOnly = false } = {}) {
  return new GutenbergBoard(root, readOnly);
}

/** The opponent played by the rules in solo (la Rotative), for the final ranking; else null. */
export function soloOpponent(vue) {
  if (!vue || vue.mode !== "solo") return null;
  return { nom: "La Rotative", score: vue.bibliotheque_points ?? null };
}

/** Short per-seat facts for the seats list of the table page. */
export function seatDetails(vue, seat) {
  if (!vue) return [];
  const facts = [];
  const phase = vue.phase;
  if (vue.mode === "solo") {
    facts.push(`Collection : ${plural(vue.collections?.[seat] ?? 0, "carte")}`);
    return facts;
  }
  if (phase === "draft") facts.push(vue.a_choisi?.[seat] ? "a choisi" : "choisit une carte…");
  if (phase === "write") facts.push(vue.a_ecrit?.[seat] ? "a écrit son mot" : "cherche un mot…");
  if ((phase === "claim" || phase === "over") && vue.mots) {
    const w = vue.mots[seat];
    facts.push(w ? `${wordText(w)} : ${plural(w.score, "point")}` : "pas de mot");
  }
  facts.push(`Collection : ${plural(vue.collections?.[seat] ?? 0, "carte")}`);
  return facts;
}

class GutenbergBoard extends Renderer {
  constructor(root, readOnly) {
    super(root, readOnly);
    this.word = "";
    this.offset = 0;
    this.selected = [];
    this.challenge = null;
    this.input = h("input", {
      id: "mot",
      type: "text",
      autocomplete: "off",
      autocapitalize: "characters",
      spellcheck: "false",
      maxlength: 60,
      "aria-describedby": "apercu",
    });
    this.notice = null; // the message this board put in the alert region, while it applies
    this.sentWords = []; // the words last sent: a refusal of them no longer applies once edited
    this.input.addEventListener("input", () => {
      this.word = this.input.value;
      this.dropNotice({ words: true });
      this.refreshPreview();
    });
  }

  follow(vue) {
    for (const d of vue.defis_ouverts || []) knownChallenges.set(d.id, d);
  }

  stepKey(vue) {
    return `${vue.tour}:${vue.phase}:${vue.reclame ?? ""}`;
  }

  /** Forget the previous input, and the message about it (a toast about the claims or an empty
   * word no longer applies); the word typed stays while the phase does. A refused move keeps
   * the same step. */
  newStep(previous) {
    const vue = this.vue;
    if (previous !== null) this.dropNotice({ words: true });
    const samePhase = previous && previous.split(":").slice(0, 2).join(":") === `${vue.tour}:${vue.phase}`;
    if (!samePhase) {
      this.word = "";
      this.offset = 0;
    }
    this.selected = [];
    this.challenge = null;
  }

  // --- helpers -----------------------------------------------------------------------------

  /** A message in the page's alert region, remembered so that it goes when it stops applying. */
  notify(message, kind = "erreur") {
    this.notice = message;
    this.ctx.notify?.(message, kind);
  }

  /** Take away this board's message, and with `words` a refusal of the words last sent. */
  dropNotice({ words = false } = {}) {
    const shown = document.querySelector("#alerte .alerte__texte")?.textContent || "";
    const aboutWords = words && this.sentWords.some((w) => shown.includes(w));
    if (shown && (shown === this.notice || aboutWords)) clearToast();
    this.notice = null;
    if (words) this.sentWords = [];
  }

  hand() {
    const vue = this.vue;
    const own = vue.tour === vue.tours ? vue.ma_collection || [] : vue.mes_draftees || [];
    return [...own, ...(vue.communes || [])];
  }

  isSolo() {
    return this.vue.mode === "solo";
  }

  /** A card one may act on; in a replay (read-only) the card only, never a greyed button. */
  cardControl(card, options = {}) {
    if (this.readOnly) return cardView(card, { note: options.note, classes: options.classes || [] });
    return cardButton(card, options);
  }

  // --- rendering ---------------------------------------------------------------------------

  render() {
    const vue = this.vue;
    const title = this.heading(
      vue.phase === "over" ? "Fin de partie" : `Tour ${vue.tour} / ${vue.tours} · ${PHASES[vue.phase] || vue.phase}`,
      this.isSolo() ? `Solo contre la Rotative · difficulté ${DIFFICULTIES[vue.difficulte] || vue.difficulte}` : `Partie à ${vue.places}`,
    );
    const blocks = [title, this.instructions()];
    const action = this.actionZone();
    if (action) blocks.push(action);
    blocks.push(h("div", { class: "g-grille" }, this.sideZones()));
    replaceChildren(this.root, blocks);
    this.refreshPreview();
  }

  instructions() {
    const vue = this.vue;
    const me = this.me;
    let text;
    const others = this.waitingNote();
    if (vue.phase === "over") text = "La partie est terminée.";
    else if (this.readOnly) text = `${PHASES[vue.phase]}.`;
    else if (me === null) text = `Vous regardez la partie. ${PHASES[vue.phase]}${others}.`;
    else if (this.ctx.pending) text = "Coup envoyé…";
    else if (this.ctx.aJouer) {
      if (vue.phase === "draft") text = "À vous : choisissez une carte de votre paquet.";
      else if (vue.phase === "write") text = "À vous : écrivez un mot avec vos cartes et les cartes communes, ou passez.";
      else if (vue.phase === "claim") text = `À vous : réclamez ${plural(this.requiredClaims(), "lettre")} parmi les lettres en jeu.`;
      else if (vue.phase === "library") text = "À vous : choisissez une carte de la bibliothèque.";
      else text = "À vous.";
    } else if (vue.phase === "draft" && vue.mon_choix) text = `Carte choisie : en attente des autres${others}.`;
    else if (vue.phase === "write" && vue.mon_ecriture) text = `Mot envoyé : en attente des autres${others}.`;
    else if (vue.phase === "claim" && vue.reclame !== null) text = `${this.name(vue.reclame)} réclame ses lettres…`;
    else text = `En attente${others}.`;
    return this.prompt(text, this.ctx.aJouer && !this.readOnly);
  }

  actionZone() {
    switch (this.vue.phase) {
      case "draft":
        return this.draftZone();
      case "write":
        return this.writeZone();
      case "claim":
        return this.claimZone();
      case "library":
        return this.libraryZone();
      case "over":
        return this.overZone();
      default:
        return null;
    }
  }

  // --- draft -------------------------------------------------------------------------------

  draftZone() {
    const vue = this.vue;
    if (this.me === null) {
      return section("Draft", h("p", {}, this.isSolo()
        ? `Paquets restants : ${(vue.paquets || []).join(", ") || "aucun"}.`
        : `Cartes dans chaque paquet : ${(vue.paquets || []).map((n, s) => `${this.name(s)} ${n}`).join(", ")}.`));
    }
    const active = this.canAct();
    const chosen = vue.mon_choix;
    const packet = cardRow(vue.paquet, (card) =>
      this.cardControl(card, {
        onClick: active ? (c) => this.send({ type: "choisir", carte: c.id }) : null,
        pressed: chosen ? card.id === chosen : null,
        classes: [card.id === chosen ? "carte--choisie" : null],
        note: card.id === chosen ? "choisie" : null,
      }), "Paquet vide.");
    const soloPackets = this.isSolo()
      ? h("p", { class: "aide" }, `Paquets : ${(vue.paquets || []).map((n, i) => (i === 0 ? `${n} (celui-ci)` : String(n))).join(", ")}. Le reste du paquet retourne sous la pioche Lettre.`)
      : h("p", { class: "aide" }, "Gardez une carte ; les autres passent au joueur suivant.");
    return h("section", { class: "g-zone g-zone--action", "aria-labelledby": "titre-paquet" },
      h("h3", { id: "titre-paquet", class: "g-zone__titre" }, "Votre paquet"),
      packet,
      soloPackets,
      h("h4", {}, `Vos cartes draftées (${(vue.mes_draftees || []).length})`),
      cardRow(vue.mes_draftees, (c) => cardView(c), "Aucune pour l'instant."),
    );
  }

  // --- write -------------------------------------------------------------------------------

  multiWords() {
    const vue = this.vue;
    return this.isSolo() && vue.tour === vue.tours && vue.difficulte === "facile";
  }

  needsOffset() {
    const vue = this.vue;
    return this.isSolo() && vue.tour > 1 && vue.tour < vue.tours && (vue.ligne || []).length > 0;
  }

  writeZone() {
    const vue = this.vue;
    if (this.me === null) {
      return section("Écriture", h("p", {}, (vue.a_ecrit || []).map((done, s) => `${this.name(s)} : ${done ? "a écrit" : "cherche…"}`).join(" · ")));
    }
    const hand = this.hand();
    const commons = new Set((vue.communes || []).map((c) => c.id));
    const active = this.canAct();
    if (vue.mon_ecriture && !this.ctx.aJouer) {
      const byId = new Map(hand.map((c) => [c.id, c]));
      const plays = vue.mon_ecriture.mots || [];
      return h("section", { class: "g-zone g-zone--action" },
        h("h3", { class: "g-zone__titre" }, "Votre mot"),
        plays.length === 0
          ? h("p", {}, "Vous passez ce tour (pas de mot).")
          : plays.map((p) => h("p", { class: "mot-ecrit" },
            h("span", { class: "mot-ecrit__texte" }, p.mot), " ",
            h("span", { class: "cartes cartes--mot" }, p.cartes.map((id) => (byId.has(id) ? cardView(byId.get(id), { small: true }) : h("span", {}, id)))))),
        h("h4", {}, "Vos cartes"),
        cardRow(hand, (c) => cardView(c, { note: commons.has(c.id) ? "commune" : null })),
      );
    }
    if (this.readOnly) {
      return h("section", { class: "g-zone g-zone--action" },
        h("h3", { class: "g-zone__titre" }, "Cartes pour écrire"),
        cardRow(hand, (c) => cardView(c, { note: commons.has(c.id) ? "commune" : null }), "Aucune carte."),
        h("p", { class: "aide" }, vue.mon_ecriture ? "Mot choisi, révélé quand tous auront écrit." : "Le mot n'est pas encore choisi."));
    }
    const lastId = this.lastDraftCard()?.id;
    const handRow = cardRow(hand, (card) =>
      this.cardControl(card, {
        onClick: active ? (c) => this.appendLetters(c) : null,
        note: commons.has(card.id) ? "commune" : card.id === lastId ? "reçue" : null,
      }), "Aucune carte en main.");
    const hint = vue.tour === vue.tours
      ? "Dernier tour : votre collection et les cartes communes."
      : "Vos cartes draftées et les cartes communes (partagées).";
    const last = this.lastDraftCard();
    this.input.value = this.word;
    // Not disabled while a move is on its way: the focus and the caret stay in place.
    this.input.disabled = this.readOnly || !this.ctx.aJouer;
    const form = h("form", { id: "form-mot", class: "form-mot", onsubmit: (e) => this.submitWord(e) },
      h("label", { for: "mot" }, this.multiWords() ? "Vos mots (séparés par des espaces)" : "Votre mot"),
      h("div", { class: "form-mot__saisie" },
        this.input,
        h("button", { type: "button", id: "btn-effacer-lettre", class: "bouton bouton--discret", "aria-label": "Effacer la dernière lettre",
          disabled: !active, onclick: () => this.setWord(this.word.slice(0, -1)) }, "⌫"),
        h("button", { type: "button", id: "btn-effacer", class: "bouton bouton--discret", disabled: !active,
          onclick: () => this.setWord("") }, "Effacer"),
      ),
      this.needsOffset() ? this.offsetControl(active) : null,
      h("div", { id: "apercu", class: "apercu", "aria-live": "polite" }),
      h("div", { class: "actions" },
        h("button", { type: "submit", id: "btn-ecrire", class: "bouton bouton--principal", disabled: !active }, "Écrire"),
        h("button", { type: "button", id: "btn-pas-de-mot", class: "bouton", disabled: !active,
          onclick: () => this.send({ type: "ecrire", mots: [] }) }, "Pas de mot"),
      ),
    );
    return h("section", { class: "g-zone g-zone--action", "aria-labelledby": "titre-main" },
      h("h3", { id: "titre-main", class: "g-zone__titre" }, "Votre main"),
      h("p", { class: "aide" }, hint, " Touchez une carte pour ajouter ses lettres."),
      last ? h("p", { id: "derniere-carte", class: "g-info" },
        `La dernière carte du paquet, ${last.lettres} (${plural(last.points, "point")}), vous est revenue d'office.`) : null,
      handRow,
      form,
      this.needsOffset() ? h("div", { id: "ligne-apercu", class: "ligne-apercu" }) : null,
    );
  }

  /** The card that ended the draft without a choice (« Ajoutez cette carte à la pile de vos
   * cartes draftées »): the last drafted card, rounds 1–4. */
  lastDraftCard() {
    const vue = this.vue;
    const drafted = vue.mes_draftees || [];
    if (vue.phase !== "write" || vue.tour >= vue.tours || drafted.length < 2) return null;
    return drafted[drafted.length - 1];
  }

  offsetControl(active) {
    const row = this.vue.ligne || [];
    return h("div", { class: "champ champ--decalage" },
      h("label", { for: "decalage" }, "Décalage sous le mot précédent"),
      h("input", {
        id: "decalage", type: "number", inputmode: "numeric", step: 1, max: row.length - 1, value: this.offset,
        disabled: !active, "aria-describedby": "decalage-aide",
        oninput: (e) => {
          const v = parseInt(e.target.value, 10);
          this.offset = Number.isFinite(v) ? v : 0;
          this.refreshPreview();
        },
      }),
      h("p", { id: "decalage-aide", class: "aide" },
        "Colonne de la première carte du nouveau mot par rapport à la première carte du mot précédent (0 : alignés à gauche ; -1 : une carte plus à gauche ; 1 : une carte plus à droite)."),
    );
  }

  appendLetters(card) {
    this.setWord(this.word + (card.lettres || ""));
  }

  setWord(word) {
    this.word = word;
    this.input.value = word;
    this.refreshPreview();
  }

  words() {
    const text = normalizeWord(this.word.trim());
    if (!text) return [];
    return this.multiWords() ? text.split(/[\s+,]+/).filter(Boolean) : [text.replace(/\s+/g, "")];
  }

  refreshPreview() {
    const preview = document.getElementById("apercu");
    if (!preview || this.vue?.phase !== "write") return;
    const words = this.words();
    if (words.length === 0) {
      replaceChildren(preview, h("span", { class: "aide" }, "Tapez un mot (ou touchez les cartes) puis « Écrire » ou Entrée."));
      this.highlightUsed(new Set());
      this.refreshRow(null);
      return;
    }
    let pool = this.hand();
    const used = new Set();
    const parts = [];
    let total = 0;
    let spelled = [];
    for (const word of words) {
      const found = bestSpelling(word, pool);
      if (!found) {
        replaceChildren(preview, h("span", { class: "apercu__erreur" }, `Vos cartes n'écrivent pas « ${word} ».`));
        this.highlightUsed(new Set());
        this.refreshRow(null);
        return;
      }
      found.cards.forEach((c) => used.add(c.id));
      // Commons may serve in several words of the same player? No: one card once per turn.
      pool = pool.filter((c) => !used.has(c.id));
      total += found.score;
      spelled = spelled.concat(found.cards);
      parts.push(h("span", { class: "apercu__mot" }, word, " ",
        h("span", { class: "cartes cartes--mot" }, found.cards.map((c) => cardView(c, { small: true })))));
    }
    replaceChildren(preview, h("span", { class: "apercu__titre" }, "Aperçu : "), parts, " ",
      h("strong", { class: "apercu__score" }, `${plural(total, "point")}`),
      h("span", { class: "aide" }, " (le serveur vérifie le mot et choisit les meilleures cartes)"));
    this.highlightUsed(used);
    this.refreshRow(spelled);
  }

  highlightUsed(used) {
    for (const button of this.root.querySelectorAll(".g-zone--action button[data-card]")) {
      button.classList.toggle("carte--utilisee", used.has(button.dataset.card));
    }
  }

  /** Solo rows 2–4: the previous word and the new one under it, with what each card above becomes. */
  refreshRow(cards) {
    const zone = document.getElementById("ligne-apercu");
    if (!zone) return;
    const row = this.vue.ligne || [];
    const offset = this.offset;
    const input = document.getElementById("decalage");
    if (input && cards) {
      input.min = String(-(cards.length - 1));
      input.max = String(row.length - 1);
    }
    const newCards = cards || [];
    const start = Math.min(0, newCards.length ? offset : 0);
    const end = Math.max(row.length, newCards.length ? offset + newCards.length : 0);
    const cells = (list, shift, fate) => {
      const out = [];
      for (let col = start; col < end; col++) {
        const card = list[col - shift];
        if (!card) out.push(h("span", { class: "ligne-apercu__vide", "aria-hidden": "true" }));
        else out.push(fate ? fate(card, col) : cardView(card, { small: true }));
      }
      return out;
    };
    const fate = (card, col) => {
      const below = newCards[col - offset];
      if (!cards) return cardView(card, { small: true });
      const kept = below && card.points <= below.points;
      return cardView(card, { small: true, note: kept ? "→ collection" : "→ pioche", mark: kept ? "✓" : "✗",
        classes: [kept ? "carte--gagnee" : "carte--perdue"] });
    };
    const columns = end - start;
    const overlap = newCards.some((_, i) => offset + i >= 0 && offset + i < row.length);
    replaceChildren(zone,
      h("h4", {}, "Le mot sur la table et le nouveau mot"),
      h("div", { class: "ligne-apercu__grille", style: `--colonnes: ${columns}` },
        cells(row, 0, fate),
        cells(newCards, offset, null),
      ),
      cards && !overlap ? h("p", { class: "apercu__erreur" }, "Ce décalage ne place aucune carte sous le mot précédent.") : null,
      cards ? h("p", { class: "ligne-apercu__legende" }, "✓ : rejoint votre collection · ✗ : retourne sous sa pioche") : null,
      h("p", { class: "aide" }, "Une carte du mot précédent rejoint votre collection si elle vaut autant de points ou moins que la carte placée dessous ; sinon elle retourne sous sa pioche."),
    );
  }

  submitWord(event) {
    event.preventDefault();
    if (!this.canAct()) return;
    const words = this.words();
    if (words.length === 0) {
      this.notify("Tapez un mot, ou choisissez « Pas de mot ».");
      this.input.focus();
      return;
    }
    this.dropNotice();
    this.sentWords = words;
    const action = { type: "ecrire", mots: words.map((mot) => ({ mot })) };
    if (this.needsOffset()) action.decalage = this.offset;
    this.send(action);
  }

  // --- claim -------------------------------------------------------------------------------

  myClaimTurn() {
    return this.vue.phase === "claim" && this.vue.reclame === this.me && this.me !== null;
  }

  claimActions() {
    return this.legalActions().filter((c) => c && c.type === "reclamer" && Array.isArray(c.cartes));
  }

  possibleChallenges() {
    const coups = this.claimActions();
    if (coups.length) {
      return [...new Set(coups.map((c) => c.defi).filter(Boolean))];
    }
    return this.vue.defis_possibles || [];
  }

  requiredClaims(challenge = this.challenge) {
    const vue = this.vue;
    const coups = this.claimActions();
    if (coups.length) {
      const match = coups.find((c) => (c.defi ?? null) === (challenge ?? null));
      if (match) return match.cartes.length;
    }
    let quota = vue.mon_quota ?? vue.quotas?.[this.me] ?? 0;
    const card = challenge ? (vue.defis_ouverts || []).find((d) => d.id === challenge) : null;
    if (card && /lettre de plus/i.test(card.recompense || "")) {
      quota = Math.min((vue.mon_quota ?? 0) + 1, (vue.lettres_en_jeu || []).length);
    }
    return quota;
  }

  claimZone() {
    const vue = this.vue;
    const mine = this.myClaimTurn() && this.canAct();
    const required = this.requiredClaims();
    const pool = cardRow(vue.lettres_en_jeu, (card) => {
      const selected = this.selected.includes(card.id);
      return this.cardControl(card, {
        onClick: mine ? (c) => this.toggleClaim(c) : null,
        pressed: mine ? selected : null,
        classes: [selected ? "carte--choisie" : null],
      });
    }, "Plus aucune lettre en jeu.");
    const parts = [
      h("h3", { id: "titre-lettres", class: "g-zone__titre" }, "Lettres en jeu"),
      pool,
    ];
    if (mine) {
      const possible = this.possibleChallenges();
      const open = new Map((vue.defis_ouverts || []).map((d) => [d.id, d]));
      if (possible.length) {
        parts.push(h("fieldset", { class: "groupe defis-choix" },
          h("legend", {}, "Défi à réclamer (un seul)"),
          h("div", { class: "champ champ--case" },
            h("input", { type: "radio", name: "defi", id: "defi-aucun", value: "", checked: this.challenge === null,
              onchange: () => this.setChallenge(null) }),
            h("label", { for: "defi-aucun" }, "Aucun défi")),
          possible.map((id) => {
            const card = open.get(id) || knownChallenges.get(id) || { id, lettres: "", points: 0, type: "defi", texte: "Défi ouvert", recompense: "" };
            const inputId = `defi-${id}`;
            return challengeView(card, {
              control: h("div", { class: "champ champ--case" },
                h("input", { type: "radio", name: "defi", id: inputId, value: id, checked: this.challenge === id,
                  onchange: () => this.setChallenge(id) }),
                h("label", { for: inputId }, "Réclamer ce défi")),
            });
          }),
        ));
      }
      parts.push(
        h("p", { id: "compte-reclames", class: "aide", "aria-live": "polite" },
          `Choisies : ${this.selected.length} / ${required}`),
        h("div", { class: "actions" },
          h("button", { type: "button", id: "btn-reclamer", class: "bouton bouton--principal",
            disabled: this.selected.length !== required, onclick: () => this.submitClaim() }, "Réclamer"),
        ),
      );
    }
    return h("section", { class: "g-zone g-zone--action", "aria-labelledby": "titre-lettres" }, parts, this.rankingTable());
  }

  toggleClaim(card) {
    const required = this.requiredClaims();
    if (this.selected.includes(card.id)) this.selected = this.selected.filter((id) => id !== card.id);
    else if (required === 1) this.selected = [card.id];
    else if (this.selected.length < required) this.selected = [...this.selected, card.id];
    else {
      this.notify(`Vous ne réclamez que ${plural(required, "lettre")} : retirez d'abord une carte choisie.`, "info");
      return;
    }
    this.dropNotice();
    this.render();
  }

  setChallenge(id) {
    this.dropNotice();
    this.challenge = id;
    const required = this.requiredClaims();
    if (this.selected.length > required) this.selected = this.selected.slice(0, required);
    this.render();
  }

  submitClaim() {
    if (!this.canAct()) return;
    this.send({ type: "reclamer", cartes: [...this.selected], defi: this.challenge });
  }

  /** This round's words in ranking order, with quotas and whose turn it is. */
  rankingTable() {
    const vue = this.vue;
    const ranking = vue.classement || [];
    if (!ranking.length || !vue.mots) return null;
    return h("div", { class: "classement-tour" },
      h("h4", {}, vue.phase === "over" ? "Mots du dernier tour" : "Classement du tour"),
      h("ol", { class: "classement" },
        ranking.map((seat) => {
          const current = vue.phase === "claim" && vue.reclame === seat;
          const taken = vue.defis_pris?.[seat];
          return h("li", { class: ["classement__ligne", current ? "classement__ligne--actif" : null], "aria-current": current ? "true" : null },
            h("span", { class: "classement__nom" }, this.nameWithYou(seat)),
            writtenView(vue.mots[seat]),
            vue.phase === "claim" ? h("span", { class: "aide" }, ` réclame ${plural(vue.quotas?.[seat] ?? 0, "lettre")}`) : null,
            taken ? challengeBadge(taken, { mine: seat === this.me }) : null,
            current ? h("span", { class: "pastille pastille--actif" }, "réclame…") : null,
            bestWordNote(vue.meilleurs?.[seat], vue.mots[seat], { mine: seat === this.me }),
          );
        }),
      ),
    );
  }

  // --- solo library ------------------------------------------------------------------------

  libraryZone() {
    const vue = this.vue;
    const active = this.canAct() && this.me !== null;
    const written = vue.mots?.[0];
    const score = written ? written.score : 0;
    const fate = score >= SOLO_THRESHOLD
      ? `Votre mot vaut ${plural(score, "point")} (${SOLO_THRESHOLD} ou plus) : la carte choisie rejoint votre collection.`
      : `Votre mot vaut ${plural(score, "point")} (moins de ${SOLO_THRESHOLD}) : la carte choisie retourne sous sa pioche.`;
    return h("section", { class: "g-zone g-zone--action", "aria-labelledby": "titre-bibliotheque" },
      h("h3", { id: "titre-bibliotheque", class: "g-zone__titre" }, "Bibliothèque"),
      h("p", {}, fate),
      cardRow(vue.bibliotheque, (card) => this.cardControl(card, {
        onClick: active ? (c) => this.send({ type: "bibliotheque", carte: c.id }) : null,
      }), "La bibliothèque est vide."),
      h("p", { class: "aide" }, `Points de la bibliothèque (la Rotative) : ${vue.bibliotheque_points}.`),
      h("h4", {}, "Votre mot"),
      writtenView(written),
      bestWordNote(vue.meilleurs?.[0], written),
    );
  }

  // --- end ---------------------------------------------------------------------------------

  overZone() {
    const vue = this.vue;
    const finals = vue.collections_finales;
    const parts = [];
    if (this.isSolo()) {
      parts.push(h("p", {}, "Votre dernier mot : ", writtenView(vue.mots?.[0])));
      parts.push(bestWordNote(vue.meilleurs?.[0], vue.mots?.[0]));
      parts.push(h("p", {}, `La Rotative (bibliothèque) : ${plural(vue.bibliotheque_points, "point")}.`));
    } else {
      parts.push(this.rankingTable());
    }
    if (finals) {
      parts.push(h("h4", {}, "Collections"),
        h("ul", { class: "collections" },
          finals.map((cards, seat) => h("li", {},
            h("span", { class: "classement__nom" }, `${this.nameWithYou(seat)} : ${plural(points(cards), "point")}`),
            cardRow(cards, (c) => cardView(c, { small: true }), "vide")))));
    }
    return h("section", { class: "g-zone g-zone--action" }, h("h3", { class: "g-zone__titre" }, "Derniers mots"), parts);
  }

  // --- the rest of the table ---------------------------------------------------------------

  sideZones() {
    const vue = this.vue;
    const zones = [];
    if (vue.phase !== "write" || this.me === null) {
      if ((vue.communes || []).length || vue.phase === "draft") {
        zones.push(section("Cartes communes", cardRow(vue.communes, (c) => cardView(c), "Aucune.")));
      }
    }
    if (!this.isSolo() && (vue.defis_ouverts || []).length) {
      zones.push(wideSection("Défis ouverts", h("div", { class: "defis" }, vue.defis_ouverts.map((d) => challengeView(d)))));
    }
    if (this.isSolo() && (vue.ligne || []).length + (vue.tour < vue.tours ? 1 : 0) > 0) {
      zones.push(wideSection("Le mot sur la table", cardRow(vue.ligne, (c) => cardView(c), "Aucun mot pour l'instant.")));
    }
    if (this.isSolo() && vue.phase !== "library") {
      zones.push(section(`Bibliothèque (la Rotative) : ${plural(vue.bibliotheque_points, "point")}`,
        cardRow(vue.bibliotheque, (c) => cardView(c, { small: true }), "Vide.")));
    }
    if (this.me !== null && vue.ma_collection && !vue.collections_finales) {
      zones.push(section(`Votre collection : ${plural(vue.ma_collection_points ?? points(vue.ma_collection), "point")}`,
        cardRow(vue.ma_collection, (c) => cardView(c, { small: true }), "Vide pour l'instant.")));
    }
    if (this.me !== null && vue.phase !== "draft" && vue.phase !== "write" && (vue.mes_draftees || []).length) {
      zones.push(section("Vos cartes draftées", cardRow(vue.mes_draftees, (c) => cardView(c, { small: true }))));
    }
    zones.push(section("Pioches",
      h("ul", { class: "pioches" },
        h("li", {}, `Lettre : ${vue.pioches?.lettre ?? "?"}`),
        h("li", {}, `Voyelle : ${vue.pioches?.voyelle ?? "?"}`),
        this.isSolo() ? null : h("li", {}, `Défi : ${vue.pioches?.defi ?? "?"}`))));
    zones.push(this.historyZone());
    return zones;
  }

  historyZone() {
    const history = this.vue.historique || [];
    if (!history.length) return section("Historique", h("p", { class: "vide" }, "Aucun tour terminé."));
    return wideSection("Historique",
      history.slice().reverse().map((round, index) =>
        h("details", { class: "historique", open: index === 0 ? true : null },
          h("summary", {}, `Tour ${round.tour}`),
          h("ol", { class: "classement" },
            round.classement.map((seat) => {
              const challenge = round.defis?.[seat];
              return h("li", { class: "classement__ligne" },
                h("span", { class: "classement__nom" }, this.nameWithYou(seat)),
                writtenView(round.mots[seat]),
                round.reclames?.[seat] ? h("span", { class: "aide" }, ` +${plural(round.reclames[seat], "carte")} en collection`) : null,
                challenge ? challengeBadge(challenge, { mine: seat === this.me }) : null,
                bestWordNote(round.meilleurs?.[seat], round.mots[seat], { mine: seat === this.me }),
              );
            }),
          ),
        )),
    );
  }
}
