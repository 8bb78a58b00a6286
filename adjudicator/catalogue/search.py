"""Finding rules the way a director asks for them: by ID in any case, by a law of a code
(``ENG1900-74``, ``law 74`` of ``english-1900``), by a word (``revoke``), and the IDs or
words nearest a query that matches nothing ("did you mean")."""

from __future__ import annotations

import re
from difflib import get_close_matches

from adjudicator.catalogue import Rule, rules

#: code -> how the catalogue cites its laws (the law's number follows): the key of the
#: sources (``ENG1900-74``), and for Rubicon the book's laws too (``HGM-L 23``)
LAW_KEYS: dict[str, tuple[str, ...]] = {
    "english-1864": ("ENG64-",),
    "english-1900": ("ENG1900-",),
    "american-1893": ("AWL-",),
    "rubicon-bezique": ("RUB-LAW-", "HGM-L "),
}
_LAW = re.compile(r"(ENG64|ENG1900|AWL|RUB-LAW)-(\d{1,4})", re.IGNORECASE)
_LAW_WORDS = re.compile(r"(?:law|laws|art\.?|article)\s+(\d{1,4})", re.IGNORECASE)
_WORD = re.compile(r"[a-zà-ÿ]+")


def law_keys(query: str, code: str | None = None) -> list[str] | None:
    """The law keys a query names (``ENG1900-74`` as typed in any case; ``law 74``: that law
    of ``code``, or of every code), or None when it names no law."""
    key = _LAW.fullmatch(query.strip())
    if key:
        prefix = key.group(1).upper() + "-"
        keys = [prefix + key.group(2)]
        if prefix == "RUB-LAW-":
            keys.append("HGM-L " + key.group(2))
        return keys
    words = _LAW_WORDS.fullmatch(query.strip())
    if not words:
        return None
    codes = [code] if code else list(LAW_KEYS)
    return [prefix + words.group(1) for c in codes for prefix in LAW_KEYS[c]]


def citing(keys: list[str]) -> list[Rule]:
    """The rules that cite any of these law keys, in catalogue order."""
    patterns = [re.compile(r"(?<![\w-])" + re.escape(k) + r"(?!\d)") for k in keys]
    return [
        rule
        for rule in rules()
        if any(p.search(rule.source) or p.search(rule.statement) for p in patterns)
    ]


def mentioning(query: str, game: str | None = None) -> list[Rule]:
    """The rules whose ID, title or statement holds every word of the query (any case);
    those whose title holds them first."""
    words = query.casefold().split()
    found = [
        rule
        for rule in rules(game)
        if words and all(w in f"{rule.id} {rule.title} {rule.statement}".casefold() for w in words)
    ]
    return sorted(found, key=lambda rule: not all(w in rule.title.casefold() for w in words))


def near(query: str) -> list[str]:
    """Rule IDs, or words of the catalogue's titles, close to a query that matched nothing."""
    ids = [rule.id for rule in rules()]
    close = get_close_matches(query.strip().upper(), ids, n=3, cutoff=0.75)
    if close:
        return close
    vocabulary = sorted({w for rule in rules() for w in _WORD.findall(rule.title.casefold())})
    return get_close_matches(query.strip().casefold(), vocabulary, n=3, cutoff=0.75)
