"""The import graph of ``ludotheque`` (built by grimp): no cycle inside a game, layers kept.

Inside a game package the modules form no cycle: views read the state, the state never imports
its views (it reaches them through hooks its ``game.py`` wires in). Imports inside functions and
under ``TYPE_CHECKING`` count too: they are how a cycle hides. Across packages, a game never
depends on a front end or the server (``cli``, ``server``, ``web``), and ``core`` never depends
on a game, directly or through another package.
"""

from __future__ import annotations

from functools import cache

import grimp
import pytest

ROOT = "ludotheque"
GAMES = f"{ROOT}.games"


@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(ROOT, cache_dir=None)


def game_packages() -> list[str]:
    return sorted(graph().find_children(GAMES))


def cycles(imports: grimp.ImportGraph, package: str) -> list[list[str]]:
    """One cycle (first module repeated at the end) for each knot of modules of ``package``
    that import each other, counting only the imports between modules of the package."""
    modules = {package, *imports.find_descendants(package)}

    def imported(module: str) -> list[str]:
        return sorted(imports.find_modules_directly_imported_by(module) & modules)

    found: list[list[str]] = []
    placed: set[str] = set()
    for start in sorted(modules):
        if start in placed:
            continue
        # Breadth first from ``start``, back to it: the shortest cycle through it, if any.
        came_from: dict[str, str] = {}
        frontier = [start]
        while frontier and start not in came_from:
            following = []
            for module in frontier:
                for target in imported(module):
                    if target not in came_from:
                        came_from[target] = module
                        following.append(target)
            frontier = following
        if start not in came_from:
            continue
        cycle = [start]
        while len(cycle) == 1 or cycle[-1] != start:
            cycle.append(came_from[cycle[-1]])
        cycle.reverse()
        placed.update(cycle)
        found.append(cycle)
    return found


def chains(importer: str, imported: str) -> list[str]:
    found = graph().find_shortest_chains(importer=importer, imported=imported)
    return sorted(" → ".join(chain) for chain in found)


@pytest.mark.parametrize("package", game_packages())
def test_no_import_cycle_inside_a_game(package):
    found = cycles(graph(), package)
    assert not found, "import cycles:\n" + "\n".join(" → ".join(cycle) for cycle in found)


@pytest.mark.parametrize("layer", ["cli", "server", "web"])
def test_games_do_not_import_front_ends_or_the_server(layer):
    found = chains(GAMES, f"{ROOT}.{layer}")
    assert not found, "\n".join(found)


def test_core_does_not_import_games():
    found = chains(f"{ROOT}.core", GAMES)
    assert not found, "\n".join(found)


def test_the_cycle_finder_lists_each_cycle_in_import_order():
    imports = grimp.ImportGraph()
    imports.add_module("jeu")
    for importer, imported in [
        ("jeu.state", "jeu.views"),
        ("jeu.views", "jeu.table"),
        ("jeu.table", "jeu.state"),
        ("jeu.game", "jeu.state"),
        ("jeu.bots", "jeu.steps"),
        ("jeu.steps", "jeu.bots"),
        ("jeu.views", "ailleurs.state"),
        ("ailleurs.state", "jeu.views"),
    ]:
        imports.add_import(importer=importer, imported=imported)
    assert cycles(imports, "jeu") == [
        ["jeu.bots", "jeu.steps", "jeu.bots"],
        ["jeu.state", "jeu.views", "jeu.table", "jeu.state"],
    ]


@pytest.mark.parametrize("layer", ["core", "games", "bots", "lexicon", "server", "cli"])
def test_nothing_below_or_beside_rl_imports_it(layer):
    """``rl`` (the research environments) sits on top: it may import ``core``, ``games``,
    ``bots`` and ``lexicon``, and nothing of the project imports it."""
    found = chains(f"{ROOT}.{layer}", f"{ROOT}.rl")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("layer", ["cli", "server", "web"])
def test_rl_does_not_import_front_ends_or_the_server(layer):
    found = chains(f"{ROOT}.rl", f"{ROOT}.{layer}")
    assert not found, "\n".join(found)
