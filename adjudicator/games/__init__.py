"""The games the adjudicator knows, by the name a record gives in ``game``.

One shape for every game: each is one entry of ``registry.GAMES``, naming its parts by
dotted path, each part in the layer that owns it (the record model; its ``engine``, a
``protocol.Engine`` in the game's own package: the rules in force, replay, judge, a deal's
own check and the deal summary's model; the ruling's ``results``; each renderer's
``text``/``markdown``/``html`` sections; the referee's ``table``; the ``simulator``). The
ruling builder, the renderers, the referee and the simulator dispatch through it, once per
record: nothing outside a game's package chooses a game by the class of its record, replay,
summary or result (``tests/test_dispatch.py``).

Adding a game: a package here with its ``engine.ENGINE``, its record model, each layer's
part beside the other games', and one entry in ``registry.GAMES`` (``tests/test_registry``
fails until every part is there; ``docs/development.md`` lists them).
"""

from __future__ import annotations

from adjudicator.games.registry import GAMES, Game, find_game

__all__ = ["GAMES", "Game", "find_game"]
