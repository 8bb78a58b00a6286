"""Imports go one way (sgfmill): record -> replay -> findings -> scoring -> ruling -> report."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "adjudicator"

#: module (top-level name inside the package) -> what it may import from the package
ALLOWED: dict[str, set[str]] = {
    "cards": set(),
    "seats": set(),
    "errors": set(),
    "fielddocs": set(),
    # the cycle collector paused around reading and judging one record
    "collector": set(),
    "record": {"cards", "seats", "errors", "record", "fielddocs", "collector"},
    "notation": {"cards", "seats", "errors", "engine", "record", "notation"},
    "catalogue": {"cards", "seats", "catalogue"},
    # a finding's typed facts: plain data every layer above may read (issue 18)
    "facts": {"fielddocs", "facts"},
    "findings": {"cards", "seats", "catalogue", "fielddocs", "facts"},
    "engine": {"cards", "seats", "errors", "findings", "record", "engine"},
    "games": {
        "engine",
        "catalogue",
        "findings",
        "facts",
        "record",
        "cards",
        "seats",
        "errors",
        "games",
        "fielddocs",
    },
    "ruling": {
        "collector",
        "games",
        "findings",
        "facts",
        "catalogue",
        "record",
        "ruling",
        "errors",
        "cards",
        "fielddocs",
    },
    # the renderers also read the rule catalogue (titles, law numbers, the sources'
    # abbreviations: data, not engine state) and the Finding model they display
    "render": {
        "catalogue",
        "findings",
        "facts",
        "ruling",
        "cards",
        "seats",
        "render",
        "games.whist.summary",
        "games.bezique.summary",
        # the registry alone (issue 18): it imports nothing from the package and names each
        # game's parts by dotted path, so a renderer finds its own sections for a ruling's
        # game through it without ever loading a game's engine
        "games.registry",
    },
    "simulate": {"cards", "seats", "engine", "games", "record", "simulate"},
    "value": {"games", "findings", "catalogue", "errors", "seats"},
    "batch": {"errors", "record", "render", "ruling", "games", "notation", "workers"},
    "workers": set(),
    "schema": {"record", "ruling"},
    # the referee drives a game's replay state and the ruling's own assembly over it; it reads
    # the seats' order (whose turn to deal) and a finding's facts (a note of the replay's is
    # no irregularity: ``tables._NOTES``)
    "referee": {"errors", "findings", "facts", "record", "games", "ruling", "referee", "seats"},
    # the public API's reading: a record in JSON or the notation, an archive as the CLI reads it
    "reading": {"batch", "errors", "notation", "record", "ruling"},
    "testing": {"render", "ruling"},
    "writing": set(),
    # the command's first step: signal handlers, then the CLI
    "launch": {"cli"},
    # the CLI uses the public API (adjudicate, load_record, render_*, InputError) and the catalogue
    "cli": {
        "cli",
        "InputError",
        "__version__",
        "adjudicate",
        "load_record",
        "render_json",
        "render_text",
        "catalogue",
        "schema",
        "errors",
        "value",
        "batch",
        "simulate",
        "render",
        "notation",
        "writing",
        "workers",
        "desk",
    },
    # the desk judges as check does (the public API, batch's places of problems) and reads
    # the notation, the record's limits and the HTML report
    "desk": {
        "desk",
        "InputError",
        "Ruling",
        "adjudicate",
        "parse_record",
        "render_text",
        "batch",
        "notation",
        "render",
        "errors",
        "record",
    },
}


def _imports(path: str) -> set[str]:
    tree = ast.parse((PACKAGE / path).read_text("utf-8"))
    found: set[str] = set()
    package = ("adjudicator", *Path(path).parent.parts)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:  # relative: made absolute
            base = package[: len(package) - node.level + 1]
            module = ".".join((*base, node.module) if node.module else base)
            found.add(module.removeprefix("adjudicator").removeprefix("."))
        elif isinstance(node, ast.ImportFrom) and node.module == "adjudicator":
            found |= {a.name for a in node.names}
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("adjudicator")
        ):
            found.add(node.module.removeprefix("adjudicator").removeprefix("."))
        elif isinstance(node, ast.Import):
            found |= {
                a.name.removeprefix("adjudicator").removeprefix(".")
                for a in node.names
                if a.name.startswith("adjudicator")
            }
    return found


def _allowed(layer: str, target: str) -> bool:
    return any(
        target == a or target.startswith(a + ".") or (a == "" and target == "")
        for a in ALLOWED[layer]
    )


def test_every_module_imports_only_from_the_layers_below_it() -> None:
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        layer = relative.parts[0].removesuffix(".py")
        if layer in ("__init__", "__main__"):
            continue
        for target in _imports(str(relative)):
            if not _allowed(layer, target):
                wrong.append(f"{relative} imports adjudicator.{target}")
    assert wrong == []


def test_renderers_never_see_engine_state() -> None:
    for path in (PACKAGE / "render").glob("*.py"):
        assert not any(
            t.startswith(("engine", "games.whist.state", "games.whist.judge"))
            for t in _imports(str(path.relative_to(PACKAGE)))
        )


def test_games_never_import_another_game_except_rubicon_using_bezique() -> None:
    wrong = []
    for path in sorted((PACKAGE / "games").rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if len(relative.parts) < 3:
            continue
        game = relative.parts[1]
        for target in _imports(str(relative)):
            parts = target.split(".")
            # games.protocol (the Engine shape every game fills) and games.registry are no
            # game: a game's package may use them as it uses engine (issue 18)
            shared = len(parts) > 1 and parts[1] in ("protocol", "registry")
            foreign = parts[0] == "games" and len(parts) > 1 and parts[1] != game and not shared
            if foreign and not (game == "rubicon" and parts[1] == "bezique"):
                wrong.append(f"{relative} imports adjudicator.{target}")
    assert wrong == []
