// Dates and waits as a French reader says them: « il y a 2 h », « 24 novembre », « 20 h ».

const DAY_MONTH = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long" });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric" });
const SHORT = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short" });

/** « 24 novembre » (« 24 novembre 2025 » for another year). */
export function longDate(iso, now = new Date()) {
  const date = new Date(iso);
  return (date.getFullYear() === now.getFullYear() ? DAY_MONTH : DAY_MONTH_YEAR).format(date);
}

/** « 24 nov. », for a chart's axis. */
export function shortDate(iso) {
  return SHORT.format(new Date(iso));
}

/** « à l'instant », « il y a 5 min », « il y a 2 h », then « 24 novembre ». */
export function whenPlayed(iso, now = new Date()) {
  if (!iso) return "";
  const seconds = (now - new Date(iso)) / 1000;
  if (seconds < 60) return "à l'instant";
  if (seconds < 3600) return `il y a ${Math.floor(seconds / 60)} min`;
  if (seconds < 24 * 3600) return `il y a ${Math.floor(seconds / 3600)} h`;
  return longDate(iso, now);
}

/** A wait in words: « 20 h », « 1 j 4 h », « 35 min ». */
export function timeLeft(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 3600) return `${Math.max(1, Math.floor(s / 60))} min`;
  const hours = Math.floor(s / 3600);
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} j ${rest} h` : `${days} j`;
}
