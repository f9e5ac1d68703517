"""The game-agnostic core: protocol, options, seeded RNG, records, errors and registry.

Pure: no I/O, no clock, no global randomness.
"""

from .errors import (
    GameOver,
    IllegalAction,
    InvalidOptions,
    LudoError,
    MalformedInput,
    NotYourTurn,
    UnknownGame,
)
from .json_types import JsonObject, JsonValue
from .match import Match
from .options import GameInfo, Mode, OptionSpec
from .protocol import Game, Outcome, RuleTimer, Seat, State
from .record import GameRecord, Move
from .registry import Registry
from .rng import Draws, Rng

__all__ = [
    "Draws",
    "Game",
    "GameInfo",
    "GameOver",
    "GameRecord",
    "IllegalAction",
    "InvalidOptions",
    "JsonObject",
    "JsonValue",
    "LudoError",
    "MalformedInput",
    "Match",
    "Mode",
    "Move",
    "NotYourTurn",
    "OptionSpec",
    "Outcome",
    "Registry",
    "Rng",
    "RuleTimer",
    "Seat",
    "State",
    "UnknownGame",
]
