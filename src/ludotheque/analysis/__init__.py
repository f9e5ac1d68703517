"""The analysis of finished games: each decision of a player next to the Expert's.

The driver (:mod:`.driver`) finds a game's analyser by the game's name
(``ludotheque.games.<game>.analysis``, ``docs/analysis.md``) and runs it on a record for a seat;
the server (``server/analyses.py``) runs it off the event loop and stores what it returns.
"""

from .driver import Analyser, Analysis, analyse_record, analyse_text, analyser_for, summary

__all__ = ["Analyser", "Analysis", "analyse_record", "analyse_text", "analyser_for", "summary"]
