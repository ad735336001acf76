"""``bench.photos``: a name counts when it holds one of the photo's accepted words, per way."""

from __future__ import annotations

from pathlib import Path

from bench.photos import LABELS, OTHER_WAYS, PHOTOS, SETS, WAYS, named_by, score


def test_answers_are_scored_by_the_words_that_name_each_photo(tmp_path: Path) -> None:
    folder = tmp_path / "set0"
    folder.mkdir()
    key = ["image\tpicture\twidth\tcolours\twhat"]
    key += [
        "grids/001.png\tc4/p01\t40\t3\t",  # the pagoda
        "grids/002.png\tbw/p01\t40\t1\t",
        "grids/003.png\tn4/p14\t40\t4\t",  # grass
        "grids/004.png\tn1/p03\t40\t1\t",  # the motorcycle
    ]
    (folder / "key.tsv").write_text("\n".join(key) + "\n")
    answers = ["001\ta Japanese castle", "002\ta boat (unsure)", "003\tGrass", "004\ta bicycle"]
    (folder / "answers.tsv").write_text("\n".join(answers) + "\n")
    assert score(tmp_path) == {"c4": (1, 1), "bw": (0, 1), "n4": (1, 1), "n1": (0, 1)}
    assert len({photo.name for photo in PHOTOS}) == len(PHOTOS)
    assert WAYS == ("c4", "bw", "n4", "n1")


def test_a_word_counts_only_as_a_word_of_its_own() -> None:
    assert named_by("Tall trees at dusk", ("tree",))
    assert named_by("a curling wave", ("wave", "sea"))
    assert not named_by("a granite rock surface", ("surf", "sea"))
    assert not named_by("a seat", ("sea",))


def test_the_sets_are_named_apart_and_every_way_has_a_label() -> None:
    names = [photo.name for photos in SETS.values() for photo in photos]
    assert len(set(names)) == len(names)
    assert set(WAYS + OTHER_WAYS) == set(LABELS)
