"""Gutenberg in the terminal: the table (:mod:`.gutenberg_render`) and the person's questions.

A person's turn is a few questions, not a typed move: which card to keep (a number or its
letters, « qu » for the QU card), which word to write (accents accepted; the best cards are
chosen, then confirmed), in solo where the word goes under the previous one, which letters
and challenge to claim, which card of la Rotative's library to take. Each answer is checked
here first (the word in the dictionary, the cards at hand), so the rules rarely refuse.
The :class:`~.gutenberg_render.Narrator` tells every move from the person's view: words once
revealed, claims, round summaries, the result. Alone (``--solo``, ``--players 1``), the person
plays against la Rotative; ``--mode`` is then the solo's difficulty (facile, normal,
difficile).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Console, RenderableType
from rich.text import Text

from ludotheque.core.french import plural
from ludotheque.core.json_types import JsonObject
from ludotheque.core.match import Match
from ludotheque.core.moves import PendingMove
from ludotheque.core.protocol import Outcome
from ludotheque.games.gutenberg.actions import Claim, Pick, Play, Shelve, Write
from ludotheque.games.gutenberg.cards import Card
from ludotheque.games.gutenberg.deck import DeckError, parse_deck
from ludotheque.games.gutenberg.notation import spell
from ludotheque.games.gutenberg.spelling import best_spelling
from ludotheque.games.gutenberg.state import DIFFICULTIES, GutenbergState, card_json
from ludotheque.lexicon import common_words, is_word_shape, normalize

from ..terminal.session import COMMANDS_HELP, HUMAN, FileOption, Terminal, panel
from ..terminal.setup import SetupError
from .gutenberg_render import (
    Narrator,
    board,
    card_of,
    card_row,
    cards_inline,
    challenges_table,
    integer,
    objs,
    placements,
    section,
    text,
    texts,
    writing_hand,
)

__all__ = ["GutenbergTerminal", "help_panel"]

PASS = frozenset({"-", "passe"})

HELP = {
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
"""The help of each question (``aide``), in the rulebook's words."""


def help_panel(*topics: str) -> RenderableType:
    """The help of the questions ``topics`` (keys of :data:`HELP`), then the commands."""
    body = Text.from_markup("\n".join(HELP[topic] for topic in topics))
    return panel("Aide", Text.assemble(body, "\n", COMMANDS_HELP))


class GutenbergTerminal(Terminal[GutenbergState]):
    """Gutenberg: the table at each phase's first question, the Narrator after every move."""

    state_type = GutenbergState
    confirm_quit = True
    thinking = "Les robots réfléchissent…"
    solo_opponent = " : votre adversaire est la Rotative"
    files: ClassVar[Mapping[str, FileOption]] = {
        "deck": FileOption("paquet", "le paquet", "Paquet")
    }

    # --- the set-up -------------------------------------------------------------------------

    @classmethod
    def mode_flag(cls, mode: str | None, options: JsonObject) -> JsonObject:
        """``--mode`` is the solo's difficulty (facile, normal, difficile): a solo game."""
        if mode is None:
            return options
        difficulty = mode.strip().lower()
        if difficulty not in DIFFICULTIES:
            raise SetupError(f"Mode inconnu : « {mode} » (possibles : {', '.join(DIFFICULTIES)}).")
        return {**options, "mode": "solo", "difficulte": difficulty}

    @classmethod
    def solo_line(cls, match: Match) -> str:
        return f"contre la Rotative (solo, {match.record.options['difficulte']})"

    @classmethod
    def check_file(cls, option: str, text: str, source: str, console: Console) -> None:
        """The deck file: refused with its line, or its warnings shown (odd counts…)."""
        try:
            deck = parse_deck(text, source=source)
        except DeckError as error:
            raise SetupError(f"Paquet refusé — {error.message}") from None
        for warning in deck.warnings:
            console.print(f"Paquet : {warning}", style="yellow")

    # --- the game ---------------------------------------------------------------------------

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        catalog = self.state.catalog
        rewards = {cid: c.reward.describe() for cid, c in catalog.challenges.items()}
        self.narrator = Narrator(
            self.console,
            self.names,
            rewards,
            viewer=HUMAN,
            announce_rounds=False,
            second_person=True,
            verdict=False,
        )
        self.lexicon = common_words()
        self.shown: tuple[int, str] | None = None  # the round and phase of the last full table
        self.topics: tuple[str, ...] = ()  # what « aide » explains at the current question

    def start(self) -> None:
        self.narrator.start(self.view())

    def tell(self, move: PendingMove) -> None:
        before, after = move.before.view(HUMAN), move.after.view(HUMAN)
        self.narrator.observe(before, move.seat, move.data, after)

    end_shown_by_game = True  # the Narrator's result: « Fin de la partie » and every score

    def finish(self, outcome: Outcome) -> None:
        # The Narrator has shown the last words and collections with the last move.
        self.tell_outcome(outcome)

    def help_panel(self) -> RenderableType:
        return help_panel(*self.topics)

    def show(self, full: bool = True) -> None:
        """The table; ``full=False``: only what the phase's question needs."""
        parts = board(self.view(), self.names, self.narrator.rewards, viewer=HUMAN, full=full)
        if full:
            self.console.print()
        self.console.print(*parts)

    def show_for_question(self) -> None:
        """The full table at the first question of a phase, only the changes after that."""
        key = (self.state.round, self.state.phase)
        self.show(full=key != self.shown)
        self.shown = key

    def ask_about(self, prompt: str, *topics: str) -> str:
        """:meth:`question`, with « aide » explaining ``topics``."""
        self.topics = topics
        return self.question(prompt)

    def human_turn(self) -> None:
        phase = self.state.phase
        if phase == "draft":
            self.draft()
        elif phase == "write":
            self.write()
        elif phase == "claim":
            self.claim()
        else:
            self.library()

    # --- the draft --------------------------------------------------------------------------

    def draft(self) -> None:
        packet = objs(self.view()["paquet"])
        self.show_for_question()
        topic = "draft-solo" if self.state.solo else "draft"
        while True:
            answer = self.ask_about("Quelle carte gardez-vous ? (numéro ou lettre) ", topic)
            chosen = self.pick_cards(answer, packet, 1)
            if chosen is not None and self.play_chosen(Pick(chosen[0])):
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

    # --- writing ----------------------------------------------------------------------------

    def write(self) -> None:
        state = self.state
        hand = [card_of(card) for card in writing_hand(self.view())]
        many = state.solo and state.round == 5 and state.difficulty == "facile"
        self.show_for_question()
        topics = ("write", "write-solo") if state.solo else ("write",)
        if many:
            self.say(
                "Mode facile : vous pouvez écrire plusieurs mots (séparés par des espaces "
                "ou « + »), chaque carte ne servant qu'une fois.",
                "green",
            )
        while True:
            answer = self.ask_about("Votre mot (« - » pour ne rien écrire) : ", *topics)
            if answer.lower() in PASS:
                if self.confirm(
                    "Ne rien écrire ce tour-ci (0 point) ? [o/N] ", False
                ) and self.play_chosen(Write()):
                    return
                continue
            plays = self.read_words(answer, hand, many)
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
            line = Text.assemble(
                "Écrire ", (" + ".join(play.word for play in plays), "bold"), " avec "
            )
            line.append_text(cards_inline(used))
            line.append(f" : {plural(score, 'point')} ? [O/n] ")
            if not self.confirm(line.plain, True):
                continue
            offset = None
            if state.needs_offset():
                offset = self.ask_offset(plays[0])
                if offset is None:
                    continue
            if self.play_chosen(Write(plays, offset)):
                return

    def read_words(self, answer: str, hand: Sequence[Card], many: bool) -> tuple[Play, ...] | None:
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
                self.refuse(f"Impossible d'écrire {word} avec vos cartes{missing(word, hand)}.")
                return None
        plays = spell(words, hand)
        if plays is None:
            self.refuse(
                f"Impossible d'écrire {' + '.join(words)} avec vos cartes : chaque carte ne "
                "sert qu'une fois."
            )
            return None
        return plays

    def ask_offset(self, play: Play) -> int | None:
        """Solo, rounds 2–4: where the new word goes under the previous one (None: back)."""
        state = self.state
        catalog = state.catalog
        options = list(state.offsets(len(play.cards)))
        gains: list[list[str]] = []
        for offset in options:
            after = state.apply(HUMAN, Write((play,), offset))
            gains.append([c for c in after.collections[HUMAN] if c not in state.collections[HUMAN]])
        values = [catalog.points(gain) for gain in gains]
        best = max(range(len(options)), key=lambda i: (values[i], len(gains[i]), -abs(options[i])))
        row = objs(self.view()["ligne"])
        word = [card_json(catalog.card(card_id)) for card_id in play.cards]
        self.console.print()
        self.console.print(placements(row, word, options, gains, values, best))
        while True:
            answer = self.ask_about(
                f"Quel placement ? (1 à {len(options)}, Entrée : {best + 1}, « - » : changer "
                "de mot) ",
                "offset",
            )
            if not answer:
                return options[best]
            if answer == "-":
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return options[int(answer) - 1]
            self.refuse(f"Choisissez un numéro de 1 à {len(options)}.")

    # --- claims -----------------------------------------------------------------------------

    def claim(self) -> None:
        view = self.view()
        state = self.state
        pool = objs(view["lettres_en_jeu"])
        possible = [self.narrator.challenges[c] for c in texts(view.get("defis_possibles"))]
        self.show_for_question()
        legal = state.legal_actions(HUMAN)
        if len(legal) == 1:
            self.say("Vous n'avez pas le choix :", "dim")
            self.play(HUMAN, legal[0])
            return
        challenge: str | None = None
        if possible:
            self.say("Votre mot remplit un défi ouvert :", "bold")
            self.console.print(challenges_table(possible, self.narrator.rewards, numbered=True))
            while True:
                answer = self.ask_about(
                    "Réclamer un défi ? (numéro, 0 : aucun, Entrée : 1) ", "claim"
                )
                if not answer or (answer.isdigit() and int(answer) <= len(possible)):
                    break
                self.refuse(f"Choisissez un numéro de 0 à {len(possible)}.")
            number = int(answer) if answer else 1
            challenge = None if number == 0 else text(possible[number - 1]["id"])
        quota = state.quota(HUMAN, challenge)
        if quota >= len(pool):
            self.say("Vous prenez toutes les lettres en jeu.", "dim")
            if self.play_chosen(Claim(tuple(text(card["id"]) for card in pool), challenge)):
                return
        how = "numéro ou lettre" if quota == 1 else "numéros ou lettres"
        while True:
            answer = self.ask_about(
                f"Quelles cartes réclamez-vous ? ({plural(quota, 'carte')} : {how}) ", "claim"
            )
            chosen = self.pick_cards(answer, pool, quota)
            if chosen is not None and self.play_chosen(Claim(tuple(chosen), challenge)):
                return

    # --- la Rotative's library (solo) -------------------------------------------------------

    def library(self) -> None:
        library = objs(self.view()["bibliotheque"])
        self.show_for_question()
        self.console.print(section("Bibliothèque (à choisir)", card_row(library, numbered=True)))
        if len(library) == 1:
            self.say("Une seule carte dans la bibliothèque :", "dim")
            self.play(HUMAN, Shelve(text(library[0]["id"])))
            return
        best = max(range(len(library)), key=lambda i: (integer(library[i]["points"]), -i))
        while True:
            answer = self.ask_about(
                f"Quelle carte de la bibliothèque ? (numéro ou lettre, Entrée : {best + 1}) ",
                "library",
            )
            chosen = self.pick_cards(answer, library, 1) if answer else [text(library[best]["id"])]
            if chosen is not None and self.play_chosen(Shelve(chosen[0])):
                return


def missing(word: str, hand: Sequence[Card]) -> str:
    """`` (aucune carte K, W)`` when some letters of ``word`` are on no card at all.

    >>> missing("KIWI", [Card("a", "I", 1, "voyelle")])
    ' (aucune carte K, W)'
    """
    letters = "".join(card.letters for card in hand)
    absent = sorted({letter for letter in word if letter not in letters})
    return f" (aucune carte {', '.join(absent)})" if absent else ""


TERMINAL = GutenbergTerminal
