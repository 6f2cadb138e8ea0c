"""The SQL Injection Extraction challenge as a real web application (docs/operations.md "The built-in pack's
services"): the admin login of the in-page lab, on a real SQLite database, for a browser, curl or sqlmap. The flag is
the instance's (the environment variable FLAG), kept in the `vault` table; logging in as admin shows it."""
import html
import os
import secrets
import sqlite3
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

FLAG = os.environ.get("FLAG", "CTF{no_flag_given}")
PORT = int(os.environ.get("PORT", "8080"))

db = sqlite3.connect(":memory:", check_same_thread=False)
db.executescript(
    """
    CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT, password TEXT, role TEXT);
    CREATE TABLE vault (id INTEGER PRIMARY KEY, secret TEXT);
    """
)
db.executemany(
    "INSERT INTO users (username, password, role) VALUES (?, ?, ?)",
    [("admin", secrets.token_hex(16), "admin"), ("alice", secrets.token_hex(16), "user"), ("bob", secrets.token_hex(16), "user")],
)
db.execute("INSERT INTO vault (secret) VALUES (?)", (FLAG,))
db.commit()

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Staff login</title>
<style>body{{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}}
input{{display:block;margin:.25rem 0 .75rem;padding:.4rem;width:100%;box-sizing:border-box}}
pre{{background:#f3f3f3;padding:.5rem;white-space:pre-wrap;word-break:break-all}}</style></head>
<body><h1>Staff login</h1>
<form method="post" action="/login">
<label>Username <input name="username" autocomplete="off"></label>
<label>Password <input name="password" type="password"></label>
<button>Log in</button></form>
{result}</body></html>"""


class Handler(BaseHTTPRequestHandler):
    server_version = "staff-portal/1.0"

    def log_message(self, *args):  # no access log: the service runs read-only and quiet
        pass

    def send_page(self, status, result=""):
        body = PAGE.format(result=result).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def login(self, fields):
        username = fields.get("username", [""])[0]
        password = fields.get("password", [""])[0]
        # The flaw of the challenge: the input pasted into the query.
        query = f"SELECT id, username, role FROM users WHERE username = '{username}' AND password = '{password}'"
        debug = f"<p>Debug: <code>{html.escape(query)}</code></p>"
        try:
            row = db.execute(query).fetchone()
        except sqlite3.Error as error:
            return self.send_page(500, f"{debug}<pre>Database error: {html.escape(str(error))}</pre>")
        if row is None:
            return self.send_page(401, f"{debug}<p>Wrong username or password.</p>")
        text = f"{debug}<p>Welcome, {html.escape(str(row[1]))}.</p>"
        if row[2] == "admin":
            secret = db.execute("SELECT secret FROM vault LIMIT 1").fetchone()[0]
            text += f"<p>Admin console. The vault holds: <code id=\"secret\">{html.escape(secret)}</code></p>"
        return self.send_page(200, text)

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path == "/login":
            return self.login(parse_qs(url.query))
        if url.path == "/":
            return self.send_page(200)
        return self.send_page(404, "<p>Not found.</p>")

    def do_POST(self):
        if urlsplit(self.path).path != "/login":
            return self.send_page(404, "<p>Not found.</p>")
        length = min(int(self.headers.get("Content-Length") or 0), 65536)
        return self.login(parse_qs(self.rfile.read(length).decode("utf-8", "replace")))


server = ThreadingHTTPServer(("0.0.0.0", PORT), Handler)
server.daemon_threads = True
server.serve_forever()
