// TEMPLATE — not compiled in this repository. An iOS host of the Padhub bridge, version 1
// (docs/bridge.md; message shapes in docs/bridge-schemas/). Copy it into your app and fill in the
// parts marked "your app". A test (packages/bridge-protocol/src/templates.test.ts) checks that
// every method and event of the protocol appears here; check it with /app/host-check.
//
// iOS 14+ (WKScriptMessageHandlerWithReply). The page posts JSON strings to
// window.webkit.messageHandlers.padhub; answers go back as the handler's reply, events through
// window.padhubBridge.receive.

import UIKit
import WebKit

/** What your app knows and does; the bridge only carries it. */
protocol PadhubApp: AnyObject {
    var token: String? { get }
    /// 10101 once the account was deregistered (keep the token, report the state).
    var accountState: Int { get }
    var organisationId: String { get }
    var statusBarHeight: Double { get }
    /// The phone's tag as it is, e.g. Locale.preferredLanguages[0] ("zh-Hant-TW").
    var languageTag: String { get }
    var communityLanguageTag: String? { get }
    /// Show your login; call done(token) or done(nil) when the person backs out.
    func showLogin(forgetToken: Bool, done: @escaping (String?) -> Void)
    func playVideo(_ url: URL)
    /// done(["status": "applied"]), done(["status": "incompatible", "reason": "model", "connectedModel": "lite"]), or done(nil) = cancelled.
    func applyConfiguration(_ configuration: [String: Any], done: @escaping ([String: Any]?) -> Void)
    func activeConfiguration(model: String, kind: String) -> [String: Any]?
    /// The controller connected now, ["model": "pro-2", "firmware": "2.1.0"], or nil when none is.
    func connectedController() -> [String: Any]?
    /// "light", "dark", or "system" when your app has no theme of its own.
    var theme: String { get }
    /// Show UIActivityViewController; done(true) when shared, done(false) when the person backed out.
    func share(_ url: URL, title: String, done: @escaping (Bool) -> Void)
    /// The unread count for the badge on your own tab; 0 clears it.
    func setBadge(_ count: Int)
}

final class PadhubHost: NSObject, WKScriptMessageHandlerWithReply, WKNavigationDelegate, WKUIDelegate {
    private weak var app: PadhubApp?
    private let origin: (scheme: String, host: String, port: Int)
    private(set) var webView: WKWebView!

    static let methods = [
        "hello", "getUserInfo", "getOrganization", "getStatusBarHeight", "getLanguage",
        "getCommunityLanguage", "login", "openExternal", "playVideo", "applyConfiguration",
        "getActiveConfiguration", "getConnectedController", "share", "setBadge",
    ]

    init(app: PadhubApp, origin: (scheme: String, host: String, port: Int) = ("https", "padhub.example.com", 443)) {
        self.app = app
        self.origin = origin
        super.init()
        let configuration = WKWebViewConfiguration()
        // The explicit sign of a native host: the page never starts its simulated host with it.
        configuration.applicationNameForUserAgent = "PadhubHost/1.0"
        // The page's content world only: scripts of other worlds do not see the handler.
        configuration.userContentController.addScriptMessageHandler(self, contentWorld: .page, name: "padhub")
        webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = self
        webView.uiDelegate = self
        webView.load(URLRequest(url: URL(string: "\(origin.scheme)://\(origin.host)/app/community/index")!))
    }

    private func isOurs(_ frame: WKFrameInfo) -> Bool {
        let o = frame.securityOrigin
        return frame.isMainFrame && o.protocol == origin.scheme && o.host == origin.host && (o.port == origin.port || o.port == 0)
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage, replyHandler: @escaping (Any?, String?) -> Void) {
        // Only our page in the main frame; anything else gets no answer at all.
        guard isOurs(message.frameInfo),
              let text = message.body as? String,
              let request = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
              let id = request["id"] as? String, !id.isEmpty,
              let method = request["method"] as? String
        else { return }
        let params = request["params"] as? [String: Any] ?? [:]
        // Every request is answered exactly once: through the reply handler, as a JSON string.
        func send(_ body: [String: Any]) {
            var message = body
            message["padhub"] = 1
            message["id"] = id
            replyHandler(json(message), nil)
        }
        func result(_ value: [String: Any]) { send(["result": value]) }
        func error(_ code: String) { send(["error": ["code": code]]) }
        guard let app = app else { return error("failed") }

        switch method {
        case "hello":
            result(["version": 1, "host": "example-ios/1.0", "methods": PadhubHost.methods, "theme": app.theme])
        case "getUserInfo":
            result(userInfo())
        case "getOrganization":
            result(["id": app.organisationId])
        case "getStatusBarHeight":
            result(["height": app.statusBarHeight])
        case "getLanguage":
            result(["tag": app.languageTag])
        case "getCommunityLanguage":
            result(["tag": app.communityLanguageTag ?? NSNull()])
        case "login":
            let forget = params["reason"] as? String == "token_invalid"
            if !forget, app.token != nil, app.accountState != 10101 { return result(userInfo()) }
            app.showLogin(forgetToken: forget) { [weak self] token in
                guard let self = self else { return }
                if token == nil { return error("cancelled") }
                self.emit("userChanged", self.userInfo())
                result(self.userInfo())
            }
        case "openExternal", "playVideo":
            guard let text = params["url"] as? String, let url = URL(string: text),
                  url.scheme == "https" || (method == "playVideo" && url.scheme == "http")
            else { return error("failed") }
            // Answer before opening: the page falls back to window.open after 1.5 s.
            result([:])
            if method == "openExternal" { UIApplication.shared.open(url) } else { app.playVideo(url) }
        case "applyConfiguration":
            guard let configuration = params["configuration"] as? [String: Any] else { return error("failed") }
            app.applyConfiguration(configuration) { outcome in
                if let outcome = outcome { result(outcome) } else { error("cancelled") }
            }
        case "share":
            guard let text = params["url"] as? String, text.hasPrefix("https://"), let url = URL(string: text) else { return error("failed") }
            app.share(url, title: params["title"] as? String ?? "") { shared in
                if shared { result([:]) } else { error("cancelled") }
            }
        case "setBadge":
            app.setBadge(params["count"] as? Int ?? 0)
            result([:])
        case "getActiveConfiguration":
            let active = app.activeConfiguration(model: params["model"] as? String ?? "", kind: params["kind"] as? String ?? "")
            result(["configuration": active ?? NSNull()])
        case "getConnectedController":
            result(["controller": app.connectedController() ?? NSNull()])
        default:
            error("unsupported")
        }
    }

    private func userInfo() -> [String: Any] {
        ["token": app?.token ?? NSNull(), "state": app?.accountState ?? 0]
    }

    /// Events: call these when the person logs in or out, deregisters, or changes a language.
    func userChanged() { emit("userChanged", userInfo()) }
    func languageChanged() { emit("languageChanged", ["tag": app?.languageTag ?? "zh_CN"]) }
    func communityLanguageChanged() { emit("communityLanguageChanged", ["tag": app?.communityLanguageTag ?? NSNull()]) }
    func themeChanged() { emit("themeChanged", ["theme": app?.theme ?? "system"]) }
    /// The person tapped a push: open its deep link ("/app/community/detail?id=…") in the page.
    func openLink(_ path: String) { emit("openLink", ["path": path]) }
    /// Call from sceneDidEnterBackground: the page closes its live stream (docs/live.md) while nobody sees it.
    func appPaused() { emit("appPaused", [:]) }
    /// Call from sceneWillEnterForeground: the page reopens its live stream where it left off and refreshes the unread count.
    func appResumed() { emit("appResumed", [:]) }
    /// Call when a controller connects or disconnects (or its firmware changes).
    func controllerChanged() { emit("controllerChanged", ["controller": app?.connectedController() ?? NSNull()]) }

    private func emit(_ event: String, _ data: [String: Any]) {
        let message = json(["padhub": 1, "event": event, "data": data])
        // The JSON once more as a JavaScript string literal, so quotes in the payload cannot break out.
        let literal = String(json([message]).dropFirst().dropLast())
        webView.evaluateJavaScript("window.padhubBridge && window.padhubBridge.receive(\(literal))", in: nil, in: .page)
    }

    private func json(_ value: Any) -> String {
        String(data: try! JSONSerialization.data(withJSONObject: value), encoding: .utf8)!
    }

    // Only our origin loads in the WebView; everything else goes to the system.
    func webView(_ webView: WKWebView, decidePolicyFor action: WKNavigationAction, decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
        guard let url = action.request.url else { return decisionHandler(.cancel) }
        if url.scheme == origin.scheme, url.host == origin.host { return decisionHandler(.allow) }
        UIApplication.shared.open(url)
        decisionHandler(.cancel)
    }

    // window.open (the page's fallback): open in the system, never a second WebView.
    func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for action: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView? {
        if let url = action.request.url { UIApplication.shared.open(url) }
        return nil
    }
}
