"""Thèmes' typed notation: what a player types in the terminal, read into an action.

``2 new york`` says a word for the theme of column 2 (the cards worth the most are chosen by
:meth:`~.game.Themes.complete_action`), ``2 new york : E R O`` names the letters taken (``N¹``,
``E²``, ``S$`` for constraint cards, or a card id), ``2+ nemo`` (Expert) also claims the fifth
pile's theme, ``p2 3 new york`` (Équipe) uses the packet of 2 cards; one-word commands:
``main``, ``fin``, ``rien``, ``oui`` / ``non``; ``rendre B`` or ``rendre VILLE`` (Simultanée,
after a refused word: the won card given back). Pure: the front ends draw and ask.

Event lines name seats « place 2 » (the rules know no names): :func:`name_seats` puts the
players' names in their place.

>>> from ludotheque.games.themes import Themes
>>> game = Themes()
>>> state = game.new(2, 1)
>>> parse_typed(game, state, state.play.active, "fin")
EndTurn()
>>> parse_typed(game, state, state.play.active, "9 lyon")
Traceback (most recent call last):
    ...
ludotheque.core.errors.MalformedInput: Colonne 9 inconnue : les thèmes sont numérotés de 1 à 4.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import product

from ludotheque.core.errors import IllegalAction, MalformedInput
from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Seat
from ludotheque.lexicon.normalize import normalize

from .actions import Action, EndTurn, GiveBack, GiveUp, Redraw, Verdict, Word
from .classic import classic_play
from .game import Themes
from .simultaneous import SimultaneousPlay
from .state import ThemesState
from .teams import PACKET_SIZES, TeamPlay

__all__ = [
    "CLASSIC_NOTATION",
    "NOTATIONS",
    "TYPED_HELP",
    "give_back_choices",
    "name_seats",
    "parse_typed",
    "typed_help",
]


YES = {"oui", "o", "valider", "valide"}
NO = {"non", "n", "refuser", "refuse"}
_WORD = re.compile(r"^(?:p\s*(\d+)\s+)?(\d+)\s*(\+?)\s+(.+)$", re.IGNORECASE)
_CARD_ID = re.compile(r"^L\d+$", re.IGNORECASE)
_MARK_OF = {"¹": "premiere", "1": "premiere", "²": "seconde", "2": "seconde", "$": "derniere"}

_JUDGE_LINE = ("oui / non", "quand vous êtes juge : valider ou refuser le mot (silence = oui)")
CLASSIC_NOTATION = (
    (
        "2 new york",
        "dire un mot pour le thème de la colonne 2 ; les cartes qui rapportent le plus sont "
        "choisies (au moins une de votre main, une des deux visibles de la colonne)",
    ),
    (
        "2 new york : E R O",
        "en nommant les lettres prises (N¹, E², S$ : lettres à contrainte ; ou l'identifiant "
        "d'une carte, L091)",
    ),
    ("2+ nemo", "Expert : le mot vaut aussi pour le thème de la 5e pile (3 PV)"),
    ("main", "changer ses trois lettres (une fois par tour)"),
    ("fin", "finir son tour avant la fin du sablier"),
    _JUDGE_LINE,
)
SIMULTANEOUS_NOTATION = (
    (
        "2 new york",
        "dire un mot pour le thème de la colonne 2 : au moins une des deux cartes retournées et "
        "une des deux visibles de la colonne (celles qui rapportent le plus sont choisies)",
    ),
    ("2 new york : E R O", "en nommant les lettres prises (N¹, E², S$ ou L091)"),
    ("rien", "vous ne trouvez rien : vous abandonnez la manche"),
    _JUDGE_LINE,
    (
        "rendre B",
        "après un mot refusé : la carte gagnée que vous rendez, une lettre (B, N¹) ou un thème "
        "(rendre VILLE)",
    ),
)
TEAM_NOTATION = (
    (
        "p2 3 new york",
        "un mot pour le thème de la colonne 3 avec le paquet de 2 cartes (p1, p2, p3 : les "
        "paquets de 1, 2 et 3 cartes ; au moins une lettre du paquet, une de la colonne)",
    ),
    ("3 new york", "sans paquet : celui qui rapporte le plus est choisi"),
    ("p1 3 new york : N¹ E", "en nommant les lettres prises"),
    (
        "fin",
        "passer la main à vos coéquipiers robots : ils disent les mots qu'ils trouveraient dans "
        "le temps qui reste, puis la manche finit",
    ),
    _JUDGE_LINE,
)
NOTATIONS = {
    "classique": CLASSIC_NOTATION,
    "expert": CLASSIC_NOTATION,
    "simultanee": SIMULTANEOUS_NOTATION,
    "equipe": TEAM_NOTATION,
}
"""The typed notation of each mode: (what is typed, what it means)."""


def typed_help(mode: str = "classique") -> str:
    """The notation of ``mode`` as plain text (one line per form)."""
    return "\n".join(f"{typed:<20} {meaning}" for typed, meaning in NOTATIONS[mode])


TYPED_HELP = typed_help()
"""The classic notation as plain text (one line per form)."""


EXAMPLES = {
    "classique": "« 2 new york », « 2 new york : E R O », « main », « fin »",
    "expert": "« 2 new york », « 2+ nemo », « main », « fin »",
    "simultanee": "« 2 new york », « 2 new york : E R O », « rien », « rendre B »",
    "equipe": "« p2 3 new york », « 3 new york », « fin »",
}


def unreadable(text: str, mode: str) -> MalformedInput:
    return MalformedInput(
        f"Coup illisible : « {text} ». Tapez par exemple {EXAMPLES[mode]} ou « aide »."
    )


def own_cards(
    state: ThemesState, seat: Seat, packet: int | None
) -> list[tuple[int | None, tuple[str, ...]]]:
    """The cards a word may take besides the column's, by packet (None outside Équipe)."""
    play = state.play
    if isinstance(play, SimultaneousPlay):
        return [(None, play.turned)]
    if isinstance(play, TeamPlay):
        packets = range(len(PACKET_SIZES)) if packet is None else [packet]
        return [(p, play.packets[p]) for p in packets if not play.used[p]] or [
            (p, play.packets[p]) for p in packets
        ]
    return [(None, classic_play(state).hands[seat])]


def card_choices(state: ThemesState, pool: Sequence[str], token: str) -> list[str]:
    """The cards of ``pool`` that ``token`` may stand for."""
    if _CARD_ID.match(token):
        wanted = token.upper()
        return [c for c in pool if c.upper() == wanted]
    letter, mark = token[0], token[1:]
    letter = normalize(letter)
    if len(letter) != 1 or not "A" <= letter <= "Z" or mark not in ("", *_MARK_OF):
        raise MalformedInput(
            f"Lettre illisible : « {token} » (une lettre, suivie de ¹, ² ou $ pour une lettre à "
            "contrainte : E, N¹, E², S$)."
        )
    constraint = _MARK_OF.get(mark) if mark else None
    letters = state.catalog.letters
    return [
        c
        for c in pool
        if letters[c].letter == letter
        and (constraint is None or letters[c].constraint == constraint)
    ]


def explicit_cards(
    state: ThemesState,
    seat: Seat,
    column: int,
    word: str,
    fifth: bool,
    packet: int | None,
    tokens: list[str],
) -> Word:
    """The word with the cards the letters name (the best legal choice when several fit)."""
    best: tuple[int, Word] | None = None
    first_problem: str | None = None
    letters = state.catalog.letters
    where = {
        "simultanee": "parmi les cartes retournées",
        "equipe": "dans les paquets",
    }.get(state.config.mode, "dans votre main")
    for chosen, own in own_cards(state, seat, packet):
        pool = [*own, *state.visible_letters(column)]
        choices = []
        for token in tokens:
            found = card_choices(state, pool, token)
            if not found:
                first_problem = first_problem or (
                    f"Aucune carte « {token} » {where} ni visible sous le thème {column + 1}."
                )
                break
            choices.append(found)
        else:
            for cards in product(*choices):
                if len(set(cards)) != len(cards):
                    continue
                candidate = Word(column, word, tuple(cards), fifth, chosen)
                problem = state.word_problem(seat, candidate)
                if problem is not None:
                    first_problem = first_problem or problem
                    continue
                points = sum(letters[c].points for c in cards)
                if best is None or points > best[0]:
                    best = (points, candidate)
    if best is None:
        raise IllegalAction(first_problem or "Une même carte est nommée deux fois.")
    return best[1]


_SEAT_REF = re.compile(r"\b([Pp])lace (\d+)\b")
_QUOTED = re.compile(r"«[^»]*»")


def name_seats(line: str, names: Sequence[str]) -> str:
    """``line`` (an event of the rules) with each « place N » replaced by that seat's name;
    words between « » are left as they are; a name that is « Vous » is written « vous » inside
    a sentence.

    >>> name_seats("Carte rendue par place 2 : la lettre B.", ["Léa", "Noé"])
    'Carte rendue par Noé : la lettre B.'
    >>> name_seats("Mot de place 1 : « place 2 » pour VILLE.", ["Vous", "Noé"])
    'Mot de vous : « place 2 » pour VILLE.'
    """

    def named(found: re.Match[str]) -> str:
        seat = int(found.group(2)) - 1
        if not 0 <= seat < len(names):
            return found.group(0)
        name = names[seat]
        return "vous" if name == "Vous" and found.start() > 0 else name

    parts: list[str] = []
    last = 0
    for quoted in _QUOTED.finditer(line):
        parts.append(_SEAT_REF.sub(named, line[last : quoted.start()]))
        parts.append(quoted.group(0))
        last = quoted.end()
    parts.append(_SEAT_REF.sub(named, line[last:]))
    return "".join(parts)


def give_back_choices(state: ThemesState, seat: Seat) -> list[tuple[str, str]]:
    """The cards ``seat`` may give back after a refused word: (id, how a player names it:
    « B », « N¹ », « VILLE »), letters first, then theme cards."""
    letters = state.catalog.letters
    choices = [
        (card, letters[card].letter + MARKS.get(letters[card].constraint or "", ""))
        for card in state.won_letters[seat]
    ]
    choices += [(face[0], state.catalog.theme(face)) for face in state.won_themes[seat]]
    return choices


MARKS = {"premiere": "¹", "seconde": "²", "derniere": "$"}


def give_back_of(state: ThemesState, seat: Seat, text: str) -> GiveBack:
    """« rendre B », « rendre N¹ », « rendre VILLE », « rendre L091 »: the won card named."""
    play = state.play
    if not isinstance(play, SimultaneousPlay):
        raise IllegalAction("« rendre » ne sert qu'en variante Simultanée, après un mot refusé.")
    if not play.owes(state, seat):
        raise IllegalAction("Vous n'avez aucune carte à rendre.")
    choices = give_back_choices(state, seat)
    offered = ", ".join(label for _card, label in choices)
    wanted = text.strip()
    if not wanted:
        raise MalformedInput(f"Rendre quelle carte ? Tapez « rendre » et l'une de : {offered}.")
    key = normalize(wanted)
    found = [card for card, label in choices if card.upper() == wanted.upper()]
    found = found or [
        card for card, label in choices if label == wanted.upper() or normalize(label) == key
    ]
    if not found and len(wanted) == 1:  # « rendre b »: a plain letter, or the constraint one
        found = [card for card, label in choices if normalize(label[0]) == key and len(label) > 1]
    if not found:
        raise IllegalAction(f"Vous n'avez pas gagné « {wanted} » : rendez l'une de {offered}.")
    return GiveBack(found[-1])


def command_of(state: ThemesState, command: str) -> Action | None:
    """The action of a one-word command in ``state``'s mode, or None when it is not one."""
    if command in YES:
        return Verdict(True)
    if command in NO:
        return Verdict(False)
    if isinstance(state.play, SimultaneousPlay):
        if command in ("rien", "passe", "fin"):
            return GiveUp()
        if command in ("main", "changer"):
            raise IllegalAction("Variante Simultanée : pas de main, les lettres sont retournées.")
        return None
    if command in ("fin", "stop", "passe"):
        return EndTurn()
    if command in ("main", "changer"):
        if isinstance(state.play, TeamPlay):
            raise IllegalAction("Variante par équipe : pas de main, vos lettres sont les paquets.")
        return Redraw()
    if command == "rien":
        raise IllegalAction("« rien » ne sert qu'en variante Simultanée : tapez « fin ».")
    return None


def parse_typed(game: Themes, state: ThemesState, seat: Seat, text: str) -> Action:
    """The action ``text`` stands for (:class:`LudoError` in French when it cannot be read).

    The rules are checked when the action is submitted; only the cards (and, in Équipe, the
    packet) are chosen here.
    """
    mode = state.config.mode
    answer = " ".join(text.split())
    if not answer:
        raise MalformedInput(f"Coup vide : tapez par exemple {EXAMPLES[mode]} ou « aide ».")
    verb, _space, rest = answer.partition(" ")
    if verb.lower() == "rendre":
        return give_back_of(state, seat, rest)
    command = command_of(state, answer.lower())
    if command is not None:
        return command
    if re.fullmatch(r"(?:p\s*\d+\s+)?\d+\s*\+?", answer, re.IGNORECASE):
        raise MalformedInput(f"Il manque le mot : « {answer} new york » par exemple.")
    found = _WORD.match(answer)
    if found is None:
        raise unreadable(answer, mode)
    packet: int | None = None
    if found.group(1) is not None:
        if not isinstance(state.play, TeamPlay):
            raise MalformedInput("Les paquets (p1, p2, p3) ne servent qu'à la variante par équipe.")
        size = int(found.group(1))
        if size not in PACKET_SIZES:
            raise MalformedInput(
                f"Paquet p{size} inconnu : p1, p2 ou p3 (les paquets de 1, 2 et 3 cartes)."
            )
        packet = PACKET_SIZES.index(size)
    column = int(found.group(2)) - 1
    fifth = bool(found.group(3))
    word, colon, letters = found.group(4).partition(":")
    word = word.strip()
    if not 0 <= column < len(state.piles):
        raise MalformedInput(
            f"Colonne {column + 1} inconnue : les thèmes sont numérotés de 1 à {len(state.piles)}."
        )
    if not word or not any(ch.isalpha() for ch in word):
        raise MalformedInput(f"Il manque le mot : « {column + 1} new york » par exemple.")
    if colon:
        tokens = letters.split()
        if not tokens:
            raise MalformedInput("Après « : », nommez les lettres prises : « 2 new york : E R O ».")
        return explicit_cards(state, seat, column, word, fifth, packet, tokens)
    data: JsonObject = {"type": "mot", "colonne": column, "mot": word}
    if fifth:
        data["cinquieme"] = True
    if packet is not None:
        data["paquet"] = packet
    return game.decode_action(game.complete_action(state, seat, data))
