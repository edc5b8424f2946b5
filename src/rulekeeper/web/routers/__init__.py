"""One router per area of the web table (pages, games, tables, saves, rules, haven tools)."""
