"""The ``ludotheque`` command line."""
