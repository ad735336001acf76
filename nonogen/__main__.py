"""``python -m nonogen``."""

from nonogen.cli import main

main()
