// A table: join form, waiting room, then the game over a WebSocket (docs/server.md).
import { createChat } from "./chat.js";
import { api, forgetSeat, loadName, loadSeat, robotBadge, robotTitle, saveName, saveSeat, seatLevels, STATUS_LABELS } from "./api.js";
import { rendererModule } from "./games/index.js";
import { ratingLine } from "./rating-line.js";
import { resultElement } from "./result.js";
import { slowLabel, slowStatus } from "./slow.js";
import { clearToast, formatSeconds, h, plural, preserveFocus, replaceChildren, toast } from "./ui.js";
import { accountReady, currentAccount, onAccountChange } from "./account.js";

const $ = (id) => document.getElementById(id);

const tableId = decodeURIComponent(window.location.pathname.replace(/^\/table\//, "").replace(/\/+$/, ""));
const params = new URLSearchParams(window.location.search);

let table = null; // the table as the server last described it
// {place, jeton, nom} or null (spectator); jeton null: the seat of the logged-in account (its
// cookie is the credential, docs/server.md « Comptes et sessions »).
let seat = loadSeat(tableId);
let games = [];
let etat = null; // last « etat » message
let seq = 0;
let pending = false; // a move was sent, no answer yet
let sentSeq = null; // the sequence number that move was sent with
let watchOnly = params.has("regarder");
let rematchId = null;
let leaveArmed = false;
let keptTimer = null; // looks at the table again while a rematch keeps its free seats

let ws = null;
let attempts = 0;
let reconnectTimer = null;
let stopped = false; // no more reconnection (unknown table…)

let rendererMod = null;
let renderer = null;
let deadline = null; // ms timestamp of the current decision's deadline
let hourglasses = []; // the rules' hourglasses running: {place, secondes, end (ms timestamp)}
const chat = createChat({ send: sendMessage }); // the table's chat (chat.js)

// --- helpers ---------------------------------------------------------------------------------

function game() {
  return games.find((g) => g.nom === table?.jeu) || null;
}

function robotLevels() {
  return game()?.robots || [];
}

function seatName(p) {
  if (p.nom) return p.nom;
  if (p.type === "robot") return `Robot ${robotTitle(game(), p.niveau)}`;
  return `Place ${p.place + 1}`;
}

function names() {
  return (table?.places || []).map(seatName);
}

function myPlace() {
  if (etat && Number.isInteger(etat.place)) return etat.place;
  return seat ? seat.place : null;
}

function isFree(p) {
  return p.type === "humain" && !p.nom;
}

/** A free seat this browser may take: not kept for a player of the previous table. */
function isOpen(p) {
  return isFree(p) && !p.gardee_pour;
}

/** A bot plays this seat while its person is away (they take it back on returning). */
function isHeld(p) {
  return p.type === "robot" && Boolean(p.remplace);
}

/** The table's « absence » delay in words (« absent après 1 min sans connexion »). */
function absenceWords(seconds) {
  if (!seconds) return "jamais marqué absent";
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const words = minutes ? `${minutes} min${rest ? ` ${rest} s` : ""}` : `${rest} s`;
  return `absent après ${words} sans connexion`;
}

/** The seat the logged-in account holds at the table (a bot may hold it while it is away). */
function accountSeat(account) {
  if (!account || !table) return null;
  const place = table.places.find((p) => p.compte && !p.parti && (p.type === "robot" ? p.remplace : p.nom) === account.nom);
  return place ? { place: place.place, jeton: null, nom: account.nom } : null;
}

function isFull() {
  return table.places.every((p) => !isFree(p));
}

// Several servers (issue 19): false while this server has lost contact with the others (Redis);
// the game is paused, moves are refused until it is back.
let linked = true;
const PAUSED = "En pause : contact perdu entre les serveurs";

/** The connection badge once the socket is open: online, or paused while the servers are apart. */
function setOnline() {
  if (!linked) setConnection("en-pause", PAUSED);
  else setConnection("en-ligne", seat ? "En ligne" : "En ligne (spectateur)");
}

function setConnection(state, text) {
  const el = $("connexion");
  el.dataset.etat = state;
  el.textContent = text;
  // While paused the board still says « À vous » (the turn is unchanged): say why moves wait,
  // where the player looks, for as long as the pause lasts (the toast goes after 5 s).
  show("pause-partie", state === "en-pause");
  $("partie").classList.toggle("partie--en-pause", state === "en-pause");
}

function show(id, visible) {
  $(id).hidden = !visible;
}

function levelSelect(id) {
  const levels = robotLevels();
  return h("select", { id, "aria-label": "Niveau du robot" },
    levels.map((r) => h("option", { value: r.nom }, r.titre)));
}

// --- WebSocket ----------------------------------------------------------------------------

function connect() {
  clearTimeout(reconnectTimer);
  if (stopped) return;
  const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
  let url = `${proto}//${window.location.host}/ws/${encodeURIComponent(tableId)}`;
  if (seat?.jeton) url += `?jeton=${encodeURIComponent(seat.jeton)}`;
  setConnection("connexion", "Connexion…");
  const socket = new WebSocket(url);
  ws = socket;
  socket.addEventListener("open", () => {
    if (ws !== socket) return;
    attempts = 0;
    setOnline();
    chat.reset(); // the server sends the chat again
  });
  socket.addEventListener("message", (event) => {
    if (ws !== socket) return;
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    handleMessage(msg);
  });
  socket.addEventListener("close", (event) => {
    if (ws !== socket) return;
    ws = null;
    if (pending) {
      pending = false;
      renderAll();
    }
    if (event.code === 4404 || event.code === 4410) {
      stopped = true;
      setConnection("hors-ligne", event.code === 4410 ? "Table expirée" : "Table introuvable");
      return;
    }
    if (event.code === 4403) {
      // The stored token is refused: this browser no longer holds that seat.
      toast("Votre place n'est plus reconnue par le serveur : vous regardez la partie en spectateur.");
      forgetSeat(tableId);
      seat = null;
      connect();
      return;
    }
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  if (stopped) return;
  const delay = Math.min(10000, 500 * 2 ** attempts);
  attempts += 1;
  setConnection("hors-ligne", `Connexion perdue, nouvel essai dans ${Math.round(delay / 1000) || 1} s…`);
  reconnectTimer = setTimeout(connect, delay);
}

function reconnectNow() {
  const old = ws;
  ws = null;
  if (old) old.close();
  attempts = 0;
  connect();
}

function handleMessage(msg) {
  if (chat.receive(msg)) return;
  if (msg.type === "etat") {
    // Our move was accepted (or the state moved on): an error about an older move is stale.
    if (msg.prochain_seq !== seq && document.querySelector("#alerte[data-kind='erreur'] .alerte__message")) clearToast();
    etat = msg;
    table = msg.table || table;
    // Without a token the server seats the logged-in account (or no one).
    if (Number.isInteger(msg.place) && !seat) seat = { place: msg.place, jeton: null, nom: currentAccount()?.nom || "" };
    else if (msg.place === null && seat && !seat.jeton) seat = null;
    linked = msg.liaison !== false; // while false, the game panel says why it is paused
    if (ws && ws.readyState === WebSocket.OPEN) setOnline();
    seq = msg.prochain_seq;
    // Another seat's move may be told before ours is applied (a simultaneous phase, a robot):
    // while this seat's count of actions is still the one our move was sent with, that move is
    // on its way, and the page must not offer the same turn again.
    pending = pending && msg.prochain_seq === sentSeq && Boolean(msg.a_jouer);
    if (table?.revanche) rematchId = table.revanche;
    if (msg.echeance === null || msg.echeance === undefined) deadline = null;
    else if (msg.echeance > 1e9) deadline = msg.echeance * 1000; // an absolute time (epoch seconds)
    else deadline = Date.now() + msg.echeance * 1000; // seconds left
    hourglasses = (msg.sabliers || []).map((s) => ({ ...s, end: Date.now() + s.restant * 1000 }));
    renderAll();
  } else if (msg.type === "erreur") {
    pending = false;
    toast(msg.message || `Erreur : ${msg.code}`);
    if (msg.code === "seq_invalide") reconnectNow(); // our numbering is stale: fetch the state again
    else renderAll();
  } else if (msg.type === "place_perdue") {
    // Our token was withdrawn (we left this seat, perhaps from another tab): we watch from now on.
    forgetSeat(tableId);
    seat = null;
    toast(msg.message || "Vous n'êtes plus assis à cette table.", "info");
    setOnline();
  } else if (msg.type === "liaison") {
    linked = msg.ok === true;
    // The pause is told by the game panel; its end by a notice, once.
    if (linked) toast(msg.message || "La partie reprend.", "info");
    if (ws && ws.readyState === WebSocket.OPEN) setOnline();
  } else if (msg.type === "revanche") {
    rematchId = msg.table;
    renderEnd();
  }
}

/** A socket message other than a move (the chat's); false when there is no connection. */
function sendMessage(message) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify(message));
  return true;
}

function sendAction(action) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    toast("Pas de connexion au serveur pour l'instant : réessayez dans un instant.");
    return false;
  }
  ws.send(JSON.stringify({ type: "coup", seq, coup: action }));
  pending = true;
  sentSeq = seq;
  renderGame();
  return true;
}

// --- rendering ----------------------------------------------------------------------------

function renderAll() {
  if (!table) return;
  show("chargement", false);
  const title = `${table.titre || table.jeu} · ${STATUS_LABELS[table.statut] || table.statut}${table.classee ? " · partie classée" : ""}`;
  $("table-titre").textContent = title;
  $("partie-titre").textContent = `Partie de ${table.titre || table.jeu}`; // the page's heading, read by screen readers
  const mine = etat?.a_jouer && table.statut === "en_cours";
  document.title = `${mine ? "À vous ! — " : ""}${table.titre || table.jeu} — Ludothèque`;
  const waiting = table.statut === "attente";
  renderJoinForm();
  show("salle-attente", waiting);
  show("partie", !waiting);
  if (waiting) {
    replaceChildren($("actions-partie")); // one #btn-quitter at a time
    renderWaitingRoom();
  } else {
    replaceChildren($("attente-actions"));
    replaceChildren($("attente-places"));
    renderGame();
    renderSeats();
    renderJournal();
    renderEnd();
    renderHeld();
    renderGameActions();
  }
  chat.update(table, myPlace());
  tick();
}

function renderJoinForm() {
  const free = table.places.filter(isOpen);
  const visible = !seat && table.statut === "attente" && free.length > 0 && !watchOnly;
  show("accueil", visible);
  if (!visible) return;
  $("accueil-resume").textContent =
    `${table.titre || table.jeu} · ${table.joueurs} joueur${table.joueurs > 1 ? "s" : ""} · ${plural(free.length, "place libre", "places libres")}.`;
  const select = $("join-place");
  const previous = select.value;
  replaceChildren(select,
    h("option", { value: "" }, "Première place libre"),
    free.map((p) => h("option", { value: String(p.place) }, `Place ${p.place + 1}`)));
  if ([...select.options].some((o) => o.value === previous)) select.value = previous;
  const account = currentAccount();
  const input = $("join-nom");
  const wasAccount = input.readOnly;
  input.readOnly = Boolean(account);
  if (account) input.value = account.nom;
  else if (wasAccount || !input.value) input.value = loadName();
}

async function join(event) {
  event.preventDefault();
  const nom = $("join-nom").value.trim();
  if (!nom) {
    toast("Indiquez votre nom.");
    $("join-nom").focus();
    return;
  }
  const body = { nom };
  const place = $("join-place").value;
  if (place !== "") body.place = parseInt(place, 10);
  const button = $("btn-rejoindre");
  button.disabled = true;
  try {
    const joined = await api.join(tableId, body);
    if (!currentAccount()) saveName(nom);
    seat = { place: joined.place, jeton: joined.jeton, nom };
    saveSeat(tableId, seat);
    show("accueil", false);
    etat = null;
    reconnectNow();
  } catch (error) {
    toast(error.message);
    refreshTable();
  } finally {
    button.disabled = false;
  }
}

async function refreshTable() {
  try {
    table = await api.table(tableId);
    renderAll();
  } catch {
    /* the WebSocket will tell */
  }
}

function seatItem(p, { waiting }) {
  const me = myPlace();
  const vue = etat?.vue;
  const deciding = !waiting && Array.isArray(vue?.en_attente) && vue.en_attente.includes(p.place) && !vue?.resultat;
  const badges = [];
  if (p.type === "robot") badges.push(h("span", { class: "pastille pastille--robot" }, robotBadge(game(), p.niveau)));
  if (waiting && Number.isInteger(p.equipe)) badges.push(h("span", { class: "pastille pastille--equipe", dataset: { equipe: p.equipe } }, `équipe ${p.equipe + 1}`));
  if (table.hote === p.place && waiting) badges.push(h("span", { class: "pastille" }, "hôte"));
  if (p.parti) badges.push(h("span", { class: "pastille pastille--parti" }, "a quitté la table"));
  else if (isHeld(p) && p.place !== me) badges.push(h("span", { class: "pastille pastille--absent" }, `à la place de ${p.remplace}`));
  else if (p.type === "humain" && p.nom && p.absent) badges.push(h("span", { class: "pastille pastille--absent" }, "absent"));
  else if (table.heures && p.type === "humain" && p.nom && p.connecte && p.place !== me) badges.push(h("span", { class: "pastille pastille--en-ligne" }, "en ligne"));
  else if (!table.heures && p.type === "humain" && p.nom && p.connecte === false) badges.push(h("span", { class: "pastille pastille--deconnecte" }, "déconnecté"));
  if (waiting && isFree(p) && p.gardee_pour) badges.push(h("span", { class: "pastille pastille--garde" }, `gardée pour ${p.gardee_pour}`));
  if (deciding) badges.push(h("span", { class: "pastille pastille--actif" }, p.type === "robot" ? "le robot réfléchit…" : "décide…"));
  const details = !waiting && vue && rendererMod?.seatDetails ? rendererMod.seatDetails(vue, p.place) : [];
  const controls = [];
  const iAmHost = seat && table.hote === seat.place;
  if (waiting && isFree(p) && iAmHost && robotLevels().length) {
    controls.push(h("div", { class: "place__controle" },
      levelSelect(`robot-niveau-${p.place}`),
      h("button", { type: "button", class: "bouton", id: `btn-robot-${p.place}`, onclick: () => assignRobot(p.place) }, "Confier à un robot")));
  }
  const iPlay = seat && !isHeld(table.places[seat.place] || {});
  if (!waiting && p.absent && !isHeld(p) && p.type === "humain" && iPlay && p.place !== seat.place && table.statut === "en_cours") {
    // The table's level: the others hand the seat over, its person takes it back on returning.
    const level = table.niveau_robots;
    controls.push(h("div", { class: "place__controle place__controle--absent" },
      h("button", { type: "button", class: "bouton", id: `btn-robot-${p.place}`, onclick: () => assignRobot(p.place, level),
        "aria-describedby": `robot-aide-${p.place}` }, "Confier à un robot"),
      h("p", { class: "aide", id: `robot-aide-${p.place}` },
        `Un robot ${robotTitle(game(), level)} joue pour ${p.nom} jusqu'à son retour.`)));
  }
  if (!waiting && p.parti && seat && table.statut === "en_cours" && robotLevels().length) {
    controls.push(h("div", { class: "place__controle" },
      levelSelect(`robot-niveau-${p.place}`),
      h("button", { type: "button", class: "bouton", id: `btn-robot-${p.place}`, onclick: () => assignRobot(p.place) }, "Passer la main à un robot")));
  }
  return h("li", {
    class: ["place", p.place === me ? "place--moi" : null, deciding ? "place--joue" : null, isFree(p) ? "place--libre" : null],
    dataset: { place: p.place },
  },
    h("div", { class: "place__ligne" },
      h("span", { class: "place__numero", "aria-hidden": "true" }, String(p.place + 1)),
      h("span", { class: "place__nom" }, isFree(p) ? "Place libre" : seatName(p), p.place === me ? (isHeld(p) ? " (à votre place)" : " (vous)") : ""),
      badges),
    details.length ? h("div", { class: "place__details" }, details.join(" · ")) : null,
    controls);
}

function renderWaitingRoom() {
  const g = game();
  const options = Object.entries(table.options || {})
    .filter(([k, v]) => k !== "mode" && v !== null && v !== undefined)
    .map(([k, v]) => {
      const spec = g?.options?.find((o) => o.nom === k);
      // A choice reads as its words (« 2 équipes de 3 »), never its value (« 2x3 »).
      const shown = v === true ? "oui" : v === false ? "non" : spec?.choix_libelles?.[v] || v;
      return `${spec?.libelle || k} : ${shown}`;
    });
  const mode = g?.modes?.find((m) => m.nom === table.mode)?.titre || table.mode;
  $("attente-resume").textContent = [
    table.titre || table.jeu,
    mode,
    `${table.joueurs} joueur${table.joueurs > 1 ? "s" : ""}`,
    ...(table.heures ? [slowLabel(table.heures)]
      : [table.horloge ? `${table.horloge} s par décision` : "sans horloge", absenceWords(table.absence)]),
    table.classee ? "partie classée" : null,
    ...options,
  ].filter(Boolean).join(" · ");
  $("lien-invitation").value = `${window.location.origin}/table/${encodeURIComponent(tableId)}`;
  preserveFocus(() => {
    replaceChildren($("attente-places"), table.places.map((p) => seatItem(p, { waiting: true })));
    const actions = [];
    if (seat && table.hote === seat.place) {
      const full = isFull();
      actions.push(h("button", {
        type: "button", id: "btn-demarrer", class: "bouton bouton--principal", disabled: !full, onclick: start,
        "aria-describedby": "demarrer-aide",
      }, "Démarrer la partie"));
      actions.push(h("p", { id: "demarrer-aide", class: "aide" },
        full ? "Toutes les places sont prises." : "Toutes les places doivent être prises (invitez quelqu'un ou confiez la place à un robot)."));
    } else if (seat) {
      actions.push(h("p", { class: "aide" }, "L'hôte démarrera la partie quand toutes les places seront prises."));
    }
    const kept = table.places.filter((p) => isFree(p) && p.gardee_pour);
    if (!seat && kept.length && !table.places.some(isOpen)) {
      // The hold ends without a message from the server: look again in a while.
      actions.push(h("p", { id: "places-gardees", class: "aide" },
        "Les places libres sont gardées pour les joueurs de la partie précédente pendant deux minutes ; la page se met à jour ensuite."));
      clearTimeout(keptTimer);
      keptTimer = setTimeout(refreshTable, 15000);
    }
    if (seat) actions.push(h("button", { type: "button", id: "btn-quitter", class: "bouton bouton--danger", onclick: leave }, "Quitter la table"));
    else actions.push(h("a", { class: "bouton", href: "/" }, "Retour au salon"));
    replaceChildren($("attente-actions"), actions);
  });
}

function renderGame() {
  const root = $("jeu");
  const vue = etat?.vue;
  if (!vue || !rendererMod) {
    root.dataset.phase = "";
    root.dataset.aJouer = "false";
    if (!vue) replaceChildren(root, h("p", { class: "vide" }, "La partie va commencer…"));
    return;
  }
  if (!renderer) renderer = rendererMod.createRenderer(root, { readOnly: false });
  const mustAct = Boolean(etat.a_jouer) && table.statut === "en_cours";
  root.dataset.phase = vue.phase ?? (vue.resultat ? "over" : "");
  // "true" only while this seat can act now: not while its move is on its way.
  root.dataset.aJouer = String(mustAct && !pending);
  root.setAttribute("aria-busy", pending ? "true" : "false");
  announce(vue, mustAct);
  preserveFocus(() => renderer.update({
    vue,
    table,
    place: etat.place,
    aJouer: Boolean(etat.a_jouer) && table.statut === "en_cours",
    coups: etat.coups,
    pending,
    names: names(),
    send: sendAction,
    notify: toast,
    readOnly: false,
    sabliers: hourglasses, // the rules' hourglasses: {place, secondes, restant, end (ms timestamp)}
  }));
}

let wasActing = false;
let announcedEnd = false;

/** Tell screen readers when it becomes this seat's turn, and when the game ends (#annonce). */
function announce(vue, mustAct) {
  const region = $("annonce");
  if (!region) return;
  if (mustAct && !wasActing) region.textContent = "À vous de jouer.";
  if (vue.resultat && !announcedEnd) {
    region.textContent = "La partie est terminée.";
    announcedEnd = true;
  }
  wasActing = mustAct;
}

function renderSeats() {
  preserveFocus(() => replaceChildren($("joueurs"), table.places.map((p) => seatItem(p, { waiting: false }))));
}

function renderJournal() {
  const list = $("journal");
  const entries = etat?.journal || [];
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  replaceChildren(list, entries.length
    ? entries.map((e) => h("li", { class: ["journal__ligne", myPlace() !== null && e.place === myPlace() ? "journal__ligne--moi" : null], dataset: { coups: e.coups } }, e.texte))
    : h("li", { class: "vide" }, "Rien pour l'instant."));
  if (nearBottom || entries.length < 6) list.scrollTop = list.scrollHeight;
}

function renderEnd() {
  const zone = $("fin");
  const resultat = etat?.vue?.resultat || table?.resultat;
  const over = table?.statut === "terminee" || Boolean(etat?.vue?.resultat);
  if (!over || !resultat) {
    zone.hidden = true;
    replaceChildren(zone);
    return;
  }
  const hadResult = !zone.hidden && zone.querySelector("#resultat");
  zone.hidden = false;
  const actions = [];
  const myRematch = rematchId ? loadSeat(rematchId) : null;
  if (rematchId) {
    actions.push(h("p", { class: "fin__revanche" }, "Une revanche est prête."));
    if (myRematch) actions.push(h("a", { id: "lien-revanche", class: "bouton bouton--principal", href: `/table/${encodeURIComponent(rematchId)}` }, "Aller à la revanche"));
    else if (seat) actions.push(h("button", { type: "button", id: "btn-rejoindre-revanche", class: "bouton bouton--principal", onclick: joinRematch }, "Rejoindre la revanche"));
    else actions.push(h("a", { id: "lien-revanche", class: "bouton", href: `/table/${encodeURIComponent(rematchId)}` }, "Voir la revanche"));
  } else if (seat) {
    actions.push(h("button", { type: "button", id: "btn-revanche", class: "bouton bouton--principal", onclick: rematch }, "Revanche"));
  }
  actions.push(h("a", { id: "lien-replay", class: "bouton", href: `/replay/${encodeURIComponent(tableId)}` }, "Revoir la partie pas à pas"));
  actions.push(h("a", { class: "bouton bouton--discret", href: "/" }, "Retour au salon"));
  const solo = etat?.vue?.mode === "solo" || table.places.length === 1;
  preserveFocus(() => replaceChildren(zone,
    resultElement(resultat, names(), myPlace(), solo, rendererMod?.soloOpponent?.(etat?.vue) ?? null, seatLevels(game(), table.places),
      rendererMod?.resultDetails?.(etat?.vue, names(), resultat) ?? null, rendererMod?.scoreUnit),
    ratingLine(table, myPlace()),
    h("div", { class: "actions" }, actions)));
  if (!hadResult) zone.querySelector("#resultat")?.scrollIntoView({ block: "nearest" });
}

/** While a bot holds this browser's seat: say so above the board, with the way back. */
function renderHeld() {
  const zone = $("place-confiee");
  const mine = seat ? table.places[seat.place] : null;
  const held = Boolean(mine && isHeld(mine) && table.statut === "en_cours");
  zone.hidden = !held;
  if (!held) {
    replaceChildren(zone);
    return;
  }
  if (zone.querySelector("#btn-reprendre")) return; // keep the focus on the button
  replaceChildren(zone,
    h("p", {}, `Pendant votre absence, ${seatName(mine)} (${robotBadge(game(), mine.niveau)}) joue à votre place.`),
    h("button", { type: "button", id: "btn-reprendre", class: "bouton bouton--principal", onclick: takeBack }, "Reprendre ma place"));
}

function renderGameActions() {
  const actions = [];
  if (seat && table.statut === "en_cours") {
    actions.push(h("button", {
      type: "button", id: "btn-quitter", class: "bouton bouton--danger", onclick: leave,
      "aria-describedby": leaveArmed ? "quitter-aide" : null,
    }, leaveArmed ? "Confirmer : quitter la partie" : "Quitter"));
    if (leaveArmed) actions.push(h("p", { id: "quitter-aide", class: "aide" }, "Votre place restera vide jusqu'à ce qu'un robot la prenne."));
  }
  if (table.statut !== "terminee") actions.push(h("a", { class: "bouton bouton--discret", href: "/" }, "Retour au salon"));
  preserveFocus(() => replaceChildren($("actions-partie"), actions));
}

// --- countdown ----------------------------------------------------------------------------

function tick() {
  tickHourglasses();
  const el = $("compte-a-rebours");
  if (table?.heures) {
    tickSlow(el);
    return;
  }
  if (!deadline || !table || table.statut !== "en_cours") {
    el.hidden = true;
    return;
  }
  const left = (deadline - Date.now()) / 1000;
  el.hidden = false;
  el.classList.toggle("compte-a-rebours--urgent", left <= 10);
  el.textContent = etat?.a_jouer
    ? `Il vous reste ${formatSeconds(left)} pour jouer.`
    : `Temps de décision restant : ${formatSeconds(left)}`;
}

/** A slow game (docs/server.md, « Parties lentes »): whose turn, since when, the time left. */
function tickSlow(el) {
  const playing = table.statut === "en_cours";
  const mine = Boolean(etat?.a_jouer) && playing && deadline !== null;
  const { text, urgent } = playing
    ? slowStatus({ table, mine, left: mine ? (deadline - Date.now()) / 1000 : 0, me: myPlace(), names: names() })
    : { text: "", urgent: false };
  el.hidden = !text;
  el.classList.add("compte-a-rebours--lent");
  el.classList.toggle("compte-a-rebours--urgent", urgent);
  if (el.textContent !== text) el.textContent = text;
}

/** The rules' hourglasses (Letter's 30 s, Thèmes' 45 s): whose, and the seconds left. */
function tickHourglasses() {
  const el = $("sablier");
  const running = table && table.statut === "en_cours" ? hourglasses : [];
  el.hidden = running.length === 0;
  // A seat's own hourglass is named after its seat; timers with a label (Letter's knock window,
  // one per silent seat) are one hourglass for the table, shown once.
  const labelled = new Map();
  for (const s of running) if (s.libelle && !(labelled.get(s.libelle)?.end >= s.end)) labelled.set(s.libelle, s);
  const shownTimers = [...running.filter((s) => !s.libelle), ...labelled.values()];
  const texts = shownTimers.map((s) => {
    const left = Math.max(0, Math.ceil((s.end - Date.now()) / 1000));
    const whose = s.libelle || (s.place === myPlace() ? "Votre sablier" : `Sablier de ${names()[s.place] || `Place ${s.place + 1}`}`);
    return `${whose} : ${left} s sur ${Math.round(s.secondes)}`;
  });
  const text = texts.join(" · ");
  if (el.textContent !== text) el.textContent = text;
  const urgent = running.some((s) => s.end - Date.now() <= 10000);
  el.classList.toggle("sablier--urgent", urgent);
  // The bar empties with this seat's own hourglass when one runs (a judge's 15 s), else the first.
  const shown = running.find((s) => s.place === myPlace()) || running[0];
  const fraction = shown ? Math.max(0, (shown.end - Date.now()) / (shown.secondes * 1000)) : 0;
  el.style.setProperty("--sablier-reste", String(Math.min(1, fraction)));
}

// --- actions ------------------------------------------------------------------------------

async function start() {
  const button = $("btn-demarrer");
  if (button) button.disabled = true;
  try {
    table = await api.start(tableId, seat.jeton);
    renderAll();
  } catch (error) {
    toast(error.message);
    if (button) button.disabled = false;
  }
}

async function assignRobot(place, level) {
  const select = $(`robot-niveau-${place}`);
  const niveau = level || (select ? select.value : robotLevels()[0]?.nom);
  try {
    table = await api.robot(tableId, place, seat.jeton, niveau);
    renderAll();
  } catch (error) {
    toast(error.message);
  }
}

async function leave() {
  if (table.statut === "en_cours" && !leaveArmed) {
    leaveArmed = true;
    renderGameActions();
    $("btn-quitter")?.focus();
    return;
  }
  try {
    await api.leave(tableId, seat.jeton);
  } catch (error) {
    toast(error.message);
    return;
  }
  forgetSeat(tableId);
  stopped = true;
  window.location.href = "/";
}

function takeBack() {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    toast("Pas de connexion au serveur pour l'instant : réessayez dans un instant.");
    return;
  }
  ws.send(JSON.stringify({ type: "reprendre" }));
}

async function rematch() {
  const button = $("btn-revanche");
  if (button) button.disabled = true;
  try {
    const created = await api.rematch(tableId, seat.jeton);
    saveSeat(created.table, { place: created.place, jeton: created.jeton, nom: seat.nom });
    window.location.href = `/table/${encodeURIComponent(created.table)}`;
  } catch (error) {
    toast(error.message);
    if (button) button.disabled = false;
  }
}

async function joinRematch() {
  if (!rematchId || !seat) return;
  const nom = seat.nom || loadName();
  let joined;
  try {
    // Through this table's token: the rematch keeps our seat for us a while (docs/server.md).
    joined = await api.rematch(tableId, seat.jeton);
  } catch (error) {
    toast(error.message);
    return;
  }
  saveSeat(rematchId, { place: joined.place, jeton: joined.jeton, nom });
  window.location.href = `/table/${encodeURIComponent(rematchId)}`;
}

async function copyInvitation() {
  const input = $("lien-invitation");
  try {
    await navigator.clipboard.writeText(input.value);
    toast("Lien copié.", "info");
  } catch {
    input.select();
    const ok = document.execCommand && document.execCommand("copy");
    toast(ok ? "Lien copié." : "Copiez le lien sélectionné (Ctrl+C).", "info");
  }
}

// --- start --------------------------------------------------------------------------------

/** Logged in or out on this page: the socket is opened again, so that the account's seat (or
 * no seat) is what the server sends; a seat of this browser's token stays as it is. */
function accountChanged(account) {
  if (!table || seat?.jeton) {
    if (table) renderAll();
    return;
  }
  seat = accountSeat(account);
  renderAll();
  reconnectNow();
}

async function init() {
  onAccountChange(accountChanged);
  $("form-rejoindre").addEventListener("submit", join);
  $("btn-regarder").addEventListener("click", () => {
    watchOnly = true;
    renderAll();
  });
  $("btn-copier").addEventListener("click", copyInvitation);
  $("lien-invitation").addEventListener("focus", (e) => e.target.select());
  setInterval(tick, 250);
  load();
}

async function load() {
  if (!tableId) {
    replaceChildren($("chargement"), "Adresse de table invalide. ", h("a", { href: "/" }, "Retour au salon"));
    return;
  }
  const [gamesResult, tableResult, accountResult] = await Promise.allSettled([api.games(), api.table(tableId), accountReady]);
  if (gamesResult.status === "fulfilled") games = gamesResult.value.jeux || [];
  if (tableResult.status === "rejected") {
    const error = tableResult.reason;
    replaceChildren($("chargement"),
      error.status === 404 ? "Cette table n'existe pas (ou plus). " : `Impossible de charger la table : ${error.message} `,
      h("a", { href: "/" }, "Retour au salon"));
    if (error.status !== 404) setTimeout(load, 3000);
    return;
  }
  table = tableResult.value;
  if (!seat && accountResult.status === "fulfilled") seat = accountSeat(accountResult.value);
  try {
    rendererMod = await rendererModule(table.jeu);
  } catch (error) {
    rendererMod = await import("./games/generic.js");
  }
  renderAll();
  connect();
}

init();
