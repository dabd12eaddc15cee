"""gem-host format: the core settles a number's style (gem_formatted_currency / gem_formatted_amount) and gem-host's
ICU renderer writes it for the locale (--locale, else $LC_ALL / $LC_NUMERIC / $LANG). The texts are those of the
shared renderer table's locales (tests/render/cases.json holds the renderer's own cases).

Usage: gem_host_format.py PATH/TO/gem-host
"""
import json
import os
import subprocess
import sys

HOST = sys.argv[1]
NBSP = "\u00a0"
failures = []


def run(*args, env=None):
    environment = {key: value for key, value in os.environ.items() if key not in ("LC_ALL", "LC_NUMERIC", "LANG")}
    environment.update(env or {})
    return subprocess.run([HOST, "format", *args], capture_output=True, text=True, env=environment, timeout=60)


CASES = [
    (("currency", "--value", "1234.5", "--code", "EUR", "--locale", "de"), {}, f"1.234,50{NBSP}€"),
    (("currency", "--value", "-12.3", "--code", "USD", "--signed", "yes", "--locale", "en"), {}, "-$12.30"),
    (("currency", "--value", "12.3", "--code", "USD", "--signed", "yes", "--locale", "en"), {}, "+$12.30"),
    (("currency", "--value", "0.000838234", "--code", "USD", "--locale", "en"), {}, "$0.0008382"),
    (("currency", "--value", "1234567", "--code", "USD", "--style", "abbreviated", "--locale", "en"), {}, "$1.2M"),
    (("amount", "--value", "0.00001", "--symbol", "BTC", "--locale", "en"), {}, "< 0.0001 BTC"),
    (("amount", "--value", "1234567.891", "--symbol", "BTC"), {"LANG": "ja_JP.UTF-8"}, "123.4万 BTC"),
    (("amount", "--value", "1.999", "--symbol", "ETH"), {"LC_ALL": "C"}, "1.99 ETH"),
    (("amount", "--value", "1.5", "--symbol", "ETH", "--locale", "fa"), {}, "۱٫۵ ETH"),
]

for args, env, expected in CASES:
    done = run(*args, env=env)
    if done.returncode != 0 or done.stdout != expected + "\n":
        failures.append(f"format {' '.join(args)} {env}: exit {done.returncode}, {done.stdout!r} {done.stderr!r}; expected {expected!r}")

done = run("currency", "--value", "1234.5", "--code", "EUR", "--locale", "de", "--format", "json")
answer = json.loads(done.stdout) if done.returncode == 0 else {}
if answer.get("text") != f"1.234,50{NBSP}€" or answer.get("number", {}).get("unit") != {"type": "currency", "code": "EUR"}:
    failures.append(f"--format json: {done.stdout!r}")
for args in (("currency", "--value", "1", "--code", "XX"), ("currency", "--value", "abc", "--code", "USD"), ("amount",)):
    done = run(*args)
    if done.returncode == 0 or not done.stderr:
        failures.append(f"format {' '.join(args)} must fail with a message: {done!r}")

version = subprocess.run([HOST, "version"], capture_output=True, text=True, timeout=60)
answer = json.loads(version.stdout) if version.returncode == 0 else {}
if answer.get("version") is None or answer.get("version") != answer.get("header_version"):
    failures.append(f"gem-host version names the library's release and the header's: {version.stdout!r}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"gem-host format: {len(CASES)} numbers rendered for their locales")
