#!/usr/bin/env python3
"""Draw the app icons (standard library only; deterministic output).

    python3 tools/make_icons.py      # writes static/icons/*.png and icon.svg

The icon is a white die showing five pips on the theme blue. "any" icons
have rounded corners; "maskable" ones fill the square and keep the die
inside the central 60 % (the safe zone is the central 80 % circle).
Run it only when the design changes; the PNGs are committed.
"""

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
BLUE = (31, 58, 95)
WHITE = (250, 250, 247)
PIP = (31, 58, 95)

SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="96" fill="#1f3a5f"/>
  <rect x="112" y="112" width="288" height="288" rx="56" fill="#fafaf7"/>
  <g fill="#1f3a5f">
    <circle cx="184" cy="184" r="30"/><circle cx="328" cy="184" r="30"/>
    <circle cx="256" cy="256" r="30"/>
    <circle cx="184" cy="328" r="30"/><circle cx="328" cy="328" r="30"/>
  </g>
</svg>
"""


def inside_rounded(x, y, x0, y0, x1, y1, r):
    if not (x0 <= x < x1 and y0 <= y < y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def pixel(x, y, size, maskable):
    """Colour at pixel centre (x, y) of a size x size icon (4x supersampled by caller)."""
    u, v = x / size * 512, y / size * 512
    if maskable:
        # full bleed, die scaled into the central 60 %
        u, v = 256 + (u - 256) / 0.6 * 0.5625, 256 + (v - 256) / 0.6 * 0.5625
    elif not inside_rounded(u, v, 0, 0, 512, 512, 96):
        return None
    if inside_rounded(u, v, 112, 112, 400, 400, 56):
        for cx, cy in ((184, 184), (328, 184), (256, 256), (184, 328), (328, 328)):
            if (u - cx) ** 2 + (v - cy) ** 2 <= 30 * 30:
                return PIP
        return WHITE
    return BLUE


def render(size, maskable):
    rows = []
    n = 3  # supersampling per axis
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(n):
                for sx in range(n):
                    c = pixel(x + (sx + 0.5) / n, y + (sy + 0.5) / n, size, maskable)
                    if c is not None:
                        acc[0] += c[0]; acc[1] += c[1]; acc[2] += c[2]; acc[3] += 255
            k = n * n
            a = acc[3] // k
            if a:
                row += bytes([acc[0] * 255 // acc[3], acc[1] * 255 // acc[3], acc[2] * 255 // acc[3], a])
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(w, h, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(SVG, encoding="utf-8")
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("maskable-192.png", 192, True), ("maskable-512.png", 512, True),
                                 ("apple-touch-icon.png", 180, True)):
        (OUT / name).write_bytes(render(size, maskable))
        print("wrote", OUT / name)


if __name__ == "__main__":
    main()
