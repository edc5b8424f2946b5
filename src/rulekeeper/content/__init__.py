"""Content files (data only), one folder per game family."""
