#!/usr/bin/env python3
"""The search function's cold start and peak memory over a large catalogue (not a test): prints
figures, asserts nothing.

For each size, `estate demo --properties N` writes a demo content tree and `estate build
--content-only` publishes its `api/properties.json`, `data/search-index.bin` and
`data/search-terms.json` on tmpfs (/dev/shm, removed afterwards; `--published DIR` keeps them
there for the next run). The release Lambda binary is then started as Lambda starts it, against
bench/lead_fn.py's stand-in for the Lambda Runtime API, which also serves the site's files over
loopback as the CDN does (the JSON gzipped to a client that asks for it, the index as it is),
and handed one search: the time from the process's start to its answer is the cold start, most
of it the catalogue's download and read; the process's peak resident memory (VmHWM) is printed
beside it. Each variant starts in turn, `--starts` times, and the medians are printed:

- `after`: this tree's binary, reading the site's search index;
- `after, no index`: the same binary on a site built before the index (its `api/properties.json`
  read and indexed in memory, the way a function deployed before the site's next build reads it);
- `before` (with `--before BINARY`): another build of `lead-fn-lambda`, e.g. one of main before
  the index (`git worktree add /tmp/base <commit> && cd /tmp/base && cargo build --release -p
  lead-fn --bin lead-fn-lambda`), on the same site.

A catalogue of one listing gives the start without them. Loopback is no network and this
machine's core is no Lambda's share of one (at 512 MB Lambda gives about 0.3 of a vCPU), so read
the figures as the work, not as Lambda's times.

    python3 bench/cold_start.py [--sizes 10000 50000] [--starts 5] [--before BINARY]
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
SITE_FILES = {
    "/site/api/properties.json": "api/properties.json",
    "/site/data/search-index.bin": "data/search-index.bin",
    "/site/data/search-terms.json": "data/search-terms.json",
}
MIB = 1024 * 1024


class Runtime(lead_fn.Runtime):
    """lead_fn's stand-in, serving the site's files as the CDN does: each `(bytes, gzipped)`,
    the gzipped form to a client that accepts it when there is one; a file not there is a 404."""

    files: dict = {}

    def do_GET(self):  # noqa: N802
        if self.path in SITE_FILES:
            found = self.files.get(self.path)
            if found is None:
                self.reply(404, b"", {})
                return
            plain, packed = found
            if packed is not None and "gzip" in self.headers.get("accept-encoding", ""):
                self.reply(200, packed, {"content-type": "application/json", "content-encoding": "gzip"})
            else:
                self.reply(200, plain, {"content-type": "application/octet-stream"})
        else:
            super().do_GET()


def publish(estate: str, folder: Path, listings: int) -> Path:
    """The demo's site for `listings` listings, content only (kept when already there)."""
    out = folder / f"dist-{listings}"
    if (out / "data" / "search-index.bin").is_file():
        return out
    content = folder / f"content-{listings}"
    subprocess.run([estate, "demo", "--properties", str(listings), "--posts", "10", "--out", str(content)],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([estate, "build", "--content-only", "--content", str(content), "--out", str(out), "--no-cache"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    shutil.rmtree(content)
    return out


def site_files(out: Path, index: bool) -> dict:
    """The site's files as the stand-in serves them; the JSON gzipped as the CDN would."""
    files = {}
    for path, relative in SITE_FILES.items():
        if relative.endswith(".bin") and not index:
            continue
        data = (out / relative).read_bytes()
        files[path] = (data, gzip.compress(data, 6) if relative.endswith(".json") else None)
    return files


def cold_start(binary: Path, files: dict) -> tuple[float, float]:
    """One start: milliseconds to the first answer (NaN: none within 10 s) and peak MiB."""
    lead_fn.Runtime.catalogue = files.get("/site/api/properties.json", (b"[]", None))[0]
    Runtime.files = files
    # first_answer serves lead_fn.Runtime: for its time, the class that serves the site too.
    original, lead_fn.Runtime = lead_fn.Runtime, Runtime
    try:
        peaks: list[float] = []
        times = lead_fn.first_answer(binary, lead_fn.http_event("/api/search-properties", lead_fn.SEARCH),
                                     {"LEAD_ROUTES": "search"}, 1, peaks)
        return times[0], peaks[0]
    finally:
        lead_fn.Runtime = original


def summary(name: str, runs: list[tuple[float, float]]) -> str:
    times = [t for t, _ in runs if t == t]
    peak = statistics.median(p for _, p in runs)
    missed = f"; {len(runs) - len(times)} of {len(runs)} gave no answer within 10 s" if len(times) < len(runs) else ""
    if not times:
        return f"    {name:<16} no answer{missed}; peak memory median {peak:.0f} MiB"
    return (f"    {name:<16} {statistics.median(times):8.1f} ms (min {min(times):.1f}, max {max(times):.1f}); "
            f"peak memory median {peak:.0f} MiB (max {max(p for _, p in runs):.0f}){missed}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 50_000])
    ap.add_argument("--starts", type=int, default=5, help="cold starts per variant and size")
    ap.add_argument("--before", type=Path, help="another lead-fn-lambda binary to start in turn")
    ap.add_argument("--after", type=Path, help="the binary to measure (default: this tree's, built)")
    ap.add_argument("--published", type=Path, help="keep the published demo sites here, for the next run")
    args = ap.parse_args()
    binary = args.after
    if binary is None:
        subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "lead-fn", "--bin", "lead-fn-lambda"],
                       cwd=ROOT, check=True)
        binary = TARGET / "lead-fn-lambda"
    estate = os.environ.get("ESTATE_BIN")
    if not estate:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "estate"], cwd=ROOT, check=True)
        estate = str(TARGET / "estate")
    variants = [("after", binary, True), ("after, no index", binary, False)]
    if args.before:
        variants.append(("before", args.before, False))
    print(f"search function cold start: process start to the first search's answer, and peak memory; "
          f"medians of {args.starts} starts per variant, in turn ({os.cpu_count()} cores; site over loopback)")
    shm = Path("/dev/shm") if Path("/dev/shm").is_dir() else None
    with tempfile.TemporaryDirectory(dir=shm) as tmp:
        folder = args.published or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        tiny = b'[{"_id":"a","id":"a","title":"A","mainCategory":"Residential","subCategory":"Villa","Images":[],' \
               b'"location":"Dubai Marina","featured":false,"createdAt":"2026-01-01T00:00:00+04:00",' \
               b'"description":"","url":"/property/a"}]'
        base = [cold_start(binary, {"/site/api/properties.json": (tiny, None)}) for _ in range(args.starts)]
        print(summary("1 listing", base).replace("    ", "  ", 1) + " (the start itself)")
        for listings in args.sizes:
            out = publish(estate, folder, listings)
            served = {True: site_files(out, True), False: site_files(out, False)}
            if not args.published:
                shutil.rmtree(out)
            plain, packed = served[False]["/site/api/properties.json"]
            index = served[True]["/site/data/search-index.bin"][0]
            print(f"  {listings:,} listings: properties.json {len(plain) / MIB:.1f} MiB "
                  f"({len(packed) / MIB:.1f} MiB gzipped), search-index.bin {len(index) / MIB:.1f} MiB "
                  f"({len(gzip.compress(index, 6)) / MIB:.1f} MiB gzipped)")
            runs: dict[str, list] = {name: [] for name, _, _ in variants}
            for _ in range(args.starts):
                for name, program, with_index in variants:
                    runs[name].append(cold_start(program, served[with_index]))
            for name, _, _ in variants:
                print(summary(name, runs[name]))


if __name__ == "__main__":
    main()
