// Tables with friends: a thin transport over PeerJS data channels (vendored, loaded on
// first use). It moves text only: every message is built, read and checked in Python
// (manni/net/). Python gives one callback on(event, connId, text):
//   host:  "open" | "error" (text = PeerJS error type) | "connect" | "data" | "close"
//   guest: "open" (channel to the host open) | "data" | "close" | "error"
// Tests read manniNet.received (every text a guest page received) and may send raw text.
(function () {
  "use strict";
  var RETRY_MS = 1500;
  var OPEN_TIMEOUT_MS = 10000;
  // A data channel whose other end vanished (reload, closed tab) often never says so:
  // each side sends a heartbeat (the number 0, never a message) and drops a silent channel.
  var BEAT_MS = 1000;
  var SILENT_MS = 6000;
  var loading = null;

  function load() {
    if (!loading) {
      loading = Promise.all(["./static/vendor/peerjs/peerjs.min.js", "./static/vendor/qrcode/qrcode.js"]
        .map(function (src) {
          return new Promise(function (resolve, reject) {
            var s = document.createElement("script");
            s.src = src;
            s.onload = resolve;
            s.onerror = function () { reject(new Error("cannot load " + src)); };
            document.head.appendChild(s);
          });
        }));
    }
    return loading;
  }

  function text(d) { return typeof d === "string" ? d : JSON.stringify(d); }

  function watch(conn, dead) {
    var last = Date.now();
    conn.on("data", function () { last = Date.now(); });
    var timer = setInterval(function () {
      if (!conn.open) return;
      if (Date.now() - last > SILENT_MS) {
        clearInterval(timer);
        dead();
        conn.close();
        return;
      }
      try { conn.send(0); } catch (e) { /* closing */ }
    }, BEAT_MS);
    conn.on("close", function () { clearInterval(timer); });
  }

  var net = {
    peer: null,
    conns: new Map(),   // host: connectionId -> DataConnection
    hostConn: null,     // guest: the open channel to the host
    received: [],       // guest: every text received, in order (for tests)
    stopped: false,
    load: load,

    host: function (peerId, options, on) {
      var tries = 0;
      function start() {
        var peer = new Peer(peerId, options);
        net.peer = peer;
        peer.on("open", function () { tries = 0; on("open", "", ""); });
        peer.on("connection", function (conn) {
          var id = conn.connectionId;
          var gone = function () {
            if (net.conns.get(id) === conn) { net.conns.delete(id); on("close", id, ""); }
          };
          conn.on("open", function () { net.conns.set(id, conn); watch(conn, gone); on("connect", id, ""); });
          conn.on("data", function (d) { if (d !== 0) on("data", id, text(d)); });
          conn.on("close", gone);
          conn.on("error", function (e) { on("error", id, String(e.type || e)); });
        });
        peer.on("disconnected", function () {
          if (!net.stopped && !peer.destroyed) setTimeout(function () { peer.reconnect(); }, RETRY_MS);
        });
        peer.on("error", function (e) {
          // A reload can find our id still held by the server for a moment: try again.
          if (e.type === "unavailable-id" && tries++ < 20 && !net.stopped) {
            peer.destroy();
            setTimeout(start, RETRY_MS);
            return;
          }
          on("error", "", String(e.type || e));
        });
      }
      return load().then(start);
    },

    join: function (hostPeerId, options, on) {
      function connect() {
        if (net.stopped || !net.peer || net.peer.destroyed) return;
        var conn = net.peer.connect(hostPeerId, { reliable: true, serialization: "json" });
        var opened = false;
        var timer = setTimeout(function () { if (!opened) conn.close(); retry(); }, OPEN_TIMEOUT_MS);
        var gone = function () {
          clearTimeout(timer);
          if (net.hostConn === conn) { net.hostConn = null; on("close", "", ""); }
          if (opened) { opened = false; retry(); }
        };
        conn.on("open", function () {
          opened = true;
          clearTimeout(timer);
          net.hostConn = conn;
          watch(conn, gone);
          on("open", "", "");
        });
        conn.on("data", function (d) {
          if (d === 0) return;
          var s = text(d);
          net.received.push(s);
          on("data", "", s);
        });
        conn.on("close", gone);
        conn.on("error", function (e) { on("error", "", String(e.type || e)); });
      }
      var pending = null;
      function retry() {
        if (pending || net.stopped) return;
        pending = setTimeout(function () { pending = null; if (!net.hostConn) connect(); }, RETRY_MS);
      }
      return load().then(function () {
        var peer = new Peer(options);
        net.peer = peer;
        peer.on("open", connect);
        peer.on("disconnected", function () {
          if (!net.stopped && !peer.destroyed) setTimeout(function () { peer.reconnect(); }, RETRY_MS);
        });
        peer.on("error", function (e) {
          on("error", "", String(e.type || e));
          if (e.type === "peer-unavailable") retry();  // the host is away: keep trying
        });
      });
    },

    // host: to one guest; guest: to the host (connId ignored). False if not connected.
    send: function (connId, message) {
      var conn = net.hostConn || net.conns.get(connId);
      if (!conn || !conn.open) return false;
      conn.send(message);
      return true;
    },

    stop: function () {
      net.stopped = true;
      if (net.peer) net.peer.destroy();
    },

    qr: function (el, value) {
      return load().then(function () {
        var q = qrcode(0, "M");
        q.addData(value);
        q.make();
        el.innerHTML = q.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
      });
    },

    canShare: function () { return typeof navigator.share === "function"; },
    share: function (url, title) { return navigator.share({ url: url, title: title }); },
    copy: function (value) { return navigator.clipboard.writeText(value); }
  };
  window.addEventListener("pagehide", function (ev) { if (!ev.persisted) net.stop(); });
  window.manniNet = net;
})();
