"""Ether: the resource-spending map-card crawler (rules ``ET-…``, docs/games/ether.md)."""
