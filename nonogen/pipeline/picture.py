"""A picture made into a puzzle of either kind: the kind is chosen here, once, from
``MakeOptions.colours`` (None: black and white), and what is made carries its kind's
behaviour (``Made``)."""

from __future__ import annotations

from nonogen.pipeline.colour import make_colour_from_picture
from nonogen.pipeline.make import (
    Made,
    MakeListener,
    MakeOptions,
    ignore_progress,
    make_from_picture,
)


def make_puzzle(
    data: bytes,
    *,
    name: str,
    options: MakeOptions,
    on_progress: MakeListener = ignore_progress,
) -> Made:
    """The puzzle a picture's bytes make with these options: black and white, or colour with
    ``options.colours`` colours besides the background."""
    if options.colours is None:
        return make_from_picture(data, name=name, options=options, on_progress=on_progress)
    return make_colour_from_picture(
        data, name=name, options=options, colours=options.colours, on_progress=on_progress
    )
