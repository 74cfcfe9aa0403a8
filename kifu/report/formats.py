"""The formats ``kifu validate --format`` prints reports in, for people and for tools.

``text`` (in :mod:`kifu.report.text`) for people; ``json`` (JSON Lines), ``github`` (workflow
annotations), ``junit`` (a test report CI servers show) and ``sarif`` (SARIF 2.1.0, which
GitHub code scanning and other tools show in place) for tools.  Every format escapes what it
takes from a record or a file name in its own way, so that no file can break the document or
steer the terminal it lands in.
"""
from __future__ import annotations

import os
import re
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from kifu.base.diagnostics import Diagnostic, FileReport
from kifu.base.errors import KifuError
from kifu.base.unsafe import printable, safe_json, unsafe_characters
from kifu.base.version import __version__
from kifu.report.text import Formatter, Statistics, TextFormatter, example

if TYPE_CHECKING:  # imported by the JUnit report itself, the only one that writes XML
    import xml.etree.ElementTree as ET


class JsonFormatter(Formatter):
    """One JSON object per diagnostic, one per line (JSON Lines)."""

    def file(self, report: FileReport) -> str:
        out = []
        for diag in report.diagnostics:
            data = asdict(diag)
            data["variation"] = list(diag.variation)
            data["game"] = report.game
            out.append(safe_json(data))
        return "\n".join(out)


#: The annotation of each severity (a note's: ``notice``).
GITHUB_KINDS = {"error": "error", "warning": "warning"}


class GithubFormatter(Formatter):
    """GitHub Actions workflow commands: annotations on the lines of the pull request."""

    def file(self, report: FileReport) -> str:
        out = []
        for diag in report.diagnostics:
            props = [f"file={_gh_property(diag.path)}"]
            if diag.line is not None:
                props += [f"line={diag.line}", f"col={diag.column}"]
                if diag.end_line is not None:
                    props += [f"endLine={diag.end_line}", f"endColumn={diag.end_column}"]
            props.append(f"title={_gh_property('kifu ' + diag.code)}")
            kind = GITHUB_KINDS.get(diag.severity, "notice")
            out.append(f"::{kind} {','.join(props)}::{_gh_message(diag.message)}")
        return "\n".join(out)


def _gh_message(text: str) -> str:
    lines = [printable(line).replace("%", "%25") for line in text.split("\n")]
    return "%0A".join(lines)


def _gh_property(text: str) -> str:
    return _gh_message(text).replace(":", "%3A").replace(",", "%2C")


class JunitFormatter(Formatter):
    """A JUnit XML report: one test case per file, a failure per file with errors."""

    def __init__(self) -> None:
        import xml.etree.ElementTree as ET

        self.suite = ET.Element("testsuite", name="kifu validate")
        self.counts = {"tests": 0, "failures": 0}

    def file(self, report: FileReport) -> str:
        self.counts["tests"] += 1
        case = _element(self.suite, "testcase", classname=report.game or "unknown",
                        name=report.path)
        errors = [d for d in report.diagnostics if d.severity == "error"]
        if errors:
            self.counts["failures"] += 1
            failure = _element(case, "failure", message=errors[0].message, type=errors[0].code)
            failure.text = _xml_safe("\n".join(_line(d) for d in report.diagnostics))
        elif report.diagnostics:
            out = _element(case, "system-out")
            out.text = _xml_safe("\n".join(_line(d) for d in report.diagnostics))
        return ""

    def end(self) -> str:
        for key, value in self.counts.items():
            self.suite.set(key, str(value))
        import xml.etree.ElementTree as ET

        ET.indent(self.suite)
        text = ET.tostring(self.suite, encoding="unicode")
        return '<?xml version="1.0" encoding="utf-8"?>\n' + unsafe_characters().sub(_reference, text)


def _reference(match: re.Match[str]) -> str:
    """A character XML may hold but a terminal must not see (a bidi override, a C1 control, a
    carriage return or a tab from a file name) as a character reference, which means the same
    to an XML reader (a raw carriage return would even be read as a line end); line ends as
    they are."""
    char = match.group()
    return char if char == "\n" else f"&#x{ord(char):x};"


def _line(diag: Diagnostic) -> str:
    return f"{diag.location}: {diag.severity}[{diag.code}]: {diag.message}"


def _element(parent: ET.Element, tag: str, **attributes: str) -> ET.Element:
    """A child element whose every attribute is made fit for XML (ElementTree escapes markup
    but passes through characters XML cannot hold at all)."""
    import xml.etree.ElementTree as ET

    return ET.SubElement(parent, tag, {k: _xml_safe(v) for k, v in attributes.items()})


def _xml_safe(text: str) -> str:
    """XML 1.0 cannot carry most control characters, lone surrogates or U+FFFE/U+FFFF at all,
    escaped or not: they are written as visible escapes instead."""
    return "".join(c if _xml_char(ord(c)) else
                   (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}") for c in text)


def _xml_char(code: int) -> bool:
    return (code in (0x9, 0xA, 0xD) or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD
            or code >= 0x10000)


class SarifFormatter(Formatter):
    """A SARIF 2.1.0 log: one run of kifu, a rule per diagnostic code, a result per diagnostic.

    Columns count Unicode code points (``columnKind``), as kifu's do; relative paths are given
    against ``%SRCROOT%``, the folder kifu ran in, which is what GitHub code scanning expects.
    """

    SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    def __init__(self) -> None:
        self.results: list[dict[str, Any]] = []
        self.rules: dict[str, int] = {}

    def file(self, report: FileReport) -> str:
        for diag in report.diagnostics:
            index = self.rules.setdefault(diag.code, len(self.rules))
            result: dict[str, Any] = {
                "ruleId": diag.code,
                "ruleIndex": index,
                "level": diag.severity if diag.severity in ("error", "warning") else "note",
                "message": {"text": diag.message},
                "locations": [{"physicalLocation": _physical(diag)}],
            }
            properties = {"game": report.game, "move": diag.move, "rule": diag.rule,
                          "variation": list(diag.variation) or None}
            result["properties"] = {k: v for k, v in properties.items() if v is not None}
            self.results.append(result)
        return ""

    def end(self) -> str:
        descriptions = _rule_descriptions()
        rules = [{"id": code, "shortDescription": {"text": descriptions.get(code, code)}}
                 for code in self.rules]
        log = {
            "$schema": self.SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {"name": "kifu", "version": __version__,
                                    "semanticVersion": __version__, "rules": rules}},
                "originalUriBaseIds": {"%SRCROOT%": {"uri": _folder_uri(os.getcwd())}},
                "columnKind": "unicodeCodePoints",
                "results": self.results,
            }],
        }
        return safe_json(log, indent=1)


def _physical(diag: Diagnostic) -> dict[str, Any]:
    location: dict[str, Any] = {"artifactLocation": _artifact(diag.path)}
    if diag.line is not None:
        region = {"startLine": diag.line}
        if diag.column is not None:
            region["startColumn"] = diag.column
        if diag.end_line is not None and diag.end_column is not None:
            region["endLine"] = diag.end_line
            region["endColumn"] = diag.end_column
        location["region"] = region
    return location


def _artifact(path: str) -> dict[str, str]:
    import urllib.parse  # SARIF's alone: importing it costs every run 2 ms

    if os.path.isabs(path):
        return {"uri": _folder_uri(path).rstrip("/")}
    uri = urllib.parse.quote(path.replace(os.sep, "/"), safe="/", errors="surrogateescape")
    return {"uri": uri, "uriBaseId": "%SRCROOT%"}


def _folder_uri(path: str) -> str:
    import urllib.parse

    quoted = urllib.parse.quote(path.replace(os.sep, "/"), safe="/:", errors="surrogateescape")
    return "file://" + ("" if quoted.startswith("/") else "/") + quoted.rstrip("/") + "/"


def _rule_descriptions() -> dict[str, str]:
    """Each diagnostic code with the first line of its error class's docstring."""
    from kifu.plugin import registry

    registry.games()  # games bring error classes of their own
    found: dict[str, str] = {}
    pending: list[type[KifuError]] = [KifuError]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__doc__ and cls.code not in found:
            found[cls.code] = " ".join(cls.__doc__.split("\n\n")[0].replace("``", "").split())
    return found


class JsonStatistics(Statistics):
    """``--statistics`` as JSON Lines: an object per rule (and severity), the most frequent
    first, with its code, count and first message (whole)."""

    def end(self) -> str:
        return "\n".join(safe_json({"rule": diag.rule_name, "code": diag.code,
                                     "severity": diag.severity, "count": count,
                                     "example": example(diag, None)})
                          for count, diag in self.rows())


FORMATTERS: dict[str, type[Formatter]] = {
    "text": TextFormatter,
    "json": JsonFormatter,
    "github": GithubFormatter,
    "junit": JunitFormatter,
    "sarif": SarifFormatter,
}


#: The formats ``--statistics`` prints in.
STATISTICS: dict[str, type[Statistics]] = {"text": Statistics, "json": JsonStatistics}


def make_formatter(name: str, color: bool = False, verbose: bool = False,
                   statistics: bool = False) -> Formatter:
    """A formatter by name; only ``text`` has colour and a verbose mode; with ``statistics``,
    a count per rule instead of the diagnostics (text or json)."""
    if statistics:
        return STATISTICS[name]()
    if name == "text":
        return TextFormatter(color=color, verbose=verbose)
    return FORMATTERS[name]()
