"""Every function of gemstone.h has a Python binding and a Kotlin binding.

Python: the ctypes declarations under bindings/python/gemstone name each function.
Kotlin: the JNA interface under bindings/kotlin declares a method of the same name.
"""
import pathlib
import re
import sys

import gemheader

ROOT = gemheader.ROOT


def names_in(folder: pathlib.Path, suffix: str) -> set[str]:
    found = set()
    for path in folder.rglob(f"*{suffix}"):
        if "test" in path.name.lower() or "/out/" in str(path):
            continue
        found.update(re.findall(r"\b(gem_\w+)\b", path.read_text()))
    return found


declared = set(gemheader.functions())
failures = []
for language, folder, suffix in (("Python", ROOT / "bindings/python/gemstone", ".py"),
                                 ("Kotlin", ROOT / "bindings/kotlin", ".kt")):
    bound = names_in(folder, suffix)
    missing = sorted(declared - bound)
    if missing:
        failures.append(f"{language} binding lacks: {missing}")
if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"all {len(declared)} header functions are bound in Python and Kotlin")
