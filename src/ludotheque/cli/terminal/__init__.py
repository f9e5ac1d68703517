"""The one terminal: :mod:`.session` (the loop every game shares) and :mod:`.setup` (from the
command line's flags to a game). Each game's hooks live in :mod:`ludotheque.cli.games`."""
