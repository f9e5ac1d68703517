"""Gremlins' balance among equal bots: seat win rates and each card's effect on winning.

``python scripts/gremlins_balance.py [--games N] [--bot greedy] [--players 2,3,4] [--seed S]
[--output docs/gremlins-balance.md]``

Plays ``N`` games per player count, every seat the same bot (free-for-all, default table:
20 prestige or 4 exhaustions), and writes a markdown report:

(a) each seat's win rate (in the order of play from the seat drawn to start: « 1er » is the
    first player), a shared first place counted as half a win for each seat that shares it
    (and the shared games reported apart), with a 95 % Wilson interval; the goal of the issue
    (no seat above 55 % in 2-player games) is checked;
(b) each card's effect on the win rate of whoever uses it: an action played (``PlayAction``)
    or a plan completed (``Complete``; the card is read in the state before the action). For
    each card: the games where some seat used it, that seat's win rate in those games, its
    baseline (the mean win rate of its seat position, same player count), the difference and
    the difference against the mean of the cards of its kind (completing any plan goes with
    winning: compare cards with their kind). Cards far above/below are flagged.

The games are reproducible: game ``k`` with ``p`` players uses the seed
``derive_seed(seed, p, k)`` and the bots' own streams (:func:`~ludotheque.bots.simulate.play_game`
conventions).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import derive_seed
from ludotheque.core.rng import Rng
from ludotheque.games.gremlins import Gremlins
from ludotheque.games.gremlins.actions import Complete, PlayAction
from ludotheque.games.gremlins.bots import BOTS, make_bot
from ludotheque.games.gremlins.state import GremlinsState

GAME = Gremlins()
Z = 1.96
FLAG = 0.10
"""A card is flagged when its difference against its kind is beyond ±10 points, its 95 %
interval excludes 0 and it was used in at least :data:`MIN_GAMES` games."""
MIN_GAMES = 30


@dataclass
class Tally:
    """Win points (a shared first place: 1/k) over some trials."""

    points: float = 0.0
    trials: int = 0
    baseline: float = 0.0  # sum of the baselines of the trials (card usage)
    uses: int = 0

    def rate(self) -> float:
        return self.points / self.trials if self.trials else 0.0


@dataclass
class Run:
    """What the games of one player count produced."""

    players: int
    games: int = 0
    shared: int = 0
    seconds: float = 0.0
    turns: int = 0
    seats: list[Tally] = field(default_factory=list)
    raw_wins: list[int] = field(default_factory=list)
    # card -> list of (seat position, win points) for each (game, seat) that used it
    used: dict[str, list[tuple[int, float, int]]] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)
    scores: list[int] = field(default_factory=list)


def wilson(points: float, trials: int) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion (half wins allowed)."""
    if not trials:
        return 0.0, 1.0
    p = points / trials
    denominator = 1 + Z * Z / trials
    centre = (p + Z * Z / (2 * trials)) / denominator
    half = Z * math.sqrt(p * (1 - p) / trials + Z * Z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def play(players: int, seed: int, bot: str, run: Run) -> None:
    """One game; its seat results and card uses are added to ``run``."""
    state: GremlinsState = GAME.new(players, seed, {"mode": "classique"})
    bots = [make_bot(bot) for _ in range(players)]
    draws = [Rng.from_seed(derive_seed(seed, s)).draws() for s in range(players)]
    uses: dict[int, dict[str, int]] = defaultdict(dict)
    while True:
        movers = sorted(state.to_move())
        if not movers:
            break
        seat = movers[0]
        action = bots[seat].choose(Observation.of(GAME, state, seat), draws[seat])
        card = None
        if isinstance(action, PlayAction):
            card = action.card
        elif isinstance(action, Complete):
            card = state.projects[seat][action.project].card
        if card is not None:
            uses[seat][card] = uses[seat].get(card, 0) + 1
        state = state.apply(seat, action)
    outcome = state.outcome()
    assert outcome is not None
    winners = outcome.winners
    order = state.config.clockwise(state.config.starter)
    run.games += 1
    run.turns += state.turn
    run.shared += len(winners) > 1
    run.reasons[outcome.reason or ""] = run.reasons.get(outcome.reason or "", 0) + 1
    run.scores.extend(state.scores)
    for position, seat in enumerate(order):
        points = 1 / len(winners) if seat in winners else 0.0
        run.seats[position].points += points
        run.seats[position].trials += 1
        run.raw_wins[position] += seat in winners
        for card, count in uses[seat].items():
            run.used.setdefault(card, []).append((position, points, count))


def simulate(players: int, games: int, seed: int, bot: str, progress: bool) -> Run:
    run = Run(players, seats=[Tally() for _ in range(players)], raw_wins=[0] * players)
    start = time.perf_counter()
    for k in range(games):
        play(players, derive_seed(seed, players, k), bot, run)
        if progress and (k + 1) % 25 == 0:
            print(f"  {players} joueurs : {k + 1}/{games} parties", file=sys.stderr)
    run.seconds = time.perf_counter() - start
    return run


def _pct(value: float) -> str:
    return f"{100 * value:.1f} %"


def seat_section(runs: Sequence[Run]) -> tuple[list[str], bool]:
    lines = [
        "## (a) Taux de victoire par place",
        "",
        "Place : l'ordre de jeu à partir du premier joueur tiré au sort (« 1er » joue en "
        "premier). Une première place partagée compte une demi-victoire pour chacun (les parties "
        "partagées sont aussi comptées à part) ; intervalle de confiance à 95 % (Wilson).",
        "",
    ]
    goal = True
    for run in runs:
        expected = 1 / run.players
        lines += [
            f"### {run.players} joueurs — {run.games} parties "
            f"({run.shared} à première place partagée, {run.turns / max(1, run.games):.1f} "
            f"tours en moyenne, {run.seconds:.0f} s)",
            "",
            "| place | victoires (partagées comptées ½) | victoires brutes | taux | IC 95 % "
            "| attendu |",
            "|---|---|---|---|---|---|",
        ]
        for position, tally in enumerate(run.seats):
            low, high = wilson(tally.points, tally.trials)
            lines.append(
                f"| {position + 1}{'er' if position == 0 else 'e'} | {tally.points:g} "
                f"| {run.raw_wins[position]} | {_pct(tally.rate())} "
                f"| {_pct(low)} – {_pct(high)} | {_pct(expected)} |"
            )
        reasons = ", ".join(f"{reason} : {n}" for reason, n in sorted(run.reasons.items()))
        mean_score = sum(run.scores) / max(1, len(run.scores))
        lines += ["", f"Fins de partie : {reasons}. Score moyen : {mean_score:.1f}.", ""]
        if run.players == 2:
            worst = max(t.rate() for t in run.seats)
            goal = worst <= 0.55
    return lines, goal


def card_rows(runs: Sequence[Run]) -> list[dict[str, Any]]:
    """One row per card used: uses, games, win rate when used, baseline, differences."""
    baselines = {
        (run.players, position): tally.rate()
        for run in runs
        for position, tally in enumerate(run.seats)
    }
    tallies: dict[str, Tally] = defaultdict(Tally)
    for run in runs:
        for card, entries in run.used.items():
            tally = tallies[card]
            for position, points, count in entries:
                tally.points += points
                tally.trials += 1
                tally.baseline += baselines[(run.players, position)]
                tally.uses += count
    catalog = GAME.new(2, 0).catalog
    rows: list[dict[str, Any]] = []
    for card, tally in tallies.items():
        info = catalog[card]
        rate = tally.rate()
        base = tally.baseline / tally.trials
        rows.append(
            {
                "card": card,
                "name": info.name,
                "kind": info.kind,
                "uses": tally.uses,
                "games": tally.trials,
                "rate": rate,
                "base": base,
                "diff": rate - base,
                "half": Z * math.sqrt(max(rate * (1 - rate), 0.05) / tally.trials),
            }
        )
    by_kind: dict[str, list[float]] = defaultdict(list)
    weights: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        by_kind[row["kind"]].append(row["diff"])
        weights[row["kind"]].append(row["games"])
    means = {
        kind: sum(d * w for d, w in zip(diffs, weights[kind], strict=True)) / sum(weights[kind])
        for kind, diffs in by_kind.items()
    }
    for row in rows:
        row["vs_kind"] = row["diff"] - means[row["kind"]]
        flag = ""
        if row["games"] < MIN_GAMES:
            pass
        elif row["vs_kind"] > FLAG and row["vs_kind"] - row["half"] > 0:
            flag = "fort ?"
        elif row["vs_kind"] < -FLAG and row["vs_kind"] + row["half"] < 0:
            flag = "faible ?"
        row["flag"] = flag
    rows.sort(key=lambda r: (-r["vs_kind"], r["card"]))
    return rows


KIND_NAMES = {"action": "Action jouée", "plan": "Plan terminé", "permanent": "Permanent terminé"}


def card_section(runs: Sequence[Run]) -> tuple[list[str], list[dict[str, Any]]]:
    rows = card_rows(runs)
    unused = sorted(set(GAME.new(2, 0).catalog) - {r["card"] for r in rows})
    lines = [
        "## (b) Effet de chaque carte sur le taux de victoire de qui l'utilise",
        "",
        "Une utilisation : une action jouée, ou un plan (ponctuel ou permanent) terminé. Pour "
        "chaque carte : les parties où une place l'a utilisée (« parties », toutes tailles de "
        "table ensemble ; « utilisations » compte chaque fois), le taux de victoire de cette "
        "place dans ces parties, sa référence (le taux moyen de sa position à sa taille de "
        "table), la différence, et la différence par rapport à la moyenne des cartes de son "
        "type (terminer un plan, quel qu'il soit, va avec la victoire : on compare donc chaque "
        "carte aux cartes de son type). « ± » : demi-largeur de l'intervalle à 95 % de la "
        "différence. Drapeau : écart au type au-delà de ±10 points, intervalle qui "
        f"exclut 0 et au moins {MIN_GAMES} parties. Corrélation, pas causalité : une carte "
        "jouée par qui mène déjà paraît forte, "
        "et le robot glouton ne joue une action que quand aucun plan n'avance mieux (souvent "
        "en retard) : les actions paraissent faibles en bloc, comparez-les entre elles ; un "
        "plan long (Cathédrale) n'est terminé que dans les parties où tout s'enchaîne.",
        "",
    ]
    means: dict[str, float] = {}
    for kind in ("action", "plan", "permanent"):
        kind_rows = [r for r in rows if r["kind"] == kind]
        if kind_rows:
            total = sum(r["games"] for r in kind_rows)
            means[kind] = sum(r["diff"] * r["games"] for r in kind_rows) / total
    lines.append(
        "Moyenne des différences par type (pondérée par les parties) : "
        + ", ".join(f"{KIND_NAMES[k].lower()} {100 * v:+.1f} points" for k, v in means.items())
        + "."
    )
    lines += [
        "",
        "| carte | nom | type | utilisations | parties | victoires quand utilisée | référence "
        "| différence | ± | vs type | drapeau |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['card']} | {r['name']} | {r['kind']} | {r['uses']} | {r['games']} "
            f"| {_pct(r['rate'])} | {_pct(r['base'])} | {100 * r['diff']:+.1f} "
            f"| {100 * r['half']:.1f} | {100 * r['vs_kind']:+.1f} | {r['flag']} |"
        )
    lines += [
        "",
        f"Jamais utilisées ({len(unused)}) : {', '.join(unused) if unused else 'aucune'}.",
        "",
    ]
    return lines, rows


def report(runs: Sequence[Run], command: str, bot: str) -> str:
    seats, goal = seat_section(runs)
    cards, rows = card_section(runs)
    two = next((run for run in runs if run.players == 2), None)
    strong = [r for r in rows if r["flag"] == "fort ?"]
    weak = [r for r in rows if r["flag"] == "faible ?"]
    lines = [
        "# Gremlins, Inc. : équilibre entre robots égaux",
        "",
        "Rapport généré, ne pas modifier à la main. Commande (depuis la racine du dépôt) :",
        "",
        f"    {command}",
        "",
        f"Chaque place est jouée par le robot `{bot}` ({', '.join(sorted(BOTS))} existent), "
        "table par défaut (chacun pour soi, 20 prestige ou 4 épuisements de la pioche, pas de "
        "nouvelle main). Les cartes sont la reconstruction de `data/cartes.txt` "
        "(`docs/gremlins-cards.md`) : ces chiffres jugent la reconstruction et le robot, pas "
        "le jeu imprimé.",
        "",
        "## Résumé",
        "",
    ]
    if two is not None:
        rates = ", ".join(
            f"{position + 1}{'er' if position == 0 else 'e'} {_pct(t.rate())}"
            for position, t in enumerate(two.seats)
        )
        verdict = "tenu" if goal else "NON tenu"
        lines.append(
            f"- Objectif « aucune place au-dessus de 55 % à 2 joueurs » : **{verdict}** "
            f"({rates} sur {two.games} parties, demi-victoire pour une première place partagée)."
        )
        low, high = wilson(max(t.points for t in two.seats), two.games)
        lines.append(
            f"  (estimation ponctuelle ; place la plus favorisée : intervalle à 95 % "
            f"{_pct(low)} – {_pct(high)}.)"
        )
        if not goal:
            first_favoured = two.seats[0].rate() > two.seats[1].rate()
            if first_favoured:
                hint = (
                    "le premier joueur est avantagé : compenser le second (une carte de plus "
                    "dans sa main de départ, ou 1 prestige de départ, ou 1 action de plus à son "
                    "premier tour)"
                )
            else:
                hint = (
                    "le second joueur est avantagé : il joue toujours le dernier tour (la fin "
                    "de partie ne se vérifie qu'à la fin d'un tour de table) et voit venir la "
                    "fin ; compenser le premier (1 prestige ou 1 carte de départ), ou finir la "
                    "partie dès qu'un joueur atteint le prestige visé en donnant un dernier tour "
                    "à chacun des autres"
                )
            lines.append(
                f"  Piste (sans modifier ici les règles ni les cartes) : {hint} ; puis relancer "
                "ce script pour vérifier."
            )
    for run in runs:
        if run.players == 2:
            continue
        top = max(range(run.players), key=lambda p: run.seats[p].rate())
        low, high = wilson(run.seats[top].points, run.seats[top].trials)
        lines.append(
            f"- {run.players} joueurs : place la plus favorisée {top + 1}"
            f"{'er' if top == 0 else 'e'} à {_pct(run.seats[top].rate())} "
            f"({_pct(low)} – {_pct(high)}) pour {_pct(1 / run.players)} attendus."
        )
    lines.append(
        "- Cartes qui semblent trop fortes : "
        + (
            ", ".join(f"{r['card']} {r['name']} ({100 * r['vs_kind']:+.0f})" for r in strong)
            or "aucune"
        )
        + "."
    )
    lines.append(
        "- Cartes qui semblent trop faibles : "
        + (
            ", ".join(f"{r['card']} {r['name']} ({100 * r['vs_kind']:+.0f})" for r in weak)
            or "aucune"
        )
        + "."
    )
    lines += ["", *seats, *cards]
    return "\n".join(lines).rstrip() + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="parties par taille de table")
    parser.add_argument("--bot", default="greedy", choices=sorted(BOTS))
    parser.add_argument("--players", default="2,3,4", help="tailles de table, ex. 2,3,4")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--output", type=Path, default=Path("docs/gremlins-balance.md"))
    parser.add_argument("--quiet", action="store_true", help="pas de progression sur stderr")
    args = parser.parse_args(argv)
    players = [int(p) for p in args.players.split(",") if p.strip()]
    if args.games < 1 or any(not 2 <= p <= 6 for p in players):
        parser.error("--games ≥ 1 et des tailles de table de 2 à 6")
    command = (
        f"python scripts/gremlins_balance.py --games {args.games} --bot {args.bot} "
        f"--players {','.join(map(str, players))} --seed {args.seed} --output {args.output}"
    )
    runs = [simulate(p, args.games, args.seed, args.bot, not args.quiet) for p in players]
    args.output.write_text(report(runs, command, args.bot), encoding="utf-8")
    print(f"{args.output} écrit ({sum(r.seconds for r in runs):.0f} s).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
