"""The journal's lines name every player the line mentions, and say « vous » to the reader."""

from __future__ import annotations

from ludotheque.games.gremlins.actions import PlayAction

from .rules_helpers import GAME, PLAIN, position, proj

# A08 Chantage: « voler 2 prestige à n'importe quel adversaire » (the only one, at 2 players).
BLACKMAIL = PlayAction("A08", ((0, "malice"), (0, "malice")))


def blackmail_position():  # type: ignore[no-untyped-def]
    return position(
        2,
        hands={0: ["A08", *PLAIN[:5]]},
        projects={0: [proj("A01", "A05", "A06")]},
        scores=(3, 5),
    )


def test_the_victim_is_named_when_every_name_is_given():
    state = blackmail_position()
    names = ["Alice", "Bob"]
    spectator = GAME.describe_action(state, 0, BLACKMAIL, None, "Alice", names)
    assert "Alice" in spectator and "Bob" in spectator and "joueur" not in spectator
    victim = GAME.describe_action(state, 0, BLACKMAIL, 1, "Alice", names)
    assert victim == "Alice joue « Chantage ». Alice vous vole 2 prestige."
    thief = GAME.describe_action(state, 0, BLACKMAIL, 0, "Alice", names)
    assert "Vous" in thief and "Bob" in thief and "Alice" not in thief


def test_without_the_names_the_other_seat_is_joueur_n():
    line = GAME.describe_action(blackmail_position(), 0, BLACKMAIL, None, "Alice")
    assert "Alice" in line and "joueur 2" in line
