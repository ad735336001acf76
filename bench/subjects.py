"""Subjects on grounds, for training the subject finder and for testing it on a held-out source.

    python -m bench.subjects bench OUT --source clipart [--count 40] [--seed 1] [--close]

Three *sources* of cut-outs with alpha, each a different way of drawing things:

* ``emoji``: Noto Colour Emoji (SIL OFL 1.1 / Apache-2.0), rendered by Pillow;
* ``stamps``: Tux Paint's food, plants, household, vehicles, clothes, hobbies, sports and
  seasonal stamps (GPL-2: used to *test* and in the hold-out runs, never in shipped weights);
* ``clipart``: openclipart's computer, office, electronics, tools, containers, education,
  science, recreation, decorations, special and unsorted categories (public domain).

Grounds are split too. Training grounds (``TRAIN_PHOTOS``) are the photographs and textures that
ship with scikit-image and scikit-learn (public domain, CC0 or CC-BY), plus made grounds;
test grounds are Debian's ukui and MATE wallpapers (CC-BY-SA, GPL: never trained on), plus made
grounds. So a test picture shares neither its subject's source nor its photograph with
training.

A scene is hard on purpose: one to three subjects (all of them the subject), a second thing
partly off the frame and clutter in the ground (both ground), blended, blurred and shadowed
edges, depth of field, subjects that touch or cross the frame, line drawings on paper, light
and colour changes, noise and JPEG. ``bench`` writes pictures, true masks and a ``bench.tsv``
that ``nonogen report`` scores (picture, mask, kind, what, subject, ground); ``pool`` (used by
``bench/train_subject.py``) returns arrays at the network's size. Same seed, same scenes.
"""

from __future__ import annotations

import argparse
import io
import itertools
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageEnhance, ImageFilter

from bench.world import (
    EMOJI_FONT,
    Subject,
    drawing,
    frame_size,
    paper,
    render_emoji,
    stamp_subjects,
    synthetic,
)
from bench.world import emoji_subjects as world_emoji

CLIPART = Path("/usr/share/openclipart/png")
CLIPART_CATEGORIES = (
    "computer",
    "office",
    "electronics",
    "tools",
    "containers",
    "education",
    "science",
    "recreation",
    "decorations",
    "special",
    "unsorted",
)
EMOJI_RANGES = (
    (0x1F300, 0x1F5FF),
    (0x1F680, 0x1F6FF),
    (0x1F900, 0x1F9FF),
    (0x1FA70, 0x1FAFF),
)
"""Pictographs, transport, supplemental and extended pictographs (faces and hands included)."""
TRAIN_PHOTOS = (
    "astronaut",
    "brick",
    "camera",
    "chelsea",
    "coffee",
    "coins",
    "grass",
    "gravel",
    "hubble_deep_field",
    "moon",
    "rocket",
    "motorcycle_left",
)
"""scikit-image's photographs and textures (public domain or CC0), with scikit-learn's two
photos (CC-BY 2.0)."""
TEST_PHOTOS = Path("/usr/share/backgrounds")
DEBIAN = (
    "apt-get install fonts-noto-color-emoji tuxpaint-stamps-default openclipart-png "
    "ukui-wallpapers mate-backgrounds"
)
MAX_SIDE = 320
"""Cut-outs are loaded no larger than this (the training frames are smaller)."""

RGBA = Image.Image
Mask = npt.NDArray[np.bool_]


def emoji_subjects() -> list[Subject]:
    """Every emoji of EMOJI_RANGES that Unicode names."""
    return world_emoji(EMOJI_RANGES)


def clipart_subjects() -> list[Subject]:
    """openclipart's pictures of the chosen categories."""
    found = []
    for category in CLIPART_CATEGORIES:
        for path in sorted((CLIPART / category).rglob("*.png")):
            name = path.stem.replace("_", " ").rstrip("0123456789 ")
            found.append(Subject(name, str(path)))
    return found


SOURCES: dict[str, Callable[[], list[Subject]]] = {
    "emoji": emoji_subjects,
    "stamps": stamp_subjects,
    "clipart": clipart_subjects,
}


def load(subject: Subject, *, max_side: int = MAX_SIDE) -> RGBA | None:
    """The cut-out as RGBA cropped to its alpha and at most ``max_side``; None when it has
    no usable alpha (an opaque rectangle, next to nothing) or does not render."""
    try:
        if subject.path.startswith("emoji:"):
            image = render_emoji(subject.path)
        else:
            image = Image.open(subject.path)
            image.draft("RGBA", (max_side, max_side))
            image = image.convert("RGBA")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    box = image.getbbox()
    if box is None:
        return None
    image = image.crop(box)
    alpha = np.asarray(image.getchannel("A"))
    if alpha.min() > 200 or (alpha > 128).mean() < 0.05 or min(image.size) < 6:
        return None
    image.thumbnail((max_side, max_side), Image.Resampling.LANCZOS)
    return image


@dataclass(frozen=True)
class Grounds:
    """The photographs a scene's ground may be cut from."""

    photos: tuple[Image.Image, ...]
    names: tuple[str, ...]


def grounds(kind: str, *, max_side: int = 1400) -> Grounds:
    """The training or test photographs, loaded once (at most ``max_side``)."""
    paths: list[tuple[str, Path]] = []
    if kind == "train":
        import skimage.data  # noqa: PLC0415

        data = Path(skimage.data.__file__).parent
        for name in TRAIN_PHOTOS:
            paths += [(name, p) for p in sorted(data.glob(f"{name}.*")) if p.suffix != ".npz"]
        try:
            import sklearn.datasets  # noqa: PLC0415

            images = Path(sklearn.datasets.__file__).parent / "images"
            paths += [(p.stem, p) for p in sorted(images.glob("*.jpg"))]
        except ImportError:
            print("note: scikit-learn not installed; its two photos are not used", file=sys.stderr)
    else:
        for path in sorted(TEST_PHOTOS.rglob("*")):
            if path.suffix.lower() in (".jpg", ".png"):
                paths.append((f"wall-{path.stem}", path))
    photos = []
    for _, path in paths:
        opened = Image.open(path)
        opened.draft("RGB", (max_side, max_side))
        photo = opened.convert("RGB")
        photo.thumbnail((max_side, max_side))
        photos.append(photo)
    return Grounds(tuple(photos), tuple(name for name, _ in paths))


def photo_crop(ground: Grounds, size: tuple[int, int], rng: np.random.Generator) -> Image.Image:
    """A random crop of a random photo, flipped and recoloured at random."""
    photo = ground.photos[int(rng.integers(len(ground.photos)))]
    width, height = size
    scale = max(width / photo.width, height / photo.height) * rng.uniform(1.0, 2.0)
    resized = photo.resize(
        (max(width, round(photo.width * scale)), max(height, round(photo.height * scale))),
        Image.Resampling.BILINEAR,
    )
    left = int(rng.integers(0, resized.width - width + 1))
    top = int(rng.integers(0, resized.height - height + 1))
    crop = resized.crop((left, top, left + width, top + height))
    if rng.uniform() < 0.5:
        crop = crop.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    return recolour(crop, rng, strength=0.35)


def recolour(image: Image.Image, rng: np.random.Generator, *, strength: float) -> Image.Image:
    """Brightness, contrast, saturation and a hue turn, each by up to ``strength``."""
    rgb = image.convert("RGB")
    for enhancer in (ImageEnhance.Brightness, ImageEnhance.Contrast, ImageEnhance.Color):
        rgb = enhancer(rgb).enhance(float(rng.uniform(1 - strength, 1 + strength)))
    if rng.uniform() < 0.3:
        hsv = np.asarray(rgb.convert("HSV")).copy()
        hsv[:, :, 0] = (hsv[:, :, 0].astype(np.int16) + int(rng.integers(0, 256))) % 256
        rgb = Image.fromarray(hsv, "HSV").convert("RGB")
    if image.mode == "RGBA":
        rgb = rgb.convert("RGBA")
        rgb.putalpha(image.getchannel("A"))
    return rgb


def plain(size: tuple[int, int], rng: np.random.Generator) -> Image.Image:
    """White, paper or a light or dark tint: a publisher's clip art ground."""
    if rng.uniform() < 0.5:
        return paper(size, rng)
    colour = tuple(int(v) for v in rng.uniform(0, 255, 3))
    return Image.new("RGB", size, colour)


def ground_for(
    ground: Grounds, cutouts: list[Subject], size: tuple[int, int], rng: np.random.Generator
) -> tuple[str, Image.Image]:
    """A scene's ground: a photo, a busy photo with things of its own, a made ground or a
    plain one; blurred at random (depth of field)."""
    draw = rng.uniform()
    if draw < 0.45:
        name, image = "photo", photo_crop(ground, size, rng)
    elif draw < 0.6:
        name, image = "busy", photo_crop(ground, size, rng)
        for _ in range(int(rng.integers(2, 6))):
            image = paste_clutter(image, cutouts, rng, share=(0.1, 0.3))
    elif draw < 0.75:
        kind = ("gradient", "noise", "checker", "stripes")[int(rng.integers(4))]
        name, image = kind, synthetic(kind, size, rng)
    else:
        name, image = "plain", plain(size, rng)
    if name != "plain" and rng.uniform() < 0.5:
        radius = float(rng.uniform(1.0, 6.0)) * max(size) / 640
        image = image.filter(ImageFilter.GaussianBlur(radius))
        name += " blurred"
    return name, image


def paste_clutter(
    image: Image.Image,
    cutouts: list[Subject],
    rng: np.random.Generator,
    *,
    share: tuple[float, float],
) -> Image.Image:
    """A random cut-out pasted anywhere on the image, a ``share`` of its short side: ground."""
    thing = load(cutouts[int(rng.integers(len(cutouts)))], max_side=160)
    if thing is None:
        return image
    side = rng.uniform(*share) * min(image.size)
    scale = side / max(thing.size)
    thing = thing.resize((max(4, round(thing.width * scale)), max(4, round(thing.height * scale))))
    thing = recolour(thing, rng, strength=0.3)
    left = int(rng.integers(-thing.width // 2, image.width - thing.width // 2))
    top = int(rng.integers(-thing.height // 2, image.height - thing.height // 2))
    out = image.copy()
    out.paste(thing.convert("RGB"), (left, top), thing.getchannel("A"))
    return out


def slots(count: int, rng: np.random.Generator) -> list[tuple[float, float, float, float]]:
    """Where ``count`` subjects go, as (left, top, right, bottom) fractions of the frame."""
    if count == 1:
        return [(0.0, 0.0, 1.0, 1.0)]
    if rng.uniform() < 0.5:  # side by side
        cuts = np.linspace(0, 1, count + 1)
        return [(float(a), 0.0, float(b), 1.0) for a, b in itertools.pairwise(cuts)]
    cuts = np.linspace(0, 1, count + 1)
    return [(0.0, float(a), 1.0, float(b)) for a, b in itertools.pairwise(cuts)]


def place(
    picture: Image.Image,
    mask: Image.Image,
    thing: RGBA,
    slot: tuple[float, float, float, float],
    rng: np.random.Generator,
    *,
    cross: bool,
) -> list[str]:
    """Paste one subject into its slot of the picture and its mask (in place); notes."""
    notes = []
    width, height = picture.size
    left, top, right, bottom = slot
    box_w, box_h = (right - left) * width, (bottom - top) * height
    fill = rng.uniform(0.35, 0.95) * (1.35 if cross else 1.0)
    scale = fill * min(box_w / thing.width, box_h / thing.height)
    size = (max(6, round(thing.width * scale)), max(6, round(thing.height * scale)))
    thing = thing.resize(size, Image.Resampling.LANCZOS)
    spread_x, spread_y = box_w - size[0], box_h - size[1]
    x = left * width + spread_x / 2 + rng.normal(0, abs(spread_x) / 6 + 1)
    y = top * height + spread_y / 2 + rng.normal(0, abs(spread_y) / 6 + 1)
    if cross:  # push it over the nearest frame edge
        side = int(rng.integers(4))
        overhang = rng.uniform(0.1, 0.35)
        if side == 0:
            x = -overhang * size[0]
        elif side == 1:
            x = width - (1 - overhang) * size[0]
        elif side == 2:
            y = -overhang * size[1]
        else:
            y = height - (1 - overhang) * size[1]
        notes.append("crosses the frame")
    elif spread_x >= 0 and spread_y >= 0:
        x = float(np.clip(x, left * width, left * width + spread_x))
        y = float(np.clip(y, top * height, top * height + spread_y))
    at = (round(x), round(y))
    alpha = thing.getchannel("A")
    if rng.uniform() < 0.35:  # a drop shadow
        shift = max(2, round(0.05 * size[0]))
        shadow = Image.new("L", picture.size, 0)
        shadow.paste(alpha, (at[0] + shift, at[1] + shift))
        shadow = shadow.filter(ImageFilter.GaussianBlur(shift))
        dark = Image.eval(picture, lambda v: int(v * 0.45))
        picture.paste(Image.composite(dark, picture, shadow.point(lambda v: int(v * 0.7))))
        notes.append("shadow")
    soft = alpha
    if rng.uniform() < 0.4:  # a blended edge
        soft = alpha.filter(ImageFilter.GaussianBlur(float(rng.uniform(0.6, 2.0))))
        notes.append("soft edge")
    picture.paste(thing.convert("RGB"), at, soft)
    mask.paste(255, at, alpha.point(lambda v: 255 if v >= 128 else 0))
    return notes


def scene(
    cutouts: list[Subject],
    ground: Grounds,
    size: tuple[int, int],
    rng: np.random.Generator,
) -> tuple[Image.Image, Mask, list[Subject], str]:
    """A picture of one to three subjects, its true mask, the subjects and what was done."""
    count = 1 if rng.uniform() < 0.78 else 2 if rng.uniform() < 0.7 else 3
    things: list[tuple[Subject, RGBA]] = []
    while len(things) < count:
        subject = cutouts[int(rng.integers(len(cutouts)))]
        image = load(subject)
        if image is not None:
            things.append((subject, recolour(image, rng, strength=0.25)))
    drawn = rng.uniform() < 0.1
    if drawn:
        name, picture = "paper", paper(size, rng)
    else:
        name, picture = ground_for(ground, cutouts, size, rng)
    notes = [name]
    if not drawn and rng.uniform() < 0.2:  # a second thing partly off the frame: ground
        picture = off_frame(picture, cutouts, rng)
        notes.append("thing off the frame")
    mask = Image.new("L", size, 0)
    for (_, image), slot in zip(things, slots(count, rng), strict=True):
        thing = image
        if drawn:
            scale = 0.8 * min(size) / max(image.size)
            if scale > 1.0:
                thing = image.resize((round(image.width * scale), round(image.height * scale)))
            thing = drawing(thing, rng)
        notes += place(picture, mask, thing, slot, rng, cross=rng.uniform() < 0.12)
    picture = finish(picture, rng, notes)
    return picture, np.asarray(mask) >= 128, [s for s, _ in things], ", ".join(notes)


CLOSE_FILL = (0.95, 1.4)
"""A close-up's subject fills this share of the frame (its box against the frame's tighter
side): it fills the frame and is cut by it, as a cat's face or a house in a photo."""


def close_scene(
    cutouts: list[Subject],
    ground: Grounds,
    size: tuple[int, int],
    rng: np.random.Generator,
) -> tuple[Image.Image, Mask, list[Subject], str]:
    """A close-up: one subject filling CLOSE_FILL of the frame on a photograph (blurred,
    mostly, as a lens blurs what is behind the thing), its true mask and what was done."""
    image = None
    while image is None:
        subject = cutouts[int(rng.integers(len(cutouts)))]
        image = load(subject, max_side=1400)
    thing = recolour(image, rng, strength=0.25)
    picture = photo_crop(ground, size, rng)
    notes = ["photo"]
    if rng.uniform() < 0.75:
        radius = float(rng.uniform(2.0, 10.0)) * max(size) / 640
        picture = picture.filter(ImageFilter.GaussianBlur(radius))
        notes.append("blurred ground")
    width, height = size
    fill = rng.uniform(*CLOSE_FILL)
    scale = fill * min(width / thing.width, height / thing.height)
    thing = thing.resize(
        (max(6, round(thing.width * scale)), max(6, round(thing.height * scale))),
        Image.Resampling.LANCZOS,
    )
    x = (width - thing.width) / 2 + rng.normal(0, 0.08 * width)
    y = (height - thing.height) / 2 + rng.normal(0, 0.08 * height)
    at = (round(x), round(y))
    alpha = thing.getchannel("A")
    picture.paste(thing.convert("RGB"), at, alpha)
    mask = Image.new("L", size, 0)
    mask.paste(alpha, at)
    notes.append(f"fills {fill:.0%}")
    picture = finish(picture, rng, notes)
    return picture, np.asarray(mask) >= 128, [subject], ", ".join(notes)


def off_frame(
    picture: Image.Image, cutouts: list[Subject], rng: np.random.Generator
) -> Image.Image:
    """A cut-out half off one side of the frame (a second thing that is not the subject)."""
    thing = load(cutouts[int(rng.integers(len(cutouts)))], max_side=200)
    if thing is None:
        return picture
    side = rng.uniform(0.3, 0.6) * min(picture.size)
    scale = side / max(thing.size)
    thing = thing.resize((max(4, round(thing.width * scale)), max(4, round(thing.height * scale))))
    width, height = picture.size
    edge = int(rng.integers(4))
    inside = rng.uniform(0.3, 0.6)
    if edge == 0:
        at = (
            round(-thing.width * (1 - inside)),
            int(rng.integers(0, max(1, height - thing.height))),
        )
    elif edge == 1:
        at = (
            round(width - thing.width * inside),
            int(rng.integers(0, max(1, height - thing.height))),
        )
    elif edge == 2:
        at = (
            int(rng.integers(0, max(1, width - thing.width))),
            round(-thing.height * (1 - inside)),
        )
    else:
        at = (
            int(rng.integers(0, max(1, width - thing.width))),
            round(height - thing.height * inside),
        )
    out = picture.copy()
    out.paste(thing.convert("RGB"), at, thing.getchannel("A"))
    return out


def finish(picture: Image.Image, rng: np.random.Generator, notes: list[str]) -> Image.Image:
    """The whole picture's light, colour, focus and noise changed a little, at random."""
    if rng.uniform() < 0.5:
        picture = recolour(picture, rng, strength=0.2)
    if rng.uniform() < 0.2:
        picture = picture.filter(ImageFilter.GaussianBlur(float(rng.uniform(0.5, 1.5))))
        notes.append("soft focus")
    if rng.uniform() < 0.3:
        rgb = np.asarray(picture, dtype=np.float64)
        rgb = rgb + rng.normal(0, rng.uniform(2, 10), rgb.shape)
        picture = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8))
        notes.append("noise")
    return picture


def jpeg(picture: Image.Image, rng: np.random.Generator) -> bytes | None:
    """The picture as JPEG bytes at a random quality, or None (kept lossless), at random."""
    if rng.uniform() >= 0.6:
        return None
    buffer = io.BytesIO()
    picture.save(buffer, "JPEG", quality=int(rng.integers(40, 92)))
    return buffer.getvalue()


def pool(
    source: str, count: int, *, seed: int, side: int = 128, out_side: int = 64, kind: str = "train"
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """``count`` scenes of a source at the network's size: pictures ``(n, side, side, 3)`` and
    masks ``(n, out_side, out_side)`` (the share of each pixel that is subject, 0-255)."""
    rng = np.random.default_rng([seed, sum(map(ord, source)), len(source)])
    cutouts = SOURCES[source]()
    ground = grounds(kind)
    pictures = np.zeros((count, side, side, 3), np.uint8)
    masks = np.zeros((count, out_side, out_side), np.uint8)
    for i in range(count):
        long_side = int(rng.integers(160, 360))
        aspect = (1.0, 4 / 3, 3 / 4, 16 / 9, 3 / 2, 2 / 3)[int(rng.integers(6))]
        size = (
            (long_side, round(long_side / aspect))
            if aspect >= 1
            else (round(long_side * aspect), long_side)
        )
        picture, mask, _, _ = scene(cutouts, ground, size, rng)
        data = jpeg(picture, rng)
        if data is not None:
            picture = Image.open(io.BytesIO(data)).convert("RGB")
        pictures[i] = np.asarray(picture.resize((side, side), Image.Resampling.BILINEAR))
        small = Image.fromarray(mask.astype(np.uint8) * 255).resize(
            (out_side, out_side), Image.Resampling.BOX
        )
        masks[i] = np.asarray(small)
    return pictures, masks


def bench(out: Path, source: str, count: int, seed: int, *, close: bool = False) -> None:
    """Write a benchmark of ``count`` test scenes of one source, as ``nonogen report`` reads
    (``close``: close-ups, ``close_scene``)."""
    folder, masks = out / "pictures", out / "masks"
    if folder.exists() and any(folder.iterdir()):
        sys.exit(f"{folder} is not empty: give a new folder")
    folder.mkdir(parents=True, exist_ok=True)
    masks.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, sum(map(ord, source)), int(close)])
    make_scene = close_scene if close else scene
    cutouts = SOURCES[source]()
    ground = grounds("test")
    rows = ["picture\tmask\tkind\twhat\tsubject\tground"]
    for i in range(1, count + 1):
        picture, mask, things, notes = make_scene(cutouts, ground, frame_size(rng), rng)
        stem = f"{source}{i:03d}"
        data = jpeg(picture, rng)
        name = f"{stem}.jpg" if data is not None else f"{stem}.png"
        if data is not None:
            (folder / name).write_bytes(data)
        else:
            picture.save(folder / name)
        Image.fromarray(mask.astype(np.uint8) * 255).save(masks / f"{stem}.png")
        kind = "stroke" if notes.startswith("paper") else "close" if close else source
        what = " and ".join(t.what for t in things)
        paths = " ".join(t.path for t in things)
        rows.append(f"{name}\t../masks/{stem}.png\t{kind}\t{what}\t{paths}\t{notes}")
    (folder / "bench.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    print(f"{folder}: {count} pictures of {source}", file=sys.stderr)


def main() -> None:
    """Write a held-out benchmark of one source."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    write = sub.add_parser("bench", help="write pictures, masks and bench.tsv of one source")
    write.add_argument("out", type=Path)
    write.add_argument("--source", choices=sorted(SOURCES), required=True)
    write.add_argument("--count", type=int, default=40)
    write.add_argument("--seed", type=int, default=1)
    write.add_argument(
        "--close", action="store_true", help="close-ups: one subject filling the frame"
    )
    args = parser.parse_args()
    if not EMOJI_FONT.is_file() or not CLIPART.is_dir() or not TEST_PHOTOS.is_dir():
        sys.exit(f"the subjects or grounds are missing: {DEBIAN}")
    bench(args.out, args.source, args.count, args.seed, close=args.close)


if __name__ == "__main__":
    main()
