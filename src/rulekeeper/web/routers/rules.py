"""The rule catalogs: what a rule ID cited in the log says."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from rulekeeper.core.errors import ContentError
from rulekeeper.i18n import _, current_language
from rulekeeper.rulebook import RULE_ID, find_rule

router = APIRouter(prefix="/api/rules")


@router.get("/{rule_id}")
async def rule_text(rule_id: str) -> dict[str, Any]:
    """The rule's text in the reader's language (English where a translation lacks it)."""
    if not RULE_ID.match(rule_id):
        raise ContentError(
            _("{rule} is not a rule ID (like HV-MOVE-1)", rule=repr(rule_id[:40])), field="rule"
        )
    rule = find_rule(rule_id, current_language())
    if rule is None:
        return {
            "id": rule_id,
            "found": False,
            "text": _(
                "not in the shipped rule catalogs (an engine-level check or a page reference)"
            ),
        }
    return {
        "id": rule.id,
        "found": True,
        "catalog": rule.catalog,
        "section": rule.section,
        "text": rule.text,
    }
