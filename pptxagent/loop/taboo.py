"""The per-rollout taboo set of patch fingerprints (spec §5.10, ``checkPatch``)."""

from __future__ import annotations

from pptxagent.ir import Patch, SlideIR
from pptxagent.patch.fingerprint import fingerprint
from pptxagent.policy.base import TabooCheck


class TabooSet:
    """Fingerprints of patches that did not improve the slide, checked against ``base``.

    ``base`` is the IR the next patch will be applied to; the driver moves it forward with
    ``rebase`` after every step, so a fingerprint always describes directions from there.
    """

    def __init__(self, base: SlideIR) -> None:
        self.base = base
        self._fps: list[str] = []

    def rebase(self, ir: SlideIR) -> None:
        self.base = ir

    def fingerprint(self, patch: Patch) -> str:
        return fingerprint(self.base, patch)

    def record(self, fp: str) -> None:
        """Remember a fingerprint; the empty fingerprint (no change) is never taboo."""
        if fp and fp not in self._fps:
            self._fps.append(fp)

    def __contains__(self, fp: object) -> bool:
        return fp in self._fps

    @property
    def fingerprints(self) -> list[str]:
        return list(self._fps)

    def check_patch(self, patch: Patch) -> TabooCheck:
        fp = self.fingerprint(patch)
        if fp in self._fps:
            return TabooCheck(
                allowed=False,
                fingerprint=fp,
                reason=f"patch repeats a non-improving strategy ({fp})",
            )
        return TabooCheck(allowed=True, fingerprint=fp)
