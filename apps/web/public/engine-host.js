// A stand-in for the 3D engine host: embeds the console (same origin) and speaks its window-message protocol.
(function () {
  'use strict';
  var frame = document.getElementById('console');
  var received = document.getElementById('received');
  var buttons = document.getElementById('buttons');
  var types = ['ratio', 'devMonitor', 'securityvideo', 'auxctrl', 'robvdo', 'visitscene', 'energy', 'custom'];
  var defaults = { ratio: '219', devMonitor: '', securityvideo: 'CAM-01', auxctrl: '', robvdo: '', visitscene: 'true', energy: 'DevMonitor', custom: 'hello' };

  // Optional ?src= lets a test point the frame at a URL with token/proid query values.
  var src = new URLSearchParams(window.location.search).get('src');
  if (src) frame.src = src;

  function field(id) {
    return document.getElementById(id).value;
  }

  // ratio/devMonitor/auxctrl take their value from the fields on the left; the others use a fixed sample.
  function send(type, value) {
    var msg = { key: 'ueMessage', type: type };
    if (type === 'ratio') msg.value = value !== undefined ? value : field('value');
    else if (type === 'devMonitor') msg.devid = value !== undefined ? value : field('devid');
    else if (type === 'auxctrl') msg.roomid = value !== undefined ? value : field('roomid');
    else {
      var v = value !== undefined ? value : defaults[type];
      if (v !== '') msg.value = v;
    }
    frame.contentWindow.postMessage(msg, '*');
    return msg;
  }
  window.gridopsHostSend = send;

  types.forEach(function (type) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = type;
    b.setAttribute('data-testid', 'send-' + type);
    b.addEventListener('click', function () {
      send(type);
    });
    buttons.appendChild(b);
  });

  window.gridopsReceived = [];
  window.addEventListener('message', function (e) {
    if (e.source !== frame.contentWindow) return;
    window.gridopsReceived.push(e.data);
    received.textContent = window.gridopsReceived.map(function (m) { return JSON.stringify(m); }).join('\n');
  });
})();
