"""Every function and port method of gemstone.h names the records it takes and answers instead of spelling
their JSON (the header's "Reading a function's JSON"; schema/README.md). Standard library only.

    python3 tests/abi/check_record_refs.py [HEADER]   # exit 1 naming each comment that breaks a rule
    python3 tests/abi/check_record_refs.py --self-test  # the rules fail on broken copies of the header

For each function (its doc comment, the /** */ just above its declaration) and each port method (its own doc
comment inside the port table, else the table's comment), it fails when
  (a) the comment names a record or enum the schema does not declare: a Gem* word (the Swift services and ports,
      names ending in Service or Store, are not records), or a capitalized word written as a type, [X] or X?;
  (b) the function takes or answers JSON (a *_json parameter, a `gem_buffer *out`, a completion `done`; every
      port method) and its comment has no type reference: a schema name, or [X] / X? of a schema name or a
      scalar, or a scalar or null right after request, args, answers, holds or receives;
  (c) the comment still spells a JSON object with more than one key ({"a":1,"b":2}, {"a","b"}); one key
      ({"type":"result"}, {"key":K}) is allowed, as a case or an example value.
ALLOWED lists the few comments that may break a rule, each with its reason; an entry that no longer breaks it
fails too, so the list only shrinks.
"""
from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from gen.header import HEADER, Header  # noqa: E402
from gen.schema import SCALARS  # noqa: E402

# (function or "table.method", rule) -> why the comment may break that rule.
ALLOWED: dict[tuple[str, str], str] = {
    ("gem_price_service_apply_tick", "c"):
        "payload_json is the price stream's own payload in the API's camelCase spelling (assetId, "
        "priceChangePercentage24h), which a snake_case schema record cannot declare; the core reads it entry by entry",
    ("gem_keystore_password.get_password", "b"):
        "its args are {} and it answers the password's raw bytes, which are not JSON",
}

TYPE_KEYWORDS = r"(?:request|args|answers?|holds|receives|request_json|config_json|patch_json|payload_json|ids_json)"


def schema_names(root: Path = ROOT) -> set[str]:
    names = set()
    for path in sorted((root / "schema").glob("*.json")):
        for entry in json.loads(path.read_text(encoding="utf-8")).get("types", []):
            names.add(entry.get("record") or entry.get("enum"))
    return names


def _text(comment: str) -> str:
    body = comment[3:-2] if comment.startswith("/**") else comment[2:-2]
    return " ".join(line.strip().lstrip("*").strip() for line in body.splitlines()).strip()


def comments(raw: str, header: Header) -> dict[str, str]:
    """Each function's and port method's doc comment text, by name ("gem_x" or "table.method")."""
    found: dict[str, str] = {}
    for name in header.functions:
        match = re.search(r"(/\*\*(?:(?!\*/).)*?\*/)\s*(?:[\w\s*]*?)\b" + name + r"\s*\(", raw, flags=re.S)
        found[name] = _text(match.group(1)) if match else ""
    for table in re.finditer(r"(/\*\*(?:(?!\*/).)*?\*/)?\s*typedef struct (\w+) \{(.*?)\} \2;", raw, flags=re.S):
        table_doc = _text(table.group(1)) if table.group(1) else ""
        for method in re.finditer(r"(/\*\*(?:(?!\*/).)*?\*/)?\s*gem_port_fn _Nullable /\* required \*/ (\w+);",
                                  table.group(3), flags=re.S):
            found[f"{table.group(2)}.{method.group(2)}"] = _text(method.group(1)) if method.group(1) else table_doc
    return found


def takes_json(name: str, header: Header) -> bool:
    if "." in name:
        return True  # every port method receives args JSON and answers JSON
    params = header.functions[name].params
    return any(pname.endswith("_json") or (ptype == "gem_buffer *" and pname == "out") or ptype == "gem_completion_fn"
               for ptype, pname in params)


def unknown_names(text: str, names: set[str]) -> list[str]:
    bad = set()
    for word in re.findall(r"\bGem[A-Z]\w*", text):
        if not word.endswith(("Service", "Store")) and word not in names:
            bad.add(word)
    for word in re.findall(r"\[([A-Z]\w*)\]|\b([A-Z]\w*)\?", text):
        word = word[0] or word[1]
        if word not in names:
            bad.add(word)
    return sorted(bad)


def has_reference(text: str, names: set[str]) -> bool:
    words = set(re.findall(r"\b[A-Z]\w*", text))
    if any(word in names and not word.endswith(("Service", "Store")) for word in words):
        return True
    known = names | SCALARS
    if any(inner in known for inner in re.findall(r"\[(\w+)\]", text)):
        return True
    if any(word in known for word in re.findall(r"\b(\w+)\?", text)):
        return True
    return bool(re.search(TYPE_KEYWORDS + r":?\s+(?:" + "|".join(sorted(SCALARS | {"null"})) + r")\b", text))


def object_shapes(text: str) -> list[str]:
    """The JSON objects written in `text` with more than one key at their top level."""
    shapes = []
    for start in (i for i, c in enumerate(text) if c == "{"):
        depth, keys, i, expect_key = 0, 0, start, True
        while i < len(text):
            c = text[i]
            if c == '"':
                end = text.find('"', i + 1)
                if end < 0:
                    break
                after = text[end + 1:].lstrip()[:1]
                if depth == 1 and expect_key and after in (":", ",", "}"):
                    keys += 1
                expect_key = False
                i = end + 1
                continue
            if c in "{[":
                depth += 1
                expect_key = c == "{" and depth == 1
            elif c in "}]":
                depth -= 1
                if depth == 0:
                    break
            elif c == "," and depth == 1:
                expect_key = True
            i += 1
        if keys > 1:
            shapes.append(text[start:i + 1][:80])
    return shapes


def check(path: Path = HEADER, root: Path = ROOT) -> list[str]:
    raw = path.read_text(encoding="utf-8")
    header = Header(path, raw)
    names = schema_names(root)
    failures = []
    broken: set[tuple[str, str]] = set()
    for name, text in comments(raw, header).items():
        problems = []
        bad = unknown_names(text, names)
        if bad:
            problems.append(("a", f"names {', '.join(bad)}, which schema/*.json does not declare"))
        if takes_json(name, header) and not has_reference(text, names):
            problems.append(("b", "takes or answers JSON but names no record (docs/records.md) or type"))
        shapes = object_shapes(text)
        if shapes:
            problems.append(("c", f"spells a JSON object inline instead of naming its record: {shapes[0]}"))
        for rule, message in problems:
            broken.add((name, rule))
            if (name, rule) not in ALLOWED:
                failures.append(f"{name}: ({rule}) {message}")
    for key in sorted(set(ALLOWED) - broken):
        failures.append(f"{key[0]}: ALLOWED exempts it from rule ({key[1]}), which it no longer breaks: drop the entry")
    return failures


def self_test() -> int:
    """The check passes on the header and fails on each broken copy."""
    raw = HEADER.read_text(encoding="utf-8")
    cases = {
        "header as is": (raw, False),
        "(a) an undeclared record": (raw.replace("[GemAssetItemRow] as gem_asset_list_rows",
                                                 "[GemAssetItemRowz] as gem_asset_list_rows", 1), True),
        "(b) a reference removed": (re.sub(r"request GemFormatAddressRequest; answers string",
                                           "request the address and style; answers the text", raw, count=1), True),
        "(c) a shape spelled inline": (raw.replace("request GemDurationPartsRequest",
                                                   'request {"seconds":3725,"max_parts":2}', 1), True),
        "(c) bare keys spelled inline": (raw.replace("request GemDurationPartsRequest",
                                                     'request {"seconds","max_parts"}', 1), True),
        "allowlist gone stale": (re.sub(r'stream\'s prices payload\s*\*\s*\{"prices".*?\]\}', "stream's prices payload",
                                        raw, count=1, flags=re.S), None),
    }
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        for label, (text, should_fail) in cases.items():
            if text == raw and label != "header as is":
                print(f"self-test: {label}: the mutation did not apply (the header changed; update the self-test)")
                failed += 1
                continue
            copy = Path(folder) / "gemstone.h"
            copy.write_text(text, encoding="utf-8")
            found = check(copy)
            if should_fail is None:  # the stale allowlist: the copy breaks nothing else, so only that entry fails
                ok = bool(found) and all("ALLOWED" in line for line in found)
            elif should_fail:  # each broken copy fails by the rule its label names, and by no other
                rule = label[:3]
                ok = bool(found) and all(f": {rule} " in line for line in found)
            else:
                ok = not found
            print(f"self-test: {label}: {'ok' if ok else 'WRONG'} ({len(found)} failure(s))")
            failed += not ok
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    if "--self-test" in argv:
        return self_test()
    path = Path(argv[0]) if argv else HEADER
    failures = check(path)
    for line in failures:
        print(line)
    if failures:
        print(f"{len(failures)} header comment(s) spell JSON instead of naming records; see the header's "
              "\"Reading a function's JSON\" and schema/README.md")
        return 1
    header = Header(path)
    print(f"every function and port method of {path.name} names its records "
          f"({len(header.functions)} functions, {len(ALLOWED)} allowed exceptions)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
