"""Play Gremlins, Inc. – le jeu de cartes in the terminal: a person at seat 0 against bots.

Like the other terminal front ends, the game goes through a
:class:`~ludotheque.core.match.Match` (JSON actions; the record is saved after every accepted
action) with an injected console and ``ask`` function. The person types actions in the
notation of :mod:`ludotheque.games.gremlins.notation` (``commencer A05``, ``assigner A05 2``,
``jouer A05 : 1 malice``, ``terminer 2``, ``annuler 2``, ``fin``); « jouer A05 » without a
payment is completed by the game (:meth:`Gremlins.complete_action`, the payment that spares
the person's plans most). While a card is resolved, a question shows numbered options: a
number (or « choisir CLÉ ») answers it. At the set-up redraw: « garder » or « refaire A01 A02 ».
A line that cannot be read, or an action the rules refuse, is explained in French and changes
nothing. Bots come from :func:`ludotheque.bots.simulate.bots_by_name` (the game's
``bots.BOTS``, or the random bot).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from ludotheque.bots.base import Bot, Observation
from ludotheque.bots.levels import level
from ludotheque.bots.simulate import bot_factories, bots_by_name
from ludotheque.core.errors import IllegalAction, InvalidOptions, LudoError, MalformedInput
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.match import Match
from ludotheque.core.protocol import Outcome, Seat
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.gremlins import Gremlins
from ludotheque.games.gremlins.actions import Action, Choose, PlayAction
from ludotheque.games.gremlins.notation import HELP, parse_action
from ludotheque.games.gremlins.state import GremlinsState

from .gremlins_render import prompt_panel, speaking_names, table_of, with_names

__all__ = [
    "HUMAN",
    "GremlinsTerminal",
    "Quit",
    "bot_label",
    "default_bot_name",
    "load_bots",
    "new_match",
    "play_gremlins",
    "read_answer",
]

Ask = Callable[[str], str]
HUMAN: Seat = 0
_HELP_WORDS = {"aide", "?", "help"}


class Quit(Exception):
    """The person asked to stop (« quitter », Ctrl-D or Ctrl-C)."""


def new_match(
    players: int, seed: int, *, deck_text: str | None = None, extra: JsonObject | None = None
) -> Match:
    """A Gremlins match (« classique » unless ``extra`` says ``mode``); ``extra``: table
    options; ``deck_text``: a card file's text (the ``cartes`` option)."""
    options: JsonObject = {"mode": "classique", **(extra or {})}
    if deck_text is not None:
        options["cartes"] = deck_text
    game = Gremlins()
    # A person sits at the table: the defaults that depend on it apply (a round of passes
    # does not end the game, fin_tour_passe=non).
    resolved = game.info.resolve_options(players, options, people=1)
    return Match.start(game, players, seed, resolved)


def load_bots(names: Sequence[str]) -> list[Bot]:
    """Bots by name (:class:`LudoError` in French for an unknown one)."""
    return bots_by_name(Gremlins(), names)


def default_bot_name() -> str:
    """The Intermédiaire level (the web tables' default) when the game offers it, else the
    random bot."""
    return "intermediaire" if "intermediaire" in bot_factories(Gremlins()) else "random"


def bot_label(name: str) -> str:
    """How a bot is named at the table: its level's title (« Débutant »), else its name.

    >>> bot_label("debutant"), bot_label("Expert"), bot_label("greedy")
    ('Débutant', 'Expert', 'greedy')
    """
    try:
        return level(name).title
    except LudoError:
        return name


def help_panel() -> Panel:
    body = Text.assemble(
        ("Notation des coups\n", "bold"),
        HELP,
        "\n  choisir CLÉ            pendant un choix : l'option de clé CLÉ"
        "\n\nÀ chaque question : aide (ou ?) ; table : réafficher la table ; "
        "quitter : arrêter (la partie reste enregistrée).",
    )
    return Panel(body, title="Aide", title_align="left", border_style="green", box=box.ROUNDED)


def read_answer(state: GremlinsState, seat: Seat, text: str) -> Action:
    """The action typed by ``seat``: the notation, or a number for an option of its question.

    :class:`MalformedInput` when the line cannot be read (the rules check the action later).
    """
    answer = text.strip()
    if not answer:
        raise MalformedInput("Coup vide : tapez un coup, ou « aide ».")
    if answer.isdigit():
        prompt = state.prompt
        if prompt is None or prompt.seat != seat:
            raise MalformedInput(
                f"« {answer} » : il n'y a pas de question à laquelle répondre par un numéro "
                "(commencer, assigner, jouer, terminer, annuler, fin ; « aide » pour l'aide)."
            )
        number = int(answer)
        if not 1 <= number <= len(prompt.options):
            raise MalformedInput(
                f"Pas d'option n° {number} : choisissez de 1 à {len(prompt.options)}."
            )
        return Choose(prompt.options[number - 1][0])
    verb, _, key = answer.partition(" ")
    if verb.lower() == "choisir" and key.strip() and " " not in key.strip():
        # Keys hold « : » (carte:M08), which the notation reads as a payment.
        return Choose(key.strip())
    return parse_action(answer)


class GremlinsTerminal:
    """One game: the person plays seat 0, ``bots`` the others; ``save`` after every action."""

    def __init__(
        self,
        match: Match,
        console: Console,
        ask: Ask,
        bots: Sequence[Bot] = (),
        *,
        save: Callable[[GameRecord], None] | None = None,
        bot_labels: Sequence[str] = (),
        bot_seed: int = 0,
    ) -> None:
        if len(bots) != self._state_of(match).players - 1:
            raise ValueError("one bot per seat but the first")
        self.match = match
        self.console = console
        self.ask = ask
        self.bots = dict(enumerate(bots, 1))
        self.rngs = {seat: Rng.from_seed((bot_seed + seat) % 2**62) for seat in self.bots}
        self.save = save
        labels = list(bot_labels) or [bot.name for bot in bots]
        self.names = ["Vous", *(f"{label} (place {i})" for i, label in enumerate(labels, 2))]
        self.spoken = speaking_names(self.names, HUMAN)

    @staticmethod
    def _state_of(match: Match) -> GremlinsState:
        state = match.state
        assert isinstance(state, GremlinsState)
        return state

    @property
    def state(self) -> GremlinsState:
        return self._state_of(self.match)

    def run(self) -> Outcome | None:
        """Play to the end; the outcome, or None if the person quit."""
        self._save()
        try:
            while not self.state.is_over:
                movers = self.state.to_move()
                if HUMAN in movers:
                    self._human_move()
                else:
                    self._bot_move(min(movers))
        except (Quit, KeyboardInterrupt):
            self.console.print()
            self.console.print("Partie interrompue.", style="bold yellow")
            return None
        self.show_table()
        outcome = self.state.outcome()
        assert outcome is not None
        self._tell_outcome(outcome)
        return outcome

    def _save(self) -> None:
        if self.save is not None:
            self.save(self.match.record)

    def _submit(self, seat: Seat, data: JsonValue, *, complete: bool = False) -> None:
        """Apply ``data`` (JSON) for ``seat`` (completed if asked), save, and say what
        happened."""
        move = self.match.submit(seat, data, complete=complete)
        self._save()
        # The journal is public; the person's own lines are asked for in the third person
        # (« Place 1 (vous) commence… »), which conjugates like the others' lines.
        observer = None if seat == HUMAN else HUMAN
        line = move.describe(observer, self.spoken[seat])
        line = with_names(line, self.spoken)
        self.console.print(Text(line, style="cyan" if seat == HUMAN else ""), soft_wrap=True)

    def _bot_move(self, seat: Seat) -> None:
        game = self.match.game
        draws = self.rngs[seat].draws()
        action = self.bots[seat].choose(Observation.of(game, self.state, seat), draws)
        try:
            self._submit(seat, game.encode_action(action))
        except LudoError as error:
            self.console.print(
                f"{self.names[seat]} propose un coup refusé ({error.message}) : il joue au hasard.",
                style="yellow",
            )
            self._submit(seat, game.encode_action(self.state.sample_action(seat, draws)))
        self.rngs[seat] = draws.freeze()

    def show_table(self) -> None:
        self.console.print(table_of(self.state.view(HUMAN), self.names, HUMAN))

    def _prompt(self) -> str:
        state = self.state
        if state.prompt is not None:
            return f"Votre choix (1 à {len(state.prompt.options)}) > "
        if state.phase == "nouvelle-main":
            return "Garder votre main (garder) ou en refaire une partie (refaire A01 A02) > "
        left = max(0, state.table().allowance(HUMAN) - state.used)
        return f"Votre coup ({left} action{'s' if left > 1 else ''} restante{'s' * (left > 1)}) > "

    def _human_move(self) -> None:
        self.show_table()
        while True:
            try:
                raw = self.ask(self._prompt())
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            answer = raw.strip()
            command = answer.lower()
            if not answer:
                continue
            if command in _HELP_WORDS:
                self.console.print(help_panel())
                continue
            if command == "table":
                self.show_table()
                continue
            if command == "quitter":
                raise Quit
            try:
                action = read_answer(self.state, HUMAN, answer)
            except MalformedInput as error:
                self._refuse(error.message)
                continue
            data = self.match.game.encode_action(action)
            try:
                # A card played without its payment gets the one that spares the plans most.
                self._submit(
                    HUMAN, data, complete=isinstance(action, PlayAction) and not action.payment
                )
            except IllegalAction as error:
                self._refuse(f"Coup refusé : {error.message}")
                continue
            except LudoError as error:
                self._refuse(error.message)
                continue
            return

    def _refuse(self, message: str) -> None:
        self.console.print(Text(message, style="bold red"), soft_wrap=True)
        panel = prompt_panel(self.state.view(HUMAN), self.names, HUMAN)
        if panel is not None and self.state.prompt is not None:
            self.console.print(panel)

    def _tell_outcome(self, outcome: Outcome) -> None:
        scores = outcome.scores or ()
        line = ", ".join(f"{name} {score}" for name, score in zip(self.names, scores, strict=False))
        why = f" ({outcome.reason})" if outcome.reason else ""
        self.console.print(
            Text.assemble((f"Fin de la partie{why}. ", "bold"), f"Prestige : {line}."),
            soft_wrap=True,
        )
        teams = self.state.config.teams
        if self.state.config.team_play:
            totals: dict[int, int] = {}
            for seat, team in enumerate(teams):
                totals[team] = totals.get(team, 0) + self.state.scores[seat]
            members = {
                team: ", ".join(self.names[s] for s, t in enumerate(teams) if t == team)
                for team in totals
            }
            listed = " ; ".join(
                f"équipe {team + 1} ({members[team]}) : {total}"
                for team, total in sorted(totals.items())
            )
            self.console.print(Text.assemble(("Équipes : ", "bold"), listed, "."), soft_wrap=True)
        order = sorted(range(len(outcome.ranks)), key=lambda seat: (outcome.ranks[seat], seat))
        ranking = ", ".join(
            f"{'1er' if outcome.ranks[s] == 1 else f'{outcome.ranks[s]}e'} {self.names[s]}"
            for s in order
        )
        self.console.print(Text.assemble(("Classement : ", "bold"), ranking, "."), soft_wrap=True)
        if HUMAN in outcome.winners:
            shared = " (ex æquo)" if len(outcome.winners) > 1 else ""
            self.console.print(f"Vous gagnez{shared} !", style="bold green")


def play_gremlins(
    console: Console,
    ask: Ask,
    errors: Console,
    *,
    players: int | None,
    bots: str | None,
    solo: bool,
    mode: str | None,
    seed: int | None,
    deck: Path | None,
    save: Path | None,
    env: Mapping[str, str] | None,
    extra: JsonObject,
) -> int:
    """``play gremlins``: the person at place 1 against bots (default the Intermédiaire level;
    ``--bots debutant,expert``…, or the engines ``random``, ``greedy``, ``strong``);
    « classique » 2 to 6 players, « equipes » 4 to 6. The exit status (2: bad options)."""
    from ludotheque.core.french import plural

    from .play import (
        MAX_SEED,
        RecordFile,
        _error,
        _pick_seed,
        _read_option_file,
        _saved,
        default_save_path,
    )

    if solo or players == 1:
        return _error(errors, "Gremlins se joue de 2 à 6 joueurs : pas de solo.")
    if mode is not None:
        extra = {**extra, "mode": mode.strip().lower()}
    wanted = extra.get("mode", "classique")
    known = {m.name: m for m in Gremlins.info.modes}
    if wanted not in known:
        return _error(
            errors, f"Mode inconnu : « {wanted} » (possibles : {', '.join(sorted(known))})."
        )
    low, high = known[str(wanted)].min_players, known[str(wanted)].max_players
    names = [name.strip() for name in (bots or "").split(",") if name.strip()]
    if players is None:
        players = max(low, 1 + len(names))
    if not low <= players <= high:
        variant = "La partie en équipes" if wanted == "equipes" else "Gremlins"
        return _error(errors, f"{variant} se joue de {low} à {high} joueurs, pas à {players}.")
    if len(names) > players - 1:
        return _error(errors, f"Trop de robots : {len(names)} pour {players - 1} place(s).")
    fallback = default_bot_name()
    bot_names = [names[min(i, len(names) - 1)] if names else fallback for i in range(players - 1)]
    seed = _pick_seed(seed)
    if seed is None:
        return _error(errors, f"La graine doit être un entier de 0 à {MAX_SEED}.")
    deck_text = None
    if deck is not None:
        deck_text, problem = _read_option_file(deck, "le fichier de cartes")
        if deck_text is None:
            return _error(errors, problem)
    try:
        bot_list = load_bots(bot_names)
        match = new_match(players, seed, deck_text=deck_text, extra=extra)
    except InvalidOptions as error:
        if error.params.get("option") == "cartes":
            where = f" {deck}" if deck is not None else ""
            return _error(errors, f"Fichier de cartes{where} refusé — {error.message}")
        return _error(errors, f"Partie refusée — {error.message}")
    except LudoError as error:
        return _error(errors, f"Partie refusée — {error.message}")
    path = save if save is not None else default_save_path("gremlins", seed, env)
    labels = [bot_label(name) for name in bot_names]
    view = match.state.view(HUMAN)
    console.print(
        Text.assemble(
            ("Gremlins, Inc. – le jeu de cartes", "bold"),
            f" ({wanted}) — vous (place 1) contre {plural(players - 1, 'robot')} "
            f"({', '.join(labels)}), graine {seed}. Tapez « aide » pour la notation.",
        ),
        soft_wrap=True,
    )
    teams = view.get("equipes")
    if isinstance(teams, list):
        groups: dict[int, list[str]] = {}
        for seat, team in enumerate(teams):
            if isinstance(team, int):
                groups.setdefault(team, []).append(str(seat + 1))
        listed = " ; ".join(
            f"équipe {team + 1} : places {', '.join(seats)}"
            for team, seats in sorted(groups.items())
        )
        console.print(f"Équipes — {listed} (vous êtes dans l'équipe 1).", soft_wrap=True)
    saver = RecordFile(path, console)
    terminal = GremlinsTerminal(
        match, console, ask, bot_list, save=saver, bot_labels=labels, bot_seed=seed
    )
    terminal.run()
    return _saved(console, saver, path)
