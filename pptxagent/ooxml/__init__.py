"""The OOXML package layer: safe reading, hardened XML, byte-faithful writing, slide ops.

Only this package touches XML (lxml). Part names are absolute (``"/ppt/slides/slide1.xml"``).
"""

from pptxagent.ooxml.package import Package, Rel
from pptxagent.ooxml.slides import duplicate_slide, set_slide_order
from pptxagent.ooxml.validate import Finding, compare_findings, validate_package
from pptxagent.ooxml.xml import NS, SCHEMA_ORDER, insert_in_order, parse_xml, qn, serialize

__all__ = [
    "NS",
    "SCHEMA_ORDER",
    "Finding",
    "Package",
    "Rel",
    "compare_findings",
    "duplicate_slide",
    "insert_in_order",
    "parse_xml",
    "qn",
    "serialize",
    "set_slide_order",
    "validate_package",
]
