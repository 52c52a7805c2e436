"""The OOXML package layer: safe reading, hardened XML, byte-faithful writing, slide ops.

Only this package touches XML (lxml). Part names are absolute (``"/ppt/slides/slide1.xml"``).
"""

from pptxagent.ooxml.package import Package, Rel
from pptxagent.ooxml.xml import NS, SCHEMA_ORDER, insert_in_order, parse_xml, qn, serialize

__all__ = [
    "NS",
    "SCHEMA_ORDER",
    "Package",
    "Rel",
    "insert_in_order",
    "parse_xml",
    "qn",
    "serialize",
]
