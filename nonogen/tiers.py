"""The difficulty tiers, said once: the type the form models take and the list the generators
of both kinds climb and ``--difficulty`` takes. Apart from ``nonogen.difficulty``'s plain
arithmetic, which the instant check loads without ``typing``."""

from __future__ import annotations

from typing import Final, Literal, get_args

Tier = Literal["easy", "medium", "hard", "expert"]
"""A difficulty tier, as ``nonogen.difficulty.difficulty_tier`` names them."""
TIERS: Final[tuple[Tier, ...]] = get_args(Tier)
"""The difficulty tiers, easiest first."""
