#!/usr/bin/env python3
"""Benchmark of incremental builds: edits under `estate serve`, and a cached CI build after one edit.

Writes `estate demo --properties N --posts M` into a temporary folder on tmpfs (/dev/shm when
there is one; removed at the end), starts `estate serve` watching it on 127.0.0.1, then makes
EDITS edits of each kind, on listings spread through the list (newest to oldest):

  title  a listing's title             served: the property page shows it
  price  its price                     served: the page's data holds the new price
  sold   `status: sold`                served: the page is the 'no longer available' one; then
                                       checked (untimed): off the lists, the API, the sitemap and
                                       the feeds, `data/gone/{id}.json` in place
  photo  its first photo replaced      served: the page's structured data lists the new photo first

Each edit is timed from the file's write to the page answering with the change (polled every
10 ms), and printed with what the rebuild did: data files written, pages rendered, and each
stage's seconds (content: load and check; data files; pages; link check; copy into the other
folder, done after the new build is served). p50 and p95 per kind follow. Then `estate build`
with the page cache into a fresh output folder (as CI and Netlify build: the cache kept, the
output new), without a change and after one edited listing; with `--ci-rounds N`, N rounds of
both, each variant in turn (which goes first alternates), the same listing edited in each, then
the medians per variant: the build's seconds and each stage's.

With `--before ESTATE SITE` a second `estate serve` runs an earlier binary with its front end
(a checkout's `site/`, its node_modules linked) on its own copy of the demo, and every edit is
made to both, alternately (which goes first alternates too), so both see the same load.

    python3 bench/incremental.py [--properties 10000] [--posts 500] [--edits 5]
        [--kinds title,price,sold,photo] [--before ESTATE SITE] [--no-ci | --ci-only] [--ci-rounds N]
        [--extras] [--work DIR] [--log DIR]

Figures, not assertions; the machine's load moves them: compare runs of one session.
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ESTATE = os.environ.get("ESTATE_BIN", os.path.join(ROOT, "target", "release", "estate"))
KINDS = ("title", "price", "sold", "photo")
POLL = 0.01


def run(binary, *args, env=None):
    started = time.perf_counter()
    proc = subprocess.run([binary, *args], cwd=ROOT, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        sys.exit(f"{binary} {' '.join(args)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return time.perf_counter() - started, proc


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def set_line(text, key, value):
    """`text` with its first top-level `key:` line set to `value` (added after `title:` if none)."""
    pattern = re.compile(rf"^{key}: .*$", re.M)
    if pattern.search(text):
        return pattern.sub(lambda _: f"{key}: {value}", text, count=1)
    return re.sub(r"^(title: .*)$", lambda m: f"{m.group(1)}\n{key}: {value}", text, count=1, flags=re.M)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


class Edit:
    """One edit: what to write into a listing's file, and what its page shows once served."""

    def __init__(self, kind, name, text, rng, photos, n, base):
        self.kind, self.name, self.id = kind, name, name.rsplit(".", 1)[0]
        if kind == "title":
            value = f"Benchmark Edit {n} {rng.randrange(10**9)}"
            self.new, self.expect = set_line(text, "title", f'"{value}"'), value
        elif kind == "price":
            # A listing without a price ('price on request') gets one.
            found = re.search(r"^price: (\d+)", text, re.M)
            old = int(found.group(1)) if found else 1_000_000
            price = old + 1000 * rng.randrange(1, 1000)
            self.new, self.expect = set_line(text, "price", str(price)), f'"price":{price}'
        elif kind == "sold":
            self.new, self.expect = set_line(text, "status", "sold"), '"status":"sold"'
        elif kind == "photo":
            images = re.search(r"^images: \[(.*)\]$", text, re.M).group(1).split(", ")
            photo = rng.choice([p for p in photos if p != images[0]])
            images[0] = photo
            self.new = set_line(text, "images", "[" + ", ".join(images) + "]")
            # The page's structured data lists its photos, the first first.
            self.expect = f'"image":["{base}/{photo}"'
        self.path = f"/property/{self.id}"


class Serve:
    """`estate serve` on a content folder, its log read as it comes."""

    def __init__(self, label, binary, site, content, out, cache, log):
        self.label, self.content = label, content
        env = dict(os.environ, ESTATE_TIMINGS="1")
        # Output into a file, read as it grows: a pipe is made non-blocking by the Node prerender
        # sharing it, and an earlier estate lost lines, or its rebuild thread, on a full one.
        with open(log, "w", encoding="utf-8") as output:
            self.proc = subprocess.Popen(
                [binary, "serve", "--port", "0", "--content", content, "--out", out, "--cache", cache, "--site", site],
                cwd=ROOT, stdout=output, stderr=subprocess.STDOUT, env=env,
            )
        self.output = open(log, encoding="utf-8", errors="replace")
        self.lines = []
        self.url = None
        threading.Thread(target=self._read, daemon=True).start()
        started = time.perf_counter()
        self.wait_line("watching for changes", 3600)
        print(f"[{label}] estate serve: first build and start in {time.perf_counter() - started:.0f} s", flush=True)

    def _read(self):
        partial = ""
        while True:
            chunk = self.output.readline()
            if not chunk:
                if self.proc.poll() is not None:
                    return
                time.sleep(POLL / 2)
                continue
            partial += chunk
            if not partial.endswith("\n"):
                continue
            line, partial = partial, ""
            self.lines.append((time.perf_counter(), line))
            found = re.match(r"estate serve: (http://127\.0\.0\.1:\d+)/ \(Ctrl-C", line)
            if found:
                self.url = found.group(1)

    def wait_line(self, text, limit, after=0.0):
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            for at, line in list(self.lines):
                if text in line and at >= after:
                    return at, line
            if self.proc.poll() is not None:
                sys.exit(f"[{self.label}] estate serve stopped:\n" + "".join(l for _, l in self.lines[-40:]))
            time.sleep(0.02)
        sys.exit(f"[{self.label}] no '{text}' in {limit} s:\n" + "".join(l for _, l in self.lines[-40:]))

    def get(self, path):
        try:
            with urllib.request.urlopen(self.url + urllib.parse.quote(path), timeout=30) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace")
        except Exception:
            return 0, ""

    def measure(self, edit, limit=300):
        """Seconds from writing `edit` to its page answering with the change, and the rebuild's figures."""
        file = os.path.join(self.content, "properties", edit.name)
        started = time.perf_counter()
        write(file, edit.new)
        while edit.expect not in self.get(edit.path)[1]:
            if time.perf_counter() - started > limit:
                sys.exit(f"[{self.label}] {edit.path} did not show {edit.expect!r} in {limit} s")
            time.sleep(POLL)
        served = time.perf_counter() - started
        # The other copy catches up before the next edit (and its time is part of the figures).
        self.wait_line("is up to date too", limit, after=started)
        return served, self.figures(started)

    def figures(self, after):
        """What the rebuild after `after` did, from its log lines (the machine-readable
        `estate timings: rebuild {...}` where the binary prints it, else its summary)."""
        lines = [line for at, line in self.lines if at >= after]
        found = {}
        for line in lines:
            if line.startswith("estate timings: rebuild "):
                found.update(json.loads(line[len("estate timings: rebuild "):]))
            m = re.search(r"rebuilt after .* in ([\d.]+) s: .*?data files in ([\d.]+) s.*?pages in ([\d.]+) s", line)
            if m:
                found.setdefault("build", float(m.group(1)))
                found.setdefault("content+data", float(m.group(2)))
                found.setdefault("pages", float(m.group(3)))
            m = re.search(r"(\d+) links on (\d+) pages checked in ([\d.]+) s", line)
            if m:
                found.setdefault("links", float(m.group(3)))
                found.setdefault("pages_checked", int(m.group(2)))
            m = re.search(r"is up to date too \((\d+) files in ([\d.]+) s\)", line)
            if m:
                found.setdefault("copied", int(m.group(1)))
                found.setdefault("copy", float(m.group(2)))
            m = re.search(r"planned \((\d+) to render", line)
            if m:
                found.setdefault("pages_rendered", int(m.group(1)))
        return found

    def check_gone(self, listing_id):
        """What still names a sold listing (empty when it is off everything), and its gone page's status."""
        left = []
        for path in ["/api/properties.json", "/data/listings/all/0.json", "/data/home.json", "/sitemap.xml",
                     "/feeds/listings.xml", "/feeds/portals/propertyfinder.xml", "/data/feed.json"]:
            status, body = self.get(path)
            if f'"{listing_id}"' in body or f"/property/{listing_id}<" in body or f"/property/{listing_id}\"" in body:
                left.append(path)
        if self.get(f"/api/properties/{listing_id}")[0] != 404:
            left.append(f"/api/properties/{listing_id}")
        status, body = self.get(f"/data/gone/{listing_id}.json")
        if status != 200 or '"sold"' not in body:
            left.append(f"(no /data/gone/{listing_id}.json)")
        return left

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def describe(f):
    def s(key):
        return f"{f[key]:.2f}" if f.get(key) is not None else "?"

    def n(key):
        return str(f[key]) if f.get(key) is not None else "?"

    if "load" in f:
        stages = f"content {s('load')}, data files {s('data')}, pages {s('pages')}, link check {s('links')}"
    else:
        stages = f"content and data files {s('content+data')}, pages {s('pages')}, link check {s('links')}"
    return (f"{n('data_files')} data files, {n('pages_rendered')} pages rendered, {n('pages_checked')} pages' links checked;"
            f" {stages}, copy {s('copy')} ({n('copied')} files)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--properties", type=int, default=10_000)
    parser.add_argument("--posts", type=int, default=500)
    parser.add_argument("--edits", type=int, default=5, help="edits of each kind (20 for figures to quote)")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"of {','.join(KINDS)}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--site", default=os.path.join(ROOT, "site"), help="the front end of ESTATE_BIN")
    parser.add_argument("--before", nargs=2, metavar=("ESTATE", "SITE"),
                        help="an earlier binary and its front end, edited alternately with this one")
    parser.add_argument("--no-ci", action="store_true", help="skip the cached CI build")
    parser.add_argument("--ci-only", action="store_true", help="only the cached CI builds, no estate serve"
                        " (with --work, on the cache an earlier run left)")
    parser.add_argument("--ci-rounds", type=int, default=1, help="rounds of the cached CI builds (medians"
                        " printed when more than one)")
    parser.add_argument("--extras", action="store_true", help="also a post's text and site.yaml (every page)")
    parser.add_argument("--log", help="write each estate serve's output (with its ESTATE_TIMINGS laps) into"
                        " this folder, as LABEL.log")
    parser.add_argument("--work", help="keep the demo, output folders and caches here between runs (quicker"
                        " starts while developing; on tmpfs, such as /dev/shm/inc: on a disk the CI builds' restore of"
                        " 30,000 cached pages takes seconds more); default: a temporary folder on tmpfs, removed")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    if not set(kinds) <= set(KINDS):
        sys.exit(f"--kinds: of {', '.join(KINDS)}")
    variants = [("after", ESTATE, os.path.abspath(args.site))]
    if args.before:
        variants.insert(0, ("before", os.path.abspath(args.before[0]), os.path.abspath(args.before[1])))
    for _, binary, _ in variants:
        if not os.path.exists(binary):
            sys.exit(f"no {binary}: cargo build --release --bin estate")
    rng = random.Random(args.seed)
    # Stopped from outside: the servers are stopped and the folder removed all the same.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    if args.work:
        tmp = os.path.abspath(args.work)
        os.makedirs(tmp, exist_ok=True)
    else:
        tmp = tempfile.mkdtemp(prefix="estate-incremental-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    serves = []
    try:
        demo = os.path.join(tmp, "demo")
        if not os.path.isdir(demo):
            run(ESTATE, "demo", "--properties", str(args.properties), "--posts", str(args.posts), "--out", demo + ".new")
            os.rename(demo + ".new", demo)
        names = sorted(f for f in os.listdir(os.path.join(demo, "properties")) if f.endswith((".yaml", ".md")))
        photos = sorted(f"media/demo/{p}" for p in os.listdir(os.path.join(demo, "media", "demo")) if p.endswith(".jpg"))
        print(f"demo: {len(names)} listings, {args.posts} posts, in {tmp}", flush=True)
        base = re.search(r"^baseUrl: \"?([^\"\n]*)", read(os.path.join(demo, "site.yaml")), re.M).group(1).rstrip("/")

        for label, binary, site in variants:
            folder = os.path.join(tmp, label)
            shutil.rmtree(os.path.join(folder, "content"), ignore_errors=True)
            shutil.copytree(demo, os.path.join(folder, "content"))
            if args.ci_only:
                continue
            logs = args.log or folder
            os.makedirs(logs, exist_ok=True)
            log = os.path.join(logs, f"{label}.log")
            serves.append(Serve(label, binary, site, *(os.path.join(folder, d) for d in ("content", "serve", "cache")), log=log))

        # Listings spread through the list, a different one for every edit, in a random order.
        count = args.edits * len(kinds)
        step = len(names) / count
        chosen = [names[int(i * step + rng.random() * step)] for i in range(count)]
        rng.shuffle(chosen)
        plan = [(kinds[i % len(kinds)], chosen[i]) for i in range(count)]
        times = {(s.label, k): [] for s in serves for k in kinds}
        for i, (kind, name) in enumerate(plan):
            text = read(os.path.join(demo, "properties", name))
            edit = Edit(kind, name, text, rng, photos, i, base)
            # Which server goes first alternates from one round of kinds to the next, so that each
            # kind has each server first as often (by the edit's number, with an even number of kinds
            # each kind had the same server first every time).
            order = serves if (i // len(kinds)) % 2 == 0 else serves[::-1]
            for serve in order:
                served, figures = serve.measure(edit)
                times[(serve.label, kind)].append(served)
                gone = f"; still listed in {serve.check_gone(edit.id) or 'nothing'}" if kind == "sold" else ""
                print(f"  [{serve.label}] {kind:5} {name}: served after {served:.2f} s ({describe(figures)}){gone}", flush=True)

        if serves:
            print(f"\nedit to served page, under estate serve ({args.properties} listings, {args.posts} posts):")
        for kind in kinds if serves else []:
            for serve in serves:
                values = times[(serve.label, kind)]
                print(f"  [{serve.label}] {kind:5} ({len(values)}): p50 {percentile(values, 50):.2f} s, "
                      f"p95 {percentile(values, 95):.2f} s, mean {statistics.mean(values):.2f} s")
        for serve in serves:
            every = [t for (label, _), values in times.items() if label == serve.label for t in values]
            print(f"  [{serve.label}] all   ({len(every)}): p50 {percentile(every, 50):.2f} s, p95 {percentile(every, 95):.2f} s")

        if args.extras:
            for serve in serves:
                extras(serve, rng)

        for serve in serves:
            serve.stop()
        serves = []

        if not args.no_ci:
            ci_builds(variants, tmp, rng, args.ci_rounds)
    finally:
        for serve in serves:
            serve.stop()
        if not args.work:
            shutil.rmtree(tmp, ignore_errors=True)


def extras(serve, rng):
    """A post's text and site.yaml's working hours (which every page shows)."""
    content = serve.content
    post = sorted(f for f in os.listdir(os.path.join(content, "blog")) if f.endswith(".md"))[0]
    mark = f"Benchmark sentence {rng.randrange(10**9)}."
    routes = json.loads(serve.get("/data/routes.json")[1])
    post_path = next(p for p in routes["posts"] if p.split("/")[2] == post.split(".")[0])
    for what, file, change, path, expect in [
        ("a post's text", os.path.join(content, "blog", post), lambda t: t + f"\n{mark}\n", urllib.parse.unquote(post_path), mark),
        ("site.yaml (every page)", os.path.join(content, "site.yaml"),
         lambda t: re.sub(r"^(workingHours: .*)$", lambda m: m.group(1) + " " + mark, t, count=1, flags=re.M), "/contact-us", mark),
    ]:
        started = time.perf_counter()
        write(file, change(read(file)))
        while expect not in serve.get(path)[1]:
            time.sleep(POLL)
        served = time.perf_counter() - started
        serve.wait_line("is up to date too", 900, after=started)
        print(f"  [{serve.label}] {what}: served after {served:.2f} s ({describe(serve.figures(started))})", flush=True)


def ci_builds(variants, tmp, rng, rounds):
    """`estate build` with the page cache `estate serve` (or an earlier run) left, into fresh
    output folders, as CI builds: once as the content is, then after one edited listing (the
    same listing and title in each variant's copy), `rounds` times, the variants in turn."""
    seconds = {}
    stages = {}
    for r in range(rounds):
        order = variants if r % 2 == 0 else variants[::-1]
        for what in ("no change", "one listing's title edited"):
            edit = None
            if what != "no change":
                props = os.path.join(tmp, variants[0][0], "content", "properties")
                name = rng.choice(sorted(f for f in os.listdir(props) if f.endswith(".yaml")))
                edit = (name, f'"CI Edit {rng.randrange(10**9)}"')
            for label, binary, site in order:
                took, laps = ci_build(label, binary, site, os.path.join(tmp, label), what, edit)
                seconds.setdefault((label, what), []).append(took)
                for stage, ms in laps.items():
                    stages.setdefault((label, what), {}).setdefault(stage, []).append(ms)
    if rounds > 1:
        print(f"\nmedians of {rounds} rounds, alternating:")
        for what in ("no change", "one listing's title edited"):
            for label, _, _ in variants:
                values = seconds[(label, what)]
                laps = "; ".join(f"{stage} {statistics.median(ms):.0f}" for stage, ms in stages.get((label, what), {}).items())
                print(f"  [{label}] {what}: {statistics.median(values):.2f} s"
                      f" (min {min(values):.2f}, max {max(values):.2f}) [{laps} ms]", flush=True)


def ci_build(label, binary, site, folder, what, edit):
    """One `estate build` into a fresh output folder with the page cache kept, after `edit`
    (a listing's file name and new title) when given. Returns its seconds and each stage's ms."""
    content, cache = os.path.join(folder, "content"), os.path.join(folder, "cache")
    env = dict(os.environ, ESTATE_TIMINGS="1")
    if edit:
        file = os.path.join(content, "properties", edit[0])
        write(file, set_line(read(file), "title", edit[1]))
    out = os.path.join(folder, "ci")
    shutil.rmtree(out, ignore_errors=True)
    seconds, proc = run(binary, "build", "--content", content, "--out", out, "--cache", cache, "--site", site, env=env)
    summary = re.search(r"prerender: \d+ pages in .*", proc.stdout)
    checked = re.search(r"\d+ links on \d+ pages checked in [\d.]+ s", proc.stdout + proc.stderr)
    print(f"[{label}] estate build, page cache kept, fresh output folder, {what}: {seconds:.1f} s"
          f" [{summary.group(0) if summary else ''}; {checked.group(0) if checked else ''}]", flush=True)
    prefix = "estate timings: build: "
    lines = [l[len(prefix):] for l in proc.stderr.splitlines() if l.startswith(prefix)]
    if lines:
        print("    " + "; ".join(lines))
    laps = {}
    for line in lines:
        found = re.match(r"(.*) ([\d.]+) ms$", line)
        if found:
            laps[found.group(1)] = float(found.group(2))
    shutil.rmtree(out, ignore_errors=True)
    return seconds, laps

if __name__ == "__main__":
    main()
