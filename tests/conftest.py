"""Shared test fixtures: the project's own snapshot extension, as users get it."""

from __future__ import annotations

from pathlib import Path

pytest_plugins = ["adjudicator.testing"]

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
SHARED = ROOT.parent / "shared"
