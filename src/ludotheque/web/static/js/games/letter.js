// Letter: the board (a CSS grid of cells and tiles), the deal by size, placing tiles by clicking
// cells, tracing words by clicking tiles, exchanging a blank of the board (rule 6), the letter
// sacrificed if a turn or a knock fails (erreurs=penalite), the knock window and the seconds
// before it closes by itself (rule 16: a person with nothing to say need not click), the sheets
// and the scores.
//
// What the player is preparing (tiles placed but not sent, the blank to exchange, the words
// traced, the word being traced, the letter to sacrifice) lives in the renderer: it survives
// re-renders and refused moves, and is reset when the turn or the phase changes.
//
// Keyboard: the board is one stop in the tab order (a roving tabindex over its cells and tiles);
// the arrow keys move between the cells and tiles that can be used now, Enter or Space places
// the chosen tile (or adds a tile to the word traced), Escape cancels the choice.

import { h, plural, replaceChildren, toast } from "../ui.js";
import { Renderer } from "./base.js";

const PHASES = {
  tirage: "Tirage des lettres",
  jeu: "Jeu",
  frappe: "Frappe",
  fin: "Fin de partie",
};

const COLUMNS = "abcdefghijklmnopqrstuvwxyz";

function cellName(x, y) {
  return `${COLUMNS[x]}${y + 1}`;
}

function sizeLabel(size) {
  return size.replace("x", "×");
}

function tileLabel(tile) {
  const size = `${tile.largeur}×${tile.hauteur}`;
  return tile.lettre ? `Lettre ${tile.lettre} (${size})` : `Pièce blanche (${size})`;
}

function tileCells(t) {
  const cells = [];
  for (let dy = 0; dy < t.hauteur; dy++) for (let dx = 0; dx < t.largeur; dx++) cells.push(`${t.x + dx},${t.y + dy}`);
  return cells;
}

/** The letter laid beside the board when the player names none (rules, 13): fewest cells, then the first id. */
function smallestLetter(letters) {
  let best = null;
  for (const t of letters) {
    const area = t.largeur * t.hauteur;
    if (!best || area < best.largeur * best.hauteur || (area === best.largeur * best.hauteur && t.id < best.id)) best = t;
  }
  return best;
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function createRenderer(root, { readOnly = false } = {}) {
  return new LetterBoard(root, readOnly);
}

/** Short per-seat facts for the seats list of the table page. */
export function seatDetails(vue, seat) {
  if (!vue) return [];
  const facts = [`Score : ${vue.scores?.[seat] ?? 0}`];
  const hand = vue.mains?.[seat] || [];
  facts.push(`En main : ${plural(hand.filter((t) => t.lettre).length, "lettre")}`);
  facts.push(`Mots : ${(vue.feuilles?.[seat] || []).length}`);
  return facts;
}

class LetterBoard extends Renderer {
  constructor(root, readOnly) {
    // The stylesheet lays the board beside the controls by « l-racine »; the clock: the knock window.
    super(root, readOnly, { rootClass: "l-racine", clock: true });
    this.cursor = null; // {x, y}: the board position of the keyboard focus (kept across turns)
    this.grid = null; // while rendered: "x,y" -> {el, x, y, w, h, enabled} for the roving focus
  }

  reset() {
    this.selected = null; // id of the tile of the hand / free letters chosen to place
    this.blankMode = false; // « Pièce blanche »: the next cell clicked receives the blank
    this.exchangeMode = false; // « Échanger une pièce blanche »: the next blank clicked is exchanged
    this.exchange = null; // id of the blank of the board the own letter will replace (rule 6)
    this.sacrifice = null; // id of the own letter named for a failed turn or knock (penalite)
    this.placements = []; // [{tile, x, y}] placed on the page, not sent yet
    this.path = []; // tile ids of the word being traced
    this.words = []; // [[tile ids]] words added
  }

  stepKey(vue) {
    return `${vue.phase}:${vue.tour}:${vue.actif ?? ""}:${(vue.plateau?.pieces || []).length}:${this.ctx.aJouer}`;
  }

  // --- helpers -----------------------------------------------------------------------------

  myHand() {
    return this.me === null ? [] : this.vue.mains?.[this.me] || [];
  }

  firstRound() {
    const vue = this.vue;
    return this.me !== null && !vue.premier_tour_joue?.[this.me] && this.myHand().some((t) => t.lettre);
  }

  /** Every tile known by id: the board, the hands, the free letters. */
  tilesById() {
    const vue = this.vue;
    const map = new Map();
    for (const hand of vue.mains || []) for (const t of hand) map.set(t.id, t);
    for (const t of vue.lettres_libres || []) map.set(t.id, t);
    for (const t of vue.plateau?.pieces || []) map.set(t.id, t);
    return map;
  }

  /** The tiles on the board, those placed on the page included (marked `provisoire`). */
  boardTiles() {
    const tiles = this.tilesById();
    const placed = (this.vue.plateau?.pieces || []).filter((p) => p.id !== this.exchange).map((p) => ({ ...p }));
    for (const p of this.placements) placed.push({ ...tiles.get(p.tile), x: p.x, y: p.y, provisoire: true });
    return placed;
  }

  word(path) {
    const tiles = new Map(this.boardTiles().map((t) => [t.id, t]));
    return path.map((id) => tiles.get(id)?.lettre || "?").join("");
  }

  tracing() {
    const phase = this.vue.phase;
    return this.canAct() && (phase === "jeu" || phase === "frappe");
  }

  ownLetters() {
    return this.myHand().filter((t) => t.lettre);
  }

  /** The own letter placed on the page this turn, if any. */
  ownPlacement() {
    const own = new Set(this.myHand().map((t) => t.id));
    return this.placements.find((p) => own.has(p.tile)) || null;
  }

  /** The blanks on the board (anybody's), as the server sent them. */
  boardBlanks() {
    return (this.vue.plateau?.pieces || []).filter((p) => !p.lettre);
  }

  /** Rule 6: during one's turn (not the first round), a blank of the board for an own letter. */
  mayExchange() {
    return this.canAct() && this.vue.phase === "jeu" && !this.firstRound() && this.ownLetters().length > 0 && this.boardBlanks().length > 0;
  }

  exchangedBlank() {
    return this.exchange ? (this.vue.plateau?.pieces || []).find((p) => p.id === this.exchange) || null : null;
  }

  /** The sacrifice select is offered (erreurs=penalite) and, for a turn, matters. */
  penalty() {
    return this.vue.options?.erreurs === "penalite";
  }

  sacrificeChoice() {
    const letters = this.ownLetters().filter((t) => !this.placements.some((p) => p.tile === t.id));
    if (!letters.length) return null;
    return letters.find((t) => t.id === this.sacrifice) || smallestLetter(letters);
  }

  // --- local actions -----------------------------------------------------------------------

  selectTile(tile) {
    this.blankMode = false;
    this.exchangeMode = false;
    this.selected = this.selected === tile.id ? null : tile.id;
    this.rerender();
  }

  /** Escape: forget the tile chosen (and the blank modes); the focus goes back to that tile. */
  cancelSelection() {
    const chosen = this.selected;
    if (!chosen && !this.blankMode && !this.exchangeMode) {
      if (!this.path.length) return;
      this.path = [];
      this.rerender();
      return;
    }
    this.selected = null;
    this.blankMode = false;
    this.exchangeMode = false;
    this.rerender();
    const back = chosen ? this.root.querySelector(`[data-focus="tuile-${CSS.escape(chosen)}"]`) : null;
    if (back && !back.disabled) back.focus();
  }

  toggleExchangeMode() {
    this.exchangeMode = !this.exchangeMode;
    this.blankMode = false;
    this.rerender();
  }

  /** Choose the blank the own letter will replace; a chosen own letter that fits goes in its place. */
  chooseExchange(blank) {
    if (!this.mayExchange()) return;
    if (this.exchange && this.exchange !== blank.id) this.cancelExchange({ render: false });
    this.exchange = blank.id;
    this.exchangeMode = false;
    this.blankMode = false;
    this.cursor = { x: blank.x, y: blank.y };
    const hand = this.myHand();
    const chosen = hand.find((t) => t.id === this.selected && t.lettre);
    if (chosen && !this.ownPlacement() && !this.placeProblem(chosen, blank.x, blank.y)) {
      this.placements.push({ tile: chosen.id, x: blank.x, y: blank.y });
      this.selected = null;
    }
    this.rerender();
  }

  cancelExchange({ render = true } = {}) {
    const blank = this.exchangedBlank();
    if (blank) {
      const cells = new Set(tileCells(blank));
      const tiles = this.tilesById();
      this.placements = this.placements.filter((p) => !tileCells({ ...tiles.get(p.tile), x: p.x, y: p.y }).some((c) => cells.has(c)));
    }
    this.exchange = null;
    this.exchangeMode = false;
    if (render) this.rerender();
  }

  /** Why `tile` cannot go with its top-left cell at (x, y) on the page's board, or null. */
  placeProblem(tile, x, y) {
    const vue = this.vue;
    if (x + tile.largeur > vue.plateau.colonnes || y + tile.hauteur > vue.plateau.lignes) {
      return "La pièce doit rester dans les limites du plateau.";
    }
    const taken = new Set();
    for (const t of this.boardTiles()) for (const c of tileCells(t)) taken.add(c);
    const cells = tileCells({ ...tile, x, y });
    if (cells.some((c) => taken.has(c))) return "La pièce doit couvrir des cases libres.";
    const blank = this.exchangedBlank();
    if (blank && this.myHand().some((t) => t.id === tile.id)) {
      const blankCells = new Set(tileCells(blank));
      if (!cells.some((c) => blankCells.has(c))) {
        return `La lettre échangée doit prendre la place de la pièce blanche : couvrez la case ${cellName(blank.x, blank.y)}.`;
      }
    }
    return null;
  }

  clickCell(x, y) {
    if (!this.canAct()) return;
    const tiles = this.tilesById();
    if (this.blankMode) {
      const blank = this.myHand().find((t) => !t.lettre);
      if (!blank) return;
      this.send({ type: "blanche", piece: blank.id, case: cellName(x, y) });
      this.blankMode = false;
      return;
    }
    if (!this.selected) {
      toast("Choisissez d'abord une lettre de votre main ou une lettre libre.", "info");
      return;
    }
    const tile = tiles.get(this.selected);
    const problem = this.placeProblem(tile, x, y);
    if (problem) {
      toast(problem);
      return;
    }
    this.placements.push({ tile: tile.id, x, y });
    this.selected = null;
    this.cursor = { x, y };
    this.rerender();
  }

  clickBoardTile(tile) {
    if (!tile.lettre && !tile.provisoire) {
      this.chooseExchange(tile);
      return;
    }
    if (!this.tracing() || !tile.lettre) return;
    const at = this.path.indexOf(tile.id);
    if (at >= 0 && at === this.path.length - 1) this.path.pop();
    else if (at >= 0) this.path = this.path.slice(0, at + 1);
    else this.path.push(tile.id);
    this.rerender();
  }

  addWord() {
    if (this.path.length < 2) {
      toast("Un mot se lit sur au moins deux lettres.");
      return;
    }
    this.words.push(this.path);
    this.path = [];
    this.rerender();
  }

  allWords() {
    const words = [...this.words];
    if (this.path.length >= 2) words.push(this.path);
    return words.map((path) => ({ chemin: path }));
  }

  cancel() {
    this.reset();
    this.rerender();
  }

  play() {
    const action = {
      type: "poser",
      pieces: this.placements.map((p) => ({ piece: p.tile, case: cellName(p.x, p.y) })),
      mots: this.allWords(),
    };
    if (this.exchange) {
      if (!this.ownPlacement()) {
        toast("Posez une de vos lettres à la place de la pièce blanche, ou annulez l'échange.");
        return;
      }
      action.echange = this.exchange;
    }
    const sacrifice = this.penalty() && !this.firstRound() && !this.ownPlacement() ? this.sacrificeChoice() : null;
    if (sacrifice) action.sacrifice = sacrifice.id;
    this.send(action);
  }

  knock() {
    const action = { type: "frapper", mots: this.allWords() };
    const sacrifice = this.penalty() ? this.sacrificeChoice() : null;
    if (sacrifice) action.sacrifice = sacrifice.id;
    this.send(action);
  }

  // --- rendering ---------------------------------------------------------------------------

  render() {
    const vue = this.vue;
    const boardBox = this.root.querySelector(".l-plateau-boite");
    const scroll = boardBox ? [boardBox.scrollLeft, boardBox.scrollTop] : null;
    const boardFocused = Boolean(boardBox && boardBox.contains(document.activeElement));
    const title = this.heading(
      vue.phase === "fin" ? "Fin de partie" : `${PHASES[vue.phase] || vue.phase}${vue.tour ? ` · tour ${vue.tour}` : ""}`,
      vue.mode === "solo" ? "Partie solo" : `Partie à ${vue.places}`,
    );
    const blocks = [title, this.instructions()];
    const action = this.actionZone();
    if (action) blocks.push(action);
    blocks.push(this.boardZone());
    // At laptop size this column scrolls on its own: a keyboard must reach it (axe).
    blocks.push(h("div", { class: "g-grille", tabindex: "0", role: "region", "aria-label": "Feuilles de mots et journal" }, this.sideZones()));
    replaceChildren(this.root, blocks);
    const box = this.root.querySelector(".l-plateau-boite");
    if (box && scroll) [box.scrollLeft, box.scrollTop] = scroll;
    // The focused cell or tile was rebuilt (or covered by the tile just placed): keep the
    // keyboard on the board, at the cursor.
    if (boardFocused) {
      const same = document.activeElement?.dataset?.focus;
      const again = same ? this.root.querySelector(`#plateau [data-focus="${CSS.escape(same)}"]`) : null;
      const target = again && !again.disabled ? again : this.rovingTarget()?.el;
      // Not a move of the player's: the cursor stays where it was (a cell may come back).
      this.refocusing = true;
      try {
        if (target) target.focus();
      } finally {
        this.refocusing = false;
      }
    }
  }

  instructions() {
    const vue = this.vue;
    let text;
    const others = this.waitingNote();
    if (vue.phase === "fin") text = "La partie est terminée.";
    else if (this.readOnly) text = `${PHASES[vue.phase] || vue.phase}.`;
    else if (this.me === null) text = `Vous regardez la partie${others}.`;
    else if (this.ctx.pending) text = "Coup envoyé…";
    else if (this.ctx.aJouer) {
      if (vue.phase === "tirage") text = "À vous : choisissez la taille de la lettre à tirer.";
      else if (vue.phase === "frappe") text = vue.frappe?.secondes
        ? "À vous : frappez en nommant des mots nouveaux, ou laissez passer : la fenêtre se ferme d'elle-même."
        : "À vous : frappez en nommant des mots nouveaux, ou laissez passer.";
      else if (this.firstRound()) text = "À vous : posez une de vos lettres n'importe où sur le plateau (choisissez la lettre, puis la case de son coin haut gauche).";
      else text = "À vous : posez une lettre (puis des lettres libres), tracez les mots nouveaux en cliquant les lettres dans l'ordre, puis « Jouer ».";
    } else if (vue.phase === "frappe" && vue.ma_frappe) text = `Décision envoyée : en attente des autres${others}.`;
    else text = `En attente${others}.`;
    return this.prompt(text, this.ctx.aJouer && !this.readOnly);
  }

  actionZone() {
    if (this.me === null || this.readOnly) return null;
    const vue = this.vue;
    if (vue.phase === "tirage") return this.dealZone();
    if (vue.phase === "jeu") return this.playZone();
    if (vue.phase === "frappe") return this.knockZone();
    return null;
  }

  // --- deal --------------------------------------------------------------------------------

  dealZone() {
    const active = this.canAct();
    const sizes = Object.entries(this.vue.pioche?.tailles || {}).filter(([, n]) => n > 0);
    return h("section", { class: "g-zone g-zone--action", "aria-labelledby": "titre-tirage" },
      h("h3", { id: "titre-tirage", class: "g-zone__titre" }, "Tirer une lettre"),
      h("div", { class: "coups" },
        sizes.map(([size, n]) => h("button", {
          type: "button",
          class: "bouton",
          dataset: { taille: size, focus: `taille-${size}` },
          "aria-label": `Taille ${sizeLabel(size)}, ${plural(n, "lettre")} face cachée`,
          disabled: !active,
          onclick: () => this.send({ type: "taille", taille: size }),
        }, h("span", { class: "l-taille", style: `--l: ${size.split("x")[0]}; --h: ${size.split("x")[1]}`, "aria-hidden": "true" }),
        ` ${sizeLabel(size)} (${n})`)),
      ),
      h("p", { class: "aide" }, `Lettres face cachée : ${this.vue.pioche?.total ?? 0}.`),
    );
  }

  // --- play --------------------------------------------------------------------------------

  tileButton(tile, { own }) {
    const active = this.canAct();
    const placed = this.placements.some((p) => p.tile === tile.id);
    const first = this.firstRound();
    const ownPlaced = this.placements.some((p) => this.myHand().some((t) => t.id === p.tile));
    let usable = active && !placed && Boolean(tile.lettre);
    if (usable && own && ownPlaced) usable = false;
    if (usable && !own && first) usable = false;
    if (usable && first && this.placements.length) usable = false;
    return h("button", {
      type: "button",
      class: ["l-piece", "l-piece--main", tile.lettre ? null : "l-piece--blanche", this.selected === tile.id ? "l-piece--choisie" : null, placed ? "l-piece--posee" : null],
      style: `--l: ${tile.largeur}; --h: ${tile.hauteur}`,
      dataset: { tuile: tile.id, origine: own ? "main" : "libre", focus: `tuile-${tile.id}` },
      "aria-label": tileLabel(tile) + (placed ? " (posée)" : ""),
      "aria-pressed": String(this.selected === tile.id),
      disabled: !usable,
      onclick: () => this.selectTile(tile),
    }, h("span", { class: "l-piece__lettre", "aria-hidden": "true" }, tile.lettre || ""));
  }

  pathView() {
    const words = this.words.map((path, i) => h("li", { dataset: { mot: i } }, this.word(path)));
    return [
      h("p", { id: "mot-trace", class: "l-trace", "aria-live": "polite" },
        "Mot tracé : ", h("strong", {}, this.path.length ? this.word(this.path) : "—")),
      words.length ? h("ol", { id: "mots-ajoutes", class: "l-mots" }, words) : null,
    ];
  }

  playZone() {
    const vue = this.vue;
    const active = this.canAct();
    const hand = this.myHand();
    const first = this.firstRound();
    const blank = hand.find((t) => !t.lettre);
    const mayPass = this.legalActions().some((c) => c.type === "passer");
    const selectedOwn = hand.find((t) => t.id === this.selected && t.lettre);
    const busy = this.placements.length > 0 || this.words.length > 0 || this.path.length > 0 || Boolean(this.exchange);
    const exchanging = Boolean(this.exchange) || this.exchangeMode;
    return h("section", { class: "g-zone g-zone--action", "aria-labelledby": "titre-main" },
      h("h3", { id: "titre-main", class: "g-zone__titre" }, "Votre main"),
      hand.length ? h("div", { class: "l-pieces" }, hand.map((t) => this.tileButton(t, { own: true }))) : h("p", { class: "vide" }, "Plus de lettres."),
      h("h4", {}, "Lettres libres"),
      (vue.lettres_libres || []).length
        ? h("div", { class: "l-pieces" }, vue.lettres_libres.map((t) => this.tileButton(t, { own: false })))
        : h("p", { class: "vide" }, "Aucune lettre libre."),
      this.pathView(),
      h("div", { class: "coups l-boutons" },
        h("button", { type: "button", id: "btn-ajouter-mot", class: "bouton", disabled: !active || this.path.length < 2, onclick: () => this.addWord() }, "Ajouter le mot"),
        h("button", { type: "button", id: "btn-jouer", class: "bouton bouton--principal", disabled: !active || !this.placements.length, onclick: () => this.play() }, "Jouer"),
        h("button", { type: "button", id: "btn-annuler", class: "bouton bouton--discret", disabled: !active || !busy, onclick: () => this.cancel() }, "Annuler"),
      ),
      first ? null : h("div", { class: "coups l-boutons" },
        h("button", {
          type: "button", id: "btn-lettre-libre", class: "bouton", disabled: !active || !selectedOwn || this.placements.length > 0 || exchanging,
          title: "Mettre la lettre choisie à côté du plateau, comme lettre libre",
          onclick: () => this.send({ type: "lettre_libre", piece: selectedOwn.id }),
        }, "Lettre libre"),
        blank ? h("button", {
          type: "button", id: "btn-blanche", class: "bouton", "aria-pressed": String(this.blankMode), disabled: !active || this.placements.length > 0 || exchanging,
          onclick: () => { this.blankMode = !this.blankMode; this.exchangeMode = false; this.selected = null; this.rerender(); },
        }, "Pièce blanche") : null,
        this.boardBlanks().length && this.ownLetters().length ? h("button", {
          type: "button", id: "btn-echanger", class: "bouton", "aria-pressed": String(exchanging),
          disabled: !this.mayExchange() || Boolean(this.exchange) || (this.ownPlacement() !== null && !this.exchange),
          title: "Remplacer une pièce blanche du plateau par l'une de vos lettres : la pièce blanche va dans votre main",
          onclick: () => this.toggleExchangeMode(),
        }, "Échanger une pièce blanche") : null,
        mayPass ? h("button", { type: "button", id: "btn-passer", class: "bouton", disabled: !active, onclick: () => this.send({ type: "passer" }) }, "Passer") : null,
        vue.mode === "solo" ? h("button", { type: "button", id: "btn-arreter", class: "bouton bouton--danger", disabled: !active, onclick: () => this.send({ type: "arreter" }) }, "Arrêter") : null,
      ),
      this.blankMode ? h("p", { class: "aide" }, "Cliquez la case où poser la pièce blanche.") : null,
      this.exchangeMode ? h("p", { class: "aide" }, "Cliquez la pièce blanche du plateau à échanger (elle ira dans votre main).") : null,
      this.exchangeSummary(),
      selectedOwn && !this.blankMode && !this.exchangeMode ? h("p", { class: "aide" }, `${tileLabel(selectedOwn)} choisie : cliquez la case de son coin haut gauche${this.exchange ? ", de sorte qu'elle couvre la pièce blanche" : ""}.`) : null,
      first ? null : this.sacrificeControl("le tour"),
    );
  }

  /** What the exchange will do, shown before sending. */
  exchangeSummary() {
    const blank = this.exchangedBlank();
    if (!blank) return null;
    const where = cellName(blank.x, blank.y);
    const own = this.ownPlacement();
    const tile = own ? this.tilesById().get(own.tile) : null;
    const text = tile
      ? `Échange : votre ${tileLabel(tile).toLowerCase()} en ${cellName(own.x, own.y)} remplace la pièce blanche de ${where}, qui ira dans votre main.`
      : `Échange de la pièce blanche en ${where} : choisissez une de vos lettres, puis la case de son coin haut gauche (elle doit couvrir ${where}).`;
    return h("div", { id: "echange-en-cours", class: "l-echange", role: "status" },
      h("p", {}, text),
      h("button", { type: "button", id: "btn-annuler-echange", class: "bouton bouton--discret", disabled: !this.canAct(), onclick: () => this.cancelExchange() }, "Annuler l'échange"),
    );
  }

  /** erreurs=penalite: which own letter goes beside the board if the turn (or knock) fails. */
  sacrificeControl(what) {
    if (!this.penalty() || !this.canAct()) return null;
    if (what === "le tour" && this.ownPlacement()) {
      return h("p", { id: "sacrifice-note", class: "aide" }, "Si le tour échoue, la lettre posée ira à côté du plateau.");
    }
    const chosen = this.sacrificeChoice();
    if (!chosen) return null;
    const letters = this.ownLetters().filter((t) => !this.placements.some((p) => p.tile === t.id));
    const smallest = smallestLetter(letters);
    return h("div", { class: "l-sacrifice" },
      h("label", { for: "sacrifice" }, what === "le tour" ? "Lettre sacrifiée si le tour échoue" : "Lettre sacrifiée si la frappe échoue"),
      h("select", {
        id: "sacrifice",
        onchange: (event) => { this.sacrifice = event.target.value; },
      }, letters.map((t) => h("option", { value: t.id, selected: t.id === chosen.id ? true : null },
        `${t.lettre} (${t.largeur}×${t.hauteur})${t.id === smallest.id ? " — la plus petite, par défaut" : ""}`))),
    );
  }

  // --- knock -------------------------------------------------------------------------------

  /** Seconds left before the knock window closes by itself (this seat's own timer first), or null. */
  knockWindowLeft() {
    const list = this.hourglasses();
    if (!list.length) return null;
    const left = (s) => this.secondsLeft(s);
    const mine = list.find((s) => s.place === this.me);
    return mine ? left(mine) : Math.max(...list.map(left));
  }

  knockDelayText() {
    const vue = this.vue;
    const seconds = vue.frappe?.secondes;
    if (vue.phase !== "frappe" || !seconds) return "";
    const left = this.knockWindowLeft() ?? seconds;
    const waiting = (vue.frappe.fenetre || []).includes(this.me) && !vue.ma_frappe;
    return waiting
      ? `La fenêtre se ferme d'elle-même dans ${plural(left, "seconde")} : sans frappe de votre part, la partie continue.`
      : `Les autres peuvent encore frapper : ${plural(left, "seconde")} au plus.`;
  }

  tick() {
    const el = this.root.querySelector("#frappe-delai");
    if (!el) return;
    const text = this.knockDelayText();
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle("l-delai--urgent", (this.knockWindowLeft() ?? 99) <= 3);
  }

  knockZone() {
    const vue = this.vue;
    const active = this.canAct();
    const mine = vue.ma_frappe;
    return h("section", { class: "g-zone g-zone--action", "aria-labelledby": "titre-frappe" },
      h("h3", { id: "titre-frappe", class: "g-zone__titre" }, "Frapper"),
      vue.frappe?.secondes ? h("p", { id: "frappe-delai", class: "l-delai", role: "timer", "aria-live": "off" }, this.knockDelayText()) : null,
      mine ? h("p", {}, mine.frappe ? `Vous frappez avec : ${mine.mots.map((m) => m.mot).join(", ")}.` : "Vous ne frappez pas.") : null,
      active ? [
        h("p", { class: "aide" }, "Tracez des mots nouveaux sur le plateau en cliquant les lettres dans l'ordre."),
        this.pathView(),
        h("div", { class: "coups l-boutons" },
          h("button", { type: "button", id: "btn-ajouter-mot", class: "bouton", disabled: this.path.length < 2, onclick: () => this.addWord() }, "Ajouter le mot"),
          h("button", {
            type: "button", id: "btn-frapper", class: "bouton bouton--principal", disabled: !this.words.length && this.path.length < 2,
            onclick: () => this.knock(),
          }, "Frapper"),
          h("button", { type: "button", id: "btn-pas-de-frappe", class: "bouton", onclick: () => this.send({ type: "pas_de_frappe" }) }, "Pas de frappe"),
          h("button", { type: "button", id: "btn-annuler", class: "bouton bouton--discret", disabled: !this.words.length && !this.path.length, onclick: () => this.cancel() }, "Annuler"),
        ),
        this.sacrificeControl("la frappe"),
      ] : null,
    );
  }

  // --- board -------------------------------------------------------------------------------

  boardZone() {
    const vue = this.vue;
    const columns = vue.plateau.colonnes;
    const rows = vue.plateau.lignes;
    const tiles = this.boardTiles();
    const grid = new Map();
    const taken = new Set();
    for (const t of tiles) for (const c of tileCells(t)) taken.add(c);
    const placing = this.canAct() && vue.phase === "jeu" && Boolean(this.selected || this.blankMode);
    const blank = this.exchangedBlank();
    const blankCells = new Set(blank ? tileCells(blank) : []);
    const cells = [];
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < columns; x++) {
        if (taken.has(`${x},${y}`)) continue;
        const name = cellName(x, y);
        const underBlank = blankCells.has(`${x},${y}`);
        const el = h("button", {
          type: "button",
          class: ["l-case", underBlank ? "l-case--echange" : null],
          style: `grid-column: ${x + 2}; grid-row: ${y + 2}`,
          dataset: { case: name, focus: `case-${name}` },
          "aria-label": underBlank ? `${name}, place de la pièce blanche échangée` : name,
          tabindex: "-1",
          disabled: !placing,
          onclick: () => this.clickCell(x, y),
        });
        cells.push(el);
        grid.set(`${x},${y}`, { el, x, y, w: 1, h: 1, enabled: placing });
      }
    }
    const tracing = this.tracing();
    const exchangeable = this.mayExchange() && !this.exchange && (this.ownPlacement() === null);
    const pieces = tiles.map((t) => {
      const order = this.path.indexOf(t.id);
      const inWord = this.words.some((p) => p.includes(t.id));
      const offer = !t.lettre && !t.provisoire && exchangeable;
      const enabled = t.lettre ? tracing : offer;
      const el = h("button", {
        type: "button",
        class: ["l-piece", "l-piece--plateau", t.lettre ? null : "l-piece--blanche", t.provisoire ? "l-piece--provisoire" : null,
          order >= 0 ? "l-piece--trace" : null, inWord ? "l-piece--mot" : null,
          offer ? "l-piece--echangeable" : null, offer && this.exchangeMode ? "l-piece--a-choisir" : null],
        style: `grid-column: ${t.x + 2} / span ${t.largeur}; grid-row: ${t.y + 2} / span ${t.hauteur}`,
        dataset: { piece: t.id, case: cellName(t.x, t.y), focus: `piece-${t.id}` },
        "aria-label": `${tileLabel(t)} en ${cellName(t.x, t.y)}${t.provisoire ? ", posée ce tour" : ""}${order >= 0 ? `, lettre ${order + 1} du mot tracé` : ""}${offer ? ", à échanger contre une de vos lettres" : ""}`,
        title: offer ? "Échanger cette pièce blanche contre l'une de vos lettres" : null,
        "aria-pressed": tracing && t.lettre ? String(order >= 0) : null,
        tabindex: "-1",
        disabled: !enabled,
        onclick: () => this.clickBoardTile(t),
      },
      h("span", { class: "l-piece__lettre", "aria-hidden": "true" }, t.lettre || ""),
      order >= 0 ? h("span", { class: "l-piece__ordre", "aria-hidden": "true" }, String(order + 1)) : null);
      const item = { el, x: t.x, y: t.y, w: t.largeur, h: t.hauteur, enabled };
      for (const c of tileCells(t)) grid.set(c, item);
      return el;
    });
    this.grid = grid;
    this.items = new WeakMap([...grid.values()].map((item) => [item.el, item]));
    const target = this.rovingTarget();
    if (target) target.el.setAttribute("tabindex", "0");
    const keyboard = placing || tracing || exchangeable;
    return h("section", { class: "g-zone g-zone--large l-zone-plateau", "aria-labelledby": "titre-plateau" },
      h("h3", { id: "titre-plateau", class: "g-zone__titre" }, `Plateau (${columns} × ${rows})`),
      // The box scrolls on a phone: without a cell to focus, the box itself takes the keyboard.
      h("div", { class: "l-plateau-boite", tabindex: keyboard ? null : "0", role: keyboard ? null : "region", "aria-label": keyboard ? null : "Plateau" },
        h("div", {
          id: "plateau",
          class: "l-plateau",
          role: "group",
          "aria-labelledby": "titre-plateau",
          "aria-describedby": keyboard ? "aide-plateau" : null,
          style: `--colonnes: ${columns}; --lignes: ${rows}`,
          onkeydown: (event) => this.boardKey(event),
          onfocusin: (event) => this.boardFocus(event),
        }, this.coordinates(columns, rows), cells, pieces)),
      keyboard ? h("p", { id: "aide-plateau", class: "aide l-aide-clavier" },
        "Clavier : flèches pour se déplacer sur le plateau, Entrée pour poser la pièce choisie ou ajouter une lettre au mot, Échap pour annuler le choix.") : null,
    );
  }

  /** The column letters along the top edge and the row numbers down the left one (a1 top left),
   * as the journal names the cells; each cell's own label already says its name. */
  coordinates(columns, rows) {
    const marks = [h("span", { class: "l-coord l-coord--coin", "aria-hidden": "true" })];
    for (let x = 0; x < columns; x++) {
      marks.push(h("span", { class: "l-coord l-coord--colonne", style: `grid-column: ${x + 2}; grid-row: 1`, "aria-hidden": "true" }, COLUMNS[x]));
    }
    for (let y = 0; y < rows; y++) {
      marks.push(h("span", { class: "l-coord l-coord--ligne", style: `grid-column: 1; grid-row: ${y + 2}`, "aria-hidden": "true" }, String(y + 1)));
    }
    return marks;
  }

  // --- keyboard on the board (roving tabindex) ---------------------------------------------

  /** The cell or tile that holds the board's tab stop: the one at the cursor, else the nearest usable. */
  rovingTarget() {
    if (!this.grid) return null;
    const vue = this.vue;
    const cursor = this.cursor || { x: Math.floor(vue.plateau.colonnes / 2), y: Math.floor(vue.plateau.lignes / 2) };
    const here = this.grid.get(`${cursor.x},${cursor.y}`);
    if (here?.enabled) return here;
    let best = null;
    let bestDistance = Infinity;
    for (const item of new Set(this.grid.values())) {
      if (!item.enabled) continue;
      const dx = Math.max(item.x - cursor.x, 0, cursor.x - (item.x + item.w - 1));
      const dy = Math.max(item.y - cursor.y, 0, cursor.y - (item.y + item.h - 1));
      const distance = dx + dy;
      if (distance < bestDistance) [best, bestDistance] = [item, distance];
    }
    return best;
  }

  itemOf(el) {
    return (el && this.items?.get(el)) || null;
  }

  /** Focus (keyboard or mouse) lands on a cell or a tile: it becomes the tab stop and the cursor. */
  boardFocus(event) {
    const item = this.itemOf(event.target);
    if (!item) return;
    const cursor = this.cursor;
    const inside = cursor && cursor.x >= item.x && cursor.x < item.x + item.w && cursor.y >= item.y && cursor.y < item.y + item.h;
    if (!inside && !this.refocusing) this.cursor = { x: item.x, y: item.y };
    for (const other of this.root.querySelectorAll('#plateau [tabindex="0"]')) if (other !== item.el) other.setAttribute("tabindex", "-1");
    item.el.setAttribute("tabindex", "0");
  }

  boardKey(event) {
    if (event.key === "Escape") {
      event.preventDefault();
      this.cancelSelection();
      return;
    }
    const step = ARROWS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    const from = this.itemOf(event.target);
    if (!from) return;
    event.preventDefault();
    const vue = this.vue;
    let { x, y } = this.cursor || from;
    if (x < from.x || x >= from.x + from.w || y < from.y || y >= from.y + from.h) [x, y] = [from.x, from.y];
    const [dx, dy] = step;
    for (;;) {
      x += dx;
      y += dy;
      if (x < 0 || y < 0 || x >= vue.plateau.colonnes || y >= vue.plateau.lignes) return; // stays
      const item = this.grid.get(`${x},${y}`);
      if (item && item !== from && item.enabled) {
        this.cursor = { x, y };
        from.el.setAttribute("tabindex", "-1");
        item.el.setAttribute("tabindex", "0");
        item.el.focus();
        return;
      }
    }
  }

  /** The last knock judged: each knocker's words and what came of it (the journal tells it too). */
  lastKnockZone(knock) {
    const tiles = this.tilesById();
    const failed = new Map((knock.echecs || []).map((e) => [e.place, e.lettre_libre]));
    const lapsed = new Set(knock.sans_suite || []);
    const order = knock.ordre?.length ? knock.ordre : knock.frappes.map((f) => f.place);
    const bySeat = new Map(knock.frappes.map((f) => [f.place, f]));
    const outcome = (seat) => {
      if (seat === knock.gagnant) return "acceptée, joue aussitôt";
      if (lapsed.has(seat)) return "sans suite (une autre frappe l'a emporté)";
      const laid = failed.get(seat);
      const tile = laid ? tiles.get(laid) : null;
      return tile ? `refusée, ${tile.lettre} va à côté du plateau` : "refusée";
    };
    return h("section", { class: "g-zone", id: "derniere-frappe", "aria-labelledby": "titre-derniere-frappe" },
      h("h3", { id: "titre-derniere-frappe", class: "g-zone__titre" }, "Dernière frappe"),
      h("ul", {}, order.filter((seat) => bySeat.has(seat)).map((seat) => h("li", { dataset: { place: seat } },
        `${this.nameWithYou(seat)} : ${bySeat.get(seat).mots.map((m) => m.mot).join(", ") || "—"} — ${outcome(seat)}.`))),
    );
  }

  // --- side zones --------------------------------------------------------------------------

  sideZones() {
    const vue = this.vue;
    const zones = [];
    zones.push(h("section", { class: "g-zone", id: "feuilles", "aria-labelledby": "titre-feuilles" },
      h("h3", { id: "titre-feuilles", class: "g-zone__titre" }, "Feuilles de mots"),
      (vue.feuilles || []).map((sheet, seat) =>
        h("div", { class: "l-feuille", dataset: { place: seat } },
          h("h4", {}, `${this.nameWithYou(seat)} : ${plural(vue.scores?.[seat] ?? 0, "point")}`),
          sheet.length
            ? h("ul", { class: "l-mots" }, sheet.map((e) => h("li", { dataset: { mot: e.mot } }, e.mot)))
            : h("p", { class: "vide" }, "Aucun mot."),
        )),
    ));
    if (this.me === null || vue.phase !== "jeu") {
      zones.push(h("section", { class: "g-zone" },
        h("h3", { class: "g-zone__titre" }, "Mains"),
        (vue.mains || []).map((hand, seat) => h("div", {},
          h("h4", {}, this.nameWithYou(seat)),
          h("p", { class: "l-lettres" }, hand.map((t) => t.lettre || "□").join(" ") || "—"))),
        (vue.lettres_libres || []).length ? h("p", {}, `Lettres libres : ${vue.lettres_libres.map((t) => t.lettre).join(" ")}`) : null,
      ));
    }
    const knock = vue.derniere_frappe;
    if (knock) zones.push(this.lastKnockZone(knock));
    zones.push(h("section", { class: "g-zone" },
      h("h3", { class: "g-zone__titre" }, "Pioche"),
      h("p", { id: "pioche", dataset: { total: vue.pioche?.total ?? 0 } }, `${plural(vue.pioche?.total ?? 0, "lettre")} face cachée.`)));
    return zones;
  }
}
