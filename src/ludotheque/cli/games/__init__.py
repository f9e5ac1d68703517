"""Each game's terminal: a :class:`~ludotheque.cli.terminal.session.Terminal` subclass named
``TERMINAL`` in the module of the game's name (``gutenberg.py``…) and what it draws. A game
without one is played by :class:`.generic.GenericTerminal`."""
