"""The outline beyond the must-show stress cases (``run --extremes``): what a held-out
outline may still throw at us. A build without QA fails a fifth of its slides."""

from __future__ import annotations

from bench.compose_eval.outlines import GERMAN_2, LONG_TITLE, MONTHS, Json


def extremes_outline(pictures: dict[str, str]) -> Json:
    """Beyond the stated stress cases: what a held-out outline may still throw at us."""
    long_line = ("Consolidate the regional warehouses into two automated hubs and renegotiate "
                 "every carrier contract before the end of the second quarter")
    return {
        "title": "Extremes",
        "slides": [
            {"kind": "bullets", "title": "Twenty long bullets",
             "bullets": [f"{k}. {long_line}" for k in range(1, 21)]},
            {"kind": "bullets", "title": "Five outline levels",
             "bullets": [{"text": f"Level {lvl} item about {GERMAN_2}", "level": lvl}
                         for lvl in range(5)]},
            {"kind": "table", "title": "A table of 30 rows and 8 columns",
             "rows": [[f"Col {c}" for c in range(1, 9)]] + [
                 [f"Row {r}", *(f"{r * c * 1.25:.2f} €" for c in range(1, 7)),
                  "Kraftfahrzeughaftpflichtversicherung" if r % 5 == 0 else "ok"]
                 for r in range(1, 30)]},
            {"kind": "data", "title": "Twenty-four months, four series, decimals below zero",
             "chart": {"type": "line",
                       "categories": [f"{m} {y}" for y in (2025, 2026) for m in MONTHS],
                       "series": [{"name": f"Scenario {s} (€ M)", "values": [
                           round((k - 11) * 0.37 * s - 1.5, 2) for k in range(24)]}
                           for s in range(1, 5)]},
             "takeaway": "All four scenarios cross zero in the second year."},
            {"kind": "comparison", "title": "Eight points a side",
             "left": {"heading": "Today", "bullets": [f"Current issue {k}: {long_line[:60]}"
                                                      for k in range(1, 9)]},
             "right": {"heading": "Tomorrow", "bullets": [f"Target state {k}: {long_line[60:]}"
                                                          for k in range(1, 9)]}},
            {"kind": "timeline", "title": "Twelve milestones",
             "steps": [{"label": f"{m} 2027", "text": f"Milestone {k}: {long_line[:48]}"}
                       for k, m in enumerate(MONTHS, start=1)]},
            {"kind": "kpis", "title": "Eight figures",
             "items": [{"value": v, "label": lab} for v, lab in [
                 ("€1,234,567.89", "Revenue"), ("−12.5 %", "Margin change"),
                 ("3.5 kWh/m²", "Energy"), ("42 %", "Share"), ("1 280", "Staff"),
                 ("¥3.2 億", "売上高営業利益率前年同期比較"), ("98.7 %", "Uptime"),
                 ("0.003 ppm", "Defects")]]},
            {"kind": "quote",
             "quote": " ".join([long_line] * 5) + ".",
             "author": "A very long author name, Dr. Maximilian Alexander von Example-Beispiel",
             "role": "Vorsitzender der Geschäftsführung der Rechtsschutzversicherungs-AG"},
            {"kind": "image", "title": "A panorama four times wider than high",
             "image": pictures["pano"], "caption": long_line},
            {"kind": "section", "title": LONG_TITLE + " — appendix",
             "subtitle": long_line},
        ],
    }
