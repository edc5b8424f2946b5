"""rulekeeper: a rules engine for cooperative dungeon-crawler board games.

The package is layered (see ``docs/DESIGN.md``): ``core`` knows no game,
``boards`` is geometry, ``games`` hold the rules, ``cli`` and ``store`` are
interfaces that never decide a rule.
"""

__version__ = "0.1.0"

# The monster mover's compiled modules run only when built from the current sources and not
# switched off (RULEKEEPER_PURE=1); otherwise they load from their .py files (native.py).
from rulekeeper import native as _native

_native.install()
