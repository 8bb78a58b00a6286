"""The sources a citation names, shortened to law numbers, and the books named once.

A citation's source is ``"ENG64-71; ENG1900-74; AWL-28 — R. F. Foster, ..."``: the law
numbers and pages, then the books. The views print the part before the dash beside each
finding and list the abbreviations it uses once, expanded, at the end (the rulebook's own
expansions, /work/shared/rules/whist.md and bezique.md, §1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: abbreviation -> what it stands for, in the order the list prints them
ABBREVIATIONS: dict[str, str] = {
    "ENG64": "the English code of 1864 (J. L. Baldwin's committee, Arlington and Turf Clubs),"
    " 91 laws, as printed in Foster's Complete Hoyle",
    "ENG1900": "the Revised Code of 1900 (Turf and Portland Clubs), 94 laws, as printed in"
    " Hoffmann, Hoyle's Games Modernized, revised to 1909",
    "AWL": "the American Whist League code (Third Congress, Chicago, 1893), 39 laws, as printed"
    " in Foster's Complete Hoyle",
    "DUP": "the American Whist League's Laws of Duplicate Whist (1900, amended to 1910), in"
    " Foster's Complete Hoyle",
    "FCH": "R. F. Foster, Foster's Complete Hoyle, chapter Whist (Project Gutenberg #53881)",
    "FCH-ins": "Foster's Complete Hoyle, the unnumbered note Erroneous Scores among the laws",
    "HGM": "Hoffmann, Hoyle's Games Modernized, revised to 1909 (Project Gutenberg #39445)",
    "HGM-B": "Hoffmann, Hoyle's Games Modernized (1909), Bézique: the ordinary game, pp. 12–17",
    "HGM-R": "Hoffmann, Hoyle's Games Modernized (1909), Rubicon Bézique and how the score is"
    " dealt with, pp. 17–22",
    "HGM-L": "the Laws of Rubicon Bézique (Portland Club, 1887), laws 1–66, in Hoffmann,"
    " Hoyle's Games Modernized (1909), pp. 22–31",
    "F": "R. F. Foster, Foster's Complete Hoyle (1897): Bézique pp. 374–383, Rubicon Bézique"
    " pp. 386–394, General Laws pp. 671–673 (Project Gutenberg #53881)",
    "EW": "Enquire Within Upon Everything (19th century)",
    "EB9": "Encyclopaedia Britannica, 9th edition, Bézique (Cavendish)",
    "EB11": "Encyclopaedia Britannica, 11th edition, Bezique",
    "CAS": "Cassell's Book of In-door Amusements, Card Games and Fireside Fun",
    "DFW": "J. P. Hewby, The Decline and Fall of Whist (Project Gutenberg #54145)",
    "HGI": "Hoyle's Games Improved and Enlarged (early 19th-century Hoyle)",
    "PAR": "D. Parlett, The Penguin Book of Card Games",
    "NIE": "New International Encyclopedia, Bezique",
    "PW4": "a 20th-century card-games book (sample deals), Bezique",
    "COL": "Columbia Encyclopedia, Bezique",
    "BIC": "Bicycle Cards, Rubicon Bezique (modern US rules)",
    "CMC": "Crazy Monkey Casino games guide, Rubicon Bezique (modern rules)",
    "SPEC87": "The Spectator, review of Cavendish's Rubicon Bezique (10 December 1887)",
}

_TAG = re.compile(
    r"(?<![\w-])("
    + "|".join(sorted(map(re.escape, ABBREVIATIONS), key=len, reverse=True))
    + r")(?![\w])"
)


def short(source: str) -> str:
    """The law numbers and pages of a citation, without the books' titles."""
    return source.split(" — ", 1)[0]


def used(sources: Iterable[str]) -> list[tuple[str, str]]:
    """The abbreviations these (short) sources use, expanded, in the list's order."""
    found: set[str] = set()
    for source in sources:
        found.update(_TAG.findall(short(source)))
    return [(tag, text) for tag, text in ABBREVIATIONS.items() if tag in found]
