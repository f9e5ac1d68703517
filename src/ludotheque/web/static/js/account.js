// The account bar of every page (<div id="compte">): who is logged in; « Se connecter »,
// « Créer un compte » (a small dialog); « Mes parties », « Classement », « Mon compte » (delete
// the account), « Se déconnecter ». Other modules read the account with `accountReady` and
// `onAccountChange` (the lobby fills its name field with the account's name).
import { api } from "./api.js";
import { h, replaceChildren, toast } from "./ui.js";

let current = null; // {nom, cree} or null
const listeners = [];
let opener = null; // the button that opened the dialog (the focus goes back to it)

/** The account once the page asked the server (null: nobody is logged in). */
export const accountReady = api.me().then(
  (data) => {
    current = data?.compte || null;
    render();
    return current;
  },
  () => {
    render();
    return null;
  },
);

/** Called with the account (or null) each time it changes after the page loaded. */
export function onAccountChange(listener) {
  listeners.push(listener);
}

export function currentAccount() {
  return current;
}

function changed(account) {
  current = account;
  render();
  for (const listener of listeners) listener(current);
}

// --- the bar ------------------------------------------------------------------------------

function render() {
  const bar = document.getElementById("compte");
  if (!bar) return;
  bar.classList.add("compte");
  if (!bar.getAttribute("aria-label")) {
    bar.setAttribute("role", "navigation");
    bar.setAttribute("aria-label", "Votre compte");
  }
  if (!current) {
    replaceChildren(bar,
      h("button", { type: "button", id: "btn-se-connecter", class: "compte__lien", "aria-haspopup": "dialog", onclick: (e) => open("connexion", e.currentTarget) }, "Se connecter"),
      h("button", { type: "button", id: "btn-creer-compte", class: "compte__lien", "aria-haspopup": "dialog", onclick: (e) => open("inscription", e.currentTarget) }, "Créer un compte"));
    return;
  }
  replaceChildren(bar,
    h("span", { class: "compte__qui", id: "compte-nom" }, "Connecté·e : ", h("strong", {}, current.nom)),
    h("a", { class: "compte__lien", href: "/mes-parties" }, "Mes parties"),
    h("a", { class: "compte__lien", href: "/classement" }, "Classement"),
    h("button", { type: "button", id: "btn-mon-compte", class: "compte__lien", "aria-haspopup": "dialog", onclick: (e) => open("compte", e.currentTarget) }, "Mon compte"),
    h("button", { type: "button", id: "btn-se-deconnecter", class: "compte__lien", onclick: logOut }, "Se déconnecter"));
}

async function logOut() {
  try {
    await api.logOut();
  } catch (error) {
    toast(error.message);
    return;
  }
  changed(null);
  toast("Vous êtes déconnecté·e.", "info");
  document.getElementById("btn-se-connecter")?.focus();
}

// --- the dialog ---------------------------------------------------------------------------

function dialog() {
  let box = document.getElementById("compte-dialogue");
  if (!box) {
    box = h("dialog", { id: "compte-dialogue", class: "dialogue", "aria-labelledby": "compte-dialogue-titre" });
    box.addEventListener("close", () => {
      replaceChildren(box);
      const back = opener && opener.isConnected ? opener : document.getElementById("btn-se-connecter") || document.getElementById("btn-mon-compte");
      back?.focus();
      opener = null;
    });
    document.body.appendChild(box);
  }
  return box;
}

function open(mode, from) {
  opener = from || null;
  const box = dialog();
  fill(box, mode);
  if (!box.open) box.showModal();
  box.querySelector("[autofocus]")?.focus();
}

function field(id, label, input, help) {
  const helpId = help ? `${id}-aide` : null;
  if (helpId) input.setAttribute("aria-describedby", helpId);
  return h("div", { class: "champ" }, h("label", { for: id }, label), input, help ? h("p", { class: "aide", id: helpId }, help) : null);
}

function errorZone() {
  // Read out as soon as it is filled; empty (and hidden by CSS) otherwise.
  return h("p", { id: "compte-erreur", class: "dialogue__erreur", role: "alert", "aria-live": "assertive" });
}

function showError(box, error) {
  const zone = box.querySelector("#compte-erreur");
  zone.textContent = error.message;
  const code = error.code || "";
  const target = code.startsWith("nom") ? box.querySelector("#compte-nom-champ") : box.querySelector("input[type='password']");
  for (const input of box.querySelectorAll("input")) input.removeAttribute("aria-invalid");
  if (target && (code.startsWith("nom") || code.startsWith("mot_de_passe") || code === "identifiants")) {
    target.setAttribute("aria-invalid", "true");
    target.focus();
    if (target.select) target.select();
  }
}

function fill(box, mode) {
  const close = h("button", { type: "button", class: "bouton", onclick: () => box.close() }, mode === "compte" ? "Fermer" : "Annuler");
  if (mode === "compte") {
    fillAccount(box, close);
    return;
  }
  const creating = mode === "inscription";
  const name = h("input", { id: "compte-nom-champ", type: "text", maxlength: 40, autocomplete: "username", required: true, autofocus: true, spellcheck: "false" });
  const password = h("input", { id: "compte-mot-de-passe", type: "password", maxlength: 128, required: true,
    autocomplete: creating ? "new-password" : "current-password" });
  const submit = h("button", { type: "submit", id: "compte-valider", class: "bouton bouton--principal" }, creating ? "Créer le compte" : "Se connecter");
  const form = h("form", { class: "formulaire", novalidate: true },
    field("compte-nom-champ", "Nom", name, creating ? "C'est le nom que les autres joueurs liront (40 caractères au plus)." : null),
    field("compte-mot-de-passe", "Mot de passe", password, creating ? "Au moins 8 caractères." : null),
    errorZone(),
    h("div", { class: "actions" }, submit, close));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const nom = name.value.trim();
    if (!nom) {
      showError(box, { message: "Indiquez votre nom.", code: "nom_invalide" });
      return;
    }
    if (!password.value) {
      showError(box, { message: "Indiquez votre mot de passe.", code: "mot_de_passe" });
      return;
    }
    submit.disabled = true;
    try {
      const data = creating ? await api.signUp(nom, password.value) : await api.logIn(nom, password.value);
      box.close();
      changed(data.compte);
      toast(creating ? `Votre compte «\u00a0${data.compte.nom}\u00a0» est créé : vous êtes connecté·e.` : `Bonjour, ${data.compte.nom}\u00a0!`, "info");
    } catch (error) {
      submit.disabled = false;
      showError(box, error);
    }
  });
  const other = creating
    ? h("p", { class: "dialogue__autre" }, "Déjà un compte ? ",
      h("button", { type: "button", class: "compte__bascule", onclick: () => open("connexion", opener) }, "Se connecter"))
    : h("p", { class: "dialogue__autre" }, "Pas encore de compte ? ",
      h("button", { type: "button", class: "compte__bascule", onclick: () => open("inscription", opener) }, "Créer un compte"));
  replaceChildren(box,
    h("h2", { id: "compte-dialogue-titre" }, creating ? "Créer un compte" : "Se connecter"),
    creating ? h("p", { class: "aide" }, "Un compte garde votre nom, vos parties et votre classement. On peut toujours jouer sans compte.") : null,
    form,
    other);
}

function fillAccount(box, close) {
  const created = current?.cree ? new Date(current.cree) : null;
  const since = created && !Number.isNaN(created.getTime())
    ? ` depuis le ${created.toLocaleDateString("fr-FR", { day: "numeric", month: "long", year: "numeric" })}` : "";
  const password = h("input", { id: "compte-suppression-mot-de-passe", type: "password", maxlength: 128, autocomplete: "current-password", required: true });
  const submit = h("button", { type: "submit", id: "compte-supprimer", class: "bouton bouton--danger" }, "Supprimer définitivement mon compte");
  const form = h("form", { class: "formulaire", novalidate: true },
    field("compte-suppression-mot-de-passe", "Votre mot de passe, pour confirmer", password),
    errorZone(),
    h("div", { class: "actions" }, submit));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!password.value) {
      showError(box, { message: "Indiquez votre mot de passe pour confirmer.", code: "mot_de_passe" });
      return;
    }
    submit.disabled = true;
    try {
      await api.deleteAccount(password.value);
      box.close();
      changed(null);
      toast("Votre compte est supprimé. Vos parties passées restent, sous le nom «\u00a0Anonyme\u00a0».", "info");
    } catch (error) {
      submit.disabled = false;
      if (error.code === "non_connecte") {
        box.close();
        changed(null);
        toast(error.message);
        return;
      }
      showError(box, error);
    }
  });
  replaceChildren(box,
    h("h2", { id: "compte-dialogue-titre" }, "Mon compte"),
    h("p", {}, "Vous jouez sous le nom ", h("strong", {}, current?.nom || ""), `${since}.`),
    h("section", { class: "dialogue__section", "aria-labelledby": "compte-suppression-titre" },
      h("h3", { id: "compte-suppression-titre" }, "Supprimer mon compte"),
      h("p", { class: "aide", id: "compte-suppression-aide" },
        "Vos parties passées restent pour les autres joueurs, sous le nom «\u00a0Anonyme\u00a0» ; votre classement est effacé. On ne peut pas revenir en arrière."),
      form),
    h("div", { class: "actions" }, close));
  password.setAttribute("aria-describedby", "compte-suppression-aide");
  password.setAttribute("autofocus", "");
}

render();
