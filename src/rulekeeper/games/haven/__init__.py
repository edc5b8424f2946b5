"""Haven: Gloomhaven and Frosthaven as two rulesets of one hex-grid engine."""
