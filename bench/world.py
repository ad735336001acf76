"""A benchmark that looks like the world: real subjects with true masks set on real photos.

    python bench/world.py OUT [--per-split 100] [--seed 1]

Subjects are Debian's ``tuxpaint-stamps-default`` stamps (food, plants, household, vehicles,
clothes, hobbies, sports and seasonal: many of them photographs, all with alpha) and the
pictures of ``fonts-noto-color-emoji``; backgrounds are photographs that ship in packages
(scikit-image's and scikit-learn's data, Debian's ukui and MATE wallpapers) plus
gradients, noise and patterns; one in eight is a line drawing of its subject on paper
(outline and inner edges in ink; the ink is the true mask). Each picture gets a random
frame, size and position, depth-of-field blur, a drop shadow, light-on-dark or busy ground
and JPEG compression. Subjects and backgrounds are split by a hash of their name, so the
``test`` split shares neither with ``dev``.

Nothing is copied into the repository: OUT gets ``dev/`` and ``test/`` folders, each with the
pictures and a ``bench.tsv``, and the true masks in ``dev-masks/`` and ``test-masks/`` (so that
``nonogen report OUT/test`` makes the pictures only). ``nonogen report`` scores by
``bench.tsv`` (picture, mask, kind, what: the subject's name, the key of a blind naming).
Same seed, same pictures.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

STAMPS = Path("/usr/share/tuxpaint/stamps")
CATEGORIES = ("food", "plants", "household", "vehicles", "clothes", "hobbies", "sports", "seasonal")
EMOJI_FONT = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
EMOJI_BLOCKS = ((0x1F330, 0x1F37F), (0x1F400, 0x1F4FF), (0x1F680, 0x1F6C5), (0x1F95D, 0x1F9AF))
"""Plants, food, animals, objects and vehicles; faces, hands and symbols are left out."""
PHOTO_DIRS = (Path("/usr/share/backgrounds"),)
DEBIAN = (
    "apt-get install tuxpaint-stamps-default fonts-noto-color-emoji ukui-wallpapers "
    "mate-backgrounds"
)


@dataclass(frozen=True)
class Subject:
    """A picture with alpha and what it shows."""

    name: str
    """What a person would call it (the key of a blind naming)."""
    path: str
    """The stamp file, or ``emoji:U+XXXX``."""
    about: str = ""
    """The stamp's own English description, when it has one."""

    @property
    def what(self) -> str:
        """Its name and description: the key a blind naming is scored against."""
        return f"{self.name}: {self.about}" if self.about else self.name


def split_of(name: str) -> str:
    """dev or test, from a hash of a name (stable across machines and runs)."""
    return "dev" if hashlib.sha1(name.encode()).digest()[0] % 2 == 0 else "test"


def stamp_subjects() -> list[Subject]:
    """The stamps of the chosen categories with real transparency."""
    found = []
    for category in CATEGORIES:
        for path in sorted((STAMPS / category).rglob("*.png")):
            if path.name.endswith("_mirror.png") or "_desc" in path.stem:
                continue
            name = path.stem.replace("_", " ").rstrip("0123456789 ")
            text = path.with_suffix(".txt")
            about = text.read_text(encoding="utf-8").splitlines()[0] if text.exists() else ""
            found.append(Subject(name, str(path), about.strip()))
    return found


def emoji_subjects(
    blocks: tuple[tuple[int, int], ...] = EMOJI_BLOCKS,
) -> list[Subject]:
    """Emoji pictures the colour font draws, of the Unicode ``blocks``, named by Unicode."""
    found = []
    for start, end in blocks:
        for code in range(start, end + 1):
            try:
                name = unicodedata.name(chr(code)).lower()
            except ValueError:
                continue
            found.append(Subject(name, f"emoji:{code:X}"))
    return found


def render_emoji(path: str) -> Image.Image:
    """The emoji of an ``emoji:XXXX`` path, drawn by the colour font on a clear square."""
    font = ImageFont.truetype(str(EMOJI_FONT), 109)
    image = Image.new("RGBA", (160, 160), (0, 0, 0, 0))
    ImageDraw.Draw(image).text((10, 10), chr(int(path[6:], 16)), font=font, embedded_color=True)
    return image


def load_subject(subject: Subject) -> Image.Image | None:
    """The subject as RGBA cropped to its alpha, or None when it has no usable alpha."""
    if subject.path.startswith("emoji:"):
        image = render_emoji(subject.path)
    else:
        image = Image.open(subject.path).convert("RGBA")
    alpha = np.asarray(image)[:, :, 3]
    if alpha.min() > 200 or (alpha > 128).mean() < 0.05:
        return None  # opaque rectangle, or next to nothing
    box = image.getbbox()
    return image.crop(box) if box else None


def photo_backgrounds() -> list[tuple[str, Path | str]]:
    """Photographs that ship in packages, by name."""
    found: list[tuple[str, Path | str]] = []
    import skimage.data  # noqa: PLC0415

    data = Path(skimage.data.__file__).parent
    for name in (
        "astronaut",
        "brick",
        "camera",
        "chelsea",
        "coffee",
        "coins",
        "grass",
        "gravel",
        "rocket",
        "motorcycle_left",
        "hubble_deep_field",
        "moon",
        "page",
    ):
        for ext in ("png", "jpg"):
            if (data / f"{name}.{ext}").exists():
                found.append((f"skimage-{name}", data / f"{name}.{ext}"))
    try:
        import sklearn.datasets  # noqa: PLC0415

        images = Path(sklearn.datasets.__file__).parent / "images"
        found += [(f"sklearn-{p.stem}", p) for p in sorted(images.glob("*.jpg"))]
    except ImportError:
        print("note: scikit-learn not installed; its two photos are not used", file=sys.stderr)
    for folder in PHOTO_DIRS:
        for path in sorted(folder.rglob("*")):
            if path.suffix.lower() in (".jpg", ".png") and "abstract" not in path.parts:
                found.append((f"wall-{path.stem}", path))
    return found


SYNTHETIC = ("gradient", "noise", "checker", "stripes")
DRAWN = 0.12
"""The share of pictures that are line drawings of their subject on paper."""


def synthetic(kind: str, size: tuple[int, int], rng: np.random.Generator) -> Image.Image:
    """A made ground: a two-colour gradient, coloured noise, a checkerboard or stripes."""
    width, height = size
    a, b = rng.uniform(0, 255, 3), rng.uniform(0, 255, 3)
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    angle = rng.uniform(0, np.pi)
    t = np.cos(angle) * x + np.sin(angle) * y
    t = (t - t.min()) / max(1e-9, np.ptp(t))
    if kind == "noise":
        small = rng.uniform(0, 1, (height // 8 + 1, width // 8 + 1))
        t = (
            np.asarray(
                Image.fromarray((small * 255).astype(np.uint8)).resize(
                    size, Image.Resampling.BICUBIC
                )
            )
            / 255
        )
        t = np.clip(t + rng.normal(0, 0.15, t.shape), 0, 1)
    elif kind == "checker":
        side = rng.integers(12, 60)
        t = ((x // side + y // side) % 2).astype(np.float64)
    elif kind == "stripes":
        side = rng.integers(8, 40)
        t = ((np.cos(angle) * x + np.sin(angle) * y) // side % 2).astype(np.float64)
    rgb = a[None, None, :] * (1 - t[:, :, None]) + b[None, None, :] * t[:, :, None]
    return Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8))


def background(
    photos: list[tuple[str, Path | str]], size: tuple[int, int], rng: np.random.Generator
) -> tuple[str, Image.Image]:
    """A ground for a picture: mostly a random crop of a photo, sometimes a made one."""
    if rng.uniform() < 0.2 or not photos:
        kind = SYNTHETIC[rng.integers(len(SYNTHETIC))]
        return kind, synthetic(kind, size, rng)
    name, path = photos[rng.integers(len(photos))]
    photo = Image.open(path).convert("RGB")
    photo.draft("RGB", (size[0] * 2, size[1] * 2))
    width, height = size
    scale = max(width / photo.width, height / photo.height) * rng.uniform(1.0, 1.8)
    photo = photo.resize(
        (max(width, round(photo.width * scale)), max(height, round(photo.height * scale)))
    )
    left = int(rng.integers(0, photo.width - width + 1))
    top = int(rng.integers(0, photo.height - height + 1))
    return name, photo.crop((left, top, left + width, top + height))


def drawing(subject: Image.Image, rng: np.random.Generator) -> Image.Image:
    """The subject as a person would draw it: its outline and inner edges in ink (RGBA, the
    ink opaque, the rest clear), lines 2 to 4 pixels wide at the subject's final size."""
    from skimage import feature  # noqa: PLC0415

    rgba = np.asarray(subject, dtype=np.float64) / 255.0
    inside = rgba[:, :, 3] > 0.5
    grey = rgba[:, :, :3] @ np.array([0.299, 0.587, 0.114])
    sigma = max(1.5, 0.012 * max(subject.size))
    inner = feature.canny(grey, sigma=sigma, low_threshold=0.05, high_threshold=0.12) & inside
    ink = np.asarray(feature.canny(inside.astype(np.float64), sigma=1.0)) | inner
    width = int(rng.integers(2, 5))
    lines = Image.fromarray((ink * 255).astype(np.uint8)).filter(
        ImageFilter.MaxFilter(2 * (width // 2) + 1)
    )
    colour = tuple(int(v) for v in rng.integers(0, 70, 3))
    drawn = Image.new("RGBA", subject.size, (*colour, 0))
    drawn.putalpha(lines)
    return drawn


def paper(size: tuple[int, int], rng: np.random.Generator) -> Image.Image:
    """A light ground to draw on: paper white to cream, with a little grain and shading."""
    width, height = size
    base = rng.uniform(215, 255, 3)
    shade = np.linspace(1.0, rng.uniform(0.85, 1.0), width)[None, :, None]
    grain = rng.normal(0, 3, (height, width, 1))
    return Image.fromarray(np.clip(base * shade + grain, 0, 255).astype(np.uint8))


def compose(
    subject: Image.Image, ground: Image.Image, rng: np.random.Generator, *, drawn: bool = False
) -> tuple[Image.Image, Image.Image, list[str]]:
    """The subject set on the ground: the picture, its true mask and what was done."""
    width, height = ground.size
    notes = []
    if not drawn and rng.uniform() < 0.5:
        radius = float(rng.uniform(1.5, 6.0))
        ground = ground.filter(ImageFilter.GaussianBlur(radius))
        notes.append(f"blur {radius:.1f}")
    if not drawn and rng.uniform() < 0.2:
        ground = Image.eval(ground, lambda v: int(v * 0.3))
        notes.append("dark ground")
    share = rng.uniform(0.35, 0.8)
    scale = share * min(width, height) / max(subject.width, subject.height)
    if rng.uniform() < 0.2:
        scale *= 1.3
    size = (max(8, round(subject.width * scale)), max(8, round(subject.height * scale)))
    size = (min(size[0], width - 4), min(size[1], height - 4))
    subject = subject.resize(size, Image.Resampling.LANCZOS)
    if drawn:
        subject = drawing(subject, rng)
        notes.append("line drawing")
    spread_x, spread_y = width - size[0], height - size[1]
    if rng.uniform() < 0.6:
        left = round(spread_x / 2 + rng.normal(0, spread_x / 8))
        top = round(spread_y / 2 + rng.normal(0, spread_y / 8))
    else:
        left, top = int(rng.integers(0, spread_x + 1)), int(rng.integers(0, spread_y + 1))
        notes.append("off centre")
    left, top = int(np.clip(left, 0, spread_x)), int(np.clip(top, 0, spread_y))
    alpha = subject.getchannel("A")
    if not drawn and rng.uniform() < 0.4:
        shift = max(2, round(0.04 * size[0]))
        shadow = Image.new("L", ground.size, 0)
        shadow.paste(alpha, (left + shift, top + shift))
        shadow = shadow.filter(ImageFilter.GaussianBlur(shift))
        dark = Image.eval(ground, lambda v: int(v * 0.45))
        ground = Image.composite(dark, ground, shadow.point(lambda v: int(v * 0.7)))
        notes.append("shadow")
    picture = ground.copy()
    picture.paste(subject.convert("RGB"), (left, top), alpha)
    mask = Image.new("L", ground.size, 0)
    mask.paste(alpha.point(lambda v: 255 if v >= 128 else 0), (left, top))
    return picture, mask, notes


def main() -> None:
    """Write the dev and test splits."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--per-split", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not STAMPS.is_dir() or not EMOJI_FONT.is_file():
        sys.exit(f"the subjects are missing: {DEBIAN}")
    rng = np.random.default_rng(args.seed)
    subjects = stamp_subjects() + emoji_subjects()
    photos = photo_backgrounds()
    for split in ("dev", "test"):
        write_split(
            args.out, split, subjects=subjects, photos=photos, count=args.per_split, rng=rng
        )


def write_split(
    out: Path,
    split: str,
    *,
    subjects: list[Subject],
    photos: list[tuple[str, Path | str]],
    count: int,
    rng: np.random.Generator,
) -> None:
    """One split's pictures, masks and bench.tsv."""
    folder, masks = out / split, out / f"{split}-masks"
    if folder.exists() and any(folder.iterdir()):
        sys.exit(f"{folder} is not empty: give a new folder")
    folder.mkdir(parents=True, exist_ok=True)
    masks.mkdir(parents=True, exist_ok=True)
    mine = [s for s in subjects if split_of(s.name) == split]
    stamps = [s for s in mine if not s.path.startswith("emoji:")]
    emoji = [s for s in mine if s.path.startswith("emoji:")]
    grounds = [p for p in photos if split_of(p[0]) == split]
    order = [stamps[i] for i in rng.permutation(len(stamps))]
    order_emoji = [emoji[i] for i in rng.permutation(len(emoji))]
    rows = ["picture\tmask\tkind\twhat\tsubject\tground"]
    made = 0
    while made < count:
        # Three stamps to one emoji, each subject once until a pool runs out.
        pool = order if (rng.uniform() < 0.75 and order) or not order_emoji else order_emoji
        subject = pool.pop()
        image = load_subject(subject)
        if image is None:
            continue
        size = frame_size(rng)
        drawn = rng.uniform() < DRAWN
        ground_name, ground = (
            ("paper", paper(size, rng)) if drawn else background(grounds, size, rng)
        )
        picture, mask, notes = compose(image, ground, rng, drawn=drawn)
        made += 1
        stem = f"{split}{made:03d}"
        name = f"{stem}.png"
        if rng.uniform() < 0.7:
            quality = int(rng.integers(55, 92))
            buffer = io.BytesIO()
            picture.save(buffer, "JPEG", quality=quality)
            name = f"{stem}.jpg"
            (folder / name).write_bytes(buffer.getvalue())
            notes.append(f"jpeg {quality}")
        else:
            picture.save(folder / name)
        mask.save(masks / f"{stem}.png")
        # "stroke" is the kind nonogen report scores as lines (the cells the ink crosses).
        kind = "stroke" if drawn else "emoji" if subject.path.startswith("emoji:") else "stamp"
        rows.append(
            f"{name}\t../{split}-masks/{stem}.png\t{kind}\t{subject.what}\t{subject.path}\t"
            f"{ground_name}; {', '.join(notes)}"
        )
    (folder / "bench.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    print(f"{folder}: {made} pictures, {len(mine)} subjects, {len(grounds)} photo grounds")


def frame_size(rng: np.random.Generator) -> tuple[int, int]:
    """A picture's (width, height): 480 to 1280 pixels on the long side, a common aspect."""
    long_side = int(rng.integers(480, 1280))
    aspect = (1.0, 4 / 3, 3 / 4, 16 / 9, 3 / 2)[rng.integers(5)]
    if aspect >= 1:
        return long_side, round(long_side / aspect)
    return round(long_side * aspect), long_side


if __name__ == "__main__":
    main()
