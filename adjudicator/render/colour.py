"""Colour for the text view on a terminal: red suits, severities by colour (rich markup).

``render_text`` stays plain text (the API, snapshots, pipes); the CLI passes its output here
only when it writes to a terminal, and rich itself drops the colour under ``NO_COLOR``.
"""

from __future__ import annotations

from rich.text import Text

#: (pattern, style) applied in order to the plain text
_STYLES: tuple[tuple[str, str], ...] = (
    (r"[♥♦]", "red"),
    (r"[♠♣]", "bold"),
    (r"\b(?:[2-9]|10|[AKQJ])[HD]\b", "red"),
    (r"\[VIOLATION\]", "bold red"),
    (r"\[WARNING\]", "yellow"),
    (r"\[INFO\]", "cyan"),
    (r"(?m)^(?:Decision|Findings|Result|Sources)$", "bold underline"),
    (r"(?m)^Verdict: violations found", "bold red"),
    (r"(?m)^Verdict: no violation", "bold green"),
)


def colour_text(plain: str) -> Text:
    """The same characters as ``plain``, styled; the text is never interpreted as markup."""
    text = Text(plain)
    for pattern, style in _STYLES:
        text.highlight_regex(pattern, style)
    return text
