"""Errors name options, and each boundary spells them: ``--max-flips`` on the command line,
``max_flips`` over HTTP (``nonogen.errors.Words``)."""

from __future__ import annotations

import pickle

import pytest

from nonogen.errors import InputError, NotMadeError, Option, SubjectError, field, flag, words
from nonogen.image.options import PictureOptions, parse_subject
from nonogen.pipeline import MakeOptions, Shortfall


def test_each_boundary_spells_the_options_its_own_way() -> None:
    said = words(
        "try {max_flips}, {tight=false}, {force=true} or {contrast=stretch}; {side} {level}",
        side=Option("width"),
        level=Option("threshold", "0.5"),
    )
    assert str(said) == (
        "try --max-flips, --no-tight, --force or --contrast stretch; --width --threshold 0.5"
    )
    assert said.text(field) == (
        "try max_flips, tight=false, force=true or contrast=stretch; width threshold=0.5"
    )


def test_values_are_inserted_as_they_are_even_when_they_look_like_options() -> None:
    said = words("expected {subject} BOX; got {got!r}", got="--width {max_flips}")
    assert said.text(field) == "expected subject BOX; got '--width {max_flips}'"
    assert str(said) == "expected --subject BOX; got '--width {max_flips}'"


def test_a_message_quoted_in_another_is_spelled_with_it() -> None:
    inner = words("use a larger {page_size}")
    outer = words("{problem}; or pass {force_small} to print anyway", problem=inner)
    assert outer.text(field) == "use a larger page_size; or pass force_small to print anyway"
    assert str(outer) == "use a larger --page-size; or pass --force-small to print anyway"


def test_an_error_spells_its_words_and_keeps_them_across_processes() -> None:
    error = InputError(words("expected {tile_width} between {low} and 200", low=5))
    assert str(error) == "expected --tile-width between 5 and 200"
    assert error.spelled(field) == "expected tile_width between 5 and 200"
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is InputError
    assert back.spelled(field) == "expected tile_width between 5 and 200"
    plain = InputError("a message that names no option: --x--")
    assert plain.spelled(field) == str(plain) == "a message that names no option: --x--"


@pytest.mark.parametrize(
    ("make", "named"),
    [
        (lambda: PictureOptions(method="bogus"), "method"),
        (lambda: PictureOptions(contrast="bogus"), "contrast"),
        (lambda: PictureOptions(threshold="2"), "threshold"),
        (lambda: PictureOptions(width=2), "width"),
        (lambda: PictureOptions(method="otsu", edges=True), "method=otsu and edges"),
        (lambda: MakeOptions(repair="sometimes"), "repair"),
        (lambda: MakeOptions(title="x" * 500), "title"),
        (lambda: parse_subject("nowhere"), "subject"),
    ],
    ids=["method", "contrast", "threshold", "width", "forced", "repair", "title", "subject"],
)
def test_the_options_errors_name_options_not_flags(make: object, named: str) -> None:
    with pytest.raises(InputError) as caught:
        make()  # type: ignore[operator]
    assert "--" in str(caught.value)
    spelled = caught.value.spelled(field)
    assert "--" not in spelled, spelled
    assert named in spelled


def test_a_shortfall_is_spelled_by_the_boundary_that_shows_it() -> None:
    reached = {"reached": Option("difficulty", "medium")}
    short = Shortfall(
        "a hard puzzle", "the budget ran out", ("{reached}", "more {seconds}"), reached
    )
    error = NotMadeError(short.words("cat.png"))
    assert str(error) == (
        "cat.png: could not make a hard puzzle: the budget ran out; try --difficulty medium "
        "or more --seconds"
    )
    assert short.text(flag) == str(error).removeprefix("cat.png: ")
    assert error.spelled(field).endswith("try difficulty=medium or more seconds")
    assert SubjectError(words("{subject} off")).spelled(field) == "subject off"
