"""Collection rules for the whole tree (pytest reads this file before collecting).

``--doctest-modules`` imports every module of ``src/ludotheque``; the OpenSpiel bridge
(``src/ludotheque/rl/openspiel.py``) needs ``open-spiel``, an optional dependency (the
``openspiel`` extra, also in ``test``). Without it the module is not collected, and
``tests/rl/test_openspiel.py`` skips (or fails, when ``LUDOTHEQUE_REQUIRE_OPENSPIEL=1``).
"""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("src/ludotheque/rl/openspiel.py")
