"""``bench.photos``: a name counts when it holds one of the photo's accepted words, per way."""

from __future__ import annotations

import io
import json
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from bench.jigzo import members as jigzo_members
from bench.jigzo import picture as jigzo_picture
from bench.photos import LABELS, OTHER_WAYS, PHOTOS, SETS, WAYS, keyed, located, named_by, score
from bench.rcc import members


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


def _bundle(files: dict[str, bytes]) -> bytes:
    """A Qt resource bundle (version 1) of files under one folder, the first zlib-compressed:
    the layout ``bench.rcc`` reads."""
    names = b""
    name_at = {}
    for name in ("photos", *files):
        name_at[name] = len(names)
        encoded = name.encode("utf-16-be")
        names += struct.pack(">HI", len(name), 0) + encoded
    data = b""
    data_at = []
    for i, blob in enumerate(files.values()):
        stored = struct.pack(">I", len(blob)) + zlib.compress(blob) if i == 0 else blob
        data_at.append(len(data))
        data += struct.pack(">I", len(stored)) + stored
    nodes = struct.pack(">IHII", 0, 2, 1, 1)  # the root: one child, node 1
    nodes += struct.pack(">IHII", name_at["photos"], 2, len(files), 2)
    for i, name in enumerate(files):
        nodes += struct.pack(">IHHHI", name_at[name], 1 if i == 0 else 0, 0, 0, data_at[i])
    tree = 20
    return (
        b"qres"
        + struct.pack(">IIII", 1, tree, tree + len(nodes), tree + len(nodes) + len(data))
        + nodes
        + data
        + names
    )


def test_a_bundle_gives_back_its_files_compressed_or_not() -> None:
    files = {"a.png": b"first file" * 20, "b.png": b"second"}
    assert members(_bundle(files)) == {
        ":/photos/a.png": files["a.png"],
        ":/photos/b.png": b"second",
    }


def test_a_key_file_names_its_photos_and_scores_them_by_kind(tmp_path: Path) -> None:
    bundle = tmp_path / "pictures.rcc"
    bundle.write_bytes(_bundle({"apple.png": b"an apple's bytes"}))
    loose = tmp_path / "cat.png"
    loose.write_bytes(b"a cat's bytes")
    entries = [
        {"path": str(loose), "words": ["Cat", "kitten"], "kind": "close-up"},
        {
            "bundle": str(bundle),
            "member": ":/photos/apple.png",
            "words": ["apple"],
            "kind": "scene",
        },
    ]
    key = tmp_path / "key.json"
    key.write_text(json.dumps(entries))
    out = tmp_path / "out"
    photos = keyed(key, out)
    assert [(p.name, p.words, p.kind) for p in photos] == [
        ("k01", ("cat", "kitten"), "close-up"),
        ("k02", ("apple",), "scene"),
    ]
    extracted = located(photos[1])
    assert extracted is not None
    assert extracted.read_bytes() == b"an apple's bytes"
    assert located(photos[0]) == loose
    manifest = {"set": "real", "ways": ["c4"], "key": str(key), "refused": {"k01": ["c4"]}}
    (out / "photos.json").write_text(json.dumps(manifest))
    (out / "set0").mkdir()
    rows = ["image\tpicture\twidth\tcolours\twhat", "grids/001.png\tc4/k01\t40\t4\t"]
    (out / "set0" / "key.tsv").write_text(
        "\n".join([*rows, "grids/002.png\tc4/k02\t40\t4\t"]) + "\n"
    )
    (out / "set0" / "answers.tsv").write_text("001\ta sleeping cat\n002\ta ball\n")
    # k01's refusal (in another way's make, say) counts it once more as shown, not named
    assert score(out) == {"c4": (1, 3)}
    assert score(out, "close-up") == {"c4": (1, 2)}
    assert score(out, "scene") == {"c4": (0, 1)}


def _puzzle(tmp_path: Path) -> Path:
    """A Jigzo puzzle file whose atlas holds a 20 x 10 picture (red, its top left corner
    blue) inside a 1-pixel black frame at (10, 5)."""
    atlas = Image.new("RGB", (64, 48), (0, 0, 0))
    atlas.paste(Image.new("RGB", (20, 10), (200, 40, 40)), (11, 6))
    atlas.paste(Image.new("RGB", (4, 4), (40, 40, 200)), (11, 6))
    buffer = io.BytesIO()
    atlas.save(buffer, "JPEG", quality=100, subsampling=0)  # no colour blurred across
    parts = {"p.map": b"#texture map data\nimage 10 5 22 12\n", "p.jpg": buffer.getvalue()}
    data = b"PzlF\n0.1\np\nhttp://example.org/\n"
    for name, blob in parts.items():
        data += f"{name}\n{len(blob)}\n".encode() + blob
    puzzle = tmp_path / "p.pzl"
    puzzle.write_bytes(data)
    return puzzle


def test_a_jigzo_puzzle_gives_back_its_whole_picture_without_the_frame(tmp_path: Path) -> None:
    picture = jigzo_picture(_puzzle(tmp_path))
    assert picture.size == (20, 10)
    red, green, blue = picture.getpixel((10, 5))  # type: ignore[misc]
    assert red > 180
    assert max(green, blue) < 70
    red, green, blue = picture.getpixel((0, 0))  # type: ignore[misc]  # the corner: not frame
    assert blue > 180
    assert red < 70


def test_a_key_entry_may_name_a_jigzo_puzzle(tmp_path: Path) -> None:
    key = tmp_path / "key.json"
    key.write_text(json.dumps([{"jigzo": str(_puzzle(tmp_path)), "words": ["red"]}]))
    [photo] = keyed(key, tmp_path / "out")
    where = located(photo)
    assert where is not None
    assert where.suffix == ".png"
    with Image.open(where) as image:
        assert image.size == (20, 10)


def test_damaged_packs_are_refused_not_looped_over(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a Qt resource bundle"):
        members(b"nope")
    bundle = _bundle({"a.png": b"abc"})
    with pytest.raises(ValueError, match="damaged"):
        members(bundle[:-20])  # cut short: its names are gone
    looped = bytearray(bundle)
    looped[20 + 6 : 20 + 14] = struct.pack(">II", 1, 0)  # the root's child is the root
    with pytest.raises(ValueError, match="loops"):
        members(bytes(looped))
    data = _puzzle(tmp_path).read_bytes()
    with pytest.raises(ValueError, match="cut short"):
        jigzo_members(data[:-10])
    with pytest.raises(ValueError, match="not a Jigzo puzzle file"):
        jigzo_members(b"PNG...")
