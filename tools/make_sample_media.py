#!/usr/bin/env python3
"""Generate the sample raster media for content/media (deterministic).

Every image is a flat-style illustration drawn with Pillow: skylines with
window grids, villas with palm trees, interiors with a view, offices, shops,
warehouses, desert plots, and so on. Each image has its own seed, so running
the script twice gives byte-identical files.

    pip install pillow
    python3 tools/make_sample_media.py            # write everything
    python3 tools/make_sample_media.py --only palm   # names containing "palm"

The SVG logos in content/media are hand-written files and are not touched.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import zlib
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = Path(__file__).resolve().parent.parent
MEDIA = ROOT / "content" / "media"
SS = 2  # supersampling factor: draw at 2x, downscale with LANCZOS
QUALITY = 70
# The area guides' photos lie under the page header's dark shade, where a lower quality does not
# show; it keeps content/media under the 5 MB that docs/reference.md names with twelve of them.
GUIDE_QUALITY = 55

# Brand colours
NAVY = (15, 42, 68)
GOLD = (201, 164, 92)
SAND = (239, 230, 214)


# --------------------------------------------------------------------------
# colour and geometry helpers
# --------------------------------------------------------------------------
def hexc(s: str) -> tuple:
    s = s.lstrip("#")
    return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))


def C(c) -> tuple:
    return hexc(c) if isinstance(c, str) else tuple(c)


def mix(a, b, t: float) -> tuple:
    a, b = C(a), C(b)
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def shade(c, f: float) -> tuple:
    return tuple(max(0, min(255, int(v * f))) for v in C(c))


def alpha(c, a: int) -> tuple:
    return C(c)[:3] + (int(a),)


def vgradient(w: int, h: int, stops) -> Image.Image:
    """Vertical gradient; stops is a list of (position 0..1, colour)."""
    h = max(1, int(h))
    col = Image.new("RGB", (1, h))
    px = col.load()
    stops = [(p, C(c)) for p, c in stops]
    for y in range(h):
        t = y / max(1, h - 1)
        for i in range(len(stops) - 1):
            p0, c0 = stops[i]
            p1, c1 = stops[i + 1]
            if t <= p1 or i == len(stops) - 2:
                u = 0.0 if p1 == p0 else min(max((t - p0) / (p1 - p0), 0.0), 1.0)
                px[0, y] = mix(c0, c1, u)
                break
    return col.resize((max(1, int(w)), h))


def bezier(p0, p1, p2, t):
    return ((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
            (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1])


_FONT_CACHE: dict = {}


def font(size: int, bold: bool = True):
    key = (size, bold)
    if key in _FONT_CACHE:
        return _FONT_CACHE[key]
    names = (["DejaVuSans-Bold.ttf", "Arial Bold.ttf", "arialbd.ttf"] if bold
             else ["DejaVuSans.ttf", "Arial.ttf", "arial.ttf"])
    dirs = ["", "/usr/share/fonts/truetype/dejavu/", "/Library/Fonts/", "C:/Windows/Fonts/"]
    f = None
    for n in names:
        for d in dirs:
            try:
                f = ImageFont.truetype(d + n, size)
                break
            except OSError:
                continue
        if f:
            break
    if f is None:
        try:
            f = ImageFont.load_default(size=size)
        except TypeError:  # Pillow < 10.1
            f = ImageFont.load_default()
    _FONT_CACHE[key] = f
    return f


class Ctx:
    """A drawing surface (already at supersampled size) plus a seeded RNG."""

    def __init__(self, wpx: int, hpx: int, rng: random.Random):
        self.W, self.H = int(wpx), int(hpx)
        self.img = Image.new("RGB", (self.W, self.H), (200, 200, 200))
        self.rng = rng
        self.u = min(self.W, self.H) / 1000.0  # size unit
        self.refresh()

    def refresh(self):
        self.d = ImageDraw.Draw(self.img, "RGBA")

    def paste(self, im: Image.Image, xy, mask=None):
        self.img.paste(im, (int(xy[0]), int(xy[1])), mask)
        self.refresh()


def blurred_blob(c: Ctx, cx, cy, r, color, strength=220, blur=0.45, shape="ellipse", ry=None):
    """A soft glow / cloud: an ellipse blurred on its own small layer."""
    ry = r if ry is None else ry
    pad = int(max(r, ry) * (blur * 2.2 + 0.2)) + 2
    w, h = int(2 * r + 2 * pad), int(2 * ry + 2 * pad)
    m = Image.new("L", (w, h), 0)
    md = ImageDraw.Draw(m)
    if shape == "ellipse":
        md.ellipse([pad, pad, pad + 2 * r, pad + 2 * ry], fill=strength)
    m = m.filter(ImageFilter.GaussianBlur(max(1, max(r, ry) * blur)))
    c.paste(Image.new("RGB", (w, h), C(color)), (cx - r - pad, cy - ry - pad), m)


# --------------------------------------------------------------------------
# palettes per time of day
# --------------------------------------------------------------------------
TIMES = {
    "day": dict(
        sky=[(0, "#3d7bb6"), (0.55, "#8dbfe2"), (1, "#e4eff2")],
        haze="#b7cfdf", water=[(0, "#6f9cbb"), (1, "#1d4c70")],
        body=["#5d7e9b", "#7896ac", "#8aa6ba", "#6a8094", "#b9c5cd", "#d6d0c2", "#4f6f8c"],
        lit=0.0, tint=None),
    "morning": dict(
        sky=[(0, "#6d9dca"), (0.6, "#e7d5c2"), (1, "#fbe3c4")],
        sun=("#fff1cf", 0.72, 0.92, 0.075),
        haze="#d7c7bd", water=[(0, "#9db1c0"), (1, "#34607e")],
        body=["#7d8ea2", "#8d9aaa", "#a49e98", "#6f8196", "#c6c0b6"],
        lit=0.03, tint="#ffd9a8"),
    "golden": dict(
        sky=[(0, "#4c76a6"), (0.5, "#e6b88b"), (1, "#fbd7a0")],
        sun=("#ffe3ae", 0.22, 0.9, 0.09),
        haze="#e0b893", water=[(0, "#c99b7b"), (1, "#3a566f")],
        body=["#8b8c9c", "#9f948a", "#7f8799", "#b3a392", "#6d7a8e"],
        lit=0.06, tint="#ffc98a"),
    "dusk": dict(
        sky=[(0, "#23264e"), (0.38, "#77497a"), (0.74, "#de7a5f"), (1, "#f8c27b")],
        sun=("#ffd089", 0.64, 0.97, 0.06),
        haze="#94677f", water=[(0, "#7b5a77"), (1, "#1b2443")],
        body=["#453d61", "#56486c", "#3c4669", "#66546f", "#3a3553"],
        lit=0.22, tint="#f79a6a"),
    "night": dict(
        sky=[(0, "#050916"), (0.6, "#111b3b"), (1, "#2b3566")],
        moon=(0.82, 0.16),
        haze="#28325c", water=[(0, "#1d2752"), (1, "#060a1a")],
        body=["#18203f", "#212a4c", "#151a33", "#1d2446", "#262c4a"],
        lit=0.42, tint=None),
}
LIT = ["#ffd98a", "#ffe6ad", "#ffcf7a", "#fff2cf", "#bfe2ff"]


def sky(c: Ctx, time: str, horizon: float, sun_x=None):
    T = TIMES[time]
    hy = int(horizon * c.H)
    c.paste(vgradient(c.W, hy + 2, T["sky"]), (0, 0))
    rng = c.rng
    if time == "night":
        for _ in range(int(160 * c.W * hy / 2.4e6) + 20):
            x, y = rng.uniform(0, c.W), rng.uniform(0, hy * 0.8)
            r = rng.uniform(0.6, 1.8) * c.u
            c.d.ellipse([x - r, y - r, x + r, y + r], fill=alpha("#ffffff", rng.randint(90, 230)))
        mx, my = T["moon"]
        mx = sun_x if sun_x is not None else mx
        r = 32 * c.u
        blurred_blob(c, mx * c.W, my * c.H, r * 2.2, "#4a5a8f", strength=120, blur=0.6)
        c.d.ellipse([mx * c.W - r, my * c.H - r, mx * c.W + r, my * c.H + r], fill="#f4f0dc")
        c.d.ellipse([mx * c.W - r * 0.55, my * c.H - r * 1.05, mx * c.W + r * 1.35, my * c.H + r * 0.7],
                    fill=mix(T["sky"][0][1], T["sky"][1][1], 0.25))
    elif "sun" in T:
        col, sx, sy, sr = T["sun"]
        sx = sun_x if sun_x is not None else sx
        cx, cy = sx * c.W, sy * hy
        r = sr * c.H
        blurred_blob(c, cx, cy, r * 3.2, col, strength=150, blur=0.7)
        blurred_blob(c, cx, cy, r * 1.5, col, strength=200, blur=0.5)
        c.d.ellipse([cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6], fill=mix(col, "#ffffff", 0.5))
    else:
        for _ in range(rng.randint(2, 4)):
            cx = rng.uniform(0.05, 0.95) * c.W
            cy = rng.uniform(0.08, 0.4) * hy
            for k in range(rng.randint(3, 5)):
                rx = rng.uniform(50, 110) * c.u
                blurred_blob(c, cx + rng.uniform(-90, 90) * c.u, cy + rng.uniform(-12, 12) * c.u,
                             rx, "#ffffff", strength=rng.randint(90, 150), blur=0.35, ry=rx * 0.38)


# --------------------------------------------------------------------------
# buildings
# --------------------------------------------------------------------------
def tower(c: Ctx, x, base, w, h, time, style=None, haze=0.0, body=None, windows=True):
    rng, d, T = c.rng, c.d, TIMES[time]
    style = style or rng.choice(["flat", "flat", "step", "spire", "slant", "round", "crown"])
    body = C(body) if body else hexc(rng.choice(T["body"]))
    if haze:
        body = mix(body, T["haze"], haze)
    side = shade(body, 0.72)
    top = base - h
    ch = min(h * 0.12, w * 0.9)
    btop = top + (ch if style in ("slant", "round", "crown") else 0)
    sw = w * 0.17
    # side face
    d.polygon([(x + w, btop), (x + w + sw, btop + sw * 0.45), (x + w + sw, base), (x + w, base)], fill=side)
    # crown
    if style == "slant":
        d.polygon([(x, btop), (x + w, top), (x + w, btop + 1)], fill=body)
    elif style == "round":
        d.chord([x, top, x + w, btop + ch], 180, 360, fill=body)
    elif style == "crown":
        d.polygon([(x + w * 0.08, btop), (x + w * 0.5, top), (x + w * 0.92, btop)], fill=shade(body, 1.12))
    elif style == "step":
        d.rectangle([x + w * 0.15, top - h * 0.06, x + w * 0.85, top], fill=shade(body, 0.95))
        d.rectangle([x + w * 0.32, top - h * 0.1, x + w * 0.68, top - h * 0.06], fill=shade(body, 0.9))
    elif style == "spire":
        d.rectangle([x + w * 0.2, top - h * 0.03, x + w * 0.8, top], fill=shade(body, 0.9))
        d.polygon([(x + w * 0.46, top - h * 0.03), (x + w * 0.5, top - h * 0.2), (x + w * 0.54, top - h * 0.03)],
                  fill=shade(body, 0.85))
        if time in ("night", "dusk"):
            r = 2.5 * c.u
            d.ellipse([x + w * 0.5 - r, top - h * 0.2 - r, x + w * 0.5 + r, top - h * 0.2 + r], fill="#ff5a4f")
    d.rectangle([x, btop, x + w, base], fill=body)
    if not windows or w < 8 * c.u:
        return
    # window grid
    fh = max(3.0, 9.5 * c.u)
    cols = max(2, int(w / (8.5 * c.u)))
    cw = w / cols
    y = btop + fh * 0.6
    lit = T["lit"]
    line = shade(body, 0.82)
    glass = mix(body, "#ffffff", 0.28 if time == "day" else 0.12)
    while y + fh * 0.7 < base - fh * 0.3:
        if time == "day":
            d.rectangle([x + cw * 0.12, y, x + w - cw * 0.12, y + fh * 0.62], fill=glass)
            for k in range(1, cols):
                d.line([(x + k * cw, y), (x + k * cw, y + fh * 0.62)], fill=line, width=max(1, int(c.u)))
        else:
            for k in range(cols):
                x0 = x + k * cw + cw * 0.18
                fill = hexc(rng.choice(LIT)) if rng.random() < lit else glass
                d.rectangle([x0, y, x0 + cw * 0.64, y + fh * 0.58], fill=fill)
        y += fh
    # side windows (thin strips)
    y = btop + fh * 0.6 + sw * 0.45
    while y + fh < base:
        d.line([(x + w + sw * 0.15, y), (x + w + sw * 0.85, y + sw * 0.02)], fill=shade(side, 1.15),
               width=max(1, int(fh * 0.35)))
        y += fh
    if time in ("day", "golden", "morning"):
        # soft diagonal reflection
        t = T.get("tint") or "#ffffff"
        d.polygon([(x, base - h * 0.1), (x + w * 0.55, btop), (x + w * 0.85, btop), (x, base - h * 0.45 + h * 0.1)],
                  fill=alpha(t, 26))
    elif time == "dusk":
        d.rectangle([x, btop, x + w, base], fill=alpha(T["tint"], 22))


def burj(c: Ctx, cx, base, h, time, haze=0.0):
    """A stepped super-tall tower with a long spire."""
    T, d = TIMES[time], c.d
    body = mix(hexc(T["body"][0]), "#dfe6ea" if time == "day" else T["haze"], 0.35 if time == "day" else 0.1)
    if haze:
        body = mix(body, T["haze"], haze)
    bw = h * 0.15
    tiers = [(1.0, 0.22, 0.0), (0.82, 0.36, -0.05), (0.66, 0.49, 0.06), (0.52, 0.6, -0.06),
             (0.4, 0.7, 0.05), (0.3, 0.78, -0.03), (0.2, 0.84, 0.02)]
    for i, (wf, top, off) in enumerate(tiers):
        w = bw * wf
        x0 = cx - w / 2 + off * bw
        col = shade(body, 1.0 - 0.05 * (i % 2))
        d.rectangle([x0, base - h * top, x0 + w, base], fill=col)
        d.rectangle([x0 + w * 0.62, base - h * top, x0 + w, base], fill=shade(col, 0.82))
        if time in ("night", "dusk"):
            for k in range(3):
                xx = x0 + w * (0.2 + 0.25 * k)
                d.line([(xx, base - h * top + 4 * c.u), (xx, base)], fill=alpha("#ffe2a8", 70 if time == "night" else 35),
                       width=max(1, int(1.5 * c.u)))
    d.polygon([(cx - bw * 0.07, base - h * 0.84), (cx, base - h), (cx + bw * 0.07, base - h * 0.84)], fill=shade(body, 0.92))
    if time in ("night", "dusk"):
        r = 3 * c.u
        d.ellipse([cx - r, base - h - r, cx + r, base - h + r], fill="#ff6b5a")


def crane(c: Ctx, x, base, h, time, flip=False):
    d = c.d
    col = "#e2ad3a" if time in ("day", "morning", "golden") else shade(TIMES[time]["body"][0], 0.7)
    m = 10 * c.u
    lw = max(1, int(1.3 * c.u))
    d.rectangle([x, base - h, x + m, base], outline=col, width=lw)
    y = base
    while y > base - h:
        d.line([(x, y), (x + m, y - m)], fill=col, width=lw)
        d.line([(x + m, y - m), (x, y - 2 * m)], fill=col, width=lw)
        y -= 2 * m
    s = -1 if flip else 1
    jl, cl = h * 0.75, h * 0.22
    jy = base - h
    xj = x + m / 2
    d.rectangle([min(xj, xj + s * jl), jy - m * 0.8, max(xj, xj + s * jl), jy], outline=col, width=lw)
    k = 0
    while k < jl:
        d.line([(xj + s * k, jy), (xj + s * (k + m), jy - m * 0.8)], fill=col, width=lw)
        k += m
    d.line([(min(xj, xj - s * cl), jy - m * 0.4), (max(xj, xj - s * cl), jy - m * 0.4)], fill=col, width=int(lw * 2.2))
    d.rectangle([xj - s * cl - m, jy - m * 1.2, xj - s * cl + m * 0.4 * s, jy + m * 0.6], fill=shade(col, 0.6))
    d.polygon([(xj - m * 0.2, jy - m * 0.8), (xj, jy - m * 3.2), (xj + m * 0.2, jy - m * 0.8)], fill=col)
    d.line([(xj, jy - m * 3.2), (xj + s * jl, jy - m * 0.8)], fill=col, width=lw)
    d.line([(xj, jy - m * 3.2), (xj - s * cl, jy - m * 0.8)], fill=col, width=lw)
    hx = xj + s * jl * c.rng.uniform(0.45, 0.85)
    hy = jy + h * c.rng.uniform(0.2, 0.5)
    d.line([(hx, jy), (hx, hy)], fill=shade(col, 0.7), width=lw)
    d.rectangle([hx - m * 0.6, hy, hx + m * 0.6, hy + m * 0.5], fill=shade(col, 0.7))
    d.rectangle([x - m * 0.1, jy, x + m * 1.1, jy + m * 1.3], fill=shade(col, 0.8))


def skyline(c: Ctx, time: str, base_y: float, x0=0.0, x1=1.0, hmin=0.12, hmax=0.45,
            density=1.0, burj_at=None, cranes=0, far=True, construction=None):
    rng, d, T = c.rng, c.d, TIMES[time]
    by = base_y * c.H
    X0, X1 = x0 * c.W, x1 * c.W
    if far:
        x = X0 - 20 * c.u
        col = mix(T["haze"], T["sky"][-1][1], 0.35)
        while x < X1:
            w = rng.uniform(0.015, 0.045) * c.W
            hh = rng.uniform(0.3, 0.75) * hmax * c.H
            d.rectangle([x, by - hh, x + w, by], fill=alpha(col, 200))
            if rng.random() < 0.2:
                d.polygon([(x + w * 0.4, by - hh), (x + w * 0.5, by - hh * 1.15), (x + w * 0.6, by - hh)], fill=alpha(col, 200))
            x += w * rng.uniform(0.7, 1.3)
    if burj_at is not None:
        burj(c, burj_at * c.W, by, min(c.H * 0.9, by * 0.93), time, haze=0.25)
    # back row (hazy) and front row
    for row, hz, scale in ((0, 0.35, 1.0), (1, 0.0, 0.8)):
        x = X0 + rng.uniform(-30, 10) * c.u
        while x < X1:
            w = rng.uniform(0.035, 0.075) * c.W * (0.9 if row else 1.0)
            hh = rng.uniform(hmin, hmax) * c.H * scale
            if burj_at is not None and abs((x + w / 2) / c.W - burj_at) < 0.06 and row == 1:
                hh *= 0.45
            tower(c, x, by, w, hh, time, haze=hz)
            x += w * rng.uniform(1.05, 1.9) / density
    if construction is not None:
        cx = construction * c.W
        w, hh = 0.07 * c.W, hmax * 0.9 * c.H
        tower(c, cx, by, w, hh * 0.62, time, style="flat")
        # exposed slabs and columns
        top = by - hh
        col = mix("#b8b2a8", T["haze"], 0.3)
        for k in range(9):
            y = by - hh * 0.62 - k * hh * 0.042
            d.rectangle([cx - 2 * c.u, y - 2 * c.u, cx + w + 2 * c.u, y], fill=col)
            for j in range(5):
                xx = cx + j * w / 4
                d.line([(xx, y), (xx, y - hh * 0.042)], fill=shade(col, 0.85), width=max(1, int(2 * c.u)))
        crane(c, cx + w * 0.45, top + hh * 0.02, hh * 0.32, time, flip=rng.random() < 0.5)
    for _ in range(cranes):
        cx = rng.uniform(X0 + 0.1 * c.W, X1 - 0.15 * c.W)
        crane(c, cx, by, rng.uniform(0.25, 0.4) * c.H, time, flip=rng.random() < 0.5)


def water(c: Ctx, time: str, horizon: float, strength=0.42):
    """Water below `horizon` with a rippled reflection of what is above."""
    rng, T = c.rng, TIMES[time]
    hy = int(horizon * c.H)
    rh = c.H - hy
    if rh <= 0:
        return
    src = c.img.crop((0, max(0, hy - rh), c.W, hy)).transpose(Image.FLIP_TOP_BOTTOM)
    if src.height != rh:
        src = src.resize((c.W, rh))
    wat = vgradient(c.W, rh, T["water"])
    refl = Image.blend(wat, src, strength)
    # fade reflection with depth
    fade = vgradient(1, rh, [(0, (255, 255, 255)), (1, (0, 0, 0))]).convert("L").resize((c.W, rh))
    refl = Image.composite(refl, wat, fade)
    out = refl.copy()
    y, band = 0, max(2, int(3 * c.u))
    while y < rh:
        off = int(rng.gauss(0, 2.5 * c.u * (1 + 4 * y / rh)))
        out.paste(refl.crop((0, y, c.W, min(rh, y + band))), (off, y))
        y += band
    c.paste(out, (0, hy))
    hl = mix(T["sky"][-1][1], "#ffffff", 0.3)
    for _ in range(int(260 * c.W / 2400)):
        y = hy + rng.random() ** 1.6 * rh
        x = rng.uniform(0, c.W)
        l = (8 + 60 * (y - hy) / rh) * c.u * rng.uniform(0.5, 1.5)
        c.d.line([(x, y), (x + l, y)], fill=alpha(hl, rng.randint(25, 70)), width=max(1, int(1.4 * c.u)))
    c.d.line([(0, hy), (c.W, hy)], fill=alpha(hl, 60), width=max(1, int(1.5 * c.u)))


def yacht(c: Ctx, x, y, L, time):
    d = c.d
    hull = "#f4f4f2" if time != "night" else "#c9cfdc"
    d.polygon([(x, y), (x + L, y), (x + L * 0.9, y + L * 0.12), (x + L * 0.08, y + L * 0.12)], fill=hull)
    d.line([(x + L * 0.03, y + L * 0.05), (x + L * 0.97, y + L * 0.05)], fill="#2c3e57", width=max(1, int(L * 0.015)))
    d.polygon([(x + L * 0.25, y), (x + L * 0.32, y - L * 0.1), (x + L * 0.72, y - L * 0.1), (x + L * 0.8, y)], fill=hull)
    d.rectangle([x + L * 0.36, y - L * 0.08, x + L * 0.68, y - L * 0.04], fill="#26384f")
    d.polygon([(x + L * 0.42, y - L * 0.1), (x + L * 0.47, y - L * 0.17), (x + L * 0.62, y - L * 0.17), (x + L * 0.64, y - L * 0.1)],
              fill=shade(hull, 0.95))
    if time == "night":
        for k in range(5):
            xx = x + L * (0.38 + k * 0.06)
            d.rectangle([xx, y - L * 0.075, xx + L * 0.03, y - L * 0.05], fill="#ffd98a")


def palm(c: Ctx, x, base, h, time, lean=None, dark=None):
    rng, d = c.rng, c.d
    lean = rng.uniform(-0.16, 0.16) if lean is None else lean
    night = time in ("night", "dusk") if dark is None else dark
    trunk = "#6e5237" if not night else "#2a1f2e"
    leaf = rng.choice(["#2f6a3c", "#3a7a42", "#2c5e3a"]) if not night else "#1c1a2c"
    leaf2 = shade(leaf, 1.25) if not night else "#26233a"
    top = (x + lean * h, base - h)
    ctrl = (x + lean * h * 0.15, base - h * 0.55)
    n = 22
    pts = [bezier((x, base), ctrl, top, i / n) for i in range(n + 1)]
    w0, w1 = h * 0.05, h * 0.026
    for i in range(n):
        w = w0 + (w1 - w0) * i / n
        d.line([pts[i], pts[i + 1]], fill=trunk, width=max(1, int(w)))
        if i % 2 == 0:
            px, py = pts[i]
            d.line([(px - w / 2, py), (px + w / 2, py - w * 0.15)], fill=shade(trunk, 0.75), width=max(1, int(w * 0.12)))
    tx, ty = top
    nf = rng.randint(8, 11)
    for k in range(nf):
        a = -math.pi - 0.35 + (math.pi + 0.7) * k / (nf - 1) + rng.uniform(-0.12, 0.12)
        L = h * rng.uniform(0.36, 0.5)
        droop = L * rng.uniform(0.45, 0.75)
        spine = [(tx + math.cos(a) * L * t, ty + math.sin(a) * L * t + droop * t * t) for t in [i / 12 for i in range(13)]]
        left, right = [], []
        for i, (sx, sy) in enumerate(spine):
            t = i / 12
            if i < 12:
                nx, ny = spine[i + 1][0] - sx, spine[i + 1][1] - sy
            else:
                nx, ny = sx - spine[i - 1][0], sy - spine[i - 1][1]
            ln = math.hypot(nx, ny) or 1
            nx, ny = -ny / ln, nx / ln
            wd = L * 0.13 * math.sin(math.pi * min(t * 1.1, 1)) ** 0.7
            left.append((sx + nx * wd, sy + ny * wd))
            right.append((sx - nx * wd * 0.7, sy - ny * wd * 0.7))
        d.polygon(left + right[::-1], fill=leaf if k % 2 else leaf2)
        d.line(spine, fill=shade(leaf, 0.8), width=max(1, int(h * 0.006)))
    r = h * 0.025
    for k in range(3):
        d.ellipse([tx - r * 2 + k * r * 1.3, ty - r * 0.2, tx - r * 0.6 + k * r * 1.3, ty + r * 1.2], fill="#5b4326" if not night else "#1a1422")


def shrub(c: Ctx, x, base, w, time, col=None):
    night = time in ("night", "dusk")
    col = C(col) if col else (hexc("#3e7a45") if not night else hexc("#1d2233"))
    d = c.d
    for k in range(5):
        r = w * c.rng.uniform(0.22, 0.34)
        cx = x + w * (0.15 + 0.18 * k)
        cy = base - r * c.rng.uniform(0.7, 1.1)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=shade(col, c.rng.uniform(0.85, 1.15)))


def tree(c: Ctx, x, base, h, time):
    d = c.d
    night = time in ("night", "dusk")
    d.line([(x, base), (x, base - h * 0.45)], fill="#5d4633" if not night else "#221b29", width=max(1, int(h * 0.05)))
    col = hexc(c.rng.choice(["#4f8a4a", "#5b9350", "#3f7840"])) if not night else hexc("#1e2236")
    for k in range(6):
        r = h * c.rng.uniform(0.18, 0.26)
        cx = x + c.rng.uniform(-0.2, 0.2) * h
        cy = base - h * c.rng.uniform(0.55, 0.85)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=shade(col, c.rng.uniform(0.88, 1.12)))


def glass_color(time):
    return {"day": "#86aecb", "morning": "#a9bccb", "golden": "#e9c89a", "dusk": "#ffc98a", "night": "#ffd98a"}[time]


def villa(c: Ctx, x, base, w, h, time, style="modern", wall=None):
    rng, d = c.rng, c.d
    night = time in ("night", "dusk")
    g = glass_color(time)
    if style == "modern":
        wall = C(wall) if wall else hexc(rng.choice(["#f2efe8", "#ece6da", "#f4f1ea", "#e8e2d6"]))
        if night:
            wall = mix(wall, "#6a5a78", 0.45)
        slab = shade(wall, 0.55) if rng.random() < 0.5 else hexc("#3b3f46")
        gh = h * 0.5
        # ground floor
        d.rectangle([x, base - gh, x + w, base], fill=wall)
        # upper floor, offset box
        ux0 = x + w * rng.uniform(0.05, 0.3)
        ux1 = min(x + w * 1.05, ux0 + w * rng.uniform(0.55, 0.72))
        uh = h * 0.42
        d.rectangle([ux0, base - gh - uh, ux1, base - gh], fill=shade(wall, 0.97))
        d.rectangle([ux1 - (ux1 - ux0) * 0.04, base - gh - uh, ux1, base - gh], fill=shade(wall, 0.85))
        # slabs
        d.rectangle([x - w * 0.04, base - gh - h * 0.035, x + w + w * 0.04, base - gh], fill=slab)
        d.rectangle([ux0 - w * 0.04, base - gh - uh - h * 0.035, ux1 + w * 0.04, base - gh - uh], fill=slab)
        # glazing: ground floor sliding doors
        gx0, gx1 = x + w * 0.08, x + w * rng.uniform(0.55, 0.7)
        d.rectangle([gx0, base - gh * 0.86, gx1, base], fill=g)
        n = 4
        for k in range(1, n):
            xx = gx0 + (gx1 - gx0) * k / n
            d.line([(xx, base - gh * 0.86), (xx, base)], fill="#3a3f45", width=max(1, int(2 * c.u)))
        d.rectangle([gx0, base - gh * 0.86, gx1, base], outline="#3a3f45", width=max(1, int(2 * c.u)))
        if not night:
            d.polygon([(gx0 + (gx1 - gx0) * 0.1, base), (gx0 + (gx1 - gx0) * 0.35, base - gh * 0.86),
                       (gx0 + (gx1 - gx0) * 0.5, base - gh * 0.86), (gx0 + (gx1 - gx0) * 0.25, base)], fill=alpha("#ffffff", 45))
        # wood cladding panel
        wx0 = gx1 + w * 0.06
        d.rectangle([wx0, base - gh * 0.9, x + w * 0.94, base], fill="#9b7150" if not night else "#5a4048")
        for k in range(6):
            xx = wx0 + (x + w * 0.94 - wx0) * k / 6
            d.line([(xx, base - gh * 0.9), (xx, base)], fill="#7f5b40" if not night else "#4a343c", width=max(1, int(c.u)))
        # upper ribbon window
        d.rectangle([ux0 + (ux1 - ux0) * 0.1, base - gh - uh * 0.78, ux1 - (ux1 - ux0) * 0.12, base - gh - uh * 0.22], fill=g,
                    outline="#3a3f45", width=max(1, int(2 * c.u)))
        for k in range(1, 3):
            xx = ux0 + (ux1 - ux0) * (0.1 + 0.78 * k / 3)
            d.line([(xx, base - gh - uh * 0.78), (xx, base - gh - uh * 0.22)], fill="#3a3f45", width=max(1, int(2 * c.u)))
        if night:
            blurred_blob(c, (gx0 + gx1) / 2, base - gh * 0.4, (gx1 - gx0) * 0.7, "#ffcf80", strength=70, blur=0.6, ry=gh * 0.6)
    else:  # mediterranean / arabesque villa with tiled roof
        wall = C(wall) if wall else hexc(rng.choice(["#ead7b5", "#e6cfaa", "#f0dfc2", "#e4d2b8"]))
        if night:
            wall = mix(wall, "#6a5a78", 0.45)
        roof = hexc(rng.choice(["#b35a3b", "#a9543a", "#9e4f36"]))
        if night:
            roof = mix(roof, "#3a2a40", 0.5)
        bh = h * 0.72
        d.rectangle([x, base - bh, x + w, base], fill=wall)
        d.polygon([(x - w * 0.05, base - bh), (x + w * 0.12, base - h), (x + w * 0.88, base - h), (x + w * 1.05, base - bh)], fill=roof)
        for k in range(1, 6):
            yy = base - bh - (h - bh) * k / 6
            d.line([(x + w * 0.12 * k / 6 - w * 0.05 * (1 - k / 6), yy), (x + w - w * 0.12 * k / 6 + w * 0.05 * (1 - k / 6), yy)],
                   fill=shade(roof, 0.85), width=max(1, int(1.5 * c.u)))
        # side tower
        tx0 = x + w * 0.68
        d.rectangle([tx0, base - h * 1.05, x + w * 0.92, base - bh], fill=shade(wall, 0.95))
        d.polygon([(tx0 - w * 0.03, base - h * 1.05), (tx0 + w * 0.12, base - h * 1.22), (x + w * 0.95, base - h * 1.05)], fill=roof)
        # arched windows
        for k in range(4):
            cx = x + w * (0.12 + 0.16 * k)
            ww, wh = w * 0.08, bh * 0.34
            for row in (0, 1):
                yb = base - bh * (0.12 + 0.48 * row)
                d.rectangle([cx, yb - wh, cx + ww, yb], fill=g, outline="#6b4a33", width=max(1, int(2 * c.u)))
                d.pieslice([cx, yb - wh - ww / 2, cx + ww, yb - wh + ww / 2], 180, 360, fill=g, outline="#6b4a33", width=max(1, int(2 * c.u)))
        # door
        dx = x + w * 0.76
        d.rectangle([dx, base - bh * 0.42, dx + w * 0.11, base], fill="#6b4a33")
        d.pieslice([dx, base - bh * 0.42 - w * 0.055, dx + w * 0.11, base - bh * 0.42 + w * 0.055], 180, 360, fill="#6b4a33")


def townhouses(c: Ctx, x0, base, width, h, time, n=4):
    """A row of contemporary two-storey townhouses with roof terraces."""
    rng, d = c.rng, c.d
    uw = width / n
    walls = ["#f3efe6", "#e6dccb"]
    night = time in ("night", "dusk")
    g = glass_color(time)
    frame = "#3a3f45"
    lw = max(1, int(2 * c.u))
    for i in range(n):
        x = x0 + i * uw
        wall = mix(walls[i % 2], "#6a5a78", 0.45) if night else hexc(walls[i % 2])
        slab = hexc("#4d5259") if not night else hexc("#2a2d3a")
        gh, fh = h * 0.46, h * 0.4  # ground and first floor heights
        # ground + first floor box
        d.rectangle([x, base - gh - fh, x + uw, base], fill=wall)
        # projecting first-floor frame
        d.rectangle([x + uw * 0.04, base - gh - fh, x + uw * 0.62, base - gh], fill=shade(wall, 0.93))
        d.rectangle([x + uw * 0.04, base - gh - fh - h * 0.025, x + uw * 0.64, base - gh - fh], fill=slab)
        d.rectangle([x + uw * 0.62, base - gh - fh, x + uw * 0.645, base - gh], fill=slab)
        # roof terrace box and pergola
        d.rectangle([x + uw * 0.62, base - gh - fh - h * 0.22, x + uw * 0.98, base - gh - fh], fill=shade(wall, 0.96))
        d.rectangle([x + uw * 0.6, base - gh - fh - h * 0.245, x + uw, base - gh - fh - h * 0.22], fill=slab)
        d.rectangle([x + uw * 0.68, base - gh - fh - h * 0.17, x + uw * 0.92, base - gh - fh - h * 0.03], fill=g, outline=frame, width=lw)
        wood = "#9b7150" if not night else "#5a4048"
        d.rectangle([x + uw * 0.05, base - gh - fh - h * 0.16, x + uw * 0.6, base - gh - fh - h * 0.14], fill=wood)
        for k in range(6):
            xx = x + uw * (0.07 + 0.1 * k)
            d.line([(xx, base - gh - fh - h * 0.16), (xx, base - gh - fh - h * 0.12)], fill=wood, width=lw)
        d.line([(x + uw * 0.07, base - gh - fh - h * 0.15), (x + uw * 0.07, base - gh - fh)], fill=wood, width=lw)
        # glass balustrade on the roof terrace
        d.rectangle([x, base - gh - fh - h * 0.07, x + uw * 0.6, base - gh - fh], fill=alpha("#dff0f7", 90), outline=alpha(frame, 120))
        # first-floor window
        d.rectangle([x + uw * 0.12, base - gh - fh * 0.82, x + uw * 0.54, base - gh - fh * 0.12], fill=g, outline=frame, width=lw)
        d.line([(x + uw * 0.33, base - gh - fh * 0.82), (x + uw * 0.33, base - gh - fh * 0.12)], fill=frame, width=lw)
        d.rectangle([x + uw * 0.7, base - gh - fh * 0.75, x + uw * 0.9, base - gh - fh * 0.25], fill=g, outline=frame, width=lw)
        # floor slab
        d.rectangle([x, base - gh - h * 0.02, x + uw, base - gh], fill=slab)
        # ground floor: sliding glass doors + entrance door with canopy
        d.rectangle([x + uw * 0.06, base - gh * 0.82, x + uw * 0.56, base], fill=g, outline=frame, width=lw)
        for k in (1, 2):
            xx = x + uw * (0.06 + 0.5 * k / 3)
            d.line([(xx, base - gh * 0.82), (xx, base)], fill=frame, width=lw)
        if not night:
            d.polygon([(x + uw * 0.1, base), (x + uw * 0.22, base - gh * 0.82), (x + uw * 0.28, base - gh * 0.82), (x + uw * 0.16, base)],
                      fill=alpha("#ffffff", 45))
        d.rectangle([x + uw * 0.68, base - gh * 0.78, x + uw * 0.86, base], fill="#7b5a40" if not night else "#4a3438")
        d.rectangle([x + uw * 0.64, base - gh * 0.84, x + uw * 0.9, base - gh * 0.78], fill=slab)
        d.ellipse([x + uw * 0.83, base - gh * 0.4, x + uw * 0.845, base - gh * 0.38], fill=GOLD)
        # party wall line
        d.line([(x, base - gh - fh), (x, base)], fill=shade(wall, 0.78), width=max(1, int(3 * c.u)))
        if night:
            blurred_blob(c, x + uw * 0.3, base - gh * 0.4, uw * 0.25, "#ffcf80", strength=70, blur=0.6)
            blurred_blob(c, x + uw * 0.33, base - gh - fh * 0.45, uw * 0.2, "#ffcf80", strength=50, blur=0.6)


def palace(c: Ctx, cx, base, w, h, time):
    d = c.d
    night = time in ("night", "dusk")
    wall = hexc("#efe3cc") if not night else mix("#efe3cc", "#6a5a78", 0.45)
    trim = hexc("#c9a45c") if not night else hexc("#9a7c4c")
    g = glass_color(time)
    x0 = cx - w / 2
    # wings
    for side in (-1, 1):
        wx = cx + side * w * 0.3 - w * 0.2
        d.rectangle([wx, base - h * 0.55, wx + w * 0.4, base], fill=shade(wall, 0.96))
        d.rectangle([wx - w * 0.01, base - h * 0.58, wx + w * 0.41, base - h * 0.55], fill=trim)
        for k in range(4):
            ax = wx + w * (0.04 + 0.09 * k)
            for yb in (base - h * 0.06, base - h * 0.32):
                d.rectangle([ax, yb - h * 0.14, ax + w * 0.045, yb], fill=g)
                d.pieslice([ax, yb - h * 0.14 - w * 0.0225, ax + w * 0.045, yb - h * 0.14 + w * 0.0225], 180, 360, fill=g)
    # central block
    d.rectangle([cx - w * 0.16, base - h * 0.78, cx + w * 0.16, base], fill=wall)
    d.rectangle([cx - w * 0.17, base - h * 0.81, cx + w * 0.17, base - h * 0.78], fill=trim)
    # dome
    d.rectangle([cx - w * 0.08, base - h * 0.9, cx + w * 0.08, base - h * 0.81], fill=shade(wall, 0.95))
    d.chord([cx - w * 0.09, base - h * 1.12, cx + w * 0.09, base - h * 0.72], 180, 360, fill=trim)
    d.line([(cx, base - h * 0.92 - h * 0.2), (cx, base - h * 1.2)], fill=trim, width=max(1, int(3 * c.u)))
    # columns and grand arch
    for k in range(6):
        xx = cx - w * 0.14 + k * w * 0.056
        d.rectangle([xx, base - h * 0.5, xx + w * 0.014, base], fill=shade(wall, 1.04))
    d.rectangle([cx - w * 0.05, base - h * 0.42, cx + w * 0.05, base], fill=g)
    d.pieslice([cx - w * 0.05, base - h * 0.42 - w * 0.05, cx + w * 0.05, base - h * 0.42 + w * 0.05], 180, 360, fill=g)
    if night:
        blurred_blob(c, cx, base - h * 0.3, w * 0.35, "#ffcf80", strength=60, blur=0.6, ry=h * 0.3)


def pool(c: Ctx, x0, y0, x1, y1, time, inset=0.08):
    d = c.d
    wat = {"day": "#4fb3d6", "morning": "#6fb8cf", "golden": "#6aaec2", "dusk": "#5a7ea8", "night": "#2f6fa0"}[time]
    w = x1 - x0
    d.polygon([(x0 - w * 0.02, y1 + (y1 - y0) * 0.08), (x1 + w * 0.02, y1 + (y1 - y0) * 0.08), (x1 - w * inset + w * 0.015, y0 - (y1 - y0) * 0.06),
               (x0 + w * inset - w * 0.015, y0 - (y1 - y0) * 0.06)], fill="#f3efe6" if time != "night" else "#8a8ca0")
    d.polygon([(x0, y1), (x1, y1), (x1 - w * inset, y0), (x0 + w * inset, y0)], fill=wat)
    for _ in range(14):
        yy = c.rng.uniform(y0, y1)
        t = (yy - y0) / max(1, (y1 - y0))
        xl = x0 + w * inset * (1 - t)
        xr = x1 - w * inset * (1 - t)
        xx = c.rng.uniform(xl, xr - w * 0.1)
        d.line([(xx, yy), (xx + w * c.rng.uniform(0.04, 0.12), yy)], fill=alpha("#ffffff", 90), width=max(1, int(2 * c.u)))
    if time == "night":
        blurred_blob(c, (x0 + x1) / 2, (y0 + y1) / 2, w * 0.35, "#58b8ff", strength=80, blur=0.5, ry=(y1 - y0) * 0.6)


def ground(c: Ctx, time, y, kind="lawn"):
    T = TIMES[time]
    y = int(y)
    night = time in ("night", "dusk")
    if kind == "lawn":
        stops = [(0, "#7fae5e"), (1, "#4f8a45")] if not night else [(0, "#2f3a45"), (1, "#1a2230")]
    elif kind == "sand":
        stops = [(0, "#ecd6ac"), (1, "#d8b47e")] if not night else [(0, "#6a5a6a"), (1, "#3a3045")]
        if time == "golden":
            stops = [(0, "#f0cf9a"), (1, "#d9a86e")]
    else:  # paving
        stops = [(0, "#d9d3c8"), (1, "#b9b1a4")] if not night else [(0, "#4a4a5c"), (1, "#2a2a38")]
    c.paste(vgradient(c.W, c.H - y, stops), (0, y))


# --------------------------------------------------------------------------
# scenes (each fills the whole Ctx)
# --------------------------------------------------------------------------
def scene_marina(c: Ctx, time="dusk", yachts=True, burj_at=None, horizon=0.66, cranes=0, construction=None, hmax=0.48):
    sky(c, time, horizon)
    skyline(c, time, horizon, hmax=hmax, burj_at=burj_at, cranes=cranes, construction=construction)
    water(c, time, horizon)
    if yachts:
        for k in range(c.rng.randint(2, 4)):
            L = c.rng.uniform(0.08, 0.16) * c.W
            y = horizon * c.H + c.rng.uniform(0.06, 0.26) * c.H
            yacht(c, c.rng.uniform(0.02, 0.85) * c.W, y, L, time)


def scene_beach(c: Ctx, time="day", towers=True):
    hz = 0.55
    sky(c, time, hz)
    if towers:
        skyline(c, time, hz, x0=0.5, x1=1.05, hmax=0.42, far=False)
    T = TIMES[time]
    sea = {"day": [(0, "#5cc0d2"), (1, "#2f8fb3")], "golden": [(0, "#7fb1c0"), (1, "#3b7a98")],
           "morning": [(0, "#8cc5d3"), (1, "#3d8cae")], "dusk": [(0, "#7b6a8a"), (1, "#2c3f66")],
           "night": [(0, "#1b2a55"), (1, "#0a1430")]}[time]
    sy0, sy1 = int(hz * c.H), int(0.72 * c.H)
    c.paste(vgradient(c.W, sy1 - sy0, sea), (0, sy0))
    for _ in range(70):
        y = c.rng.uniform(sy0, sy1)
        x = c.rng.uniform(0, c.W)
        c.d.line([(x, y), (x + c.rng.uniform(20, 80) * c.u, y)], fill=alpha("#ffffff", 60), width=max(1, int(1.5 * c.u)))
    ground(c, time, sy1, "sand")
    # wet sand / foam line
    pts = [(x, sy1 + math.sin(x / c.W * 9 + c.rng.random()) * 6 * c.u) for x in range(0, c.W + 20, 20)]
    c.d.line(pts, fill=alpha("#ffffff", 170), width=max(1, int(5 * c.u)))
    for k in range(2):
        ux = c.rng.uniform(0.1, 0.45) * c.W
        uy = c.rng.uniform(0.8, 0.88) * c.H
        r = 70 * c.u
        c.d.line([(ux, uy - r * 0.9), (ux, uy + r * 0.5)], fill="#6b5b4b", width=max(1, int(4 * c.u)))
        c.d.chord([ux - r, uy - r * 1.4, ux + r, uy - r * 0.4], 180, 360, fill=c.rng.choice(["#f4f1ea", "#e8d3a6", "#2f5f8a"]))
        c.d.rounded_rectangle([ux - r * 0.2, uy + r * 0.3, ux + r * 1.3, uy + r * 0.5], radius=int(6 * c.u), fill="#f7f3ea")
    for k in range(3):
        palm(c, c.rng.uniform(0.02, 0.45) * c.W, c.rng.uniform(0.86, 1.0) * c.H, c.rng.uniform(0.45, 0.6) * c.H, time)


def scene_villa(c: Ctx, time="day", style="modern", with_pool=True, golf=False, backdrop=False):
    hz = 0.6
    sky(c, time, hz, sun_x=c.rng.uniform(0.15, 0.85))
    if backdrop:
        skyline(c, time, hz, hmax=0.25, far=True, density=0.6)
    ground(c, time, hz * c.H, "lawn")
    if golf:
        # rolling fairway bands and a flag
        for k in range(3):
            y = hz * c.H + k * 0.05 * c.H
            c.d.ellipse([-0.2 * c.W + k * 0.3 * c.W, y, 0.8 * c.W + k * 0.3 * c.W, y + 0.12 * c.H], fill=alpha("#9cc76f", 70))
        fx, fy = 0.85 * c.W, hz * c.H + 0.05 * c.H
        c.d.line([(fx, fy), (fx, fy - 0.09 * c.H)], fill="#eeeeee", width=max(1, int(2 * c.u)))
        c.d.polygon([(fx, fy - 0.09 * c.H), (fx + 0.035 * c.W, fy - 0.075 * c.H), (fx, fy - 0.06 * c.H)], fill="#d9473b")
    # distant trees
    for k in range(8):
        tree(c, c.rng.uniform(0, 1) * c.W, hz * c.H + 4 * c.u, c.rng.uniform(0.05, 0.09) * c.H, time)
    vw, vh = 0.56 * c.W, 0.34 * c.H
    vx = c.rng.uniform(0.12, 0.3) * c.W
    base = 0.8 * c.H if with_pool else 0.86 * c.H
    villa(c, vx, base, vw, vh, time, style=style)
    if style == "modern":
        c.d.rectangle([0, base, c.W, base + 0.02 * c.H], fill="#e9e4da" if time != "night" else "#5a5a6e")
    shrub(c, vx - 0.12 * c.W, base, 0.12 * c.W, time)
    shrub(c, vx + vw + 0.02 * c.W, base, 0.1 * c.W, time)
    if with_pool:
        pool(c, 0.08 * c.W, base + 0.05 * c.H, 0.78 * c.W, 0.97 * c.H, time)
    palm(c, vx - 0.05 * c.W, base + 0.02 * c.H, 0.5 * c.H, time, lean=-0.12)
    palm(c, vx + vw + 0.08 * c.W, base + 0.03 * c.H, 0.55 * c.H, time, lean=0.1)
    if c.rng.random() < 0.6:
        palm(c, 0.92 * c.W, 1.0 * c.H, 0.68 * c.H, time, lean=-0.08)


def scene_townhouses(c: Ctx, time="day"):
    hz = 0.5
    night = time in ("night", "dusk")
    sky(c, time, hz)
    ground(c, time, hz * c.H, "lawn")
    for k in range(7):
        tree(c, c.rng.uniform(0, 1) * c.W, hz * c.H + 3 * c.u, c.rng.uniform(0.05, 0.08) * c.H, time)
    base = 0.8 * c.H
    townhouses(c, -0.08 * c.W, base, 1.16 * c.W, 0.4 * c.H, time, n=4)
    # front gardens, pavement and road
    c.paste(vgradient(c.W, int(0.06 * c.H), [(0, "#6f9e52"), (1, "#5a8c45")] if not night else [(0, "#2f3a45"), (1, "#1a2230")]),
            (0, int(base)))
    for k in range(9):
        shrub(c, (k * 0.13 - 0.02) * c.W, base + 0.035 * c.H, 0.07 * c.W, time)
    y = base + 0.06 * c.H
    c.paste(vgradient(c.W, int(0.05 * c.H), [(0, "#e6e0d4"), (1, "#d3cbbd")] if not night else [(0, "#5a5a6e"), (1, "#4a4a5c")]), (0, int(y)))
    y2 = y + 0.05 * c.H
    c.paste(vgradient(c.W, c.H - int(y2), [(0, "#6a6e75"), (1, "#50545b")] if not night else [(0, "#2e3140"), (1, "#1e202a")]), (0, int(y2)))
    for k in range(6):
        x = k * 0.2 * c.W
        c.d.rectangle([x, 0.935 * c.H, x + 0.09 * c.W, 0.945 * c.H], fill=alpha("#ffffff", 170))
    for k in range(3):
        palm(c, (0.17 + 0.33 * k) * c.W, base + 0.09 * c.H, 0.42 * c.H, time, lean=c.rng.uniform(-0.06, 0.06))


def scene_palace(c: Ctx, time="golden"):
    hz = 0.62
    sky(c, time, hz)
    ground(c, time, hz * c.H, "lawn")
    palace(c, 0.5 * c.W, 0.8 * c.H, 0.78 * c.W, 0.42 * c.H, time)
    c.paste(vgradient(c.W, c.H - int(0.8 * c.H), [(0, "#e9dfcc"), (1, "#cdbfa5")] if time not in ("night", "dusk")
                      else [(0, "#5a5468"), (1, "#35304a")]), (0, int(0.8 * c.H)))
    # fountain
    fx, fy = 0.5 * c.W, 0.9 * c.H
    c.d.ellipse([fx - 0.14 * c.W, fy - 0.03 * c.H, fx + 0.14 * c.W, fy + 0.04 * c.H], fill="#f1ece2")
    c.d.ellipse([fx - 0.12 * c.W, fy - 0.022 * c.H, fx + 0.12 * c.W, fy + 0.03 * c.H], fill="#5fb0cf" if time != "night" else "#2f6fa0")
    c.d.rectangle([fx - 0.008 * c.W, fy - 0.07 * c.H, fx + 0.008 * c.W, fy], fill="#f1ece2")
    for k in range(7):
        a = math.pi * (0.15 + 0.7 * k / 6)
        c.d.arc([fx - 0.06 * c.W, fy - 0.12 * c.H, fx + 0.06 * c.W, fy + 0.02 * c.H], 200 + k * 20, 220 + k * 20, fill=alpha("#ffffff", 160),
                width=max(1, int(2 * c.u)))
    for sx in (0.06, 0.2, 0.8, 0.94):
        palm(c, sx * c.W, 0.98 * c.H, 0.62 * c.H, time, lean=(0.5 - sx) * 0.2)


def scene_plot(c: Ctx, time="morning", backdrop=True):
    hz = 0.55
    sky(c, time, hz)
    if backdrop:
        skyline(c, time, hz, hmax=0.2, far=True, density=0.5, cranes=1)
    ground(c, time, hz * c.H, "sand")
    rng = c.rng
    # dunes
    for k in range(4):
        y0 = hz * c.H + k * 0.08 * c.H
        col = mix("#e9cf9f", "#c99a5e", k / 4) if time not in ("night", "dusk") else mix("#6a5a6a", "#3a3045", k / 4)
        ph = rng.random() * 6
        pts = [(x, y0 + math.sin(x / c.W * (3 + k) + ph) * 0.025 * c.H) for x in range(0, c.W + 40, 20)]
        c.d.polygon(pts + [(c.W, c.H), (0, c.H)], fill=col)
    # plot boundary in perspective with fence posts
    A, B = (0.12 * c.W, 0.95 * c.H), (0.9 * c.W, 0.95 * c.H)
    Cc, D = (0.72 * c.W, 0.7 * c.H), (0.3 * c.W, 0.7 * c.H)
    c.d.polygon([A, B, Cc, D], fill=alpha("#ffffff", 35))
    for (p, q) in ((A, B), (B, Cc), (Cc, D), (D, A)):
        for k in range(11):
            t = k / 10
            x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
            hh = 0.03 * c.H * (0.6 + 0.4 * (y - 0.7 * c.H) / (0.25 * c.H))
            c.d.line([(x, y), (x, y - hh)], fill="#6b5640", width=max(1, int(3 * c.u)))
        c.d.line([(p[0], p[1] - 0.02 * c.H), (q[0], q[1] - 0.015 * c.H)], fill=alpha("#6b5640", 200), width=max(1, int(1.5 * c.u)))
    # sign board
    sx, sy = 0.16 * c.W, 0.82 * c.H
    c.d.line([(sx, sy), (sx, sy - 0.2 * c.H)], fill="#4a3b2c", width=max(1, int(5 * c.u)))
    c.d.line([(sx + 0.14 * c.W, sy), (sx + 0.14 * c.W, sy - 0.2 * c.H)], fill="#4a3b2c", width=max(1, int(5 * c.u)))
    c.d.rectangle([sx - 0.01 * c.W, sy - 0.3 * c.H, sx + 0.15 * c.W, sy - 0.17 * c.H], fill=NAVY, outline=GOLD, width=max(1, int(3 * c.u)))
    f = font(int(0.045 * c.H))
    c.d.text((sx + 0.07 * c.W, sy - 0.235 * c.H), "PLOT", fill=SAND, font=f, anchor="mm")


def scene_warehouse(c: Ctx, time="day"):
    hz = 0.55
    sky(c, time, hz)
    ground(c, time, hz * c.H, "sand")
    d, rng = c.d, c.rng
    night = time in ("night", "dusk")
    wall = hexc(rng.choice(["#c9ccd0", "#d4d6d8", "#bfc5cc"])) if not night else hexc("#4a4e66")
    x0, x1 = 0.1 * c.W, 0.92 * c.W
    top, base = 0.3 * c.H, 0.78 * c.H
    d.polygon([(x0, top + 0.05 * c.H), ((x0 + x1) / 2, top), (x1, top + 0.05 * c.H), (x1, base), (x0, base)], fill=wall)
    d.polygon([(x0 - 0.01 * c.W, top + 0.05 * c.H), ((x0 + x1) / 2, top - 0.01 * c.H), (x1 + 0.01 * c.W, top + 0.05 * c.H),
               (x1 + 0.01 * c.W, top + 0.065 * c.H), ((x0 + x1) / 2, top + 0.005 * c.H), (x0 - 0.01 * c.W, top + 0.065 * c.H)],
              fill=shade(wall, 0.6))
    x = x0
    while x < x1:
        d.line([(x, top + 0.07 * c.H), (x, base)], fill=shade(wall, 0.9), width=max(1, int(1.5 * c.u)))
        x += 9 * c.u
    d.rectangle([x0, top + 0.12 * c.H, x1, top + 0.16 * c.H], fill=alpha("#2f5f8a", 200))
    for k in range(4):
        rx = x0 + (0.06 + 0.23 * k) * (x1 - x0)
        rw = 0.15 * (x1 - x0)
        d.rectangle([rx, base - 0.22 * c.H, rx + rw, base], fill=shade(wall, 0.75))
        for j in range(12):
            yy = base - 0.22 * c.H + j * 0.22 * c.H / 12
            d.line([(rx, yy), (rx + rw, yy)], fill=shade(wall, 0.62), width=max(1, int(1.2 * c.u)))
        d.rectangle([rx - 0.01 * c.W, base - 0.235 * c.H, rx + rw + 0.01 * c.W, base - 0.22 * c.H], fill="#e2ad3a")
    d.rectangle([x0, base, x1, base + 0.03 * c.H], fill="#8d8f93")
    # truck
    tx, ty = 0.55 * c.W, 0.93 * c.H
    L = 0.3 * c.W
    d.rectangle([tx, ty - 0.16 * c.H, tx + L * 0.72, ty - 0.03 * c.H], fill="#f4f4f2")
    d.rectangle([tx + L * 0.72, ty - 0.12 * c.H, tx + L, ty - 0.03 * c.H], fill=NAVY)
    d.rectangle([tx + L * 0.8, ty - 0.11 * c.H, tx + L * 0.96, ty - 0.075 * c.H], fill="#9fc3dc")
    d.rectangle([tx + L * 0.05, ty - 0.13 * c.H, tx + L * 0.6, ty - 0.09 * c.H], fill=GOLD)
    for wx in (0.12, 0.3, 0.85):
        r = 0.028 * c.H
        d.ellipse([tx + L * wx - r, ty - 0.03 * c.H - r, tx + L * wx + r, ty - 0.03 * c.H + r], fill="#222")
        d.ellipse([tx + L * wx - r * 0.45, ty - 0.03 * c.H - r * 0.45, tx + L * wx + r * 0.45, ty - 0.03 * c.H + r * 0.45], fill="#999")
    if night:
        for k in range(5):
            blurred_blob(c, x0 + (x1 - x0) * (0.1 + 0.2 * k), base - 0.25 * c.H, 0.03 * c.W, "#ffd98a", strength=160, blur=0.5)


def scene_shop(c: Ctx, time="day"):
    d, rng = c.d, c.rng
    night = time in ("night", "dusk")
    sky(c, time, 0.3)
    # podium facade
    stone = hexc(rng.choice(["#e4dccd", "#d9d2c6", "#ece5d8"])) if not night else hexc("#5a5670")
    d.rectangle([0, 0.06 * c.H, c.W, 0.82 * c.H], fill=stone)
    # upper floors window grid
    for row in range(3):
        for col in range(9):
            x = (0.03 + col * 0.108) * c.W
            y = (0.1 + row * 0.08) * c.H
            fill = glass_color(time) if night and rng.random() < 0.5 else mix(TIMES[time]["sky"][1][1], "#ffffff", 0.2)
            d.rectangle([x, y, x + 0.085 * c.W, y + 0.055 * c.H], fill=fill, outline=shade(stone, 0.7), width=max(1, int(2 * c.u)))
    # sign band and canopy
    d.rectangle([0, 0.36 * c.H, c.W, 0.44 * c.H], fill=NAVY)
    d.rectangle([0, 0.44 * c.H, c.W, 0.455 * c.H], fill=GOLD)
    # shopfronts
    for k in range(3):
        x0 = (0.03 + k * 0.33) * c.W
        x1 = x0 + 0.3 * c.W
        inside = "#f3e2c2" if night else "#cfd8dc"
        d.rectangle([x0, 0.47 * c.H, x1, 0.82 * c.H], fill=inside)
        # shelves and goods
        for s in range(3):
            y = (0.55 + s * 0.08) * c.H
            d.line([(x0 + 0.02 * c.W, y), (x1 - 0.02 * c.W, y)], fill="#8a7a68", width=max(1, int(3 * c.u)))
            xx = x0 + 0.03 * c.W
            while xx < x1 - 0.04 * c.W:
                gw = rng.uniform(0.01, 0.025) * c.W
                gh = rng.uniform(0.025, 0.05) * c.H
                d.rectangle([xx, y - gh, xx + gw, y], fill=rng.choice(["#c9a45c", "#8fb3c9", "#d98e6f", "#6f8f7a", "#f4f1ea", "#3d4f6a"]))
                xx += gw + rng.uniform(0.004, 0.012) * c.W
        d.rectangle([x0, 0.47 * c.H, x1, 0.82 * c.H], outline="#2b2f36", width=max(1, int(6 * c.u)))
        d.line([((x0 + x1) / 2, 0.47 * c.H), ((x0 + x1) / 2, 0.82 * c.H)], fill="#2b2f36", width=max(1, int(4 * c.u)))
        d.polygon([(x0 + 0.05 * c.W, 0.82 * c.H), (x0 + 0.13 * c.W, 0.47 * c.H), (x0 + 0.17 * c.W, 0.47 * c.H), (x0 + 0.09 * c.W, 0.82 * c.H)],
                  fill=alpha("#ffffff", 50))
        # sign lettering placeholders
        d.rounded_rectangle([x0 + 0.06 * c.W, 0.38 * c.H, x1 - 0.06 * c.W, 0.42 * c.H], radius=int(6 * c.u), fill=alpha(SAND, 40))
        for j in range(5):
            lx = x0 + 0.08 * c.W + j * 0.03 * c.W
            d.rectangle([lx, 0.39 * c.H, lx + 0.02 * c.W, 0.41 * c.H], fill=GOLD if j % 2 else SAND)
        if night:
            blurred_blob(c, (x0 + x1) / 2, 0.62 * c.H, 0.12 * c.W, "#ffd98a", strength=60, blur=0.6)
    # pavement
    c.paste(vgradient(c.W, c.H - int(0.82 * c.H), [(0, "#d8d2c7"), (1, "#b2aa9c")] if not night else [(0, "#5a5668"), (1, "#34304a")]),
            (0, int(0.82 * c.H)))
    for k in range(12):
        x = k * c.W / 11
        c.d.line([(x, 0.82 * c.H), (0.5 * c.W + (x - 0.5 * c.W) * 1.8, c.H)], fill=alpha("#000000", 22), width=max(1, int(c.u)))
    for y in (0.86, 0.91, 0.97):
        c.d.line([(0, y * c.H), (c.W, y * c.H)], fill=alpha("#000000", 22), width=max(1, int(c.u)))
    for px in (0.0, 0.33, 0.66, 0.99):
        c.d.rectangle([px * c.W - 0.03 * c.W, 0.84 * c.H, px * c.W + 0.03 * c.W, 0.9 * c.H], fill="#6b6258")
        tree(c, px * c.W, 0.85 * c.H, 0.16 * c.H, time)


def scene_terrace(c: Ctx, time="dusk"):
    hz = 0.62
    sky(c, time, hz)
    skyline(c, time, hz, hmax=0.35, burj_at=c.rng.choice([None, 0.7]))
    water(c, time, hz, strength=0.3)
    d = c.d
    night = time in ("night", "dusk")
    # infinity pool
    py0, py1 = 0.7 * c.H, 0.8 * c.H
    d.rectangle([0, py0, c.W, py1], fill="#3b8fc0" if not night else "#2a5f8f")
    for _ in range(25):
        x, y = c.rng.uniform(0, c.W), c.rng.uniform(py0, py1)
        d.line([(x, y), (x + c.rng.uniform(20, 70) * c.u, y)], fill=alpha("#ffffff", 70), width=max(1, int(1.5 * c.u)))
    d.rectangle([0, py0 - 3 * c.u, c.W, py0], fill=alpha("#ffffff", 120))
    # deck
    deck = [(0, "#b08a64"), (1, "#8a6a4c")] if not night else [(0, "#6a5048"), (1, "#3e2e30")]
    c.paste(vgradient(c.W, c.H - int(py1), deck), (0, int(py1)))
    for k in range(16):
        x = k * c.W / 15
        c.d.line([(x, py1), (0.5 * c.W + (x - 0.5 * c.W) * 1.6, c.H)], fill=alpha("#000000", 30), width=max(1, int(1.5 * c.u)))
    # loungers
    for lx in (0.12, 0.32, 0.68):
        x = lx * c.W
        y = 0.9 * c.H
        c.d.polygon([(x, y), (x + 0.14 * c.W, y), (x + 0.14 * c.W, y - 0.02 * c.H), (x + 0.03 * c.W, y - 0.02 * c.H), (x, y - 0.07 * c.H)],
                    fill="#f4f1ea" if not night else "#b9b6c6")
        c.d.line([(x + 0.01 * c.W, y), (x + 0.01 * c.W, y + 0.03 * c.H)], fill="#3a3f45", width=max(1, int(3 * c.u)))
        c.d.line([(x + 0.13 * c.W, y), (x + 0.13 * c.W, y + 0.03 * c.H)], fill="#3a3f45", width=max(1, int(3 * c.u)))
    # plant pots
    for px in (0.5, 0.93):
        x = px * c.W
        c.d.rectangle([x - 0.03 * c.W, 0.86 * c.H, x + 0.03 * c.W, 0.97 * c.H], fill="#3d3f44")
        for k in range(9):
            a = -math.pi / 2 + (k - 4) * 0.25
            c.d.line([(x, 0.86 * c.H), (x + math.cos(a) * 0.1 * c.H, 0.86 * c.H + math.sin(a) * 0.12 * c.H)],
                     fill="#3a7a42" if not night else "#1c2a2c", width=max(1, int(6 * c.u)))
    if night:
        for lx in (0.2, 0.8):
            blurred_blob(c, lx * c.W, 0.95 * c.H, 0.05 * c.W, "#ffcf80", strength=120, blur=0.5)


# -------------------------- interiors ------------------------------------
def room(c: Ctx, wall="#efe8dd", floor="wood", bx=(0.17, 0.83), by=(0.13, 0.64), night=False):
    d = c.d
    W, H = c.W, c.H
    x0, x1 = bx[0] * W, bx[1] * W
    y0, y1 = by[0] * H, by[1] * H
    wallc = hexc(wall) if not night else mix(wall, "#5a4a5a", 0.35)
    if floor == "wood":
        fc = hexc("#b58d66") if not night else hexc("#7a5c4a")
    elif floor == "marble":
        fc = hexc("#e8e4de") if not night else hexc("#9a94a0")
    else:  # carpet
        fc = hexc("#8e949b") if not night else hexc("#5a5e6a")
    d.polygon([(0, H), (W, H), (x1, y1), (x0, y1)], fill=fc)
    if floor == "wood":
        for k in range(19):
            t = k / 18
            d.line([(x0 + (x1 - x0) * t, y1), (-0.4 * W + 1.8 * W * t, H)], fill=shade(fc, 0.88), width=max(1, int(1.5 * c.u)))
    elif floor == "marble":
        for k in range(9):
            t = k / 8
            d.line([(x0 + (x1 - x0) * t, y1), (-0.4 * W + 1.8 * W * t, H)], fill=shade(fc, 0.94), width=max(1, int(1.2 * c.u)))
        for k in range(4):
            yy = y1 + (H - y1) * (k + 1) ** 1.6 / 4 ** 1.6
            d.line([(0, yy), (W, yy)], fill=shade(fc, 0.94), width=max(1, int(1.2 * c.u)))
        for _ in range(6):
            x = c.rng.uniform(0, W)
            y = c.rng.uniform(y1, H)
            d.line([(x, y), (x + c.rng.uniform(40, 160) * c.u, y + c.rng.uniform(-30, 30) * c.u)], fill=alpha("#b8b0a6", 90),
                   width=max(1, int(1.5 * c.u)))
    d.polygon([(0, 0), (W, 0), (x1, y0), (x0, y0)], fill=shade(wallc, 1.04))
    d.polygon([(0, 0), (x0, y0), (x0, y1), (0, H)], fill=shade(wallc, 0.9))
    d.polygon([(W, 0), (x1, y0), (x1, y1), (W, H)], fill=shade(wallc, 0.95))
    d.rectangle([x0, y0, x1, y1], fill=wallc)
    # skirting and ceiling cove light
    d.line([(x0, y1), (x1, y1)], fill=shade(wallc, 0.8), width=max(1, int(3 * c.u)))
    d.line([(x0, y0), (x1, y0)], fill=alpha("#fff4dc", 160 if night else 90), width=max(1, int(4 * c.u)))
    return x0, y0, x1, y1


def window_view(c: Ctx, box, view="day", mullions=4, curtains=True):
    x0, y0, x1, y1 = [int(v) for v in box]
    w, h = x1 - x0, y1 - y0
    sub = Ctx(w, h, random.Random(c.rng.random()))
    sub.u = c.u
    if view == "sea":
        scene_beach(sub, "day", towers=False)
    elif view.startswith("sea-"):
        scene_marina(sub, view[4:], yachts=True, horizon=0.55, hmax=0.3)
    elif view == "villa":
        scene_villa(sub, "day", with_pool=True)
    else:
        scene_marina(sub, view, yachts=False, horizon=0.72, burj_at=sub.rng.choice([None, 0.35, 0.6]), hmax=0.55)
    c.paste(sub.img, (x0, y0))
    fw = max(2, int(5 * c.u))
    frame = "#2f3338"
    c.d.rectangle([x0, y0, x1, y1], outline=frame, width=fw)
    for k in range(1, mullions):
        xx = x0 + w * k / mullions
        c.d.line([(xx, y0), (xx, y1)], fill=frame, width=max(1, int(fw * 0.7)))
    c.d.polygon([(x0 + w * 0.05, y1), (x0 + w * 0.25, y0), (x0 + w * 0.32, y0), (x0 + w * 0.12, y1)], fill=alpha("#ffffff", 22))
    if curtains:
        for side in (0, 1):
            cx0 = x0 - w * 0.06 if side == 0 else x1 - w * 0.04
            cw = w * 0.1
            c.d.rectangle([cx0, y0 - 6 * c.u, cx0 + cw, y1 + 4 * c.u], fill="#e9e1d3")
            for k in range(5):
                xx = cx0 + cw * (k + 0.5) / 5
                c.d.line([(xx, y0), (xx, y1)], fill=alpha("#b8ab96", 110), width=max(1, int(2 * c.u)))


def sofa(c: Ctx, x0, y1, w, h, color):
    d = c.d
    col = hexc(color)
    dark = shade(col, 0.82)
    r = int(h * 0.12)
    d.rounded_rectangle([x0, y1 - h, x0 + w, y1 - h * 0.45], radius=r, fill=dark)  # back
    d.rounded_rectangle([x0 + w * 0.05, y1 - h * 0.5, x0 + w * 0.95, y1 - h * 0.12], radius=r, fill=col)  # seat
    for k in range(3):
        cx = x0 + w * (0.07 + 0.29 * k)
        d.rounded_rectangle([cx, y1 - h * 0.92, cx + w * 0.27, y1 - h * 0.48], radius=r, fill=shade(col, 0.95))
    d.rounded_rectangle([x0 - w * 0.02, y1 - h * 0.7, x0 + w * 0.08, y1 - h * 0.1], radius=r, fill=dark)
    d.rounded_rectangle([x0 + w * 0.92, y1 - h * 0.7, x0 + w * 1.02, y1 - h * 0.1], radius=r, fill=dark)
    for xx in (x0 + w * 0.06, x0 + w * 0.94):
        d.rectangle([xx - 2 * c.u, y1 - h * 0.12, xx + 2 * c.u, y1], fill="#2b2b2b")
    # throw cushions
    for k, cc in enumerate(["#c9a45c", "#f4f1ea"]):
        cx = x0 + w * (0.12 + 0.62 * k)
        d.rounded_rectangle([cx, y1 - h * 0.8, cx + w * 0.14, y1 - h * 0.48], radius=r, fill=cc)


def plant(c: Ctx, x, base, h):
    d = c.d
    d.polygon([(x - h * 0.16, base - h * 0.28), (x + h * 0.16, base - h * 0.28), (x + h * 0.12, base), (x - h * 0.12, base)], fill="#d8cfc2")
    for k in range(11):
        a = -math.pi / 2 + (k - 5) * 0.22
        L = h * c.rng.uniform(0.55, 0.8)
        ex, ey = x + math.cos(a) * L * 0.7, base - h * 0.28 + math.sin(a) * L
        d.ellipse([ex - h * 0.09, ey - h * 0.05, ex + h * 0.09, ey + h * 0.05], fill=c.rng.choice(["#3d7a44", "#4f8f52", "#2f6a3c"]))
        d.line([(x, base - h * 0.28), (ex, ey)], fill="#3a5a32", width=max(1, int(2 * c.u)))


def lamp(c: Ctx, x, base, h, on):
    d = c.d
    d.line([(x, base), (x, base - h * 0.8)], fill="#2b2b2b", width=max(1, int(3 * c.u)))
    d.ellipse([x - h * 0.08, base - h * 0.02, x + h * 0.08, base + h * 0.02], fill="#2b2b2b")
    if on:
        blurred_blob(c, x, base - h * 0.85, h * 0.3, "#ffd98a", strength=140, blur=0.6)
    d.polygon([(x - h * 0.1, base - h * 0.75), (x + h * 0.1, base - h * 0.75), (x + h * 0.07, base - h), (x - h * 0.07, base - h)],
              fill="#f3e7cf")


def pendant(c: Ctx, x, y_top, L, r, on, color="#2f3338"):
    d = c.d
    d.line([(x, y_top), (x, y_top + L)], fill=color, width=max(1, int(1.5 * c.u)))
    if on:
        blurred_blob(c, x, y_top + L + r * 0.5, r * 1.6, "#ffd98a", strength=130, blur=0.6)
    d.chord([x - r, y_top + L, x + r, y_top + L + r * 2], 180, 360, fill=color)
    d.ellipse([x - r * 0.3, y_top + L + r * 0.85, x + r * 0.3, y_top + L + r * 1.15], fill="#fff1c9")


def art(c: Ctx, box):
    x0, y0, x1, y1 = box
    d = c.d
    d.rectangle(box, fill="#f7f3ea", outline="#2f3338", width=max(1, int(3 * c.u)))
    pal = c.rng.choice([["#c9a45c", "#0f2a44", "#d98e6f"], ["#6f8f7a", "#e6cfaa", "#3d4f6a"], ["#b35a3b", "#e9c89a", "#2f5f8a"]])
    w, h = x1 - x0, y1 - y0
    d.ellipse([x0 + w * 0.2, y0 + h * 0.2, x0 + w * 0.6, y0 + h * 0.6], fill=pal[0])
    d.rectangle([x0 + w * 0.45, y0 + h * 0.45, x0 + w * 0.85, y0 + h * 0.8], fill=pal[1])
    d.line([(x0 + w * 0.15, y0 + h * 0.85), (x0 + w * 0.85, y0 + h * 0.15)], fill=pal[2], width=max(1, int(4 * c.u)))


def rug(c: Ctx, y0, y1, w0, w1, color):
    cx = c.W / 2
    c.d.polygon([(cx - w1 / 2, y1), (cx + w1 / 2, y1), (cx + w0 / 2, y0), (cx - w0 / 2, y0)], fill=color)
    c.d.polygon([(cx - w1 / 2 * 0.9, y1 - (y1 - y0) * 0.06), (cx + w1 / 2 * 0.9, y1 - (y1 - y0) * 0.06),
                 (cx + w0 / 2 * 0.9, y0 + (y1 - y0) * 0.06), (cx - w0 / 2 * 0.9, y0 + (y1 - y0) * 0.06)],
                outline=alpha("#ffffff", 70), width=max(1, int(2 * c.u)))


def scene_interior(c: Ctx, kind="living", view="day", floor="wood", wall=None):
    rng = c.rng
    night = view in ("night",) or view.endswith("night")
    wall = wall or rng.choice(["#efe8dd", "#f1ece4", "#ebe5dc", "#e9e4dc"])
    x0, y0, x1, y1 = room(c, wall=wall, floor=floor, night=night)
    W, H = c.W, c.H
    accent = rng.choice(["#8c9aa6", "#b7a58e", "#7d8f84", "#c8bca8", "#5d6d7e"])
    if kind == "living":
        window_view(c, (x0 + (x1 - x0) * 0.08, y0 + (y1 - y0) * 0.07, x1 - (x1 - x0) * 0.08, y1), view)
        rug(c, 0.66 * H, 0.94 * H, 0.5 * W, 0.8 * W, alpha(rng.choice(["#d9cbb4", "#c9b9a6", "#b9c2c8"]), 255))
        sofa(c, 0.27 * W, 0.76 * H, 0.46 * W, 0.2 * H, accent)
        # coffee table
        c.d.ellipse([0.38 * W, 0.8 * H, 0.62 * W, 0.88 * H], fill="#3a3330")
        c.d.ellipse([0.38 * W, 0.79 * H, 0.62 * W, 0.86 * H], fill="#e8e2d8" if floor != "marble" else "#3a3330")
        c.d.ellipse([0.46 * W, 0.8 * H, 0.5 * W, 0.82 * H], fill="#c9a45c")
        plant(c, 0.1 * W, 0.92 * H, 0.3 * H)
        lamp(c, 0.86 * W, 0.86 * H, 0.5 * H, on=night or view == "dusk")
        for px in (0.42, 0.5, 0.58):
            pendant(c, px * W, 0.0, 0.08 * H, 0.025 * W, on=night)
    elif kind == "bedroom":
        window_view(c, (x0 + (x1 - x0) * 0.56, y0 + (y1 - y0) * 0.07, x1 - (x1 - x0) * 0.04, y1), view, mullions=2)
        art(c, (x0 + (x1 - x0) * 0.12, y0 + (y1 - y0) * 0.12, x0 + (x1 - x0) * 0.42, y0 + (y1 - y0) * 0.42))
        bx0, bx1 = 0.18 * W, 0.62 * W
        d = c.d
        d.rounded_rectangle([bx0, 0.42 * H, bx1, 0.7 * H], radius=int(10 * c.u), fill=shade(accent, 0.8))  # headboard
        d.polygon([(bx0 - 0.02 * W, 0.98 * H), (bx1 + 0.06 * W, 0.98 * H), (bx1, 0.66 * H), (bx0, 0.66 * H)], fill="#f7f5f0")
        d.polygon([(bx0 - 0.03 * W, 0.99 * H), (bx1 + 0.07 * W, 0.99 * H), (bx1 + 0.03 * W, 0.82 * H), (bx0 - 0.01 * W, 0.82 * H)], fill=accent)
        d.rectangle([bx0 - 0.03 * W, 0.99 * H, bx1 + 0.07 * W, H], fill=shade(accent, 0.7))
        for k in range(2):
            px = bx0 + 0.03 * W + k * 0.21 * W
            d.rounded_rectangle([px, 0.6 * H, px + 0.18 * W, 0.7 * H], radius=int(14 * c.u), fill="#ffffff", outline="#e0dcd4")
        for nx in (bx0 - 0.12 * W, bx1 + 0.02 * W):
            d.rectangle([nx, 0.64 * H, nx + 0.1 * W, 0.76 * H], fill="#6b5543")
            d.line([(nx, 0.7 * H), (nx + 0.1 * W, 0.7 * H)], fill="#4f3f32", width=max(1, int(2 * c.u)))
            lamp(c, nx + 0.05 * W, 0.64 * H, 0.14 * H, on=True)
        plant(c, 0.92 * W, 0.96 * H, 0.28 * H)
    elif kind == "kitchen":
        d = c.d
        wx0, wx1 = x0 + (x1 - x0) * 0.34, x1 - (x1 - x0) * 0.34
        window_view(c, (wx0, y0 + (y1 - y0) * 0.08, wx1, y0 + (y1 - y0) * 0.62), view, mullions=2, curtains=False)
        cab = hexc(rng.choice(["#f4f1ea", "#2f3a45", "#c8bca8", "#e0d9cd"]))
        for side in ((x0 + (x1 - x0) * 0.02, wx0 - (x1 - x0) * 0.03), (wx1 + (x1 - x0) * 0.03, x1 - (x1 - x0) * 0.02)):
            a, b = side
            n = 3
            for k in range(n):
                cx0 = a + (b - a) * k / n
                d.rectangle([cx0 + 2 * c.u, y0 + (y1 - y0) * 0.06, cx0 + (b - a) / n - 2 * c.u, y0 + (y1 - y0) * 0.5], fill=cab,
                            outline=shade(cab, 0.85))
        # counter with backsplash and lower cabinets
        ct = y0 + (y1 - y0) * 0.7
        d.rectangle([x0, y0 + (y1 - y0) * 0.62, x1, ct], fill="#e9e6e0")
        d.rectangle([x0, ct, x1, ct + (y1 - y0) * 0.04], fill="#f7f7f5")
        for k in range(8):
            cx0 = x0 + (x1 - x0) * k / 8
            d.rectangle([cx0 + 2 * c.u, ct + (y1 - y0) * 0.05, cx0 + (x1 - x0) / 8 - 2 * c.u, y1], fill=cab, outline=shade(cab, 0.85))
            d.line([(cx0 + (x1 - x0) / 16 - 8 * c.u, ct + (y1 - y0) * 0.1), (cx0 + (x1 - x0) / 16 + 8 * c.u, ct + (y1 - y0) * 0.1)],
                   fill="#8a8a8a", width=max(1, int(2 * c.u)))
        # island
        d.rectangle([0.2 * W, 0.72 * H, 0.8 * W, 0.74 * H], fill="#f7f7f5")
        d.rectangle([0.22 * W, 0.74 * H, 0.78 * W, 0.95 * H], fill=shade(cab, 0.92))
        for k in range(3):
            sx = (0.3 + 0.2 * k) * W
            d.ellipse([sx - 0.045 * W, 0.8 * H, sx + 0.045 * W, 0.83 * H], fill="#3a3330")
            d.line([(sx - 0.03 * W, 0.82 * H), (sx - 0.04 * W, H)], fill="#3a3330", width=max(1, int(4 * c.u)))
            d.line([(sx + 0.03 * W, 0.82 * H), (sx + 0.04 * W, H)], fill="#3a3330", width=max(1, int(4 * c.u)))
        for px in (0.35, 0.5, 0.65):
            pendant(c, px * W, 0.0, 0.22 * H, 0.03 * W, on=True, color="#c9a45c")
        d.ellipse([0.55 * W, 0.69 * H, 0.65 * W, 0.73 * H], fill="#e0d9cd")
        for k in range(3):
            d.ellipse([0.57 * W + k * 0.02 * W, 0.695 * H, 0.59 * W + k * 0.02 * W, 0.715 * H], fill=["#e2ad3a", "#d9473b", "#6f9a4a"][k])
    elif kind == "studio":
        window_view(c, (x0 + (x1 - x0) * 0.1, y0 + (y1 - y0) * 0.07, x0 + (x1 - x0) * 0.62, y1), view, mullions=3)
        d = c.d
        # bed on the right
        d.rounded_rectangle([0.6 * W, 0.5 * H, 0.86 * W, 0.7 * H], radius=int(8 * c.u), fill=shade(accent, 0.8))
        d.polygon([(0.56 * W, 0.95 * H), (0.98 * W, 0.95 * H), (0.86 * W, 0.66 * H), (0.6 * W, 0.66 * H)], fill="#f7f5f0")
        d.polygon([(0.55 * W, 0.96 * H), (0.99 * W, 0.96 * H), (0.95 * W, 0.82 * H), (0.57 * W, 0.82 * H)], fill=accent)
        d.rounded_rectangle([0.63 * W, 0.6 * H, 0.83 * W, 0.68 * H], radius=int(12 * c.u), fill="#ffffff")
        sofa(c, 0.05 * W, 0.86 * H, 0.36 * W, 0.18 * H, rng.choice(["#c8bca8", "#7d8f84"]))
        d.rectangle([0.42 * W, 0.78 * H, 0.52 * W, 0.82 * H], fill="#3a3330")
        d.line([(0.43 * W, 0.82 * H), (0.43 * W, 0.9 * H)], fill="#3a3330", width=max(1, int(3 * c.u)))
        d.line([(0.51 * W, 0.82 * H), (0.51 * W, 0.9 * H)], fill="#3a3330", width=max(1, int(3 * c.u)))
        pendant(c, 0.45 * W, 0.0, 0.12 * H, 0.03 * W, on=night)


def scene_office(c: Ctx, view="day", open_plan=False):
    rng = c.rng
    night = view == "night"
    x0, y0, x1, y1 = room(c, wall="#e9ecef", floor="carpet", bx=(0.12, 0.88), by=(0.16, 0.6), night=night)
    window_view(c, (x0 + 2 * c.u, y0 + 2 * c.u, x1 - 2 * c.u, y1), view, mullions=6, curtains=False)
    W, H, d = c.W, c.H, c.d
    # ceiling light strips
    for k in range(5):
        t = (k + 0.5) / 5
        d.line([(x0 + (x1 - x0) * t, y0), (-0.3 * W + 1.6 * W * t, 0)], fill=alpha("#ffffff", 180), width=max(1, int(5 * c.u)))
    # desks in two depth rows
    rows = [(0.7, 0.55), (0.88, 0.9)] if open_plan else [(0.86, 1.0)]
    for ry, sc in rows:
        n = 4 if open_plan else 1
        for k in range(n):
            if open_plan:
                cx = W * (0.5 + (k - (n - 1) / 2) * 0.25 * sc)
            else:
                cx = W * 0.5
            dw = (0.2 if open_plan else 0.5) * W * sc
            top = ry * H - 0.1 * H * sc
            d.rectangle([cx - dw / 2, top, cx + dw / 2, top + 0.018 * H * sc], fill="#f4f1ea")
            d.rectangle([cx - dw / 2 + 4 * c.u, top + 0.018 * H * sc, cx - dw / 2 + 10 * c.u, ry * H], fill="#3a3f45")
            d.rectangle([cx + dw / 2 - 10 * c.u, top + 0.018 * H * sc, cx + dw / 2 - 4 * c.u, ry * H], fill="#3a3f45")
            for m in ((-0.2, 0.0), (0.2, 0.0)) if not open_plan else ((0.0, 0.0),):
                mx = cx + m[0] * dw
                mw, mh = 0.09 * W * sc, 0.06 * H * sc
                d.rectangle([mx - mw / 2, top - mh - 0.012 * H * sc, mx + mw / 2, top - 0.012 * H * sc], fill="#1f2328")
                d.rectangle([mx - mw / 2 + 3 * c.u, top - mh - 0.012 * H * sc + 3 * c.u, mx + mw / 2 - 3 * c.u, top - 0.012 * H * sc - 3 * c.u],
                            fill=rng.choice(["#3b6f9e", "#4f86b3", "#2d5a80"]))
                d.line([(mx, top - 0.012 * H * sc), (mx, top)], fill="#1f2328", width=max(1, int(3 * c.u)))
            # chair (back to viewer)
            chx = cx
            d.rounded_rectangle([chx - 0.04 * W * sc, top + 0.02 * H * sc, chx + 0.04 * W * sc, top + 0.09 * H * sc], radius=int(8 * c.u),
                                fill="#2b2f36")
    if not open_plan:
        plant(c, 0.1 * W, 0.95 * H, 0.32 * H)
        plant(c, 0.9 * W, 0.95 * H, 0.28 * H)
        art(c, (0.02 * W, 0.3 * H, 0.1 * W, 0.45 * H))
    else:
        # glass partition on the left
        d.polygon([(0.0, 0.1 * H), (0.1 * W, 0.2 * H), (0.1 * W, 0.66 * H), (0.0, 0.8 * H)], fill=alpha("#bfe0f0", 60))
        for k in range(3):
            xx = k * 0.05 * W
            d.line([(xx, 0.1 * H + xx * 1.0), (xx, 0.8 * H - xx * 1.4)], fill="#5d6d7e", width=max(1, int(2 * c.u)))


# -------------------------- overlays and icons ---------------------------
def badge(c: Ctx, cx, cy, r, icon):
    d = c.d
    blurred_blob(c, cx, cy + r * 0.08, r * 1.05, "#000000", strength=70, blur=0.25)
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=alpha("#fbf8f1", 238))
    d.ellipse([cx - r * 0.92, cy - r * 0.92, cx + r * 0.92, cy + r * 0.92], outline=GOLD, width=max(1, int(r * 0.03)))
    lw = max(2, int(r * 0.07))
    if icon == "key":
        d.ellipse([cx - r * 0.5, cy - r * 0.32, cx - r * 0.06, cy + r * 0.12], outline=NAVY, width=lw)
        d.line([(cx - r * 0.08, cy - r * 0.1), (cx + r * 0.5, cy - r * 0.1)], fill=NAVY, width=lw)
        d.line([(cx + r * 0.42, cy - r * 0.1), (cx + r * 0.42, cy + r * 0.1)], fill=NAVY, width=lw)
        d.line([(cx + r * 0.28, cy - r * 0.1), (cx + r * 0.28, cy + r * 0.06)], fill=NAVY, width=lw)
        d.ellipse([cx - r * 0.33, cy - r * 0.15, cx - r * 0.23, cy - r * 0.05], fill=GOLD)
    elif icon == "house":
        d.polygon([(cx - r * 0.5, cy - r * 0.02), (cx, cy - r * 0.5), (cx + r * 0.5, cy - r * 0.02)], outline=NAVY, width=lw)
        d.line([(cx - r * 0.55, cy + r * 0.03), (cx, cy - r * 0.52), (cx + r * 0.55, cy + r * 0.03)], fill=NAVY, width=lw)
        d.rectangle([cx - r * 0.38, cy - r * 0.05, cx + r * 0.38, cy + r * 0.45], outline=NAVY, width=lw)
        d.rectangle([cx - r * 0.09, cy + r * 0.15, cx + r * 0.09, cy + r * 0.45], fill=GOLD)
    elif icon == "percent":
        d.ellipse([cx - r * 0.4, cy - r * 0.42, cx - r * 0.14, cy - r * 0.16], outline=NAVY, width=lw)
        d.ellipse([cx + r * 0.14, cy + r * 0.16, cx + r * 0.4, cy + r * 0.42], outline=NAVY, width=lw)
        d.line([(cx + r * 0.38, cy - r * 0.42), (cx - r * 0.38, cy + r * 0.42)], fill=GOLD, width=lw)
    elif icon == "chart":
        for k, hh in enumerate([0.3, 0.5, 0.42, 0.7]):
            bx = cx - r * 0.45 + k * r * 0.24
            d.rectangle([bx, cy + r * 0.4 - r * hh, bx + r * 0.16, cy + r * 0.4], fill=NAVY if k != 3 else GOLD)
        d.line([(cx - r * 0.52, cy + r * 0.42), (cx + r * 0.52, cy + r * 0.42)], fill=NAVY, width=lw)
    elif icon == "visa":
        d.rounded_rectangle([cx - r * 0.36, cy - r * 0.5, cx + r * 0.36, cy + r * 0.5], radius=int(r * 0.06), fill=NAVY)
        d.ellipse([cx - r * 0.18, cy - r * 0.28, cx + r * 0.18, cy + r * 0.08], outline=GOLD, width=lw)
        d.line([(cx - r * 0.18, cy - r * 0.1), (cx + r * 0.18, cy - r * 0.1)], fill=GOLD, width=max(1, lw // 2))
        d.arc([cx - r * 0.1, cy - r * 0.28, cx + r * 0.1, cy + r * 0.08], 0, 360, fill=GOLD, width=max(1, lw // 2))
        d.line([(cx - r * 0.22, cy + r * 0.25), (cx + r * 0.22, cy + r * 0.25)], fill=GOLD, width=max(1, lw // 2))
    elif icon == "crane":
        d.line([(cx - r * 0.2, cy + r * 0.45), (cx - r * 0.2, cy - r * 0.4)], fill=NAVY, width=lw)
        d.line([(cx - r * 0.45, cy - r * 0.35), (cx + r * 0.5, cy - r * 0.35)], fill=NAVY, width=lw)
        d.line([(cx + r * 0.3, cy - r * 0.35), (cx + r * 0.3, cy + r * 0.05)], fill=GOLD, width=max(1, lw // 2))
        d.rectangle([cx + r * 0.18, cy + r * 0.05, cx + r * 0.42, cy + r * 0.25], fill=GOLD)
        d.rectangle([cx - r * 0.45, cy - r * 0.32, cx - r * 0.3, cy - r * 0.18], fill=NAVY)
    elif icon == "family":
        for k, (ox, s) in enumerate([(-0.25, 1.0), (0.25, 1.0), (0.0, 0.7)]):
            hx = cx + r * ox
            hr = r * 0.11 * s
            top = cy - r * 0.3 + (1 - s) * r * 0.35
            d.ellipse([hx - hr, top - hr, hx + hr, top + hr], fill=NAVY if k < 2 else GOLD)
            d.rounded_rectangle([hx - hr * 1.5, top + hr * 1.3, hx + hr * 1.5, cy + r * 0.42], radius=int(hr), fill=NAVY if k < 2 else GOLD)


# --------------------------------------------------------------------------
# special images
# --------------------------------------------------------------------------
def draw_default(c: Ctx):
    c.paste(vgradient(c.W, c.H, [(0, "#eef0f2"), (1, "#d9dde2")]), (0, 0))
    d = c.d
    cx, cy, r = c.W / 2, c.H * 0.47, c.H * 0.2
    col = "#a7afb8"
    lw = max(2, int(c.H * 0.018))
    d.line([(cx - r * 1.25, cy), (cx, cy - r * 1.05), (cx + r * 1.25, cy)], fill=col, width=lw, joint="curve")
    d.rectangle([cx - r * 0.95, cy - r * 0.1, cx + r * 0.95, cy + r * 1.05], outline=col, width=lw)
    d.rectangle([cx - r * 0.22, cy + r * 0.45, cx + r * 0.22, cy + r * 1.05], outline=col, width=lw)
    d.rectangle([cx + r * 0.42, cy + r * 0.15, cx + r * 0.75, cy + r * 0.45], outline=col, width=lw)
    d.rectangle([cx - r * 0.75, cy + r * 0.15, cx - r * 0.42, cy + r * 0.45], outline=col, width=lw)
    d.rectangle([cx + r * 0.55, cy - r * 0.85, cx + r * 0.8, cy - r * 0.35], outline=col, width=lw)
    d.line([(cx - r * 2, cy + r * 1.05), (cx + r * 2, cy + r * 1.05)], fill=col, width=lw)


def draw_portrait(c: Ctx, initials, top, bottom, hair, style):
    """A stylised head-and-shoulders silhouette on a gradient, with an initials badge."""
    c.paste(vgradient(c.W, c.H, [(0, top), (1, bottom)]), (0, 0))
    W, H = c.W, c.H
    blurred_blob(c, W * 0.5, H * 0.4, W * 0.36, mix(top, "#ffffff", 0.35), strength=110, blur=0.6)
    d = c.d
    # faint concentric rings
    for k in range(4):
        r = W * (0.3 + 0.12 * k)
        d.ellipse([W * 0.5 - r, H * 0.42 - r, W * 0.5 + r, H * 0.42 + r], outline=alpha("#ffffff", 26 - 5 * k), width=max(1, int(2 * c.u)))
    body = mix(bottom, "#0b1420", 0.5)
    skin = mix(body, "#d9c3ae", 0.28)
    hc = C(hair)
    if style == "long":
        # hair falls behind the shoulders
        d.rounded_rectangle([W * 0.325, H * 0.24, W * 0.675, H * 0.72], radius=int(W * 0.16), fill=hc)
    # shoulders / jacket
    d.chord([W * 0.1, H * 0.68, W * 0.9, H * 1.4], 180, 360, fill=body)
    # neck and head
    d.rounded_rectangle([W * 0.445, H * 0.5, W * 0.555, H * 0.74], radius=int(W * 0.03), fill=shade(skin, 0.9))
    d.ellipse([W * 0.37, H * 0.22, W * 0.63, H * 0.58], fill=skin)
    if style == "long":
        d.chord([W * 0.35, H * 0.19, W * 0.65, H * 0.52], 180, 360, fill=hc)
        d.polygon([(W * 0.36, H * 0.36), (W * 0.5, H * 0.27), (W * 0.62, H * 0.36), (W * 0.6, H * 0.3), (W * 0.5, H * 0.22), (W * 0.39, H * 0.3)],
                  fill=hc)
        # open collar blouse
        d.polygon([(W * 0.4, H * 0.72), (W * 0.5, H * 0.86), (W * 0.6, H * 0.72), (W * 0.56, H * 0.71), (W * 0.5, H * 0.8), (W * 0.44, H * 0.71)],
                  fill=mix(body, "#ffffff", 0.85))
    else:
        d.chord([W * 0.365, H * 0.19, W * 0.635, H * 0.43], 180, 360, fill=hc)
        d.rectangle([W * 0.368, H * 0.3, W * 0.39, H * 0.37], fill=hc)
        d.rectangle([W * 0.61, H * 0.3, W * 0.632, H * 0.37], fill=hc)
        # shirt collar and tie
        d.polygon([(W * 0.43, H * 0.71), (W * 0.5, H * 0.8), (W * 0.57, H * 0.71), (W * 0.5, H * 0.95)], fill=mix(body, "#ffffff", 0.88))
        d.polygon([(W * 0.49, H * 0.79), (W * 0.51, H * 0.79), (W * 0.525, H * 0.93), (W * 0.5, H * 0.97), (W * 0.475, H * 0.93)], fill=GOLD)
        # lapels
        d.polygon([(W * 0.43, H * 0.71), (W * 0.5, H * 0.97), (W * 0.36, H * 0.78)], fill=shade(body, 0.8))
        d.polygon([(W * 0.57, H * 0.71), (W * 0.5, H * 0.97), (W * 0.64, H * 0.78)], fill=shade(body, 0.8))
    # initials badge
    r = W * 0.085
    bx, by = W * 0.82, H * 0.83
    d.ellipse([bx - r - 3 * c.u, by - r - 3 * c.u, bx + r + 3 * c.u, by + r + 3 * c.u], fill=SAND)
    d.ellipse([bx - r, by - r, bx + r, by + r], fill=GOLD)
    d.text((bx, by), initials, font=font(int(r * 0.85)), fill=NAVY, anchor="mm")


def overlay_card(c: Ctx, icon, pos=(0.82, 0.3)):
    badge(c, pos[0] * c.W, pos[1] * c.H, 0.16 * c.H, icon)


# --------------------------------------------------------------------------
# catalogue: name -> (size, painter)
# --------------------------------------------------------------------------
P = (1200, 800)
HERO = (1600, 700)
BLOG = (1200, 675)
DEV = (800, 533)
TEAM = (600, 600)

CATALOGUE: dict = {
    # property images
    "properties/marina-dusk-1": (P, lambda c: scene_marina(c, "dusk", yachts=True)),
    "properties/marina-day-1": (P, lambda c: scene_marina(c, "day", yachts=True)),
    "properties/living-1": (P, lambda c: scene_interior(c, "living", "sea-dusk", "wood")),
    "properties/living-2": (P, lambda c: scene_interior(c, "living", "day", "marble")),
    "properties/living-3": (P, lambda c: scene_interior(c, "living", "sea", "marble")),
    "properties/living-4": (P, lambda c: scene_interior(c, "living", "villa", "wood")),
    "properties/living-5": (P, lambda c: scene_interior(c, "living", "golden", "wood")),
    "properties/penthouse-living-1": (P, lambda c: scene_interior(c, "living", "night", "marble")),
    "properties/bedroom-1": (P, lambda c: scene_interior(c, "bedroom", "sea-day", "wood")),
    "properties/bedroom-2": (P, lambda c: scene_interior(c, "bedroom", "dusk", "wood")),
    "properties/kitchen-1": (P, lambda c: scene_interior(c, "kitchen", "villa", "marble")),
    "properties/studio-1": (P, lambda c: scene_interior(c, "studio", "day", "wood")),
    "properties/downtown-night-1": (P, lambda c: scene_marina(c, "night", yachts=False, burj_at=0.52, horizon=0.7)),
    "properties/palm-villa-1": (P, lambda c: scene_villa(c, "day", "modern", with_pool=True)),
    "properties/palm-villa-2": (P, lambda c: scene_villa(c, "dusk", "modern", with_pool=True)),
    "properties/beach-1": (P, lambda c: scene_beach(c, "day", towers=True)),
    "properties/townhouse-1": (P, lambda c: scene_townhouses(c, "day")),
    "properties/townhouse-2": (P, lambda c: scene_townhouses(c, "golden")),
    "properties/hills-villa-1": (P, lambda c: scene_villa(c, "golden", "modern", with_pool=False, golf=True, backdrop=True)),
    "properties/penthouse-terrace-1": (P, lambda c: scene_terrace(c, "dusk")),
    "properties/penthouse-terrace-2": (P, lambda c: scene_terrace(c, "night")),
    "properties/bay-tower-1": (P, lambda c: scene_marina(c, "day", yachts=False, horizon=0.74, hmax=0.6)),
    "properties/golf-villa-1": (P, lambda c: scene_villa(c, "morning", "med", with_pool=False, golf=True)),
    "properties/jlt-lake-1": (P, lambda c: scene_marina(c, "golden", yachts=False, horizon=0.7, hmax=0.55)),
    "properties/ranches-villa-1": (P, lambda c: scene_villa(c, "day", "med", with_pool=False)),
    "properties/ranches-villa-2": (P, lambda c: scene_villa(c, "golden", "med", with_pool=True)),
    "properties/jvc-tower-1": (P, lambda c: scene_marina(c, "morning", yachts=False, horizon=0.78, hmax=0.4)),
    "properties/warehouse-1": (P, lambda c: scene_warehouse(c, "day")),
    "properties/warehouse-2": (P, lambda c: scene_warehouse(c, "golden")),
    "properties/creek-harbour-1": (P, lambda c: scene_marina(c, "morning", yachts=False, construction=0.42, hmax=0.5)),
    "properties/creek-harbour-2": (P, lambda c: scene_marina(c, "dusk", yachts=True, burj_at=0.2, hmax=0.4)),
    "properties/beachfront-1": (P, lambda c: scene_beach(c, "golden", towers=True)),
    "properties/beachfront-2": (P, lambda c: scene_interior(c, "bedroom", "sea", "marble")),
    "properties/hartland-villa-1": (P, lambda c: scene_villa(c, "day", "modern", with_pool=True, backdrop=True)),
    "properties/hartland-villa-2": (P, lambda c: scene_villa(c, "night", "modern", with_pool=True)),
    "properties/palace-1": (P, lambda c: scene_palace(c, "golden")),
    "properties/palace-2": (P, lambda c: scene_palace(c, "night")),
    "properties/plot-1": (P, lambda c: scene_plot(c, "morning")),
    "properties/plot-2": (P, lambda c: scene_plot(c, "golden")),
    "properties/venice-1": (P, lambda c: scene_marina(c, "day", yachts=False, horizon=0.7, hmax=0.3, cranes=2)),
    "properties/difc-tower-1": (P, lambda c: scene_marina(c, "dusk", yachts=False, horizon=0.76, hmax=0.6, burj_at=0.78)),
    "properties/office-1": (P, lambda c: scene_office(c, "day", open_plan=False)),
    "properties/office-2": (P, lambda c: scene_office(c, "golden", open_plan=True)),
    "properties/retail-1": (P, lambda c: scene_shop(c, "day")),
    "properties/retail-2": (P, lambda c: scene_shop(c, "dusk")),
    # area guides (content/communities/{key}.yaml); the first seven guides' photos are
    # copies of their communities' listing photos, these have drawings of their own
    "communities/al-quoz": (P, lambda c: scene_warehouse(c, "morning")),
    "communities/arabian-ranches": (P, lambda c: scene_villa(c, "golden", "med", with_pool=False, golf=True)),
    "communities/arabian-ranches-3": (P, lambda c: scene_townhouses(c, "morning")),
    "communities/damac-lagoons": (P, lambda c: scene_villa(c, "day", "med", with_pool=True, backdrop=True)),
    "communities/difc": (P, lambda c: scene_marina(c, "golden", yachts=False, horizon=0.78, hmax=0.62, burj_at=0.7)),
    "communities/dubai-creek-harbour": (P, lambda c: scene_marina(c, "dusk", yachts=True, burj_at=0.8, hmax=0.45, cranes=1)),
    "communities/dubai-investments-park": (P, lambda c: scene_warehouse(c, "dusk")),
    "communities/dubai-south": (P, lambda c: scene_plot(c, "day")),
    "communities/emaar-beachfront": (P, lambda c: scene_beach(c, "dusk", towers=True)),
    "communities/palm-jebel-ali": (P, lambda c: scene_beach(c, "morning", towers=False)),
    "communities/sobha-hartland-ii": (P, lambda c: scene_villa(c, "morning", "modern", with_pool=True, backdrop=True)),
    "communities/town-square": (P, lambda c: scene_townhouses(c, "dusk")),
    # card fallback
    "default-property": (P, draw_default),
    # hero posters
    "hero/residential": (HERO, lambda c: scene_villa(c, "golden", "modern", with_pool=True, backdrop=True)),
    "hero/rental": (HERO, lambda c: scene_marina(c, "night", yachts=True, horizon=0.68)),
    "hero/off-plan": (HERO, lambda c: scene_marina(c, "morning", yachts=False, cranes=2, construction=0.6, horizon=0.7)),
    "hero/commercial": (HERO, lambda c: scene_marina(c, "day", yachts=False, horizon=0.75, hmax=0.62, burj_at=0.3)),
    "hero/all": (HERO, lambda c: scene_marina(c, "dusk", yachts=True, horizon=0.7, burj_at=0.62)),
    # blog
    "blog/golden-visa": (BLOG, lambda c: (scene_marina(c, "golden", yachts=False, burj_at=0.3), overlay_card(c, "visa"))),
    "blog/off-plan-guide": (BLOG, lambda c: (scene_marina(c, "morning", yachts=False, cranes=1, construction=0.35), overlay_card(c, "crane"))),
    "blog/renting-in-dubai": (BLOG, lambda c: (scene_interior(c, "living", "day", "wood"), overlay_card(c, "key", (0.86, 0.22)))),
    "blog/service-charges": (BLOG, lambda c: (scene_marina(c, "day", yachts=False, horizon=0.74, hmax=0.55), overlay_card(c, "chart"))),
    "blog/family-communities": (BLOG, lambda c: (scene_townhouses(c, "day"), overlay_card(c, "family", (0.84, 0.24)))),
    "blog/mortgage-guide": (BLOG, lambda c: (scene_villa(c, "morning", "med", with_pool=False), overlay_card(c, "percent", (0.84, 0.24)))),
    # developers
    "developers/emaar": (DEV, lambda c: scene_marina(c, "dusk", yachts=False, burj_at=0.5, horizon=0.7)),
    "developers/nakheel": (DEV, lambda c: scene_beach(c, "day", towers=True)),
    "developers/damac": (DEV, lambda c: scene_marina(c, "night", yachts=True, horizon=0.66)),
    "developers/sobha": (DEV, lambda c: scene_villa(c, "day", "modern", with_pool=True, backdrop=True)),
    "developers/meraas": (DEV, lambda c: scene_beach(c, "golden", towers=True)),
    "developers/ellington": (DEV, lambda c: scene_interior(c, "living", "sea-golden", "marble")),
    "developers/azizi": (DEV, lambda c: scene_marina(c, "morning", yachts=False, horizon=0.7, hmax=0.35, cranes=1)),
    "developers/dubai-properties": (DEV, lambda c: scene_marina(c, "day", yachts=True, horizon=0.66)),
    "developers/select-group": (DEV, lambda c: scene_marina(c, "golden", yachts=True, horizon=0.68)),
    # team
    "team/sara-al-mansouri": (TEAM, lambda c: draw_portrait(c, "SA", "#3f8f8a", "#16394a", "#2a1d18", "long")),
    "team/daniel-novak": (TEAM, lambda c: draw_portrait(c, "DN", "#c9a45c", "#4a3524", "#3b2a1e", "short")),
}


def render(name: str, size, painter) -> Path:
    seed = zlib.crc32(name.encode("utf-8"))
    c = Ctx(size[0] * SS, size[1] * SS, random.Random(seed))
    painter(c)
    img = c.img.resize(size, Image.LANCZOS)
    out = MEDIA / f"{name}.jpg"
    out.parent.mkdir(parents=True, exist_ok=True)
    quality = GUIDE_QUALITY if name.startswith("communities/") else QUALITY
    img.save(out, "JPEG", quality=quality, progressive=True, optimize=True)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="render only names containing this text")
    args = ap.parse_args(argv)
    total = 0
    for name, (size, painter) in CATALOGUE.items():
        if args.only and args.only not in name:
            continue
        out = render(name, size, painter)
        total += out.stat().st_size
        print(f"{out.relative_to(ROOT)}  {size[0]}x{size[1]}  {out.stat().st_size // 1024} KB")
    print(f"total {total / 1024 / 1024:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
