"""Every error pptxagent raises on purpose.

The tree::

    PptxAgentError                 base; ``exit_code`` says what the CLI returns
    ├── InputError                 bad input from the user: exit 2, message names the culprit
    │   ├── IRValidationError      an IR / patch / content JSON that breaks its schema (JSON path)
    │   ├── ContentError           content.json that does not fit the template (slide, key)
    │   ├── SettingError           an unknown or ill-typed ``--set NAME=VALUE``
    │   └── PackageError           a .pptx that cannot be read safely
    │       ├── EncryptedPackageError
    │       ├── StrictOOXMLError
    │       ├── CorruptPackageError    truncated zip, malformed XML, missing parts
    │       └── UnsafePackageError     zip bombs, unsafe member names, XML entities
    └── EngineError                a renderer (Chromium, LibreOffice) failed or is missing
        └── DrawingError           it runs, but could not draw this deck (crashed on it twice,
                                   hung, wrote no or an unreadable PDF)

Exceptions from other libraries are translated at the boundary with ``raise ... from exc``.
"""

from __future__ import annotations


class PptxAgentError(Exception):
    """Base of every deliberate pptxagent error."""

    exit_code: int = 1

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputError(PptxAgentError):
    """The user's input is wrong; the message names the file, slide, shape or JSON path."""

    exit_code = 2


class IRValidationError(InputError):
    """A JSON document that breaks its schema. ``path`` is the JSON path of the first fault."""

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(message)
        self.path = path


class ContentError(InputError):
    """content.json asks for something the template does not have."""


class SettingError(InputError):
    """An unknown constant or a value of the wrong type given with ``--set``."""


class PackageError(InputError):
    """A .pptx package that cannot be read safely."""


class EncryptedPackageError(PackageError):
    """An encrypted deck (an OLE compound file, not a zip)."""


class StrictOOXMLError(PackageError):
    """ISO/IEC 29500 Strict OOXML (purl.oclc.org namespaces)."""


class CorruptPackageError(PackageError):
    """A truncated zip, malformed XML, or a package without its required parts."""


class UnsafePackageError(PackageError):
    """A package refused for safety: zip bomb, unsafe member name, XML entity expansion."""


class EngineError(PptxAgentError):
    """A rendering engine (Chromium, LibreOffice) is missing or failed."""

    exit_code = 3


class DrawingError(EngineError):
    """The engine runs but could not draw this deck: LibreOffice crashed on it (again after a
    restart), hung, refused it, or wrote no or an unreadable PDF. A fill goes on without the
    second opinion and says so; ``pptxagent render`` fails with it."""


__all__ = [
    "ContentError",
    "CorruptPackageError",
    "DrawingError",
    "EncryptedPackageError",
    "EngineError",
    "IRValidationError",
    "InputError",
    "PackageError",
    "PptxAgentError",
    "SettingError",
    "StrictOOXMLError",
    "UnsafePackageError",
]
