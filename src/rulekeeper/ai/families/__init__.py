"""One agent adapter per game family: vocabulary, players, views and features."""
