"""Helpers for the fill unit tests: DrawingML snippets with the usual namespaces."""

from __future__ import annotations

from lxml import etree

from pptxagent.ooxml.xml import NS, qn

DECL = " ".join(f'xmlns:{k}="{NS[k]}"' for k in ("a", "p", "r"))


def xml(fragment: str) -> etree._Element:
    """Parse a fragment whose root element uses the a/p/r prefixes (declared here)."""
    head, sep, rest = fragment.partition(">")
    if head.endswith("/"):
        return etree.fromstring(f"{head[:-1]} {DECL}/>{rest}")
    return etree.fromstring(f"{head} {DECL}{sep}{rest}")


def runs(p: etree._Element) -> list[tuple[str, etree._Element | None]]:
    """(text, rPr) of each a:r of a paragraph."""
    out = []
    for r in p.findall(qn("a:r")):
        t = r.find(qn("a:t"))
        out.append(((t.text or "") if t is not None else "", r.find(qn("a:rPr"))))
    return out


def child_tags(el: etree._Element) -> list[str]:
    return [etree.QName(c).localname for c in el]
