"""The binding against include/gemstone.h: every header function is bound, with the header's
types, and nothing the header lacks; callback typedefs, port structs (names, types, and the C
compiler's offsets and sizes), status codes, record types and the ABI version match."""

from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
from ctypes import POINTER, c_char_p, c_int32, c_size_t, c_uint8, c_uint32, c_void_p
from pathlib import Path

import pytest

import gemstone
from gemstone import abi, errors
from header import HEADER, Header

HEADER_DATA = Header()
PACKAGE = Path(gemstone.__file__).resolve().parent


def function_param_type(ctype: str):
    """The ctypes type a bound function uses for a header parameter (or return) type."""
    if ctype == "void":
        return None
    scalars = {"uint32_t": c_uint32, "int32_t": c_int32, "gem_status": c_int32, "size_t": c_size_t,
               "void *": c_void_p, "const char *": c_char_p, "const uint8_t *": c_char_p, "gem_call *": c_void_p}
    if ctype in scalars:
        return scalars[ctype]
    if ctype in abi.CALLBACK_TYPES:
        return abi.CALLBACK_TYPES[ctype]
    match = re.fullmatch(r"(const )?(\w+) (\*+)", ctype)
    assert match, f"unmapped header type {ctype!r}"
    name, stars = match.group(2), len(match.group(3))
    if name in abi.STRUCTS and stars == 1:
        return POINTER(abi.STRUCTS[name])
    if name in HEADER_DATA.opaque:
        return c_void_p if stars == 1 else POINTER(c_void_p)
    raise AssertionError(f"unmapped header type {ctype!r}")


def callback_param_type(ctype: str):
    """Inside callbacks, every pointer is received as its address (c_void_p), to read bytes by length."""
    if ctype == "void":
        return None
    if ctype.endswith("*"):
        return c_void_p
    return function_param_type(ctype)


def field_type(ctype: str):
    return {"uint32_t": c_uint32, "size_t": c_size_t, "void *": c_void_p, "uint8_t *": POINTER(c_uint8),
            **abi.CALLBACK_TYPES}[ctype]


def test_header_is_read():
    assert HEADER.exists()
    assert "gem_abi_version" in HEADER_DATA.functions
    assert len(HEADER_DATA.functions) >= 16


def test_every_header_function_is_bound():
    missing = sorted(set(HEADER_DATA.functions) - set(abi.FUNCTIONS))
    assert not missing, f"header functions without a Python binding: {missing}"


def test_no_binding_the_header_lacks():
    extra = sorted(set(abi.FUNCTIONS) - set(HEADER_DATA.functions))
    assert not extra, f"Python binds functions the header does not declare: {extra}"


@pytest.mark.parametrize("name", sorted(HEADER_DATA.functions))
def test_bound_types_match_the_header(name):
    declaration = HEADER_DATA.functions[name]
    restype, argtypes = abi.FUNCTIONS[name]
    assert restype is function_param_type(declaration.returns), f"{name} returns {declaration.returns}"
    expected = [function_param_type(ctype) for ctype, _ in declaration.params]
    assert list(argtypes) == expected, f"{name}{declaration.params}"


def test_package_calls_only_header_functions():
    used = set()
    for source in PACKAGE.glob("*.py"):
        used |= set(re.findall(r'"(gem_[a-z0-9_]+)"', source.read_text()))
    known = set(HEADER_DATA.functions) | set(HEADER_DATA.structs) | set(HEADER_DATA.callbacks)
    assert used - known == set(), f"names the package uses that the header lacks: {sorted(used - known)}"


@pytest.mark.parametrize("name", sorted(HEADER_DATA.callbacks))
def test_callback_types_match_the_header(name):
    declaration = HEADER_DATA.callbacks[name]
    bound = abi.CALLBACK_TYPES[name]
    assert bound._restype_ is callback_param_type(declaration.returns)
    assert list(bound._argtypes_) == [callback_param_type(ctype) for ctype, _ in declaration.params]


def test_every_header_struct_is_bound():
    assert set(HEADER_DATA.structs) == set(abi.STRUCTS)


@pytest.mark.parametrize("name", sorted(HEADER_DATA.structs))
def test_struct_fields_match_the_header(name):
    fields = abi.STRUCTS[name]._fields_
    assert [field for field, _ in fields] == [field for _, field in HEADER_DATA.structs[name]]
    assert [kind for _, kind in fields] == [field_type(ctype) for ctype, _ in HEADER_DATA.structs[name]]


def test_struct_layouts_match_the_c_compiler(tmp_path):
    """sizeof and every offsetof as a C99 compiler lays out the header's structs."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler")
    lines = ['#include <stdio.h>', '#include <stddef.h>', '#include "gemstone.h"', "int main(void) {"]
    for name, fields in HEADER_DATA.structs.items():
        lines.append(f'printf("{name} %zu\\n", sizeof({name}));')
        for _, field in fields:
            lines.append(f'printf("{name}.{field} %zu\\n", offsetof({name}, {field}));')
    lines += ["return 0;", "}"]
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines))
    binary = tmp_path / "layout"
    subprocess.run([compiler, "-std=c99", "-I", str(HEADER.parent), str(source), "-o", str(binary)], check=True)
    measured = dict(line.split() for line in subprocess.run([str(binary)], check=True, capture_output=True,
                                                            text=True).stdout.splitlines())
    for name, struct in abi.STRUCTS.items():
        assert int(measured[name]) == ctypes.sizeof(struct), name
        for field, _ in struct._fields_:
            assert int(measured[f"{name}.{field}"]) == getattr(struct, field).offset, f"{name}.{field}"


def test_status_codes_match_the_header():
    assert {member.name: member.value for member in abi.Status} == HEADER_DATA.status_codes()


def test_every_error_status_has_its_exception_with_the_record_type():
    types = HEADER_DATA.status_types()
    assert set(types) == {name for name in HEADER_DATA.status_codes() if name != "OK"}
    for name, kind in types.items():
        cls = errors.ERROR_CLASSES[abi.Status[name]]
        assert issubclass(cls, gemstone.GemError)
        assert cls.TYPE == kind, name


def test_abi_version_matches_the_header():
    assert abi.ABI_VERSION == HEADER_DATA.int_define("GEM_ABI_VERSION")


def test_sync_tables_are_the_ones_the_header_marks_sync():
    """A port table is SYNC when the comment right above its typedef says SYNC (upper case)."""
    documented = re.findall(r"/\*\*((?:(?!\*/).)*)\*/\s*typedef struct (\w+)\s*\{", HEADER_DATA.raw, flags=re.S)
    assert {name for _, name in documented} >= set(abi.STRUCTS) - {"gem_buffer"}, "every port table is documented"
    marked = {name for comment, name in documented if re.search(r"\bSYNC\b", comment)}
    assert marked == set(abi.SYNC_TABLES)
    assert {"gem_preferences_store", "gem_wallet_session_store"} <= marked


def test_the_library_exports_every_bound_function(library):
    for name in abi.FUNCTIONS:
        assert hasattr(library, name), name
    assert library.gem_abi_version() == abi.ABI_VERSION


def test_the_release_is_one_in_the_header_the_package_and_the_library(library):
    """GEM_VERSION, the package's VERSION and __version__, pyproject.toml's version and gem_version() agree."""
    define = re.search(r'^#define GEM_VERSION "([0-9.]+)"$', HEADER_DATA.raw, flags=re.M)
    assert define is not None and define.group(1) == abi.VERSION == gemstone.__version__
    assert f'version = "{abi.VERSION}"' in (PACKAGE.parent / "pyproject.toml").read_text()
    assert library.gem_version() == abi.VERSION.encode()
    assert gemstone.version() == abi.VERSION
