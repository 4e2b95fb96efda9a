// Tables with friends: a thin transport over PeerJS data channels (vendored, loaded on
// first use). It moves text only: every message is built, read and checked in Python
// (manni/net/), but for the "arriving" an invite page sends before Python runs (arrive()).
// Python gives one callback on(event, connId, text):
//   host:  "open" | "error" (text = PeerJS error type) | "connect" | "data" | "close"
//   guest: "open" (channel to the host open) | "data" | "close" | "error" |
//          "offline" / "no_server" / "online" (the page's network lost, its signaling server
//          out of reach, either back) | "no_path" (no channel opened in OPEN_TIMEOUT_MS: no
//          network path, e.g. a relay-only page whose TURN server does not answer)
//   host:  also "no_server" (its signaling server out of reach: nobody can join for now) and
//          "no_path" (a guest's channel did not open in OPEN_TIMEOUT_MS; it is closed)
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
  var ID_RE = /^[0-9a-f]{32}$/;
  var GUEST_KEY = "manni:net-guest";       // Python's: {table, token, name} of a seat taken
  var ARRIVAL_KEY = "manni:net-arrival";   // the token arrive() made, kept for a reload

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
    var last = Date.now(), tick = last;
    conn.on("data", function () { last = Date.now(); });
    var timer = setInterval(function () {
      if (!conn.open) return;
      var now = Date.now();
      // This page stood still (busy, frozen, stopped): what the other end sent meanwhile may
      // still be queued behind this timer. Count the silence from now, not from before.
      if (now - tick > 2 * BEAT_MS) last = Math.max(last, now - BEAT_MS);
      tick = now;
      if (now - last > SILENT_MS) {
        clearInterval(timer);
        dead();
        conn.close();
        return;
      }
      try { conn.send(0); } catch (e) { /* closing */ }
    }, BEAT_MS);
    conn.on("close", function () { clearInterval(timer); });
  }

  // The guest's side. Until Python takes over (s.on set), each channel that opens sends
  // s.arriving (the "arriving" hello) and what the host says is dropped. While the page is
  // offline or its signaling server is out of reach, it waits (and tells Python so).
  function guest(hostPeerId, options, on, arriving) {
    // trying: ends the channel being opened (none open yet); told: the channel Python knows
    // cut: what Python was last told of the page's own link ("offline", "no_server", "")
    var s = net.session = { hostPeerId: hostPeerId, on: on, arriving: arriving, trying: null,
                            told: null, cut: "" };
    var pending = null;
    function emit(event, text) {
      if (event === "offline" || event === "no_server" || event === "online") {
        s.cut = event === "online" ? "" : event;
      }
      if (s.on) s.on(event, "", text || "");
    }
    function offline() { return net.peer.disconnected || navigator.onLine === false; }
    function connect() {
      var peer = net.peer;
      if (net.stopped || !peer || peer.destroyed || net.hostConn || s.trying) return;
      if (!peer.open || offline()) { retry(); return; }
      var conn = peer.connect(hostPeerId, { reliable: true, serialization: "json" });
      if (!conn) { retry(); return; }
      var opened = false, ended = false;
      s.trying = end;
      var timer = setTimeout(function () {
        if (!opened) { emit("no_path"); end(); }
      }, OPEN_TIMEOUT_MS);
      function end() {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        if (s.trying === end) s.trying = null;
        if (net.hostConn === conn) { net.hostConn = null; emit("close"); }
        conn.close();
        retry();
      }
      conn.on("open", function () {
        opened = true;
        clearTimeout(timer);
        s.trying = null;
        net.hostConn = conn;
        watch(conn, end);
        if (s.on) { s.told = conn; emit("open"); }
        else if (s.arriving) conn.send(s.arriving);
      });
      conn.on("data", function (d) {
        if (d === 0 || !s.on) return;
        var t = text(d);
        net.received.push(t);
        emit("data", t);
      });
      conn.on("close", end);
      conn.on("error", function (e) {
        emit("error", String(e.type || e));
        if (e.type === "negotiation-failed" && !opened) { emit("no_path"); end(); }
      });
    }
    function retry() {
      if (pending || net.stopped) return;
      pending = setTimeout(function () { pending = null; connect(); }, RETRY_MS);
    }
    function reconnect() {
      var peer = net.peer;
      if (net.stopped || peer.destroyed || !peer.disconnected) return;
      if (navigator.onLine === false) { setTimeout(reconnect, RETRY_MS); return; }
      peer.reconnect();
    }
    function lost() { return navigator.onLine === false ? "offline" : "no_server"; }
    addEventListener("offline", function () { emit("offline"); });
    addEventListener("online", function () { if (net.peer && net.peer.open) emit("online"); });
    function start() {
      if (net.stopped) return;
      var peer = newPeer(null, options);
      net.peer = peer;
      peer.on("open", function () { emit("online"); connect(); });
      peer.on("disconnected", function () {
        emit(lost());
        setTimeout(reconnect, RETRY_MS);
      });
      peer.on("error", function (e) {
        if (e.type !== "network") emit("error", String(e.type || e));  // network: disconnected
        if (e.type === "peer-unavailable") {  // the host is away: keep trying
          if (s.trying) s.trying();
          else retry();
        }
      });
      peer.on("close", function () {  // destroyed: no id from the server (down, or offline)
        if (net.peer !== peer || net.stopped) return;
        emit(lost());
        setTimeout(start, RETRY_MS);
      });
    }
    return load().then(start);
  }

  var net = {
    peer: null,
    conns: new Map(),   // host: connectionId -> DataConnection
    hostConn: null,     // guest: the open channel to the host
    received: [],       // guest: every text received, in order (for tests)
    session: null,      // guest: the channel's keeper (guest(), below)
    arrival: null,      // guest: {table, token, name} of the "arriving" hello sent early
    stopped: false,
    load: load,
    peerOptions: peerOptions,  // arrive()'s reading of a link (tests/e2e/test_net_links.py)

    host: function (peerId, options, on) {
      var tries = 0;
      function start() {
        var peer = newPeer(peerId, options);
        net.peer = peer;
        peer.on("open", function () { tries = 0; on("open", "", ""); });
        peer.on("connection", function (conn) {
          var id = conn.connectionId;
          var gone = function () {
            if (net.conns.get(id) === conn) { net.conns.delete(id); on("close", id, ""); }
          };
          var settled = false;  // opened, or given up
          var noPath = function () {
            if (settled) return;
            settled = true;
            on("no_path", id, "");
            conn.close();
          };
          var timer = setTimeout(noPath, OPEN_TIMEOUT_MS);
          conn.on("open", function () {
            settled = true;
            clearTimeout(timer);
            net.conns.set(id, conn); watch(conn, gone); on("connect", id, "");
          });
          conn.on("data", function (d) { if (d !== 0) on("data", id, text(d)); });
          conn.on("close", gone);
          conn.on("error", function (e) {
            on("error", id, String(e.type || e));
            if (e.type === "negotiation-failed") noPath();
          });
        });
        peer.on("disconnected", function () {  // open channels play on; nobody new can come
          if (net.stopped || peer.destroyed) return;
          on("no_server", "", "");
          setTimeout(function () { if (!peer.destroyed && peer.disconnected) peer.reconnect(); },
                     RETRY_MS);
        });
        peer.on("error", function (e) {
          // A reload can find our id still held by the server for a moment: try again.
          if (e.type === "unavailable-id" && tries++ < 20 && !net.stopped) {
            peer.destroy();
            setTimeout(start, RETRY_MS);
            return;
          }
          if (e.type !== "network") on("error", "", String(e.type || e));  // network: no_server
        });
      }
      return load().then(start);
    },

    // guest: the channel to the host, reopened whenever it drops. A channel opened early
    // (arrive(), below) is taken over: Python gets "open" next if it is open.
    join: function (hostPeerId, options, on) {
      var s = net.session;
      if (s && s.hostPeerId === hostPeerId && !net.stopped) {
        s.on = on;
        setTimeout(function () {
          if (s.cut) on(s.cut, "", "");
          var conn = net.hostConn;
          if (conn && conn.open && s.told !== conn) { s.told = conn; on("open", "", ""); }
        }, 0);
        return Promise.resolve();
      }
      return guest(hostPeerId, options, on, null);
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
    share: function (url, title) { return navigator.share({ url: url, title: title }); }
  };
  window.addEventListener("pagehide", function (ev) { if (!ev.persisted) net.stop(); });
  window.manniNet = net;

  // new Peer() options from an invite link's signal= and ice= (as manni/net/links.py reads
  // them); null if they are not valid (Python then says so).
  function peerOptions(signal, ice, policy) {
    var o = { debug: 0 };
    signal = signal.trim();
    if (signal) {
      var u;
      // "scheme://host" in the characters a URL may hold as written: a browser would also read
      // "http:host", "http:///host" or a backslash, which Python refuses
      if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]/i.test(signal)
          || !/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/.test(signal)) return null;
      try { u = new URL(signal); } catch (e) { return null; }
      if (!/^(https?|wss?):$/.test(u.protocol) || u.search || u.hash || u.username || u.password) {
        return null;
      }
      var secure = u.protocol === "https:" || u.protocol === "wss:";
      o.host = u.hostname;
      o.port = Number(u.port) || (secure ? 443 : 80);
      o.path = /\/$/.test(u.pathname) ? u.pathname : u.pathname + "/";
      o.secure = secure;
    }
    if (ice) {
      var servers = [];
      if (ice !== "none") {
        var items = ice.split(",");
        for (var i = 0; i < items.length; i++) {
          var item = items[i].trim(), m = /^(stun|turns?):(.+)$/.exec(item);
          if (!m) return null;
          var at = m[2].lastIndexOf("@");
          if (at < 0) { servers.push({ urls: item }); continue; }
          var cred = m[2].slice(0, at), colon = cred.indexOf(":");
          servers.push({ urls: m[1] + ":" + m[2].slice(at + 1),
                         username: colon < 0 ? cred : cred.slice(0, colon),
                         credential: colon < 0 ? "" : cred.slice(colon + 1) });
        }
      }
      o.config = { iceServers: servers };
    }
    policy = (policy || "").trim();
    if (policy) {
      if (policy !== "relay" || (o.config && !o.config.iceServers.some(function (s) {
        return /^turns?:/.test(s.urls);
      }))) return null;
      o.config = o.config || {};
      o.config.iceTransportPolicy = policy;
    }
    return o;
  }

  // new Peer(): a config without ICE servers (policy= alone) keeps PeerJS's own list.
  function newPeer(id, options) {
    var c = options && options.config;
    if (c && !c.iceServers) c.iceServers = peerjs.util.defaultConfig.iceServers;
    return id === null ? new Peer(options) : new Peer(id, options);
  }

  // An invite link (?table=ID) opens the channel to the host as soon as the page runs, long
  // before Python is up on a slow phone, and says "arriving" (with the token and name this
  // browser keeps for the table, if any): the host keeps a seat for it. Python takes the
  // same channel over (join) and uses the same token (manniNet.arrival).
  function arrive() {
    var q = new URLSearchParams(location.search);
    var table = q.get("table");
    if (!table || !ID_RE.test(table) || q.has("host")) return;
    var options = peerOptions(q.get("signal") || "", (q.get("ice") || "").trim(),
                              q.get("policy") || "");
    if (!options) return;
    var saved = read("localStorage", GUEST_KEY) || {};
    var token = saved.table === table && ID_RE.test(saved.token) ? saved.token : null;
    var kept = read("sessionStorage", ARRIVAL_KEY) || {};
    if (!token && kept.table === table && ID_RE.test(kept.token)) token = kept.token;
    if (!token) {
      token = Array.prototype.map.call(crypto.getRandomValues(new Uint8Array(16)), function (b) {
        return (b + 256).toString(16).slice(1);
      }).join("");
      try { sessionStorage.setItem(ARRIVAL_KEY, JSON.stringify({ table: table, token: token })); }
      catch (e) { /* storage off: a reload arrives with another token */ }
    }
    var name = typeof saved.name === "string" ? saved.name : "";
    net.arrival = { table: table, token: token, name: name };
    guest("manni-" + table, options, null, JSON.stringify(
      { v: 1, type: "arriving", table: table, token: token, name: name }));
  }

  function read(storage, key) {
    try {
      var v = JSON.parse(window[storage].getItem(key) || "null");
      return v && typeof v === "object" ? v : null;
    } catch (e) { return null; }
  }

  arrive();
})();
