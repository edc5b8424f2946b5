"""Shared test setup: the tests folder is importable, and hypothesis profiles.

Under CI (``CI`` set) hypothesis runs derandomized, so a submission's CI run
is reproducible; locally it explores new examples on every run.
``HYPOTHESIS_PROFILE=fuzz`` (``make fuzz``) runs the fuzz suite long.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from rulekeeper.i18n import use_language

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None, print_blob=True)
# `make fuzz`: the fuzz suite (tests/hardening/test_fuzz.py) with many more examples.
settings.register_profile("fuzz", deadline=None, print_blob=True, max_examples=2000)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)

# Tests read messages in English unless they choose a language themselves
# (tests/i18n); a developer's locale or RULEKEEPER_LANG must not change them.
os.environ.pop("RULEKEEPER_LANG", None)
os.environ["LANGUAGE"] = os.environ["LC_ALL"] = os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def _english_messages() -> Iterator[None]:
    with use_language("en"):
        yield
