#!/usr/bin/env python3
"""Timings of `estate check` and `estate market import` on hostile inputs: texts the sanitiser
would take seconds over, a YAML alias bomb, a market file with one huge field. Each is expected
refused (exit 1 or 2, an error at its place) in well under 2 s and with bounded memory. Figures,
not assertions: the tests assert the bounds themselves.

    python3 bench/hostile.py [--field-mb 400]
    ESTATE_BIN=target/debug/estate python3 bench/hostile.py
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# ESTATE_BIN runs another build (the debug one, or one of an older commit, for a before figure).
ESTATE = os.environ.get("ESTATE_BIN") or os.path.join(ROOT, "target", "release", "estate")
POST = "blog/service-charges-in-dubai-explained.md"


def peak(args):
    """Runs estate under wait4 for its peak memory; returns (seconds, MB, exit code, stderr)."""
    started = time.perf_counter()
    proc = subprocess.Popen([ESTATE, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - started
    text = err.decode(errors="replace")
    first = next((l for l in text.splitlines() if "error" in l or ": " in l), "")
    return elapsed, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), first[:160]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--field-mb", type=int, default=400, help="size of the market file's one huge field")
    opts = parser.parse_args()
    if not os.environ.get("ESTATE_BIN"):
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "estate"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="estate-hostile-")
    try:
        content = os.path.join(work, "content")
        shutil.copytree(os.path.join(ROOT, "content"), content)
        post = os.path.join(content, POST)
        original = open(post, encoding="utf-8").read()
        front = original[: original.index("\n---\n", 4) + 5]
        row = "|" + "a|" * 1400 + "\n"
        texts = [
            ("&amp; x100k", "&amp;" * 100_000),
            ("&amp; x400k", "&amp;" * 400_000),
            ("&amp; x1M", "&amp;" * 1_000_000),
            ("&amp; x1.6M (8 MB)", "&amp;" * 1_600_000),
            ("&nbsp; x400k", "&nbsp;" * 400_000),
            ("(c) x1M", "\u00a9" * 1_000_000),
            ("table 1400x1400", row + "|" + "-|" * 1400 + "\n" + row * 1400),
            ("**a** x110k", "**a** " * 110_000),
            ("20,000 short paragraphs with &", "Fish &amp; chips, 5&nbsp;AED\n\n" * 20_000),
        ]
        print(f"{'input':34} {'seconds':>8} {'MB':>6} exit  first error")
        for name, text in texts:
            with open(post, "w", encoding="utf-8") as f:
                f.write(front + text + "\n")
            seconds, mb, code, first = peak(["check", "--content", content])
            print(f"{name:34} {seconds:8.2f} {mb:6.0f} {code:4}  {first}")
        with open(post, "w", encoding="utf-8") as f:
            f.write(original)

        # A 4 MB anchor used 999 times (the alias limit counted aliases, not their size).
        bomb = os.path.join(content, "properties", "alias-bomb.yaml")
        with open(bomb, "w", encoding="utf-8") as f:
            f.write('title: &t "' + "x" * 4_000_000 + '"\nfeatures:\n' + "  - *t\n" * 999)
        seconds, mb, code, first = peak(["check", "--content", content])
        print(f"{'YAML 4 MB anchor x999 aliases':34} {seconds:8.2f} {mb:6.0f} {code:4}  {first}")
        os.remove(bomb)

        # One field of --field-mb MB in a market file.
        csv = os.path.join(work, "sales.csv")
        with open(csv, "w", encoding="utf-8") as f:
            f.write("TRANSACTION_ID,INSTANCE_DATE,TRANS_GROUP_EN,PROCEDURE_NAME_EN,PROPERTY_TYPE_EN,"
                    "PROPERTY_SUB_TYPE_EN,PROPERTY_USAGE_EN,AREA_NAME_EN,ROOMS_EN,PROCEDURE_AREA,ACTUAL_WORTH,METER_SALE_PRICE\n")
            f.write('1,15-10-2026,Sales,Sell,Unit,Flat,Residential,"')
            chunk = "A" * (1 << 20)
            for _ in range(opts.field_mb):
                f.write(chunk)
            f.write('",2 B/R,100,1076390,\n')
        seconds, mb, code, first = peak(["market", "import", "transactions", csv, "--content", content, "--quiet"])
        print(f"{f'market: one {opts.field_mb} MB field':34} {seconds:8.2f} {mb:6.0f} {code:4}  {first}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
