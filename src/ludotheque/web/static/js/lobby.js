// The lobby: games, « Nouvelle table » form, open tables.
import { api, loadName, loadSeat, saveName, saveSeat, STATUS_LABELS, robotTitle } from "./api.js";
import { slowLabel } from "./slow.js";
import { h, replaceChildren, toast } from "./ui.js";
import { accountReady, currentAccount, onAccountChange } from "./account.js";

const $ = (id) => document.getElementById(id);

let games = [];
const fileTexts = new Map(); // option name → text of the chosen file

function currentGame() {
  return games.find((g) => g.nom === $("jeu").value) || games[0];
}

function playerCount() {
  const n = parseInt($("joueurs").value, 10);
  return Number.isFinite(n) ? n : 0;
}

function modesFor(game, count) {
  return game.modes.filter((m) => count >= m.min && count <= m.max);
}

function renderGames() {
  replaceChildren(
    $("jeux"),
    games.map((g) =>
      h("li", { class: "jeu-fiche" },
        h("h3", {}, g.titre),
        h("p", {}, g.resume),
        g.auteurs ? h("p", { class: "aide" }, g.auteurs) : null,
        h("ul", { class: "jeu-fiche__modes" },
          g.modes.map((m) => h("li", {}, `${m.titre} : ${m.min === m.max ? m.min : `${m.min} à ${m.max}`} joueur${m.max > 1 ? "s" : ""}`)),
        ),
      ),
    ),
  );
  replaceChildren($("jeu"), games.map((g) => h("option", { value: g.nom }, g.titre)));
}

function onGameChange() {
  touchedOptions.clear();
  const game = currentGame();
  if (!game) return;
  $("jeu-resume").textContent = game.resume || "";
  const min = Math.min(...game.modes.map((m) => m.min));
  const max = Math.max(...game.modes.map((m) => m.max));
  const input = $("joueurs");
  input.min = String(min);
  input.max = String(max);
  const n = playerCount();
  if (!(n >= min && n <= max)) input.value = String(Math.min(max, Math.max(min, 3)));
  renderModes(game);
  onCountChange();
  // A game played in real time (Thèmes) has no slow game: the « Rythme » goes away.
  const pace = document.querySelector(".champ--rythme");
  pace.hidden = game.partie_lente === false;
  if (pace.hidden && $("heures").value !== "0") {
    $("heures").value = "0";
    onPaceChange();
  }
}

function countsText(mode) {
  if (mode.min === mode.max) return `${mode.min} joueur${mode.min > 1 ? "s" : ""}`;
  return `${mode.min} à ${mode.max} joueurs`;
}

/** Every mode of the game is offered, whatever the count (« Solo contre la Rotative » too):
 * choosing one sets the count within its bounds; a count no mode of the game allows says so. */
function renderModes(game) {
  const select = $("mode");
  const previous = select.value;
  replaceChildren(select, game.modes.map((m) => h("option", { value: m.nom }, `${m.titre} (${countsText(m)})`)));
  if (game.modes.some((m) => m.nom === previous)) select.value = previous;
}

function onCountChange() {
  const game = currentGame();
  if (!game) return;
  const select = $("mode");
  const count = playerCount();
  const current = game.modes.find((m) => m.nom === select.value);
  const fitting = modesFor(game, count);
  if (!(current && count >= current.min && count <= current.max) && fitting.length) select.value = fitting[0].nom;
  renderSeats();
  describeMode();
  renderRated();
}

function onModeChange() {
  const game = currentGame();
  const mode = game?.modes.find((m) => m.nom === $("mode").value);
  if (mode) {
    const count = playerCount();
    if (count < mode.min || count > mode.max) {
      $("joueurs").value = String(Math.min(mode.max, Math.max(mode.min, count)));
      renderSeats();
    }
  }
  describeMode();
}

function describeMode() {
  const game = currentGame();
  if (!game) return;
  const mode = game.modes.find((m) => m.nom === $("mode").value);
  const count = playerCount();
  if (mode && count >= mode.min && count <= mode.max) $("mode-resume").textContent = mode.resume || "";
  else {
    const min = Math.min(...game.modes.map((m) => m.min));
    const max = Math.max(...game.modes.map((m) => m.max));
    $("mode-resume").textContent = `${game.titre} se joue de ${min} à ${max} joueurs.`;
  }
  renderOptions();
}

/** Options the person changed: their values stay when the list is rebuilt; the others follow
 * the defaults of the table as it is now seated (some depend on how many people play). */
const touchedOptions = new Set();

function peopleSeated() {
  const seats = [...$("places-liste").querySelectorAll("select[data-seat]")];
  return seats.length ? seats.filter((s) => s.value === "humain").length : playerCount();
}

function defaultFor(option, people) {
  // Some defaults depend on the mode (Gremlins: 30 prestige in teams, 20 alone).
  const byMode = option.defaut_selon_mode || {};
  let value = $("mode").value in byMode ? byMode[$("mode").value] : option.defaut;
  for (const [least, other] of option.defaut_selon_personnes || []) if (people >= least) value = other;
  return value;
}

function renderOptions() {
  const game = currentGame();
  const mode = $("mode").value;
  const options = (game?.options || []).filter((o) => !o.modes || o.modes.length === 0 || o.modes.includes(mode));
  const container = $("options-champs");
  // Keep what the player already entered when the list is rebuilt.
  const previous = new Map();
  for (const el of container.querySelectorAll("[data-option]")) {
    if (touchedOptions.has(el.dataset.option)) previous.set(el.dataset.option, el.type === "checkbox" ? el.checked : el.value);
  }
  const people = peopleSeated();
  const touch = (event) => touchedOptions.add(event.target.dataset.option);
  replaceChildren(
    container,
    options.map((o) => {
      const id = `opt-${o.nom}`;
      let control;
      if (o.type === "choice") {
        control = h("select", { id, dataset: { option: o.nom, kind: o.type }, onchange: touch },
          (o.choix || []).map((c) => h("option", { value: c }, (o.choix_libelles || {})[c] || c)));
        control.value = previous.get(o.nom) ?? defaultFor(o, people) ?? (o.choix || [])[0];
      } else if (o.type === "int") {
        control = h("input", { id, type: "number", inputmode: "numeric", step: 1, min: o.min, max: o.max,
          dataset: { option: o.nom, kind: o.type }, oninput: touch, value: previous.get(o.nom) ?? defaultFor(o, people) ?? "" });
      } else if (o.type === "bool") {
        control = h("input", { id, type: "checkbox", dataset: { option: o.nom, kind: o.type }, onchange: touch });
        control.checked = previous.has(o.nom) ? previous.get(o.nom) : Boolean(defaultFor(o, people));
      } else {
        // The browser's own button speaks its interface's language (« Choose File »): the input
        // is hidden from sight (still focusable, read with its label) behind a French button.
        control = h("input", { id, type: "file", accept: ".txt,text/plain", class: "visuellement-cache",
          dataset: { option: o.nom, kind: "text" }, onchange: (event) => readOptionFile(o.nom, event.target) });
      }
      const note = o.type === "text"
        ? h("p", { class: "aide", id: `${id}-etat` }, fileTexts.has(o.nom) ? "Fichier chargé." : "Facultatif : sans fichier, le paquet standard.")
        : o.type === "int" && (o.min !== null && o.min !== undefined) ? h("p", { class: "aide", id: `${id}-bornes` }, `De ${o.min} à ${o.max}.`) : null;
      // What the option does, in words, read with the control by screen readers.
      const description = o.description ? h("p", { class: "aide option__description", id: `${id}-description` }, o.description) : null;
      const described = [description && description.id, note && note.id].filter(Boolean).join(" ");
      if (described) control.setAttribute("aria-describedby", described);
      return o.type === "bool"
        ? h("div", { class: "champ champ--case" }, control, h("label", { for: id }, o.libelle), description)
        : o.type === "text"
          ? h("div", { class: "champ champ--fichier" }, h("label", { for: id }, o.libelle), control,
            h("label", { for: id, class: "bouton bouton--fichier", "aria-hidden": "true" }, "Choisir un fichier…"),
            description, note)
          : h("div", { class: "champ" }, h("label", { for: id }, o.libelle), control, description, note);
    }),
  );
  $("options").hidden = options.length === 0;
  updateTeams();
}

function readOptionFile(name, input) {
  const file = input.files && input.files[0];
  const note = document.getElementById(`opt-${name}-etat`);
  if (!file) {
    fileTexts.delete(name);
    if (note) note.textContent = "Facultatif : sans fichier, le paquet standard.";
    return;
  }
  const reader = new FileReader();
  reader.onload = () => {
    fileTexts.set(name, String(reader.result));
    if (note) note.textContent = `Fichier « ${file.name} » chargé.`;
  };
  reader.onerror = () => toast("Impossible de lire ce fichier.");
  reader.readAsText(file);
}

function renderSeats() {
  const game = currentGame();
  const list = $("places-liste");
  const count = Math.max(0, Math.min(12, playerCount()));
  const previous = [...list.querySelectorAll("select[data-seat]")].map((s) => s.value);
  const robots = game?.robots || [];
  const rows = [];
  for (let i = 0; i < count; i++) {
    const id = `place-${i}`;
    // Who a robot is: its level's portrait, under the seat (« Joue les mots de tous les jours… »).
    const portrait = h("p", { class: "aide places-liste__portrait", id: `${id}-portrait` });
    const describe = () => {
      const robot = robots.find((r) => `robot:${r.nom}` === select.value);
      portrait.textContent = robot ? robot.portrait || "" : "";
      portrait.hidden = !robot;
    };
    const select = h("select", { id, dataset: { seat: i }, "aria-describedby": `${id}-portrait`,
      onchange: () => { describe(); renderOptions(); } },
      h("option", { value: "humain" }, "Personne"),
      robots.map((r) => h("option", { value: `robot:${r.nom}`, title: r.portrait || "" }, `Robot — ${r.titre}`)),
    );
    if (previous[i] && [...select.options].some((o) => o.value === previous[i])) select.value = previous[i];
    describe();
    const team = h("span", { class: "pastille pastille--equipe", id: `${id}-equipe`, hidden: true });
    rows.push(h("li", { class: "places-liste__ligne" }, h("label", { for: id }, `Place ${i + 1}`), select, team, portrait));
  }
  replaceChildren(list, rows);
  updateTeams();
}

/** The options as the form holds them now (files left out), for the teams preview. */
function formOptions() {
  const mode = $("mode").value;
  const options = { mode };
  const specs = currentGame()?.options || [];
  for (const el of $("options-champs").querySelectorAll("[data-option]")) {
    const spec = specs.find((o) => o.nom === el.dataset.option);
    if (!spec || (spec.modes?.length && !spec.modes.includes(mode))) continue; // a field of the mode before
    const kind = el.dataset.kind;
    if (kind === "bool") options[el.dataset.option] = el.checked;
    else if (kind === "int") {
      const value = parseInt(el.value, 10);
      if (Number.isFinite(value)) options[el.dataset.option] = value;
    } else if (kind !== "text") options[el.dataset.option] = el.value;
  }
  return options;
}

let teamsTicket = 0;

/** Team modes (Thèmes « par équipe », Gremlins « En équipes »): who plays with whom, before
 * the table is created, as the server will seat them; or why these options make no teams. */
async function updateTeams() {
  const game = currentGame();
  const mode = game?.modes.find((m) => m.nom === $("mode").value);
  const note = $("equipes-resume");
  const show = (teams, text) => {
    for (const badge of $("places-liste").querySelectorAll(".pastille--equipe")) {
      const seat = parseInt(badge.id.replace(/^place-(\d+)-equipe$/, "$1"), 10);
      const team = teams ? teams[seat] : undefined;
      badge.hidden = !Number.isInteger(team);
      badge.textContent = Number.isInteger(team) ? `équipe ${team + 1}` : "";
      if (Number.isInteger(team)) badge.dataset.equipe = String(team); else delete badge.dataset.equipe;
    }
    note.textContent = text;
    note.hidden = !text;
  };
  const ticket = ++teamsTicket;
  const count = playerCount();
  if (!game || !mode || !mode.equipes || count < mode.min || count > mode.max) {
    show(null, "");
    return;
  }
  try {
    const data = await api.teams({ jeu: game.nom, joueurs: count, options: formOptions() });
    if (ticket !== teamsTicket) return;
    const teams = data.equipes;
    if (!teams) {
      show(null, "");
      return;
    }
    const members = [];
    teams.forEach((team, seat) => (members[team] ||= []).push(seat + 1));
    const sentence = members
      .map((seats, team) => `Équipe ${team + 1} : places ${seats.slice(0, -1).join(", ")} et ${seats[seats.length - 1]}`)
      .join(" · ");
    show(teams, `${sentence}.`);
  } catch (error) {
    if (ticket === teamsTicket) show(null, error.message);
  }
}

async function createTable(event) {
  event.preventDefault();
  const game = currentGame();
  if (!game) return;
  const nom = $("nom").value.trim();
  if (!nom) {
    toast("Indiquez votre nom.");
    $("nom").focus();
    return;
  }
  const joueurs = playerCount();
  const mode = $("mode").value;
  const chosen = game.modes.find((m) => m.nom === mode);
  if (!chosen || joueurs < chosen.min || joueurs > chosen.max) {
    toast("Aucun mode de ce jeu n'accepte ce nombre de joueurs.");
    $("joueurs").focus();
    return;
  }
  const options = { mode };
  for (const el of $("options-champs").querySelectorAll("[data-option]")) {
    const name = el.dataset.option;
    const kind = el.dataset.kind;
    if (kind === "bool") options[name] = el.checked;
    else if (kind === "int") {
      const value = parseInt(el.value, 10);
      if (!Number.isFinite(value)) {
        toast("Une option attend un nombre entier.");
        el.focus();
        return;
      }
      options[name] = value;
    } else if (kind === "text") {
      if (fileTexts.has(name)) options[name] = fileTexts.get(name);
    } else options[name] = el.value;
  }
  const places = [...$("places-liste").querySelectorAll("select[data-seat]")].map((s) =>
    s.value === "humain" ? { type: "humain" } : { type: "robot", niveau: s.value.slice("robot:".length) },
  );
  if (!places.some((p) => p.type === "humain")) {
    toast("Gardez au moins une place « Personne » : la vôtre.");
    $("places-liste").querySelector("select")?.focus();
    return;
  }
  const heures = parseInt($("heures").value, 10) || 0;
  // A slow game has neither a clock in seconds nor an absence delay (docs/server.md).
  const horloge = heures ? 0 : parseInt($("horloge").value, 10) || 0;
  const absence = heures ? 0 : parseInt($("absence").value, 10) || 0;
  if (!currentAccount()) saveName(nom);
  const button = $("btn-creer");
  button.disabled = true;
  try {
    const classee = $("classee").checked;
    const created = await api.createTable({ jeu: game.nom, joueurs, options, places, nom, horloge, absence, heures, classee });
    saveSeat(created.table, { place: created.place, jeton: created.jeton, nom });
    window.location.href = `/table/${encodeURIComponent(created.table)}`;
  } catch (error) {
    toast(error.message);
    button.disabled = false;
  }
}

/** « Rythme »: a slow game hides the clock in seconds and the absence delay, which it has not. */
function onPaceChange() {
  const slow = $("heures").value !== "0";
  $("champ-horloge").hidden = slow;
  document.querySelector(".champ--absence").hidden = slow;
  $("heures-aide").textContent = slow
    ? "Chacun joue quand il veut, même des jours plus tard : la partie attend, sans rester connecté. Passé ce délai, un coup est joué à la place du retardataire."
    : "Tout le monde joue en même temps, la page ouverte.";
}

async function refreshTables() {
  const list = $("tables");
  try {
    const data = await api.tables();
    const tables = data.tables || [];
    if (tables.length === 0) {
      replaceChildren(list, h("li", { class: "tables__vide" }, "Aucune table ouverte pour l'instant."));
      return;
    }
    replaceChildren(list, tables.map(renderTableItem));
  } catch (error) {
    replaceChildren(list, h("li", { class: "tables__vide" }, `Liste indisponible : ${error.message}`));
  }
}

/** Logged in, the person plays under their account's name: the field shows it, read-only. */
function applyAccount(account) {
  const input = $("nom");
  const note = $("nom-compte");
  input.readOnly = Boolean(account);
  input.value = account ? account.nom : loadName();
  note.hidden = !account;
  if (account) input.setAttribute("aria-describedby", "nom-compte");
  else input.removeAttribute("aria-describedby");
}

/** A seat of this browser (its token) or of the logged-in account (names of accounts are
 * unique, and « compte » marks a seat held by one). */
function isMine(table) {
  const account = currentAccount();
  return Boolean(loadSeat(table.id)) || Boolean(account && table.places.some((p) => p.compte && p.nom === account.nom));
}

function renderTableItem(table) {
  const game = games.find((g) => g.nom === table.jeu);
  const mine = isMine(table);
  const taken = table.places.filter((p) => p.nom || p.type === "robot").length;
  const free = table.statut === "attente" && table.places.some((p) => p.type === "humain" && !p.nom && !p.gardee_pour);
  const names = table.places
    .map((p) => {
      if (p.type !== "robot") return p.nom || (p.gardee_pour ? `place gardée pour ${p.gardee_pour}` : "place libre");
      return `${p.nom || "Robot"} (robot ${robotTitle(game, p.niveau)})`;
    })
    .join(", ");
  const href = `/table/${encodeURIComponent(table.id)}`;
  let link;
  if (mine) link = h("a", { class: "bouton", href }, "Reprendre");
  else if (free) link = h("a", { class: "bouton bouton--principal", href }, "Rejoindre");
  else link = h("a", { class: "bouton", href: `${href}?regarder=1` }, "Regarder");
  return h("li", { class: "tables__ligne", dataset: { table: table.id } },
    h("div", { class: "tables__info" },
      h("strong", {}, table.titre || table.jeu),
      " ",
      h("span", { class: ["pastille", `pastille--${table.statut}`] }, STATUS_LABELS[table.statut] || table.statut),
      table.heures ? [" ", h("span", { class: "pastille pastille--lente" }, slowLabel(table.heures))] : null,
      h("div", { class: "aide" }, `${taken}/${table.joueurs} · ${names}`),
    ),
    link,
  );
}

// « Partie classée »: on by default for a logged-in creator; never alone, nor without an account.
let ratedTouched = false;

function renderRated() {
  const account = currentAccount();
  const box = $("classee");
  const solo = playerCount() < 2;
  box.disabled = !account || solo;
  if (box.disabled) box.checked = false;
  else if (!ratedTouched) box.checked = true;
  $("classee-aide").textContent = !account
    ? "Connectez-vous pour jouer une partie classée : un classement appartient à un compte."
    : solo
      ? "Une partie en solo n'est pas classée."
      : "Le résultat fait monter ou descendre le classement des joueurs qui ont un compte.";
}

async function init() {
  $("nom").value = loadName();
  $("classee").addEventListener("change", () => { ratedTouched = true; });
  accountReady.then(renderRated);
  onAccountChange(renderRated);
  accountReady.then((account) => {
    applyAccount(account);
    if (games.length) refreshTables(); // else init lists them once the games are known
  });
  onAccountChange((account) => {
    applyAccount(account);
    refreshTables();
  });
  $("jeu").addEventListener("change", onGameChange);
  $("joueurs").addEventListener("input", onCountChange);
  $("mode").addEventListener("change", onModeChange);
  $("form-nouvelle-table").addEventListener("submit", createTable);
  $("heures").addEventListener("change", onPaceChange);
  onPaceChange();
  $("options-champs").addEventListener("change", updateTeams);
  $("btn-actualiser").addEventListener("click", refreshTables);
  try {
    const data = await api.games();
    games = data.jeux || [];
  } catch (error) {
    toast(`Impossible de charger les jeux : ${error.message}`);
    return;
  }
  renderGames();
  onGameChange();
  refreshTables();
  setInterval(() => {
    if (document.visibilityState === "visible") refreshTables();
  }, 8000);
}

init();
