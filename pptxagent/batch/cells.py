"""Spreadsheet cells as a person reads them: a number or date written the way the sheet shows
it (its number format), never as Excel's serial number or Python's float spelling.

``3.0`` in a General cell is ``3``; ``0.125`` under ``0.0%`` is ``12.5%``; ``1234.5`` under
``#,##0.00`` is ``1,234.50`` and under ``"$"#,##0`` ``$1,235``; a date under ``d mmm yyyy``
is ``14 Mar 2025`` (``mm-dd-yy``, Excel's built-in short date, shows as ``3/14/2025`` as
an English Excel does). Formats beyond these (fractions, scientific, conditions, colours)
fall back to General.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]
_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_BUILTIN_DATE = {"mm-dd-yy": "m/d/yyyy", "general date": "m/d/yyyy h:mm"}
_DATE_TOKEN = re.compile(r"yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|am/pm|a/p",
                         re.IGNORECASE)
_QUOTED = re.compile(r'"([^"]*)"|\\(.)')
_NUMBER = re.compile(r"[#0?,.]+")


def general(value: float) -> str:
    """Excel's General: an integral value without a decimal point, else up to 10
    significant digits without trailing zeros."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    text = f"{value:.10g}"
    return text.replace("e+", "E+").replace("e-", "E-")


def _literal(section: str) -> str:
    """A format section with its quoted text and escapes made plain, brackets dropped."""
    section = re.sub(r"\[[^\]]*\]", "", section)
    return _QUOTED.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), section)


def _is_date_format(fmt: str) -> bool:
    plain = re.sub(r'"[^"]*"|\\.|\[[^\]]*\]', "", fmt).lower()
    return fmt.lower() in _BUILTIN_DATE or bool(re.search(r"[dy]|h|(?<![#0])s", plain))


def format_date(value: dt.datetime | dt.date | dt.time, fmt: str) -> str:
    """``value`` written by an Excel date format (``General``: ISO, without a midnight)."""
    if isinstance(value, dt.time):
        value = dt.datetime.combine(dt.date(1900, 1, 1), value)
    elif not isinstance(value, dt.datetime):
        value = dt.datetime.combine(value, dt.time())
    fmt = _BUILTIN_DATE.get(fmt.lower(), fmt)
    if not _is_date_format(fmt):
        return value.date().isoformat() if value.time() == dt.time() else \
            value.isoformat(sep=" ", timespec="minutes")
    section = _literal(fmt.split(";")[0])
    twelve = bool(re.search(r"am/pm|a/p", section, re.IGNORECASE))
    tokens = list(_DATE_TOKEN.finditer(section))
    out, last, prev = [], 0, ""
    for i, m in enumerate(tokens):
        out.append(section[last:m.start()])
        tok = m.group(0).lower()
        nxt = tokens[i + 1].group(0).lower() if i + 1 < len(tokens) else ""
        minute = tok in ("m", "mm") and (prev.startswith("h") or nxt.startswith("s"))
        out.append(_date_part(value, tok, minute, twelve))
        prev, last = tok, m.end()
    out.append(section[last:])
    return "".join(out)


def _date_part(v: dt.datetime, tok: str, minute: bool, twelve: bool) -> str:
    hour = (v.hour % 12 or 12) if twelve else v.hour
    parts: dict[str, str] = {
        "yyyy": f"{v.year:04d}", "yy": f"{v.year % 100:02d}", "mmmm": _MONTHS[v.month - 1],
        "mmm": _MONTHS[v.month - 1][:3], "dddd": _DAYS[v.weekday()],
        "ddd": _DAYS[v.weekday()][:3], "dd": f"{v.day:02d}", "d": str(v.day),
        "hh": f"{hour:02d}", "h": str(hour), "ss": f"{v.second:02d}", "s": str(v.second),
        "am/pm": "AM" if v.hour < 12 else "PM", "a/p": "A" if v.hour < 12 else "P",
    }
    if tok in ("m", "mm"):
        n = v.minute if minute else v.month
        return f"{n:02d}" if tok == "mm" else str(n)
    return parts[tok]


def format_number(value: float, fmt: str) -> str:
    """``value`` written by an Excel number format: decimals, thousands separators, a
    percent sign, literal text (currency) around the number; sections ``pos;neg;zero``."""
    sections = fmt.split(";")
    if not fmt or fmt.lower() == "general" or ("@" in fmt and len(sections) == 1):
        return general(value)
    section = sections[0]
    if value < 0 and len(sections) > 1:
        section, value = sections[1], -value
    elif value == 0 and len(sections) > 2:
        section = sections[2]
    plain = _literal(section)
    found = _NUMBER.search(plain)
    if found is None or "e+" in plain.lower() or "/" in plain:
        return plain if found is None and plain.strip() else general(value)
    spec = found.group(0)
    if "%" in plain:
        value *= 100
    decimals = len(spec.split(".", 1)[1]) if "." in spec else 0
    quant = Decimal(1).scaleb(-decimals)
    rounded = Decimal(repr(value)).quantize(quant, rounding=ROUND_HALF_UP)
    grouped = "," in spec.split(".")[0]
    text = f"{abs(rounded):,.{decimals}f}" if grouped else f"{abs(rounded):.{decimals}f}"
    sign = "-" if rounded < 0 else ""
    return plain[:found.start()] + sign + text + plain[found.end():]


def cell_text(value: Any, fmt: str = "General") -> Any:
    """A spreadsheet cell's value for a token: text as the sheet shows it (None: empty)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return format_date(value, fmt or "General")
    if isinstance(value, int | float):
        if _is_date_format(fmt or "General") and fmt.lower() != "general":
            return general(float(value))  # a serial number openpyxl did not convert
        return format_number(float(value), fmt or "General")
    return str(value)


__all__ = ["cell_text", "format_date", "format_number", "general"]
