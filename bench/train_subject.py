"""Train the subject finder (``nonogen/image/network.py``) with PyTorch, on the CPU.

    python -m bench.train_subject OUT --train emoji,clipart --test stamps \
        [--count 6000] [--epochs 8] [--seed 1] [--threads 2]

Scenes come from ``bench/subjects.py``: ``--count`` scenes of each training source on the
training grounds, and 400 of the held-out ``--test`` source on the test grounds (never
trained on: a figure on them is a held-out-source figure). Pools are cached in OUT/pools.
OUT gets ``subject.npz`` (the weights, batch normalisation folded in, as the numpy code reads
them), ``subject.json`` (settings, sources, time, machine and the held-out figures per epoch)
and ``train.log``. Same seed, same weights (torch is seeded and single-process).

PyTorch is a training-time extra only: ``pip install torch==2.13.0`` (the CPU build).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from bench.subjects import pool
from nonogen.image import network
from nonogen.image.masks import fill_holes

CHANNELS = (16, 32, 64, 96)
"""Channels of the encoder stages enc0..enc3 (the decoder mirrors them)."""
TEST_COUNT = 400


def block(inputs: int, outputs: int, stride: int = 1) -> nn.Sequential:
    """3x3 convolution, batch normalisation, ReLU."""
    return nn.Sequential(
        nn.Conv2d(inputs, outputs, 3, stride=stride, padding=1, bias=False),
        nn.BatchNorm2d(outputs),
        nn.ReLU(inplace=True),
    )


class UNet(nn.Module):
    """The network of ``nonogen.image.network``, layer for layer."""

    def __init__(self) -> None:
        super().__init__()
        c0, c1, c2, c3 = CHANNELS
        self.layers = nn.ModuleDict(
            {
                "enc0a": block(3, c0, 2),
                "enc0b": block(c0, c0),
                "enc1a": block(c0, c1),
                "enc1b": block(c1, c1),
                "enc2a": block(c1, c2),
                "enc2b": block(c2, c2),
                "enc3a": block(c2, c3),
                "enc3b": block(c3, c3),
                "dec2a": block(c3 + c2, c2),
                "dec2b": block(c2, c2),
                "dec1a": block(c2 + c1, c1),
                "dec1b": block(c1, c1),
                "dec0a": block(c1 + c0, c0),
                "dec0b": block(c0, c0),
            }
        )
        self.head = nn.Conv2d(c0, 1, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Logits ``(n, 1, 64, 64)`` of pictures ``(n, 3, 128, 128)`` in [-0.5, 0.5]."""
        layer = self.layers
        skips = {}
        for index, stage in enumerate(network.ENCODER):
            if index > 0:
                x = nn.functional.max_pool2d(x, 2)
            x = layer[f"{stage}b"](layer[f"{stage}a"](x))
            skips[stage[-1]] = x
        for stage in network.DECODER:
            x = nn.functional.interpolate(x, scale_factor=2.0, mode="nearest")
            x = torch.cat([x, skips[stage[-1]]], dim=1)
            x = layer[f"{stage}b"](layer[f"{stage}a"](x))
        out: torch.Tensor = self.head(x)
        return out


def exported(model: UNet) -> dict[str, npt.NDArray[np.float32]]:
    """The weights as the numpy code reads them: each convolution with its batch
    normalisation folded in (eval mode)."""
    weights: dict[str, npt.NDArray[np.float32]] = {}
    for name, seq in model.layers.items():
        conv, norm = seq[0], seq[1]
        scale = norm.weight / torch.sqrt(norm.running_var + norm.eps)
        w = conv.weight * scale[:, None, None, None]
        b = norm.bias - norm.running_mean * scale
        weights[f"{name}.w"] = w.detach().numpy().astype(np.float32)
        weights[f"{name}.b"] = b.detach().numpy().astype(np.float32)
    weights["head.w"] = model.head.weight.detach().numpy().reshape(1, -1).astype(np.float32)
    weights["head.b"] = model.head.bias.detach().numpy().astype(np.float32)
    return weights


def loss_of(logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """Binary cross-entropy plus soft Dice (the subject is often a small part)."""
    bce = nn.functional.binary_cross_entropy_with_logits(logits, target)
    p = torch.sigmoid(logits)
    inter = (p * target).sum(dim=(1, 2, 3))
    dice = 1 - (2 * inter + 1) / (p.sum(dim=(1, 2, 3)) + target.sum(dim=(1, 2, 3)) + 1)
    return bce + dice.mean()


def tensors(
    pictures: npt.NDArray[np.uint8], masks: npt.NDArray[np.uint8]
) -> tuple[torch.Tensor, torch.Tensor]:
    """Pictures as ``(n, 3, s, s)`` in [-0.5, 0.5] and masks as ``(n, 1, m, m)`` in [0, 1]."""
    x = torch.from_numpy(pictures).permute(0, 3, 1, 2).float() / 255.0 - 0.5
    y = torch.from_numpy(masks).float().unsqueeze(1) / 255.0
    return x, y


def scores(model: UNet, x: torch.Tensor, y: torch.Tensor) -> dict[str, float]:
    """Held-out IoU at the map's size: median and lower quartile, as found and filled."""
    model.eval()
    with torch.no_grad():
        found = torch.cat([model(x[i : i + 64]) for i in range(0, len(x), 64)]) > 0
    model.train()
    plain, filled = [], []
    for guess, truth in zip(found[:, 0].numpy(), (y[:, 0] >= 0.5).numpy(), strict=True):
        plain.append(_iou(guess, truth))
        filled.append(_iou(fill_holes(guess), fill_holes(truth)))
    return {
        "iou_median": round(float(np.median(plain)), 4),
        "iou_q1": round(float(np.quantile(plain, 0.25)), 4),
        "filled_median": round(float(np.median(filled)), 4),
        "filled_q1": round(float(np.quantile(filled, 0.25)), 4),
    }


def _iou(a: npt.NDArray[np.bool_], b: npt.NDArray[np.bool_]) -> float:
    union = int((a | b).sum())
    return int((a & b).sum()) / union if union else 1.0


def cached_pool(folder: Path, source: str, count: int, seed: int, kind: str) -> tuple[Any, Any]:
    """A pool of scenes, from OUT/pools when made before."""
    path = folder / f"{source}-{kind}-{count}-{seed}.npz"
    if path.exists():
        data = np.load(path)
        return data["pictures"], data["masks"]
    pictures, masks = pool(source, count, seed=seed, kind=kind)
    folder.mkdir(parents=True, exist_ok=True)
    np.savez(path, pictures=pictures, masks=masks)
    return pictures, masks


def arguments() -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--train", required=True, help="training sources, comma-separated")
    parser.add_argument("--test", required=True, help="the held-out source")
    parser.add_argument("--count", type=int, default=6000, help="scenes per training source")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--rate", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    return parser.parse_args()


def train(
    model: UNet,
    data: tuple[torch.Tensor, torch.Tensor],
    test: tuple[torch.Tensor, torch.Tensor],
    args: argparse.Namespace,
    say: Callable[[str], None],
) -> list[dict[str, float]]:
    """Train the model in place (AdamW, one-cycle rate, mirrored half the batches); each
    epoch's loss and held-out figures."""
    x, y = data
    started = time.monotonic()
    steps = args.epochs * (len(x) // args.batch)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.rate, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=args.rate, total_steps=steps)
    generator = torch.Generator().manual_seed(args.seed)
    history = []
    for epoch in range(args.epochs):
        order = torch.randperm(len(x), generator=generator)
        total = 0.0
        for step in range(len(x) // args.batch):
            index = order[step * args.batch : (step + 1) * args.batch]
            xb, yb = x[index], y[index]
            if step % 2:  # mirrored half the time
                xb, yb = xb.flip(3), yb.flip(3)
            loss = loss_of(model(xb), yb)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss)
        figures = scores(model, *test)
        history.append({"epoch": epoch + 1, "loss": round(total / (step + 1), 4), **figures})
        spent = time.monotonic() - started
        say(f"epoch {epoch + 1}: loss {total / (step + 1):.4f}, held-out {args.test}: {figures}")
        say(f"  {spent:.0f} s training")
    return history


def check_values(model: UNet) -> dict[str, float]:
    """The logits of a fixed random picture, which the numpy code must give again."""
    check = np.random.default_rng(0).uniform(0, 1, (network.SIDE, network.SIDE, 3))
    picture = torch.from_numpy(check.astype(np.float32) - 0.5).permute(2, 0, 1)[None]
    with torch.no_grad():
        expected = model(picture)[0, 0].numpy()
    return {
        "seed": 0,
        "logits_sum": float(expected.sum()),
        "logits_00": float(expected[0, 0]),
        "logits_mid": float(expected[32, 32]),
    }


def main() -> None:
    """Train, log each epoch's held-out figures, write the weights and their record."""
    args = arguments()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    log = (args.out / "train.log").open("a", encoding="utf-8")

    def say(text: str) -> None:
        print(text, file=log, flush=True)

    started = time.monotonic()
    sources = args.train.split(",")
    pools = args.out.parent / "pools"
    parts = [cached_pool(pools, s, args.count, args.seed, "train") for s in sources]
    x, y = tensors(np.concatenate([p for p, _ in parts]), np.concatenate([m for _, m in parts]))
    test = tensors(*cached_pool(pools, args.test, TEST_COUNT, args.seed, "test"))
    made = time.monotonic() - started
    say(f"pools: {len(x)} training scenes of {sources}, {TEST_COUNT} of {args.test}: {made:.0f} s")
    model = UNet()
    weights = sum(p.numel() for p in model.parameters())
    history = train(model, (x, y), test, args, say)
    model.eval()
    np.savez(args.out / "subject.npz", **exported(model))  # type: ignore[arg-type]
    machine = f"{platform.machine()}, {os.cpu_count()} cores, torch {torch.__version__} CPU"
    record = {
        "trained_by": "bench/train_subject.py",
        "settings": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
        "channels": CHANNELS,
        "weights": weights,
        "train_sources": sources,
        "held_out": args.test,
        "seconds": round(time.monotonic() - started),
        "machine": f"{machine}, {args.threads} threads",
        "history": history,
        "check": check_values(model),
    }
    (args.out / "subject.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    say(f"done in {time.monotonic() - started:.0f} s, {weights} weights")


if __name__ == "__main__":
    main()
