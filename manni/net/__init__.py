"""Tables with friends: the host's page runs the match, guests' pages send their actions.

Pure Python (no ``js``): ``protocol`` builds and reads the ``manni-net/1`` messages,
``host`` is the host's authority over seats and actions, ``guest`` a guest's side of the
table, ``links`` table ids, invite links and the signaling/ICE settings. The transport
(PeerJS data channels) is ``static/js/net.js``, driven from ``manni.ui.page.net_link``.
"""
