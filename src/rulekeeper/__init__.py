"""rulekeeper: a rules engine for cooperative dungeon-crawler board games.

The package is layered (see ``docs/DESIGN.md``): ``core`` knows no game,
``boards`` is geometry, ``games`` hold the rules, ``cli`` and ``store`` are
interfaces that never decide a rule.
"""

__version__ = "0.1.0"
