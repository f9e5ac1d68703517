"""Train a small policy for Gutenberg by self-play on a CPU in minutes, then measure it against
the Débutant and Intermédiaire bots.

``python examples/train_linear_policy.py [--batches 60] [--batch 8] [--seed 0] [--out docs/rl]``

The policy is linear and plain numpy: each index of the menu gets the score
``f · (w + W·o)``, where ``f`` is the index's ``action_features`` row and ``o`` the
observation vector (so the weight of a feature, the value of a word, the type of a move, depends
on the position), and the policy is a softmax over the unmasked indices. Trained by REINFORCE
on two-player self-play through :func:`ludotheque.rl.aec_env` (both seats play the policy;
the return is the final ranking, +1 / −1), an Adam step after each batch of games. Now and
then (more often early on) the policy, playing greedily (the best-scored index), plays 2-player
games against the Débutant and the Intermédiaire bots: its win rates (a shared first place counts
half) make the learning curve. At the end, more games against both, next to two baselines: a
random masked policy and « the menu's first move » (the best word the word finder proposes, the
first card of a packet, the first claim listed).
Writes ``learning_curve.png`` (matplotlib, when installed — it is not a dependency of
ludotheque) and ``learning_curve.csv`` to ``--out``; the numbers are in ``docs/rl.md``.
"""

from __future__ import annotations

import argparse
import csv
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludotheque.bots.base import Observation
from ludotheque.bots.table import make_bot
from ludotheque.core.rng import Rng
from ludotheque.rl import aec_env
from ludotheque.rl.session import Session

GAME = "gutenberg"
Array = npt.NDArray[np.float64]
Policy = Callable[[dict[str, Any], np.random.Generator], int]


class LinearPolicy:
    """Scores ``f · (w + W·o)`` over the unmasked indices, softmax (see the module doc)."""

    def __init__(self, features: int, inputs: int, seed: int) -> None:
        self.w = np.zeros(features)
        self.W = np.zeros((features, inputs))
        self.rng = np.random.default_rng(seed)
        self.moments = [np.zeros_like(self.w), np.zeros_like(self.W)]
        self.squares = [np.zeros_like(self.w), np.zeros_like(self.W)]
        self.steps = 0

    @staticmethod
    def _inputs(observation: dict[str, Any]) -> Array:
        o = observation["observation"].astype(np.float64)
        return o / (1.0 + np.abs(o))

    def probabilities(self, observation: dict[str, Any]) -> tuple[Array, Array, Array]:
        f = observation["action_features"].astype(np.float64)
        o = self._inputs(observation)
        mask = observation["action_mask"].astype(bool)
        scores = f @ (self.w + self.W @ o)
        scores = np.where(mask, scores, -np.inf)
        scores -= scores[mask].max()
        p = np.exp(scores)
        return p / p.sum(), f, o

    def sample(self, observation: dict[str, Any], rng: np.random.Generator) -> int:
        p, _, _ = self.probabilities(observation)
        return int(rng.choice(len(p), p=p))

    def greedy(self, observation: dict[str, Any], rng: np.random.Generator) -> int:
        p, _, _ = self.probabilities(observation)
        best = np.flatnonzero(p == p.max())
        return int(rng.choice(best))

    def gradient(self, observation: dict[str, Any], index: int) -> tuple[Array, Array]:
        """∇ log π(index) for w and W."""
        p, f, o = self.probabilities(observation)
        centred = f[index] - p @ f
        return centred, np.outer(centred, o)

    def adam(self, grads: list[Array], rate: float) -> None:
        """Ascend ``grads`` (Adam, β 0.9 / 0.999)."""
        self.steps += 1
        for i, (param, grad) in enumerate(zip((self.w, self.W), grads, strict=True)):
            self.moments[i] = 0.9 * self.moments[i] + 0.1 * grad
            self.squares[i] = 0.999 * self.squares[i] + 0.001 * grad * grad
            m = self.moments[i] / (1 - 0.9**self.steps)
            v = self.squares[i] / (1 - 0.999**self.steps)
            param += rate * m / (np.sqrt(v) + 1e-8)


def self_play(policy: LinearPolicy, seed: int) -> list[tuple[Array, Array]]:
    """One self-play game: each decision's gradient times its seat's final reward."""
    env = aec_env(GAME, 2)
    env.reset(seed=seed)
    taken: dict[str, list[tuple[Array, Array]]] = {agent: [] for agent in env.possible_agents}
    returns: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            returns[agent] = reward
            env.step(None)
            continue
        mask = observation["action_mask"]
        if mask[0]:  # nothing to decide: wait
            env.step(0)
            continue
        index = policy.sample(observation, policy.rng)
        taken[agent].append(policy.gradient(observation, index))
        env.step(index)
    return [(g * returns[a], G * returns[a]) for a, steps in taken.items() for g, G in steps]


def match(policy: Policy, level: str, games: int, seed: int) -> float:
    """Win rate of ``policy`` against the bot ``level`` at two seats (seats alternate)."""
    game_session = Session(GAME, 2)
    game = game_session.game
    rng = np.random.default_rng(seed)
    won = 0.0
    for number in range(games):
        game_session.reset(seed + number)
        ours = number % 2
        bot = make_bot(game, level)
        draws = Rng.from_seed(seed + number).draws()
        while not game_session.is_over:
            seat = min(game_session.state.to_move())
            if seat == ours:
                game_session.play(seat, policy(game_session.observe(seat), rng))
            else:
                state = game_session.state
                action = bot.choose(Observation.of(game, state, seat), draws)
                game_session.state = state.apply(seat, action)
        outcome = game_session.state.outcome()
        assert outcome is not None
        if outcome.ranks[ours] == 1:
            won += 1.0 if len(outcome.winners) == 1 else 0.5
    return won / games


def random_policy(observation: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


def first_move(observation: dict[str, Any], rng: np.random.Generator) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--batches", type=int, default=60)
    parser.add_argument("--batch", type=int, default=8, help="self-play games per update")
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--final-games", type=int, default=200)
    parser.add_argument("--rate", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("docs/rl"))
    args = parser.parse_args()

    probe = aec_env(GAME, 2)
    probe.reset(seed=0)
    first = probe.observe("player_0")
    policy = LinearPolicy(first["action_features"].shape[1], first["observation"].shape[0], 1)
    curve: list[tuple[int, float, float, float]] = []
    start = time.process_time()
    evaluation_seed = 900_000

    def evaluate(batch: int) -> None:
        low = match(policy.greedy, "debutant", args.eval_games, evaluation_seed)
        high = match(policy.greedy, "intermediaire", args.eval_games, evaluation_seed)
        curve.append((batch * args.batch, low, high, time.process_time() - start))
        print(
            f"{batch * args.batch:5} games of self-play: {low:5.1%} against Débutant, "
            f"{high:5.1%} against Intermédiaire",
            flush=True,
        )

    # Evaluations spaced out as the curve flattens: batches 1, 2, 3, 5, 8, 13, 20, 30, 45, 60…
    schedule = {1, 2, 3, 5, 8, 13, 20, 30, 45, args.batches}
    schedule |= set(range(60, args.batches, 20))
    evaluate(0)
    for batch in range(1, args.batches + 1):
        grads = []
        for game in range(args.batch):
            grads += self_play(policy, args.seed * 1_000_000 + batch * args.batch + game)
        if grads:
            policy.adam(
                [sum(g for g, _ in grads) / len(grads), sum(G for _, G in grads) / len(grads)],
                args.rate,
            )
        if batch in schedule:
            evaluate(batch)
    trained = time.process_time() - start

    final_seed = 500_000
    results = {
        (name, level): match(chosen, level, args.final_games, final_seed)
        for name, chosen in (
            ("trained (greedy)", policy.greedy),
            ("random masked", random_policy),
            ("menu's first move", first_move),
        )
        for level in ("debutant", "intermediaire")
    }
    print(f"training: {trained:.0f} s CPU, {args.batches * args.batch} self-play games")
    for (name, level), rate in results.items():
        print(f"{name:18} against {level:13}: {rate:5.1%} of {args.final_games} games")

    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "learning_curve.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["self_play_games", "win_rate_vs_debutant", "win_rate_vs_intermediaire", "cpu_seconds"]
        )
        writer.writerows(curve)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: the curve is in learning_curve.csv only")
        return
    figure, axes = plt.subplots(figsize=(6, 3.5))
    games = [c[0] for c in curve]
    for column, level, colour in ((1, "Débutant", "tab:blue"), (2, "Intermédiaire", "tab:red")):
        axes.plot(games, [c[column] for c in curve], marker="o", color=colour, label=f"vs {level}")
    for level, colour in (("debutant", "tab:blue"), ("intermediaire", "tab:red")):
        axes.axhline(
            results[("menu's first move", level)], linestyle="--", color=colour, linewidth=0.8
        )
    axes.plot([], [], linestyle="--", color="grey", label="menu's first move (dashed)")
    axes.set_xlabel("self-play games")
    axes.set_ylabel(f"win rate ({args.eval_games} games)")
    axes.set_ylim(0, 1)
    axes.set_title("Gutenberg, 2 players: linear policy, REINFORCE self-play")
    axes.legend(loc="lower right", fontsize=8)
    figure.tight_layout()
    figure.savefig(args.out / "learning_curve.png", dpi=110)
    print(f"wrote {args.out / 'learning_curve.png'}")


if __name__ == "__main__":
    main()
