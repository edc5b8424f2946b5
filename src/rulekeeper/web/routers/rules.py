"""The rule catalogs: what a rule ID cited in the log says."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from rulekeeper.core.errors import ContentError
from rulekeeper.rulebook import RULE_ID, find_rule

router = APIRouter(prefix="/api/rules")


@router.get("/{rule_id}")
async def rule_text(rule_id: str) -> dict[str, Any]:
    if not RULE_ID.match(rule_id):
        raise ContentError(f"{rule_id[:40]!r} is not a rule ID (like HV-MOVE-1)", field="rule")
    rule = find_rule(rule_id)
    if rule is None:
        return {
            "id": rule_id,
            "found": False,
            "text": "not in the shipped rule catalogs (an engine-level check or a page reference)",
        }
    return {
        "id": rule.id,
        "found": True,
        "catalog": rule.catalog,
        "section": rule.section,
        "text": rule.text,
    }
