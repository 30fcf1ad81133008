"""Colour-vision simulation, to check that seat colours stay apart for every reader.

Machado, Oliveira and Fernandes (2009), severity 1.0, applied in linear RGB; distances are CIE76
ΔE in CIELAB. About 1 man in 12 sees colours with a deficiency; the three dichromacies below
are the strongest forms of each kind.
"""

from __future__ import annotations

from renderers.kit.palette import RGB

Matrix = tuple[tuple[float, float, float], ...]

SIMULATIONS: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

Linear = tuple[float, float, float]


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def seen(rgb: RGB, simulation: str | None = None) -> Linear:
    """``rgb`` in linear RGB as a reader with ``simulation``'s deficiency sees it (None: as
    typical vision sees it)."""
    lin = (_linear(rgb[0]), _linear(rgb[1]), _linear(rgb[2]))
    if simulation is None:
        return lin
    m = SIMULATIONS[simulation]
    r, g, b = (min(1.0, max(0.0, row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2])) for row in m)
    return (r, g, b)


def _lab(lin: Linear) -> tuple[float, float, float]:
    r, g, b = lin
    x = 0.4124 * r + 0.3576 * g + 0.1805 * b
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = 0.0193 * r + 0.1192 * g + 0.9505 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def distance(a: RGB, b: RGB, simulation: str | None = None) -> float:
    """How far apart ``a`` and ``b`` look (CIE76 ΔE; about 2.3 is the least one notices, 20
    is plainly different) to a reader with ``simulation``'s deficiency."""
    la, lb = _lab(seen(a, simulation)), _lab(seen(b, simulation))
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)
