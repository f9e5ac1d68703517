"""ludotheque: French word and card games with exact rules, bots and replays."""

__version__ = "0.1.0"
