"""Finding and checking the library."""

from __future__ import annotations

import ctypes.util

import pytest

from gemstone import abi


def test_gemstone_lib_wins_and_is_the_only_candidate(monkeypatch):
    monkeypatch.setenv("GEMSTONE_LIB", "/opt/elsewhere/libgemstone.so")
    assert abi.library_candidates() == ["/opt/elsewhere/libgemstone.so"]


def test_without_the_variable_the_repository_build_comes_first(monkeypatch):
    monkeypatch.delenv("GEMSTONE_LIB", raising=False)
    built = abi.repository_root() / ".build" / "release" / "libgemstone.so"
    candidates = abi.library_candidates()
    if built.exists():
        assert candidates[0] == str(built)
    else:
        assert str(built) not in candidates


def test_a_missing_library_is_a_library_error():
    with pytest.raises(abi.LibraryError, match="cannot load"):
        abi.load("/nonexistent/libgemstone.so")


def test_a_library_without_the_gemstone_functions_is_refused():
    libc = ctypes.util.find_library("c")
    if libc is None:
        pytest.skip("no libc to try")
    with pytest.raises(abi.LibraryError, match="lacks a gemstone.h function"):
        abi.load(libc)


def test_the_loaded_library_has_this_packages_abi_version(library):
    assert library.gem_abi_version() == abi.ABI_VERSION
