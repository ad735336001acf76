"""Photos as people take them, named blind: the thing fills the frame, and no ground is made.

    python -m bench.photos sets OUT [--width 40] [--seed 0]
    python -m bench.photos score OUT

A held-out set of real photographs that ship in packages (``PHOTOS``: scikit-image's and
scikit-learn's sample photos, Debian's MATE nature wallpapers): a pagoda, a motorcycle, coins,
flowers, a ladybird, a landscape. They are used to *test* only, never to train or tune
(licences: scikit-image's data README, scikit-learn's ``images/README.txt``, MATE's CC-BY-SA
and GPL wallpapers). Five of them (coins, moon, motorcycle, china, flower) are among the
subject finder's training *grounds* (``bench.world.photo_backgrounds``): it saw them as
ground, never as subjects.

``sets`` makes every photo four ways at the width (nonogen in black and white and in 4
colours, through the ``nonogen`` program beside this Python; the naive reduction of both,
``bench/blind.py naive``: the floor to beat) and writes four blind sets (OUT/set0 ... set3),
each holding every photo once, the ways rotated so that no namer sees a photo twice, with
contact sheets (``bench/blind.py sheets``). A helper who sees only one set's sheets names each
grid into ``OUT/setK/answers.tsv`` (``NNN<TAB>name``). ``score`` scores the answers against
``PHOTOS``' accepted words (a name counts when it holds one of them) and prints, per way, how
many photos were named.
"""

from __future__ import annotations

import argparse
import csv
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from bench.blind import naive, puzzles, sheets
from nonogen.pipeline import write_blind


@dataclass(frozen=True)
class Photo:
    """A photograph: where it ships, what it shows, and the words that name it."""

    name: str
    where: str
    """``skimage:FILE``, ``sklearn:FILE`` or an absolute path."""
    shows: str
    words: tuple[str, ...]
    """A name counts when it holds one of these (lower case)."""


WALLS = "/usr/share/backgrounds/mate/nature"
PHOTOS = (
    Photo("p01", "sklearn:china.jpg", "a pagoda by a lake", ("pagoda", "temple", "castle")),
    Photo("p02", "sklearn:flower.jpg", "a dahlia", ("flower", "dahlia")),
    Photo("p03", "skimage:motorcycle_left.png", "a motorcycle", ("motorcycle", "motorbike")),
    Photo("p04", "skimage:coins.png", "coins", ("coin",)),
    Photo("p05", "skimage:moon.png", "the moon's surface", ("moon", "lunar", "crater")),
    Photo("p06", "skimage:clock_motion.png", "a clock, blurred", ("clock",)),
    Photo("p07", f"{WALLS}/LadyBird.jpg", "a ladybird on a stem", ("ladybird", "ladybug")),
    Photo("p08", f"{WALLS}/YellowFlower.jpg", "a yellow flower", ("flower", "daisy")),
    Photo("p09", f"{WALLS}/FreshFlower.jpg", "an orange flower", ("flower", "petal")),
    Photo("p10", f"{WALLS}/TwoWings.jpg", "a dandelion seed", ("dandelion", "seed")),
    Photo("p11", f"{WALLS}/RainDrops.jpg", "leaves with drops", ("leaf", "leaves")),
    Photo("p12", f"{WALLS}/Garden.jpg", "a marigold", ("flower", "marigold")),
    Photo("p13", f"{WALLS}/Storm.jpg", "a storm over a road", ("storm", "road", "cloud")),
    Photo("p14", f"{WALLS}/GreenMeadow.jpg", "grass", ("grass", "lawn", "meadow")),
)
WAYS = ("c4", "bw", "n4", "n1")
"""nonogen in 4 colours and in black and white, the naive reduction of each."""


def located(photo: Photo) -> Path | None:
    """The photo's file on this machine, or None when its package is not installed."""
    kind, _, file = photo.where.partition(":")
    if kind == "skimage":
        import skimage.data  # noqa: PLC0415

        path = Path(skimage.data.__file__).parent / file
    elif kind == "sklearn":
        try:
            import sklearn.datasets  # noqa: PLC0415
        except ImportError:
            return None
        path = Path(sklearn.datasets.__file__).parent / "images" / file
    else:
        path = Path(photo.where)
    return path if path.is_file() else None


def make_sets(out: Path, width: int, seed: int) -> None:
    """Every photo made four ways, then the four rotated blind sets with their sheets."""
    pictures = out / "pictures"
    pictures.mkdir(parents=True, exist_ok=True)
    found = []
    for photo in PHOTOS:
        path = located(photo)
        if path is None:
            print(f"note: {photo.where} is not here; {photo.name} is left out", file=sys.stderr)
            continue
        copy = pictures / f"{photo.name}{path.suffix}"
        shutil.copyfile(path, copy)
        found.append((photo, copy))
    program = Path(sys.executable).with_name("nonogen")
    command = [str(program)] if program.is_file() else [sys.executable, "-m", "nonogen"]
    for way, colours in (("c4", ["--colors", "4"]), ("bw", [])):
        (out / way).mkdir(exist_ok=True)
        for photo, copy in found:
            target = out / way / f"{photo.name}.json"
            args = ["make", str(copy), "--width", str(width), *colours, "-o", str(target)]
            subprocess.run([*command, *args, "--seed", str(seed)], check=True, capture_output=True)
    for way, count in (("n4", 4), ("n1", 1)):
        (out / way).mkdir(exist_ok=True)
        for photo, copy in found:
            record = naive(copy, width, count, seed)
            (out / way / f"{photo.name}.json").write_text(json.dumps(record), encoding="utf-8")
    for k in range(len(WAYS)):
        files = [
            out / WAYS[(i + k) % len(WAYS)] / f"{photo.name}.json"
            for i, (photo, _) in enumerate(found)
        ]
        write_blind(out / f"set{k}", puzzles(files, None), seed=seed + 11 + k)
        sheets(out / f"set{k}")


def score(out: Path) -> dict[str, tuple[int, int]]:
    """Per way: photos named and photos shown, from every set's answers and key."""
    words = {photo.name: photo.words for photo in PHOTOS}
    named = {way: [0, 0] for way in WAYS}
    for folder in sorted(out.glob("set*")):
        answers_file = folder / "answers.tsv"
        if not answers_file.is_file():
            print(f"note: {answers_file} is missing; that set is left out", file=sys.stderr)
            continue
        answers = dict(
            line.split("\t", 1) for line in answers_file.read_text().splitlines() if "\t" in line
        )
        with (folder / "key.tsv").open(newline="") as key:
            for row in csv.DictReader(key, delimiter="\t"):
                number = Path(row["image"]).stem
                way, name = row["picture"].split("/")
                answer = answers.get(number, "").lower()
                named[way][1] += 1
                named[way][0] += any(word in answer for word in words[name])
    return {way: (hits, shown) for way, (hits, shown) in named.items()}


def main() -> None:
    """Make the sets, or score the answers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    made = commands.add_parser("sets")
    made.add_argument("out", type=Path)
    made.add_argument("--width", type=int, default=40)
    made.add_argument("--seed", type=int, default=0)
    scored = commands.add_parser("score")
    scored.add_argument("out", type=Path)
    args = parser.parse_args()
    if args.command == "sets":
        make_sets(args.out, args.width, args.seed)
        return
    labels = {
        "c4": "nonogen, 4 colours",
        "bw": "nonogen, black and white",
        "n4": "naive, 4 colours",
        "n1": "naive, black and white",
    }
    for way, (hits, shown) in score(args.out).items():
        print(f"{labels[way]:<26} {hits} of {shown} named")


if __name__ == "__main__":
    main()
