"""Text from a record made harmless for a terminal: names, notes, meta and file names.

A record is data from anyone: a newline in a player's name would forge a line of the text
view ("Verdict: no violation"), and ESC, OSC, BEL, C1 or a bidirectional override would
drive the reader's terminal. Every such character is shown as its escape (``\\n``,
``\\x1b``, ``\\u202e``), so the text says exactly what the record holds and does nothing.
"""

from __future__ import annotations

import re

#: The characters that change the direction of what follows them: the Arabic letter mark,
#: the left-to-right and right-to-left marks, the embeddings and overrides, the isolates. A
#: name holding one would be shown reordered, in every view but the JSON (which is data).
BIDI = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
_BIDI_ESCAPES = {code: f"\\u{code:04x}" for code in BIDI}

#: C0 controls (newline and tab among them), DEL, C1, the line and paragraph separators, the
#: direction characters, and lone surrogates.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff" + "".join(map(chr, BIDI)) + "]")


def direction_escaped(text: str) -> str:
    """``text`` with each direction character shown as its escape (``\\u202e``), the rest as
    it is: for the HTML report, where line breaks are the page's business."""
    return text.translate(_BIDI_ESCAPES)


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
