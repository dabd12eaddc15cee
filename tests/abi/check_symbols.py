"""The library exports exactly the functions gemstone.h declares (nm -D), nothing else."""
import subprocess
import sys

import gemheader

library = sys.argv[1]
listing = subprocess.run(["nm", "-D", "--defined-only", library], check=True, capture_output=True, text=True).stdout
exported = set()
for line in listing.splitlines():
    parts = line.split()
    # Upper-case types are global, so a host can link them; lower-case ones are local entries the
    # dynamic table keeps for relocations and cannot be linked against.
    if len(parts) == 3 and parts[1].isupper():
        exported.add(parts[2])
declared = set(gemheader.functions())
extra = sorted(exported - declared)
missing = sorted(declared - exported)
if extra or missing:
    print("exported but not declared:", extra)
    print("declared but not exported:", missing)
    sys.exit(1)
print(f"{len(declared)} functions declared and exported, nothing else")
