// HTTP API client and the browser's memory (localStorage), as docs/server.md describes them.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, "reseau", "Le serveur ne répond pas. Vérifiez la connexion.");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const erreur = data && data.erreur;
    const message = (erreur && erreur.message) || `Erreur ${response.status}.`;
    throw new ApiError(response.status, (erreur && erreur.code) || String(response.status), message);
  }
  return data;
}

export const api = {
  games: () => request("GET", "/api/games"),
  tables: () => request("GET", "/api/tables"),
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`),
  createTable: (body) => request("POST", "/api/tables", body),
  teams: (body) => request("POST", "/api/equipes", body),
  join: (id, body) => request("POST", `/api/tables/${encodeURIComponent(id)}/join`, body),
  leave: (id, jeton) => request("POST", `/api/tables/${encodeURIComponent(id)}/leave`, { jeton }),
  start: (id, jeton) => request("POST", `/api/tables/${encodeURIComponent(id)}/start`, { jeton }),
  robot: (id, place, jeton, niveau) =>
    request("POST", `/api/tables/${encodeURIComponent(id)}/places/${place}/robot`, { jeton, niveau }),
  rematch: (id, jeton) => request("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { jeton }),
  replay: (id, jeton) =>
    request("GET", `/api/tables/${encodeURIComponent(id)}/replay` + (jeton ? `?jeton=${encodeURIComponent(jeton)}` : "")),
  analysis: (id, jeton) =>
    request("GET", `/api/tables/${encodeURIComponent(id)}/analyse` + (jeton ? `?jeton=${encodeURIComponent(jeton)}` : "")),
  // Accounts (docs/server.md, « Comptes et sessions »): the session is an HttpOnly cookie.
  me: () => request("GET", "/api/moi"),
  signUp: (nom, motDePasse) => request("POST", "/api/comptes", { nom, mot_de_passe: motDePasse }),
  logIn: (nom, motDePasse) => request("POST", "/api/session", { nom, mot_de_passe: motDePasse }),
  logOut: () => request("DELETE", "/api/session"),
  deleteAccount: (motDePasse) => request("DELETE", "/api/moi", { mot_de_passe: motDePasse }),
};

const SEAT_PREFIX = "ludotheque:table:";
const NAME_KEY = "ludotheque:nom";

function safeStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The seat this browser holds at a table: {place, jeton, nom} or null. */
export function loadSeat(tableId) {
  const storage = safeStorage();
  if (!storage) return null;
  try {
    const data = JSON.parse(storage.getItem(SEAT_PREFIX + tableId));
    if (data && typeof data.jeton === "string" && Number.isInteger(data.place)) return data;
  } catch {
    /* ignore */
  }
  return null;
}

export function saveSeat(tableId, seat) {
  safeStorage()?.setItem(SEAT_PREFIX + tableId, JSON.stringify({ place: seat.place, jeton: seat.jeton, nom: seat.nom }));
}

export function forgetSeat(tableId) {
  safeStorage()?.removeItem(SEAT_PREFIX + tableId);
}

export function loadName() {
  return safeStorage()?.getItem(NAME_KEY) || "";
}

export function saveName(name) {
  if (name) safeStorage()?.setItem(NAME_KEY, name);
}

export const STATUS_LABELS = {
  attente: "En attente de joueurs",
  en_cours: "En cours",
  terminee: "Terminée",
  expiree: "Expirée",
};

/** The robot levels of a game ([{nom, titre}]) and a lookup of their titles. */
export function robotTitle(game, level) {
  const robot = game?.robots?.find((r) => r.nom === level);
  return robot ? robot.titre : level || "robot";
}

/** What is read beside a robot's first name: « robot · Intermédiaire » (docs/bots.md). */
export function robotBadge(game, level) {
  return `robot · ${robotTitle(game, level)}`;
}

/** Each seat's level badge (« robot · Fort ») or null for a person, for the end screen. */
export function seatLevels(game, places) {
  return (places || []).map((p) => (p.type === "robot" ? robotBadge(game, p.niveau) : null));
}

// Ratings and « Mes parties » (docs/server.md, « Classements » and « Mes parties »).
export const ratingsApi = {
  leaderboard: (jeu) => request("GET", `/api/classement/${encodeURIComponent(jeu)}`),
  chart: (jeu, nom) => request("GET", `/api/classement/${encodeURIComponent(jeu)}/historique?nom=${encodeURIComponent(nom)}`),
  tableChanges: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/classement`),
  myGames: () => request("GET", "/api/moi/parties"),
};
