"""The registry (``games.registry``): every game provides every part, each in the layer that
owns it and of the shape that layer drives, so that adding a game is a package and one entry."""

from __future__ import annotations

from typing import get_args

import pytest

from adjudicator.games.protocol import Engine
from adjudicator.games.registry import GAMES, PART_NAMES, PARTS, Game, find_game
from adjudicator.record.envelope import AnyRecord
from adjudicator.render import html, markdown, text
from adjudicator.ruling.results import Results

#: each part's type, or None for a plain callable
SHAPES: dict[str, type | None] = {
    "engine": Engine,
    "results": Results,
    "text": text.Sections,
    "markdown": markdown.Sections,
    "html": html.Sections,
    "table": None,
    "simulator": None,
}


def test_every_part_is_a_field_of_game_and_has_a_shape() -> None:
    assert set(PART_NAMES) == set(PARTS) == {"record", *SHAPES}


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
@pytest.mark.parametrize("part", PART_NAMES)
def test_every_game_provides_every_part_in_its_layer(game: Game, part: str) -> None:
    path = getattr(game, part)
    module = path.partition(":")[0]
    assert module.startswith(PARTS[part].format(package=game.package)), path
    loaded = game.part(part)
    shape = SHAPES.get(part)
    if part == "record":
        assert loaded.model_fields["game"].annotation.__args__ == (game.name,)
    elif shape is None:
        assert callable(loaded), path
    else:
        assert isinstance(loaded, shape), path
    assert game.part(part) is loaded  # loaded once


def test_the_registry_holds_every_record_model_and_no_other() -> None:
    models = get_args(AnyRecord)
    assert {find_game(name).part("record") for name in GAMES} == set(models)


def test_an_unknown_game_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        find_game("piquet")


def test_the_layers_below_the_registry_know_the_same_games() -> None:
    """The record's loader and the notation's reader name the games for their messages (they
    sit below the registry): they must name the registry's, in its order."""
    from adjudicator.notation import reader
    from adjudicator.record import load

    assert load._GAMES == reader._GAMES == tuple(GAMES)


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_the_ruling_model_admits_each_games_summary_and_results(game: Game) -> None:
    from adjudicator.ruling.model import Result, Ruling

    deals = {get_args(d)[0] for d in get_args(Ruling.model_fields["deals"].annotation)}
    assert game.part("engine").summary in deals
    results = game.part("results")
    assert results.corrected in get_args(Result.model_fields["corrected"].annotation)
    assert results.claimed({"result": None, "marks": {}}).__class__ in get_args(
        Result.model_fields["claimed"].annotation
    )
