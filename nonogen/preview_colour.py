"""The colour preview's former home, kept so that ``from nonogen.preview_colour import ...``
still works: the preview is ``nonogen.preview.colour`` now, beside the black-and-white one."""

from nonogen.preview.colour import ColourLayout, colour_layout, colour_preview_png

__all__ = ["ColourLayout", "colour_layout", "colour_preview_png"]
