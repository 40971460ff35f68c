#!/usr/bin/env python3
"""Benchmark of `estate market import transactions` on a DLD-format sales file of 1.5 million rows.

Writes the file (Dubai Pulse's columns, the sample's areas and a few no community names, with
mortgages and gifts: tools/market_sample.py's 40 months at about 30 times its volume, 225 MB) into a temporary folder, then imports it with the release binary into a copy of the
sample's vocabularies, and prints the time, rows per second and the peak memory (the child's
maximum resident set). Target on a 2-core machine: under 10 s and 300 MB; measured 2026-11-25
on the 2-core development machine (under load): 0.62 s, 2.4 million rows/s, 48 MB.

    cargo build --release --bin estate
    python3 bench/market.py [--rows 1500000] [--runs 1] [--estate PATH] [--keep DIR]
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import market_sample  # noqa: E402  (the tool's rows, so the formats stay one)

ESTATE = os.path.join(ROOT, "target", "release", "estate")
# Rows tools/market_sample.py writes at scale 1.
SAMPLE_ROWS = 48_213


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_500_000)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--estate", default=ESTATE)
    parser.add_argument("--keep", help="write the file here and keep it (default: a temporary folder)")
    args = parser.parse_args()
    if not os.path.exists(args.estate):
        sys.exit(f"{args.estate} is missing: cargo build --release --bin estate")

    work = tempfile.mkdtemp(prefix="market-bench-")
    try:
        folder = args.keep or work
        os.makedirs(folder, exist_ok=True)
        sales = os.path.join(folder, "transactions.csv")
        started = time.monotonic()
        rows = market_sample.write_sales(sales, seed=7, scale=args.rows / SAMPLE_ROWS)
        size = os.path.getsize(sales)
        print(f"wrote {rows:,} rows, {size / 1e6:.0f} MB in {time.monotonic() - started:.1f} s")

        content = os.path.join(work, "content")
        shutil.copytree(os.path.join(ROOT, "content", "vocabulary"), os.path.join(content, "vocabulary"))
        times = []
        for run in range(args.runs):
            started = time.monotonic()
            done = subprocess.run(
                [args.estate, "market", "import", "transactions", sales, "--content", content, "--quiet"],
                capture_output=True, text=True)
            took = time.monotonic() - started
            if done.returncode != 0:
                sys.exit(f"the import failed:\n{done.stdout}{done.stderr}")
            times.append(took)
            print(f"run {run + 1}: {took:.2f} s, {rows / took:,.0f} rows/s, {size / 1e6 / took:.0f} MB/s")
        # ru_maxrss of the children: the largest resident set of any of them, in KB on Linux.
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        best = min(times)
        print(done.stdout.strip())
        print(f"market import: {rows:,} rows in {best:.2f} s (best of {len(times)}), "
              f"{rows / best:,.0f} rows/s, peak memory {peak:.0f} MB "
              f"(targets: under 10 s, under 300 MB: {'met' if best < 10 and peak < 300 else 'NOT met'})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
