"""The one reader of include/gemstone.h: function declarations, callback typedefs, struct fields, status codes
and the ABI version. The C ABI checks (tests/abi/gemheader.py), the Python binding's tests
(bindings/python/tests/header.py) and, through the facts scripts/generate.py writes from it, the Kotlin
binding's tests all read the header through it. It handles the header's own style (C99 declarations, one per
statement, named parameters), not C in general."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HEADER = REPO / "include" / "gemstone.h"


@dataclass(frozen=True)
class Declaration:
    name: str
    returns: str  # normalized C type, e.g. "gem_status", "void"
    params: tuple[tuple[str, str], ...]  # (normalized C type, name)


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def normalize_type(tokens: list[str]) -> str:
    base = " ".join(token for token in tokens if token != "*")
    stars = tokens.count("*")
    return base + (" " + "*" * stars if stars else "")


def _split_named(text: str) -> tuple[str, str]:
    tokens = re.findall(r"\w+|\*", text)
    if len(tokens) < 2 or not re.fullmatch(r"\w+", tokens[-1]):
        raise ValueError(f"unnamed or unreadable declaration: {text!r}")
    return normalize_type(tokens[:-1]), tokens[-1]


def _params(text: str) -> tuple[tuple[str, str], ...]:
    text = text.strip()
    if text in ("", "void"):
        return ()
    return tuple(_split_named(part) for part in text.split(","))


class Header:
    def __init__(self, path: Path = HEADER, text: str | None = None) -> None:
        self.raw = text if text is not None else path.read_text(encoding="utf-8")
        code = _strip_comments(self.raw).replace("\\\n", " ")  # a macro continued over lines is one line
        code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith("#"))
        code = re.sub(r"\b_Nullable\b|\b_Nonnull\b", " ", code)
        code = re.sub(r'extern\s+"C"\s*\{', " ", code)

        self.structs: dict[str, list[tuple[str, str]]] = {}
        for match in re.finditer(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", code, flags=re.S):
            fields = [_split_named(field) for field in match.group(2).split(";") if field.strip()]
            self.structs[match.group(3)] = fields
        code = re.sub(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", " ", code, flags=re.S)
        code = re.sub(r"^\s*\}\s*$", " ", code, flags=re.M)

        self.functions: dict[str, Declaration] = {}
        self.callbacks: dict[str, Declaration] = {}
        self.opaque: set[str] = set()
        self.aliases: dict[str, str] = {}
        for statement in (" ".join(part.split()) for part in code.split(";")):
            if not statement:
                continue
            callback = re.fullmatch(r"typedef (.+?) ?\( ?\* ?(\w+) ?\) ?\((.*)\)", statement)
            if callback:
                self.callbacks[callback.group(2)] = Declaration(
                    callback.group(2), normalize_type(re.findall(r"\w+|\*", callback.group(1))),
                    _params(callback.group(3)))
                continue
            opaque = re.fullmatch(r"typedef struct (\w+) (\w+)", statement)
            if opaque:
                self.opaque.add(opaque.group(2))
                continue
            alias = re.fullmatch(r"typedef (\w+) (\w+)", statement)
            if alias:
                self.aliases[alias.group(2)] = alias.group(1)
                continue
            function = re.fullmatch(r"(.+?) ?\b(gem_\w+) ?\((.*)\)", statement)
            if function:
                if function.group(2) in self.functions:
                    raise ValueError(f"{function.group(2)} is declared twice")
                self.functions[function.group(2)] = Declaration(
                    function.group(2), normalize_type(re.findall(r"\w+|\*", function.group(1))),
                    _params(function.group(3)))
                continue
            raise ValueError(f"statement the binding tests cannot read: {statement!r}")

        self.defines = {name: value.strip() for name, value in
                        re.findall(r"^\s*#define\s+(GEM_\w+)[ \t]+(.+?)\s*$", _strip_comments(self.raw), flags=re.M)}

    def int_define(self, name: str) -> int:
        return int(self.defines[name].strip("()"))

    def status_codes(self) -> dict[str, int]:
        """GEM_OK and every GEM_ERR_* code, by name without the GEM_/GEM_ERR_ prefix."""
        codes = {"OK": self.int_define("GEM_OK")}
        for name in self.defines:
            if name.startswith("GEM_ERR_"):
                codes[name[len("GEM_ERR_"):]] = self.int_define(name)
        return codes

    def status_types(self) -> dict[str, str]:
        """The record type each GEM_ERR_* code's comment names, e.g. INVALID_ARGUMENT -> invalid_argument."""
        return {name: kind for kind, name in
                re.findall(r'\("([a-z_]+)"\)\.?\s*\*/\s*#define\s+GEM_ERR_(\w+)', self.raw)}
