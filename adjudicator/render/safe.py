"""Text from a record made harmless for a terminal: names, notes, meta and file names.

A record is data from anyone: a newline in a player's name would forge a line of the text
view ("Verdict: no violation"), and ESC, OSC, BEL, C1 or a bidirectional override would
drive the reader's terminal. Every such character is shown as its escape (``\\n``,
``\\x1b``, ``\\u202e``), so the text says exactly what the record holds and does nothing.
"""

from __future__ import annotations

import re

#: C0 controls (newline and tab among them), DEL, C1, the line and paragraph separators, the
#: bidirectional embeddings, overrides and isolates, and lone surrogates.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char == "\n":
        return "\\n"
    if char == "\t":
        return "\\t"
    if char == "\r":
        return "\\r"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control, separator and direction character shown as its escape."""
    if text.isprintable():  # the common case: nothing to do
        return text
    return _UNSAFE.sub(_escape, text)
