// TEMPLATE — not compiled in this repository. An Android host of the Padhub bridge, version 1
// (docs/bridge.md; message shapes in docs/bridge-schemas/). Copy it into your app and fill in the
// parts marked "your app". A test (packages/bridge-protocol/src/templates.test.ts) checks that
// every method and event of the protocol appears here; check it with /app/host-check.
//
// Needs androidx.webkit:webkit (WebViewCompat, WebViewFeature) and org.json.

package com.example.padhub

import android.annotation.SuppressLint
import android.content.Intent
import android.net.Uri
import android.webkit.WebResourceRequest
import android.webkit.WebView
import android.webkit.WebViewClient
import androidx.webkit.JavaScriptReplyProxy
import androidx.webkit.WebMessageCompat
import androidx.webkit.WebViewCompat
import androidx.webkit.WebViewFeature
import org.json.JSONObject

/** What your app knows and does; the bridge only carries it. */
interface PadhubApp {
    val token: String?
    /** 10101 once the account was deregistered (keep the token, report the state). */
    val accountState: Int
    val organisationId: String
    val statusBarHeightDp: Double
    /** The phone's tag as it is, e.g. Locale.getDefault().toLanguageTag() ("ko-KR"). */
    val languageTag: String
    val communityLanguageTag: String?
    /** Show your login; call done(token) or done(null) when the person backs out. */
    fun showLogin(forgetToken: Boolean, done: (String?) -> Unit)
    fun openInBrowser(url: String)
    fun playVideo(url: String)
    /** done("applied") / done("incompatible:model:lite") / done("incompatible:firmware:2.1.0") / done(null) = cancelled. */
    fun applyConfiguration(configuration: JSONObject, done: (String?) -> Unit)
    fun activeConfiguration(model: String, kind: String): JSONObject?
    /** The controller connected now, {"model": "pro-2", "firmware": "2.1.0"}, or null when none is. */
    fun connectedController(): JSONObject?
    /** "light", "dark", or "system" when your app has no theme of its own. */
    val theme: String
    /** Show the system share sheet (Intent.ACTION_SEND); done(true) when shared, done(false) when the person backed out. */
    fun share(url: String, title: String, done: (Boolean) -> Unit)
    /** The unread count for the badge on your own tab; 0 clears it. */
    fun setBadge(count: Int)
}

class PadhubHost(private val webView: WebView, private val app: PadhubApp, private val origin: String = "https://padhub.example.com") {
    private var proxy: JavaScriptReplyProxy? = null

    private val methods = listOf(
        "hello", "getUserInfo", "getOrganization", "getStatusBarHeight", "getLanguage",
        "getCommunityLanguage", "login", "openExternal", "playVideo", "applyConfiguration",
        "getActiveConfiguration", "getConnectedController", "share", "setBadge",
    )

    @SuppressLint("SetJavaScriptEnabled")
    fun install() {
        check(WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_LISTENER)) { "update the Android System WebView" }
        webView.settings.javaScriptEnabled = true
        // The explicit sign of a native host: the page never starts its simulated host with it.
        webView.settings.userAgentString = webView.settings.userAgentString + " PadhubHost/1.0"
        // Only our origin gets window.padhub, and only in the main frame's documents of that origin.
        WebViewCompat.addWebMessageListener(webView, "padhub", setOf(origin)) { _, message, sourceOrigin, isMainFrame, replyProxy ->
            if (!isMainFrame || sourceOrigin.toString().trimEnd('/') != origin) return@addWebMessageListener
            proxy = replyProxy
            handle(message, replyProxy)
        }
        webView.webViewClient = object : WebViewClient() {
            override fun shouldOverrideUrlLoading(view: WebView, request: WebResourceRequest): Boolean {
                val url = request.url
                if ("${url.scheme}://${url.authority}" == origin) return false
                app.openInBrowser(url.toString())
                return true
            }
        }
        webView.loadUrl("$origin/app/community/index")
    }

    private fun handle(message: WebMessageCompat, reply: JavaScriptReplyProxy) {
        val request = try { JSONObject(message.data ?: return) } catch (e: Exception) { return }
        val id = request.optString("id").takeIf { it.isNotEmpty() } ?: return
        val method = request.optString("method")
        val params = request.optJSONObject("params") ?: JSONObject()
        fun result(value: JSONObject) = reply.postMessage(JSONObject().put("padhub", 1).put("id", id).put("result", value).toString())
        fun error(code: String) = reply.postMessage(JSONObject().put("padhub", 1).put("id", id).put("error", JSONObject().put("code", code)).toString())

        // Every answer exactly once; the start-up ones at once, from memory.
        when (method) {
            "hello" -> result(JSONObject().put("version", 1).put("host", "example-android/1.0").put("methods", org.json.JSONArray(methods)).put("theme", app.theme))
            "getUserInfo" -> result(userInfo())
            "getOrganization" -> result(JSONObject().put("id", app.organisationId))
            "getStatusBarHeight" -> result(JSONObject().put("height", app.statusBarHeightDp))
            "getLanguage" -> result(JSONObject().put("tag", app.languageTag))
            "getCommunityLanguage" -> result(JSONObject().put("tag", app.communityLanguageTag ?: JSONObject.NULL))
            "login" -> {
                val forget = params.optString("reason") == "token_invalid"
                if (!forget && app.token != null && app.accountState != 10101) result(userInfo())
                else app.showLogin(forget) { token ->
                    if (token == null) error("cancelled") else {
                        // The event first: the page learns of the login even if it stopped waiting.
                        emit("userChanged", userInfo())
                        result(userInfo())
                    }
                }
            }
            "openExternal", "playVideo" -> {
                val url = params.optString("url")
                if (!url.startsWith("https://") && !(method == "playVideo" && url.startsWith("http://"))) { error("failed"); return }
                // Answer before the browser or player opens: the page falls back to window.open after 1.5 s.
                result(JSONObject())
                if (method == "openExternal") app.openInBrowser(url) else app.playVideo(url)
            }
            "applyConfiguration" -> app.applyConfiguration(params.getJSONObject("configuration")) { outcome ->
                when {
                    outcome == null -> error("cancelled")
                    outcome == "applied" -> result(JSONObject().put("status", "applied"))
                    else -> {
                        val (_, reason, value) = outcome.split(":")
                        val answer = JSONObject().put("status", "incompatible").put("reason", reason)
                        answer.put(if (reason == "model") "connectedModel" else "requiredFirmware", value)
                        result(answer)
                    }
                }
            }
            "share" -> {
                val url = params.optString("url")
                if (!url.startsWith("https://")) { error("failed"); return }
                app.share(url, params.optString("title")) { shared -> if (shared) result(JSONObject()) else error("cancelled") }
            }
            "setBadge" -> { app.setBadge(params.optInt("count")); result(JSONObject()) }
            "getActiveConfiguration" -> result(JSONObject().put("configuration", app.activeConfiguration(params.optString("model"), params.optString("kind")) ?: JSONObject.NULL))
            "getConnectedController" -> result(JSONObject().put("controller", app.connectedController() ?: JSONObject.NULL))
            else -> error("unsupported")
        }
    }

    private fun userInfo() = JSONObject().put("token", app.token ?: JSONObject.NULL).put("state", app.accountState)

    /** Events: call these when the person logs in or out, deregisters, or changes a language. */
    fun userChanged() = emit("userChanged", userInfo())
    fun languageChanged() = emit("languageChanged", JSONObject().put("tag", app.languageTag))
    fun communityLanguageChanged() = emit("communityLanguageChanged", JSONObject().put("tag", app.communityLanguageTag ?: JSONObject.NULL))
    fun themeChanged() = emit("themeChanged", JSONObject().put("theme", app.theme))
    /** The person tapped a push: open its deep link ("/app/community/detail?id=…") in the page. */
    fun openLink(path: String) = emit("openLink", JSONObject().put("path", path))
    /** Call from onPause: the page closes its live stream (docs/live.md) while nobody sees it. */
    fun appPaused() = emit("appPaused", JSONObject())
    /** Call from onResume: the page reopens its live stream where it left off and refreshes the unread count. */
    fun appResumed() = emit("appResumed", JSONObject())
    /** Call when a controller connects or disconnects (or its firmware changes). */
    fun controllerChanged() = emit("controllerChanged", JSONObject().put("controller", app.connectedController() ?: JSONObject.NULL))

    private fun emit(event: String, data: JSONObject) {
        val message = JSONObject().put("padhub", 1).put("event", event).put("data", data).toString()
        // Through the reply proxy once the page has spoken; before that, through padhubBridge.receive,
        // which the page defines first thing (host-queue.js) and which queues until it is ready.
        proxy?.postMessage(message)
            ?: webView.evaluateJavascript("window.padhubBridge && window.padhubBridge.receive(${JSONObject.quote(message)})", null)
    }
}
