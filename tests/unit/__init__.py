"""Unit tests: the library called directly, against oracles and known answers."""
