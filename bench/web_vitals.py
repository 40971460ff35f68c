#!/usr/bin/env python3
"""Core Web Vitals of the sample site on a phone, as Lighthouse measures them.

Starts `estate serve` (which builds the sample content and answers with brotli or gzip, as the
CDN does) on a free 127.0.0.1 port, runs Lighthouse (npm `lighthouse`, mobile preset, simulated
throttling, Debian's Chromium) RUNS times on each page and prints the medians: performance score,
LCP, CLS, TBT and the bytes of images downloaded. Figures, not assertions; the targets
are printed beside them.

Lighthouse is installed on first use into ~/.cache/estate-bench/lighthouse (`npm install
--prefix`), not into site/package.json: it is a measuring tool, not a dependency of the site.

    python3 bench/web_vitals.py [--runs 3] [--estate target/release/estate] [--repo .] [PATH ...]
    python3 bench/web_vitals.py --vs OTHER_CHECKOUT [--vs-estate BIN] [--breakdown] [PATH ...]

`--repo` measures another checkout (its content/ and site/, with its own estate binary). `--vs`
serves a second checkout beside the first and alternates the two run by run on each page, so
that a noisy machine weighs on both alike: before/after figures from one run.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = [
    "/",
    "/buy-property",
    "/property/creek-harbour-waterfront-one-bedroom",
    "/ar/",
    "/contact-us",
    "/search-result?query=Marina",
    "/compare?ids=marina-gate-two-bedroom-sea-view,creek-harbour-waterfront-one-bedroom",
    "/area-guides-in-dubai/dubai-marina",
]
TOOLS = os.path.expanduser("~/.cache/estate-bench/lighthouse")
LIGHTHOUSE_VERSION = "12"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
TARGETS = "targets: performance >= 98, LCP <= 1.5 s, CLS 0, TBT <= 100 ms"


def lighthouse_cli():
    cli = os.path.join(TOOLS, "node_modules", "lighthouse", "cli", "index.js")
    if not os.path.exists(cli):
        print(f"installing lighthouse@{LIGHTHOUSE_VERSION} into {TOOLS} ...", flush=True)
        os.makedirs(TOOLS, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--prefix", TOOLS, "--no-audit", "--no-fund", f"lighthouse@{LIGHTHOUSE_VERSION}"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return cli


class Serve:
    """`estate serve` of a checkout's sample content, on a free port; stopped by `stop`."""

    def __init__(self, estate, repo, out):
        self.proc = subprocess.Popen(
            [estate, "serve", "--port", "0", "--no-watch", "--content", "content", "--site", "site", "--out", out],
            cwd=repo,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.url = None
        self.output = []
        ready = threading.Event()

        def read():
            for line in self.proc.stdout:
                self.output.append(line)
                found = re.match(r"estate serve: (http://127\.0\.0\.1:\d+)/ \(Ctrl-C", line)
                if found:
                    self.url = found.group(1)
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        ready.wait(timeout=600)
        if not self.url:
            self.stop()
            sys.exit("estate serve did not start:\n" + "".join(self.output[-40:]))

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def measure(cli, url, scratch, breakdowns=None, keep=None):
    """One Lighthouse run of `url`: (performance, LCP s, CLS, TBT ms, image KiB). With a list in
    `breakdowns`, appends the run's main-thread time by kind of work and by script (ms); with a
    path in `keep`, the report is written there (bench/lcp_requests.py reads it)."""
    report = keep or os.path.join(scratch, "report.json")
    profile = tempfile.mkdtemp(dir=scratch)
    flags = f"--headless --no-sandbox --disable-gpu --no-first-run --user-data-dir={profile}"
    proc = subprocess.run(
        ["node", cli, url, "--quiet", "--only-categories=performance", "--output=json",
         f"--output-path={report}", f"--chrome-flags={flags}"],
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        sys.exit(f"lighthouse {url} failed:\n{proc.stderr[-3000:]}")
    with open(report, encoding="utf-8") as f:
        result = json.load(f)
    shutil.rmtree(profile, ignore_errors=True)
    audits = result["audits"]
    images = sum(
        item.get("transferSize", 0)
        for item in audits["network-requests"]["details"]["items"]
        if item.get("resourceType") == "Image"
    )
    if breakdowns is not None:
        breakdowns.append((
            {item["groupLabel"]: item["duration"] for item in audits["mainthread-work-breakdown"]["details"]["items"]},
            {item["url"]: (item["total"], item["scripting"]) for item in audits["bootup-time"]["details"]["items"]},
        ))
    return (
        result["categories"]["performance"]["score"] * 100,
        audits["largest-contentful-paint"]["numericValue"] / 1000,
        audits["cumulative-layout-shift"]["numericValue"],
        audits["total-blocking-time"]["numericValue"],
        images / 1024,
    )


def print_breakdown(breakdowns, origin):
    """The medians of each kind of main-thread work and of each script's time (total, scripting)."""
    median = lambda values: statistics.median(values + [0] * (len(breakdowns) - len(values)))
    kinds = sorted({kind for by_kind, _ in breakdowns for kind in by_kind})
    figures = sorted(((median([b[kind] for b, _ in breakdowns if kind in b]), kind) for kind in kinds), reverse=True)
    print("    main thread: " + ", ".join(f"{kind} {ms:.0f} ms" for ms, kind in figures))
    urls = sorted({url for _, by_url in breakdowns for url in by_url})
    for url in urls:
        total = median([s[url][0] for _, s in breakdowns if url in s])
        scripting = median([s[url][1] for _, s in breakdowns if url in s])
        print(f"    {url.replace(origin, '') or url:60.60} {total:5.0f} ms ({scripting:.0f} ms scripting)")


def checkout(repo, estate):
    repo = os.path.abspath(repo)
    estate = estate or os.path.join(repo, "target", "release", "estate")
    if not os.path.exists(estate):
        sys.exit(f"no {estate}: cargo build --release --bin estate (in {repo})")
    return repo, estate


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--repo", default=ROOT, help="the checkout to measure (default: this one)")
    parser.add_argument("--estate", help="its estate binary (default: REPO/target/release/estate)")
    parser.add_argument("--vs", help="a second checkout, measured alternately with the first")
    parser.add_argument("--vs-estate", help="the second checkout's estate binary (default: VS/target/release/estate)")
    parser.add_argument("--breakdown", action="store_true", help="also print each page's main-thread time by kind of work and by script (Lighthouse's CPU profile summary), medians")
    parser.add_argument("--keep", help="a folder to keep each run's Lighthouse report in (read them with bench/lcp_requests.py)")
    parser.add_argument("pages", nargs="*", default=PAGES)
    args = parser.parse_args()
    sides = [checkout(args.repo, os.environ.get("ESTATE_BIN") or args.estate)]
    if args.vs:
        sides.append(checkout(args.vs, args.vs_estate))
    if not os.path.exists(CHROMIUM):
        # The test suite installs only Chromium's headless shell; Lighthouse measures the browser.
        sys.exit(f"no {CHROMIUM}: sudo apt-get install chromium (or name a Chromium in CHROMIUM)")
    cli = lighthouse_cli()
    with tempfile.TemporaryDirectory() as scratch:
        serves = []
        try:
            for number, (repo, estate) in enumerate(sides):
                serves.append(Serve(estate, repo, os.path.join(scratch, f"dist{number}")))
            names = [repo for repo, _ in sides]
            print(f"{' vs '.join(names)}: {args.runs} Lighthouse runs per page each (mobile, simulated throttling), "
                  + ("alternating; " if len(sides) > 1 else "") + "medians")
            print(f"{'page':44} {'perf':>5} {'LCP':>7} {'CLS':>6} {'TBT':>7} {'images':>9}")
            for page in args.pages:
                runs = [[] for _ in serves]
                breakdowns = [[] if args.breakdown else None for _ in serves]
                for run in range(args.runs):
                    for side, serve in enumerate(serves):
                        keep = None
                        if args.keep:
                            os.makedirs(args.keep, exist_ok=True)
                            name = re.sub(r"[^A-Za-z0-9]+", "-", page).strip("-") or "home"
                            keep = os.path.join(args.keep, f"{name}.{side}.{run}.json")
                        runs[side].append(measure(cli, serve.url + page, scratch, breakdowns[side], keep))
                for side, serve in enumerate(serves):
                    perf, lcp, cls, tbt, images = (statistics.median(column) for column in zip(*runs[side]))
                    label = page if side == 0 else f"  vs {os.path.basename(names[side])}"
                    print(f"{label:44.44} {perf:5.0f} {lcp:6.2f}s {cls:6.3f} {tbt:5.0f}ms {images:6.0f} KiB", flush=True)
                    if breakdowns[side]:
                        print_breakdown(breakdowns[side], serve.url)
            print(TARGETS)
        finally:
            for serve in serves:
                serve.stop()


if __name__ == "__main__":
    main()
