"""Held-out-style outlines for ``pptxagent compose`` (issue 7 "Must show").

``write_outlines(work)`` writes every good outline as ``work/outlines/NAME.json`` (and the
pictures they use) and returns their paths; ``write_bad(work)`` does the same for the bad
ones, each with the JSON path its error must name. Deterministic: same files every run.

Good outlines cover every kind (title, section, bullets, kpis, comparison, timeline, quote,
data with bar/column/line/pie, table, image), slides without ``kind``, notes and citations,
and the stress cases: 120-character titles, nine bullets, 14 bullets with sub-levels, long
German compound words, CJK text, numbers with units, a 12 × 5 table, six KPIs, eight
timeline steps, a long quote, a chart of 12 categories × 3 series, negative values.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

TEAM_PNG = Path(__file__).resolve().parents[2] / "fixtures" / "team.png"
Json = dict[str, Any]

LONG_TITLE = (
    "Why the regional distribution network needs a complete redesign before the winter "
    "peak of the coming fiscal year of 2027"
)

GERMAN_1 = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"
GERMAN_2 = "Rechtsschutzversicherungsgesellschaften"
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def _picture(path: Path, size: tuple[int, int], seed: int) -> None:
    """A deterministic picture: coloured bands and circles (no text in it)."""
    img = Image.new("RGB", size, (40 + seed * 30 % 200, 90, 140))
    draw = ImageDraw.Draw(img)
    w, h = size
    for k in range(8):
        shade = (60 + 20 * k, 120 + 10 * k % 100, 200 - 15 * k)
        draw.rectangle((k * w // 8, h * 2 // 3, (k + 1) * w // 8, h), fill=shade)
        draw.ellipse((k * w // 9, h // 6, k * w // 9 + w // 10, h // 6 + w // 10),
                     fill=(250 - 20 * k, 200, 60 + 15 * k))
    img.save(path, format="PNG")


def _good(pictures: dict[str, str]) -> dict[str, Json]:
    team, wide, tall = pictures["team"], pictures["wide"], pictures["tall"]
    return {
        "kinds_tour": {
            "title": "Quarterly business review",
            "slides": [
                {"kind": "title", "title": "Quarterly business review Q3",
                 "subtitle": "Operations and finance, October 2026",
                 "notes": "Welcome everyone; this deck covers the third quarter."},
                {"kind": "section", "title": "Results", "subtitle": "What we delivered"},
                {"kind": "bullets", "title": "Highlights of the quarter",
                 "bullets": ["Revenue grew for the fifth quarter in a row",
                             "Two new plants reached full capacity",
                             "Customer churn fell below three percent"],
                 "citations": ["Internal finance report, September 2026"]},
                {"kind": "kpis", "title": "Key figures",
                 "items": [{"value": "€1.2 M", "label": "Net profit", "delta": "+12 % YoY"},
                           {"value": "42 %", "label": "Gross margin"},
                           {"value": "3.5 kWh/m²", "label": "Energy intensity",
                            "delta": "−0.4 kWh/m²"}]},
                {"kind": "comparison", "title": "Build or buy",
                 "left": {"heading": "Build in house",
                          "bullets": ["Full control of the roadmap", "Higher upfront cost"]},
                 "right": {"heading": "Buy a platform",
                           "bullets": ["Faster to market", "Licence fees every year"]}},
                {"kind": "timeline", "title": "Rollout plan",
                 "steps": [{"label": "Q1", "text": "Pilot in two stores"},
                           {"label": "Q2", "text": "Regional rollout"},
                           {"label": "Q3", "text": "National launch"},
                           {"label": "Q4", "text": "Review and scale"}]},
                {"kind": "quote", "quote": "The best way to predict the future is to build it.",
                 "author": "Ada Example", "role": "Chief Executive Officer"},
                {"kind": "data", "title": "Revenue by region",
                 "chart": {"type": "column", "categories": ["North", "South", "East", "West"],
                           "series": [{"name": "2025", "values": [12, 15, 9, 11]},
                                      {"name": "2026", "values": [14, 16, 12, 13]}]},
                 "takeaway": "Every region grew; East grew fastest."},
                {"kind": "table", "title": "Headcount by site",
                 "rows": [["Site", "Staff", "Open roles"], ["Berlin", "120", "8"],
                          ["Lyon", "85", "3"], ["Porto", "42", "5"]]},
                {"kind": "image", "title": "The team at the summer offsite", "image": team,
                 "caption": "Lisbon, June 2026"},
            ],
        },
        "charts": {
            "title": "Chart gallery",
            "slides": [
                {"kind": "data", "title": "Market share",
                 "chart": {"type": "pie", "categories": ["Us", "Rival A", "Rival B", "Others"],
                           "series": [{"name": "Share", "values": [38.5, 27.0, 19.5, 15.0]}]},
                 "takeaway": "We lead the market with 38.5 %."},
                {"kind": "data", "title": "Monthly output of three plants",
                 "chart": {"type": "line", "categories": MONTHS,
                           "series": [{"name": "Plant A", "values": [
                               10, 12, 13, 15, 14, 16, 18, 17, 19, 21, 20, 22]},
                               {"name": "Plant B", "values": [
                                   8, 9, 9.5, 11, 12, 12.5, 13, 14, 13.5, 15, 16, 17]},
                               {"name": "Plant C", "values": [
                                   5, 6, 7, 6.5, 8, 9, 10, 11, 12, 12.5, 13, 14.25]}]}},
                {"kind": "data", "title": "Profit and loss by unit (€ M)",
                 "chart": {"type": "bar",
                           "categories": ["Retail", "Wholesale", "Online", "Services", "Other"],
                           "series": [{"name": "Result", "values": [4.2, -1.8, 2.5, -0.6, 0]}]},
                 "takeaway": "Wholesale and Services lost money."},
                {"kind": "data", "title": "Cash flow by month, three scenarios",
                 "chart": {"type": "column", "categories": MONTHS,
                           "series": [
                               {"name": "Base", "values": [
                                   3, -2, 4, 5, -1, 2, 6, -3, 4, 2, 1, 5]},
                               {"name": "Upside", "values": [
                                   4, -1, 5, 7, 0, 3, 8, -2, 5, 3, 2, 7]},
                               {"name": "Downside", "values": [
                                   1, -4, 2, 3, -3, 0, 3, -5, 2, 0, -1, 2]}]},
                 "takeaway": "Even the downside case ends the year positive."},
            ],
        },
        "long_titles": {
            "title": LONG_TITLE,
            "slides": [
                {"kind": "title", "title": LONG_TITLE,
                 "subtitle": "A proposal to the board of directors, prepared by the network "
                             "planning office together with regional operations"},
                {"kind": "bullets", "title": LONG_TITLE,
                 "bullets": ["Peak load rose 18 % in three years",
                             "Two substations run above rated capacity",
                             "Outages cost €3.4 M last winter"]},
                {"kind": "section", "title": LONG_TITLE},
                {"kind": "data", "title": LONG_TITLE,
                 "chart": {"type": "column", "categories": ["2023", "2024", "2025", "2026"],
                           "series": [{"name": "Peak load (MW)", "values": [410, 438, 462, 484]}]},
                 "takeaway": "Peak load grows about 6 % a year."},
            ],
        },
        "dense_bullets": {
            "title": "Dense bullets",
            "slides": [
                {"kind": "bullets", "title": "Nine reasons to migrate now",
                 "bullets": [f"Reason {n}: {text}" for n, text in enumerate([
                     "the old platform leaves support next year",
                     "licence costs rise by a third",
                     "security patches arrive months late",
                     "integration with the new ERP is missing",
                     "the vendor stopped hiring engineers",
                     "customers ask for single sign-on",
                     "reporting runs overnight instead of live",
                     "mobile access is not supported",
                     "the data centre lease ends in 2027"], start=1)]},
                {"kind": "bullets", "title": "Programme scope in detail",
                 "bullets": [
                     "Finance", {"text": "General ledger consolidation", "level": 1},
                     {"text": "Accounts payable automation", "level": 1},
                     {"text": "Invoice matching with purchase orders", "level": 2},
                     "Supply chain", {"text": "Demand planning", "level": 1},
                     {"text": "Warehouse management for four sites", "level": 1},
                     {"text": "Transport planning", "level": 1},
                     "Human resources", {"text": "Payroll in eleven countries", "level": 1},
                     {"text": "Learning management", "level": 1},
                     "Customer service", {"text": "Case routing", "level": 1},
                     {"text": "Knowledge base with search", "level": 2}],
                 "notes": "Fourteen items on three levels: expect a continuation slide."},
            ],
        },
        "german_words": {
            "title": "Lange Wörter",
            "slides": [
                {"kind": "title", "title": GERMAN_1, "subtitle": GERMAN_2},
                {"kind": "bullets", "title": f"Die {GERMAN_2} im Überblick",
                 "bullets": [f"{GERMAN_1} als Beispiel",
                             f"Marktanteil der {GERMAN_2}: 42 %",
                             "Kraftfahrzeughaftpflichtversicherung und Unfallversicherung"]},
                {"kind": "kpis", "title": "Kennzahlen",
                 "items": [{"value": "€1.2 M", "label": GERMAN_2},
                           {"value": "42 %", "label": "Grundstücksverkehrsgenehmigung"},
                           {"value": "3.5 kWh/m²", "label": "Energieverbrauchskennwert"}]},
                {"kind": "comparison", "title": "Vorher und nachher",
                 "left": {"heading": "Rindfleischetikettierungsüberwachung",
                          "bullets": [GERMAN_1, "Altes Verfahren"]},
                 "right": {"heading": "Neues Verfahren",
                           "bullets": [GERMAN_2, "Digitale Prüfung"]}},
            ],
        },
        "cjk": {
            "title": "日本語と中文のテスト",
            "slides": [
                {"kind": "title", "title": "第3四半期の業績報告",
                 "subtitle": "営業本部 2026年10月"},
                {"kind": "bullets", "title": "今四半期の主な成果",
                 "bullets": ["売上高は前年同期比で12％増加し、過去最高を更新しました。",
                             "新しい物流センターが予定どおり稼働を開始しました。",
                             "顧客満足度調査で業界一位の評価を獲得しました。"]},
                {"kind": "bullets", "title": "市场概况",
                 "bullets": ["我们在华东地区的市场份额达到百分之三十八。",
                             "新产品线在第三季度贡献了四分之一的收入。"],
                 "notes": "中文演讲备注：请强调华东地区的增长。"},
                {"kind": "quote", "quote": "品質こそが、私たちの最大の競争力である。",
                 "author": "山田 太郎", "role": "代表取締役社長"},
                {"kind": "kpis", "title": "主要指標",
                 "items": [{"value": "¥3.2 億", "label": "営業利益"},
                           {"value": "42 %", "label": "粗利益率", "delta": "+3 pt"}]},
            ],
        },
        "big_table": {
            "title": "Tables",
            "slides": [
                {"kind": "table", "title": "Sales by product line, 2026 (€ k)",
                 "rows": [["Product", "Q1", "Q2", "Q3", "Q4"]] + [
                     [f"Product line {chr(65 + r)}", 100 + 7 * r, 110 + 5 * r,
                      f"{95 + 3 * r}.5", f"{-2 + r} %"] for r in range(11)],
                 "citations": ["Sales ledger export, 5 January 2027"]},
                {"kind": "table", "title": "Units",
                 "rows": [["Measure", "Value"], ["Energy intensity", "3.5 kWh/m²"],
                          ["Budget", "€1.2 M"], ["Utilisation", "42 %"], ["Count", 7],
                          ["Ratio", 0.25]]},
            ],
        },
        "many_items": {
            "title": "Many items",
            "slides": [
                {"kind": "kpis", "title": "Six figures that matter",
                 "items": [{"value": "€1.2 M", "label": "Net profit", "delta": "+12 %"},
                           {"value": "42 %", "label": "Gross margin", "delta": "+2 pt"},
                           {"value": "3.5 kWh/m²", "label": "Energy intensity"},
                           {"value": "1 280", "label": "Employees", "delta": "+85"},
                           {"value": "98.7 %", "label": "On-time delivery"},
                           {"value": "−4 %", "label": "Unit cost", "delta": "−4 % YoY"}]},
                {"kind": "timeline", "title": "Eight steps to launch",
                 "steps": [{"label": f"Step {n}", "text": text} for n, text in enumerate([
                     "Research", "Concept", "Design", "Prototype", "Test", "Pilot",
                     "Launch", "Review"], start=1)]},
                {"kind": "quote",
                 "quote": "We did not set out to build the biggest network in the region; we set "
                          "out to build the one our customers would trust on the coldest night "
                          "of the year, and everything we decided over the last five years — "
                          "every investment, every hire, every delay we accepted — follows "
                          "from that promise.",
                 "author": "Maria Example", "role": "Head of Network Planning"},
            ],
        },
        "inferred": {
            "title": "Slides without a kind",
            "slides": [
                {"title": "Inferred bullets",
                 "bullets": ["The policy picks the component", "No kind was given"]},
                {"title": "Inferred figures",
                 "items": [{"value": "17", "label": "Stores"},
                           {"value": "4.8", "label": "Rating"}]},
                {"title": "Inferred chart",
                 "chart": {"type": "line", "categories": ["Mon", "Tue", "Wed", "Thu", "Fri"],
                           "series": [{"name": "Visitors", "values": [120, 135, 128, 160, 190]}]}},
                {"quote": "Simple things should be simple.", "author": "A. Kay"},
                {"title": "Inferred table", "rows": [["Key", "Value"], ["Alpha", "1"],
                                                     ["Beta", "2"]]},
                {"title": "Inferred picture", "image": wide, "caption": "A wide picture"},
                {"title": "A title and nothing else"},
            ],
        },
        "pictures_notes": {
            "title": "Pictures, notes and citations",
            "slides": [
                {"kind": "image", "title": "A tall picture in a wide frame", "image": tall,
                 "notes": "The picture is cropped to its frame, never stretched.",
                 "citations": ["Photo: example archive"]},
                {"kind": "image", "title": "The team", "image": team},
                {"kind": "section", "title": "Appendix",
                 "notes": "Background material follows."},
                {"kind": "bullets", "title": "Sources and method",
                 "bullets": ["Survey of 1 200 customers in 2026",
                             "Margin of error ±3 %"],
                 "citations": ["Customer survey 2026, n = 1 200",
                               "Method note MN-7, revision 2"],
                 "notes": "Cite both sources when asked."},
            ],
        },
    }


@dataclass(frozen=True)
class BadOutline:
    name: str
    path: Path
    json_path: str
    """The JSON path the one-line error must name (``$.slides[2].chart``); empty: the file's
    name (JSON that does not parse has no path)."""


def _bad() -> dict[str, tuple[Json | str, str]]:
    ok = {"kind": "bullets", "title": "Fine", "bullets": ["one"]}
    return {
        "title_not_string": ({"title": 7, "slides": [ok]}, "$.title"),
        "slides_not_list": ({"title": "x", "slides": {"kind": "title"}}, "$.slides"),
        "bullets_missing": ({"title": "x", "slides": [ok, {"kind": "bullets", "title": "y"}]},
                            "$.slides[1]"),
        "kpi_value_number": ({"title": "x", "slides": [
            {"kind": "kpis", "title": "k", "items": [{"value": 42, "label": "n"}]}]},
            "$.slides[0].items[0].value"),
        "unequal_series": ({"title": "x", "slides": [ok, ok, {
            "kind": "data", "title": "c", "chart": {
                "type": "bar", "categories": ["a", "b", "c"],
                "series": [{"name": "s", "values": [1, 2]}]}}]}, "$.slides[2].chart"),
        "bad_chart_type": ({"title": "x", "slides": [{
            "kind": "data", "title": "c", "chart": {
                "type": "donut", "categories": ["a"], "series": [{"name": "s", "values": [1]}]}}]},
            "$.slides[0].chart.type"),
        "missing_image": ({"title": "x", "slides": [ok, {
            "kind": "image", "title": "gone", "image": "no_such_picture.png"}]},
            "$.slides[1].image"),
        "unknown_kind": ({"title": "x", "slides": [{"kind": "poem", "title": "p"}]},
                         "$.slides[0].kind"),
        "not_json": ('{"title": "x", "slides": [', ""),
    }


def write_outlines(work: Path, extremes: bool = False) -> dict[str, Path]:
    """Write the good outlines (and their pictures) under ``work/outlines``; with
    ``extremes`` also the outline beyond the must-show stress cases."""
    folder = work / "outlines"
    folder.mkdir(parents=True, exist_ok=True)
    pictures = _pictures(folder)
    good = _good(pictures)
    if extremes:
        from bench.compose_eval.extremes import extremes_outline

        good["extremes"] = extremes_outline(pictures)
    out: dict[str, Path] = {}
    for name, data in good.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        out[name] = path
    return out


def _pictures(folder: Path) -> dict[str, str]:
    wide, tall, pano = folder / "wide.png", folder / "tall.png", folder / "pano.png"
    if not pano.exists():
        _picture(pano, (2000, 500), 4)
    if not wide.exists():
        _picture(wide, (1600, 500), 1)
    if not tall.exists():
        _picture(tall, (500, 900), 2)
    team = folder / "team.png"
    if not team.exists():
        if TEAM_PNG.exists():
            team.write_bytes(TEAM_PNG.read_bytes())
        else:
            _picture(team, (1200, 600), 3)
    return {"team": team.name, "wide": wide.name, "tall": tall.name, "pano": pano.name}


def write_bad(work: Path) -> list[BadOutline]:
    folder = work / "bad"
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, (data, where) in _bad().items():
        path = folder / f"{name}.json"
        text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        path.write_text(text, encoding="utf-8")
        out.append(BadOutline(name, path, where))
    return out


def load(path: Path) -> Json:
    data: Json = json.loads(path.read_text(encoding="utf-8"))
    return data
