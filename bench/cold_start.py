#!/usr/bin/env python3
"""The search function's cold start over a large catalogue (not a test): prints figures, asserts
nothing.

For each size, `estate demo --properties N` writes a demo content tree and `estate build
--content-only` publishes its `api/properties.json` (and `data/search-terms.json`) on tmpfs
(/dev/shm, removed afterwards). The release Lambda binary is then started as Lambda starts it,
against bench/lead_fn.py's stand-in for the Lambda Runtime API, which also serves the two files
over loopback, and handed one search: the time from the process's start to its answer is the
cold start, most of it the catalogue's download, parse and index; the process's peak memory is
printed beside it. A catalogue of one listing gives the start without them. Loopback is no network and this machine's core is no Lambda's share of one
(at 512 MB Lambda gives about 0.3 of a vCPU), so read the figures as the work, not as Lambda's
times.

    python3 bench/cold_start.py [--sizes 10000 50000] [--starts 5]
    ESTATE_BIN=target/debug/estate python3 bench/cold_start.py   # an estate already built
"""

import argparse
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lead_fn  # noqa: E402  (its build, its stand-in runtime and its events)

ROOT = lead_fn.ROOT
TARGET = Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target") / "release"
TERMS_PATH = "/site/data/search-terms.json"


class Runtime(lead_fn.Runtime):
    """lead_fn's stand-in, serving the site's search terms too."""

    terms: bytes = b"{}"

    def do_GET(self):  # noqa: N802
        if self.path == TERMS_PATH:
            self.reply(200, self.terms, {"content-type": "application/json"})
        else:
            super().do_GET()


def publish(estate: str, work: Path, listings: int) -> Path:
    """The demo's site for `listings` listings, content only; its output folder."""
    content, out = work / f"content-{listings}", work / f"dist-{listings}"
    subprocess.run([estate, "demo", "--properties", str(listings), "--posts", "10", "--out", str(content)],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([estate, "build", "--content-only", "--content", str(content), "--out", str(out), "--no-cache"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    shutil.rmtree(content)
    return out


def cold_starts(binary: Path, catalogue: bytes, terms: bytes, runs: int, peaks: list | None = None) -> list[float]:
    lead_fn.Runtime.catalogue = catalogue
    Runtime.terms = terms
    # first_answer serves lead_fn.Runtime: for its time, the class that also serves the terms.
    original, lead_fn.Runtime = lead_fn.Runtime, Runtime
    try:
        return lead_fn.first_answer(binary, lead_fn.http_event("/api/search-properties", lead_fn.SEARCH),
                                    {"LEAD_ROUTES": "search"}, runs, peaks)
    finally:
        lead_fn.Runtime = original


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 50_000])
    ap.add_argument("--starts", type=int, default=5, help="cold starts to time per size")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "lead-fn", "--bin", "lead-fn-lambda"],
                   cwd=ROOT, check=True)
    estate = os.environ.get("ESTATE_BIN")
    if not estate:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "estate"], cwd=ROOT, check=True)
        estate = str(TARGET / "estate")
    binary = TARGET / "lead-fn-lambda"
    print(f"search function cold start: process start to the first search's answer, median of {args.starts} "
          f"({os.cpu_count()} cores; catalogue over loopback)")
    shm = Path("/dev/shm") if Path("/dev/shm").is_dir() else None
    with tempfile.TemporaryDirectory(dir=shm) as tmp:
        work = Path(tmp)
        tiny = b'[{"_id":"a","id":"a","title":"A","mainCategory":"Residential","subCategory":"Villa","Images":[],' \
               b'"location":"Dubai Marina","featured":false,"createdAt":"2026-01-01T00:00:00+04:00",' \
               b'"description":"","url":"/property/a"}]'
        base = statistics.median(cold_starts(binary, tiny, b"{}", args.starts))
        print(f"  {'1 listing':>16}: {base:8.1f} ms (the start itself)")
        for listings in args.sizes:
            out = publish(estate, work, listings)
            catalogue = (out / "api" / "properties.json").read_bytes()
            terms = (out / "data" / "search-terms.json").read_bytes()
            shutil.rmtree(out)
            peaks: list[float] = []
            runs = cold_starts(binary, catalogue, terms, args.starts, peaks)
            # A start that gave no answer within lead_fn's 10 s is not a time.
            times = [t for t in runs if t == t]
            mib = 1024 * 1024
            size = (f"properties.json {len(catalogue) / mib:.1f} MiB "
                    f"({len(gzip.compress(catalogue, 6)) / mib:.1f} MiB gzipped); peak memory {max(peaks):.0f} MiB")
            missed = f"; {len(runs) - len(times)} of {len(runs)} starts gave no answer within 10 s" if len(times) < len(runs) else ""
            if not times:
                print(f"  {f'{listings:,} listings':>16}: no answer{missed}; {size}")
                continue
            median = statistics.median(times)
            print(f"  {f'{listings:,} listings':>16}: {median:8.1f} ms (min {min(times):.1f}, max {max(times):.1f}); "
                  f"over the start {median - base:.1f} ms{missed}; {size}")


if __name__ == "__main__":
    main()
