"""The spec's global constants (AGENTS v2.5 §0) and their ``--set NAME=VALUE`` overrides."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from pptxagent.errors import SettingError


class Settings(BaseModel):
    """Every constant of the spec, with its normative default. Immutable; use ``with_overrides``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    SLIDE_W: float = 1280
    SLIDE_H: float = 720
    SAFE_PADDING: float = 8
    MIN_OVERLAP_AREA_PX: float = 100
    OOB_EPS_PX: float = 1
    HINT_BUFFER_PX: float = 8
    MAX_ITER: int = 3
    STALL_THRESHOLD: int = 2
    HIGH_PRIO_SIZE_BUDGET: float = 0.15
    HIGH_PRIO_MOVE_PX: float = 48
    ALLOW_HIDE: bool = False
    TEXT_OVERLAP_SEVERITY_MULT: float = 2
    TOPOLOGY_SEVERITY: float = 5000
    # §2: priority tiers and their minimum font sizes (px); below the last tier: no minimum.
    HIGH_PRIORITY: int = 80
    # Beyond the spec (template mode): content_overflow also counts text that fits the box by
    # size but sticks out past an edge (lifted by tight line spacing, pushed by insets or the
    # anchor). Off by default: §4's literal rule, ``contentBox.h > bbox.h or contentBox.w >
    # bbox.w``; ``pptxagent fill`` turns it on.
    CONTENT_EDGE_OVERFLOW: bool = False

    def with_overrides(self, pairs: dict[str, Any]) -> Settings:
        unknown = sorted(set(pairs) - set(type(self).model_fields))
        if unknown:
            names = ", ".join(sorted(type(self).model_fields))
            raise SettingError(f"unknown constant {unknown[0]!r}; known: {names}")
        try:
            return type(self).model_validate({**self.model_dump(), **pairs})
        except ValidationError as exc:
            err = exc.errors()[0]
            name = ".".join(str(p) for p in err["loc"])
            raise SettingError(f"--set {name}: {err['msg']}") from exc

    @staticmethod
    def parse_pairs(items: list[str] | tuple[str, ...]) -> dict[str, str]:
        out: dict[str, str] = {}
        for item in items:
            name, sep, value = item.partition("=")
            if not sep or not name.strip():
                raise SettingError(f"--set expects NAME=VALUE, got {item!r}")
            out[name.strip()] = value.strip()
        return out


MIN_FONT_BY_PRIORITY: tuple[tuple[int, float], ...] = ((100, 32), (80, 20), (60, 16))
"""§2: (priority at least, min font px). Priority 40 (images) and 20 (decoration): none."""


def min_font_for(priority: int) -> float | None:
    for floor, size in MIN_FONT_BY_PRIORITY:
        if priority >= floor:
            return size
    return None


DEFAULT_SETTINGS = Settings()
