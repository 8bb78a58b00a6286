"""The compact view for snapshots: the decision, the findings and the corrected result.

What a project that snapshots its rulings wants to see change: not the deal summaries nor
the citations' text (a change of wording in the rule catalogue would change every snapshot),
only what was decided, each finding by rule ID, and the result. Valid YAML: every string is
written as a JSON string, the result as a JSON flow mapping.
"""

from __future__ import annotations

import json

from adjudicator.render.sources import beside
from adjudicator.ruling.model import Ruling


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def render_compact(ruling: Ruling) -> str:
    """One line per sentence and per finding; deterministic."""
    lines = [
        "# ruling/1, compact: decision, findings (rule, severity, event, seat), corrected result",
        f"game: {_q(ruling.game)}",
    ]
    code = ruling.rules.get("code")
    if code:
        lines.append(f"code: {_q(str(code))}")
    lines.append("decision:")
    for sentence in ruling.decision:
        cited = beside(sentence)
        rules = f" [{cited}]" if cited else ""
        lines.append(f"  - {_q(sentence.text + rules)}")
    lines.append("findings:" + ("" if ruling.findings else " []"))
    for f in ruling.findings:
        where = ", ".join(
            part
            for part in (
                f"event {f.event}" if f.event is not None else "",
                f"seat {f.seat}" if f.seat else "",
            )
            if part
        )
        head = f"{f.rule} {f.severity}" + (f" ({where})" if where else "")
        lines.append(f"  - {_q(f'{head}: {f.message}')}")
    corrected = ruling.result.corrected.model_dump(mode="json")
    lines.append(f"corrected: {json.dumps(corrected, ensure_ascii=False, sort_keys=True)}")
    return "\n".join(lines) + "\n"
