"""Cells of the whole frame, or a subject: when a photo is drawn whole instead of a cut, and
how the whole frame is drawn then.

    the cut that would be drawn (``convert._drawn``)
    -> doubted     expected to match a subject by under POSTER_BELOW, backed by nothing
                   (``unbacked``), or soft and tied to the frame's edges (``soft``)
    -> filling     the subject finder sees the thing fill the frame (``fills_frame``)
    -> the frame   drawn as the whole picture or the tonal poster (FRAMES, ``whole_frame``),
                   if the picture looks like a photo (``frame_drawing``)

``nonogen.image.convert`` asks these and says why in its warnings.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import numpy as np

from nonogen.image.candidates import CANDIDATES
from nonogen.image.choice import model_for
from nonogen.image.filters import periodic_share
from nonogen.image.options import PictureOptions
from nonogen.image.scored import MIN_LIKENESS, Scored, measured
from nonogen.image.source import Source
from nonogen.wording import Words

POSTER_BELOW: Final = 0.4
"""A subject the choice model expects to match the true one by less IoU than this is not one:
the whole picture is drawn instead (when it looks like a photo)."""
BACKED: Final = 0.3
"""A cut that shares less than this with the subject finder's own subject (``net_agree``:
IoU with what it gives even odds) and less than this with the other subject-seeking cuts on
average (``consensus``: their mean IoU) is backed by nothing but its own score: it is
doubtful, and a photo is drawn whole (``unbacked``). On photos nobody here had made, such
cuts took the sky over the Colosseum, the dark specks of the Taj Mahal and a car's shadow
(IoU with the finder 0.02, 0.10 and 0.002); on 93 dev pictures of a thing on a ground, 2
cuts are this unbacked (true IoU 0.41 and 0)."""
SOFT_OUTLINE: Final = 2.5
SOFT_GROUND: Final = 0.3
"""A cut whose outline is less than SOFT_OUTLINE times as sharp as the picture on average
(``outline``), and whose area is this much ground by its tie to the frame's edges
(``ground_in``, ``nonogen.image.saliency``), is no thing on a ground: a cut through a face,
an animal's head, a building filling the frame, or along a blurred edge, which the picture
does not draw. A photo is drawn whole (``soft``). A thing set on a ground has an edge
sharper than the rest of the picture and an inside cut off from the frame's edges. On 81
photos of three sources (OpenCV, GCompris, KDE and Jigzo), 28 of the 60 cuts drawn are this
soft (with SOFT_AGREED); in 4 colours they were named 4 times, the naive reduction of the
whole frame 9 times. On 40 dev stamps on grounds, 2 cuts are this soft (true IoU 0.65 and
0.81)."""
SOFT_AGREED: Final = 0.8
"""A soft cut that the other subject-seeking cuts agree on this much (``consensus``, their
mean IoU with it) stays: every cut finds the same thing (a pentagon on gravel, whose grain
is as sharp as its edge: consensus 0.97; a striped cross on grey, 0.83)."""
FILLS_FOUND: Final = 0.35
"""A subject the finder sees in this share of the picture or more, and in FILLS_BORDER of its
border or more, fills the frame: the whole picture is drawn (``fills_frame``). On close-ups
of clip art and emoji filling 95-140 % of the frame (a dev set) this holds for 62 %; on the
same sources set on grounds at 5-48 % of the picture, for 3 %."""
FILLS_BORDER: Final = 0.02
"""The share of the border a subject of FILLS_FOUND must run off to fill the frame."""
FILLS_ALONE: Final = 0.5
"""A subject the finder sees in this share of the picture or more fills the frame, running
off its edges or not: a photographed apple or orange taking more than half the frame, which
the naive reduction of the whole frame drew recognisably and a cut of the fruit on paper did
not (OpenCV's photos, issue 49)."""
FRAMES: Final = ("picture", "poster")
"""The conversions that draw the whole frame rather than a subject on its ground, in the order
they are tried when no one subject stands out: the whole picture (``nonogen.image.whole``),
and the tonal poster where the whole picture's stencil is no drawing (``whole_frame``)."""
POSTER_FILL: Final = (0.1, 0.9)
POSTER_SPECKS: Final = 8.0
POSTER_OUTLINE: Final = 1.1
POSTER_PERIODIC: Final = 0.45
"""What a poster must be to be drawn: its fill, at most this many lone cells and pinholes per
100 cells, an outline this much sharper than average (fur and foliage blur a photo's edges
less than noise does), and a picture less periodic than this (``frame_drawing``)."""


def unbacked(drawn: Scored) -> bool:
    """Whether a grid that would be drawn is backed by neither the subject finder nor the
    other cuts (BACKED): a cut of the sky, of a shadow, of a scene's dark specks. Both
    measure overlapping areas, so a drawing of lines thinner than a cell (a spiral on a
    gradient), which overlaps no area, is not judged by them. Where the finder found nothing
    (``choice.NET_FOUND_BELOW``) its share is nothing too, and the other cuts alone judge."""
    parts = drawn.parts
    return _cuts_an_area(drawn) and parts["net_agree"] < BACKED and parts["consensus"] < BACKED


def soft(drawn: Scored) -> bool:
    """Whether a grid that would be drawn has a soft outline on a ground-like area (SOFT_OUTLINE,
    SOFT_GROUND) that the other cuts do not all find (SOFT_AGREED): a cut the picture itself
    does not draw. Frames and line drawings are not cuts of an area, and are not judged by
    it."""
    parts = drawn.parts
    return (
        _cuts_an_area(drawn)
        and parts["outline"] < SOFT_OUTLINE
        and parts["ground_in"] >= SOFT_GROUND
        and parts["consensus"] < SOFT_AGREED
    )


def _cuts_an_area(drawn: Scored) -> bool:
    """Whether a grid is a cut of an area, which the doubts over areas judge: not the whole
    frame, nor a drawing of lines thinner than a cell."""
    return not (drawn.split.frame or drawn.split.drawn)


def fills_frame(source: Source) -> bool:
    """Whether the picture's subject fills the frame (a cat's face, a house close up): the
    subject finder gives even odds to FILLS_FOUND of the picture or more, and to FILLS_BORDER
    of its border or more (the thing runs off the frame), or to FILLS_ALONE of the picture
    or more (it takes most of the frame)."""
    return fills(*found_shares(source))


def fills(found: float, border: float) -> bool:
    """Whether these shares of the picture and of its border found as the subject fill the
    frame (``fills_frame``)."""
    return found >= FILLS_ALONE or (found >= FILLS_FOUND and border >= FILLS_BORDER)


def found_shares(source: Source) -> tuple[float, float]:
    """The shares of the picture and of its border to which the subject finder gives even
    odds."""
    found = source.subject_map >= 0.5
    border = np.concatenate([found[0], found[-1], found[1:-1, 0], found[1:-1, -1]])
    return float(found.mean()), float(border.mean())


def whole_frame(source: Source, options: PictureOptions, *, faint: bool = False) -> Scored | None:
    """The whole frame drawn (FRAMES, in order): the whole picture, or, where its stencil is
    not a drawing (``frame_drawing``: all ink, or edges no sharper than noise), the tonal
    poster; None when neither is. A photo whose subject is doubtful is drawn whole rather
    than refused or cut to a blob: a forest stream had no subject, and its stencil's edges
    were 1.098 times as sharp as average, under POSTER_OUTLINE.

    With ``faint`` (no subject stands out, and a doubtful cut would be drawn instead), a frame
    whose light and dark explain under MIN_LIKENESS of the picture is drawn too when none
    explains more: a pink flower on purple filling the frame (likeness 0.11), which its
    colours draw, where the cut was a few cells."""
    for least in (MIN_LIKENESS, 0.0) if faint else (MIN_LIKENESS,):
        for name in FRAMES:
            drawn = frame_drawing(source, options, [], name, least)
            if drawn is not None:
                return drawn
    return None


def frame_drawing(
    source: Source,
    options: PictureOptions,
    warnings: list[Words],
    name: str,
    least: float = MIN_LIKENESS,
) -> Scored | None:
    """A drawing of the whole frame (FRAMES: the whole picture, or the tonal poster), if the
    picture looks like a photo: the drawing has real tones (fill within POSTER_FILL),
    explains the picture (MIN_LIKENESS), follows its edges (an outline POSTER_OUTLINE times as
    sharp as average: not a ramp or noise), is not noise (under POSTER_SPECKS lone cells and
    pinholes per 100 cells) and the picture is not one repeating pattern (stripes, checks:
    periodic share under POSTER_PERIODIC)."""
    if periodic_share(source.picture.lab[:, :, 0]) >= POSTER_PERIODIC:
        return None
    for split in CANDIDATES[name](source):
        drawn = measured(source, split, options, warnings)
        parts = drawn.parts
        low, high = POSTER_FILL
        if (
            low <= parts["fill"] <= high
            and parts["likeness"] >= least
            and parts["outline"] >= POSTER_OUTLINE
            and parts["specks"] < POSTER_SPECKS
        ):
            return replace(drawn, score=model_for(parts).predict(parts | {"consensus": 0.0}))
    return None
