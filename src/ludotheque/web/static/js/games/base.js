// What every game's renderer does the same way; each game (games/<jeu>.js) extends Renderer.
//
// The table page and the replay page create a renderer once (createRenderer(root, {readOnly}))
// and call update(ctx) with every state: {vue, place, aJouer, coups, pending, names, send,
// notify, readOnly, sabliers}. update follows the new view (follow), compares the key of the
// game's step (stepKey) with the last one and, when it changed, forgets what the person was
// preparing (newStep, by default reset), tells a move sent from this board that its answer
// came (answered), then draws the whole board (render).
//
// A game writes only its hooks: render (required), and as needed reset, stepKey, newStep,
// follow, answered and tick (called every 250 ms when the game asks for a clock).

import { h, preserveFocus } from "../ui.js";

/** A seat's name as the page knows it, « Place 2 » when it knows none. */
export function seatName(names, seat) {
  return names?.[seat] || `Place ${seat + 1}`;
}

export class Renderer {
  /**
   * `rootClass`: the class the stylesheet lays the game's board out by (« l-racine »);
   * `clock`: call tick() every 250 ms while the board is on the page (the hourglasses).
   */
  constructor(root, readOnly, { rootClass = null, clock = false } = {}) {
    this.root = root;
    this.readOnly = readOnly;
    this.ctx = null;
    this.key = null;
    this.sent = false; // a move of this board is on its way
    this.acting = false; // the person could act at the last update
    if (rootClass) root.classList.add(rootClass);
    this.reset();
    if (clock) {
      this.timer = setInterval(() => {
        if (this.ctx && this.root.isConnected) this.tick();
      }, 250);
    }
  }

  // --- the hooks ---------------------------------------------------------------------------

  /** Draw the whole board from this.vue into this.root. */
  render() {
    throw new Error("Un moteur de rendu dessine le plateau (render).");
  }

  /** Forget what the person was preparing (cards chosen, a word typed…). */
  reset() {}

  /** The key of the game's step: what the person prepares is forgotten when it changes. */
  stepKey(vue) {
    return null;
  }

  /** A new step of the game (`previous`: the last step's key, null at the first view). */
  newStep(previous) {
    this.reset();
  }

  /** Every new view, before its step is compared (what the game follows across views). */
  follow(vue) {}

  /** The answer to a move sent from this board came (`changed`: the step changed). */
  answered(changed) {}

  /** Every 250 ms while on the page, for the renderers created with `clock`. */
  tick() {}

  // --- the update path ---------------------------------------------------------------------

  update(ctx) {
    this.ctx = ctx;
    this.follow(ctx.vue);
    const key = this.stepKey(ctx.vue);
    const changed = key !== this.key;
    if (changed) {
      const previous = this.key;
      this.key = key;
      this.newStep(previous);
    }
    if (this.sent && !ctx.pending) {
      // Our move came back: accepted (the state changed) or refused (an « erreur » toast).
      this.sent = false;
      this.answered(changed);
    }
    this.render();
    const couldAct = this.acting;
    this.acting = this.canAct();
    if (this.acting && !couldAct) this.turnFocus();
  }

  /**
   * The person's turn begins: when the focus was lost (the control they used went away or was
   * disabled while they waited), it goes to the sentence that says what to do, so that a
   * keyboard or screen-reader user goes on from the board, not from the top of the page.
   * A focus elsewhere (a field, the chat, a button of the page) is left where it is.
   */
  turnFocus() {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const prompt = this.root.querySelector(".g-consigne[tabindex]");
    if (prompt) prompt.focus({ preventScroll: true });
  }

  /** Draw again after a local change (a card chosen), the focus kept as the table page keeps it. */
  rerender() {
    preserveFocus(() => this.render());
  }

  /** Send a move to the server (the page numbers it and waits for its answer). */
  send(action) {
    this.sent = true;
    if (!this.ctx.send(action)) this.sent = false;
  }

  // --- who looks, who plays ----------------------------------------------------------------

  get vue() {
    return this.ctx.vue;
  }

  /** This page's seat, or null for a spectator. */
  get me() {
    const place = this.ctx?.place;
    return Number.isInteger(place) ? place : null;
  }

  /** The person may act now: seated, asked to move, no move of theirs on its way, not a replay. */
  canAct() {
    return !this.readOnly && this.ctx.aJouer && !this.ctx.pending && this.me !== null;
  }

  /** The legal moves the server listed (none when there are too many to list). */
  legalActions() {
    return Array.isArray(this.ctx.coups) ? this.ctx.coups : [];
  }

  name(seat) {
    return seatName(this.ctx.names, seat);
  }

  /** « Alice (vous) » for this page's seat. */
  nameWithYou(seat) {
    return seat === this.me ? `${this.name(seat)} (vous)` : this.name(seat);
  }

  /** The others the table waits for, by name. */
  waitingNames() {
    return (this.vue.en_attente || []).filter((s) => s !== this.me).map((s) => this.name(s));
  }

  /** « (en attente : Bob, Chloé) », or nothing when the table waits for nobody else. */
  waitingNote() {
    const waiting = this.waitingNames();
    return waiting.length ? ` (en attente : ${waiting.join(", ")})` : "";
  }

  // --- the rules' hourglasses --------------------------------------------------------------

  /** The hourglasses running at the table: {place, secondes, restant, libelle?, end?}. */
  hourglasses() {
    return Array.isArray(this.ctx?.sabliers) ? this.ctx.sabliers : [];
  }

  /** Whole seconds left on an hourglass (its end when the page knows it, else what was left). */
  secondsLeft(hourglass) {
    const left = Number.isFinite(hourglass.end) ? (hourglass.end - Date.now()) / 1000 : hourglass.restant;
    return Math.max(0, Math.ceil(left));
  }

  // --- the parts of every board ------------------------------------------------------------

  /** The board's heading: its title (« Tour 2 / 5 · Draft ») and the game's mode. */
  heading(title, mode) {
    return h("div", { class: "g-entete" },
      h("h2", { class: "g-entete__titre" }, title),
      h("p", { class: "g-entete__mode" }, mode));
  }

  /** The sentence that tells the person what to do (#consigne), stressed when it is their turn. */
  prompt(text, mine, attrs = {}) {
    // tabindex -1: not a stop of the tab order, but it can hold the focus (turnFocus), also
    // across redraws (preserveFocus finds it again by its id).
    return h("p", { id: "consigne", class: ["g-consigne", mine ? "g-consigne--a-vous" : null], tabindex: "-1", ...attrs }, text);
  }
}
