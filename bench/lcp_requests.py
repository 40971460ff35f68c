#!/usr/bin/env python3
"""What came before the largest paint, from Lighthouse reports (`bench/web_vitals.py --keep DIR`).

For each report: the observed (unthrottled) first paint and largest paint, the simulated LCP and
its phases, the largest paint's element, and every network request with its start, end (ms from
the navigation, unthrottled), bytes and priority; a `*` marks those started before the observed
largest paint (Lighthouse's pessimistic estimate of the LCP counts them all, its optimistic one
leaves the low-priority images out).

    python3 bench/lcp_requests.py REPORT.json [...]
"""
import json
import sys


def show(path):
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    audits = report["audits"]
    metrics = audits["metrics"]["details"]["items"][0]
    lcp = metrics.get("observedLargestContentfulPaint")
    print(f"{path}: {report['finalDisplayedUrl']}")
    print(f"  observed: first paint {metrics.get('observedFirstContentfulPaint')} ms, largest paint {lcp} ms;"
          f" simulated LCP {audits['largest-contentful-paint']['numericValue']:.0f} ms,"
          f" TBT {audits['total-blocking-time']['numericValue']:.0f} ms")
    element = audits.get("largest-contentful-paint-element", {}).get("details", {})
    for item in element.get("items", []):
        for row in item.get("items", []):
            node = row.get("node")
            if node:
                print(f"  largest paint: {node.get('selector')} {node.get('snippet', '')[:100]}")
            elif "phase" in row:
                print(f"    {row['phase']}: {row.get('timing', 0):.0f} ms")
    requests = audits["network-requests"]["details"]["items"]
    origin = requests[0]["url"].split("/", 3)[:3] if requests else []
    prefix = "/".join(origin)
    print(f"  {'start':>6} {'end':>6} {'KB':>6} {'priority':9} url")
    for request in sorted(requests, key=lambda one: one.get("networkRequestTime", 0)):
        start = request.get("networkRequestTime", 0)
        before = "*" if lcp is not None and start < lcp else " "
        url = request["url"].replace(prefix, "")
        print(f" {before}{start:6.0f} {request.get('networkEndTime', 0):6.0f} {request.get('transferSize', 0) / 1000:6.1f}"
              f" {request.get('priority', ''):9} {url[:90]}")


if __name__ == "__main__":
    for path in sys.argv[1:]:
        show(path)
