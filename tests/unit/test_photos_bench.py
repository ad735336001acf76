"""``bench.photos``: a name counts when it holds one of the photo's accepted words, per way."""

from __future__ import annotations

from pathlib import Path

from bench.photos import PHOTOS, WAYS, score


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
