"""Picture -> Conversion: every candidate's grid scored, the one most like the subject kept.

    Picture -> Source      what the candidates see             (nonogen.image.source)
            -> Splits      the ways to split subject and ground (nonogen.image.candidates)
            -> Cells       each split pooled into the grid      (nonogen.image.cells)
            -> Scored      each grid measured and scored        (nonogen.image.scored)
            -> Conversion  the best grid, and how it was chosen (here)

A picture whose best grid is not a subject (``Scored.why_not_subject``) and is not expected
to match one by SURE has no subject: NoSubjectError says what was found, unless forced. When
no one subject stands out, a photo is drawn whole instead, as its own subject
(``nonogen.image.whole``).

With a subject pointed at (``--subject``), every split is cut to its box (outside is ground),
the grid frames the box, the ``pointed`` candidate joins the others, and the picture is never
drawn whole nor refused for want of a subject: the person said where it is.

The pipeline then adds what the repair would cost (cells line logic leaves open) to the best
few and repairs the winner.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final

import numpy as np

from nonogen.errors import InputError
from nonogen.grid import Grid
from nonogen.image import frames
from nonogen.image.boxes import Box
from nonogen.image.candidates import CANDIDATES, Split, allowed, polarity
from nonogen.image.cells import Cells, line_coverage, mask_cells, pool, silhouette_iou
from nonogen.image.filters import enhance
from nonogen.image.frames import FRAMES, POSTER_BELOW, fills_frame
from nonogen.image.masks import fill_holes, hull
from nonogen.image.options import LOCAL_THRESHOLDS, THRESHOLDS, PictureOptions
from nonogen.image.read import Picture
from nonogen.image.scored import CONSENSUS, MIN_LIKENESS, Scored, measured, score_grids
from nonogen.image.source import Source
from nonogen.records import JsonObject
from nonogen.wording import Option, Spelling, Words, flag, tries, words

__all__ = [  # what the pipeline, bench/ and tests import from here, wherever it is defined
    "FRAMES",
    "POSTER_BELOW",
    "TONES_GAIN",
    "Cells",
    "Conversion",
    "NoSubjectError",
    "Scored",
    "candidate_grids",
    "convert",
    "fills_frame",
    "line_coverage",
    "mask_cells",
    "silhouette_iou",
    "source_of",
]

SAME_OUTLINE: Final = 0.8
NEAR_OUTLINE: Final = 0.35
TONES_GAIN: Final = 0.15
"""A grid of the picture's own tones replaces a region-seeking grid of the same outline
(filled silhouette IoU SAME_OUTLINE or more; NEAR_OUTLINE for one that explains under
MIN_LIKENESS) that explains the picture this much less (the
likeness of ``nonogen.image.scored``): see ``_own_tones``."""
IDENTICAL_OUTLINE: Final = 0.95
INSIDE_GAIN: Final = 0.05
"""A grid of the picture's own tones also replaces a region-seeking grid of the very outline
(filled silhouette IoU IDENTICAL_OUTLINE or more) that explains the picture INSIDE_GAIN less:
they differ only inside the outline, where the tones keep a hole the cut filled
(``samples/bench/letter_R_on_black.png``: likeness 0.96 against 0.84)."""


class NoSubjectError(InputError):
    """The picture seems to have no subject: nothing to draw a puzzle from (``--force``)."""


@dataclass(frozen=True)
class Pointed:
    """Where the subject was pointed at: as given (the ``--subject`` value), and its box in
    source pixels (the box given, or the one found around the point)."""

    given: str
    box: Box

    def to_json(self) -> JsonObject:
        """``{"given": ..., "box": [left, top, right, bottom]}``."""
        return {"given": self.given, "box": list(self.box)}


@dataclass(frozen=True)
class Conversion:
    """The chosen grid and how it was chosen."""

    chosen: Scored
    ranked: tuple[Scored, ...]
    """Every candidate grid, best first (the chosen one among them)."""
    warnings: tuple[Words, ...] = ()
    """What the conversion warns of, its options unspelled (``record`` spells them)."""
    source: Picture | None = field(default=None, compare=False, repr=False)
    subject: Pointed | None = None
    """Where the subject was pointed at; None when not."""
    whole: Scored | None = field(default=None, compare=False, repr=False)
    """The whole picture drawn as its own subject (``nonogen.image.whole``), when nothing was
    forced or pointed at and the picture looks like a photo: the choice beside the subject."""

    @property
    def cells(self) -> Cells:
        """The chosen grid's cells."""
        return self.chosen.cells

    def record(self, spell: Spelling = flag) -> JsonObject:
        """What the output JSON says of the conversion (its warnings' options spelled by
        ``spell``: as the command line does, in the file)."""
        return {
            "method": self.chosen.split.method,
            "label": self.chosen.words,
            "params": self.chosen.split.params,
            "score": round(self.chosen.score, 4),
            "detail": self.chosen.detail or "none",
            **({"subject": self.subject.to_json()} if self.subject is not None else {}),
            "candidates": [scored.record() for scored in self.ranked],
            "warnings": [warning.text(spell) for warning in self.warnings],
        }


def source_of(picture: Picture, options: PictureOptions) -> Source:
    """What every candidate sees of a picture made with these options; SubjectError when the
    subject pointed at lies outside the picture."""
    _check_not_flat(picture)
    if options.subject is not None:
        options.subject.check_within(picture.size)
    grey = enhance(picture.grey, options.contrast)
    sides = (options.width, options.height)
    return Source(picture, grey, _forced_threshold(options), options.subject, sides)


def candidate_grids(source: Source, options: PictureOptions, warnings: list[Words]) -> list[Scored]:
    """Every allowed candidate's split, cut to the subject's box if one was pointed at,
    pooled into the grid and scored."""
    splits = [s for name in allowed(options) for s in CANDIDATES[name](source)]
    splits = [_in_box(s, source) for s in splits if _wanted_side(s, options.invert)]
    return score_grids([measured(source, s, options, warnings) for s in splits])


def _in_box(split: Split, source: Source) -> Split:
    """The split with everything outside the subject's box made ground (as it is without a
    box)."""
    if source.box is None:
        return split
    subject = np.where(source.inside(split.subject.shape), split.subject, 0.0)
    thin = (
        None if split.thin is None else np.where(source.inside(split.thin.shape), split.thin, 0.0)
    )
    return replace(split, subject=subject, thin=thin)


def convert(
    picture: Picture,
    options: PictureOptions,
    *,
    offer_whole: bool = False,
    fills_whole: bool = True,
) -> Conversion:
    """The grid that looks most like the picture's subject, from every allowed candidate;
    with ``offer_whole``, the whole picture drawn beside it (``Conversion.whole``) whenever it
    may be drawn, not only when it is chosen; with ``fills_whole`` (the default, both kinds),
    the whole picture drawn when the subject fills the frame (``fills_frame``)."""
    source = source_of(picture, options)
    warnings: list[Words] = []

    whole: Scored | None = None

    def conversion(chosen: Scored, ranked: tuple[Scored, ...]) -> Conversion:
        said = tuple({str(warning): warning for warning in warnings}.values())
        return Conversion(chosen, ranked, said, picture, _pointed(source), whole)

    grids = candidate_grids(source, options, warnings)
    if not grids:
        raise NoSubjectError(
            words(
                "found no subject: no conversion found anything to split; try {tries}",
                tries=tries(
                    "{force} with {level}", "another picture", level=Option("threshold", "0.5")
                ),
            )
        )
    ranked = _rank(grids)
    if options.candidate is not None:  # the person picked one: no model, poster or refusal
        name = options.candidate.split("-", 1)[0]
        drawn = frames.frame_drawing(source, options, warnings, name) if name in FRAMES else None
        picked = _picked([*grids, *([drawn] if drawn is not None else [])], options.candidate)
        return conversion(picked, _rank([picked, *ranked]))
    best = ranked[0]
    if not options.forced and not options.crop and _empty_half(best.cells.filled):
        cropped = pool(best.split, picture, replace(options, crop=True), warnings, source.frame)
        best = replace(best, cells=cropped)
        warnings.append(words("cropped to the subject: it left half of the grid empty"))
        ranked = _rank([best, *ranked[1:]])
    if options.method in FRAMES:  # the whole frame, asked for: no subject to doubt
        return conversion(best, ranked)
    plausible = [s for s in ranked if s.plausible]
    pointed = options.subject is not None  # the person said where the subject is
    drawn = _drawn(ranked)
    unlikely = not plausible or drawn.score < POSTER_BELOW
    unbacked = not unlikely and frames.unbacked(drawn)
    soft = not unlikely and not unbacked and frames.soft(drawn)
    doubtful = unlikely or unbacked or soft
    found, border = frames.found_shares(source)
    fills = fills_whole and not unlikely and frames.fills(found, border)  # the reason said first
    if not options.forced and not pointed and (doubtful or fills or offer_whole):
        whole = frames.whole_frame(source, options, faint=doubtful and bool(plausible))
    if whole is not None and (doubtful or fills):
        if fills:
            warnings.append(
                words(
                    "the subject fills the frame (the subject finder sees it in {share:.0%} "
                    "of the picture{edges}): drew the whole picture; give {method} to choose "
                    "another conversion",
                    share=found,
                    edges=", running off its edges" if border >= frames.FILLS_BORDER else "",
                )
            )
        elif soft:
            warnings.append(
                words(
                    'no one subject stands out (the likeliest, "{label}", is no sharper at its '
                    "edge than the picture is within, and is tied to the frame's edges): drew "
                    "the whole picture; give {method} to choose another conversion",
                    label=drawn.words,
                )
            )
        elif unbacked:
            warnings.append(
                words(
                    'no one subject stands out (the likeliest, "{label}", is not where the '
                    "subject finder or the other conversions see one): drew the whole "
                    "picture; give {method} to choose another conversion",
                    label=drawn.words,
                )
            )
        else:
            warnings.append(
                words(
                    'no one subject stands out (the likeliest, "{label}", is expected to match '
                    "one by {score:.0%} only): drew the whole picture; give {method} to "
                    "choose another conversion",
                    label=drawn.words,
                    score=drawn.score,
                )
            )
        ranked = _rank([whole, *ranked])
        return conversion(whole, ranked)
    if not plausible and not options.force and not pointed:
        raise NoSubjectError(
            words(
                'found no subject in the picture: the best grid ("{label}") is not one, as '
                "{why}; try {tries} to make it anyway",
                tries=tries("{crop}", "{contrast=stretch}", "{threshold}", "{method}", "{force}"),
                label=best.words,
                why=best.why_not_subject(),
            )
        )
    # The model weighs every measure a rule would: once the picture has a subject, the best
    # grid of a sane fill is chosen even if a rule alone would have doubted it.
    chosen = drawn
    if not options.forced:
        ranked = _own_tones(chosen, ranked)
        chosen = _drawn(ranked)
    return conversion(chosen, ranked)


def _drawn(ranked: tuple[Scored, ...]) -> Scored:
    """The grid that would be drawn of a ranking (the best of a sane fill; the best when none
    is), on which doubt is judged: a speck ranked first (a cut of 2 % of a flower filling the
    frame) is never drawn, and the grid drawn in its place may be far less likely."""
    return next((s for s in ranked if s.eligible), ranked[0])


def _own_tones(chosen: Scored, ranked: tuple[Scored, ...]) -> tuple[Scored, ...]:
    """The ranking with the grid of the picture's own tones in place of a region-seeking
    one's, where both have the same outline and the tones explain the picture much better: a
    ring's hole, a notch, a line drawing's strokes, which a region-seeking cut (GrabCut,
    saliency) fills.

    Same outline: silhouette IoU of the two grids, holes filled, of SAME_OUTLINE or more
    (NEAR_OUTLINE where the region-seeking grid explains under MIN_LIKENESS of the picture: a
    blob around a line drawing); much better: likeness higher by TONES_GAIN or more. The best
    such grid takes the chosen grid's score, and every region-seeking grid it so supersedes
    leaves the ranking (the chosen one among them): none is another drawing of the subject.
    A grid of tones that neither the subject finder nor the other cuts back (``unbacked``)
    draws something else and replaces nothing: the Colosseum's sky, cut by its colour, took
    the place of the finder's cut of the Colosseum."""
    if chosen.split.method not in CONSENSUS:
        return ranked
    better = [
        s
        for s in ranked
        if s.eligible
        and s.split.method not in CONSENSUS
        and not s.split.whole
        and not frames.unbacked(s)
        and _supersedes(s, chosen)
    ]
    if not better:
        return ranked
    tones = max(better, key=lambda s: s.parts["likeness"])
    kept = [
        replace(s, score=chosen.score) if s is tones else s
        for s in ranked
        if s.split.method not in CONSENSUS or not _supersedes(tones, s)
    ]
    return _rank(kept)


def _supersedes(tones: Scored, region: Scored) -> bool:
    """Whether a grid of tones draws a region-seeking grid's outline (see ``_own_tones``) and
    explains the picture TONES_GAIN better; or draws the very outline (IDENTICAL_OUTLINE) and
    explains it INSIDE_GAIN better, so that they differ only inside it (a letter R's hole,
    which the cut filled). A blob that explains under MIN_LIKENESS may also be the hull of a
    line drawing whose strokes enclose nothing (a spiral: filling holes leaves it a spiral):
    the tones' convex hull is its outline then."""
    likeness = region.parts["likeness"]
    gain = tones.parts["likeness"] - max(MIN_LIKENESS, likeness)
    if gain < INSIDE_GAIN:  # the cheap test first: most pairs end here
        return False
    theirs, mine = _frame_grid(tones), fill_holes(_frame_grid(region))
    outline = silhouette_iou(fill_holes(theirs), mine)
    if outline >= (IDENTICAL_OUTLINE if gain < TONES_GAIN else SAME_OUTLINE):
        return True
    if gain < TONES_GAIN or likeness >= MIN_LIKENESS:
        return False
    return max(outline, silhouette_iou(hull(theirs), mine)) >= NEAR_OUTLINE


def _frame_grid(scored: Scored) -> Grid:
    """A candidate's grid over the whole frame (its cells, or the frame's grid when cropped)."""
    return scored.cells.filled if scored.whole_frame is None else scored.whole_frame


def _picked(grids: list[Scored], key: str) -> Scored:
    """The candidate grid of a key; InputError naming the keys there are when none has it."""
    for scored in grids:
        if scored.key == key:
            return scored
    keys = ", ".join(dict.fromkeys(s.key for s in sorted(grids, key=lambda s: -s.score)))
    raise InputError(
        f"no conversion candidate {key!r} for this picture and these options; the "
        f"candidates are {keys}"
    )


def _pointed(source: Source) -> Pointed | None:
    """The subject pointed at, as given, and its box; None when none was."""
    if source.subject is None or source.box is None:
        return None
    return Pointed(str(source.subject), source.box)


def _rank(scored: list[Scored]) -> tuple[Scored, ...]:
    """Candidates best first; identical grids keep only their best-scored copy."""
    ordered = sorted(scored, key=lambda s: -s.score)
    seen: set[bytes] = set()
    kept = []
    for s in ordered:
        key = np.packbits(s.cells.filled).tobytes() + bytes(s.cells.filled.shape)
        if key not in seen:
            seen.add(key)
            kept.append(s)
    return tuple(kept)


def _check_not_flat(picture: Picture) -> None:
    """NoSubjectError for a picture of one colour (in luminance and in colour)."""
    if float(np.ptp(picture.rgb)) < 1e-6:
        raise NoSubjectError(
            "the picture is all one colour; there is nothing to draw a puzzle from"
        )


def _forced_threshold(options: PictureOptions) -> str | None:
    """A threshold option that is a level or a fill (not a named method)."""
    named = THRESHOLDS + LOCAL_THRESHOLDS
    return options.threshold if options.threshold not in (None, *named) else None


def _wanted_side(split: Split, invert: bool | None) -> bool:
    """Whether a split gives the subject side ``--invert/--no-invert`` asks for."""
    if invert is None:
        return True
    return polarity(split) == ("light" if invert else "dark")


def _empty_half(filled: Grid) -> bool:
    """Whether the top, bottom, left or right half of the grid has no filled cell."""
    rows, cols = filled.shape
    if not filled.any():
        return False
    halves = (filled[: rows // 2], filled[rows - rows // 2 :], filled[:, : cols // 2])
    return any(not h.any() for h in (*halves, filled[:, cols - cols // 2 :]))
