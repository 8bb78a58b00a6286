"""Snapshot-testing rulings with syrupy: one readable file per ruling, made by the CLI's renderers.

In your ``conftest.py``::

    pytest_plugins = ["adjudicator.testing"]

then::

    def test_my_hand(ruling_snapshot):
        assert adjudicate(load_record("hands/1.json")) == ruling_snapshot

The snapshot is the same JSON that ``adjudicator check --format json`` prints (and
``ruling_text_snapshot`` the text view), so a diff reads like the ruling itself. Update with
``pytest --snapshot-update`` and read every changed line before committing it.
Requires the ``test`` extra (pytest, syrupy).
"""

from __future__ import annotations

from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from adjudicator.render.json import render_json
from adjudicator.render.text import render_text
from adjudicator.ruling.model import Ruling


class RulingSnapshotExtension(SingleFileSnapshotExtension):
    """A ruling as ruling/1 JSON, one ``.json`` file per test."""

    _write_mode = WriteMode.TEXT
    file_extension = "json"

    def serialize(self, data: Any, **_: Any) -> str:
        return render_json(data) if isinstance(data, Ruling) else str(data)


class RulingTextSnapshotExtension(SingleFileSnapshotExtension):
    """A ruling as the text a director reads, one ``.txt`` file per test."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"

    def serialize(self, data: Any, **_: Any) -> str:
        return render_text(data) if isinstance(data, Ruling) else str(data)


@pytest.fixture
def ruling_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Snapshot of a ``Ruling`` in its JSON form."""
    return snapshot.use_extension(RulingSnapshotExtension)


@pytest.fixture
def ruling_text_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Snapshot of a ``Ruling`` in its text form."""
    return snapshot.use_extension(RulingTextSnapshotExtension)
