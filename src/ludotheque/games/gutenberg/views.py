"""What each seat of a Gutenberg game may see, and the redraw of what it may not.

Hidden: the order of the three decks, the other seats' packets, drafted cards, pending choices
and collections (« vous ne pouvez jamais regarder la collection d'un autre joueur »), the solo
packets not yet taken, and the generator of future shuffles. Public: common cards, open
challenges, words once revealed, the letters in play, the library and the solo row, and the
size of every pile. After each reveal a seat also sees the best word its own cards could have
written (``meilleurs``); the others' at the end only, when every collection is shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws, Rng
from ludotheque.lexicon import Lexicon

from .actions import Write, encode_action
from .cards import Card
from .catalog import Catalog
from .state import ROUNDS, GutenbergState, RoundResult, card_json, claim_quota
from .wordfinder import best_words

__all__ = [
    "build_view",
    "invariant_violations",
    "private_ids",
    "public_ids",
    "resample",
    "shown_ids",
]


def _cards(catalog: Catalog, ids: Iterable[str]) -> list[JsonValue]:
    return [card_json(catalog.card(card_id)) for card_id in ids]


def _ints(values: Iterable[int]) -> list[JsonValue]:
    return list(values)


def _challenge_json(state: GutenbergState, card_id: str) -> JsonObject:
    challenge = state.catalog.challenges[card_id]
    data = card_json(challenge.card)
    data["texte"] = challenge.text
    data["explication"] = challenge.explanation
    data["recompense"] = challenge.reward.describe()
    return data


def _revealed(state: GutenbergState) -> bool:
    return state.phase in ("claim", "library", "over")


@lru_cache(maxsize=512)
def _best_play(cards: tuple[Card, ...], lexicon: Lexicon) -> JsonObject:
    """The best word ``cards`` could spell (the word finder the terminal uses), as JSON.

    Its cards are told by letters and points, without their ids: where a card of the hand
    went since (a collection) is no business of the view.
    """
    plays = best_words(cards, top=1, words=lexicon.words)
    if not plays:
        return {"mot": None, "score": 0, "cartes": []}
    play = plays[0]
    shown: list[JsonValue] = [
        {"lettres": c.letters, "points": c.points, "type": c.kind} for c in play.cards
    ]
    return {"mot": play.word, "score": play.score, "cartes": shown}


def _best_words(
    state: GutenbergState, hands: Sequence[tuple[str, ...]], seat: Seat | None, public: bool
) -> list[JsonValue]:
    """Per seat, the best word its hand of the round could have written, or None when hidden.

    A seat sees the best word of its own hand (it saw those cards); the others' hands went
    face down (« placez les cartes inutilisées sous le paquet Lettre ») except at the end of
    the game, when every collection is shown (``public``): then everybody sees every one.
    """
    best: list[JsonValue] = []
    for owner, hand in enumerate(hands):
        if public or owner == seat:
            best.append(dict(_best_play(tuple(state.catalog.cards(hand)), state.lexicon)))
        else:
            best.append(None)
    return best


def _round_best(
    state: GutenbergState, result: RoundResult, seat: Seat | None
) -> list[JsonValue] | None:
    if not result.hands:
        return None
    return _best_words(state, result.hands, seat, public=result.round == ROUNDS)


def build_view(state: GutenbergState, seat: Seat | None) -> JsonObject:
    catalog = state.catalog
    revealed = _revealed(state)
    view: JsonObject = {
        "jeu": "gutenberg",
        "mode": "solo" if state.solo else "classique",
        "difficulte": state.difficulty if state.solo else None,
        "tour": state.round,
        "tours": ROUNDS,
        "phase": state.phase,
        "places": state.seats,
        "en_attente": _ints(sorted(state.to_move())),
        "communes": _cards(catalog, state.commons),
        "defis_ouverts": [_challenge_json(state, c) for c in state.open_challenges],
        "defis_pris": list(state.taken),
        "pioches": {
            "lettre": len(state.letter_deck),
            "voyelle": len(state.vowel_deck),
            "defi": len(state.challenge_deck),
        },
        "paquets": [len(packet) for packet in state.packets],
        "draftees": [len(cards) for cards in state.drafted],
        "a_choisi": [pick is not None for pick in state.picks],
        "a_ecrit": [write is not None for write in state.writes],
        "mots": [
            None if not revealed or word is None else word.to_json(catalog) for word in state.words
        ],
        "classement": _ints(state.ranking),
        "reclame": (state.ranking[state.claim_turn] if state.phase == "claim" else None),
        "quotas": [
            claim_quota(state.seats, state.ranking.index(s)) if state.ranking else 0
            for s in range(state.seats)
        ],
        "lettres_en_jeu": _cards(catalog, state.pool),
        "collections": [len(c) for c in state.collections],
        "bibliotheque": _cards(catalog, state.library),
        "bibliotheque_points": catalog.points(state.library),
        "ligne": _cards(catalog, state.row),
        "historique": [
            {
                "tour": result.round,
                "mots": [None if w is None else w.to_json(catalog) for w in result.words],
                "classement": _ints(result.ranking),
                "reclames": _ints(result.claimed),
                "defis": list(result.challenges),
                "meilleurs": _round_best(state, result, seat),
            }
            for result in state.history
        ],
        # After the reveal, the best word each seat's cards could have spelt (its own only,
        # every seat's at the end of the game).
        "meilleurs": (
            _best_words(state, state.hands, seat, public=state.phase == "over")
            if revealed and state.hands
            else None
        ),
    }
    outcome = state.outcome()
    view["resultat"] = None if outcome is None else outcome.to_json()
    if outcome is not None:
        # The collections settle ties (« le joueur avec le plus de points dans sa collection
        # gagne »): they are shown to everybody at the end.
        view["collections_finales"] = [_cards(catalog, c) for c in state.collections]
    if seat is not None:
        view["place"] = seat
        view["paquet"] = _cards(catalog, state.current_packet(seat))
        view["mes_draftees"] = _cards(catalog, state.drafted[seat])
        view["ma_collection"] = _cards(catalog, state.collections[seat])
        view["ma_collection_points"] = state.collection_points(seat)
        view["mon_choix"] = state.picks[seat]
        write = state.writes[seat]
        view["mon_ecriture"] = None if write is None else encode_action(write)
        if state.phase == "claim" and view["reclame"] == seat:
            view["defis_possibles"] = list(state.claimable_challenges(seat))
            view["mon_quota"] = state.quota(seat)
    return view


def public_ids(state: GutenbergState) -> set[str]:
    """Cards whose place everybody can see (collections too, once the game is over)."""
    ids = {*state.commons, *state.open_challenges, *state.pool, *state.library, *state.row}
    if state.phase == "over":
        ids.update(card for collection in state.collections for card in collection)
    return ids


def shown_ids(state: GutenbergState) -> set[str]:
    """Cards every seat has seen in a revealed word (where they went since may be hidden)."""
    words = [w for result in state.history for w in result.words]
    if _revealed(state):
        words += state.words
    shown = {card for word in words if word is not None for card in word.cards}
    # Claimed challenges are taken from the open display in front of everybody.
    taken = [*state.taken, *(c for result in state.history for c in result.challenges)]
    return shown | {c for c in taken if c is not None}


def private_ids(state: GutenbergState, seat: Seat) -> frozenset[str]:
    """Cards only ``seat`` may see now (as they appear in its view)."""
    own: set[str] = {*state.current_packet(seat), *state.drafted[seat], *state.collections[seat]}
    pick, write = state.picks[seat], state.writes[seat]
    if pick is not None:
        own.add(pick)
    if write is not None:
        own.update(card for play in write.plays for card in play.cards)
    # Cards of revealed words were shown to everybody: their identity is no secret, only where
    # they went (which the views do not tell).
    return frozenset(own - public_ids(state) - shown_ids(state))


def _locations(state: GutenbergState) -> list[tuple[str, ...]]:
    return [
        state.letter_deck,
        state.vowel_deck,
        state.challenge_deck,
        state.commons,
        state.open_challenges,
        state.pool,
        state.library,
        state.row,
        *state.packets,
        *state.drafted,
        *state.collections,
    ]


def invariant_violations(state: GutenbergState) -> list[str]:
    problems = []
    placed = [card for location in _locations(state) for card in location]
    if sorted(placed) != sorted(state.catalog.by_id):
        missing = set(state.catalog.by_id) - set(placed)
        doubled = {c for c in placed if placed.count(c) > 1}
        problems.append(
            f"cards created or lost (missing {sorted(missing)}, doubled {sorted(doubled)})"
        )
    for pick, packet in zip(state.picks, state.packets or ((),) * state.seats, strict=False):
        if pick is not None and pick not in packet:
            problems.append(f"pending pick {pick} is not in its packet")
    kinds = {"lettre": state.letter_deck, "voyelle": state.vowel_deck, "defi": state.challenge_deck}
    for kind, deck in kinds.items():
        if any(state.catalog.card(c).kind != kind for c in deck):
            problems.append(f"a foreign card in the {kind} deck")
    if state.phase == "draft" and not state.solo:
        sizes = {len(packet) for packet in state.packets}
        if len(sizes) != 1:
            problems.append("draft packets of different sizes")
    return problems


def resample(state: GutenbergState, observer: Seat, draws: Draws) -> GutenbergState:
    """A state ``observer`` cannot tell apart from ``state``, built from what it may see.

    Every card the observer cannot see is redrawn into the hidden places (decks, other seats'
    packets, drafted cards and collections, solo packets still face down), respecting the card
    kinds each place can hold and the sizes the view shows. Other seats' pending words become
    « no word »; the generator of future shuffles is replaced.
    """
    catalog = state.catalog
    known = public_ids(state) | set(state.current_packet(observer))
    known |= set(state.drafted[observer]) | set(state.collections[observer])
    unknown = [card for card in catalog.by_id if card not in known]
    by_kind: dict[str, list[str]] = {"lettre": [], "voyelle": [], "defi": []}
    for card in unknown:
        by_kind[catalog.card(card).kind].append(card)
    letters = draws.shuffled(by_kind["lettre"])
    vowels = draws.shuffled(by_kind["voyelle"])
    challenges = by_kind["defi"]
    keep = [c for c in challenges if catalog.challenges[c].reward.kind != "collection"]
    collectable = draws.shuffled(c for c in challenges if c not in keep)

    def take(pool: list[str], count: int) -> tuple[str, ...]:
        taken = tuple(pool[:count])
        del pool[:count]
        return taken

    others = [s for s in range(state.seats) if s != observer]
    letter_deck = take(letters, len(state.letter_deck))
    packets = list(state.packets)
    if state.solo:
        packets = [packets[0], *(take(letters, len(p)) for p in packets[1:])] if packets else []
    else:
        for s in others:
            if packets:
                packets[s] = take(letters, len(packets[s]))
    drafted = list(state.drafted)
    for s in others:
        drafted[s] = take(letters, len(drafted[s]))
    vowel_deck = take(vowels, len(state.vowel_deck))
    deck_challenges = [*keep, *take(collectable, len(state.challenge_deck) - len(keep))]
    challenge_deck = tuple(draws.shuffled(deck_challenges))
    rest = draws.shuffled([*letters, *vowels, *collectable])
    collections = list(state.collections)
    if state.phase != "over":  # at the end, every collection is shown
        for s in others:
            collections[s] = take(rest, len(collections[s]))

    # The hands others wrote with went face down: forgotten, except the last round's at the
    # end of the game (every collection is shown then).
    def blank(hands: tuple[tuple[str, ...], ...], public: bool) -> tuple[tuple[str, ...], ...]:
        if public:
            return hands
        return tuple(hand if s == observer else () for s, hand in enumerate(hands))

    hands = blank(state.hands, state.phase == "over")
    history = tuple(
        replace(result, hands=blank(result.hands, result.round == ROUNDS))
        for result in state.history
    )
    picks = list(state.picks)
    writes = list(state.writes)
    for s in others:
        if picks[s] is not None:
            picks[s] = draws.choice(packets[s])
        if writes[s] is not None and not _revealed(state):
            writes[s] = Write()
    return replace(
        state,
        letter_deck=letter_deck,
        vowel_deck=vowel_deck,
        challenge_deck=challenge_deck,
        packets=tuple(packets),
        drafted=tuple(drafted),
        collections=tuple(collections),
        picks=tuple(picks),
        writes=tuple(writes),
        rng=Rng.from_seed(draws.below(2**62)),
        hands=hands,
        history=history,
    )
