"""Photos as people take them, named blind: the thing fills the frame, and no ground is made.

    python -m bench.photos sets OUT [--set real|templates|walls|opencv | --key KEY.json]
                                [--width 40] [--seed 0] [--against DIR]
    python -m bench.photos score OUT

A held-out set of real photographs that ship in packages (``PHOTOS``: scikit-image's and
scikit-learn's sample photos, Debian's MATE nature wallpapers): a pagoda, a motorcycle, coins,
flowers, a ladybird, a landscape. They are used to *test* only, never to train or tune
(licences: scikit-image's data README, scikit-learn's ``images/README.txt``, MATE's CC-BY-SA
and GPL wallpapers). Five of them (coins, moon, motorcycle, china, flower) are among the
subject finder's training *grounds* (``bench.world.photo_backgrounds``): it saw them as
ground, never as subjects.

``--set templates`` is a second source: Tux Paint's template photographs (a cliff, a
jellyfish, a lighthouse, sheep in a field, a mill's gears, bark, rocks, waves, trees; Tux
Paint's licence, GPL 2), held out until its first round (2026-12-06).

``--set walls`` is a third source, held out until its first round (2026-12-06, sixteenth
session): the photographs among Debian's ``lomiri-wallpapers-16.04``/``-20.04`` and
``plasma-workspace-wallpapers`` (CC-BY-4.0, CC-BY-SA-4.0 and LGPL, each file's licence in the
package's ``copyright``; ``apt-get install`` them first): a bird on a trunk, a fig in a bowl,
brushes, a dog, a clock, boats, a kite, a leaf, mountains, a forest path. The abstract ones
are left out. Test only, never trained or tuned on.

``--set opencv`` is a fourth source, held out until its first round (2026-12-07, twenty-second
session): the photographs among OpenCV's sample data, as Debian's ``opencv-doc`` ships them
(``apt-get install opencv-doc``; OpenCV's licence and each file's in the package's
``copyright``): an apple, a mandrill, a butterfly, a squirrel, a footballer, buildings, a
dog, fruit, a car. A helper who saw the pictures chose them (real photographs of something
nameable; renders, text, charts and calibration boards left out) and wrote their accepted
words; the developer saw neither the pictures nor the grids before they were named.

``--key KEY.json`` reads a set from a key file instead (a list of ``{"path", "words", "shows",
"kind"}``, as a helper who chose the photos writes it, so that the developer stays blind to
them; or ``"bundle"`` and ``"member"``, or ``"jigzo"``, in place of ``"path"``): ``score``
reads the words from the same file, and prints each kind's count too ("close-up", "thing on
ground", "scene"). ``bench/keys/gcompris.json`` is a fifth source, held out until its first
round (2026-12-07, twenty-third session): 30 photographs from Debian's ``gcompris-qt-data`` 3.1
(``apt-get install gcompris-qt-data``; inside its Qt resource bundles, read by ``bench.rcc``;
each photo's licence, from the package's ``copyright``, is in the key): 16 close-ups (mostly
animals), 10 things on a ground, 4 scenes, chosen and keyed by a helper.
``bench/keys/kde-jigzo.json`` is a sixth, held out until the same session's second round: 26
photographs from ``jigzo-data`` (inside its puzzle files, read by ``bench.jigzo``),
``kphotoalbum``'s demo album and ``palapeli-data`` (``apt-get install`` the three): 15
close-ups, 3 things on a ground, 8 scenes; one is CC-BY-NC-SA (each licence is in the key),
used to test only.

``sets`` makes every photo four ways at the width (nonogen in black and white and in 4
colours, through the ``nonogen`` program beside this Python; the naive reduction of both,
``bench/blind.py naive``: the floor to beat) and writes four blind sets (OUT/set0 ... set3),
each holding every photo once, the ways rotated so that no namer sees a photo twice, with
contact sheets (``bench/blind.py sheets``). ``--against DIR`` (a checkout of another commit)
adds two more ways, ``c4o`` and ``bwo``: the same makes by that checkout's code, and so six
sets. A helper who sees only one set's sheets names each grid into ``OUT/setK/answers.tsv``
(``NNN<TAB>name``). ``score`` scores the answers against each photo's accepted words (a name
counts when it holds one of them as a word of its own, ``named_by``) and prints, per way, how
many photos were named.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from bench.blind import naive, puzzles, sheets
from bench.jigzo import picture as jigzo_picture
from bench.rcc import members
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
    kind: str = ""
    """"close-up", "thing on ground" or "scene", where the set says."""


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
TUX = "/usr/share/tuxpaint/templates"
TEMPLATES = (
    Photo("t01", f"{TUX}/burnt_bark.jpg", "burnt bark", ("bark", "tree", "wood", "log", "trunk")),
    Photo("t02", f"{TUX}/cliff.jpg", "a cliff", ("cliff", "mountain", "rock", "hill", "peak")),
    Photo(
        "t03",
        f"{TUX}/corn_maze.jpg",
        "maize leaves",
        ("corn", "maize", "leaves", "leaf", "plant", "grass", "reed", "crop"),
    ),
    Photo("t04", f"{TUX}/jellyfish.jpg", "jellyfish", ("jellyfish", "jelly")),
    Photo("t05", f"{TUX}/lighthouse.jpg", "a lighthouse", ("lighthouse", "tower")),
    Photo(
        "t06",
        f"{TUX}/mossy_bark.jpg",
        "bark with lichen",
        ("bark", "tree", "wood", "trunk", "lichen", "moss"),
    ),
    Photo("t07", f"{TUX}/mossy_log.jpg", "a mossy log", ("log", "moss", "tree", "trunk", "wood")),
    Photo("t08", f"{TUX}/mudstone.jpg", "mudstone", ("rock", "stone", "mud")),
    Photo(
        "t09",
        f"{TUX}/ocean_splash.jpg",
        "sea foam",
        ("water", "wave", "foam", "sea", "ocean", "splash", "surf"),
    ),
    Photo("t10", f"{TUX}/ocean_waves.jpg", "a wave", ("wave", "sea", "ocean", "surf", "beach")),
    Photo("t11", f"{TUX}/redwoods_above.jpg", "redwoods", ("tree", "forest", "canopy", "woods")),
    Photo("t12", f"{TUX}/rocks.jpg", "pebbles", ("rock", "pebble", "stone")),
    Photo(
        "t13",
        f"{TUX}/sheep.jpg",
        "sheep in a field",
        ("sheep", "flock", "pasture", "field", "meadow"),
    ),
    Photo("t14", f"{TUX}/spiders_web.jpg", "a spider's web", ("web", "spider")),
    Photo("t15", f"{TUX}/sun_behind_clouds.jpg", "a cloud", ("cloud", "sky", "sun")),
    Photo(
        "t16",
        f"{TUX}/sun_behind_leaves.jpg",
        "leaves",
        ("leaf", "leaves", "branch", "tree", "plant"),
    ),
    Photo(
        "t17", f"{TUX}/trees_above.jpg", "treetops", ("tree", "forest", "canopy", "woods", "sky")
    ),
    Photo("t18", f"{TUX}/trees_at_dusk.jpg", "trees at dusk", ("tree", "branch", "sunset", "dusk")),
    Photo(
        "t19",
        f"{TUX}/wool_mill_machine.jpg",
        "a mill's gears",
        ("machine", "gear", "engine", "mill", "cog", "wheel"),
    ),
)
LOMIRI = "/usr/share/backgrounds"
PLASMA = "/usr/share/wallpapers"


def _plasma(name: str) -> str:
    """A Plasma wallpaper's 1920 x 1080 picture (ColorfulCups ships one size only)."""
    size = "2560x1600" if name == "ColorfulCups" else "1920x1080"
    return f"{PLASMA}/{name}/contents/images/{size}.jpg"


WALLPAPERS = (
    Photo(
        "w01",
        f"{LOMIRI}/Dragonfly_by_Bolly.jpg",
        "a dragonfly on a twig among leaves",
        ("dragonfly", "insect", "leaf", "leaves", "tree", "plant", "branch", "bush", "ivy"),
    ),
    Photo(
        "w02",
        f"{LOMIRI}/Kleiber_by_Lukas_Baubkus.jpg",
        "a nuthatch on a tree trunk",
        ("bird", "nuthatch", "tree", "trunk", "bark"),
    ),
    Photo(
        "w03",
        f"{LOMIRI}/Picture_0B_by_freespace.jpg",
        "a halved fig in a red bowl",
        ("fig", "fruit", "bowl", "dish", "plate"),
    ),
    Photo(
        "w04",
        f"{LOMIRI}/Picture_1A_by_freespace.jpg",
        "paint brushes",
        ("brush", "brushes", "paintbrush", "paint"),
    ),
    Photo(
        "w05",
        f"{LOMIRI}/Wine_by_Jakkub_Mede.jpg",
        "a drum on a beanbag, a table with wine",
        ("drum", "beanbag", "table", "wine", "bottle", "room", "chair", "cushion"),
    ),
    Photo(
        "w06",
        f"{LOMIRI}/aitzgorri_by_Aitzol_Berasategi.jpg",
        "mountains over a meadow",
        ("mountain", "hill", "landscape", "valley", "peak", "meadow"),
    ),
    Photo(
        "w07",
        f"{LOMIRI}/free_by_Peter_Nerlich.jpg",
        "a toy bird under lamps",
        ("bird", "lamp", "light"),
    ),
    Photo("w08", f"{LOMIRI}/friends_by_Aitzol_Berasategi.jpg", "a dog at a door", ("dog", "puppy")),
    Photo("w09", f"{LOMIRI}/greentock_by_Peter_Nerlich.jpg", "a clock's face", ("clock", "watch")),
    Photo(
        "w10",
        f"{LOMIRI}/life_by_Aitzol_Berasategi.jpg",
        "a stream in a forest",
        ("stream", "river", "creek", "waterfall", "forest", "brook", "woods"),
    ),
    Photo(
        "w11",
        f"{LOMIRI}/picosdeeuropa_by_Aitzol_Berasategi.jpg",
        "mountains",
        ("mountain", "peak", "hill", "landscape"),
    ),
    Photo(
        "w12",
        f"{LOMIRI}/seeding_by_Clements_Engelhardt.jpg",
        "dandelion clocks",
        ("dandelion", "flower", "seed"),
    ),
    Photo(
        "w13",
        f"{LOMIRI}/sunset_by_Aitzol_Berasategi.jpg",
        "the sun over hills",
        ("sun", "sunset", "sunrise"),
    ),
    Photo(
        "w14",
        _plasma("BytheWater"),
        "wooden boards by a lake",
        ("pier", "dock", "jetty", "boardwalk", "deck", "plank", "bench", "board", "table"),
    ),
    Photo("w15", _plasma("ColdRipple"), "a jetty in fog", ("pier", "dock", "jetty")),
    Photo("w16", _plasma("ColorfulCups"), "cups from above", ("cup", "glass", "bowl")),
    Photo(
        "w17",
        _plasma("EveningGlow"),
        "rowing boats on a lake",
        ("boat", "canoe", "rowboat", "kayak"),
    ),
    Photo("w18", _plasma("FallenLeaf"), "a fallen maple leaf", ("leaf", "leaves", "maple")),
    Photo("w19", _plasma("Kite"), "a kite in the sky", ("kite",)),
    Photo(
        "w20", _plasma("Path"), "a path in a forest", ("forest", "path", "tree", "woods", "trail")
    ),
)
OPENCV = "/usr/share/doc/opencv-doc/examples"
OPENCV_PHOTOS = (
    Photo(
        "o01",
        f"{OPENCV}/data/aero1.jpg",
        "an aerial view of a town with roads, buildings and a lake",
        ("city", "town", "aerial", "cityscape", "buildings", "suburb", "landscape"),
    ),  # scene
    Photo(
        "o02",
        f"{OPENCV}/data/aloeL.jpg",
        "an aloe plant in a terracotta pot before a patterned cloth",
        ("aloe", "plant", "succulent", "cactus", "agave", "houseplant"),
    ),  # close-up
    Photo("o03", f"{OPENCV}/data/apple.jpg", "a red apple", ("apple", "fruit")),  # close-up
    Photo(
        "o04",
        f"{OPENCV}/data/baboon.jpg",
        "the face of a mandrill",
        ("baboon", "mandrill", "monkey", "ape", "primate"),
    ),  # close-up
    Photo(
        "o05",
        f"{OPENCV}/data/basketball1.png",
        "two men tossing a basketball in an office hallway",
        ("basketball", "ball", "men", "people", "guys", "players", "catch"),
    ),  # scene
    Photo(
        "o06",
        f"{OPENCV}/data/blox.jpg",
        "toy blocks of various shapes on a table",
        ("blocks", "block", "cubes", "bricks", "shapes", "toys"),
    ),  # scene
    Photo(
        "o07",
        f"{OPENCV}/data/board.jpg",
        "a green electronic circuit board with chips",
        (
            "circuit",
            "circuitboard",
            "board",
            "motherboard",
            "pcb",
            "electronics",
            "chip",
            "soundcard",
        ),
    ),  # close-up
    Photo(
        "o08",
        f"{OPENCV}/data/box_in_scene.png",
        "food boxes and a book in a plastic bag on a chair",
        ("box", "boxes", "package", "packages", "packaging", "groceries", "cartons", "book"),
    ),  # scene
    Photo(
        "o09",
        f"{OPENCV}/data/building.jpg",
        "a modern apartment or hotel building",
        ("building", "apartment", "apartments", "hotel", "office", "architecture", "facade"),
    ),  # close-up
    Photo(
        "o10",
        f"{OPENCV}/data/butterfly.jpg",
        "a black and white swallowtail butterfly on a leaf",
        ("butterfly", "swallowtail", "moth", "insect"),
    ),  # close-up
    Photo(
        "o11",
        f"{OPENCV}/data/chicky_512.png",
        "a small furry dog with its tongue out",
        ("dog", "puppy", "pekingese", "pug", "canine", "pet", "doggy", "doggie"),
    ),  # close-up
    Photo(
        "o12",
        f"{OPENCV}/data/ela_original.jpg",
        "a black notebook with a green elastic band",
        ("notebook", "book", "journal", "diary", "moleskine", "notepad"),
    ),  # close-up
    Photo(
        "o13",
        f"{OPENCV}/data/fruits.jpg",
        "cut orange, lemon, kiwi, lime, banana and cabbage",
        ("fruit", "fruits", "orange", "oranges", "citrus", "lemon", "kiwi", "lime"),
    ),  # scene
    Photo(
        "o14",
        f"{OPENCV}/data/graf1.png",
        "a colorful graffiti mural on a wall",
        ("graffiti", "mural", "streetart", "wall", "art", "spraypaint"),
    ),  # close-up
    Photo(
        "o15",
        f"{OPENCV}/data/home.jpg",
        "an ornate yellow palace building with birds in a blue sky",
        ("building", "palace", "mosque", "temple", "tower", "architecture", "minaret"),
    ),  # close-up
    Photo(
        "o16",
        f"{OPENCV}/data/left.jpg",
        "two books standing on a floor",
        ("books", "book", "textbook", "textbooks"),
    ),  # thing on ground
    Photo(
        "o17",
        f"{OPENCV}/data/leuvenA.jpg",
        "a cobblestone street between old brick houses",
        ("street", "houses", "buildings", "town", "village", "alley", "lane", "cobblestone"),
    ),  # scene
    Photo(
        "o18",
        f"{OPENCV}/data/licenseplate_motion.jpg",
        "the motion-blurred back of a silver car",
        ("car", "sedan", "vehicle", "automobile", "auto", "honda"),
    ),  # close-up
    Photo(
        "o19",
        f"{OPENCV}/data/messi5.jpg",
        "a soccer player kicking a ball in a stadium",
        ("soccer", "football", "footballer", "player", "messi", "athlete"),
    ),  # thing on ground
    Photo(
        "o20",
        f"{OPENCV}/data/orange.jpg",
        "an orange",
        ("orange", "citrus", "fruit", "tangerine", "mandarin"),
    ),  # close-up
    Photo(
        "o21",
        f"{OPENCV}/alphamat/input_images/plant.jpg",
        "a green potted plant with a clothespin",
        ("plant", "houseplant", "pot", "flowerpot", "potted", "fern", "grass", "bamboo"),
    ),  # close-up
    Photo(
        "o22",
        f"{OPENCV}/data/rubberwhale1.png",
        "toys, a rubber whale, shells and blocks on cloth",
        ("toys", "toy", "whale", "rubber", "shells", "blocks"),
    ),  # scene
    Photo(
        "o23",
        f"{OPENCV}/data/smarties.png",
        "colorful round candies on white",
        ("candy", "candies", "sweets", "smarties", "chocolate", "chocolates", "gumballs", "m&ms"),
    ),  # scene
    Photo(
        "o24", f"{OPENCV}/data/squirrel_cls.jpg", "a squirrel on a branch", ("squirrel", "rodent")
    ),  # thing on ground
    Photo(
        "o25",
        f"{OPENCV}/data/stuff.jpg",
        "a pencil, lighter, coin, ball and cap on a table",
        ("pencil", "lighter", "coin", "ball", "cap", "desk", "table"),
    ),  # scene
)
SETS = {"real": PHOTOS, "templates": TEMPLATES, "walls": WALLPAPERS, "opencv": OPENCV_PHOTOS}
"""The photo sets, by name."""
WAYS = ("c4", "bw", "n4", "n1")
"""nonogen in 4 colours and in black and white, the naive reduction of each."""
OTHER_WAYS = ("c4o", "bwo")
"""With ``--against``: the other checkout's nonogen in 4 colours and in black and white."""
LABELS = {
    "c4": "nonogen, 4 colours",
    "bw": "nonogen, black and white",
    "n4": "naive, 4 colours",
    "n1": "naive, black and white",
    "c4o": "the other checkout, 4 colours",
    "bwo": "the other checkout, black and white",
}


def keyed(key: Path, out: Path | None = None) -> tuple[Photo, ...]:
    """The photos of a key file (``--key``), named k01, k02, ... in its order. An entry gives
    its file's ``path``; or a ``bundle`` (a Qt resource bundle a package installed) and the
    ``member`` inside it (``bench.rcc``), or a Jigzo puzzle file (``jigzo``, ``bench.jigzo``),
    whose picture is written under ``out/extracted``."""
    entries = json.loads(key.read_text(encoding="utf-8"))
    bundles: dict[str, dict[str, bytes]] = {}
    photos = []
    for i, entry in enumerate(entries, start=1):
        where = str(entry.get("path", ""))
        if not where and out is not None:
            where = str(entry.get("jigzo") or entry["bundle"])  # not installed: left out
            packed = _unpacked(entry, bundles)
            if packed is not None:
                blob, suffix = packed
                target = out / "extracted" / f"k{i:02d}{suffix}"
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(blob)
                where = str(target.resolve())
        words = tuple(str(word).lower() for word in entry["words"])
        photos.append(
            Photo(f"k{i:02d}", where, str(entry.get("shows", "")), words, entry.get("kind", ""))
        )
    return tuple(photos)


def _unpacked(
    entry: dict[str, str], bundles: dict[str, dict[str, bytes]]
) -> tuple[bytes, str] | None:
    """A packed photo's bytes and file suffix (a Jigzo puzzle's picture as PNG, a bundle's
    member as it is, each bundle read once into ``bundles``); None when its package is not
    installed."""
    if "jigzo" in entry:
        puzzle = Path(entry["jigzo"])
        if not puzzle.is_file():
            return None
        buffer = io.BytesIO()
        jigzo_picture(puzzle).save(buffer, "PNG")
        return buffer.getvalue(), ".png"
    bundle = Path(entry["bundle"])
    if not bundle.is_file():
        return None
    if entry["bundle"] not in bundles:
        bundles[entry["bundle"]] = members(bundle.read_bytes())
    return bundles[entry["bundle"]][entry["member"]], Path(entry["member"]).suffix


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


def make_sets(
    out: Path,
    width: int,
    seed: int,
    chosen: str = "real",
    against: Path | None = None,
    *,
    key: Path | None = None,
) -> None:
    """Every photo of the set ``chosen`` (or of the ``key`` file) made four ways (six with
    ``against``), then as many rotated blind sets with their sheets; ``OUT/photos.json``
    records the set and the ways."""
    pictures = out / "pictures"
    pictures.mkdir(parents=True, exist_ok=True)
    ways = WAYS + (OTHER_WAYS if against is not None else ())
    manifest: dict[str, object] = {"set": chosen, "ways": list(ways)}
    if key is not None:
        manifest["key"] = str(key.resolve())
    (out / "photos.json").write_text(json.dumps(manifest), encoding="utf-8")
    found = []
    for photo in SETS[chosen] if key is None else keyed(key, out):
        path = located(photo)
        if path is None:
            print(f"note: {photo.where} is not here; {photo.name} is left out", file=sys.stderr)
            continue
        copy = pictures / f"{photo.name}{path.suffix}"
        shutil.copyfile(path, copy)
        found.append((photo, copy))
    makers: list[tuple[str, list[str], Path | None]] = [
        ("c4", ["--colors", "4"], None),
        ("bw", [], None),
    ]
    if against is not None:
        makers += [("c4o", ["--colors", "4"], against), ("bwo", [], against)]
    refused: dict[str, list[str]] = {}
    for way, colours, root in makers:
        (out / way).mkdir(exist_ok=True)
        for photo, copy in found:
            target = out / way / f"{photo.name}.json"
            args = ["make", str(copy.resolve()), "--width", str(width), *colours]
            args += ["-o", str(target.resolve()), "--seed", str(seed)]
            said = _make(args, root)
            if said is not None:
                print(f"note: {photo.name} ({way}) was refused: {said}", file=sys.stderr)
                refused.setdefault(photo.name, []).append(way)
    # A photo a make refused (no subject found) has no grid to name in that way: it is left
    # out of every set, and counted as not named in each way that refused it (``score``).
    found = [(photo, copy) for photo, copy in found if photo.name not in refused]
    manifest["refused"] = refused
    (out / "photos.json").write_text(json.dumps(manifest), encoding="utf-8")
    for way, count in (("n4", 4), ("n1", 1)):
        (out / way).mkdir(exist_ok=True)
        for photo, copy in found:
            record = naive(copy, width, count, seed)
            (out / way / f"{photo.name}.json").write_text(json.dumps(record), encoding="utf-8")
    for k in range(len(ways)):
        files = [
            out / ways[(i + k) % len(ways)] / f"{photo.name}.json"
            for i, (photo, _) in enumerate(found)
        ]
        write_blind(out / f"set{k}", puzzles(files, None), seed=seed + 11 + k)
        sheets(out / f"set{k}")


def named_by(answer: str, words: tuple[str, ...]) -> bool:
    """Whether the answer holds one of the words as a word of its own, or its plural ("trees"
    for "tree", not "surface" for "surf")."""
    return any(re.search(rf"\b{re.escape(word)}(s|es)?\b", answer.lower()) for word in words)


def _make(args: list[str], root: Path | None) -> str | None:
    """One ``nonogen`` run (this Python's, or the code of the checkout ``root``): None when
    it made the puzzle, what it said when it refused the picture (exit 3, bad data)."""
    if root is None:
        program = Path(sys.executable).with_name("nonogen")
        command = [str(program)] if program.is_file() else [sys.executable, "-m", "nonogen"]
        done = subprocess.run([*command, *args], check=False, capture_output=True, text=True)
    else:
        env = dict(os.environ, PYTHONPATH=str(root.resolve()))
        command = [sys.executable, "-m", "nonogen", *args]
        done = subprocess.run(
            command, check=False, capture_output=True, text=True, env=env, cwd=root
        )
    if done.returncode == 3:
        return done.stderr.strip().splitlines()[-1]
    done.check_returncode()
    return None


def score(out: Path, kind: str | None = None) -> dict[str, tuple[int, int]]:
    """Per way: photos named and photos shown, from every set's answers and key (of the photos
    of one ``kind`` only, when given)."""
    manifest_file = out / "photos.json"
    manifest = json.loads(manifest_file.read_text()) if manifest_file.is_file() else {}
    chosen, ways = manifest.get("set", "real"), manifest.get("ways", list(WAYS))
    photos = keyed(Path(manifest["key"])) if "key" in manifest else SETS[chosen]
    words = {photo.name: photo.words for photo in photos if kind is None or photo.kind == kind}
    named = {way: [0, 0] for way in ways}
    for name, refused_ways in manifest.get("refused", {}).items():
        for way in refused_ways if name in words else ():
            named[way][1] += 1  # refused: shown to no one, named by no one
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
                if name not in words:
                    continue
                answer = answers.get(number, "").lower()
                named[way][1] += 1
                named[way][0] += named_by(answer, words[name])
    return {way: (hits, shown) for way, (hits, shown) in named.items()}


def main() -> None:
    """Make the sets, or score the answers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    made = commands.add_parser("sets")
    made.add_argument("out", type=Path)
    made.add_argument("--width", type=int, default=40)
    made.add_argument("--seed", type=int, default=0)
    made.add_argument("--set", choices=sorted(SETS), default="real", help="Which photos.")
    made.add_argument("--against", type=Path, default=None, help="Another checkout.")
    made.add_argument("--key", type=Path, default=None, help="A key file's photos instead.")
    scored = commands.add_parser("score")
    scored.add_argument("out", type=Path)
    args = parser.parse_args()
    if args.command == "sets":
        make_sets(args.out, args.width, args.seed, args.set, args.against, key=args.key)
        return
    for way, (hits, shown) in score(args.out).items():
        print(f"{LABELS[way]:<36} {hits} of {shown} named")
    manifest = json.loads((args.out / "photos.json").read_text())
    if "key" in manifest:
        for kind in dict.fromkeys(photo.kind for photo in keyed(Path(manifest["key"]))):
            if not kind:
                continue  # a photo of no kind counts in the totals only
            print(f"{kind}:")
            for way, (hits, shown) in score(args.out, kind).items():
                print(f"  {LABELS[way]:<34} {hits} of {shown} named")
    for name, ways in sorted(manifest.get("refused", {}).items()):
        print(f"refused: {name} ({', '.join(LABELS[way] for way in ways)})")


if __name__ == "__main__":
    main()
