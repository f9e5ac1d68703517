"""Each game's shape in the environments: its menu size, its observation, its move generator.

A menu slot is index ``1 … menu`` of the action space; index 0 is « wait », the only move of
an agent with nothing to decide (see :mod:`ludotheque.rl.env`). The observation's hashed part
has ``slots`` cells, then the game's planes (Letter's board). Sizes are chosen from random and
bot play: Gremlins lists at most about 60 legal actions, Gutenberg's claims up to about 150
(cut, see ``docs/rl.md``), Thèmes' menus rarely pass 30 words.
"""

from __future__ import annotations

from dataclasses import dataclass

from .encoding import GameEncoding, board_plane
from .menus import Generator, gutenberg_moves, letter_turns, themes_words

__all__ = ["LETTER_BOARD", "SPECS", "GameSpec"]

LETTER_BOARD = 26
"""The largest Letter board (option ``plateau``): smaller boards fill its top-left corner."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game in the environments."""

    menu: int
    """Menu slots (the action space is ``Discrete(menu + 1)``: 0 is « wait »)."""
    slots: int
    """Hashed cells of the observation."""
    encoding: GameEncoding
    generator: Generator | None = None


_TEXTS = frozenset({"texte", "explication", "recompense", "evenements", "journal", "resume"})

SPECS: dict[str, GameSpec] = {
    "gutenberg": GameSpec(
        menu=64,
        slots=512,
        encoding=GameEncoding(
            "gutenberg",
            per_seat=frozenset(
                {
                    "paquets",
                    "draftees",
                    "a_choisi",
                    "a_ecrit",
                    "mots",
                    "quotas",
                    "collections",
                    "defis_pris",
                    "taken",
                }
            ),
            seat_keys=frozenset({"place", "en_attente", "classement", "reclame"}),
            ignored=_TEXTS | {"historique", "meilleurs"},
        ),
        generator=gutenberg_moves,
    ),
    "letter": GameSpec(
        menu=64,
        slots=512,
        encoding=GameEncoding(
            "letter",
            per_seat=frozenset(
                {
                    "mains",
                    "feuilles",
                    "scores",
                    "mots",
                    "lettres",
                    "points",
                    "premier_tour_joue",
                    "tours_joues",
                }
            ),
            seat_keys=frozenset(
                {"place", "en_attente", "actif", "premier_joueur", "vient_de_jouer"}
            ),
            ignored=_TEXTS | {"plateau"},
            planes=(("board", LETTER_BOARD * LETTER_BOARD, board_plane(LETTER_BOARD)),),
        ),
        generator=letter_turns,
    ),
    "themes": GameSpec(
        menu=32,
        slots=512,
        encoding=GameEncoding(
            "themes",
            per_seat=frozenset({"scores", "cartes_theme", "mains", "gagne", "dettes"}),
            seat_keys=frozenset(
                {
                    "place",
                    "premier_joueur",
                    "retourne_par",
                    "cherchent",
                    "doivent_rendre",
                    "actif",
                    "juge",
                    "capitaine",
                }
            ),
            ignored=_TEXTS | {"decisions"},
        ),
        generator=themes_words,
    ),
    "gremlins": GameSpec(
        menu=64,
        slots=512,
        encoding=GameEncoding(
            "gremlins",
            per_seat=frozenset({"joueurs"}),
            seat_keys=frozenset({"place", "premier_joueur", "joueur_actif"}),
            ignored=_TEXTS | {"cartes", "couts"},
        ),
    ),
    "encheres": GameSpec(menu=32, slots=128, encoding=GameEncoding("encheres")),
}
