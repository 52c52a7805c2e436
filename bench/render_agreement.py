"""How close the browser's picture of a slide is to LibreOffice's (issue 6, the faithful render).

For every slide of a spread of real decks: draw it with Chromium (``pptxagent render``'s
browser path) and with LibreOffice, bring both to 320 px wide greyscale (luminance 0-255) and
take the mean absolute per-pixel difference as a share of 255. A slide "agrees" when that is
within 6 %. LibreOffice's PNGs are cached under the work directory (they do not change while
the browser render is worked on).

    PYTHONPATH=$PWD .venv/bin/python bench/render_agreement.py [DECK ...] [--work DIR]
        [--worst N] [--sheet]

``--sheet`` writes side-by-side PNGs (browser | LibreOffice) of the worst N slides to the work
directory.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "pptx"
DECKS = (
    "poi__60810", "poi__aascu.org_hbcu_leadershipsummit_cooper", "poi__themes", "poi__layouts",
    "poi__aptia", "poi__45545_Comment", "poi__ececapstonespring2012", "pythonpptx__shp-shapes",
    "pythonpptx__ph-populated-placeholders", "shapecrawler__074_google_slides",
    "shapecrawler__autoshapes-001", "shapecrawler__020", "automizer__threeSlidePres",
    "automizer__SlidesWithAdditionalMaster", "automizer__ShapeTypesCollection",
    "openxmlsdk__O12Typical", "openxmlsdk__typical", "pandoc__footer-basic-output",
    "onlyoffice__sample", "onlyoffice__ja-JP_new", "phppres__Sample_12",
    "pptxgenjs__Nodejs-Demo-Presentation", "tika__testPPT_various2",
    "unstructured__sample-presentation", "unstructured__science-exploration-1p",
    "markitdown__test", "officer__example", "officeparser__test",
)  # fmt: skip
WIDTH = 320
THRESHOLD = 0.06


def _grey(path: Path, height: int | None = None) -> Image.Image:
    with Image.open(path) as im:
        rgb = im.convert("RGB")
    h = height or max(1, round(rgb.height * WIDTH / rgb.width))
    return rgb.resize((WIDTH, h), Image.Resampling.BOX).convert("L")


def difference(browser: Path, libreoffice: Path) -> float:
    """Mean absolute luminance difference, as a share of 255."""
    a = _grey(browser)
    b = _grey(libreoffice, a.height)
    return float(ImageStat.Stat(ImageChops.difference(a, b)).mean[0]) / 255


def _libreoffice(deck: Path, out: Path) -> list[Path]:
    from pptxagent.pipeline.render import render_libreoffice

    done = sorted(out.glob("slide-*.png"), key=lambda p: int(p.stem.split("-")[1]))
    if done:
        return done
    return render_libreoffice(deck, out)


def side_by_side(browser: Path, libreoffice: Path, out: Path) -> None:
    with Image.open(browser) as a, Image.open(libreoffice) as b:
        w = 480
        ha = round(a.height * w / a.width)
        sheet = Image.new("RGB", (2 * w + 8, ha), (255, 0, 255))
        sheet.paste(a.convert("RGB").resize((w, ha)), (0, 0))
        sheet.paste(b.convert("RGB").resize((w, ha)), (w + 8, 0))
    sheet.save(out)


def main(argv: list[str] | None = None) -> int:
    from pptxagent.pipeline.render import render_browser

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("decks", nargs="*", help="deck paths or corpus stems (default: the spread)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/render-agreement"))
    ap.add_argument("--worst", type=int, default=10)
    ap.add_argument("--sheet", action="store_true", help="side-by-side PNGs of the worst slides")
    args = ap.parse_args(argv)
    decks = [Path(d) if d.endswith(".pptx") else CORPUS / f"{d}.pptx" for d in args.decks or DECKS]
    rows: list[tuple[str, int, float, Path, Path]] = []
    print(f"{'deck':48} {'slides':>6} {'within 6%':>9} {'mean diff':>9} {'browser s':>9}")
    for deck in decks:
        stem = deck.stem
        lo = _libreoffice(deck, args.work / "lo" / stem)
        out = args.work / "browser" / stem
        shutil.rmtree(out, ignore_errors=True)
        started = time.perf_counter()
        br = render_browser(deck, out)
        took = time.perf_counter() - started
        diffs = [difference(b, lo_png) for b, lo_png in zip(br, lo, strict=False)]
        rows += [(stem, i + 1, d, br[i], lo[i]) for i, d in enumerate(diffs)]
        ok = sum(d <= THRESHOLD for d in diffs)
        mean = sum(diffs) / len(diffs) if diffs else 0.0
        print(f"{stem[:48]:48} {len(diffs):6d} {ok:5d}/{len(diffs):<3d} {mean:9.3f} {took:9.1f}")
    total = len(rows)
    ok = sum(r[2] <= THRESHOLD for r in rows)
    mean = sum(r[2] for r in rows) / total if total else 0.0
    print(f"{'TOTAL':48} {total:6d} {ok:5d}/{total:<3d} {mean:9.3f}   "
          f"({100 * ok / max(total, 1):.1f}% within 6%)")
    worst = sorted(rows, key=lambda r: -r[2])[: args.worst]
    print("worst:", ", ".join(f"{s}#{n} {d:.3f}" for s, n, d, _, _ in worst))
    if args.sheet:
        for k, (stem, n, _, b, lo_png) in enumerate(worst):
            side_by_side(b, lo_png, args.work / f"worst-{k:02d}-{stem}-{n}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
