"""Batch simulation: many games on local processes or Ray, results in SQLite, reports."""
