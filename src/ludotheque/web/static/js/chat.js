// The table's chat (docs/server.md, « Discussion à la table »): the messages, an input, the
// players this seat no longer reads, the host's « Retirer » and the spectators' switch; and the
// chat of a replay, step by step. A message is plain text: it is only ever set as text
// (h() makes text nodes), never as HTML.
import { h, plural, replaceChildren } from "./ui.js";

const NARROW = "(max-width: 900px)"; // where the page is one column: the chat starts folded
const KEPT = 300; // messages kept on the page (the server sends the newest 100 on connection)

/** « 21:14 » today, « 3 mars 21:14 » another day (slow games last days). */
function timeText(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const hour = date.toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit" });
  if (date.toDateString() === new Date().toDateString()) return hour;
  return `${date.toLocaleDateString("fr-FR", { day: "numeric", month: "long" })} ${hour}`;
}

function messageItem(message, { mine = false, current = false, remove = null } = {}) {
  return h("li", {
    class: ["discussion__message", mine ? "discussion__message--moi" : null, current ? "discussion__message--etape" : null],
    dataset: { id: message.id, place: message.place },
  },
    h("div", { class: "discussion__entete" },
      h("span", { class: "discussion__nom" }, message.nom),
      h("time", { class: "discussion__heure", datetime: message.heure }, timeText(message.heure)),
      current ? h("span", { class: "pastille discussion__etape" }, "à cette étape") : null,
      remove ? h("button", {
        type: "button", class: "discussion__retirer", "aria-label": `Retirer ce message de ${message.nom}`,
        onclick: () => remove(message),
      }, "Retirer") : null),
    h("p", { class: "discussion__texte" }, message.texte));
}

/** The name of each other person of the table this seat may mute: [{place, nom}]. */
function people(table, place) {
  return (table?.places || [])
    .filter((p) => p.place !== place && ((p.type === "humain" && p.nom) || p.remplace))
    .map((p) => ({ place: p.place, nom: p.remplace || p.nom }));
}

/**
 * The chat of the table page. `send(message)` sends a socket message (false: no connection).
 * The page gives it the socket's messages (`receive` → true when they were the chat's), tells
 * it the table and the seat after each change (`update`), and `reset` when a socket opens (the
 * server then sends the chat again, when there is any).
 */
export function createChat({ send }) {
  let messages = []; // {id, place, nom, texte, coups, heure}, oldest first
  let muted = new Set(); // seats this seat no longer reads
  let table = null;
  let place = null; // this page's seat, null: a spectator
  let open = !window.matchMedia(NARROW).matches;
  let unread = 0; // messages of others that came while the chat was folded
  let draft = ""; // the text on its way, put back in the input if it is refused
  let controlsKey = "";
  let errorTimer = null;

  const counter = h("span", { class: "pastille discussion__nouveaux", hidden: true });
  const toggle = h("button", {
    type: "button", id: "discussion-bascule", class: "discussion__bascule",
    "aria-expanded": String(open), "aria-controls": "discussion-corps", onclick: () => fold(!open),
  }, h("span", {}, "Discussion"), counter);
  const list = h("ol", { id: "discussion-messages", class: "discussion__messages", tabindex: "-1", "aria-label": "Messages de la table" });
  const input = h("input", {
    id: "discussion-texte", type: "text", maxlength: "300", autocomplete: "off", enterkeyhint: "send",
    placeholder: "Écrire à la table…",
  });
  const form = h("form", { class: "discussion__formulaire", onsubmit: write },
    h("label", { for: "discussion-texte", class: "visuellement-cache" }, "Votre message à la table"),
    input,
    h("button", { type: "submit", class: "bouton", id: "discussion-envoyer" }, "Envoyer"));
  const error = h("p", { id: "discussion-erreur", class: "discussion__erreur", role: "alert" });
  const status = h("p", { id: "discussion-statut", class: "aide" });
  const mutedLine = h("div", { id: "discussion-muets", class: "discussion__muets" });
  const settings = h("details", { id: "discussion-reglages", class: "discussion__reglages" });
  const body = h("div", { id: "discussion-corps", class: "discussion__corps", hidden: !open },
    list, mutedLine, form, error, status, settings);
  const announcer = h("div", { id: "discussion-annonce", class: "visuellement-cache", "aria-live": "polite" });
  const root = h("section", { id: "discussion", class: "panneau panneau--cote discussion", "aria-labelledby": "discussion-titre" },
    h("h2", { id: "discussion-titre", class: "discussion__titre" }, toggle), body, announcer);

  function readable() {
    return place !== null || Boolean(table?.chat_spectateurs);
  }

  function isHost() {
    return place !== null && table?.hote === place;
  }

  function fold(opened) {
    open = opened;
    toggle.setAttribute("aria-expanded", String(open));
    body.hidden = !open;
    if (open) unread = 0;
    renderCounter();
    if (open) list.scrollTop = list.scrollHeight;
  }

  function renderCounter() {
    counter.hidden = unread === 0;
    counter.textContent = plural(unread, "nouveau", "nouveaux");
  }

  function showError(text) {
    error.textContent = text;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => { error.textContent = ""; }, 10000);
  }

  function write(event) {
    event.preventDefault();
    const text = input.value;
    if (!text.trim()) {
      showError("Écrivez un message avant de l'envoyer.");
      return;
    }
    if (!send({ type: "chat", texte: text })) {
      showError("Pas de connexion au serveur pour l'instant : réessayez dans un instant.");
      return;
    }
    error.textContent = "";
    draft = text;
    input.value = "";
  }

  function remove(message) {
    send({ type: "retirer_message", id: message.id });
  }

  function renderList() {
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const hadFocus = list.contains(document.activeElement) && document.activeElement !== list;
    list.hidden = !readable();
    const host = isHost();
    replaceChildren(list, messages.length
      ? messages.map((m) => messageItem(m, { mine: m.place === place && place !== null, remove: host ? remove : null }))
      : h("li", { class: "vide" }, "Personne n'a encore écrit."));
    if (nearBottom || messages.length < 4) list.scrollTop = list.scrollHeight;
    if (hadFocus && !list.contains(document.activeElement)) list.focus({ preventScroll: true });
  }

  /** What depends on the table and the seat: the input, the mutes, the host's switch. */
  function renderControls() {
    const others = people(table, place);
    const key = JSON.stringify([readable(), place, isHost(), table?.chat_spectateurs, others, [...muted].sort()]);
    if (key === controlsKey) return;
    controlsKey = key;
    const focused = root.contains(document.activeElement) ? document.activeElement.id : null;
    form.hidden = place === null;
    status.textContent = !readable()
      ? "L'hôte a réservé la discussion aux joueurs de la table."
      : place === null ? "Les spectateurs lisent la discussion sans y écrire." : "";
    status.hidden = !status.textContent;
    const silenced = others.filter((p) => muted.has(p.place));
    replaceChildren(mutedLine, silenced.length
      ? [h("p", { class: "aide" }, `Vous ne lisez plus ${silenced.map((p) => p.nom).join(", ")}.`),
         silenced.map((p) => h("button", {
           type: "button", class: "bouton bouton--discret", id: `discussion-entendre-${p.place}`,
           onclick: () => send({ type: "entendre", place: p.place }),
         }, `Lire de nouveau ${p.nom}`))]
      : []);
    const heard = others.filter((p) => !muted.has(p.place));
    const items = [];
    if (place !== null && heard.length) {
      items.push(h("p", { class: "aide" }, "Ne plus lire les messages d'un joueur (il n'en saura rien) :"),
        h("div", { class: "discussion__boutons" }, heard.map((p) => h("button", {
          type: "button", class: "bouton", id: `discussion-taire-${p.place}`,
          onclick: () => send({ type: "taire", place: p.place }),
        }, `Ne plus lire ${p.nom}`))));
    }
    if (isHost()) {
      items.push(h("div", { class: "champ--case" },
        h("input", {
          type: "checkbox", id: "discussion-spectateurs", checked: Boolean(table.chat_spectateurs),
          onchange: (event) => send({ type: "chat_spectateurs", lire: event.target.checked }),
        }),
        h("label", { for: "discussion-spectateurs" }, "Les spectateurs lisent la discussion")));
    }
    settings.hidden = items.length === 0;
    const wasOpen = settings.open;
    replaceChildren(settings, h("summary", {}, "Réglages de la discussion"), items);
    settings.open = wasOpen;
    if (focused && !root.contains(document.activeElement)) {
      const again = document.getElementById(focused);
      (again && root.contains(again) ? again : list).focus({ preventScroll: true });
    }
    renderList();
  }

  function mount() {
    const waiting = table?.statut === "attente";
    const target = document.getElementById(waiting ? "discussion-attente" : "discussion-partie");
    if (!target || root.parentNode === target) return;
    const focused = root.contains(document.activeElement) ? document.activeElement : null;
    target.appendChild(root);
    focused?.focus({ preventScroll: true });
  }

  return {
    /** The table and this page's seat, after each change. */
    update(newTable, newPlace) {
      const before = readable();
      table = newTable;
      place = Number.isInteger(newPlace) ? newPlace : null;
      if (!readable()) messages = [];
      mount();
      renderControls();
      if (before !== readable()) renderList();
    },

    /** A socket opened: the server sends the chat again (nothing when it is empty). */
    reset() {
      messages = [];
      muted = new Set();
      controlsKey = "";
      renderControls();
    },

    /** A socket message: true when it was the chat's (handled here). */
    receive(msg) {
      if (msg.type === "discussion") {
        messages = msg.lisible ? (msg.messages || []).slice(-KEPT) : [];
        muted = new Set(msg.muets || []);
        controlsKey = "";
        renderControls();
        renderList();
      } else if (msg.type === "chat") {
        const message = msg.message;
        if (!message || messages.some((m) => m.id === message.id)) return true;
        messages = [...messages, message].slice(-KEPT);
        const mine = place !== null && message.place === place;
        if (mine) draft = "";
        else {
          announcer.textContent = `${message.nom} : ${message.texte}`;
          if (!open) {
            unread += 1;
            renderCounter();
          }
        }
        renderList();
      } else if (msg.type === "chat_retire") {
        messages = messages.filter((m) => m.id !== msg.id);
        renderList();
      } else if (msg.type === "erreur" && typeof msg.code === "string" && msg.code.startsWith("chat_")) {
        if (draft && !input.value) input.value = draft;
        draft = "";
        showError(msg.message || "Message refusé.");
      } else {
        return false;
      }
      return true;
    },
  };
}

/**
 * The chat of a replay (`messages` from the replay API, each with its `coups`): `show(coups)`
 * lists the messages written up to that step, those of the step marked. Nothing is shown
 * when nobody wrote (or the chat was not for this reader).
 */
export function createReplayChat(mountPoint, messages) {
  if (!mountPoint || !messages.length) return { show() {} };
  const list = h("ol", { id: "discussion-messages", class: "discussion__messages", "aria-label": "Messages de la table à cette étape" });
  const later = h("p", { id: "discussion-plus-loin", class: "aide" });
  mountPoint.appendChild(h("section", { id: "discussion", class: "panneau panneau--cote discussion", "aria-labelledby": "discussion-titre" },
    h("h2", { id: "discussion-titre", class: "discussion__titre" }, "Discussion"), list, later));
  return {
    show(coups) {
      const written = messages.filter((m) => m.coups <= coups);
      replaceChildren(list, written.length
        ? written.map((m) => messageItem(m, { current: m.coups === coups }))
        : h("li", { class: "vide" }, "Personne n'avait encore écrit."));
      const rest = messages.length - written.length;
      later.textContent = rest ? `${plural(rest, "message")} plus loin dans la partie.` : "";
      later.hidden = !rest;
      list.scrollTop = list.scrollHeight;
    },
  };
}
