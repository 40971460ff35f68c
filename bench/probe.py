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
  dist/media/ is other than a photo, a sanitised drawing, a video or map tiles.
- cms: the generated Sveltia configuration refuses the value or upload itself (pattern,
  min/max, accepted types, upload size); where a CMS cannot tell (bytes, pixels, raw HTML's
  links), `estate check` refuses it as the build does.
- market: `estate market import` exits as expected, prints no raw control character, writes
  no median outside plausible bounds, writes nothing through a link.
- portal: `estate import` writes no listing for a refused photo address and never connects to
  this machine for it (a listener counts connections); a hostile feed is refused or imported
  into content that `estate check` takes.
- http: `estate serve` and the lead function answer each hostile request as expected.
- leads: 200 leads a second with the lead function killed (SIGKILL) and restarted halfway: each
  lead the client saw accepted is in the outbox exactly once; none is there twice; every other
  one was an error the client saw.
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ESTATE = os.environ.get("ESTATE_BIN") or os.path.join(ROOT, "target", "debug", "estate")
LEAD_SERVE = os.environ.get("LEAD_SERVE_BIN") or os.path.join(ROOT, "target", "debug", "examples", "serve")
VERBOSE = False
TABLE = []  # (part, tried, held, fell, note)
PUBLISHED = []  # (payload texts found in the published HTML, texts built)


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
# Content mutations.

LISTING = """title: {title}
mainCategory: Residential
subCategory: Apartment
status: available
createdAt: 2026-11-25T09:30:00+04:00
location: Dubai Marina
bedrooms: 2
bathrooms: 2
area: 1000
price: 2000000
reference: PROBE-{n}
permitNumber: '71{n:08}'
agent: daniel-novak
images: [media/properties/bedroom-1.jpg]
description: {description}
ar:
  title: شقة {n}
  description: {ar}
"""
POST = """---
title: {title}
date: 2026-11-20T10:00:00+04:00
author: Sara Al Mansouri
excerpt: {excerpt}
---

{body}
"""
DEVELOPER = """name: Probe {n}
logo: media/developers/emaar.svg
projects: 3
image: media/developers/emaar.jpg
website: https://www.emaar.com
description: {description}
"""

XSS = [
    "<script>alert(M)</script>",
    "<img src=/media/properties/bedroom-1.jpg onerror=alert(M)>",
    "<svg onload=alert(M)>",
    "<iframe src=\"javascript:alert(M)\"></iframe>",
    "[x](javascript:alert(M))",
    "[x](JaVaScRiPt:alert(M))",
    "[x](&#106;avascript:alert(M))",
    "<a href=\"jav&#x09;ascript:alert(M)\">x</a>",
    "<a href=\"data:text/html,&lt;script&gt;alert(M)&lt;/script&gt;\">x</a>",
    "![x](javascript:alert(M))",
    "<object data=\"javascript:alert(M)\"></object>",
    "<embed src=\"javascript:alert(M)\">",
    "<style>@import 'https://evil.example/M.css'</style>",
    "<div style=\"background:url(javascript:alert(M))\">x</div>",
    "<math><mtext><table><mglyph><style><img src=/media/properties/bedroom-1.jpg onerror=alert(M)>",
    "<form action=\"javascript:alert(M)\"><button>x</button></form>",
    "<input autofocus onfocus=alert(M)>",
    "<details open ontoggle=alert(M)>x</details>",
    "<a href=\"vbscript:alert(M)\">x</a>",
    "<base href=\"javascript:alert(M)//\">",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(M)\">",
    "<link rel=stylesheet href=https://evil.example/M.css>",
    "<noscript><p title=\"</noscript><img src=/media/properties/bedroom-1.jpg onerror=alert(M)>\">",
    "<!--<img src=\"--><img src=/media/properties/bedroom-1.jpg onerror=alert(M)//\">",
    "<scr<script>ipt>alert(M)</script>",
    "<a href=\"  javascript:alert(M)\">x</a>",
    "<template><script>alert(M)</script></template>",
    "[a]: javascript:alert(M)\n\n[x][a]",
    "<svg><a xlink:href=\"javascript:alert(M)\"><text>x</text></a></svg>",
    "<img src=/media/properties/bedroom-1.jpg srcset=\"javascript:alert(M)\">",
    "<video><source onerror=alert(M)></video>",
    "<x onclick=alert(M)>x</x>",
    "<a href=\"https://evil.example/M\" target=_blank>x</a>",
    "<textarea><script>alert(M)</script></textarea>",
    "<select><option><script>alert(M)</script></option></select>",
    "<plaintext><script>alert(M)</script>",
    "text \u202e reversed M \u0007 bell",
    "```html\n<script>alert(M)</script>\n```",
    "<a href=\"java\nscript:alert(M)\">x</a>",
    "<img src=x onerror=alert(M)>",
    "<a href=\"javascript&colon;alert(M)\">x</a>",
    "<a href=\"&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:alert(M)\">x</a>",
    "<IMG SRC=/media/properties/bedroom-1.jpg ONERROR=alert(M)>",
    "<img/src=/media/properties/bedroom-1.jpg/onerror=alert(M)>",
    "<a href=javascript:alert(M)>x</a>",
    "[x](<javascript:alert(M)>)",
    "<https://evil.example/M>",
    "<area href=\"javascript:alert(M)\">",
    "<body onload=alert(M)>",
    "<isindex action=javascript:alert(M) type=image>",
    "<marquee onstart=alert(M)>x</marquee>",
    "<frameset onload=alert(M)>",
    "<a href=\"#\" onmouseover=\"alert(M)\">x</a>",
    "<p style=\"x:expression(alert(M))\">x</p>",
]


def yq(text):
    """A YAML double-quoted scalar (JSON's quoting, which YAML reads)."""
    return json.dumps(text, ensure_ascii=False)


def png_header(width, height):
    import zlib
    chunk = b"IHDR" + width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    crc = zlib.crc32(chunk).to_bytes(4, "big")
    idat = b"IDAT"
    return b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + chunk + crc + (0).to_bytes(4, "big") + idat + \
        zlib.crc32(idat).to_bytes(4, "big")


SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 4 3">{}</svg>'


def media_cases(sample_jpeg):
    """(name, file under media/, bytes, field that names it or None): each is refused."""
    html_page = b"<!doctype html><html><body><script src=\"/media/x.js\"></script></body></html>"
    cases = []
    for ext in ["html", "htm", "xhtml", "shtml", "js", "mjs", "css", "json", "txt", "xml", "wasm", "map", "php",
                "swf", "pdf", "gif", "ico", "bmp", "tiff", "avif", "heic", "md", "yaml", "csv", "zip"]:
        cases.append((f"a .{ext} file", f"media/probe/x.{ext}", html_page if ext.startswith(("htm", "sht", "xht")) else b"alert(document.domain)\n", None))
    for ext in ["jpg", "jpeg", "png", "webp", "mp4", "webm", "pmtiles", "JPG", "svg"]:
        cases.append((f"HTML named .{ext}", f"media/probe/page.{ext}", html_page, None))
    cases += [
        ("GIF named .jpg", "media/probe/gif.jpg", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", None),
        ("PDF named .png", "media/probe/doc.png", b"%PDF-1.4\n%\xe2\xe3\n", None),
        ("SVG named .png", "media/probe/draw.png", SVG.format("<rect/>").encode(), None),
        ("JPEG magic then HTML", "media/probe/poly.jpg", b"\xff\xd8\xff<html><script>alert(1)</script></html>", "images"),
        ("truncated JPEG", "media/probe/half.jpg", sample_jpeg[: len(sample_jpeg) // 2], "images"),
        ("30,000x30,000 PNG", "media/probe/huge.png", png_header(30_000, 30_000), "images"),
        ("SVG in a photo field", "media/probe/photo.svg", SVG.format("<rect width='4' height='3'/>").encode(), "images"),
        ("SVG <script>", "media/probe/s1.svg", SVG.format("<script>alert(1)</script>").encode(), None),
        ("SVG onload", "media/probe/s2.svg", b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', None),
        ("SVG onclick on a shape", "media/probe/s3.svg", SVG.format('<rect onclick="alert(1)"/>').encode(), None),
        ("SVG foreignObject", "media/probe/s4.svg", SVG.format('<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject>').encode(), None),
        ("SVG javascript: link", "media/probe/s5.svg", SVG.format('<a xlink:href="javascript:alert(1)"><rect/></a>').encode(), None),
        ("SVG external <use>", "media/probe/s6.svg", SVG.format('<use href="https://evil.example/a.svg#x"/>').encode(), None),
        ("SVG external <image>", "media/probe/s7.svg", SVG.format('<image href="http://169.254.169.254/"/>').encode(), None),
        ("SVG style url()", "media/probe/s8.svg", SVG.format('<style>rect{fill:url(https://evil.example/x)}</style>').encode(), None),
        ("SVG <set> of href", "media/probe/s9.svg", SVG.format('<a><set attributeName="href" to="javascript:alert(1)"/><rect/></a>').encode(), None),
        ("SVG <animate> of href", "media/probe/s10.svg", SVG.format('<a><animate attributeName="href" values="javascript:alert(1)"/><rect/></a>').encode(), None),
        ("SVG billion laughs", "media/probe/s11.svg", (b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">' + b"".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'.encode() for i in range(9)) + b']><svg xmlns="http://www.w3.org/2000/svg"><text>&j;</text></svg>'), None),
        ("SVG XXE", "media/probe/s12.svg", b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>', None),
        ("SVG svg:script prefix", "media/probe/s13.svg", b'<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>', None),
        ("SVG CDATA script", "media/probe/s14.svg", SVG.format("<script><![CDATA[alert(1)]]></script>").encode(), None),
        ("SVG handler (SVG Tiny)", "media/probe/s15.svg", SVG.format('<handler type="application/ecmascript">alert(1)</handler>').encode(), None),
        ("SVG over 512 KB", "media/probe/s16.svg", SVG.format("<rect/>" * 80_000).encode(), None),
        ("SVG 10,000 deep", "media/probe/s17.svg", SVG.format("<g>" * 10_000 + "</g>" * 10_000).encode(), None),
        ("SVG xml-stylesheet", "media/probe/s18.svg", b'<?xml-stylesheet href="https://evil.example/x.css"?>' + SVG.format("<rect/>").encode(), None),
        ("SVG <iframe> inside", "media/probe/s19.svg", SVG.format('<iframe src="javascript:alert(1)"/>').encode(), None),
        ("SVG javascript: in entity", "media/probe/s20.svg", SVG.format('<a href="&#106;avascript:alert(1)"><rect/></a>').encode(), None),
        ("SVG data: image", "media/probe/s21.svg", SVG.format('<image href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/>').encode(), None),
        ("HTML as SVG root", "media/probe/s22.svg", b"<html><body onload=alert(1)></body></html>", None),
    ]
    return cases


def yaml_cases():
    """(name, relative file, text or bytes): each refused by check at that file."""
    def listing(**change):
        fields = {"title": yq("Probe"), "description": yq("A flat."), "ar": yq("شقة"), "n": 9}
        fields.update(change)
        return LISTING.format(**fields)
    base = listing()
    cases = []
    def edit(name, old, new):
        assert old in base, old
        cases.append((name, "properties/probe-field.yaml", base.replace(old, new)))
    for bad in ["0", "-1", "12000000000", "1e30", "'2.750.000'", "'AED 2m'", "99999999999999999999999", ".nan", "true"]:
        edit(f"price {bad}", "price: 2000000", f"price: {bad}")
    for bad in ["-1", "1e9", "'two'", "2.5"]:
        edit(f"bedrooms {bad}", "bedrooms: 2", f"bedrooms: {bad}")
    for bad in ["javascript:alert(1)", "JavaScript:alert(1)", "' javascript:alert(1)'", "http://x.ae", "data:text/html,x", "//evil.example"]:
        edit(f"permitUrl {bad}", "permitNumber: '71", f"permitUrl: {bad}\npermitNumber: '71")
    for bad in ["http://169.254.169.254/latest/meta-data/", "http://[::1]/a.jpg", "http://localhost/a.jpg",
                "http://127.0.0.1:8080/a.jpg", "https://evil.example/a.jpg", "file:///etc/passwd", "ftp://x.ae/a.jpg",
                "../../../etc/passwd", "/etc/passwd", "media/../../etc/passwd", "https://user:pw@www.palmcrest.ae/a.jpg",
                "http://2130706433/a.jpg", "http://0x7f.1/a.jpg", "http://[::ffff:127.0.0.1]/a.jpg",
                "https://www.palmcrest.ae.evil.example/a.jpg", "media/no-such.jpg", "media/developers/emaar.svg"]:
        edit(f"image {bad}", "images: [media/properties/bedroom-1.jpg]", f"images: [{yq(bad)}]")
    for bad in ["{lat: 91, lng: 55}", "{lat: 25, lng: 181}", "{lat: .nan, lng: 55}"]:
        edit(f"coordinates {bad}", "location: Dubai Marina", f"location: Dubai Marina\ncoordinates: {bad}")
    edit("payment plan 150%", "agent: daniel-novak", "agent: daniel-novak\npaymentPlan:\n  - milestone: a\n    percent: 150")
    edit("payment plan sums to 90%", "agent: daniel-novak", "agent: daniel-novak\npaymentPlan:\n  - milestone: a\n    percent: 90")
    edit("agent as a path", "agent: daniel-novak", "agent: ../team/daniel-novak")
    edit("agent unknown", "agent: daniel-novak", "agent: nobody")
    edit("unknown community", "location: Dubai Marina", "location: Atlantis")
    edit("unknown field", "bedrooms: 2", "bedrooms: 2\nbedroomz: 3")
    edit("duplicate key", "bedrooms: 2", "bedrooms: 2\nbedrooms: 3")
    edit("a tag", "bedrooms: 2", "bedrooms: !!python/object:os.system 2")
    edit("tab indentation", "ar:\n  title", "ar:\n\ttitle")
    edit("pricePeriod on a sale", "bedrooms: 2", "bedrooms: 2\npricePeriod: year")
    edit("empty title", f"title: {yq('Probe')}", "title: ''")
    cases.append(("YAML 4 MB anchor x999 aliases", "properties/probe-bomb.yaml",
                  'title: &t "' + "x" * 4_000_000 + '"\nfeatures:\n' + "  - *t\n" * 999))
    laughs = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9))
    cases.append(("YAML billion laughs", "properties/probe-laughs.yaml", laughs))
    cases.append(("YAML 100,000 deep", "properties/probe-deep.yaml", "title: " + "[" * 100_000 + "]" * 100_000 + "\n"))
    cases.append(("YAML over 8 MB", "properties/probe-big.yaml", "title: x\n#" + "x" * (8 * 1024 * 1024) + "\n"))
    cases.append(("not UTF-8", "properties/probe-latin1.yaml", base.replace("Probe", "Caf\xe9").encode("latin-1", "replace")))
    cases.append(("NUL byte", "properties/probe-nul.yaml", base.replace("A flat.", "A\x00flat")))
    cases.append(("binary garbage", "properties/probe-bin.yaml", bytes(range(256)) * 64))
    cases.append(("empty listing", "properties/probe-empty.yaml", ""))
    cases.append(("only a document marker", "properties/probe-dash.yaml", "---\n"))
    cases.append(("a list, not a listing", "properties/probe-list.yaml", "- a\n- b\n"))
    cases.append(("control characters in the name", "properties/probe-\x1b[2J\x07.yaml", "title: x\n"))
    cases.append(("a line break in the name", "properties/probe\nnext.yaml", "title: x\n"))
    for key, text in [("website", "javascript:alert(1)"), ("website", " JavaScript:alert(1)"), ("website", "data:text/html,x"),
                      ("website", "vbscript:x"), ("website", "//evil.example"), ("logo", "media/no-such.svg"),
                      ("logo", "http://169.254.169.254/"), ("image", "media/developers/emaar.svg")]:
        dev = DEVELOPER.format(n=9, description=yq("A developer.")).replace(
            {"website": "website: https://www.emaar.com", "logo": "logo: media/developers/emaar.svg",
             "image": "image: media/developers/emaar.jpg"}[key], f"{key}: {yq(text)}")
        cases.append((f"developer {key} {text.strip()}", "developers/probe-dev.yaml", dev))
    site = open(os.path.join(ROOT, "content", "site.yaml"), encoding="utf-8").read()
    def site_edit(name, old, new):
        assert old in site, old
        cases.append((name, "site.yaml", site.replace(old, new, 1)))
    site_edit("baseUrl with a path", "baseUrl: https://www.palmcrest.ae", "baseUrl: https://www.palmcrest.ae/x?y")
    site_edit("baseUrl javascript:", "baseUrl: https://www.palmcrest.ae", "baseUrl: javascript:alert(1)")
    site_edit("map tiles over http", "tiles: media/map/sample-dubai.pmtiles", "tiles: http://t.example/d.pmtiles")
    site_edit("map tiles not PMTiles", "tiles: media/map/sample-dubai.pmtiles", "tiles: media/logo.svg")
    site_edit("whatsapp letters", "whatsapp:", "whatsapp: call me\nx-whatsapp:")
    site_edit("site coordinates off the globe", "coordinates:", "coordinates: {lat: 95, lng: 55}\nx-coordinates:")
    site_edit("default image an SVG", "defaultImage:", "defaultImage: media/logo.svg\nx-defaultImage:")
    return cases


def markdown_cases():
    """(name, body): each checked within the bound, refused or not."""
    row = "|" + "a|" * 1400 + "\n"
    return [
        ("&amp; x1.6M (8 MB)", "&amp;" * 1_600_000),
        ("&amp; x400k", "&amp;" * 400_000),
        ("&nbsp; x400k", "&nbsp;" * 400_000),
        ("table 1400x1400", row + "|" + "-|" * 1400 + "\n" + row * 1400),
        ("**a** x110k", "**a** " * 110_000),
        ("> x10k nested", ">" * 10_000 + " a"),
        ("[ x100k", "[" * 100_000),
        ("* x50k nested lists", "".join("  " * i + "* a\n" for i in range(2_000))),
        ("< x1M", "<" * 1_000_000),
        ("link references x50k", "".join(f"[r{i}]: /contact-us\n" for i in range(50_000)) + "[r1]"),
        ("emphasis *_ x200k", "*_" * 200_000),
        ("backticks x200k", "`" * 200_000),
        ("(c) x1M", "\u00a9" * 1_000_000),
        ("HTML comment open x100k", "<!--" * 100_000),
        ("20,000 short paragraphs", "Fish &amp; chips, 5&nbsp;AED\n\n" * 20_000),
    ]


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
        if field:
            tree.put(listing_rel, LISTING.format(title=yq("Probe"), description=yq("x"), ar=yq("x"), n=8)
                     .replace("media/properties/bedroom-1.jpg", rel))
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
    # What no CMS field can tell, estate check refuses as the build does.
    tree = Tree(work, "cms")
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
    for i, url in enumerate(addresses):
        d = os.path.join(work, f"portal-{i}")
        content = light_content(os.path.join(d, "content"))
        listings = set(os.listdir(os.path.join(content, "properties")))
        feed = os.path.join(d, "feed.xml")
        open(feed, "w").write("<list>\n" + feed_listing(f"A-{i}", "Villa", html.escape(url)) + "</list>")
        before = listener.count
        code, _, out = run([ESTATE, "import", "propertyfinder", feed, "--content", content], timeout=60)
        connected = listener.count - before
        written = sorted(set(os.listdir(os.path.join(content, "properties"))) - listings)
        held = connected == 0 and not written and code in (1, 2)
        results.append(("portal: addresses", url, held, "" if held else f"exit {code}, {connected} connections, {written}"))
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
    # The lead function as Lambda hosts it (its router alone).
    catalogue = os.path.join(work, "http-catalogue.json")
    open(catalogue, "w").write("[]")
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEAD_")}
    env.update(LEAD_OUTBOX_DIR=os.path.join(work, "http-lead-outbox"))
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
                start()
            pool.submit(send, i)
    state["proc"].kill()
    state["proc"].wait()
    seen = {}
    for name in os.listdir(outbox) if os.path.isdir(outbox) else []:
        if name.endswith(".json"):
            text = open(os.path.join(outbox, name), encoding="utf-8", errors="replace").read()
            for token in re.findall(r"probe-lead-\d{6}", text):
                seen[token] = seen.get(token, 0) + 1
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
    return [("leads", f"{total} leads at {rate}/s, SIGKILL at lead {killed_at}", len(lost) == 0 and not twice, note)], total, held, note


# ---------------------------------------------------------------------------------------------

def summarise(part, results, note=""):
    tried = len(results)
    held = sum(1 for r in results if r[2])
    TABLE.append((part, tried, held, tried - held, note))
    for group, name, ok, why in results:
        if not ok:
            print(f"  fell: {group}: {name!r}: {why}", file=sys.stderr)


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
            groups = {}
            for r in results:
                groups.setdefault(r[0], []).append(r[2])
            note = ", ".join(f"{g} {sum(v)}/{len(v)}" for g, v in groups.items())
            if PUBLISHED:
                note += f" ({PUBLISHED[0][0]} of the {PUBLISHED[0][1]} texts built found in its HTML)"
            summarise("content mutations", results, note)
        if "cms" in parts:
            results = probe_cms(work, opts.bound)
            groups = {}
            for r in results:
                groups.setdefault(r[0], []).append(r[2])
            summarise("CMS (generated config)", results, ", ".join(f"{g.split(': ')[1]} {sum(v)}/{len(v)}" for g, v in groups.items()))
        if "market" in parts:
            results = probe_market(work, opts.market_field_mb)
            summarise("market import", results, next((r[1] for r in results if "MB peak" in r[1]), ""))
        if "portal" in parts:
            summarise("portal import", probe_portal(work), "photo addresses and hostile feeds")
        if "http" in parts:
            summarise("HTTP (estate serve, lead-fn)", probe_http(work))
        if "leads" in parts:
            results, total, held, note = probe_leads(work, opts.leads_seconds)
            TABLE.append(("leads at 200/s, kill -9", total, held, total - held, note))
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
