#!/usr/bin/python3
"""A mobile app's WebView, as iOS's WKWebView is (WebKitGTK has the same script-message API).

    xvfb-run -a /usr/bin/python3 test/e2e/webview/webkit-app.py URL [SECONDS]

Registers the `payElements` script-message handler, as an iOS app does with
`userContentController.add(self, name: "payElements")`, loads URL in a window, and prints on stdout,
one line each: `ready` once the page's <pay-dynamic-account> is defined, `message <JSON>` for each
message the page posts to `window.webkit.messageHandlers.payElements`, `failed <reason>` if the
page does not load. Quits after SECONDS (60 by default) or when stdin closes.
"""
import json
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402


def say(line):
    print(line, flush=True)


def message_json(result):
    """The message's body as JSON: a JavascriptResult (WebKit2 4.x) or a JSC value (6.0)."""
    value = result.get_js_value() if hasattr(result, "get_js_value") else result
    return value.to_json(0)


def main():
    url = sys.argv[1]
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    manager = WebKit2.UserContentManager()
    manager.connect(
        "script-message-received::payElements",
        lambda _manager, result: say("message " + json.dumps(json.loads(message_json(result)))),
    )
    manager.register_script_message_handler("payElements")
    view = WebKit2.WebView.new_with_user_content_manager(manager)
    window = Gtk.Window()
    window.set_default_size(390, 844)  # a phone's viewport
    window.add(view)
    window.show_all()

    ready = {"said": False}

    def check_defined():
        if ready["said"]:
            return False

        def done(webview, task):
            try:
                value = webview.evaluate_javascript_finish(task)
                if value.to_boolean() and not ready["said"]:
                    ready["said"] = True
                    say("ready")
            except GLib.Error as error:
                say("failed " + error.message)

        script = "customElements.get('pay-dynamic-account') !== undefined"
        view.evaluate_javascript(script, -1, None, None, None, done)
        return not ready["said"]

    def loaded(_view, event):
        if event == WebKit2.LoadEvent.FINISHED:
            GLib.timeout_add(100, check_defined)

    view.connect("load-changed", loaded)
    view.connect("load-failed", lambda _v, _e, uri, error: say(f"failed {uri}: {error.message}"))
    view.load_uri(url)
    GLib.timeout_add_seconds(seconds, Gtk.main_quit)
    GLib.io_add_watch(sys.stdin, GLib.IO_HUP | GLib.IO_IN, lambda *_: (Gtk.main_quit(), False)[1])
    Gtk.main()


if __name__ == "__main__":
    main()
