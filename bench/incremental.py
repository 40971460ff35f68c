#!/usr/bin/env python3
"""Benchmark of incremental builds: an edit under `estate serve`, and `estate build` with a warm cache.

Writes `estate demo --properties N --posts M` into a temporary folder, then prints:
  - the clean build (`estate build --no-cache`, every page rendered);
  - `estate build` after one edited listing, with the page cache warm (after a first build);
  - under `estate serve`: for EDITS edits of random listings' titles (then one post's text and
    site.yaml's working hours), the seconds from saving the file to the edited page being served
    with the change, and to the browser's reload event; p50 and p95.
Figures, not assertions. Output in a temporary folder (deleted at the end).

    python3 bench/incremental.py [--properties 10000] [--posts 500] [--edits 20] [--seed 1]
"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ESTATE = os.environ.get("ESTATE_BIN", os.path.join(ROOT, "target", "release", "estate"))


def estate(*args):
    started = time.perf_counter()
    proc = subprocess.run([ESTATE, *args], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"estate {' '.join(args)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    summary = re.search(r"prerender: \d+ pages in .*", proc.stdout)
    return time.perf_counter() - started, summary.group(0) if summary else ""


def retitle(path, title):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    lines = [f'title: "{title}"' if line.startswith("title:") else line for line in lines]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def append_line(path, key, suffix):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(rf"^({key}: .*)$", lambda m: m.group(1) + suffix, text, count=1, flags=re.M)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


class Serve:
    def __init__(self, content, out):
        self.proc = subprocess.Popen(
            [ESTATE, "serve", "--port", "0", "--content", content, "--out", out],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        self.lines = []
        self.reloads = []
        self.url = None
        threading.Thread(target=self._read, daemon=True).start()
        self.wait_line("watching for changes", 900)
        threading.Thread(target=self._events, daemon=True).start()
        time.sleep(1)

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append((time.perf_counter(), line))
            found = re.match(r"estate serve: (http://127\.0\.0\.1:\d+)/ \(Ctrl-C", line)
            if found:
                self.url = found.group(1)

    def _events(self):
        with urllib.request.urlopen(f"{self.url}/__estate/reload", timeout=3600) as events:
            for line in events:
                if line.startswith(b"data:"):
                    self.reloads.append(time.perf_counter())

    def wait_line(self, text, limit, after=0.0):
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            if any(text in line and at >= after for at, line in self.lines):
                return
            if self.proc.poll() is not None:
                sys.exit("estate serve stopped:\n" + "".join(line for _, line in self.lines[-40:]))
            time.sleep(0.05)
        sys.exit(f"no '{text}' in {limit} s:\n" + "".join(line for _, line in self.lines[-40:]))

    def get(self, path):
        try:
            with urllib.request.urlopen(self.url + urllib.parse.quote(path), timeout=30) as response:
                return response.read().decode("utf-8", "replace")
        except Exception:
            return ""

    def measure(self, edit, path, expect, limit=300):
        """Seconds from the edit to `path` answering with `expect`, and to the reload event."""
        reloads = len(self.reloads)
        started = time.perf_counter()
        edit()
        while expect not in self.get(path):
            if time.perf_counter() - started > limit:
                sys.exit(f"{path} did not show {expect!r} in {limit} s")
            time.sleep(0.01)
        served = time.perf_counter() - started
        while len(self.reloads) == reloads:
            time.sleep(0.01)
        reload = self.reloads[reloads] - started
        # Where the time went: the rebuild's own summary (content stage, pages, link check).
        rebuilt = [line for at, line in self.lines if at >= started and "rebuilt after" in line]
        self.last_rebuild = re.sub(r".*?in ([\d.]+ s): .*?data files in", r"\1: data files in", rebuilt[-1].strip()) if rebuilt else ""
        # The output folder catches up before the next edit.
        self.wait_line("is up to date too", limit, after=started)
        return served, reload

    def stop(self):
        self.proc.terminate()
        self.proc.wait(30)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--properties", type=int, default=10_000)
    parser.add_argument("--posts", type=int, default=500)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-clean", action="store_true", help="skip the clean build's figure")
    args = parser.parse_args()
    if not os.path.exists(ESTATE):
        sys.exit("build it first: cargo build --release --bin estate")
    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="estate-incremental-")
    try:
        content = os.path.join(tmp, "content")
        estate("demo", "--properties", str(args.properties), "--posts", str(args.posts), "--out", content)
        listings = sorted(f for f in os.listdir(os.path.join(content, "properties")) if f.endswith(".yaml"))
        print(f"demo: {len(listings)} YAML listings, {args.posts} posts")

        if not args.skip_clean:
            seconds, line = estate("build", "--content", content, "--out", os.path.join(tmp, "clean"), "--no-cache")
            print(f"clean build (--no-cache): {seconds:.1f} s  [{line}]")
            shutil.rmtree(os.path.join(tmp, "clean"))

        out, cache = os.path.join(tmp, "dist"), os.path.join(tmp, "cache")
        seconds, line = estate("build", "--content", content, "--out", out, "--cache", cache)
        print(f"first build with an empty cache: {seconds:.1f} s  [{line}]")
        retitle(os.path.join(content, "properties", rng.choice(listings)), "Cached Rebuild Edit")
        seconds, line = estate("build", "--content", content, "--out", out, "--cache", cache)
        print(f"estate build after one edited listing, warm cache: {seconds:.1f} s  [{line}]")
        shutil.rmtree(out)
        shutil.rmtree(cache)

        serve = Serve(content, os.path.join(tmp, "serve"))
        served, reloads = [], []
        for n in range(args.edits):
            name = rng.choice(listings)
            title = f"Benchmark Edit {n} {rng.randrange(10**9)}"
            s, r = serve.measure(
                lambda: retitle(os.path.join(content, "properties", name), title), f"/property/{name[:-5]}", title
            )
            served.append(s)
            reloads.append(r)
            print(f"  edit {n + 1}: {name}: page served after {s:.2f} s, reload event after {r:.2f} s ({serve.last_rebuild})", flush=True)
        print(
            f"listing edits under estate serve ({len(served)}): edit to served page p50 {percentile(served, 50):.2f} s,"
            f" p95 {percentile(served, 95):.2f} s; edit to reload p50 {percentile(reloads, 50):.2f} s,"
            f" p95 {percentile(reloads, 95):.2f} s"
        )

        routes = json.load(open(os.path.join(tmp, "serve", "data", "routes.json")))
        post_path = routes["posts"][0]
        post_id = post_path.split("/")[2]
        post_file = next(
            os.path.join(content, "blog", f) for f in os.listdir(os.path.join(content, "blog")) if f.startswith(post_id + ".")
        )
        mark = f"Benchmark sentence {rng.randrange(10**9)}."
        s, r = serve.measure(lambda: open(post_file, "a", encoding="utf-8").write(f"\n{mark}\n"), urllib.parse.unquote(post_path), mark)
        print(f"post edit: page served after {s:.2f} s, reload event after {r:.2f} s")
        hours = f"Benchmark hours {rng.randrange(10**9)}"
        s, r = serve.measure(lambda: append_line(os.path.join(content, "site.yaml"), "workingHours", f" {hours}"), "/contact-us", hours)
        print(f"site.yaml edit (every page): contact page served after {s:.2f} s, reload event after {r:.2f} s")
        serve.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
