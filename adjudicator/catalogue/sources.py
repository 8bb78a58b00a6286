"""The abbreviations that citations use for the codes and books, with their expansions.

One table for every view (the HTML report, the text and Markdown views), so that a director
never meets "ENG1900-85" or "HGM-L 50" without being told what it is. The expansions follow
the rules digests (/work/shared/rules/whist.md §0 and bezique.md §0.2); the catalogue's own
``[books]`` tables give the longer bibliographic titles.
"""

from __future__ import annotations

import re

#: abbreviation -> what it stands for (how a law number follows it, where it has one)
SOURCES: dict[str, str] = {
    "ENG64": "English whist laws of 1864 (J. L. Baldwin's committee, Arlington Club), law n,"
    " as printed in Foster's Complete Hoyle",
    "ENG1900": "The Laws of Whist, Revised Code of 1900 (Turf and Portland Clubs), law n,"
    " as printed in Hoffmann's Hoyle's Games Modernized (1909)",
    "AWL": "American Whist League code (Third Congress, Chicago, 1893), law n,"
    " as printed in Foster's Complete Hoyle",
    "DUP": "American Whist League, Laws of Duplicate Whist (1900, amended to 1910),"
    " law and section, as printed in Foster's Complete Hoyle",
    "FCH": "R. F. Foster, Foster's Complete Hoyle: the chapter on whist",
    "FCH-ins": "Foster's Complete Hoyle: the unnumbered note 'Erroneous scores' in the"
    " American laws",
    "EW": "Enquire Within Upon Everything (19th century): whist §§73–78, bézique §§122–123",
    "CAS": "Cassell's Book of In-door Amusements, Card Games and Fireside Fun",
    "DFW": "J. P. Hewby, The Decline and Fall of Whist (disputed revoke decisions)",
    "BUM": "'Pembridge' (J. P. Hewby), Whist or Bumblepuppy?, notes on the laws",
    "HGI": "Hoyle's Games Improved and Enlarged (early 19th century)",
    "HGM": "Hoffmann (ed.), Hoyle's Games Modernized, revised 1909",
    "HGM-B": "Hoffmann, Hoyle's Games Modernized (1909): Bézique, the ordinary game and hints,"
    " pp. 12–17",
    "HGM-R": "Hoffmann, Hoyle's Games Modernized (1909): Rubicon Bézique and how the score is"
    " dealt with, pp. 17–22",
    "HGM-L": "The Laws of Rubicon Bézique (Portland Club, 1887), law n, as printed in"
    " Hoffmann's Hoyle's Games Modernized (1909), pp. 22–31",
    "F": "R. F. Foster, Foster's Complete Hoyle (1897): Bézique pp. 374–383, Rubicon Bézique"
    " pp. 386–394, General Laws pp. 671–673 (p. n: the page)",
    "EB9": "Encyclopaedia Britannica, 9th edition, vol. 3: Bézique (Cavendish)",
    "EB11": "Encyclopaedia Britannica, 11th edition: Bezique",
    "PAR": "D. Parlett, The Penguin Book of Card Games",
    "NIE": "New International Encyclopedia: Bezique",
    "COL": "Columbia Encyclopedia: Bezique",
    "BIC": "Bicycle Cards: Rubicon Bezique (modern United States rules)",
    "CMC": "Crazy Monkey Casino games guide: Rubicon Bezique (modern rules)",
    "WKC": "whiteknucklecards.com: Rubicon Bézique",
    "PW3": "20th-century card-games book (sample deals)",
    "PW4": "20th-century card-games book (sample deals)",
    "PW6": "20th-century card-games book (six-pack Bézique)",
    "SPEC87": "The Spectator, review of Cavendish's Rubicon Bezique (10 December 1887)",
    "SPEC98": "The Spectator, review of Hoyle's Games Modernized (23 July 1898)",
}

# Longest first, so that "HGM-L" wins over "HGM" and "FCH-ins" over "FCH"; a bare "F" only
# counts when a page or a separator follows (never a stray capital).
_NAMES = sorted(SOURCES, key=len, reverse=True)
_PATTERN = re.compile(
    r"(?<![A-Za-z0-9-])("
    + "|".join(re.escape(n) for n in _NAMES if n != "F")
    + r"|F(?= p\.|;|$))(?![A-Za-z])"
)


def abbreviations_in(text: str) -> list[str]:
    """The abbreviations a citation's law part uses, in order of first appearance.

    Only the part before " — " is read: after it come the books' full titles.
    """
    laws = text.split(" — ", 1)[0]
    seen: dict[str, None] = {}
    for match in _PATTERN.finditer(laws):
        seen.setdefault(match.group(1), None)
    return list(seen)


def expand(abbreviations: list[str]) -> list[tuple[str, str]]:
    """``(abbreviation, expansion)`` pairs, sorted by abbreviation, unknown ones left out."""
    return [(a, SOURCES[a]) for a in sorted(set(abbreviations)) if a in SOURCES]
