#!/usr/bin/env python3
"""The hostile-input probe: what content, the browser editor's configuration, the market and
portal imports, the HTTP layer and a crash of the lead function can be made to do, as one table
of tried / held / fell. Bounded in time (about four minutes with a debug build on two busy
cores; --leads-seconds and --market-field-mb set the two longest parts). A check's time is the
processor time it took, which a machine shared with other work does not inflate.

    python3 bench/probe.py                  # builds target/debug/estate and the lead function's
                                            # example server, then probes
    ESTATE_BIN=target/release/estate python3 bench/probe.py --bound 1
    python3 bench/probe.py --only content,cms --verbose

What "held" means, per part:
- content: a mutation of a copy of content/ is refused by `estate check` with an error naming
  its file (and, for media, the content build refuses it too, and check exactly when the build
  does), each check within --bound seconds; or, where the content is acceptable, the content
  build's HTML (API and page data, the Atom and portal feeds) carries no script, event
  attribute, script or data URL, style or embedding element of it, and nothing under
  dist/media/ is other than a photo, a sanitised drawing, a video or map tiles. A video or map
  archive with a page behind its first bytes is refused like any other file not what it says.
  A web address a browser and an RFC 3986 parser read as different places (a backslash, a tab,
  a user name, a host in escapes, another script or a number) is refused at its file and field.
  A file of 49,000 unknown fields is refused within the bound in at most six messages, and
  half as many take about half the time (linear).
- cms: the generated Sveltia configuration refuses the value or upload itself (pattern,
  min/max, accepted types, upload size); where a CMS cannot tell (bytes, pixels, raw HTML's
  links), `estate check` refuses it as the build does. Its patterns for videoTour and
  completionDate, run as JavaScript RegExps (by Node where installed), take and refuse each
  value exactly as `estate check` does in a listing.
- market: `estate market import` exits as expected, prints no raw control character, writes
  no median outside plausible bounds, writes nothing through a link.
- portal: `estate import` writes no listing for a refused photo address and never connects to
  this machine for it (a listener counts connections), and an address in one of IANA's
  special-purpose blocks (or an IPv6 form carrying one) is refused as such, not merely failed;
  a hostile feed is refused or imported into content that `estate check` takes.
- http: `estate serve` and the lead function answer each hostile request as expected (a link
  too long under /api/ or /_admin/api/ in the APIs' JSON, elsewhere with a page).
- leads: 200 leads a second with the lead function killed (SIGKILL) and restarted halfway: each
  lead the client saw accepted is in the outbox exactly once; none is there twice; every other
  one was an error the client saw. The hidden temporary files a kill leaves are gone once the
  function has started again: a lead whose renaming into place had begun is finished (once),
  one cut while being written is removed, and each is logged.
The cases of content are built in bench/probe_cases.py.
Figures, not assertions: the tests assert each rule; this counts them against a live build.
"""

import argparse
import http.client
import html
import html.parser
import json
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

from probe_cases import (AGREEMENT, DEVELOPER, LISTING, POST, SVG, XSS, address_cases, markdown_cases, media_cases,
                         png_header, unknown_fields, yaml_cases, yq)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ESTATE = os.environ.get("ESTATE_BIN") or os.path.join(ROOT, "target", "debug", "estate")
LEAD_SERVE = os.environ.get("LEAD_SERVE_BIN") or os.path.join(ROOT, "target", "debug", "examples", "serve")
VERBOSE = False
TABLE = []  # (part, tried, held, fell, note)
PUBLISHED = []  # (payload texts found in the published HTML, texts built)
SITE = open(os.path.join(ROOT, "content", "site.yaml"), encoding="utf-8").read()
LEFT = []  # the hidden files the lead function's kill mid-run left in its outbox


def say(*args):
    if VERBOSE:
        print(*args, file=sys.stderr, flush=True)


def cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(args, timeout=60, cwd=ROOT, env=None):
    """(exit code or None on timeout, processor seconds, stdout + stderr). Processor time, not the
    time on the clock: on a machine shared with other work the clock measures the others."""
    started = cpu()
    try:
        p = subprocess.run(args, cwd=cwd, capture_output=True, timeout=timeout, env=env)
        out = p.stdout.decode(errors="replace") + p.stderr.decode(errors="replace")
        return p.returncode, cpu() - started, out
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") + (e.stderr or b"").decode(errors="replace")
        return None, cpu() - started, out


# ---------------------------------------------------------------------------------------------
# What counts as script in published HTML.

BAD_TAGS = {"script", "iframe", "object", "embed", "style", "form", "input", "button", "meta", "base", "link",
            "svg", "math", "template", "noscript", "frame", "frameset", "applet", "textarea", "select",
            "video", "audio", "source", "xmp", "plaintext", "portal"}
URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "data", "srcset", "poster", "background",
             "lowsrc", "dynsrc", "codebase", "cite", "ping"}


class Danger(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []

    def handle_starttag(self, tag, attrs):
        if tag in BAD_TAGS:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.found.append(f"{tag}[{name}]")
            elif name == "style":
                self.found.append(f"{tag}[style]")
            elif name in URL_ATTRS:
                bare = re.sub(r"[\x00-\x20]", "", value).lower()
                if bare.startswith(("javascript:", "vbscript:", "data:")):
                    self.found.append(f"{tag}[{name}={bare[:20]}]")


def dangers(text):
    parser = Danger()
    try:
        parser.feed(text)
        parser.close()
    except Exception as e:  # a parser that gives up is a finding too
        return [f"unparsable: {e}"]
    return parser.found


HTML_KEYS = {"description", "content", "about", "whyUs", "introduction", "lifestyle", "schools", "transport"}


def html_strings(dist):
    """Every HTML text the content build published: JSON values under HTML keys, feed texts."""
    for base, _, files in os.walk(dist):
        for name in files:
            path = os.path.join(base, name)
            if name.endswith(".json"):
                try:
                    data = json.load(open(path, encoding="utf-8"))
                except Exception:
                    continue
                stack = [(None, data)]
                while stack:
                    key, value = stack.pop()
                    if isinstance(value, dict):
                        stack.extend(value.items())
                    elif isinstance(value, list):
                        stack.extend((key, v) for v in value)
                    elif isinstance(value, str) and key in HTML_KEYS and "<" in value:
                        yield path, value
            elif name.endswith(".xml"):
                try:
                    tree = ET.parse(path)
                except Exception:
                    continue
                # The HTML of the feeds: Atom's content of type html, the portals' descriptions
                # (titles and summaries are text, escaped by XML and shown as text).
                for element in tree.iter():
                    tag = element.tag.rsplit("}", 1)[-1]
                    is_html = (tag == "content" and element.get("type") == "html") or tag.startswith("description")
                    if is_html and element.text and "<" in element.text:
                        yield path, element.text


def media_findings(dist):
    """Files under dist/media that are not what the site publishes, by their bytes."""
    found = []
    for base, _, files in os.walk(os.path.join(dist, "media")):
        for name in files:
            path = os.path.join(base, name)
            head = open(path, "rb").read(600_000)
            ok = (head.startswith(b"\xff\xd8\xff") or head.startswith(b"\x89PNG") or head[8:12] == b"WEBP"
                  or head[4:8] == b"ftyp" or head.startswith(b"\x1a\x45\xdf\xa3") or head.startswith(b"PMTiles"))
            if not ok and head.lstrip().startswith(b"<svg"):
                ok = not re.search(rb"<script|<\?xml-stylesheet|\son\w+\s*=|foreignObject|javascript:|<iframe|<style"
                                   rb"|(?:href|src)\s*=\s*[\"'](?:https?:|//|data:)", head, re.I)
            if not ok:
                found.append(os.path.relpath(path, dist))
    return found


# ---------------------------------------------------------------------------------------------
# Content mutations (the cases are built in probe_cases.py).

class Tree:
    """A copy of content/ that mutations are applied to and taken back from."""

    def __init__(self, work, name="content"):
        self.dir = os.path.join(work, name, "content")
        shutil.copytree(os.path.join(ROOT, "content"), self.dir, symlinks=True)
        self.saved = []

    def put(self, rel, data):
        path = os.path.join(self.dir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        before = open(path, "rb").read() if os.path.isfile(path) and not os.path.islink(path) else None
        self.saved.append((path, before))
        if os.path.lexists(path):
            os.remove(path)
        if isinstance(data, tuple):
            kind = data[0]
            if kind == "symlink":
                os.symlink(data[1], path)
            elif kind == "hardlink":
                os.link(data[1], path)
            elif kind == "fifo":
                os.mkfifo(path)
        else:
            with open(path, "wb") as f:
                f.write(data.encode() if isinstance(data, str) else data)

    def restore(self):
        for path, before in reversed(self.saved):
            if os.path.lexists(path):
                os.remove(path)
            if before is not None:
                with open(path, "wb") as f:
                    f.write(before)
        self.saved = []
        shutil.rmtree(os.path.join(self.dir, "media", "probe"), ignore_errors=True)


def mentions(out, rel):
    shown = rel.replace("\n", "\\n").replace("\x1b", "\\u{1b}").replace("\x07", "\\u{7}")
    prefix = os.path.dirname(rel) + "/" + re.split(r"[\x00-\x1f]", os.path.basename(rel))[0]
    return any(s in out for s in [rel, shown, prefix])


def probe_content(work, bound, only_texts=False):
    tree = Tree(work)
    results = []  # (group, name, held, why)
    check = lambda: run([ESTATE, "check", "--content", tree.dir], timeout=60)
    build_dir = os.path.join(work, "dist")
    build = lambda: run([ESTATE, "build", "--content-only", "--content", tree.dir, "--out", build_dir,
                         "--cache", os.path.join(work, "cache")], timeout=120)
    code, seconds, out = check()
    if code != 0:
        print(out)
        sys.exit("the sample content does not pass estate check")

    def judge(group, name, rel, code, seconds, out, extra=""):
        held = code == 1 and mentions(out, rel) and seconds <= bound
        if code == 0 and not extra and seconds <= bound:
            # Taken: held when the content build takes it too and publishes nothing of it that
            # could run (a drawing as its sanitiser writes it again).
            bcode, _, bout = build()
            found = media_findings(build_dir) if bcode == 0 else ["the build refuses it: " + bout[-160:]]
            held = not found
            extra = f"; taken, published {found}" if found else ""
        why = "" if held else f"exit {code}, {seconds:.2f} s, {'named' if mentions(out, rel) else 'not named'}{extra}"
        results.append((group, name, held, why))
        say(("held " if held else "FELL ") + f"{group}: {name} {why}")

    # Media: check and the content build refuse each; check refuses exactly when the build does.
    sample_jpeg = open(os.path.join(ROOT, "content", "media", "default-property.jpg"), "rb").read()
    listing_rel = "properties/probe-media.yaml"
    for name, rel, data, field in [] if only_texts else media_cases(sample_jpeg):
        tree.put(rel, data)
        if field == "images":
            tree.put(listing_rel, LISTING.format(title=yq("Probe"), description=yq("x"), ar=yq("x"), n=8)
                     .replace("media/properties/bedroom-1.jpg", rel))
        elif field:
            old, new = {"hero video": ("all: { poster: media/hero/all.jpg }", f"all: {{ poster: media/hero/all.jpg, video: {rel} }}"),
                        "map tiles": ("tiles: media/map/sample-dubai.pmtiles", f"tiles: {rel}")}[field]
            tree.put("site.yaml", SITE.replace(old, new, 1))
        code, seconds, out = check()
        bcode, _, bout = build()
        agree = "" if (code == 1) == (bcode == 1) else f"; the build exits {bcode}"
        judge("media", name, rel, code if not agree else -1, seconds, out, agree)
        tree.restore()
    # Links, pipes and hard links under content/.
    secret = os.path.join(work, "secret.txt")
    open(secret, "w").write("LEAD_PROXY_SECRET=s3cr3t-probe\n")
    for name, rel, data in [] if only_texts else [
        ("symbolic link to a secret (listing)", "properties/probe-link.yaml", ("symlink", secret)),
        ("symbolic link to /etc/passwd (post)", "blog/probe-link.md", ("symlink", "/etc/passwd")),
        ("symbolic link to /dev/zero", "properties/probe-zero.yaml", ("symlink", "/dev/zero")),
        ("symbolic link in media", "media/probe/link.jpg", ("symlink", secret)),
        ("symbolic link to a folder", "media/probe/dir", ("symlink", "/etc")),
        ("FIFO listing", "properties/probe-fifo.yaml", ("fifo",)),
        ("FIFO in media", "media/probe/fifo.jpg", ("fifo",)),
        ("hard link in media", "media/probe/hard.svg", ("hardlink", secret)),
    ]:
        tree.put(rel, data)
        code, seconds, out = check()
        leaked = "s3cr3t-probe" in out or "root:x:" in out
        judge("links", name, rel, code if not leaked else -1, seconds, out, "; the secret shown" if leaked else "")
        tree.restore()
    # Fields and files: each refused at its file.
    for name, rel, data in [] if only_texts else yaml_cases():
        tree.put(rel, data)
        code, seconds, out = check()
        judge("fields", name, rel, code, seconds, out)
        tree.restore()
    # Web addresses a browser and other programs read differently: refused at the file and field.
    for name, rel, data, shown in [] if only_texts else address_cases():
        tree.put(rel, data)
        code, seconds, out = check()
        held = code == 1 and mentions(out, rel) and shown in out and seconds <= bound
        why = "" if held else f"exit {code}, {seconds:.2f} s, {shown} {'named' if shown in out else 'not named'}"
        results.append(("addresses", name, held, why))
        say(("held " if held else "FELL ") + f"addresses: {name} {why}")
        tree.restore()
    # Unknown fields by the ten thousand: refused at the file within the bound, in at most six
    # messages (at the top level, the first five each at its line and the rest counted in one).
    def many_unknown(name, rel, text, count, counted_in_one=True):
        tree.put(rel, text)
        timings = []
        for _ in range(3):  # the least of three: a shared machine's noise only adds
            code, seconds, out = check()
            timings.append(seconds)
        tree.restore()
        errors = sum(": error: " in line for line in out.splitlines())
        counted = f"and {count - 5:,} more unknown fields" in out or not counted_in_one
        held = code == 1 and mentions(out, rel) and min(timings) <= bound and errors <= 6 and counted and len(out) < 20_000
        why = "" if held else f"exit {code}, {min(timings):.2f} s, {errors} errors, {len(out):,} characters, counted {counted}"
        results.append(("unknown fields", name, held, why))
        say(("held " if held else "FELL ") + f"unknown fields: {name} {why}")
        return min(timings)
    if not only_texts:
        # The limit of 100,000 values a file may hold allows 49,990 fields of one value each.
        whole = many_unknown("49,000 in a team file", "team/probe-many.yaml", unknown_fields("team", 49_000), 49_000)
        many_unknown("49,000 in a listing", "properties/probe-many.yaml", unknown_fields("listing", 49_000), 49_000)
        many_unknown("49,000 under a listing's ar:", "properties/probe-many.yaml",
                     unknown_fields("listing", 49_000, under="ar"), 49_000, counted_in_one=False)
        # Linear: half the fields take about half the time over the sample's own check (a quarter
        # or less when each unknown field is found by reading the file again).
        base = min(check()[1] for _ in range(3))
        half = many_unknown("24,500 in a team file", "team/probe-many.yaml", unknown_fields("team", 24_500), 24_500)
        held = whole - base <= 3 * max(half - base, 0.0) + 0.05
        results.append(("unknown fields", "twice the fields, at most three times the time (linear)", held,
                        "" if held else f"{base:.2f} s without, {half:.2f} s with 24,500, {whole:.2f} s with 49,000"))
    # Markdown the sanitiser is slow over: checked within the bound (refused or not).
    post = "blog/probe-slow.md"
    for name, body in [] if only_texts else markdown_cases():
        tree.put(post, POST.format(title=yq("Probe"), excerpt=yq("x"), body=body))
        code, seconds, out = check()
        held = code in (0, 1) and seconds <= bound and (code == 0 or mentions(out, post))
        results.append(("markdown", name, held, "" if held else f"exit {code}, {seconds:.2f} s"))
        say(("held " if held else "FELL ") + f"markdown: {name} {seconds:.2f} s exit {code}")
        tree.restore()
    # Script in texts: one build of every payload in every text field, then the published HTML.
    placements = ["listing description", "listing title", "listing Arabic description", "post body",
                  "post title", "post excerpt", "developer description"]
    n = 0
    cases = {}
    for p, payload in enumerate(XSS):
        marks = {}
        for place in placements:
            n += 1
            mark = f"PRB{n:04}X"
            marks[place] = mark
            cases[mark] = (place, payload)
        text = lambda place: marks[place] + " " + payload.replace("M", marks[place][3:7])
        tree.put(f"properties/probe-x{p}.yaml", LISTING.format(
            title=yq(text("listing title")), description=yq(text("listing description")),
            ar=yq(text("listing Arabic description")), n=1000 + p))
        tree.put(f"blog/probe-x{p}.md", POST.format(title=yq(text("post title")), excerpt=yq(text("post excerpt")),
                                                   body=text("post body")))
        tree.put(f"developers/probe-x{p}.yaml", DEVELOPER.format(n=1000 + p, description=yq(text("developer description"))))
    files = {}
    for mark, (place, payload) in cases.items():
        p = XSS.index(payload)
        rel = {"listing": f"properties/probe-x{p}.yaml", "post": f"blog/probe-x{p}.md",
               "developer": f"developers/probe-x{p}.yaml"}[place.split()[0]]
        files.setdefault(rel, []).append(mark)
    code, seconds, out = check()
    errors = [line for line in out.splitlines() if ": error: " in line]
    refused = set()
    # Files the check refused are taken out (a refusal is held); the rest are built and read.
    for rel, marks in files.items():
        if any(rel in line for line in errors):
            refused.update(marks)
            os.remove(os.path.join(tree.dir, rel))
    code, _, out = build()
    fell = {}
    published = set()
    if code == 0:
        for path, text in html_strings(build_dir):
            published.update(re.findall(r"PRB\d{4}X", text))
            found = dangers(text)
            if found:
                for mark in set(re.findall(r"PRB\d{4}X", text)):
                    fell.setdefault(mark, set()).update(found)
        for rel in media_findings(build_dir):
            fell.setdefault("media:" + rel, set()).add("published")
    else:
        fell["build"] = {out[-300:]}
    for mark, (place, payload) in cases.items():
        held = mark not in fell and "build" not in fell
        why = "" if held else f"{sorted(fell.get(mark, fell.get('build', [])))}"
        results.append(("texts", f"{place}: {payload[:40]!r}" + (" (refused)" if mark in refused else ""), held, why))
        if not held:
            say(f"FELL texts: {place}: {payload!r} {why}")
    PUBLISHED.append((len(published), len(cases) - len(refused)))
    for key in fell:
        if key.startswith("media:"):
            results.append(("texts", key, False, "published"))
    tree.restore()
    for p in range(len(XSS)):
        for rel in [f"properties/probe-x{p}.yaml", f"blog/probe-x{p}.md", f"developers/probe-x{p}.yaml"]:
            path = os.path.join(tree.dir, rel)
            if os.path.exists(path):
                os.remove(path)
    return results


# ---------------------------------------------------------------------------------------------
# The browser editor's configuration.

MIME = {"jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "webp": "image/webp", "svg": "image/svg+xml",
        "html": "text/html", "js": "text/javascript", "gif": "image/gif", "mp4": "video/mp4", "pdf": "application/pdf"}


def cms_field(config, collection, path):
    c = next(c for c in config["collections"] if c["name"] == collection)
    fields = c["files"][0]["fields"] if "files" in c else c["fields"]
    field = None
    for name in path.split("."):
        field = next(f for f in fields if f["name"] == name)
        fields = field.get("fields", [])
    return field


def cms_refuses_value(field, value):
    if field.get("pattern"):
        if not re.search(field["pattern"][0], value):
            return True
    if "min" in field or "max" in field:
        try:
            number = float(value)
        except ValueError:
            return True
        if ("min" in field and number < field["min"]) or ("max" in field and number > field["max"]):
            return True
    return False


def cms_refuses_upload(config, field, name, size):
    ext = name.rsplit(".", 1)[-1].lower()
    accept = field.get("accept", "")
    types = [t.strip() for t in accept.split(",") if t.strip()]
    if types and MIME.get(ext, "application/octet-stream") not in types and f".{ext}" not in types:
        return True
    library = field.get("media_libraries", config.get("media_libraries", {}))
    limit = library.get("default", {}).get("config", {}).get("max_file_size")
    return limit is not None and size > limit


def pattern_takes(pattern, values):
    """Whether a CMS pattern takes each value as the browser runs it: a JavaScript RegExp without
    flags, by Node where it is installed (else Python's re, which reads these patterns alike)."""
    node = shutil.which("node")
    if not node:
        return [re.search(pattern, v) is not None for v in values]
    script = ("const [p, vs] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "console.log(JSON.stringify(vs.map(v => new RegExp(p).test(v))))")
    p = subprocess.run([node, "-e", script], input=json.dumps([pattern, values]).encode(), capture_output=True, check=True)
    return json.loads(p.stdout)


def probe_cms(work, bound):
    import yaml
    code, _, out = run([ESTATE, "schema", "--cms"], env={**os.environ, "CMS_REPO": "palm-crest/website"})
    config = yaml.safe_load(out[out.index("backend"):] if "backend" in out else out)
    results = []
    values = [
        ("developers", "website", ["javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,x",
                                   "vbscript:x", "//evil.example", "www.emaar.com", "https://a b"]),
        ("listings", "permitUrl", ["javascript:alert(1)", "http://trakheesi.example/1", "data:x"]),
        ("listings", "price", ["0", "-1", "12000000000", "10,000,000,000", "2.750.000", "AED 2m", "1e9", "2750000.5"]),
        ("listings", "bedrooms", ["-1"]), ("listings", "bathrooms", ["-1"]), ("listings", "area", ["-5"]),
        ("listings", "coordinates.lat", ["91", "-91"]), ("listings", "coordinates.lng", ["181", "-181"]),
        ("listings", "paymentPlan.percent", ["150", "-1"]),
        ("listings", "projectNumber", ["abc", "0", "123456"]), ("listings", "escrowAccount", ["12", "abcdefghij"]),
        ("listings", "completionDate", ["soon", "2028-6"]),
        ("settings", "whatsapp", ["call me", "12345"]), ("settings", "baseUrl", ["https://x.ae/path", "javascript:alert(1)", "x.ae"]),
        ("settings", "map.tiles", ["http://t.example/d.pmtiles", "media/logo.svg"]),
        ("settings", "social.url", ["javascript:alert(1)", "data:text/html,x"]),
        ("settings", "partners.url", ["javascript:alert(1)"]),
    ]
    for collection, path, bad in values:
        field = cms_field(config, collection, path)
        for value in bad:
            held = cms_refuses_value(field, value)
            results.append(("cms: values", f"{collection}.{path} = {value}", held, "" if held else "saved"))
    uploads = [
        ("listings", "images", ["x.html", "x.js", "x.svg", "x.gif", "x.pdf"], 1000),
        ("listings", "images", ["big.jpg"], 6 * 1024 * 1024),
        ("developers", "image", ["x.svg", "x.html"], 1000),
        ("team", "image", ["x.svg"], 1000),
        ("settings", "defaultImage", ["x.svg"], 1000),
        ("settings", "hero.all.poster", ["x.svg"], 1000),
        ("settings", "hero.all.video", ["x.svg", "x.html"], 1000),
        ("developers", "logo", ["x.html", "x.js"], 1000),
        ("developers", "logo", ["big.svg"], 600 * 1024),
        ("settings", "logo", ["big.svg"], 600 * 1024),
        ("settings", "partners.logo", ["x.html"], 1000),
    ]
    for collection, path, names, size in uploads:
        field = cms_field(config, collection, path)
        for name in names:
            held = cms_refuses_upload(config, field, name, size)
            results.append(("cms: uploads", f"{collection}.{path} <- {name} ({size} B)", held, "" if held else "taken"))
    texts = []
    def walk(v):
        if isinstance(v, dict):
            if v.get("widget") == "markdown":
                texts.append(v)
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk(config)
    for t in texts:
        held = t.get("sanitize_preview") is True
        results.append(("cms: previews", f"{t['name']} previewed sanitised", held, "" if held else "not set"))
    # The editor's patterns and the build take and refuse alike: each value in the CMS (its pattern
    # as a JavaScript RegExp) and in `estate check` (in the sample's off-plan listing).
    tree = Tree(work, "cms")
    offplan = "properties/emaar-beachfront-two-bedroom.yaml"
    listing = open(os.path.join(tree.dir, offplan), encoding="utf-8").read()
    for name, takes, refuses in AGREEMENT:
        values = takes + refuses
        for value, cms in zip(values, pattern_takes(cms_field(config, "listings", name)["pattern"][0], values)):
            line = f"completionDate: {yq(value)}" if name == "completionDate" else f"completionDate: 2028-12\nvideoTour: {yq(value)}"
            tree.put(offplan, listing.replace("completionDate: 2028-12", line, 1))
            code, _, out = run([ESTATE, "check", "--content", tree.dir])
            tree.restore()
            build = {0: True, 1: False if offplan in out else None}.get(code)
            expected = value in takes
            held = cms == expected and build == expected
            shown = value.replace("\t", "\\t")
            results.append(("cms: agreement", f"listings.{name} = {shown} {'taken' if expected else 'refused'} by both", held,
                            "" if held else f"the CMS {'takes' if cms else 'refuses'} it, check exits {code}"))
    # What no CMS field can tell, estate check refuses as the build does.
    jpeg = open(os.path.join(ROOT, "content", "media", "default-property.jpg"), "rb").read()
    beyond = [
        ("HTML named .jpg (bytes)", "media/properties/upload.jpg", b"<!doctype html><script>alert(1)</script>"),
        ("30,000x30,000 PNG (pixels)", "media/properties/upload.png", png_header(30_000, 30_000)),
        ("truncated JPEG (bytes)", "media/properties/upload-half.jpg", jpeg[: len(jpeg) // 2]),
        ("SVG logo with a script", "media/developers/upload.svg", SVG.format("<script>alert(1)</script>").encode()),
    ]
    for name, rel, data in beyond:
        tree.put(rel, data)
        field = "logo" if rel.endswith(".svg") else "images"
        if field == "images":
            tree.put("properties/probe-cms.yaml", LISTING.format(title=yq("P"), description=yq("x"), ar=yq("x"), n=7)
                     .replace("media/properties/bedroom-1.jpg", rel))
        else:
            tree.put("developers/probe-cms.yaml", DEVELOPER.format(n=7, description=yq("x")).replace(
                "media/developers/emaar.svg", rel))
        code, seconds, out = run([ESTATE, "check", "--content", tree.dir])
        bcode, _, _ = run([ESTATE, "build", "--content-only", "--content", tree.dir, "--out", os.path.join(work, "cms-dist"),
                           "--cache", os.path.join(work, "cache")], timeout=120)
        held = code == 1 and bcode == 1 and ("probe-cms" in out or rel in out)
        results.append(("cms: check", name, held, "" if held else f"check {code}, build {bcode}"))
        tree.restore()
    body = "A flat. <img src=x> <a href=\"/no-such-page\">x</a>"
    tree.put("properties/probe-cms.yaml", LISTING.format(title=yq("P"), description=yq(body), ar=yq("x"), n=7))
    code, _, out = run([ESTATE, "check", "--content", tree.dir])
    held = code == 1 and "broken image `x`" in out
    results.append(("cms: check", "<img src=x> in markdown (link check)", held, "" if held else f"check {code}"))
    tree.restore()
    return results


def light_content(at):
    """A copy of the sample content without its media (enough for the imports)."""
    shutil.copytree(os.path.join(ROOT, "content"), at, ignore=shutil.ignore_patterns("media"))
    os.makedirs(os.path.join(at, "media"))
    return at


# ---------------------------------------------------------------------------------------------
# The market import.

PULSE = ("TRANSACTION_ID,INSTANCE_DATE,TRANS_GROUP_EN,PROCEDURE_NAME_EN,PROPERTY_TYPE_EN,PROPERTY_SUB_TYPE_EN,"
         "PROPERTY_USAGE_EN,AREA_NAME_EN,ROOMS_EN,PROCEDURE_AREA,ACTUAL_WORTH,METER_SALE_PRICE\n")


def sale(i, date="15-10-2026", area="Marsa Dubai", size="100", worth=None):
    worth = worth if worth is not None else str(round(1000 * 10.7639 * 100))
    return f"{i},{date},Sales,Sell,Unit,Flat,Residential,{area},2 B/R,{size},{worth},\n"


def probe_market(work, field_mb):
    results = []
    good = "".join(sale(i) for i in range(200))
    cases = [
        ("dates 31-12-9999", good + "".join(sale(1000 + i, "31-12-9999") for i in range(50)), 0),
        ("dates before 2000", good + "".join(sale(1000 + i, "01-01-1999") for i in range(50)), 0),
        ("area 1e-300", good + sale(2000, size="1e-300"), 0),
        ("worth 4e14", good + sale(2000, worth="400000000000000"), 0),
        ("negative worth", good + sale(2000, worth="-5"), 0),
        ("NaN and inf", good + sale(2000, size="NaN") + sale(2001, worth="inf"), 0),
        ("area 0", good + sale(2000, size="0"), 0),
        ("OSC 52 in a name", good + sale(2000, area="Evil\x1b]52;c;cm0gLXJmIH4=\x07"), 0),
        ("ESC[2J in a name", good + sale(2000, area="\x1b[2JEvil"), 0),
        ("U+202E in a name", good + sale(2000, area="\u202eEvil"), 0),
        ("NUL in a name", good + sale(2000, area="Ev\x00il"), 0),
        ("bad date ESC", good + sale(2000, date="\x1b[31m1-1-2020"), 0),
        ("not UTF-8", None, 1),
        ("empty file", "", 1),
        ("unknown header", "a,b,c\n1,2,3\n", 1),
    ]
    for name, rows, _ in cases:
        d = os.path.join(work, "market-" + re.sub(r"\W", "", name))
        content = light_content(os.path.join(d, "content"))
        shutil.rmtree(os.path.join(content, "market"))
        os.makedirs(os.path.join(content, "market"))
        csv = os.path.join(d, "sales.csv")
        with open(csv, "wb") as f:
            if rows is None:
                f.write(PULSE.encode() + good.encode() + "1,15-10-2026,Sales,Sell,Unit,Flat,Residential,Caf\xe9,2 B/R,100,1076390,\n".encode("latin-1"))
            else:
                f.write(((PULSE if name != "unknown header" else "") + rows).encode())
        code, seconds, out = run([ESTATE, "market", "import", "transactions", csv, "--content", content], timeout=60)
        raw = [c for c in "\x1b\x07\x00\u202e" if c in out]
        summary = os.path.join(content, "market", "transactions.json")
        medians_ok = True
        if os.path.isfile(summary):
            data = json.load(open(summary))
            medians_ok = all(0 < m["median"] < 200_000 for m in data["monthly"] if m.get("median") is not None) and \
                data.get("to", "") <= time.strftime("%Y-%m")
        # 0: imported (bad rows left out and said so); 1 or 2: refused with its reason.
        held = code in (0, 1, 2) and not raw and medians_ok and seconds < 30 and "panicked" not in out
        results.append(("market", name, held, "" if held else f"exit {code}, raw {raw!r}, medians ok {medians_ok}"))
    # Links: market/ a link, the summary a link, a link at every temporary name it could use.
    for name in ["market/ is a link", "transactions.json is a link", "links planted at temporary names"]:
        d = os.path.join(work, "market-link-" + str(len(results)))
        content = light_content(os.path.join(d, "content"))
        shutil.rmtree(os.path.join(content, "market"))
        outside = os.path.join(d, "outside")
        os.makedirs(outside)
        target = os.path.join(outside, "victim.json")
        open(target, "w").write("untouched")
        if name.startswith("market/"):
            os.symlink(outside, os.path.join(content, "market"))
        else:
            os.makedirs(os.path.join(content, "market"))
            if name.startswith("transactions"):
                os.symlink(target, os.path.join(content, "market", "transactions.json"))
            else:
                for pid in range(1, 4000, 1):
                    os.symlink(target, os.path.join(content, "market", f".transactions.json.{pid}.tmp"))
        csv = os.path.join(d, "sales.csv")
        open(csv, "w").write(PULSE + good)
        code, _, out = run([ESTATE, "market", "import", "transactions", csv, "--content", content])
        untouched = open(target).read() == "untouched"
        summary = os.path.join(content, "market", "transactions.json")
        held = untouched and not (name.startswith("links") and os.path.islink(summary))
        results.append(("market", name, held, "" if held else f"exit {code}, victim untouched {untouched}"))
    # One huge field.
    d = os.path.join(work, "market-huge")
    content = light_content(os.path.join(d, "content"))
    csv = os.path.join(d, "sales.csv")
    with open(csv, "w") as f:
        f.write(PULSE + '1,15-10-2026,Sales,Sell,Unit,Flat,Residential,"')
        chunk = "A" * (1 << 20)
        for _ in range(field_mb):
            f.write(chunk)
        f.write('",2 B/R,100,1076390,\n')
    started = time.perf_counter()
    proc = subprocess.Popen([ESTATE, "market", "import", "transactions", csv, "--content", content],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    mb = usage.ru_maxrss / 1024
    held = mb < 200 and time.perf_counter() - started < 30
    results.append(("market", f"one {field_mb} MB field ({mb:.0f} MB peak)", held, "" if held else f"{mb:.0f} MB"))
    os.remove(csv)
    return results


# ---------------------------------------------------------------------------------------------
# The portal import.

class Listener:
    """Counts connections to a port on 127.0.0.1 (and ::1 where the machine has it)."""

    def __init__(self):
        self.count = 0
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.count += 1
            conn.close()


def feed_listing(reference, title, photo, extra=""):
    photo = f"<photo><url>{photo}</url></photo>" if photo else ""
    return (f"<property last_update=\"2026-11-01 10:00:00\"><reference_number>{reference}</reference_number>"
            f"<offering_type>RS</offering_type><property_type>VH</property_type><size>4000</size>"
            f"<price>1000000</price><title_en>{title}</title_en>{extra}{photo}</property>\n")


def probe_portal(work):
    results = []
    listener = Listener()
    port = listener.port
    addresses = [
        f"http://127.0.0.1:{port}/a.jpg", f"http://localhost:{port}/a.jpg", f"http://[::1]:{port}/a.jpg",
        f"http://[::ffff:127.0.0.1]:{port}/a.jpg", f"http://[::127.0.0.1]:{port}/a.jpg",
        f"http://[64:ff9b::7f00:1]:{port}/a.jpg", f"http://[2002:7f00:1::]:{port}/a.jpg",
        f"http://0.0.0.0:{port}/a.jpg", f"http://127.1:{port}/a.jpg", f"http://2130706433:{port}/a.jpg",
        f"http://0x7f000001:{port}/a.jpg", f"http://0177.0.0.1:{port}/a.jpg", "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.1/a.jpg", "http://192.168.1.1/a.jpg", "http://172.16.0.1/a.jpg", "http://100.64.0.1/a.jpg",
        "http://[fe80::1]/a.jpg", "http://[fc00::1]/a.jpg", "http://[64:ff9b::a9fe:a9fe]/a.jpg",
        "file:///etc/passwd", "ftp://127.0.0.1/a.jpg", "gopher://127.0.0.1:70/x", f"http://user@127.0.0.1:{port}/a.jpg",
        f"http://127.0.0.1.nip.io:{port}/a.jpg",
    ]
    # The rest of IANA's special-purpose blocks, not globally reachable: the IETF's own, the three
    # documentation networks, reserved, the retired 6to4 relay, benchmarking, broadcast, multicast.
    # Nothing listens there, so a download tried would fail too: held only when refused as such.
    blocks = [
        "http://192.0.0.1/a.jpg", "http://192.0.2.1/a.jpg", "http://198.51.100.1/a.jpg", "http://203.0.113.1/a.jpg",
        "http://240.0.0.1/a.jpg", "http://192.88.99.1/a.jpg", "http://198.18.0.1/a.jpg", "http://198.19.255.1/a.jpg",
        "http://255.255.255.255/a.jpg", "http://224.0.0.1/a.jpg", "http://[2001:2::1]/a.jpg", "http://[2001:db8::1]/a.jpg",
        "http://[ff02::1]/a.jpg",
        # IPv6 forms carrying one of those IPv4 addresses (198.18.0.1): NAT64, 6to4, mapped.
        "http://[64:ff9b::c612:1]/a.jpg", "http://[2002:c612:1::]/a.jpg", "http://[::ffff:198.18.0.1]/a.jpg",
        "http://[::ffff:c612:1]/a.jpg",
    ]
    for i, url in enumerate(addresses + blocks):
        d = os.path.join(work, f"portal-{i}")
        content = light_content(os.path.join(d, "content"))
        listings = set(os.listdir(os.path.join(content, "properties")))
        feed = os.path.join(d, "feed.xml")
        open(feed, "w").write("<list>\n" + feed_listing(f"A-{i}", "Villa", html.escape(url)) + "</list>")
        before = listener.count
        code, _, out = run([ESTATE, "import", "propertyfinder", feed, "--content", content], timeout=60)
        connected = listener.count - before
        written = sorted(set(os.listdir(os.path.join(content, "properties"))) - listings)
        refused = url not in blocks or f"refused to download {url}" in out
        held = connected == 0 and not written and code in (1, 2) and refused
        group = "portal: special-purpose blocks" if url in blocks else "portal: addresses"
        results.append((group, url, held, "" if held else f"exit {code}, {connected} connections, {written}: {out[-200:]}"))
    hostile = [
        ("XXE file entity", '<?xml version="1.0"?><!DOCTYPE list [<!ENTITY x SYSTEM "file:///etc/passwd">]><list>' + feed_listing("X-1", "&x;", "") + "</list>"),
        ("billion laughs", '<?xml version="1.0"?><!DOCTYPE list [<!ENTITY a "aaaaaaaaaa">' + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(9)) + "]><list>" + feed_listing("X-2", "&j;", "") + "</list>"),
        ("100,000 deep", "<list>" + "<a>" * 100_000 + "</a>" * 100_000 + "</list>"),
        ("community with a line break", "<list>" + feed_listing("X-3", "Villa", "", "<community>Evil\"\n- key: x</community>") + "</list>"),
        ("title with ESC and RLO", "<list>" + feed_listing("X-4", "Villa \x1b[2J\u202e", "") + "</list>"),
        ("description with script", "<list>" + feed_listing("X-5", "Villa", "", "<description_en><![CDATA[<script>alert(1)</script><img src=x onerror=alert(2)>]]></description_en>") + "</list>"),
        ("reference ../../x", "<list>" + feed_listing("../../../x", "Villa", "") + "</list>"),
        ("not XML", "this is not a feed"),
        ("empty", ""),
    ]
    for name, text in hostile:
        d = os.path.join(work, "portal-" + re.sub(r"\W", "", name))
        content = os.path.join(d, "content")
        shutil.copytree(os.path.join(ROOT, "content"), content)
        listings = set(os.listdir(os.path.join(content, "properties")))
        feed = os.path.join(d, "feed.xml")
        open(feed, "w").write(text)
        code, seconds, out = run([ESTATE, "import", "propertyfinder", feed, "--content", content], timeout=60)
        ccode, _, cout = run([ESTATE, "check", "--content", content])
        leaked = "root:x:" in out + cout or any(c in out for c in "\x1b\u202e")
        outside = os.path.exists(os.path.join(d, "x.yaml")) or os.path.exists(os.path.join(work, "x.yaml"))
        new = sorted(set(os.listdir(os.path.join(content, "properties"))) - listings)
        # Refused (1, 2: the feed or the listing, with its reason), or imported into content that
        # `estate check` takes or refuses at the imported file before anything is published.
        checked = ccode == 0 or (ccode == 1 and all(any(n in line for n in new) for line in cout.splitlines() if ": error: " in line))
        held = code in (0, 1, 2) and seconds < 30 and not leaked and not outside and checked and "panicked" not in out
        results.append(("portal: feeds", name, held, "" if held else f"import {code} {seconds:.1f} s, check {ccode}, leaked {leaked}: {cout[-200:]}"))
    listener.sock.close()
    return results


# ---------------------------------------------------------------------------------------------
# HTTP: estate serve and the lead function.

def raw_request(port, data, timeout=10):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(data)
    chunks = []
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
            if b"\r\n\r\n" in b"".join(chunks) and len(b"".join(chunks)) > 100_000:
                break
    except socket.timeout:
        pass
    s.close()
    return b"".join(chunks)


def status_of(answer):
    m = re.match(rb"HTTP/1\.[01] (\d{3})", answer)
    return int(m.group(1)) if m else None


def header(answer, name):
    head = answer.split(b"\r\n\r\n", 1)[0].decode(errors="replace")
    m = re.search(rf"^{name}:\s*(.*)$", head, re.I | re.M)
    return m.group(1).strip() if m else None


def body_of(answer):
    """An answer's body, its chunks joined when it was sent in chunks."""
    head, _, body = answer.partition(b"\r\n\r\n")
    if not re.search(rb"^transfer-encoding:\s*chunked", head, re.I | re.M):
        return body
    joined = b""
    while body:
        size, _, rest = body.partition(b"\r\n")
        n = int(size.split(b";")[0] or b"0", 16)
        if n == 0:
            break
        joined, body = joined + rest[:n], rest[n + 2:]
    return joined


def json_error(answer, status):
    """Whether the answer is `status` with the APIs' JSON {"error": ...}."""
    try:
        error = json.loads(body_of(answer)).get("error")
    except (ValueError, AttributeError):
        return False
    return status_of(answer) == status and (header(answer, "Content-Type") or "").startswith("application/json") and bool(error)


def wait_port(port, seconds=60):
    end = time.time() + seconds
    while time.time() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.2)
    return False


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def probe_http(work):
    results = []
    content = os.path.join(work, "http-content")
    shutil.copytree(os.path.join(ROOT, "content"), content)
    dist = os.path.join(work, "http-dist")
    open(os.path.join(content, "media", "drawing.svg"), "w").write(SVG.format("<rect width='4' height='3'/>"))
    run([ESTATE, "build", "--content-only", "--content", content, "--out", dist, "--cache", os.path.join(work, "cache")], timeout=180)
    # The site's own pages are not built here (no Vite): the shells of the property pages and the
    # 404 page are stand-ins, enough for the rules of the server.
    for page in ["index.html", "404.html", "property-shell.html"]:
        open(os.path.join(dist, page), "w").write(f"<!doctype html><title>{page}</title>")
    port = free_port()
    proc = subprocess.Popen([ESTATE, "serve", "--no-build", "--no-watch", "--content-only", "--content", content, "--out", dist,
                             "--port", str(port), "--outbox", os.path.join(work, "http-outbox")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if not wait_port(port):
            return [("http: estate serve", "started", False, "did not listen")]
        def req(path, method="GET", headers="", body=b""):
            return raw_request(port, f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
        checks = []
        a = req("/media/drawing.svg")
        checks.append(("/media/*.svg: nosniff", header(a, "X-Content-Type-Options") == "nosniff"))
        csp = header(a, "Content-Security-Policy") or ""
        checks.append(("/media/*: CSP without script, sandboxed", "sandbox" in csp and "script-src" not in csp.replace("script-src 'none'", "") and "default-src 'none'" in csp))
        a = req("/media/properties/bedroom-1.jpg")
        checks.append(("/media/*.jpg: nosniff", header(a, "X-Content-Type-Options") == "nosniff"))
        for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/media/..%2f..%2f..%2fetc/passwd", "/media/%2e%2e/%2e%2e/Cargo.toml",
                     "/..\\..\\etc\\passwd", "/media/../../content/site.yaml", "/%00", "/netlify.toml", "/_redirects", "/.git/config"]:
            a = req(path)
            checks.append((f"GET {path} reveals nothing", b"root:x:" not in a and b"[build]" not in a and b"baseUrl" not in a and status_of(a) in (400, 403, 404)))
        a = req("/?" + "q=" + "x" * 69_000)
        checks.append(("69 KB query: 414 with a page", status_of(a) == 414 and b"<" in a.split(b"\r\n\r\n", 1)[-1]))
        # A link too long under the JSON APIs is answered in their JSON, however it comes.
        long_query = "q=" + "x" * 69_000
        for method, path in [("GET", f"/api/search-properties?{long_query}"), ("POST", f"/api/contact-user?{long_query}"),
                             ("GET", f"/_admin/api/leads?{long_query}"), ("GET", "/api/" + "x" * 69_000),
                             ("GET", f"http://127.0.0.1:{port}/api/search-properties?{long_query}")]:
            a = req(path, method=method)
            checks.append((f"{method} {path[:32]}... (69 KB): a JSON 414", json_error(a, 414)))
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(f"GET /media/drawing.svg HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        first = b""
        while not (b"\r\n\r\n" in first and (first.endswith(b"0\r\n\r\n") or
                                              len(body_of(first)) >= int(header(first, "Content-Length") or 1 << 30))):
            chunk = s.recv(65536)
            if not chunk:
                break
            first += chunk
        line = f"GET /_admin/api/leads?{long_query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()
        for at in range(0, len(line), 1000):  # in pieces, as a slow client sends it
            s.sendall(line[at:at + 1000])
        a = b""
        try:
            while chunk := s.recv(65536):
                a += chunk
        except OSError:
            pass
        s.close()
        a = a if status_of(first) == 200 else b""
        checks.append(("a second request, sent in pieces, of 69 KB under /_admin/api/: a JSON 414", json_error(a, 414)))
        a = req(f"/apiary?{long_query}")
        checks.append(("69 KB beside the APIs (/apiary): 414 with a page", status_of(a) == 414 and b"<" in body_of(a)))
        a = req("/property-shell.html")
        checks.append(("/property-shell.html is 404", status_of(a) == 404))
        a = req("/_admin/api/leads", method="DELETE")
        checks.append(("admin API: a wrong method answered in JSON", status_of(a) in (401, 403, 404, 405) and (header(a, "Content-Type") or "").startswith("application/json")))
        a = req("/_admin/api/leads?page=x")
        checks.append(("admin API bad query is JSON", (header(a, "Content-Type") or "").startswith("application/json")))
        a = raw_request(port, f"GET http://evil.example/_admin/api/leads HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        checks.append(("admin: absolute-form refused", status_of(a) in (400, 403, 421)))
        a = raw_request(port, f"GET /_admin/api/leads HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example\r\nConnection: close\r\n\r\n".encode())
        checks.append(("admin: two Host headers refused", status_of(a) in (400, 403, 421)))
        a = raw_request(port, b"GET /_admin/api/leads HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        checks.append(("admin: a foreign Host refused (DNS rebinding)", status_of(a) in (400, 403, 421)))
        a = req("/_admin/api/properties", method="POST", headers="Origin: https://evil.example\r\nContent-Type: application/json\r\n", body=b"{}")
        checks.append(("admin: a foreign Origin refused", status_of(a) in (400, 403, 405, 421)))
        a = req("/api/contact-user", method="POST", headers="Content-Type: application/json\r\n", body=b"{" * 100_000)
        checks.append(("lead: 100 KB of braces refused", status_of(a) in (400, 413, 415, 422)))
        a = req("/api/contact-user", method="POST", headers="Content-Type: application/json\r\n", body=b"x" * 2_000_000)
        checks.append(("lead: 2 MB body refused", status_of(a) in (400, 413)))
        a = req("/api/contact-user", method="GET")
        checks.append(("lead: GET answered in JSON", status_of(a) in (404, 405) and (header(a, "Content-Type") or "").startswith("application/json")))
        a = req("/api/contact-user", method="POST", headers="Content-Type: application/json\r\n",
                body=json.dumps({"name": "<script>alert(1)</script>", "email": "a@b.ae\r\nBcc: x@evil.example", "contactNumber": "0501234567", "message": "x", "form": "detail"}).encode())
        checks.append(("lead: a header injected in the email refused", status_of(a) in (400, 422)))
        a = req("/api/search-properties", method="POST", headers="Content-Type: application/json\r\n", body=json.dumps({"query": "a" * 100_000}).encode())
        checks.append(("search: a 100 KB query refused or answered", status_of(a) in (200, 400, 413, 422)))
        # A body that stalls is answered (408) while others are served.
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(f"POST /api/contact-user HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{".encode())
        a = req("/media/drawing.svg")
        checks.append(("others served beside a stalled body", status_of(a) == 200))
        s.close()
        for name, held in checks:
            results.append(("http: estate serve", name, held, "" if held else "as not expected"))
    finally:
        proc.kill()
        proc.wait()
    # The lead function as Lambda hosts it (its router alone), over a site with one community's
    # valuation figures beside its catalogue.
    site = os.path.join(work, "http-site")
    os.makedirs(os.path.join(site, "api"), exist_ok=True)
    os.makedirs(os.path.join(site, "data", "valuation"), exist_ok=True)
    catalogue = os.path.join(site, "api", "properties.json")
    open(catalogue, "w").write("[]")
    open(os.path.join(site, "data", "valuation", "marina.json"), "w").write(json.dumps({
        "community": "marina", "name": "Dubai Marina", "from": "2025-11", "to": "2026-10",
        "figures": [{"kind": "apartment", "bedrooms": 2, "sales": 120, "low": 1612, "median": 1777, "high": 1999, "rents": 95, "rentMedian": 109}]}))
    lead_outbox = os.path.join(work, "http-lead-outbox")
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEAD_")}
    env.update(LEAD_OUTBOX_DIR=lead_outbox)
    lead = subprocess.Popen([LEAD_SERVE, catalogue], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        lport = int(lead.stdout.readline().strip().rsplit(":", 1)[1])
        def lreq(path, method="GET", headers="", body=b""):
            return raw_request(lport, f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
        json_type = "Content-Type: application/json\r\n"
        lead_body = lambda **change: json.dumps({"name": "Aisha", "email": "a@b.ae", "contactNumber": "0501234567",
                                                 "message": "x", "form": "detail", **change}).encode()
        checks = []
        for method in ["GET", "PUT", "DELETE", "OPTIONS"]:
            a = lreq("/api/contact-user", method)
            checks.append((f"{method} is a JSON 405 with Allow", status_of(a) == 405 and (header(a, "Allow") or "").lower() == "post"
                           and (header(a, "Content-Type") or "").startswith("application/json")))
        a = lreq("/api/contact-user", "POST", json_type, b"x" * 2_000_000)
        checks.append(("2 MB body refused", status_of(a) in (400, 413)))
        a = lreq("/api/contact-user", "POST", json_type, b"{" * 100_000)
        checks.append(("100,000 braces refused", status_of(a) in (400, 413, 422)))
        a = lreq("/api/contact-user", "POST", json_type, lead_body(email="a@b.ae\r\nBcc: x@evil.example"))
        checks.append(("a header injected in the email refused", status_of(a) in (400, 422)))
        a = lreq("/api/contact-user", "POST", json_type, lead_body(name="x" * 100_000))
        checks.append(("a 100 KB name refused", status_of(a) in (400, 413, 422)))
        a = lreq("/api/contact-user", "POST", "Content-Type: text/plain\r\n", lead_body())
        checks.append(("a lead as text/plain refused or read as JSON", status_of(a) in (200, 201, 202, 400, 415)))
        a = lreq("/api/contact-user", "POST", json_type + "Origin: https://evil.example\r\n", lead_body())
        checks.append(("a foreign origin gets no CORS grant", (header(a, "Access-Control-Allow-Origin") or "") in ("", "null")))
        a = lreq("/api/search-properties", "POST", json_type, json.dumps({"query": "a" * 100_000}).encode())
        checks.append(("a 100 KB search refused or answered", status_of(a) in (200, 400, 413, 422)))
        # A seller's valuation: the function's own estimate from the site's figures, never the
        # page's numbers, and a community naming a path reads nothing.
        def seller(community):
            made_up = {"community": community, "kind": "apartment", "bedrooms": 2, "sqft": 1250, "low": 1,
                       "high": 18446744073709551615, "median": 5, "from": "2026-13", "to": "x"}
            answer = lreq("/api/contact-user", "POST", json_type,
                          lead_body(form="seller", contactNumber="+971501234567", valuation=made_up))
            if status_of(answer) != 200:
                return None, ""
            lead_id = json.loads(body_of(answer))["id"]
            record = json.load(open(os.path.join(lead_outbox, f"{lead_id}.json")))
            return record.get("valuation", {}).get("estimate", {}), open(os.path.join(lead_outbox, f"{lead_id}.eml")).read()
        estimate, eml = seller("marina")
        checks.append(("a seller's made-up figures: the function's own estimate is sent",
                       (estimate or {}).get("low") == 2015000 and "18,446,744" not in eml and "2026-13" not in eml))
        estimate, eml = seller("../../api/properties")
        checks.append(("a seller's community naming a path: no file read, no estimate", estimate == {"outcome": "unavailable"}))
        for name, held in checks:
            results.append(("http: lead-fn", name, held, "" if held else "as not expected"))
    finally:
        lead.kill()
        lead.wait()
    return results


def probe_leads(work, seconds, rate=200):
    outbox = os.path.join(work, "leads-outbox")
    catalogue = os.path.join(work, "catalogue.json")
    open(catalogue, "w").write("[]")
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEAD_")}
    env.update(LEAD_RATE_LIMIT_PER_MINUTE="100000000", LEAD_OUTBOX_DIR=outbox)
    state = {"port": None, "proc": None}

    def start():
        proc = subprocess.Popen([LEAD_SERVE, catalogue], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = proc.stdout.readline()
        state["proc"], state["port"] = proc, int(line.strip().rsplit(":", 1)[1])

    start()
    outcomes = {}
    lock = threading.Lock()

    def send(i):
        token = f"probe-lead-{i:06}"
        body = json.dumps({"name": "Aisha Khan", "email": "aisha@example.com", "contactNumber": "0501234567",
                           "message": f"Viewing on Saturday? {token}", "form": "detail"}).encode()
        try:
            c = http.client.HTTPConnection("127.0.0.1", state["port"], timeout=10)
            c.request("POST", "/api/contact-user", body, {"Content-Type": "application/json"})
            r = c.getresponse()
            r.read()
            result = r.status
        except Exception as e:
            result = type(e).__name__
        with lock:
            outcomes[token] = result

    total = int(seconds * rate)
    left = []  # the hidden files the kill leaves
    killed_at = total // 2
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=64) as pool:
        for i in range(total):
            due = started + i / rate
            delay = due - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            if i == killed_at:
                state["proc"].send_signal(signal.SIGKILL)
                state["proc"].wait()
                left = hidden(outbox)
                LEFT[:] = left
                start()
            pool.submit(send, i)
    state["proc"].kill()
    state["proc"].wait()
    seen, files = outbox_tokens(outbox)
    accepted = [t for t, r in outcomes.items() if isinstance(r, int) and 200 <= r < 300]
    lost = [t for t in accepted if seen.get(t, 0) == 0]
    twice = [t for t, n in seen.items() if n > 1]
    refused = [t for t, r in outcomes.items() if not (isinstance(r, int) and 200 <= r < 300)]
    kept_anyway = [t for t in refused if seen.get(t, 0) > 0]
    kinds = {}
    for t in refused:
        kinds[str(outcomes[t])] = kinds.get(str(outcomes[t]), 0) + 1
    held = len(accepted) - len(lost) - len([t for t in twice if t in accepted]) + len(refused)
    note = (f"{len(accepted)} accepted, {len(lost)} of them lost, {len(twice)} twice; {len(refused)} refused "
            f"visibly ({kinds}), {len(kept_anyway)} of which the outbox has anyway; {time.perf_counter() - started:.1f} s")
    row = [("leads", f"{total} leads at {rate}/s, SIGKILL at lead {killed_at}", len(lost) == 0 and not twice, note)]
    return row, total, held, note, outbox_at_start(outbox, catalogue, env, left, files, accepted)


def hidden(outbox):
    return sorted(n for n in os.listdir(outbox) if n.startswith(".")) if os.path.isdir(outbox) else []


def outbox_tokens(outbox):
    """How many times each lead's token is in the outbox's records, and the record holding it."""
    seen, files = {}, {}
    for name in os.listdir(outbox) if os.path.isdir(outbox) else []:
        if name.endswith(".json"):
            text = open(os.path.join(outbox, name), encoding="utf-8", errors="replace").read()
            for token in re.findall(r"probe-lead-\d{6}", text):
                seen[token] = seen.get(token, 0) + 1
                files[token] = name
    return seen, files


def outbox_at_start(outbox, catalogue, env, left, files, accepted):
    """The hidden temporary files a kill leaves in the outbox, finished or removed when the lead
    function starts: those the kill mid-run left (the restart took them), and two staged as a
    kill leaves them: a lead cut while its files were renamed into place (its email in place, its
    record still hidden), finished; a lead cut while being written (nothing in place), removed."""
    results = []
    results.append(("leads: outbox", f"the {len(left)} hidden files the kill mid-run left are gone after the restart",
                    not set(left) & set(hidden(outbox)), f"left {sorted(set(left) & set(hidden(outbox)))}"))
    token = next((t for t in accepted if t in files), None)
    if token is None:
        return [("leads: outbox", "a lead to stage", False, "no accepted lead is in the outbox")]
    lead = files[token][: -len(".json")]
    os.rename(os.path.join(outbox, f"{lead}.json"), os.path.join(outbox, f".{lead}.json.tmp"))
    cut = "20261127T000000000Z-00000000000c0700"
    open(os.path.join(outbox, f".{cut}.eml.tmp"), "w").write("From: probe-lead-cut")
    open(os.path.join(outbox, f".{cut}.json.tmp"), "w").write('{"message": "probe-lead-cut')
    log = os.path.join(os.path.dirname(outbox), "outbox-start.log")
    with open(log, "w") as err:
        proc = subprocess.Popen([LEAD_SERVE, catalogue], env={**env, "LEAD_BENCH_LOG": "1"}, stdout=subprocess.PIPE,
                                stderr=err, text=True)
        try:
            port = int(proc.stdout.readline().strip().rsplit(":", 1)[1])
            answered = status_of(raw_request(port, b"GET /api/contact-user HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                                   b"Connection: close\r\n\r\n")) == 405
        finally:
            proc.kill()
            proc.wait()
    events = []
    for line in open(log, encoding="utf-8", errors="replace"):
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        events.append((entry.get("event"), entry.get("lead")))
    seen, _ = outbox_tokens(outbox)
    names = set(os.listdir(outbox))
    results += [
        ("leads: outbox", "a lead cut while renamed into place is finished at start, once",
         answered and f"{lead}.json" in names and f".{lead}.json.tmp" not in names and seen.get(token) == 1,
         f"answered {answered}; {lead}: {sorted(n for n in names if lead in n)}, token seen {seen.get(token, 0)} times"),
        ("leads: outbox", "a lead cut while being written is removed at start",
         not any(cut in n for n in names) and "probe-lead-cut" not in json.dumps(seen), f"{sorted(n for n in names if cut in n)}"),
        ("leads: outbox", "nothing hidden stays after the start", not hidden(outbox), f"{hidden(outbox)}"),
        ("leads: outbox", "each logged (lead_outbox_finished, lead_outbox_removed)",
         ("lead_outbox_finished", lead) in events and ("lead_outbox_removed", cut) in events,
         f"{[e for e in events if e[0] and e[0].startswith('lead_outbox')]}"),
    ]
    return [(group, name, held, "" if held else why) for group, name, held, why in results]


# ---------------------------------------------------------------------------------------------

def summarise(part, results, note=""):
    tried = len(results)
    held = sum(1 for r in results if r[2])
    TABLE.append((part, tried, held, tried - held, note))
    for group, name, ok, why in results:
        if not ok:
            print(f"  fell: {group}: {name!r}: {why}", file=sys.stderr)


def by_group(results):
    """A part's note: each group of its cases (named after the part's colon) held / tried."""
    groups = {}
    for r in results:
        groups.setdefault(r[0].split(": ", 1)[-1], []).append(r[2])
    return ", ".join(f"{g} {sum(v)}/{len(v)}" for g, v in groups.items())


def main():
    global VERBOSE
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="content,cms,market,portal,http,leads", help="parts to run, comma-separated")
    ap.add_argument("--bound", type=float, default=float(os.environ.get("PROBE_BOUND", "2")),
                    help="processor seconds a check may take (a debug build's markdown is slower: try 6)")
    ap.add_argument("--leads-seconds", type=float, default=10.0)
    ap.add_argument("--market-field-mb", type=int, default=100)
    ap.add_argument("--no-build", action="store_true", help="use the binaries as they are")
    ap.add_argument("--verbose", action="store_true")
    opts = ap.parse_args()
    VERBOSE = opts.verbose
    parts = opts.only.split(",")
    if not opts.no_build and not os.environ.get("ESTATE_BIN"):
        subprocess.run(["cargo", "build", "--quiet", "-p", "generator", "--bin", "estate"], cwd=ROOT, check=True)
    if "leads" in parts and not opts.no_build and not os.environ.get("LEAD_SERVE_BIN"):
        subprocess.run(["cargo", "build", "--quiet", "-p", "lead-fn", "--example", "serve"], cwd=ROOT, check=True)
    os.environ.setdefault("ESTATE_IMAGE_CACHE", os.path.join(ROOT, "target", "test-image-cache"))
    work = tempfile.mkdtemp(prefix="estate-probe-")
    started = time.perf_counter()
    try:
        if "content" in parts or "texts" in parts:
            results = probe_content(work, opts.bound, only_texts="content" not in parts)
            note = by_group(results)
            if PUBLISHED:
                note += f" ({PUBLISHED[0][0]} of the {PUBLISHED[0][1]} texts built found in its HTML)"
            summarise("content mutations", results, note)
        if "cms" in parts:
            results = probe_cms(work, opts.bound)
            summarise("CMS (generated config)", results, by_group(results))
        if "market" in parts:
            results = probe_market(work, opts.market_field_mb)
            summarise("market import", results, next((r[1] for r in results if "MB peak" in r[1]), ""))
        if "portal" in parts:
            results = probe_portal(work)
            summarise("portal import", results, by_group(results))
        if "http" in parts:
            results = probe_http(work)
            summarise("HTTP (estate serve, lead-fn)", results, by_group(results))
        if "leads" in parts:
            results, total, held, note, at_start = probe_leads(work, opts.leads_seconds)
            TABLE.append(("leads at 200/s, kill -9", total, held, total - held, note))
            summarise("lead outbox at start (kill -9)", at_start,
                      f"{len(LEFT)} hidden files left mid-run gone; 2 staged: finished, removed; each logged")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\n{'part':34} {'tried':>6} {'held':>6} {'fell':>5}  notes")
    for part, tried, held, fell, note in TABLE:
        print(f"{part:34} {tried:6} {held:6} {fell:5}  {note}")
    total = sum(t[1] for t in TABLE)
    print(f"{'total':34} {total:6} {sum(t[2] for t in TABLE):6} {sum(t[3] for t in TABLE):5}  in {time.perf_counter() - started:.0f} s")
    return 1 if any(t[3] for t in TABLE) else 0


if __name__ == "__main__":
    sys.exit(main())
