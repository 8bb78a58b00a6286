"""Snapshot-testing rulings with syrupy: one readable file per ruling.

In your ``conftest.py``::

    pytest_plugins = ["adjudicator.testing"]

then::

    def test_my_hand(ruling_snapshot):
        assert adjudicate(load_record("hands/1.json")) == ruling_snapshot

``ruling_snapshot`` stores the compact form (``.yaml``: the decision, each finding by rule
ID with its severity, event, seat and message, and the corrected result; no citation text,
so a change of wording in the rule catalogue does not touch it). ``ruling_full_snapshot``
stores the whole ruling/1 JSON that ``adjudicator check --format json`` prints (``.json``),
``ruling_text_snapshot`` the text view (``.txt``) and ``ruling_markdown_snapshot`` the
Markdown (``.md``). Update with ``pytest --snapshot-update`` and read every changed line
before committing it. Requires the ``test`` extra (pytest, syrupy).
"""

from __future__ import annotations

from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from adjudicator.render.compact import render_compact
from adjudicator.render.json import render_json
from adjudicator.render.markdown import render_markdown
from adjudicator.render.text import render_text
from adjudicator.ruling.model import Ruling


class RulingCompactSnapshotExtension(SingleFileSnapshotExtension):
    """A ruling's decision, findings and corrected result, one ``.yaml`` file per test."""

    _write_mode = WriteMode.TEXT
    file_extension = "yaml"

    def serialize(self, data: Any, **_: Any) -> str:
        return render_compact(data) if isinstance(data, Ruling) else str(data)


class RulingSnapshotExtension(SingleFileSnapshotExtension):
    """A ruling as ruling/1 JSON, whole, one ``.json`` file per test."""

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


class RulingMarkdownSnapshotExtension(SingleFileSnapshotExtension):
    """A ruling as Markdown for a notice or an e-mail, one ``.md`` file per test."""

    _write_mode = WriteMode.TEXT
    file_extension = "md"

    def serialize(self, data: Any, **_: Any) -> str:
        return render_markdown(data) if isinstance(data, Ruling) else str(data)


@pytest.fixture
def ruling_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Snapshot of a ``Ruling`` in its compact form (decision, findings, corrected result)."""
    return snapshot.use_extension(RulingCompactSnapshotExtension)


@pytest.fixture
def ruling_full_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Snapshot of a ``Ruling`` as its whole ruling/1 JSON."""
    return snapshot.use_extension(RulingSnapshotExtension)


@pytest.fixture
def ruling_text_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Snapshot of a ``Ruling`` in its text form."""
    return snapshot.use_extension(RulingTextSnapshotExtension)


@pytest.fixture
def ruling_markdown_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Snapshot of a ``Ruling`` in its Markdown form."""
    return snapshot.use_extension(RulingMarkdownSnapshotExtension)
