"""Gutenberg in the terminal: cards drawn as cards, the table, and the story of a game.

Everything here renders **views** (``state.view(seat)``, JSON-ready), never a state, so the
live game (``cli/games/gutenberg.py``) and the replay (``cli/replay.py``) show the same things
and cannot leak what a seat may not see: :func:`board` draws the table at a person's
question. :class:`Narrator` turns the moves of a game into
French messages (words revealed, claims, round summaries, the result) for one viewer; the
only other input it takes is the move itself for claims and library choices, which the
rulebook makes in front of everybody.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ludotheque.core.french import plural
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Seat
from ludotheque.games.gutenberg.cards import Card, CardKind
from ludotheque.games.gutenberg.wordfinder import WordPlay, best_words

__all__ = [
    "PHASES",
    "Narrator",
    "board",
    "card_of",
    "card_panel",
    "card_row",
    "cards_inline",
    "challenges_table",
    "placements",
    "seat_names",
    "writing_hand",
]

PHASES = {
    "draft": "draft",
    "write": "écriture",
    "claim": "réclamations",
    "library": "bibliothèque",
    "over": "partie terminée",
}

_KINDS: dict[str, CardKind] = {"lettre": "lettre", "voyelle": "voyelle", "defi": "defi"}
_KIND_STYLE = {"lettre": "bold cyan", "voyelle": "bold yellow", "defi": "bold magenta"}
_BORDER_STYLE = {"lettre": "cyan", "voyelle": "yellow", "defi": "magenta"}


# --- JSON access (views are JSON: these keep mypy --strict honest) -----------------------------


def obj(value: JsonValue) -> JsonObject:
    assert isinstance(value, dict), value
    return value


def objs(value: JsonValue) -> list[JsonObject]:
    assert isinstance(value, list), value
    return [obj(item) for item in value]


def ints(value: JsonValue) -> list[int]:
    assert isinstance(value, list), value
    return [integer(item) for item in value]


def integer(value: JsonValue) -> int:
    assert isinstance(value, int) and not isinstance(value, bool), value
    return value


def text(value: JsonValue) -> str:
    assert isinstance(value, str), value
    return value


def texts(value: JsonValue) -> list[str]:
    """A JSON list of strings (``None``: empty)."""
    return [] if value is None else [text(item) for item in _list(value)]


def optional_text(value: JsonValue) -> str | None:
    return None if value is None else text(value)


def seat_names(players: int, solo: bool) -> list[str]:
    """How a replay calls the seats: « Place 1 »…, « Joueur » alone against la Rotative.

    >>> seat_names(2, False), seat_names(1, True)
    (['Place 1', 'Place 2'], ['Joueur'])
    """
    return ["Joueur" if solo else f"Place {seat + 1}" for seat in range(players)]


# --- cards ------------------------------------------------------------------------------------


def card_of(data: JsonObject) -> Card:
    """The :class:`Card` a view describes (``{"id", "lettres", "points", "type"}``)."""
    kind = _KINDS.get(text(data["type"]))
    if kind is None:
        raise ValueError(f"unknown card kind {data['type']!r}")
    return Card(text(data["id"]), text(data["lettres"]), integer(data["points"]), kind)


def card_panel(data: JsonObject, label: str | None = None, *, style: str | None = None) -> Panel:
    """One card as a small box: its letters in bold, its points below on the right.

    >>> console = Console(width=40, color_system=None)
    >>> card = {"id": "L1", "lettres": "QU", "points": 6, "type": "lettre"}
    >>> with console.capture() as capture:
    ...     console.print(card_panel(card, "2"))
    >>> print(capture.get().rstrip())
    ╭─ 2 ──╮
    │  QU  │
    │    6 │
    ╰──────╯
    """
    letters = text(data["lettres"]) or "—"
    points = integer(data["points"])
    kind = text(data["type"])
    inner = max(5, len(letters) + 2)
    inner += (inner - len(letters)) % 2  # centre exactly
    body = Text(letters.center(inner), style=style or _KIND_STYLE.get(kind, "bold"))
    body.append("\n")
    body.append(f"{points} ".rjust(inner), style="dim" if style is None else style)
    return Panel(
        body,
        title=label,
        title_align="center",
        width=inner + 2,
        padding=(0, 0),
        box=box.ROUNDED,
        border_style=_BORDER_STYLE.get(kind, "white") if style is None else style,
    )


def card_row(
    cards: Sequence[JsonObject],
    *,
    numbered: bool = False,
    empty: str = "(aucune)",
    styles: Mapping[str, str] | None = None,
) -> RenderableType:
    """Cards side by side (wrapping on narrow terminals), numbered from 1 if asked."""
    if not cards:
        return Text(f"  {empty}", style="dim italic")
    panels = [
        card_panel(
            card,
            str(number) if numbered else None,
            style=None if styles is None else styles.get(text(card["id"])),
        )
        for number, card in enumerate(cards, 1)
    ]
    return Columns(panels, padding=(0, 1))


def cards_inline(cards: Sequence[JsonObject | Card]) -> Text:
    """Cards on one line, letters then points: ``T2 I1 QU6``."""
    line = Text()
    for index, card in enumerate(cards):
        letters: str
        points: int
        kind: str
        if isinstance(card, Card):
            letters, points, kind = card.letters, card.points, card.kind
        else:
            letters = text(card["lettres"]) or "—"
            points = integer(card["points"])
            kind = text(card["type"])
        if index:
            line.append(" ")
        line.append(letters, style=_KIND_STYLE.get(kind, "bold"))
        line.append(str(points), style="dim")
    return line


def points_of(cards: Sequence[JsonObject]) -> int:
    return sum(integer(card["points"]) for card in cards)


def section(title: str, body: RenderableType) -> Group:
    return Group(Text(title, style="bold underline"), body)


def challenges_table(
    challenges: Sequence[JsonObject], rewards: Mapping[str, str], *, numbered: bool = False
) -> Table:
    """Open challenges: the French text, the card (if it has letters) and the reward."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    if numbered:
        table.add_column("n°", justify="right")
    table.add_column("Défi", ratio=3, overflow="fold")
    table.add_column("Carte", no_wrap=True)
    table.add_column("Récompense", ratio=2, overflow="fold")
    for number, challenge in enumerate(challenges, 1):
        card = (
            Text("—", style="dim") if not text(challenge["lettres"]) else cards_inline([challenge])
        )
        cells: list[RenderableType] = [
            Text(text(challenge["texte"])),
            card,
            Text(rewards.get(text(challenge["id"]), ""), style="green"),
        ]
        if numbered:
            cells.insert(0, str(number))
        table.add_row(*cells)
    return table


def word_cards(word: JsonObject) -> list[JsonObject]:
    """Every card of a revealed word (``{"mots": [{"mot", "cartes"}], "score"}``)."""
    return [card for play in objs(word["mots"]) for card in objs(play["cartes"])]


def word_text(word: JsonObject | None) -> str:
    if word is None:
        return "—"
    return " + ".join(text(play["mot"]) for play in objs(word["mots"]))


def best_play(hand: Sequence[JsonObject]) -> WordPlay | None:
    """The best word these cards could have spelt (the word finder, on the common lexicon)."""
    plays = best_words([card_of(card) for card in hand], top=1)
    return plays[0] if plays else None


# --- the table at a person's question ---------------------------------------------------------


def writing_hand(view: JsonObject) -> list[JsonObject]:
    """The cards ``view``'s seat writes with: drafted (the collection in the fifth round), then
    the common cards."""
    own = view["ma_collection"] if integer(view["tour"]) == 5 else view["mes_draftees"]
    return objs(own) + objs(view["communes"])


def board(
    view: JsonObject,
    names: Sequence[str],
    rewards: Mapping[str, str],
    *,
    viewer: Seat,
    full: bool = True,
) -> list[RenderableType]:
    """The table as ``viewer`` sees it at their question, to print in this order.

    ``full``: the heading, the open challenges, the common cards, the players (in solo, the
    previous word and la Rotative's library), then the cards of the phase and the collection;
    otherwise only the cards of the phase (the rest was shown at the phase's first question).
    """
    phase = text(view["phase"])
    solo = view["mode"] == "solo"
    parts: list[RenderableType] = []
    if full:
        parts.append(
            Rule(
                f"Gutenberg — tour {integer(view['tour'])}/5 — {PHASES.get(phase, phase)}",
                style="bold",
            )
        )
        challenges = objs(view["defis_ouverts"])
        if challenges and phase != "claim":
            parts.append(section("Défis ouverts", challenges_table(challenges, rewards)))
        commons = objs(view["communes"])
        if commons and phase != "write":
            parts.append(section("Cartes communes", card_row(commons)))
        if solo:
            row = objs(view["ligne"])
            if row:
                parts.append(section("Mot du tour précédent", card_row(row)))
            if phase != "library":
                points = plural(integer(view["bibliotheque_points"]), "point")
                title = f"Bibliothèque de la Rotative : {points}"
                parts.append(section(title, card_row(objs(view["bibliotheque"]), empty="(vide)")))
        else:
            parts.append(players_table(view, names, viewer))
    if phase == "draft":
        title = "Votre paquet"
        if solo:
            sizes = [str(size) for size in ints(view["paquets"])]
            title = f"Le paquet de {sizes[0]} (paquets à venir : {', '.join(sizes[1:])})"
        parts.append(section(title, card_row(objs(view["paquet"]), numbered=True)))
        parts.append(section("Vos cartes draftées", card_row(objs(view["mes_draftees"]))))
    elif phase == "write":
        hand = writing_hand(view)
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
    return parts


def players_table(view: JsonObject, names: Sequence[str], viewer: Seat) -> Table:
    """Each player's drafted cards and collection, and who is still to play."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, title_justify="left")
    table.add_column("Joueur")
    table.add_column("Draftées", justify="right")
    table.add_column("Collection", justify="right")
    table.add_column("")
    phase = view["phase"]
    waiting = set(ints(view["en_attente"]))
    drafted, collections = ints(view["draftees"]), ints(view["collections"])
    for seat, name in enumerate(names):
        status = ""
        if phase in ("draft", "write"):
            status = ("à vous" if seat == viewer else "réfléchit…") if seat in waiting else "prêt"
        elif phase == "claim" and view["reclame"] == seat:
            status = "réclame"
        table.add_row(name, str(drafted[seat]), str(collections[seat]), Text(status, style="dim"))
    return table


def placements(
    row: Sequence[JsonObject],
    word: Sequence[JsonObject],
    offsets: Sequence[int],
    gains: Sequence[Sequence[str]],
    values: Sequence[int],
    best: int,
) -> Group:
    """Solo: each place for the new ``word`` under the previous ``row``, numbered from 1, with
    what it sends to the collection (``gains``: card ids, worth ``values``); ``best`` (an
    index) is marked."""
    lines: list[RenderableType] = [
        Text("Où placer le nouveau mot sous le mot précédent ?", style="bold")
    ]
    width = max(len(f"{text(c['lettres'])}{integer(c['points'])}") for c in [*row, *word]) + 1
    start = min(offsets)
    for number, (offset, gain, value) in enumerate(zip(offsets, gains, values, strict=True), 1):
        label = f"{number:>2}) "
        marker = "  ← le meilleur" if number - 1 == best else ""
        summary = f"collection +{plural(len(gain), 'carte')} ({plural(value, 'point')})"
        lines.append(Text(f"{label}{summary}{marker}", style="bold" if marker else ""))
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
        lines.extend([top, bottom])
    lines.append(
        Text(
            "En vert, les cartes du mot précédent qui rejoindraient votre collection ; en rouge, "
            "celles qui retourneraient sous leur paquet.",
            style="dim",
        )
    )
    return Group(*lines)


# --- the story of a game ----------------------------------------------------------------------


@dataclass(slots=True)
class _ClaimLine:
    seat: Seat
    cards: list[JsonObject]
    challenge: JsonObject | None


@dataclass
class Narrator:
    """Tells a game move by move, as ``viewer`` sees it (``None``: a spectator).

    Call :meth:`observe` with the views before and after each accepted move (and the move);
    it prints the words when they are revealed, each claim, each library choice, the summary
    of each round and the result. ``rewards`` maps challenge ids to their French reward (the
    printed card, public). ``best_word`` shows, after each round, the best word the viewer
    could have written next to theirs. ``verdict``: the result ends with who won and why (the
    live terminal says it with its ranking, :meth:`Terminal.tell_outcome`).
    """

    console: Console
    names: Sequence[str]
    rewards: Mapping[str, str]
    viewer: Seat | None = None
    best_word: bool = True
    second_person: bool = False
    show_hand: bool = False
    announce_rounds: bool = True
    verdict: bool = True
    finder: Callable[[Sequence[JsonObject]], WordPlay | None] = best_play
    challenges: dict[str, JsonObject] = field(default_factory=dict)
    _claims: list[_ClaimLine] = field(default_factory=list)
    _hand: list[JsonObject] | None = None
    _round_shown: int = 0

    # -- entry points ----------------------------------------------------------------------

    def start(self, view: JsonObject) -> None:
        """The first view of the game (or the current one, for a game joined late)."""
        self._remember(view)
        self._capture_hand(view)
        if self.announce_rounds:
            self.round_start(view)

    def observe(self, before: JsonObject, seat: Seat, move: JsonValue, after: JsonObject) -> None:
        """One accepted move of ``seat``; ``before`` and ``after`` are the viewer's views."""
        self._remember(after)
        action = move if isinstance(move, dict) else {}
        kind = action.get("type")
        if before["phase"] == "write" and (
            after["phase"] != "write" or after["tour"] != before["tour"]
        ):
            self._capture_hand(before)
            self.reveal(before, after)
        if kind == "reclamer":
            self.claim(before, seat, action)
        elif kind == "bibliotheque":
            self.shelve(before, action)
        grew = len(objs(after["historique"])) > len(objs(before["historique"]))
        if grew and after["resultat"] is None:  # the fifth round is told by the result
            self.round_summary(after)
        if after["resultat"] is not None and before["resultat"] is None:
            self.result(after)
        elif after["tour"] != before["tour"]:
            self._claims.clear()
            self._capture_hand(after)
            if self.announce_rounds:
                self.round_start(after)
        elif after["phase"] == "write" and before["phase"] != "write":
            self._capture_hand(after)

    # -- what it prints --------------------------------------------------------------------

    def round_start(self, view: JsonObject) -> None:
        number = integer(view["tour"])
        if number == self._round_shown:
            return
        self._round_shown = number
        self.console.print()
        self.console.print(Rule(f"Tour {number} sur {integer(view['tours'])}", style="bold"))
        parts: list[RenderableType] = []
        commons = objs(view["communes"])
        if commons or view["mode"] != "solo":
            parts.append(section("Cartes communes", card_row(commons)))
        challenges = objs(view["defis_ouverts"])
        if challenges:
            parts.append(section("Défis ouverts", challenges_table(challenges, self.rewards)))
        if view["mode"] == "solo":
            parts.extend(self._solo_parts(view))
        self.console.print(*parts)

    def _solo_parts(self, view: JsonObject) -> list[RenderableType]:
        row = objs(view["ligne"])
        library = objs(view["bibliotheque"])
        parts: list[RenderableType] = []
        if row:
            parts.append(section("Mot du tour précédent (sur la table)", card_row(row)))
        title = (
            f"Bibliothèque de la Rotative : {plural(integer(view['bibliotheque_points']), 'point')}"
        )
        parts.append(section(title, card_row(library, empty="(vide)")))
        return parts

    def reveal(self, before: JsonObject, after: JsonObject) -> None:
        """The words of the round, once everybody has written."""
        words = self._round_words(after)
        if words is None or after["resultat"] is not None:
            return  # the last words are in the result
        number = integer(before["tour"])
        if after["mode"] == "solo":
            self._reveal_solo(before, after, words[0])
            return
        ranking = self._round_ranking(after)
        table = Table(title=f"Les mots du tour {number}", box=box.SIMPLE_HEAD, title_justify="left")
        table.add_column("Rang", justify="right")
        table.add_column("Joueur")
        table.add_column("Mot", style="bold")
        table.add_column("Cartes")
        table.add_column("Points", justify="right")
        order = ranking or sorted(range(len(words)), key=lambda s: -self._score(words[s]))
        for rank, seat in enumerate(order, 1):
            word = words[seat]
            table.add_row(
                str(rank) if ranking else "",
                self.names[seat],
                word_text(word) if word is not None else Text("pas de mot", style="dim"),
                cards_inline(word_cards(word)) if word is not None else "",
                str(self._score(word)),
            )
        self.console.print(table)

    def _reveal_solo(self, before: JsonObject, after: JsonObject, word: JsonObject | None) -> None:
        number = integer(before["tour"])
        you = self._you(0)
        whose = "votre" if you else "la"
        if word is None:
            nothing = "vous n'écrivez aucun mot" if you else "aucun mot écrit"
            self.console.print(f"Tour {number} : {nothing} (0 point).")
        else:
            self.console.print(
                Text.assemble(
                    f"Tour {number} : {'vous écrivez' if you else 'le joueur écrit'} ",
                    (word_text(word), "bold"),
                    " (",
                    cards_inline(word_cards(word)),
                    f") : {plural(self._score(word), 'point')}.",
                )
            )
        if number in (2, 3, 4) and self.viewer is not None:
            gained = self._collection_gain(before, after)
            if objs(before["ligne"]):
                if gained:
                    self.console.print(
                        Text.assemble(
                            f"Du mot précédent, rejoignent {whose} collection : ",
                            cards_inline(gained),
                            f" ({plural(points_of(gained), 'point')}).",
                        )
                    )
                else:
                    self.console.print(
                        f"Aucune carte du mot précédent ne rejoint {whose} collection."
                    )
        if after["phase"] == "library":
            verdict = (
                "13 points ou plus : la carte choisie dans la bibliothèque rejoindra la collection."
                if self._score(word) >= 13
                else "12 points ou moins : la carte choisie dans la bibliothèque retournera sous "
                "son paquet."
            )
            self.console.print(verdict, style="dim")

    def claim(self, before: JsonObject, seat: Seat, action: JsonObject) -> None:
        pool = {text(card["id"]): card for card in objs(before["lettres_en_jeu"])}
        cards = [pool[text(card_id)] for card_id in _list(action.get("cartes"))]
        challenge_id = action.get("defi")
        challenge = None if challenge_id is None else self.challenges.get(text(challenge_id))
        self._claims.append(_ClaimLine(seat, cards, challenge))
        verb = " réclamez " if self._you(seat) else " réclame "
        line = Text.assemble((self.names[seat], "bold"), verb)
        line.append_text(cards_inline(cards) if cards else Text("aucune lettre"))
        if challenge is not None:
            line.append(" et le défi « ")
            line.append(text(challenge["texte"]), style="magenta")
            line.append(" »")
            reward = self.rewards.get(text(challenge["id"]))
            if reward:
                line.append(f" ({reward})", style="green")
        self.console.print(line.append("."))

    def shelve(self, before: JsonObject, action: JsonObject) -> None:
        library = {text(card["id"]): card for card in objs(before["bibliotheque"])}
        card = library.get(text(action.get("carte")))
        if card is None:
            return
        written = _list(before["mots"])
        word = obj(written[0]) if written and written[0] is not None else None
        whose = "votre" if self._you(0) else "la"
        if self._score(word) >= 13:
            where = f"rejoint {whose} collection"
        else:
            where = "retourne sous son paquet"
        self.console.print(Text.assemble("Bibliothèque : ", cards_inline([card]), f" {where}."))

    def round_summary(self, after: JsonObject) -> None:
        entry = objs(after["historique"])[-1]
        number = integer(entry["tour"])
        words = [None if w is None else obj(w) for w in _list(entry["mots"])]
        self.console.print(Rule(f"Bilan du tour {number}", style="dim"))
        if after["mode"] == "solo":
            word = words[0]
            self.console.print(
                f"Mot : {word_text(word)} ({plural(self._score(word), 'point')}) — gagné pour "
                f"la collection : {plural(ints(entry['reclames'])[0], 'carte')} — "
                "bibliothèque de la Rotative : "
                f"{plural(integer(after['bibliotheque_points']), 'point')}."
            )
        else:
            table = Table(box=box.SIMPLE_HEAD, show_edge=False)
            table.add_column("Rang", justify="right")
            table.add_column("Joueur")
            table.add_column("Mot", style="bold")
            table.add_column("Points", justify="right")
            table.add_column("Réclamé")
            table.add_column("Défi")
            claims = {line.seat: line for line in self._claims}
            challenges = [optional_text(c) for c in _list(entry["defis"])]
            for rank, seat in enumerate(ints(entry["classement"]), 1):
                line = claims.get(seat)
                claimed: RenderableType = (
                    cards_inline(line.cards)
                    if line is not None and line.cards
                    else Text(plural(ints(entry["reclames"])[seat], "carte"), style="dim")
                )
                challenge_id = challenges[seat]
                challenge: RenderableType = ""
                if challenge_id is not None:
                    known = self.challenges.get(challenge_id)
                    challenge = Text(
                        text(known["texte"]) if known is not None else challenge_id,
                        style="magenta",
                    )
                table.add_row(
                    str(rank),
                    self.names[seat],
                    word_text(words[seat]),
                    str(self._score(words[seat])),
                    claimed,
                    challenge,
                )
            self.console.print(table)
        self._compare_with_best(words)
        self._claims.clear()

    def _compare_with_best(self, words: Sequence[JsonObject | None]) -> None:
        if not self.best_word or self.viewer is None or self._hand is None:
            return
        mine = words[self.viewer] if self.viewer < len(words) else None
        best = self.finder(self._hand)
        if self.show_hand:
            self.console.print(
                Text.assemble(
                    f"Cartes de {self.names[self.viewer]} pour écrire : ",
                    cards_inline(self._hand),
                )
            )
        yours = (
            "aucun mot"
            if mine is None
            else f"{word_text(mine)} ({plural(self._score(mine), 'point')})"
        )
        who = "Vous avez écrit" if self._you(self.viewer) else f"{self.names[self.viewer]} a écrit"
        if best is None:
            self.console.print(f"{who} : {yours}. Aucun mot ne pouvait s'écrire avec ces cartes.")
            return
        if mine is not None and self._score(mine) >= best.score:
            line = Text(f"{who} : {yours} — ")
            line.append("le meilleur score possible !", style="bold green")
            if best.word != word_text(mine):
                line.append(f" (autant avec {best.word})")
            self.console.print(line)
            return
        line = Text(f"{who} : {yours} — meilleur mot possible : ")
        line.append(best.word, style="bold green")
        line.append(f" ({plural(best.score, 'point')} : ")
        line.append_text(cards_inline(best.cards))
        line.append(").")
        self.console.print(line)

    def result(self, view: JsonObject) -> None:
        outcome = obj(view["resultat"])
        words = [None if w is None else obj(w) for w in _list(view["mots"])]
        self.console.print()
        self.console.print(Rule("Fin de la partie", style="bold"))
        if view["mode"] == "solo":
            word = words[0]
            self.console.print(
                f"Dernier mot : {word_text(word)} ({plural(self._score(word), 'point')}) contre "
                f"{plural(integer(view['bibliotheque_points']), 'point')} dans la bibliothèque."
            )
        else:
            table = Table(box=box.SIMPLE_HEAD, show_edge=False)
            table.add_column("Rang", justify="right")
            table.add_column("Joueur")
            table.add_column("Dernier mot", style="bold")
            table.add_column("Points", justify="right")
            table.add_column("Collection")
            ranks = ints(outcome["rangs"])
            collections = _list(view.get("collections_finales"))
            for seat in sorted(range(len(ranks)), key=lambda s: (ranks[s], s)):
                collection = objs(collections[seat]) if seat < len(collections) else []
                table.add_row(
                    str(ranks[seat]),
                    self.names[seat],
                    word_text(words[seat]),
                    str(self._score(words[seat])),
                    Text.assemble(
                        cards_inline(collection), f" ({plural(points_of(collection), 'point')})"
                    ),
                )
            self.console.print(table)
        self._compare_with_best(words)
        if not self.verdict:
            return
        winners = ints(outcome["gagnants"])
        reason = text(outcome["raison"])
        if view["mode"] == "solo":
            won = 0 in winners and ints(outcome["rangs"])[0] == 1
            style = "bold green" if won else "bold red"
            self.console.print(Text(reason, style=style))
        else:
            you = any(self._you(s) for s in winners)
            others = [self.names[s] for s in winners if not self._you(s)]
            if you and not others:
                headline = "Vous gagnez la partie !"
            elif you:
                headline = f"Égalité parfaite : vous gagnez avec {_and(others)}."
            elif len(others) == 1:
                headline = f"{others[0]} gagne la partie."
            else:
                headline = f"Égalité parfaite : {_and(others)} gagnent ensemble."
            self.console.print(Text(headline, style="bold green" if you else "bold"))
            self.console.print(Text(reason, style="dim"))

    # -- helpers ---------------------------------------------------------------------------

    def _you(self, seat: Seat) -> bool:
        """Whether ``seat`` is the person reading (addressed as « vous »)."""
        return self.second_person and seat == self.viewer

    def _remember(self, view: JsonObject) -> None:
        for challenge in objs(view["defis_ouverts"]):
            self.challenges[text(challenge["id"])] = challenge

    def _capture_hand(self, view: JsonObject) -> None:
        """The viewer's cards while writing (drafted or collection, and the common cards)."""
        if self.viewer is None or view["phase"] != "write":
            return
        self._hand = writing_hand(view)

    @staticmethod
    def _score(word: JsonObject | None) -> int:
        return 0 if word is None else integer(word["score"])

    @staticmethod
    def _round_words(after: JsonObject) -> list[JsonObject | None] | None:
        if after["phase"] in ("claim", "library", "over"):
            return [None if w is None else obj(w) for w in _list(after["mots"])]
        history = objs(after["historique"])
        if history:
            return [None if w is None else obj(w) for w in _list(history[-1]["mots"])]
        return None

    @staticmethod
    def _round_ranking(after: JsonObject) -> list[int]:
        if after["phase"] == "claim":
            return ints(after["classement"])
        history = objs(after["historique"])
        if after["phase"] != "over" and history:
            return ints(history[-1]["classement"])
        return []

    def _collection_gain(self, before: JsonObject, after: JsonObject) -> list[JsonObject]:
        """Solo: the cards of the previous row that went to the viewer's collection."""
        if "ma_collection" not in before or "ma_collection" not in after:
            return []
        had = {text(card["id"]) for card in objs(before["ma_collection"])}
        return [card for card in objs(after["ma_collection"]) if text(card["id"]) not in had]


def _and(names: Sequence[str]) -> str:
    """``A``, ``A et B``, ``A, B et C``.

    >>> _and(["A"]), _and(["A", "B", "C"])
    ('A', 'A, B et C')
    """
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} et {names[-1]}"


def _list(value: JsonValue | Any) -> list[JsonValue]:
    if value is None:
        return []
    assert isinstance(value, list), value
    return value
