"""Command-line interface. It lists legal actions and applies choices; it never decides a rule."""
