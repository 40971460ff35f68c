#!/usr/bin/env python3
"""Draw the sample listing's floor plan, content/media/properties/marina-gate-plan.png
(deterministic, standard library only): a two-bedroom apartment's walls, doors and balcony
as dark lines on a pale ground, the way a developer's plan looks at a glance.

    python3 tools/make_sample_floor_plan.py
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "content" / "media" / "properties" / "marina-gate-plan.png"
W, H = 1600, 1100
GROUND, WALL, BALCONY, DOOR = 247, 40, 205, 140


def main() -> None:
    px = bytearray([GROUND]) * (W * H)

    def rect(x0: int, y0: int, x1: int, y1: int, value: int) -> None:
        for y in range(max(0, y0), min(H, y1)):
            px[y * W + max(0, x0): y * W + min(W, x1)] = bytes([value]) * (min(W, x1) - max(0, x0))

    def box(x0: int, y0: int, x1: int, y1: int, t: int = 14) -> None:
        rect(x0, y0, x1, y0 + t, WALL)
        rect(x0, y1 - t, x1, y1, WALL)
        rect(x0, y0, x0 + t, y1, WALL)
        rect(x1 - t, y0, x1, y1, WALL)

    # The balcony along the sea side, then the apartment's outer walls.
    rect(120, 860, 1480, 1000, BALCONY)
    box(120, 100, 1480, 870, 22)
    # Living and dining, two bedrooms with their bathrooms, the kitchen and the hall.
    box(120, 100, 560, 870)      # bedroom 1
    box(440, 100, 560, 330)      # its bathroom
    box(560, 400, 1040, 870)     # living and dining
    box(560, 100, 820, 400)      # kitchen
    box(820, 100, 1040, 400)     # hall and guest WC
    box(1040, 100, 1480, 870)    # bedroom 2
    box(1040, 100, 1160, 330)    # its bathroom
    # Door openings (gaps in the walls, with a lighter swing line).
    for x0, y0, x1, y1 in [(230, 856, 330, 884), (1250, 856, 1350, 884), (700, 856, 900, 884),
                           (546, 560, 574, 660), (1026, 560, 1054, 660), (900, 386, 980, 414),
                           (620, 386, 720, 414), (470, 316, 540, 344), (1070, 316, 1140, 344)]:
        rect(x0, y0, x1, y1, GROUND)
    for x0, y0, x1, y1 in [(230, 800, 234, 856), (1250, 800, 1254, 856), (580, 560, 640, 564),
                           (980, 560, 1026, 564), (900, 414, 904, 470)]:
        rect(x0, y0, x1, y1, DOOR)
    # Window bands on the sea side.
    for x0, x1 in [(200, 480), (640, 960), (1120, 1400)]:
        rect(x0, 852, x1, 860, BALCONY)

    raw = b"".join(b"\x00" + bytes(px[y * W:(y + 1) * W]) for y in range(H))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 0, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    OUT.write_bytes(png)
    print(f"{OUT.relative_to(OUT.parents[3])}: {len(png)} bytes")


if __name__ == "__main__":
    main()
