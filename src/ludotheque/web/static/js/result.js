// The final ranking of a game (vue.resultat: rangs, scores, gagnants, raison), id="resultat".

import { h, ordinal, plural } from "./ui.js";

/**
 * @param {object} resultat  {rangs: [..], scores: [..]|null, gagnants: [..], raison}
 * @param {string[]} names   display name of each seat
 * @param {number|null} me   this browser's seat
 * @param {boolean} solo     one player against the game (no other seat to rank against)
 * @param {object|null} opponent  the game's own opponent in solo ({nom, score})
 * @param {(string|null)[]} levels  beside a robot's name, its level (« robot · Fort »)
 * @param {Element|null} details  what the game adds under the ranking (Gremlins: team totals)
 * @param {string[]} unit  what a score counts, singular and plural (Gremlins: prestige)
 */
export function resultElement(resultat, names, me = null, solo = false, opponent = null, levels = [], details = null, unit = ["point", "points"]) {
  const seats = resultat.rangs.map((rank, seat) => ({ seat, rank, score: resultat.scores?.[seat] }));
  seats.sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  if (solo) return soloResult(resultat, seats[0], names, me, opponent);
  const winners = new Set(resultat.gagnants || []);
  let headline;
  if (me !== null && winners.has(me)) headline = winners.size > 1 ? "Victoire partagée !" : "Vous gagnez !";
  else if (winners.size) headline = `${[...winners].map((s) => names[s] || `Place ${s + 1}`).join(" et ")} ${winners.size > 1 ? "gagnent" : "gagne"} !`;
  else headline = "Partie terminée";
  return h("section", { id: "resultat", class: "resultat", "aria-labelledby": "resultat-titre", tabindex: "-1" },
    h("h2", { id: "resultat-titre" }, headline),
    resultat.raison ? h("p", { class: "resultat__raison" }, sentence(resultat.raison)) : null,
    h("ol", { class: "resultat__classement" },
      seats.map(({ seat, rank, score }) =>
        h("li", {
          class: ["resultat__ligne", winners.has(seat) ? "resultat__ligne--gagnant" : null, seat === me ? "resultat__ligne--moi" : null],
          dataset: { place: seat, rang: rank },
        },
          h("span", { class: "resultat__rang" }, ordinal(rank)),
          h("span", { class: "resultat__nom" }, (names[seat] || `Place ${seat + 1}`) + (seat === me ? " (vous)" : "")),
          levels[seat] ? h("span", { class: "pastille pastille--robot" }, levels[seat]) : null,
          score !== undefined && score !== null ? h("span", { class: "resultat__score" }, plural(score, ...unit)) : null,
          winners.has(seat) ? h("span", { class: "pastille pastille--gagnant" }, "gagnant") : null,
        ),
      ),
    ),
    details,
  );
}

/** One player against the game: the player's score and, when known, the opponent's (la Rotative). */
function soloResult(resultat, player, names, me, opponent) {
  // Without an opponent (Letter's solo variants) nobody wins or loses: the reason tells the result.
  const won = opponent !== null && (resultat.gagnants || []).includes(player.seat);
  const rows = [
    { key: "joueur", name: (names[player.seat] || "Vous") + (player.seat === me ? " (vous)" : ""), score: player.score, win: won, seat: player.seat },
  ];
  if (opponent) rows.push({ key: "adversaire", name: opponent.nom, score: opponent.score, win: !won });
  if (opponent && !won) rows.reverse();
  return h("section", { id: "resultat", class: "resultat", "aria-labelledby": "resultat-titre", tabindex: "-1" },
    h("h2", { id: "resultat-titre" }, opponent === null ? "Partie terminée" : won ? "Victoire !" : "Défaite…"),
    resultat.raison ? h("p", { class: "resultat__raison" }, sentence(resultat.raison)) : null,
    h("ol", { class: "resultat__classement" },
      rows.map((row, i) => h("li", {
        class: ["resultat__ligne", row.win ? "resultat__ligne--gagnant" : null, row.key === "joueur" && row.seat === me ? "resultat__ligne--moi" : null],
        dataset: row.key === "joueur" ? { place: row.seat, rang: player.rank } : { adversaire: "true" },
      },
        opponent ? h("span", { class: "resultat__rang" }, ordinal(i + 1)) : null,
        h("span", { class: "resultat__nom" }, row.name),
        opponent && row.score !== undefined && row.score !== null ? h("span", { class: "resultat__score" }, plural(row.score, "point")) : null,
        row.win ? h("span", { class: "pastille pastille--gagnant" }, "gagnant") : null,
      )),
    ),
  );
}

/** A reason as a sentence: a capital first, a full stop last (« Un joueur a atteint 10 prestige. »). */
function sentence(text) {
  const first = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
}
