#!/usr/bin/env python3
"""Answer time of a lead with one sink down (not a test): prints figures, asserts nothing.

The function's router as `estate serve` hosts it (`lead-fn/examples/serve.rs`), outbox plus a
webhook, on 127.0.0.1; 100 leads one after another, for each case: the webhook healthy, the
webhook down (a closed port), with and without LEAD_BACKGROUND_DELIVERY. Prints leads
accepted, answered 5xx, webhook copies, pending markers left, and the answer time p50/p95.

    python3 bench/answer_time.py [--leads 100]
"""

import argparse
import http.client
import http.server
import json
import socket
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEAD = json.dumps({"name": "Aisha Khan", "email": "aisha@example.com", "contactNumber": "0501234567",
                   "message": "Viewing on Saturday?", "form": "detail"})


class Hook(http.server.BaseHTTPRequestHandler):
    copies = 0

    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        Hook.copies += 1
        self.send_response(200)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--leads", type=int, default=100)
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--quiet", "-p", "lead-fn", "--example", "serve"], cwd=ROOT, check=True)
    serve = ROOT / "target" / "debug" / "examples" / "serve"
    hook = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    for background in ["false", "true"]:
        for webhook in ["healthy", "down"]:
            Hook.copies = 0
            port = hook.server_address[1] if webhook == "healthy" else closed_port()
            with tempfile.TemporaryDirectory() as tmp:
                catalogue = Path(tmp) / "properties.json"
                catalogue.write_text("[]")
                env = {"PATH": "/usr/bin:/bin", "LEAD_OUTBOX_DIR": str(Path(tmp) / "outbox"),
                       "LEAD_WEBHOOK_URL": f"http://127.0.0.1:{port}/hook", "LEAD_RATE_LIMIT_PER_MINUTE": "0",
                       "LEAD_BACKGROUND_DELIVERY": background}
                server = subprocess.Popen([str(serve), str(catalogue)], env=env, stdout=subprocess.PIPE, text=True)
                try:
                    fn_port = int(server.stdout.readline().strip().rsplit(":", 1)[1])
                    times, statuses = [], {}
                    for _ in range(args.leads):
                        started = time.perf_counter()
                        conn = http.client.HTTPConnection("127.0.0.1", fn_port, timeout=30)
                        conn.request("POST", "/api/contact-user", LEAD, {"Content-Type": "application/json"})
                        status = conn.getresponse().status
                        conn.close()
                        times.append((time.perf_counter() - started) * 1000)
                        statuses[status] = statuses.get(status, 0) + 1
                    time.sleep(1)
                    pending = len(list((Path(tmp) / "outbox").glob("*.pending-*")))
                finally:
                    server.terminate()
                    server.wait()
            p95 = statistics.quantiles(times, n=20)[18]
            print(f"background {background:<5} webhook {webhook:<7}: {statuses.get(200, 0)} accepted, "
                  f"{sum(v for k, v in statuses.items() if k >= 500)} answered 5xx, webhook copies {Hook.copies}, "
                  f"pending markers {pending}; answer p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms")
    hook.shutdown()


if __name__ == "__main__":
    main()
