// Slow games (docs/server.md, « Parties lentes »): hours per move, deadlines in words.

/** « Partie lente, 24 h par coup » (hours: the table's « heures »). */
export function slowLabel(hours) {
  return `Partie lente, ${hours === 168 ? "1 semaine" : `${hours} h`} par coup`;
}

function plural(n, word) {
  return `${n} ${n >= 2 ? `${word}s` : word}`;
}

/** « 21 h 14 », « 9 h 05 ». */
function hourWords(date) {
  return `${date.getHours()} h ${String(date.getMinutes()).padStart(2, "0")}`;
}

const LONG_DAY = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long" });

/** A moment as a person says it, in their own time zone: « aujourd'hui 21 h 14 »,
 * « demain 9 h 05 », « hier 21 h 14 », « mardi 17 juin à 21 h 14 ». */
export function momentWords(date, now = new Date()) {
  const day = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(date) - day(now)) / 86400000);
  const named = { 0: "aujourd'hui", 1: "demain", [-1]: "hier" }[days];
  return named ? `${named} ${hourWords(date)}` : `${LONG_DAY.format(date)} à ${hourWords(date)}`;
}

/** Time left in hours and minutes: « 23 h 40 min », « 40 min », « 3 jours et 2 h » past two days. */
export function durationWords(seconds) {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return "moins d'une minute";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours >= 48) {
    const days = Math.floor(hours / 24);
    return hours % 24 ? `${plural(days, "jour")} et ${hours % 24} h` : plural(days, "jour");
  }
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/**
 * What a slow table's page says above the board: whose turn, since when, until when.
 * table: the table (heures, places[].jusqu_a); mine: this seat must act now; left: its seconds
 * left (from the server's « echeance », so a wrong clock on this computer does not matter);
 * me: this browser's seat (null: a spectator); names: each seat's name.
 * Returns {text, urgent} ({text: ""} when nobody's clock runs: a bot is thinking).
 */
export function slowStatus({ table, mine, left, me, names }) {
  const now = new Date();
  const sentences = [];
  const ownDeadline = table.places[me]?.jusqu_a;
  if (mine && ownDeadline) {
    const until = new Date(ownDeadline);
    const since = new Date(until.getTime() - table.heures * 3600000);
    sentences.push(`Il vous reste ${durationWords(left)} pour jouer, jusqu'à ${momentWords(until, now)}.`);
    sentences.push(`À vous depuis ${momentWords(since, now)}.`);
  }
  for (const place of table.places) {
    if (place.place === me || !place.jusqu_a) continue;
    const until = new Date(place.jusqu_a);
    const since = new Date(until.getTime() - table.heures * 3600000);
    const name = names[place.place] || `Place ${place.place + 1}`;
    sentences.push(`${name} a jusqu'à ${momentWords(until, now)} pour jouer (son tour depuis ${momentWords(since, now)}).`);
  }
  return { text: sentences.join(" "), urgent: Boolean(mine && ownDeadline && left < 3600) };
}
