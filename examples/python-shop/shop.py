"""A shop in Python's standard library that takes payments through pay-service.

The shop's server creates a checkout session server to server (one authenticated call), its order
page embeds <pay-dynamic-account> from the service (and links the service's hosted checkout), and the
service tells the shop the order is paid by a signed notification (Standard Webhooks), which the shop
verifies with an HMAC and applies once, however many times it comes.

    PAY_SERVICE_URL=http://127.0.0.1:3000 PAY_SERVICE_KEY=sk_... PAY_NOTIFY_SECRET=whsec_... \\
    SHOP_CUSTOMER_ID=cus_ada_okafor python3 shop.py            # http://127.0.0.1:8000/
"""

import base64
import hashlib
import hmac
import html
import json
import os
import threading
import time
import urllib.error
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SERVICE = os.environ.get("PAY_SERVICE_URL", "http://127.0.0.1:3000").rstrip("/")
KEY = os.environ["PAY_SERVICE_KEY"]
SECRET = os.environ["PAY_NOTIFY_SECRET"]
CUSTOMER = os.environ.get("SHOP_CUSTOMER_ID", "cus_ada_okafor")
PORT = int(os.environ.get("SHOP_PORT", "8000"))

PRODUCT = {"title": "Ankara tote bag", "amount": "5000.00", "currency": "NGN"}

# The shop's orders. A real shop keeps them in its database; what matters is the one rule below:
# an order is marked paid once, and fulfilled once, whatever the notifications do.
orders = {}
lock = threading.Lock()


def service(method, path, body=None):
    """One call to pay-service's API with the shop's key: (status, JSON answer)."""
    request = urllib.request.Request(
        SERVICE + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + KEY, "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=15) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def verified(headers, body):
    """Standard Webhooks: base64(HMAC-SHA256(key, "id.timestamp.body")), no older than 5 minutes."""
    msg_id, stamp = headers.get("webhook-id", ""), headers.get("webhook-timestamp", "0")
    key = base64.b64decode(SECRET.removeprefix("whsec_"))
    mac = hmac.new(key, f"{msg_id}.{stamp}.".encode() + body, hashlib.sha256).digest()
    expected = "v1," + base64.b64encode(mac).decode()
    fresh = stamp.isdigit() and abs(time.time() - int(stamp)) < 300
    signatures = headers.get("webhook-signature", "").split(" ")
    return fresh and any(hmac.compare_digest(expected, s) for s in signatures)


def page(title, body):
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title>
<script type="module" src="{SERVICE}/cdn/pay-elements-0.1.0.js"></script></head>
<body><main style="max-width:34rem;margin:2rem auto;font-family:system-ui">{body}</main></body></html>"""


class Shop(BaseHTTPRequestHandler):
    def answer(self, status, text, kind="text/html; charset=utf-8", headers=()):
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/":
            return self.answer(200, page("Shop", f"""<h1>{html.escape(PRODUCT["title"])}</h1>
<p>NGN {PRODUCT["amount"]}</p><form method="post" action="/buy"><button>Buy</button></form>"""))
        parts = self.path.strip("/").split("/")
        order = orders.get(parts[1].removesuffix(".json")) if len(parts) == 2 and parts[0] == "orders" else None
        if order is None:
            return self.answer(404, page("Not found", "<h1>No such order</h1>"))
        if parts[1].endswith(".json"):
            return self.answer(200, json.dumps(order), "application/json")
        if order["status"] == "paid":
            return self.answer(200, page("Paid", f"<h1>Thank you: order {order['id']} is paid</h1>"))
        return self.answer(200, page("Pay", f"""<h1>Pay for order {html.escape(order['id'])}</h1>
<pay-dynamic-account endpoint="{SERVICE}/pay" session="{html.escape(order['session'])}" show-qr>
</pay-dynamic-account>
<p><a href="{html.escape(order['checkout_url'])}">Pay on the hosted checkout page instead</a></p>"""))

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path == "/buy":
            order_id = "py-" + uuid.uuid4().hex[:12]
            status, session = service("POST", "/api/sessions", {
                "order_id": order_id, "amount": PRODUCT["amount"], "currency": PRODUCT["currency"],
                "customer_id": CUSTOMER, "order": {"title": PRODUCT["title"], "reference": order_id},
            })
            if status not in (200, 201):
                return self.answer(502, page("Error", f"<p>pay-service answered {status}</p>"))
            with lock:
                orders[order_id] = {"id": order_id, "status": "pending", "fulfilled": 0,
                                    "session": session["id"], "checkout_url": session["url"]}
            return self.answer(303, "", headers=[("Location", f"/orders/{order_id}")])
        if self.path == "/hooks/pay":
            if not verified(self.headers, body):
                return self.answer(400, "bad signature", "text/plain")
            event = json.loads(body)
            if event["type"] == "session.paid":
                with lock:
                    order = orders.get(event["data"]["order_id"])
                    # once: a notification that comes again finds the order paid and changes nothing
                    if order is not None and order["status"] != "paid":
                        order["status"] = "paid"
                        order["fulfilled"] += 1
            return self.answer(200, "ok", "text/plain")
        return self.answer(404, "not found", "text/plain")

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    print(f"shop on http://127.0.0.1:{PORT}/", flush=True)
    ThreadingHTTPServer(("127.0.0.1", PORT), Shop).serve_forever()
