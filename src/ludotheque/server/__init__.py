"""The web platform: lobby, tables, seats, storage and realtime play (see docs/server.md).

The only part of ludotheque that knows players, tokens and connections. It drives every game
through the core protocol and keeps each table as a game record in storage.
"""
