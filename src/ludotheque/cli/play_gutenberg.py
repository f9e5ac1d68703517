"""Play Gutenberg in the terminal: a person at seat 0 against bots, or solo against la Rotative.

The game is driven through a :class:`~ludotheque.core.match.Match` (JSON actions; only
accepted ones enter the record), and the record is saved after every accepted action. Input
and output are injected: a rich :class:`~rich.console.Console` and an ``ask(prompt) -> str``
callable, so tests drive a whole game. What the person sees is built from their view
(``state.view(0)``); each bot gets ``Observation.of(game, state, seat)`` and nothing else.
The state itself is only used for rule helpers about the person's own move (the claim quota
with a challenge, the solo offsets and what each would send to the collection).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ludotheque.bots.base import Bot, Observation, RandomBot
from ludotheque.bots.levels import LEVEL_NAMES
from ludotheque.core.errors import LudoError
from ludotheque.core.json_types import JsonObject
from ludotheque.core.match import Match
from ludotheque.core.protocol import Outcome, Seat
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.games.gutenberg.actions import Action, Claim, Pick, Play, Shelve, Write
from ludotheque.games.gutenberg.cards import Card
from ludotheque.games.gutenberg.notation import spell
from ludotheque.games.gutenberg.spelling import best_spelling
from ludotheque.games.gutenberg.state import GutenbergState, card_json
from ludotheque.lexicon import common_words, is_word_shape, normalize

from .gutenberg_render import (
    PHASES,
    Narrator,
    card_of,
    card_row,
    cards_inline,
    challenges_table,
    integer,
    ints,
    objs,
    plural,
    seat_names,
    section,
    text,
    texts,
)

__all__ = [
    "HUMAN",
    "Ask",
    "GutenbergTerminal",
    "Quit",
    "bot_key",
    "load_bots",
    "new_match",
    "rewards_of",
    "spell",
]

Ask = Callable[[str], str]
HUMAN: Seat = 0
BOTS_MODULE = "ludotheque.games.gutenberg.bots"
#: Always available, whatever the game's bots: plays at random.
RANDOM_NAMES = ("hasard", "random")

_YES = {"o", "oui", "y", "yes"}
_NO = {"n", "non", "no"}
_PASS = {"-", "passe"}
_HELP_WORDS = {"aide", "?", "help"}


class Quit(Exception):
    """The person asked to stop (« quitter », Ctrl-D or Ctrl-C)."""


# --- set-up -----------------------------------------------------------------------------------


def new_match(
    players: int,
    seed: int,
    *,
    difficulty: str | None = None,
    deck_text: str | None = None,
    extra: JsonObject | None = None,
) -> Match:
    """A Gutenberg match: solo for one player (with its difficulty), classic otherwise."""
    options: JsonObject = {"mode": "solo" if players == 1 else "classique", **(extra or {})}
    if players == 1:
        options["difficulte"] = difficulty or "normal"
    if deck_text is not None:
        options["paquet"] = deck_text
    return Match.start(Gutenberg(), players, seed, options)


def load_bots(names: Sequence[str]) -> tuple[list[Bot], str | None]:
    """Bots by name from the game's own module (``make_bot``), and a notice if it is missing.

    « hasard » (or « random ») is always the generic random bot; a level may be written as a
    player reads it (« Débutant », « intermédiaire »). Raises :class:`LudoError` with a French
    message for an unknown name.
    """
    if all(name in RANDOM_NAMES for name in names):
        return [RandomBot() for _ in names], None
    try:
        module = importlib.import_module(BOTS_MODULE)
    except ModuleNotFoundError as error:
        if error.name != BOTS_MODULE:
            raise
        notice = (
            "Les robots de Gutenberg ne sont pas encore installés : "
            "vos adversaires jouent au hasard."
        )
        return [RandomBot() for _ in names], notice
    known: Mapping[str, Any] = getattr(module, "BOTS", {})
    keys = [bot_key(name) for name in names]
    for name, key in zip(names, keys, strict=True):
        if key not in RANDOM_NAMES and known and key not in known:
            levels = [level for level in LEVEL_NAMES if level in known]
            engines = sorted(set(known) - set(levels))
            choices = ", ".join([*levels, *engines, RANDOM_NAMES[0]])
            raise LudoError(f"Robot inconnu : « {name} » (connus : {choices}).", code="unknown-bot")
    make: Callable[[str], Bot] = module.make_bot
    return [RandomBot() if key in RANDOM_NAMES else make(key) for key in keys], None


def bot_key(name: str) -> str:
    """The bot's name as the game's ``BOTS`` spells it: « Débutant » → ``debutant``.

    >>> bot_key("Débutant"), bot_key("Intermédiaire"), bot_key("greedy"), bot_key("hasard")
    ('debutant', 'intermediaire', 'greedy', 'hasard')
    """
    return normalize(name.strip()).lower()


def rewards_of(state: GutenbergState) -> dict[str, str]:
    """Each challenge's printed reward, in French (static, public deck data)."""
    return {cid: c.reward.describe() for cid, c in state.catalog.challenges.items()}


# --- help -------------------------------------------------------------------------------------

_COMMANDS = (
    "Commandes, à chaque question : [bold]aide[/] (ou ?) affiche cette aide ; "
    "[bold]table[/] réaffiche la table ; [bold]quitter[/] arrête la partie (elle est "
    "enregistrée). Pour écrire un mot qui est aussi une commande, précédez-le de « = » "
    "(=aide, =table, =passe)."
)

_HELP = {
    "draft": (
        "[bold]Draft[/] : gardez une carte du paquet en tapant son numéro ou sa lettre "
        "(« qu » pour la carte QU). Les autres cartes passent au joueur à votre gauche (la "
        "place suivante) et vous recevez celles de votre voisin de droite ; la dernière carte "
        "s'ajoute toute seule. Vos cartes draftées et les cartes communes serviront à écrire "
        "votre mot."
    ),
    "draft-solo": (
        "[bold]Draft solo[/] : prenez une carte du paquet de 5, puis de 4, 3 et 2 (numéro ou "
        "lettre) ; le reste de chaque paquet retourne sous le paquet Lettre, et la carte du "
        "dernier paquet vous revient."
    ),
    "write": (
        "[bold]Écriture[/] : tapez un mot du dictionnaire, avec ou sans accents, qui s'écrit "
        "avec vos cartes draftées et les cartes communes (au 5e tour : votre collection et les "
        "cartes communes). Chaque carte sert une seule fois, mais une carte d'une lettre peut "
        "faire une lettre double (LETTRE avec L, E, T, R, E) ; la carte QU vaut Q ou QU ; une "
        "carte Défi à plusieurs lettres s'utilise en entier, dans l'ordre. Le programme choisit "
        "les cartes qui rapportent le plus. Noms propres et abréviations interdits. "
        "« - » ou « passe » : ne rien écrire (0 point).\n"
        "[bold]Score[/] : la somme des points des cartes utilisées (une lettre double compte "
        "une fois). Le meilleur score réclame en premier ; à égalité, la carte la plus forte, "
        "puis le mot le plus long, puis un tirage. Au 5e tour, le meilleur mot gagne la partie "
        "(égalité : les points de la collection)."
    ),
    "write-solo": (
        "[bold]Solo[/] : aux tours 2 à 4, le nouveau mot se place sous le mot précédent ; "
        "chaque carte du mot précédent qui vaut autant ou moins que la carte juste en dessous "
        "rejoint votre collection, les autres retournent sous leur paquet. Les cartes "
        "inutilisées vont dans la bibliothèque de la Rotative. Au 5e tour, vous écrivez avec "
        "votre collection seule : vous gagnez si votre mot vaut plus que toute la bibliothèque "
        "(mode facile : plusieurs mots, séparés par des espaces ou « + »)."
    ),
    "offset": (
        "[bold]Placement[/] : choisissez où le nouveau mot se place sous le mot précédent "
        "(au moins une carte l'une sous l'autre, une seule carte sous chaque carte). Une carte "
        "du mot précédent rejoint votre collection si elle vaut autant ou moins que la carte "
        "sous elle. Entrée : le placement qui rapporte le plus."
    ),
    "claim": (
        "[bold]Réclamations[/] : dans l'ordre du classement, chacun prend des lettres parmi "
        "les lettres en jeu (cartes communes et cartes draftées utilisées dans les mots) pour "
        "sa collection : 2 pour le premier (et le deuxième à 3 ou 4 joueurs, les deuxième et "
        "troisième à 5 ou 6), 1 pour les autres. Tapez les numéros séparés par des espaces. "
        "Si votre mot remplit les conditions d'un défi ouvert, vous pouvez aussi réclamer un "
        "défi (un seul par tour) et gagner sa récompense."
    ),
    "library": (
        "[bold]Bibliothèque[/] : choisissez une carte de la bibliothèque (numéro ou lettre). "
        "Si votre mot vaut 13 points ou plus, elle rejoint votre collection ; sinon elle "
        "retourne sous son paquet (et la Rotative perd ses points)."
    ),
}


def help_panel(*topics: str) -> Panel:
    body = "\n".join([*(_HELP[topic] for topic in topics), _COMMANDS])
    return Panel(body, title="Aide", title_align="left", border_style="green", box=box.ROUNDED)


# --- the terminal game ------------------------------------------------------------------------


class GutenbergTerminal:
    """One game in the terminal: the person plays seat 0, ``bots`` the other seats.

    ``save`` is called with the record after every accepted action (and once at the start).
    """

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
        state = match.state
        assert isinstance(state, GutenbergState)
        if len(bots) != state.players - 1:
            raise ValueError(f"{state.players - 1} bots expected, got {len(bots)}")
        self.match = match
        self.console = console
        self.ask = ask
        self.bots = {seat: bot for seat, bot in enumerate(bots, 1)}
        self.rngs = {seat: Rng.from_seed((bot_seed + seat) % 2**62) for seat in self.bots}
        self.save = save
        labels = list(bot_labels) or [bot.name for bot in bots]
        self.names = seat_names(state.players, state.solo, human=HUMAN, bots=labels)
        self.narrator = Narrator(
            console,
            self.names,
            rewards_of(state),
            viewer=HUMAN,
            announce_rounds=False,
            second_person=True,
        )
        self.lexicon = common_words()
        self._shown: tuple[int, str] | None = None

    @property
    def state(self) -> GutenbergState:
        state = self.match.state
        assert isinstance(state, GutenbergState)
        return state

    def view(self) -> JsonObject:
        return self.state.view(HUMAN)

    # -- the loop --------------------------------------------------------------------------

    def run(self) -> Outcome | None:
        """Play to the end; the outcome, or None if the person quit (the game is saved)."""
        self._save()
        self.narrator.start(self.view())
        try:
            while not self.state.is_over:
                movers = self.state.to_move()
                bots = sorted(movers - {HUMAN})
                if bots:
                    self._bots_move(bots)
                elif HUMAN in movers:
                    self._human_move()
        except (Quit, KeyboardInterrupt):
            self.console.print()
            self.console.print("Partie interrompue.", style="bold yellow")
            return None
        return self.state.outcome()

    def _save(self) -> None:
        if self.save is not None:
            self.save(self.match.record)

    def _submit(self, seat: Seat, action: Action) -> None:
        """Submit through the match; on acceptance save and tell what happened."""
        before = self.state.view(HUMAN)
        data = self.match.game.encode_action(action)
        self.match.submit(seat, data)
        self._save()
        self.narrator.observe(before, seat, data, self.state.view(HUMAN))

    def _bots_move(self, seats: Sequence[Seat]) -> None:
        thinking = (
            self.console.status("Les robots réfléchissent…") if self.console.is_terminal else None
        )
        if thinking is not None:
            thinking.start()
        try:
            for seat in seats:
                if seat in self.state.to_move():
                    self._bot_move(seat)
        finally:
            if thinking is not None:
                thinking.stop()

    def _bot_move(self, seat: Seat) -> None:
        bot = self.bots[seat]
        draws = self.rngs[seat].draws()
        action = bot.choose(Observation.of(self.match.game, self.state, seat), draws)
        try:
            self._submit(seat, action)
        except LudoError as error:
            self.console.print(
                f"{self.names[seat]} propose un coup refusé ({error.message}) : il joue au hasard.",
                style="yellow",
            )
            self._submit(seat, self.state.sample_action(seat, draws))
        self.rngs[seat] = draws.freeze()

    def _human_move(self) -> None:
        phase = self.state.phase
        if phase == "draft":
            self._draft()
        elif phase == "write":
            self._write()
        elif phase == "claim":
            self._claim()
        else:
            self._library()

    # -- questions -------------------------------------------------------------------------

    def _ask(self, prompt: str, *topics: str) -> str:
        """Ask until the answer is not a command (aide, table, quitter)."""
        while True:
            try:
                raw = self.ask(prompt)
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            answer = raw.strip()
            if answer.startswith("="):
                return answer[1:].strip()
            command = answer.lower()
            if command in _HELP_WORDS:
                self.console.print(help_panel(*topics))
            elif command == "table":
                self.show_board()
            elif command == "quitter":
                if self._confirm("Quitter la partie ? Elle reste enregistrée. [o/N] ", False):
                    raise Quit
            else:
                return answer

    def _confirm(self, prompt: str, default: bool) -> bool:
        while True:
            try:
                answer = self.ask(prompt).strip().lower()
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            if not answer:
                return default
            if answer in _YES:
                return True
            if answer in _NO:
                return False
            self.console.print("Répondez par o (oui) ou n (non).", style="red")

    def _play(self, action: Action) -> bool:
        """Submit the person's action; a refusal by the rules is shown and changes nothing."""
        try:
            self._submit(HUMAN, action)
        except LudoError as error:
            self.refuse(error.message)
            return False
        return True

    def refuse(self, message: str) -> None:
        """A refusal: nothing was sent, nothing changed."""
        self.console.print(Text(message, style="bold red"))

    # -- the table -------------------------------------------------------------------------

    def show_board(self, full: bool = True) -> None:
        """The table as the person sees it; ``full=False``: only what changed in the phase."""
        view = self.view()
        state = self.state
        phase = text(view["phase"])
        parts: list[RenderableType] = []
        if full:
            self.console.print()
            self.console.print(
                Rule(
                    f"Gutenberg — tour {integer(view['tour'])}/5 — {PHASES.get(phase, phase)}",
                    style="bold",
                )
            )
            challenges = objs(view["defis_ouverts"])
            if challenges and phase != "claim":
                parts.append(
                    section("Défis ouverts", challenges_table(challenges, self.narrator.rewards))
                )
            commons = objs(view["communes"])
            if commons and phase != "write":
                parts.append(section("Cartes communes", card_row(commons)))
            if state.solo:
                row = objs(view["ligne"])
                if row:
                    parts.append(section("Mot du tour précédent", card_row(row)))
                library = objs(view["bibliotheque"])
                if phase != "library":
                    points = plural(integer(view["bibliotheque_points"]), "point")
                    title = f"Bibliothèque de la Rotative : {points}"
                    parts.append(section(title, card_row(library, empty="(vide)")))
            else:
                parts.append(self._players_table(view))
        if phase == "draft":
            title = "Votre paquet"
            if state.solo:
                sizes = [str(size) for size in ints(view["paquets"])]
                title = f"Le paquet de {sizes[0]} (paquets à venir : {', '.join(sizes[1:])})"
            parts.append(section(title, card_row(objs(view["paquet"]), numbered=True)))
            parts.append(section("Vos cartes draftées", card_row(objs(view["mes_draftees"]))))
        elif phase == "write":
            hand = self._hand_json(view)
            shared = len(objs(view["communes"]))
            own = "de votre collection" if integer(view["tour"]) == 5 else "draftées"
            title = f"Vos cartes pour écrire : {len(hand) - shared} {own}"
            if shared:
                title += f", puis {plural(shared, 'carte commune', 'cartes communes')}"
            parts.append(section(title, card_row(hand)))
        elif phase == "claim":
            parts.append(
                section("Lettres en jeu", card_row(objs(view["lettres_en_jeu"]), numbered=True))
            )
        collection = objs(view["ma_collection"])
        if full and (phase != "write" or integer(view["tour"]) < 5):
            title = (
                f"Votre collection : {plural(len(collection), 'carte')}, "
                f"{plural(integer(view['ma_collection_points']), 'point')}"
            )
            parts.append(section(title, card_row(collection, empty="(vide)")))
        self.console.print(*parts)

    def _board(self) -> None:
        """The full table at the first question of a phase, only the changes after that."""
        key = (self.state.round, self.state.phase)
        self.show_board(full=key != self._shown)
        self._shown = key

    def _players_table(self, view: JsonObject) -> Table:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, title_justify="left")
        table.add_column("Joueur")
        table.add_column("Draftées", justify="right")
        table.add_column("Collection", justify="right")
        table.add_column("")
        phase = view["phase"]
        waiting = set(ints(view["en_attente"]))
        drafted, collections = ints(view["draftees"]), ints(view["collections"])
        claiming = view["reclame"]
        for seat, name in enumerate(self.names):
            status = ""
            if phase in ("draft", "write"):
                status = (
                    ("à vous" if seat == HUMAN else "réfléchit…") if seat in waiting else "prêt"
                )
            elif phase == "claim" and claiming == seat:
                status = "réclame"
            table.add_row(
                name,
                str(drafted[seat]),
                str(collections[seat]),
                Text(status, style="dim"),
            )
        return table

    @staticmethod
    def _hand_json(view: JsonObject) -> list[JsonObject]:
        own = view["ma_collection"] if integer(view["tour"]) == 5 else view["mes_draftees"]
        return objs(own) + objs(view["communes"])

    # -- draft -----------------------------------------------------------------------------

    def _draft(self) -> None:
        view = self.view()
        packet = objs(view["paquet"])
        self._board()
        topic = "draft-solo" if self.state.solo else "draft"
        while True:
            answer = self._ask("Quelle carte gardez-vous ? (numéro ou lettre) ", topic)
            chosen = self.pick_cards(answer, packet, 1)
            if chosen is not None and self._play(Pick(chosen[0])):
                return

    def pick_cards(self, answer: str, cards: Sequence[JsonObject], count: int) -> list[str] | None:
        """Card ids named by numbers (from 1) or letters, exactly ``count`` of them.

        A letter names the best card with those letters not chosen yet (« q » is the QU
        card). Prints the refusal and returns None when the answer does not fit.
        """
        tokens = answer.replace(",", " ").replace("+", " ").split()
        if not tokens:
            self.refuse(
                f"Choisissez {plural(count, 'carte')} par numéro (de 1 à {len(cards)}) "
                "ou par lettre."
            )
            return None
        chosen: list[str] = []
        for token in tokens:
            if token.isdigit():
                number = int(token)
                if not 1 <= number <= len(cards):
                    self.refuse(
                        f"Pas de carte n° {number} : choisissez un numéro de 1 à {len(cards)}."
                    )
                    return None
                card_id = text(cards[number - 1]["id"])
                if card_id in chosen:
                    self.refuse(f"La carte n° {number} est choisie deux fois.")
                    return None
                chosen.append(card_id)
                continue
            letters = normalize(token)
            matching = [
                card
                for card in cards
                if text(card["id"]) not in chosen
                and (
                    text(card["lettres"]) == letters
                    or (letters == "Q" and text(card["lettres"]) == "QU")
                )
            ]
            if not matching:
                self.refuse(f"Pas de carte « {letters} » à choisir ici.")
                return None
            best = max(matching, key=lambda card: integer(card["points"]))
            chosen.append(text(best["id"]))
        if len(chosen) != count:
            self.refuse(
                f"Choisissez exactement {plural(count, 'carte')} "
                f"(vous en avez indiqué {len(chosen)})."
            )
            return None
        return chosen

    # -- writing ---------------------------------------------------------------------------

    def _write(self) -> None:
        view = self.view()
        state = self.state
        hand_json = self._hand_json(view)
        hand = [card_of(card) for card in hand_json]
        many = state.solo and state.round == 5 and state.difficulty == "facile"
        self._board()
        topics = ("write", "write-solo") if state.solo else ("write",)
        if many:
            self.console.print(
                "Mode facile : vous pouvez écrire plusieurs mots (séparés par des espaces "
                "ou « + »), chaque carte ne servant qu'une fois.",
                style="green",
            )
        while True:
            answer = self._ask("Votre mot (« - » pour ne rien écrire) : ", *topics)
            if answer.lower() in _PASS:
                if self._confirm(
                    "Ne rien écrire ce tour-ci (0 point) ? [o/N] ", False
                ) and self._play(Write()):
                    return
                continue
            plays = self._read_words(answer, hand, many)
            if plays is None:
                continue
            used = [
                card
                for play in plays
                for card_id in play.cards
                for card in hand
                if card.id == card_id
            ]
            score = sum(card.points for card in used)
            words = " + ".join(play.word for play in plays)
            line = Text.assemble("Écrire ", (words, "bold"), " avec ")
            line.append_text(cards_inline(used))
            line.append(f" : {plural(score, 'point')} ? [O/n] ")
            if not self._confirm(line.plain, True):
                continue
            offset = None
            if state.needs_offset():
                offset = self._offset(plays[0])
                if offset is None:
                    continue
            if self._play(Write(plays, offset)):
                return

    def _read_words(self, answer: str, hand: Sequence[Card], many: bool) -> tuple[Play, ...] | None:
        """The plays for the typed word(s), or None after printing why not."""
        raw_words = answer.replace("+", " ").replace(",", " ").split()
        if not raw_words:
            self.refuse("Tapez un mot, « - » pour ne rien écrire, ou « aide ».")
            return None
        if len(raw_words) > 1 and not many:
            self.refuse("Un seul mot par tour (sans espace).")
            return None
        words = [normalize(word) for word in raw_words]
        for raw, word in zip(raw_words, words, strict=True):
            if not is_word_shape(word):
                self.refuse(f"« {raw} » n'est pas un mot (de 1 à 15 lettres, sans tiret).")
                return None
            if word not in self.lexicon:
                self.refuse(f"{word} n'est pas dans le dictionnaire.")
                return None
        for word in words:
            if best_spelling(word, hand) is None:
                self.refuse(f"Impossible d'écrire {word} avec vos cartes{_missing(word, hand)}.")
                return None
        plays = spell(words, hand)
        if plays is None:
            self.refuse(
                f"Impossible d'écrire {' + '.join(words)} avec vos cartes : chaque carte ne "
                "sert qu'une fois."
            )
            return None
        return plays

    def _offset(self, play: Play) -> int | None:
        """Solo, rounds 2–4: where the new word goes under the previous one (None: back)."""
        state = self.state
        view = self.view()
        row = objs(view["ligne"])
        catalog = state.catalog
        word = [card_json(catalog.card(card_id)) for card_id in play.cards]
        options = list(state.offsets(len(play.cards)))
        gains: list[list[str]] = []
        for offset in options:
            after = state.apply(HUMAN, Write((play,), offset))
            gains.append([c for c in after.collections[HUMAN] if c not in state.collections[HUMAN]])
        values = [catalog.points(gain) for gain in gains]
        default = max(
            range(len(options)), key=lambda i: (values[i], len(gains[i]), -abs(options[i]))
        )
        self.console.print()
        self.console.print(Text("Où placer le nouveau mot sous le mot précédent ?", style="bold"))
        width = max(len(f"{text(c['lettres'])}{integer(c['points'])}") for c in [*row, *word]) + 1
        start = min(options)
        for number, (offset, gain) in enumerate(zip(options, gains, strict=True), 1):
            label = f"{number:>2}) "
            marker = "  ← le meilleur" if number - 1 == default else ""
            summary = (
                f"collection +{plural(len(gain), 'carte')} ({plural(values[number - 1], 'point')})"
            )
            self.console.print(Text(f"{label}{summary}{marker}", style="bold" if marker else ""))
            indent = " " * len(label)
            top = Text(indent + " " * (width * (0 - start)))
            for card in row:
                style = "green" if text(card["id"]) in gain else "red"
                top.append(
                    f"{text(card['lettres'])}{integer(card['points'])}".ljust(width), style=style
                )
            bottom = Text(indent + " " * (width * (offset - start)))
            for card in word:
                bottom.append(
                    f"{text(card['lettres'])}{integer(card['points'])}".ljust(width), style="bold"
                )
            self.console.print(top)
            self.console.print(bottom)
        self.console.print(
            "En vert, les cartes du mot précédent qui rejoindraient votre collection ; en rouge, "
            "celles qui retourneraient sous leur paquet.",
            style="dim",
        )
        while True:
            answer = self._ask(
                f"Quel placement ? (1 à {len(options)}, Entrée : {default + 1}, « - » : changer "
                "de mot) ",
                "offset",
            )
            if not answer:
                return options[default]
            if answer == "-":
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return options[int(answer) - 1]
            self.refuse(f"Choisissez un numéro de 1 à {len(options)}.")

    # -- claims ----------------------------------------------------------------------------

    def _claim(self) -> None:
        view = self.view()
        state = self.state
        pool = objs(view["lettres_en_jeu"])
        possible = [self.narrator.challenges[c] for c in texts(view.get("defis_possibles"))]
        self._board()
        legal = state.legal_actions(HUMAN)
        if len(legal) == 1:
            only = legal[0]
            assert isinstance(only, Claim)
            self.console.print("Vous n'avez pas le choix :", style="dim")
            self._submit(HUMAN, only)
            return
        challenge: str | None = None
        if possible:
            self.console.print(Text("Votre mot remplit un défi ouvert :", style="bold"))
            self.console.print(challenges_table(possible, self.narrator.rewards, numbered=True))
            while True:
                answer = self._ask("Réclamer un défi ? (numéro, 0 : aucun, Entrée : 1) ", "claim")
                if not answer or (answer.isdigit() and int(answer) <= len(possible)):
                    break
                self.refuse(f"Choisissez un numéro de 0 à {len(possible)}.")
            number = int(answer) if answer else 1
            challenge = None if number == 0 else text(possible[number - 1]["id"])
        quota = state.quota(HUMAN, challenge)
        if quota >= len(pool):
            self.console.print("Vous prenez toutes les lettres en jeu.", style="dim")
            if self._play(Claim(tuple(text(card["id"]) for card in pool), challenge)):
                return
        how = "numéro ou lettre" if quota == 1 else "numéros ou lettres"
        while True:
            answer = self._ask(
                f"Quelles cartes réclamez-vous ? ({plural(quota, 'carte')} : {how}) ", "claim"
            )
            chosen = self.pick_cards(answer, pool, quota)
            if chosen is not None and self._play(Claim(tuple(chosen), challenge)):
                return

    # -- solo library ----------------------------------------------------------------------

    def _library(self) -> None:
        view = self.view()
        library = objs(view["bibliotheque"])
        self._board()
        self.console.print(section("Bibliothèque (à choisir)", card_row(library, numbered=True)))
        if len(library) == 1:
            self.console.print("Une seule carte dans la bibliothèque :", style="dim")
            self._submit(HUMAN, Shelve(text(library[0]["id"])))
            return
        default = max(range(len(library)), key=lambda i: (integer(library[i]["points"]), -i))
        while True:
            answer = self._ask(
                f"Quelle carte de la bibliothèque ? (numéro ou lettre, Entrée : {default + 1}) ",
                "library",
            )
            chosen = (
                self.pick_cards(answer, library, 1) if answer else [text(library[default]["id"])]
            )
            if chosen is not None and self._play(Shelve(chosen[0])):
                return


def _missing(word: str, hand: Sequence[Card]) -> str:
    """`` : il manque K, W`` when some letters are on no card at all."""
    letters = "".join(card.letters for card in hand)
    missing = sorted({letter for letter in word if letter not in letters})
    if not missing:
        return ""
    return f" (aucune carte {', '.join(missing)})"
