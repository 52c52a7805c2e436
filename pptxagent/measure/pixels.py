"""What the visual QA needs from the browser, for N slides in one document and one round:

* the DOM facts (``MEASURE_JS``, as ``Measurer.measure_many``),
* every text run's glyph line rects (a Range over each text node), colour, size and weight,
* a screenshot of every slide as drawn, and one with every glyph made transparent.

The no-text pass injects its own stylesheet (``NOTEXT_CSS``) into the loaded page, so it works
with any renderer that draws text with CSS ``color`` (and with a future ``notext`` body class).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from pptxagent.engines.chromium import Clip
from pptxagent.errors import EngineError
from pptxagent.ir import Box, DomSnapshot, SlideIR
from pptxagent.ir.qa import RunGlyphs
from pptxagent.measure.clips import merge_clips, overlap, page_clip, union
from pptxagent.measure.extract import MEASURE_JS, snapshots, upright
from pptxagent.measure.measurer import Measurer
from pptxagent.measure.occlusion import OCCLUDED_JS, Covered, occluded_cells
from pptxagent.measure.png import decode_rgb
from pptxagent.settings import DEFAULT_SETTINGS, Settings

Pixels = NDArray[np.uint8]
"""H × W × 3 RGB, one pixel per slide px."""

NOTEXT_CSS = (
    ".slide, .slide * { color: transparent !important; "
    "-webkit-text-fill-color: transparent !important; text-shadow: none !important; "
    "caret-color: transparent !important; text-decoration-color: transparent !important; "
    "-webkit-text-stroke-width: 0 !important; } "
    ".slide ::marker, .slide *::before, .slide *::after { color: transparent !important; }"
)

_RUNS_JS = r"""
(arg) => {
  const out = [];
  const range = document.createRange();
  for (const slide of document.querySelectorAll('.slide')) {
    const s = slide.getBoundingClientRect();
    const index = Number(slide.dataset.slide);
    for (const el of slide.querySelectorAll('[data-ATTR]')) {
      const ecs = getComputedStyle(el);
      if (ecs.display === 'none' || ecs.visibility === 'hidden') continue;
      const b = el.getBoundingClientRect();
      const clip = ecs.overflowX === 'hidden' && ecs.overflowY === 'hidden';
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let k = 0;
      for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
        if (!/\S/.test(n.data)) continue;
        const parent = n.parentElement;
        if (parent === null || parent.closest('.bu') !== null) continue;
        const run = k++;
        const cs = getComputedStyle(parent);
        // a table cell's text is judged on the cell's fill, inside the grid lines it touches
        const td = parent.closest('td[data-inset]');
        let cell = null;
        if (td !== null && el.contains(td)) {
          const t = td.getBoundingClientRect();
          // (half a px more: the antialiased edge of a line drawn at a fractional px)
          const [it, ir, ib, il] = td.dataset.inset.split(' ').map((v) => v > 0 ? +v + 0.5 : 0);
          cell = [t.x + il, t.y + it, t.x + t.width - ir, t.y + t.height - ib];
        }
        range.selectNodeContents(n);
        const rects = [];
        for (const r of range.getClientRects()) {
          let x0 = r.x, y0 = r.y, x1 = r.x + r.width, y1 = r.y + r.height;
          if (clip) {
            x0 = Math.max(x0, b.x); y0 = Math.max(y0, b.y);
            x1 = Math.min(x1, b.x + b.width); y1 = Math.min(y1, b.y + b.height);
          }
          if (cell !== null) {
            x0 = Math.max(x0, cell[0]); y0 = Math.max(y0, cell[1]);
            x1 = Math.min(x1, cell[2]); y1 = Math.min(y1, cell[3]);
          }
          if (x1 - x0 < 0.5 || y1 - y0 < 0.5) continue;
          rects.push([x0 - s.x, y0 - s.y, x1 - x0, y1 - y0]);
        }
        if (rects.length === 0) continue;
        const w = cs.fontWeight;
        const bold = w === 'bold' || w === 'bolder' || parseInt(w, 10) >= 600;
        out.push([index, el.dataset.ATTR, run, cs.color, parseFloat(cs.fontSize), bold, rects,
                  n.data.slice(0, 80), cs.webkitTextStrokeColor,
                  parseFloat(cs.webkitTextStrokeWidth) || 0]);
      }
    }
  }
  return out;
}
"""
RUNS_JS = _RUNS_JS.replace("ATTR", "eid")
ART_RUNS_JS = _RUNS_JS.replace("ATTR", "art")
"""The same for master and layout text drawn on the slides (``data-art``)."""

PAGE_JS = r"""
(arg) => {
  const slides = [], unknown = [], painted = [];
  const clear = (c) => c === 'transparent' || /rgba\(.*,\s*0\)$/.test(c);
  for (const s of document.querySelectorAll('.slide')) {
    const r = s.getBoundingClientRect();
    const i = Number(s.dataset.slide);
    const cs = getComputedStyle(s);
    // a renderer that draws the slide's background and master art puts it in .backdrop
    const plain = cs.backgroundImage === 'none' && s.querySelector(':scope > .backdrop') === null &&
      (clear(cs.backgroundColor) || cs.backgroundColor === 'rgb(255, 255, 255)');
    slides.push([i, r.x + window.scrollX, r.y + window.scrollY, r.width, r.height, plain]);
    for (const m of s.querySelectorAll('*')) {
      const ms = getComputedStyle(m);
      if (ms.display === 'none' || ms.visibility === 'hidden') continue;
      const b = m.getBoundingClientRect();
      const box = [i, b.x - r.x, b.y - r.y, b.width, b.height];
      if (m.classList.contains('img-missing')) unknown.push(box);
      else if (ms.backgroundImage !== 'none' || !clear(ms.backgroundColor)) painted.push(box);
    }
  }
  return {slides, unknown, painted};
}
"""

CAPTURE_JS = upright(
    f"(arg) => Object.assign(({PAGE_JS})(arg), "
    f"{{rows: ({MEASURE_JS})(arg), runs: ({RUNS_JS})(arg), art: ({ART_RUNS_JS})(arg), "
    f"occluded: ({OCCLUDED_JS})(arg)}})"
)

_NUM = re.compile(r"[-+]?\d*\.?\d+(?:e[-+]?\d+)?", re.IGNORECASE)


def parse_css_color(value: str) -> tuple[int, int, int, float]:
    """``rgb(r, g, b)`` / ``rgba(r, g, b, a)`` / ``color(srgb r g b / a)`` → r, g, b, a."""
    nums = [float(v) for v in _NUM.findall(value)]
    if value.startswith("color(") and len(nums) >= 3:
        rgb = [round(max(0.0, min(1.0, v)) * 255) for v in nums[:3]]
        return rgb[0], rgb[1], rgb[2], nums[3] if len(nums) > 3 else 1.0
    if len(nums) < 3:
        raise EngineError(f"cannot read the computed colour {value!r}")
    alpha = nums[3] if len(nums) > 3 else 1.0
    r, g, b = (round(max(0.0, min(255.0, v))) for v in nums[:3])
    return r, g, b, max(0.0, min(1.0, alpha))


@dataclass
class SlideCapture:
    """One slide as the browser drew it."""

    dom: DomSnapshot
    runs: list[RunGlyphs]
    text: Pixels
    """The slide as drawn (H × W × 3, slide px)."""
    notext: Pixels
    """The same slide with every glyph transparent: what lies behind the text."""
    unknown: list[Box] = field(default_factory=list)
    """Regions the renderer could not draw faithfully (pictures it could not load): no
    contrast verdict is made against their pixels."""
    painted: list[Box] = field(default_factory=list)
    """Boxes of elements that paint a fill or picture."""
    plain_page: bool = True
    """The slide container itself paints nothing but white (no background drawn)."""
    occluded: Covered = field(default_factory=dict)
    """Element id → cells of its text that art drawn after it covers, each with the element
    the art belongs to (``measure.occlusion``)."""
    art: list[RunGlyphs] = field(default_factory=list)
    """Master and layout text drawn on the slide, as runs (``eid``: the art element's)."""


def _decode(png: bytes, w: int, h: int) -> Pixels:
    return decode_rgb(png, (w, h))


def _runs(rows: object, n: int) -> list[list[RunGlyphs]]:
    out: list[list[RunGlyphs]] = [[] for _ in range(n)]
    if not isinstance(rows, list):
        raise EngineError("the run script returned no list")
    for row in rows:
        index = int(row[0])
        if not 0 <= index < n:
            continue
        stroke, stroke_px = _stroke(row)
        out[index].append(RunGlyphs(
            eid=str(row[1]), run=int(row[2]), color=parse_css_color(str(row[3])),
            font_px=float(row[4]), bold=bool(row[5]),
            rects=tuple(Box(x=r[0], y=r[1], w=r[2], h=r[3]) for r in row[6]),
            text=str(row[7]), stroke=stroke, stroke_px=stroke_px,
        ))
    return out


def _stroke(row: Sequence[object]) -> tuple[tuple[int, int, int, float] | None, float]:
    """The run's outline (``-webkit-text-stroke``) colour and width, when it draws one."""
    width = float(str(row[9])) if len(row) > 9 and row[9] else 0.0
    if width <= 0:
        return None, 0.0
    return parse_css_color(str(row[8])), width


def _boxes(rows: object, n: int) -> list[list[Box]]:
    out: list[list[Box]] = [[] for _ in range(n)]
    for u in rows if isinstance(rows, list) else []:
        if 0 <= int(u[0]) < n and u[3] > 0 and u[4] > 0:
            out[int(u[0])].append(Box(x=u[1], y=u[2], w=u[3], h=u[4]))
    return out


MAX_SHOT_PX = 16_000
"""One screenshot of every slide of a batch at once (then cut per slide) while the batch
fits in this many px each way: one capture per pass instead of one per slide halves the
capture time (the per-shot cost is fixed, not per pixel); bigger documents go slide by slide."""


MAX_BATCH = 24
"""Slides per capture round at most: each keeps two screenshots in memory until checked."""
GAP_ALLOWANCE_PX = 64
"""Room counted for the gap between two slides of a document."""


def capture_batches(irs: Sequence[SlideIR]) -> list[range]:
    """Consecutive index ranges of ``irs`` to capture one round each: at most ``MAX_BATCH``
    slides whose stacked height fits ``MAX_SHOT_PX`` (so each pass is one screenshot)."""
    out: list[range] = []
    start, height = 0, 0.0
    for i, ir in enumerate(irs):
        h = ir.slide.h + GAP_ALLOWANCE_PX
        if i > start and (i - start >= MAX_BATCH or height + h > MAX_SHOT_PX):
            out.append(range(start, i))
            start, height = i, 0.0
        height += h
    if start < len(irs):
        out.append(range(start, len(irs)))
    return out


def _union(clips: Sequence[Clip]) -> Clip:
    out = clips[0]
    for c in clips[1:]:
        out = union(out, c)
    return out


def _crops(pngs: Sequence[bytes], clips: Sequence[Clip]) -> list[Pixels]:
    """Cut one screenshot of the union of ``clips`` into one array per clip."""
    x0, y0, w, h = _union(clips)
    whole = _decode(pngs[0], round(w), round(h))
    return [np.ascontiguousarray(whole[round(c[1] - y0):round(c[1] - y0) + round(c[3]),
                                       round(c[0] - x0):round(c[0] - x0) + round(c[2])])
            for c in clips]


InkRegions = Callable[[Sequence[DomSnapshot]], Sequence[Sequence[Box]]]
"""Per slide of a capture, the boxes (slide px) where the checks need the drawn glyphs."""


def _text_clips(regions: Sequence[Sequence[Box]], per: Sequence[Clip]) -> list[Clip]:
    """The text pass's clips: each slide's regions on the page, merged."""
    clips = [c for i, boxes in enumerate(regions) for b in boxes
             if (c := page_clip(b, (per[i][0], per[i][1]),
                                (round(per[i][2]), round(per[i][3])))) is not None]
    return merge_clips(clips, MAX_SHOT_PX)


def _paste(notext: Sequence[Pixels], per: Sequence[Clip], clips: Sequence[Clip],
           pngs: Sequence[bytes]) -> list[Pixels]:
    """Each slide's no-text pixels with what the text pass captured pasted over them."""
    out = list(notext)  # a slide no clip touches shares its no-text array
    copied: set[int] = set()
    for clip, png in zip(clips, pngs, strict=True):
        shot = _decode(png, round(clip[2]), round(clip[3]))
        for i, slide in enumerate(per):
            cut = overlap(clip, slide)
            if cut is None:
                continue
            if i not in copied:
                out[i] = out[i].copy()
                copied.add(i)
            sx, sy = round(cut[0] - slide[0]), round(cut[1] - slide[1])
            cx, cy = round(cut[0] - clip[0]), round(cut[1] - clip[1])
            w, h = round(cut[2]), round(cut[3])
            out[i][sy:sy + h, sx:sx + w] = shot[cy:cy + h, cx:cx + w]
    return out


class PendingCapture:
    """A capture round queued on the browser's thread (``start_capture``): the caller goes on
    (say, decodes and checks the round before) and collects it with ``finish``."""

    def __init__(self, irs: Sequence[SlideIR], measurer: Measurer, settings: Settings,
                 ink: InkRegions | None, twins: Mapping[int, int] | None = None) -> None:
        self.irs, self.settings, self.ink = list(irs), settings, ink
        self.twins = dict(twins or {})
        """Slide (index in ``irs``) → the slide (index in the whole capture sequence, see
        ``finish``) whose no-text picture it reuses (``measure.twins.same_art``)."""
        self.sizes = [(max(1, round(ir.slide.w)), max(1, round(ir.slide.h))) for ir in irs]
        self.per: list[Clip] = []
        self.groups: list[list[int]] = []
        """Runs of slides (indexes) drawn without text in one screenshot each."""
        self.doms: list[DomSnapshot] = []
        self.text_clips: list[Clip] = []
        # The package's pictures and art are drawn: contrast is judged against what a
        # person sees.
        widest = max(ir.slide.w for ir in self.irs)
        self.future = measurer.engine.submit_capture(
            measurer.deck_html(self.irs), CAPTURE_JS, self._pass_clips, ["", NOTEXT_CSS],
            page_size=(widest + 1, 1))

    def _clips_of(self, result: object) -> list[Clip]:
        if not isinstance(result, dict) or not isinstance(result.get("slides"), list):
            raise EngineError("the capture script returned no slide rects")
        rects = {int(r[0]): r for r in result["slides"]}
        if set(rects) != set(range(len(self.irs))):
            raise EngineError(f"{len(rects)} slide containers drawn for {len(self.irs)} slides")
        return [(round(rects[i][1]), round(rects[i][2]), w, h)
                for i, (w, h) in enumerate(self.sizes)]

    def _pass_clips(self, result: object) -> list[list[Clip]]:
        """On the browser's thread, between the script and the screenshots."""
        self.per[:] = self._clips_of(result)
        every = _groups(list(range(len(self.irs))), self.per)
        self.groups[:] = _groups([i for i in range(len(self.irs)) if i not in self.twins],
                                 self.per)
        notext = [_union([self.per[i] for i in g]) for g in self.groups]
        if self.ink is None:
            return [[_union([self.per[i] for i in g]) for g in every], notext]
        assert isinstance(result, dict)
        self.doms[:] = snapshots(self.irs, result["rows"], self.settings.SAFE_PADDING)
        self.text_clips[:] = _text_clips(self.ink(self.doms), self.per)
        return [self.text_clips, notext]

    def _cut(self, groups: Sequence[Sequence[int]], pngs: Sequence[bytes]) -> dict[int, Pixels]:
        """Each slide's pixels from the screenshots of its group."""
        out: dict[int, Pixels] = {}
        for group, png in zip(groups, pngs, strict=True):
            if len(group) == 1:
                out[group[0]] = _decode(png, *self.sizes[group[0]])
            else:
                out.update(zip(group, _crops([png], [self.per[i] for i in group]),
                               strict=True))
        return out

    def finish(self, before: Sequence[SlideCapture] = ()) -> list[SlideCapture]:
        """Wait for the round; decode and cut its screenshots per slide. ``before``: the
        captures of the slides that came before this round in the sequence (a twin's index
        counts them first, then this round's own slides)."""
        result, got = self.future.result()
        assert isinstance(result, dict)
        per, n = self.per, len(self.irs)
        own = self._cut(self.groups, got[1])
        notext: list[Pixels] = []
        for i in range(n):
            twin = self.twins.get(i)
            if twin is None:
                notext.append(own[i])
            elif twin < len(before):
                notext.append(before[twin].notext)
            else:
                notext.append(own[twin - len(before)])
        if self.ink is None:
            drawn = self._cut(_groups(list(range(n)), per), got[0])
            text = [drawn[i] for i in range(n)]
        else:
            text = _paste(notext, per, self.text_clips, got[0])
        doms = self.doms or snapshots(self.irs, result["rows"], self.settings.SAFE_PADDING)
        runs, art = _runs(result["runs"], n), _runs(result.get("art", []), n)
        unknown, painted = _boxes(result.get("unknown"), n), _boxes(result.get("painted"), n)
        plain = {int(r[0]): bool(r[5]) for r in result["slides"]}
        hidden = occluded_cells(result.get("occluded"), n)
        return [SlideCapture(dom=doms[i], runs=runs[i], text=text[i], notext=notext[i],
                             unknown=unknown[i], painted=painted[i],
                             plain_page=plain.get(i, True), occluded=hidden[i], art=art[i])
                for i in range(n)]


def _groups(indexes: Sequence[int], per: Sequence[Clip]) -> list[list[int]]:
    """``indexes`` (ascending) in runs of consecutive slides, each one screenshot: a run's
    union stays within ``MAX_SHOT_PX`` (one shot of many slides costs about one of one)."""
    out: list[list[int]] = []
    for i in indexes:
        if out and out[-1][-1] == i - 1:  # stacked: the run's first and i span it all
            whole = _union([per[out[-1][0]], per[i]])
            if max(whole[2], whole[3]) <= MAX_SHOT_PX:
                out[-1].append(i)
                continue
        out.append([i])
    return out


def start_capture(
    irs: Sequence[SlideIR], measurer: Measurer, settings: Settings = DEFAULT_SETTINGS,
    ink: InkRegions | None = None, twins: Mapping[int, int] | None = None,
) -> PendingCapture:
    """Queue ``capture_slides`` on the browser's thread and return at once."""
    return PendingCapture(irs, measurer, settings, ink, twins)


def capture_slides(
    irs: Sequence[SlideIR], measurer: Measurer, settings: Settings = DEFAULT_SETTINGS,
    ink: InkRegions | None = None,
) -> list[SlideCapture]:
    """Render ``irs`` into one document, measure it, and screenshot every slide twice (with
    and without text) in one browser round. With ``ink``, the text pass captures only the
    regions it names (``SlideCapture.text`` holds the no-text pixels elsewhere): for checks
    that need the drawn glyphs only where the measured text comes near a limit. Keep
    batches modest (tens of slides): each slide costs two RGB arrays of its size in memory."""
    if not irs:
        return []
    return start_capture(irs, measurer, settings, ink).finish()
