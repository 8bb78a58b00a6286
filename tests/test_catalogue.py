"""The rule catalogue: complete against the digest, and every ID the code cites exists."""

from __future__ import annotations

import re

import pytest

from adjudicator import catalogue
from tests.conftest import ROOT, SHARED

CODES = {"english-1864", "english-1900", "american-1893"}
CITED = re.compile(r"\"((?:WHIST|BEZ|RUB)-[A-Z]+(?:-[A-Z]+)*-\d+)\"")


def test_every_rule_id_the_code_cites_is_in_the_catalogue() -> None:
    cited = set()
    for path in (ROOT / "adjudicator").rglob("*.py"):
        cited |= set(CITED.findall(path.read_text("utf-8")))
    assert cited, "the scan found no rule IDs: the pattern is broken"
    assert sorted(i for i in cited if not catalogue.exists(i)) == []


def test_every_rule_id_in_the_expected_rulings_is_in_the_catalogue() -> None:
    for path in (ROOT / "fixtures").rglob("expected/*.toml"):
        for rule_id in re.findall(r"\"((?:WHIST|BEZ|RUB)-[A-Z0-9-]+)\"", path.read_text("utf-8")):
            assert catalogue.exists(rule_id), f"{path.name}: {rule_id}"


@pytest.mark.skipif(
    not (SHARED / "rules" / "whist.md").exists(), reason="shared/ not beside the project"
)
def test_the_whist_catalogue_has_every_rule_of_the_digest_in_order() -> None:
    digest = (SHARED / "rules" / "whist.md").read_text("utf-8")
    headings = re.findall(r"^\*\*(WHIST-[A-Z]+-\d+)", digest, flags=re.MULTILINE)
    assert [r.id for r in catalogue.rules("whist")] == list(dict.fromkeys(headings))


def test_every_whist_rule_is_stated_with_codes_and_a_source() -> None:
    rules = catalogue.rules("whist")
    assert len(rules) >= 77
    for rule in rules:
        assert rule.title and len(rule.title) <= 60, rule.id
        assert 20 <= len(rule.statement) <= 400, rule.id
        assert set(rule.codes) <= CODES and rule.codes, rule.id
        assert all(book in catalogue.book_titles("whist") for book in rule.books), rule.id


def test_unknown_ids_raise() -> None:
    with pytest.raises(KeyError):
        catalogue.get("WHIST-REVOKE-99")


@pytest.mark.skipif(
    not (SHARED / "rules" / "bezique.md").exists(), reason="shared/ not beside the project"
)
def test_the_bezique_catalogues_have_every_rule_of_the_digest_in_order() -> None:
    digest = (SHARED / "rules" / "bezique.md").read_text("utf-8")
    headings = list(
        dict.fromkeys(re.findall(r"\*\*((?:BEZ|GEN|RUB)-[A-Z]+(?:-[A-Z]+)*-\d+)", digest))
    )
    ids = [r.id for r in catalogue.rules("bezique")] + [
        r.id for r in catalogue.rules("rubicon-bezique")
    ]
    assert sorted(ids) == sorted(headings)
    assert [i for i in ids if i.startswith("RUB-LAW-")] == [f"RUB-LAW-{n}" for n in range(1, 67)]
