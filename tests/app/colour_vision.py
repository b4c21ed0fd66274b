"""Colour-vision deficiency simulation and colour difference, for checking pip colours.

Simulation: Machado, Oliveira and Fernandes (2009), severity 1.0 (full dichromacy), applied
in linear sRGB. Difference: CIEDE2000 in CIELAB (D65). Both are published formulas; the
numbers below are the paper's matrices. At arm's length (``distant``): a pip as a screenshot
scaled to a quarter and blurred shows it, its colour and the face's mixed in linear light.
"""

from __future__ import annotations

import math

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(colour: str) -> tuple[float, float, float]:
    c = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return tuple(x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in c)


def _encode(lin) -> str:
    out = []
    for x in lin:
        x = min(1.0, max(0.0, x))
        s = 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055
        out.append(round(s * 255))
    return "#" + "".join(f"{v:02x}" for v in out)


def simulate(colour: str, deficiency: str | None) -> str:
    """``colour`` as a viewer with ``deficiency`` (a MACHADO key, or None) sees it."""
    if deficiency is None:
        return colour
    lin = _linear(colour)
    m = MACHADO[deficiency]
    return _encode([sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)])


def coverage(radius_px: float, blur_px: float = 1.0) -> float:
    """How much of the colour at a pip's centre is the pip's own, once the screen is
    scaled to a quarter (each pixel the mean of 4 x 4) and blurred by a Gaussian of
    ``blur_px`` px there (seen from a metre away, with reading glasses): the share of a
    Gaussian (the blur, and the quarter's pixel as a box) that falls on the pip, a disc of
    ``radius_px`` CSS px."""
    r = radius_px / 4
    return 1 - math.exp(-r * r / (2 * (blur_px ** 2 + 1 / 12)))


def distant(colour: str, face: str, share: float) -> str:
    """``colour`` at arm's length on ``face``: the two mixed in linear light, ``share``
    (``coverage``) of it the pip's."""
    return _encode([share * a + (1 - share) * b for a, b in zip(_linear(colour), _linear(face),
                                                                 strict=True)])


def luminance(colour: str) -> float:
    r, g, b = _linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lab(colour: str) -> tuple[float, float, float]:
    r, g, b = _linear(colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(c1: str, c2: str) -> float:
    """CIEDE2000 difference between two colours."""
    L1, a1, b1 = lab(c1)
    L2, a2, b2 = lab(c2)
    C1, C2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (C1 + C2) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    C1p, C2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dLp, dCp = L2 - L1, C2p - C1p
    if C1p * C2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dHp = 2 * math.sqrt(C1p * C2p) * math.sin(math.radians(dhp / 2))
    Lm, Cm = (L1 + L2) / 2, (C1p + C2p) / 2
    if C1p * C2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    d_theta = 30 * math.exp(-(((hm - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lm - 50) ** 2 / math.sqrt(20 + (Lm - 50) ** 2)
    sc = 1 + 0.045 * Cm
    sh = 1 + 0.015 * Cm * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2
                     + rt * (dCp / sc) * (dHp / sh))
