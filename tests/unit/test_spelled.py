"""Errors name options, and each boundary spells them: ``--max-flips`` on the command line,
``max_flips`` over HTTP, "Max flips" on the web page (``nonogen.wording.Words``)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from nonogen.errors import InputError, NotMadeError, SubjectError
from nonogen.image.options import PictureOptions, parse_subject
from nonogen.pipeline import MakeOptions, Shortfall
from nonogen.wording import PAGE_LABELS, Option, field, flag, label, tries, words


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


def test_the_page_names_its_controls_and_suggests_only_what_it_offers() -> None:
    said = words(
        "no subject; try {tries} to make it anyway",
        tries=tries("{crop}", "{contrast=stretch}", "{threshold}", "{method}", "{force}"),
    )
    assert str(said) == (
        "no subject; try --crop, --contrast stretch, --threshold, --method or --force to make "
        "it anyway"
    )
    assert said.text(field) == (
        "no subject; try crop, contrast=stretch, threshold, method or force to make it anyway"
    )
    # The page has no "force", and "threshold" and "method" are both its "Conversion".
    assert said.text(label) == (
        "no subject; try Crop to the subject, Contrast: Stretch or Conversion to make it anyway"
    )


def test_the_page_spells_a_value_and_falls_back_to_the_field_for_what_it_lacks() -> None:
    assert words("give {level}", level=Option("difficulty", "medium")).text(label) == (
        "give Difficulty: medium"
    )
    assert words("give {tight=false} or {@make}").text(label) == "give Whole frame or Make"
    # Named outside a list of tries, an option the page lacks reads as the request's field.
    assert words("give {force_small}").text(label) == "give force_small"
    assert label("force") == label("seconds") == ""
    assert tries("{force}").spelled(label) == "another picture"


def test_every_page_label_is_a_control_on_the_page() -> None:
    html = (Path(__file__).parents[2] / "nonogen/service/static/index.html").read_text()
    page = " ".join(html.split())
    for name, text in PAGE_LABELS.items():
        control = text.split(":")[0].split(" (")[0]
        assert control in page, f"{name}: no control labelled {control!r} on the page"


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
