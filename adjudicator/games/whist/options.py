"""Presets of the three codes, and resolution of a record's options against them.

Each option answers one open question of the digest's table (AMB-n); where a code's
own text settles it the preset follows the code, otherwise the digest's suggestion.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from adjudicator.record.whist import Code, WhistRules

_ENGLISH: dict[str, Any] = {
    "game_target": 5,
    "honours_counted": True,
    "per_revoke_option_choice": True,
    "trick_penalty_shortfall": "take_all_available",
    "deduct_floor": "zero",
    "revoke_penalty_waivable": False,
    "honours_claim_deadline": "next_trump_turned",
    "revoke_claim_deadline": "next_cut",
    "infer_quit_from_next_lead": True,
    "excess_points": "stop_at_target",
    "game_value_mode": "rubber_points",
    "awl_revoke_mode": "awl1893",
    "turn_up_counts_for_dealer": True,
    "penalty_order": "revokes",  # the codes are silent: in the order the revokes were made
}

#: code -> the value of every option that the record leaves out
CODE_PRESETS: dict[Code, dict[str, Any]] = {
    "english-1900": _ENGLISH
    | {
        "both_sides_revoke": "cancel_all",  # ENG1900-85: "the revokes cancel each other"
        "trump_card_callable_after_trick": 2,  # ENG1900-42
        "may_view_last_trick": False,  # ENG1900-94
        "abandon_or_claim_is_play": True,  # ENG1900-77
        "partner_question_rules": "eng1900",  # ENG1900-78
        "false_lead_completed_penalty": "suit_call_survives",  # ENG1900-64
    },
    "english-1864": _ENGLISH
    | {
        "both_sides_revoke": "each_penalised",  # ENG64-81
        "trump_card_callable_after_trick": 1,  # ENG64-52
        "may_view_last_trick": True,  # ENG64-91
        "abandon_or_claim_is_play": False,  # ENG64-73 silent
        "partner_question_rules": "eng1864",  # ENG64-74
        "false_lead_completed_penalty": "none",  # ENG64-63 unclear: no penalty presumed
    },
    "american-1893": _ENGLISH
    | {
        "game_target": 7,  # AWL-1
        "honours_counted": False,  # WHIST-HONOURS-6
        "both_sides_revoke": "each_penalised",  # AWL-30: neither wins; silent on cancelling
        "game_value_mode": "points_difference",  # AWL-1: 7 less the losers' score
        "trump_card_callable_after_trick": 2,  # AWL-18
        "may_view_last_trick": False,  # AWL-37
        "abandon_or_claim_is_play": False,
        "partner_question_rules": "none",
        "false_lead_completed_penalty": "none",  # AWL-24
    },
}


def resolve(rules: WhistRules) -> WhistRules:
    """Every option filled: the record's own value, else the code's preset.

    Cached: the rules models are frozen and hashable and the result is a frozen model of
    plain values, and most records of a batch share a handful of rule sets. Most records
    give the code alone (or nothing): those are looked up by the code, without hashing and
    comparing a model of some twenty fields (every option not given is its default).
    """
    if rules.__pydantic_fields_set__ <= _CODE_ONLY:
        return _resolve_code(rules.code)
    return _resolve(rules)


_CODE_ONLY = frozenset({"code"})


@cache
def _resolve_code(code: Code) -> WhistRules:
    return _resolve(WhistRules(code=code))


@lru_cache(maxsize=64)
def _resolve(rules: WhistRules) -> WhistRules:
    preset = CODE_PRESETS[rules.code]
    given = rules.model_dump(exclude_none=True)
    resolved = preset | given
    if resolved.get("revoker_cap") is None:
        resolved["revoker_cap"] = resolved["game_target"] - 1  # AMB-8: one below game
    return WhistRules.model_validate(resolved)


def is_english(rules: WhistRules) -> bool:
    return rules.code != "american-1893"
