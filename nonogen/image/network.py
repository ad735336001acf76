"""The subject finder: a small convolutional network, run in plain numpy.

A U-Net (Ronneberger et al., 2015) of about 0.4 M weights, trained by ``bench/train_subject.py``
on cut-outs set on photographs (see ``subject.md`` beside this module, its model card). It
reads the picture squeezed to ``SIDE`` x ``SIDE`` RGB and answers, per pixel of an
``OUT_SIDE`` x ``OUT_SIDE`` map, the probability that the pixel belongs to the subject.

The layers are 3x3 convolutions (batch normalisation folded in) with ReLU, 2x2 max pooling
down, nearest-neighbour doubling up with the encoder's map beside it, and a 1x1 head. Every
convolution is one matrix product over the picture's 3x3 patches (im2col), so numpy's BLAS
does the work; on one core a picture takes a few hundredths of a second.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Final

import numpy as np
import numpy.typing as npt

WEIGHTS_FILE: Final = "subject.npz"
"""The trained weights, beside this module (package data)."""
SIDE: Final = 128
"""The picture's side as the network reads it."""
OUT_SIDE: Final = 64
"""The side of the probability map it answers."""
ENCODER: Final = ("enc0", "enc1", "enc2", "enc3")
"""The encoder's stages, finest first; each is two convolutions (``a``, ``b``)."""
DECODER: Final = ("dec2", "dec1", "dec0")
"""The decoder's stages, coarsest first; each meets the encoder stage of the same digit."""

Floats = npt.NDArray[np.float32]
Weights = dict[str, Floats]


def conv3x3(x: Floats, weight: Floats, bias: Floats, *, stride: int = 1) -> Floats:
    """A 3x3 convolution (zero padding 1) of an ``(h, w, c)`` map by ``(out, c, 3, 3)``
    weights, then ReLU: ``(h / stride, w / stride, out)``."""
    padded = np.pad(x, ((1, 1), (1, 1), (0, 0)))
    patches = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(0, 1))
    patches = patches[::stride, ::stride]  # (h, w, c, 3, 3), torch's (in, kh, kw) order
    rows, cols = patches.shape[:2]
    flat = patches.reshape(rows * cols, -1)
    out = flat @ weight.reshape(weight.shape[0], -1).T + bias
    return np.asarray(np.maximum(out, 0.0).reshape(rows, cols, -1), dtype=np.float32)


def pool2(x: Floats) -> Floats:
    """2x2 max pooling of an ``(h, w, c)`` map (even sides)."""
    rows, cols, channels = x.shape
    return np.asarray(x.reshape(rows // 2, 2, cols // 2, 2, channels).max(axis=(1, 3)))


def double(x: Floats) -> Floats:
    """Nearest-neighbour doubling of an ``(h, w, c)`` map."""
    return np.repeat(np.repeat(x, 2, axis=0), 2, axis=1)


def forward(weights: Weights, picture: Floats) -> Floats:
    """The subject's logits, ``(OUT_SIDE, OUT_SIDE)``, of a ``(SIDE, SIDE, 3)`` picture in
    ``[0, 1]``."""
    x = picture.astype(np.float32) - 0.5
    skips: dict[str, Floats] = {}
    for index, stage in enumerate(ENCODER):
        if index > 0:
            x = pool2(x)
        x = conv3x3(
            x, weights[f"{stage}a.w"], weights[f"{stage}a.b"], stride=2 if index == 0 else 1
        )
        x = conv3x3(x, weights[f"{stage}b.w"], weights[f"{stage}b.b"])
        skips[stage[-1]] = x
    for stage in DECODER:
        x = np.concatenate([double(x), skips[stage[-1]]], axis=2)
        x = conv3x3(x, weights[f"{stage}a.w"], weights[f"{stage}a.b"])
        x = conv3x3(x, weights[f"{stage}b.w"], weights[f"{stage}b.b"])
    head = weights["head.w"].reshape(1, -1)
    return np.asarray((x @ head.T + weights["head.b"])[:, :, 0], dtype=np.float32)


def probability(weights: Weights, picture: Floats) -> Floats:
    """Per pixel of the ``(OUT_SIDE, OUT_SIDE)`` map, the probability it is the subject."""
    logits = forward(weights, picture)
    return np.asarray(1.0 / (1.0 + np.exp(-np.clip(logits, -30.0, 30.0))), dtype=np.float32)


def mirrored(weights: Weights, picture: Floats) -> Floats:
    """``probability`` averaged over the picture and its mirror image (the network learnt
    both; their mean is steadier: +2 points of held-out median IoU)."""
    plain = probability(weights, picture)
    mirror = probability(weights, np.ascontiguousarray(picture[:, ::-1]))[:, ::-1]
    return np.asarray((plain + mirror) / 2.0, dtype=np.float32)


@cache
def shipped() -> Weights:
    """The weights shipped with the package."""
    with resources.files("nonogen.image").joinpath(WEIGHTS_FILE).open("rb") as handle:
        data = np.load(handle)
        return {name: np.asarray(data[name], dtype=np.float32) for name in data.files}
