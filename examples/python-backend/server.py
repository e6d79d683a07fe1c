"""A backend of the pay-elements widget protocol in Python's standard library.

Written from docs/protocol.md alone: the session routes (create, status with ETag/304, the status
stream, renewal) under /pay, the provider's signed webhooks, a watcher of the provider's
transactions, and the cross-site rule. One process; SQLite holds the sessions. Run it with
`python3 server.py` (settings in the environment, see README.md) and check it with pay-conformance.
"""

import base64
import hashlib
import hmac
import json
import os
import re
import secrets
import sqlite3
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOST = os.environ.get("HOST", "127.0.0.1")
PORT = int(os.environ.get("PORT", "8000"))
BASE = "/pay"
PROVIDER = os.environ.get("PAY_BASE_URL", "http://127.0.0.1:4010").rstrip("/")
API_KEY = os.environ.get("PAY_API_KEY", "sk_sandbox_local")
WEBHOOK_SECRET = os.environ.get("PAY_WEBHOOK_SECRET", "whsec_cGF5LWVsZW1lbnRzIGxvY2FsIHNhbmRib3ggaG9va3M=")
CUSTOMER_ID = os.environ.get("PAY_CUSTOMER_ID", "cus_ada_okafor")
ALLOWED_ORIGINS = {o for o in os.environ.get("ALLOWED_ORIGINS", "").split(",") if o}
WATCH_SECONDS = float(os.environ.get("WATCH_SECONDS", "2"))
# a claimed session ("I've sent the money") stays pending this long past its expiry
CLAIM_GRACE_MINUTES = float(os.environ.get("CLAIM_GRACE_MINUTES", "30"))
# For pay-conformance's own tests only: break one rule on purpose (null-optional, unnamed-events,
# no-etag, number-amount) and see the runner name it.
BROKEN = os.environ.get("PAY_EXAMPLE_BROKEN", "")


# ── The merchant's orders ──────────────────────────────────────────────────────────────────────
def resolve_order(order_id, headers):
    """The order as the shop knows it, or None (an unknown order, or not this shopper's).

    A demo catalogue: every `order-…` costs 5,000.00 naira, and one ending in `-1min` gets an account
    that lives one minute. Replace with a lookup in your own database (and check the shopper's
    cookie in `headers`)."""
    if not re.fullmatch(r"order-[A-Za-z0-9._-]{1,122}", order_id):
        return None
    minutes = 1 if order_id.endswith("-1min") else 30
    return {"amount": "5000.00", "currency": "NGN", "customer_id": CUSTOMER_ID, "minutes": minutes}


# ── Time ───────────────────────────────────────────────────────────────────────────────────────
def now():
    return datetime.now(timezone.utc)


def rfc3339(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def parse_time(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


# ── The store ──────────────────────────────────────────────────────────────────────────────────
db = sqlite3.connect(os.environ.get("PAY_DB", ":memory:"), check_same_thread=False, isolation_level=None)
db.row_factory = sqlite3.Row
db_lock = threading.RLock()
db.executescript(
    """
    CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY, order_id TEXT UNIQUE NOT NULL, amount TEXT NOT NULL, currency TEXT NOT NULL,
      customer_id TEXT NOT NULL, minutes INTEGER NOT NULL, status TEXT NOT NULL,
      account_name TEXT NOT NULL, account_number TEXT NOT NULL, bank_name TEXT NOT NULL,
      reference TEXT UNIQUE NOT NULL, created_at TEXT NOT NULL, expires_at TEXT NOT NULL,
      paid_at TEXT, transaction_id TEXT, claimed_at TEXT);
    CREATE TABLE IF NOT EXISTS webhook_events (id TEXT PRIMARY KEY);
    """
)
if "claimed_at" not in [row[1] for row in db.execute("PRAGMA table_info(sessions)")]:
    db.execute("ALTER TABLE sessions ADD COLUMN claimed_at TEXT")  # a file made before claims


def query(sql, args=()):
    with db_lock:
        return db.execute(sql, args).fetchall()


def one(sql, args=()):
    rows = query(sql, args)
    return rows[0] if rows else None


def change(sql, args=()):
    """An update; when it changed a row, streams are told."""
    with db_lock:
        changed = db.execute(sql, args).rowcount
    if changed:
        with changes:
            changes.count += 1
            changes.notify_all()
    return changed


changes = threading.Condition()
changes.count = 0
order_locks = {}
locks_lock = threading.Lock()


def lock_for(key):
    with locks_lock:
        return order_locks.setdefault(key, threading.Lock())


# ── The provider ───────────────────────────────────────────────────────────────────────────────
class ProviderDown(Exception):
    pass


def provider(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{PROVIDER}{path}", data=data, method=method)
    request.add_header("X-API-KEY", API_KEY)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            envelope = json.load(answer)
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise ProviderDown(str(error)) from error
    if not envelope.get("status"):
        raise ProviderDown(envelope.get("message", "refused"))
    return envelope["data"]


def open_account(order):
    account = provider(
        "POST",
        "/v1/virtual-accounts/dynamic",
        {"customer_id": order["customer_id"], "amount": float(Decimal(order["amount"])), "lifespan_minutes": order["minutes"]},
    )
    return {
        "account_name": account["account_name"],
        "account_number": account["account_no"],
        "bank_name": account["bank_name"],
        "reference": account["reference"],
        "expires_at": rfc3339(parse_time(account["expires_at"])),
    }


def pays(transaction, session):
    """The one rule: a successful inbound transfer to the session's account, of exactly its amount."""
    transfer = transaction.get("payment_transfer") or {}
    return (
        transaction.get("type") == "transfer"
        and transaction.get("entry") == "credit"
        and transaction.get("status") == "success"
        and transfer.get("account_reference") == session["reference"]
        and Decimal(str(transaction.get("amount"))) == Decimal(session["amount"])
    )


def settle(transaction):
    """Marks the session the credit pays as paid, once (from a webhook or the watcher)."""
    reference = (transaction.get("payment_transfer") or {}).get("account_reference")
    session = one("SELECT * FROM sessions WHERE reference = ?", (reference,))
    if session and session["status"] != "paid" and pays(transaction, session):
        paid_at = rfc3339(parse_time(transaction["created_at"]))
        change(
            "UPDATE sessions SET status = 'paid', paid_at = ?, transaction_id = ? WHERE id = ? AND status != 'paid'",
            (paid_at, transaction["id"], session["id"]),
        )


check_lock = threading.Lock()


def check_payments():
    """The watcher's look: the business's transactions, newest first, back to the oldest pending session."""
    with check_lock:
        oldest = one("SELECT MIN(created_at) AS at FROM sessions WHERE status = 'pending'")["at"]
        if oldest is None:
            return
        since = parse_time(oldest) - timedelta(hours=1)
        page = 0
        while True:
            listing = provider("GET", f"/v1/transactions?page={page}&size=100")
            for transaction in listing["items"]:
                settle(transaction)
            items = listing["items"]
            if listing["last"] or not items or parse_time(items[-1]["created_at"]) < since:
                return
            page += 1


OVERDUE = "status = 'pending' AND expires_at <= (CASE WHEN claimed_at IS NULL THEN ? ELSE ? END)"


def overdue_args():
    """Now, and now less the grace: a claimed session is overdue only once the grace has passed too."""
    moment = now()
    return (rfc3339(moment), rfc3339(moment - timedelta(minutes=CLAIM_GRACE_MINUTES)))


def expire_overdue():
    """Pending sessions past their expiry (and a claimed one's grace) become expired, after a check that found no credit."""
    change("UPDATE sessions SET status = 'expired' WHERE " + OVERDUE, overdue_args())


def watcher():
    while True:
        time.sleep(WATCH_SECONDS)
        try:
            check_payments()
            expire_overdue()
        except ProviderDown as error:
            print(f"watcher: provider unavailable: {error}", file=sys.stderr)


# ── Views ──────────────────────────────────────────────────────────────────────────────────────
def stable_view(session):
    view = {
        "id": session["id"],
        "status": session["status"],
        "amount": float(session["amount"]) if BROKEN == "number-amount" else session["amount"],
        "currency": session["currency"],
        "account": {
            "account_name": session["account_name"],
            "account_number": session["account_number"],
            "bank_name": session["bank_name"],
        },
        "reference": session["reference"],
        "created_at": session["created_at"],
        "expires_at": session["expires_at"],
        "paid_at": session["paid_at"],
        "claimed_at": session["claimed_at"],
    }
    if BROKEN == "null-optional":
        view.update({"checkout_url": None, "merchant": None})
    return view


def version_of(view):
    return base64.urlsafe_b64encode(hashlib.sha1(json.dumps(view, sort_keys=True).encode()).digest()).decode().rstrip("=")


def with_time(view):
    return {**view, "server_time": rfc3339(now())}


class Refused(Exception):
    """An answer in the protocol's error shape."""

    def __init__(self, status, code, message, headers=None):
        super().__init__(message)
        self.status, self.code, self.message, self.headers = status, code, message, headers or {}


def current(session_id):
    session = one("SELECT * FROM sessions WHERE id = ?", (session_id,))
    if session is None:
        raise Refused(404, "not_found", "No such session.")
    if one("SELECT id FROM sessions WHERE id = ? AND " + OVERDUE, (session_id, *overdue_args())):
        try:
            check_payments()  # the last look before calling it expired
        except ProviderDown:
            raise Refused(503, "upstream_unavailable", "The payment provider is not answering.", {"Retry-After": "5"})
        expire_overdue()
        session = one("SELECT * FROM sessions WHERE id = ?", (session_id,))
    return session


# ── HTTP ───────────────────────────────────────────────────────────────────────────────────────
class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "pay-python-example"

    def log_message(self, format, *args):
        if os.environ.get("LOG"):
            super().log_message(format, *args)

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        path = urllib.parse.urlsplit(self.path).path
        try:
            self.body = self.read_body()
            parts = path[len(BASE):].strip("/").split("/") if path.startswith(BASE + "/") else []
            if method == "POST" and parts == ["webhooks"]:
                return self.webhook()
            if method == "POST":
                self.refuse_foreign_browsers()
            if method == "POST" and parts == ["sessions"]:
                return self.create()
            if len(parts) >= 2 and parts[0] == "sessions" and parts[1]:
                session_id = urllib.parse.unquote(parts[1])
                if method == "GET" and len(parts) == 2:
                    return self.status(session_id)
                if method == "GET" and parts[2:] == ["events"]:
                    return self.stream(session_id)
                if method == "POST" and parts[2:] == ["renew"]:
                    return self.renew(session_id)
                if method == "POST" and parts[2:] == ["claim"]:
                    return self.claim(session_id)
            allowed = self.allowed(parts)
            if allowed and method not in allowed:
                raise Refused(405, "method_not_allowed", f"Use {allowed} on this route.", {"Allow": allowed})
            raise Refused(404, "not_found", "No such route.")
        except Refused as refusal:
            self.send_json(refusal.status, {"error": {"code": refusal.code, "message": refusal.message}}, refusal.headers)
        except ProviderDown:
            self.send_json(503, {"error": {"code": "upstream_unavailable", "message": "The payment provider is not answering."}}, {"Retry-After": "5"})

    @staticmethod
    def allowed(parts):
        """The method of a known path (for 405), or None."""
        if parts in (["sessions"], ["webhooks"]) or parts[2:] in (["renew"], ["claim"]):
            return "POST"
        if len(parts) == 2 and parts[0] == "sessions" or parts[2:] == ["events"]:
            return "GET"
        return None

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length > 16 * 1024:
            self.close_connection = True  # the body stays unread
            raise Refused(413, "payload_too_large", "The request body is larger than 16384 bytes.")
        return self.rfile.read(length) if length else b""

    def refuse_foreign_browsers(self):
        origin = self.headers.get("Origin")
        site = self.headers.get("Sec-Fetch-Site")
        if origin not in ALLOWED_ORIGINS:
            if site is not None and site not in ("same-origin", "none"):
                raise Refused(403, "forbidden", "Cross-site requests are refused.")
            if site is None and origin is not None and urllib.parse.urlsplit(origin).netloc != self.headers.get("Host"):
                raise Refused(403, "forbidden", "Cross-site requests are refused.")
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if self.body and kind != "application/json":
            raise Refused(415, "unsupported_media_type", "The request body must be application/json.")

    def json_body(self):
        try:
            return json.loads(self.body or b"null")
        except ValueError:
            raise Refused(400, "invalid_request", "The request body is not valid JSON.")

    # POST /sessions {order_id}
    def create(self):
        body = self.json_body()
        order_id = body.get("order_id") if isinstance(body, dict) else None
        if not isinstance(order_id, str) or not 1 <= len(order_id) <= 128:
            raise Refused(400, "invalid_request", "order_id must be a string of 1 to 128 characters.")
        order = resolve_order(order_id, self.headers)
        if order is None:
            raise Refused(404, "not_found", "No such order.")
        with lock_for(order_id):  # one account per order, however many ask at once
            session = one("SELECT * FROM sessions WHERE order_id = ?", (order_id,))
            if session is not None:
                if session["status"] != "paid" and Decimal(session["amount"]) != Decimal(order["amount"]):
                    raise Refused(409, "conflict", "The order changed after its payment began.")
                return self.send_view(200, current(session["id"]))
            account = open_account(order)
            session_id = "ses_" + secrets.token_urlsafe(16)
            change(
                "INSERT INTO sessions (id, order_id, amount, currency, customer_id, minutes, status, account_name,"
                " account_number, bank_name, reference, created_at, expires_at) VALUES (?,?,?,?,?,?,'pending',?,?,?,?,?,?)",
                (session_id, order_id, order["amount"], order["currency"], order["customer_id"], order["minutes"],
                 account["account_name"], account["account_number"], account["bank_name"], account["reference"],
                 rfc3339(now()), account["expires_at"]),
            )
        return self.send_view(201, one("SELECT * FROM sessions WHERE id = ?", (session_id,)))

    # GET /sessions/{id}
    def status(self, session_id):
        self.send_view(200, current(session_id), conditional=True)

    # POST /sessions/{id}/renew {}
    def renew(self, session_id):
        with lock_for("renew " + session_id):
            session = current(session_id)
            if session["status"] != "expired":
                raise Refused(409, "conflict", f"The session is {session['status']}; only an expired session is renewed.")
            account = open_account(dict(session))
            change(
                "UPDATE sessions SET status = 'pending', account_name = ?, account_number = ?, bank_name = ?,"
                " reference = ?, expires_at = ?, claimed_at = NULL WHERE id = ? AND status = 'expired'",
                (account["account_name"], account["account_number"], account["bank_name"], account["reference"],
                 account["expires_at"], session_id),
            )
        self.send_view(200, one("SELECT * FROM sessions WHERE id = ?", (session_id,)))

    # POST /sessions/{id}/claim {}: "I've sent the money". Pays nothing; once; pending through the grace.
    def claim(self, session_id):
        session = current(session_id)
        if session["status"] != "pending":
            raise Refused(409, "conflict", f"The session is {session['status']}; only a pending session is claimed.")
        if session["claimed_at"] is None:
            if session["expires_at"] <= rfc3339(now()):
                raise Refused(409, "conflict", "The session has expired; renew it.")
            change(
                "UPDATE sessions SET claimed_at = ? WHERE id = ? AND status = 'pending' AND claimed_at IS NULL",
                (rfc3339(now()), session_id),
            )
        self.send_view(200, one("SELECT * FROM sessions WHERE id = ?", (session_id,)))

    # GET /sessions/{id}/events: the view, then one event per change, until a final view
    def stream(self, session_id):
        view = stable_view(current(session_id))
        held = self.headers.get("Last-Event-ID")
        if view["status"] != "pending" and held == version_of(view):
            return self.send_empty(204)
        self.send_response(200)
        for name, value in (("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                            ("X-Accel-Buffering", "no"), ("Connection", "close")):
            self.send_header(name, value)
        self.end_headers()
        self.close_connection = True
        sent = held
        try:
            self.wfile.write(b"retry: 2000\n\n")
            while True:
                seen = changes.count
                view = stable_view(current(session_id))
                version = version_of(view)
                if version != sent:
                    name = "" if BROKEN == "unnamed-events" else "event: session\n"
                    self.wfile.write(f"id: {version}\n{name}data: {json.dumps(with_time(view))}\n\n".encode())
                    sent = version
                if view["status"] != "pending":
                    return
                self.wfile.flush()
                with changes:
                    if not changes.wait_for(lambda: changes.count != seen, timeout=15):
                        self.wfile.write(b": keep-alive\n\n")
        except (BrokenPipeError, ConnectionResetError):
            return

    # POST /pay/webhooks: the provider's events, signed the Standard Webhooks way
    def webhook(self):
        event_id = self.headers.get("webhook-id") or ""
        stamp = self.headers.get("webhook-timestamp") or ""
        if not event_id or not stamp.isdigit() or abs(time.time() - int(stamp)) > 300:
            raise Refused(400, "invalid_request", "The webhook's id or timestamp is missing or out of date.")
        key = base64.b64decode(WEBHOOK_SECRET.removeprefix("whsec_"))
        signed = hmac.new(key, f"{event_id}.{stamp}.".encode() + self.body, hashlib.sha256).digest()
        expected = base64.b64encode(signed).decode()
        given = [s.split(",", 1)[1] for s in (self.headers.get("webhook-signature") or "").split() if s.startswith("v1,")]
        if not any(hmac.compare_digest(expected, signature) for signature in given):
            raise Refused(400, "invalid_request", "The webhook's signature does not match.")
        event = self.json_body()
        with db_lock:
            first = db.execute("INSERT OR IGNORE INTO webhook_events (id) VALUES (?)", (event_id,)).rowcount
        if first and event.get("type") == "virtual_account.credited":
            settle(event["data"]["transaction"])
        self.send_json(200, {})

    # ── answers ──
    def send_view(self, status, session, conditional=False):
        view = stable_view(session)
        etag = f'"{version_of(view)}"'
        matches = [tag.strip().removeprefix("W/") for tag in (self.headers.get("If-None-Match") or "").split(",")]
        if BROKEN == "no-etag":
            return self.send_json(status, with_time(view))
        if conditional and (etag in matches or "*" in matches):
            return self.send_empty(304, {"ETag": etag, "Cache-Control": "no-store"})
        self.send_json(status, with_time(view), {"ETag": etag})

    def send_json(self, status, body, headers=None):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for name, value in {**self.cors(), **(headers or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def send_empty(self, status, headers=None):
        self.send_response(status)
        for name, value in {**self.cors(), **(headers or {})}.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", "0")
        self.end_headers()

    def cors(self):
        origin = self.headers.get("Origin")
        if origin in ALLOWED_ORIGINS:
            return {"Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": "ETag, Retry-After", "Vary": "Origin"}
        return {}


def main():
    threading.Thread(target=watcher, daemon=True).start()
    server = ThreadingHTTPServer((HOST, PORT), Handler)
    server.daemon_threads = True
    print(f"python backend listening on http://{HOST}:{server.server_address[1]}{BASE}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
