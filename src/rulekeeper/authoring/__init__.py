"""Writing your own content: which file kinds each game reads, checking them, documenting them.

- :mod:`rulekeeper.authoring.kinds`: every content and scenario file kind of
  every game family, told apart by its ``format`` field.
- :mod:`rulekeeper.authoring.check`: ``rulekeeper content check``: every
  problem of a file (schema and cross references), each with file, field and
  reason.
- :mod:`rulekeeper.authoring.reference`: the reference pages in
  ``docs/content/`` and ``rulekeeper content schema``, generated from the
  pydantic models so they never drift.

Nothing here decides a rule: the checks are the games' own load-time checks,
run in collecting mode where a game offers one.
"""
