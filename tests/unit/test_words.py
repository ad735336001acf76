"""Words for people: counts in the right number, articles before page sizes."""

from __future__ import annotations

from nonogen.words import counted, page_name, with_a


def test_a_count_takes_its_noun_in_the_right_number() -> None:
    assert counted(1, "puzzle") == "1 puzzle"
    assert counted(0, "cell") == "0 cells"
    assert counted(3, "colour") == "3 colours"
    assert counted(2, "mouse", "mice") == "2 mice"


def test_a_page_size_takes_the_article_it_is_read_with() -> None:
    assert with_a(page_name("a4")) == "an A4"
    assert with_a(page_name("b5")) == "a B5"
    assert with_a(page_name("letter")) == "a letter"
    assert with_a("easy") == "an easy"
