"""The Gutenberg game object: description, options, set-up and action encoding."""

from __future__ import annotations

from collections.abc import Iterable

from ludotheque.core.json_types import JsonObject
from ludotheque.core.notation import NotatedGame, Notation
from ludotheque.core.options import GameInfo, Mode, OptionSpec
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Rng
from ludotheque.lexicon import common_words

from . import views
from .actions import Action, Claim, Pick, Play, Shelve, Write, decode_action, encode_action
from .catalog import Catalog
from .deck import default_deck, parse_deck
from .notation import complete_action, describe_action
from .state import DIFFICULTIES, GutenbergState, Hooks

__all__ = ["Gutenberg"]

# The views read the state, never the reverse: the state reaches them through its hooks.
GutenbergState.hooks = Hooks(
    view=views.build_view,
    secrets=views.private_ids,
    resample_hidden=views.resample,
    invariant_violations=views.invariant_violations,
)


class Gutenberg(NotatedGame[GutenbergState, Action]):
    """Gutenberg (Robin David, 2020), registered as ``gutenberg``."""

    notation = Notation(
        encode_action, decode_action, complete=complete_action, describe=describe_action
    )

    info = GameInfo(
        name="gutenberg",
        title="Gutenberg",
        summary="Draft de lettres, un mot secret par tour, réclamations et défis.",
        authors="Robin David (Nuts Publishing, 2020)",
        modes=(
            Mode("classique", "Partie à plusieurs", 2, 6),
            Mode(
                "solo",
                "Solo contre la Rotative",
                1,
                1,
                automata=1,
                summary="Vous jouez seul pour battre la Rotative : les cartes que vous "
                "n'utilisez pas vont dans sa bibliothèque, dont les points font son score.",
            ),
        ),
        options=(
            OptionSpec(
                "difficulte",
                "Difficulté du solo",
                "choice",
                "normal",
                choices=DIFFICULTIES,
                modes=("solo",),
                description="Normale : la règle du livret. Facile : au cinquième tour, vous "
                "pouvez écrire autant de mots que vous voulez et additionner leurs points. "
                "Difficile : au cinquième tour, vos cartes inutilisées (draftées ou communes) "
                "vont dans la bibliothèque de la Rotative.",
                choice_labels=(
                    ("facile", "Facile"),
                    ("normal", "Normale"),
                    ("difficile", "Difficile"),
                ),
            ),
            OptionSpec(
                "paquet",
                "Fichier de cartes (texte)",
                "text",
                None,
                description="Pour jouer avec vos propres cartes : un fichier texte qui remplace "
                "le paquet du jeu.",
            ),
        ),
        hidden_information=True,
        simultaneous=True,
        chance=True,
    )

    def setup(self, players: int, options: JsonObject, rng: Rng) -> GutenbergState:
        text = options.get("paquet")
        deck = parse_deck(text) if isinstance(text, str) else default_deck()
        draws = rng.draws()
        solo = options["mode"] == "solo"
        difficulty = options.get("difficulte", "normal")
        assert isinstance(difficulty, str)
        state = GutenbergState(
            catalog=Catalog.of(deck),
            lexicon=common_words(),
            seats=players,
            solo=solo,
            difficulty=difficulty,
            round=0,
            phase="draft",
            letter_deck=tuple(draws.shuffled(card.id for card in deck.letters)),
            vowel_deck=tuple(draws.shuffled(card.id for card in deck.vowels)),
            challenge_deck=tuple(draws.shuffled(c.card.id for c in deck.challenges)),
            commons=(),
            open_challenges=(),
            packets=(),
            drafted=((),) * players,
            picks=(None,) * players,
            writes=(None,) * players,
            words=(None,) * players,
            ranking=(),
            claim_turn=0,
            pool=(),
            taken=(None,) * players,
            collections=((),) * players,
            library=(),
            row=(),
            history=(),
            rng=draws.freeze(),
        )
        return state.start_round(1)

    def illegal_examples(self, state: GutenbergState, seat: Seat) -> Iterable[Action]:
        foreign = [c for c in state.catalog.by_id if c not in state.hand(seat)][:1]
        if state.phase == "draft":
            outside = [c for c in state.catalog.by_id if c not in state.current_packet(seat)]
            yield Pick(outside[0])
            yield Write()
        elif state.phase == "write":
            hand = state.catalog.cards(state.hand(seat))
            yield Write((Play("ZZZZZZ", tuple(c.id for c in hand[:1])),))  # not a word
            yield Write((Play("JOUER", tuple(foreign)),))  # cards not at hand
            if hand:
                card = hand[0]
                yield Write((Play("AA", (card.id, card.id)),))  # a card twice
            yield Pick(state.hand(seat)[0] if state.hand(seat) else "L01")
        elif state.phase == "claim":
            yield Claim(tuple(foreign) * 2)
            yield Claim((), "D99")
            if len(state.pool) > state.quota(seat):
                yield Claim(state.pool[: state.quota(seat) + 1])
        else:
            yield Shelve(foreign[0] if foreign else "nope")
            yield Write()
