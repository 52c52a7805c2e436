"""Unit conversions. OOXML lengths are EMU; the IR and the browser work in CSS px at 96 dpi."""

from __future__ import annotations

EMU_PER_INCH = 914400
EMU_PER_PT = 12700
EMU_PER_PX = 9525
PX_PER_PT = 96 / 72


def emu_to_px(emu: float) -> float:
    return emu / EMU_PER_PX


def px_to_emu(px: float) -> int:
    return round(px * EMU_PER_PX)


def pt_to_px(pt: float) -> float:
    return pt * PX_PER_PT


def px_to_pt(px: float) -> float:
    return px / PX_PER_PT


def sz_to_px(sz: int | float) -> float:
    """``a:rPr/@sz`` is in hundredths of a point."""
    return pt_to_px(sz / 100)


def px_to_sz(px: float) -> int:
    return round(px_to_pt(px) * 100)
