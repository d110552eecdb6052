// Host side of an embedded page (docs/lead-embed.md), for both example host pages: follows the
// frame's height (never under its data-min-height) and the lead form's redirect request. Only
// messages from the iframe's own window and origin are accepted.
;(function () {
  var frame = document.querySelector('.embed iframe')
  var origin = new URL(frame.src, window.location.href).origin
  var minHeight = Number(frame.getAttribute('data-min-height')) || 0
  var heightText = document.getElementById('height')
  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow || event.origin !== origin) return
    var data = event.data
    if (data && data.type === 'resize' && typeof data.height === 'number' && data.height > 0) {
      frame.style.height = Math.max(minHeight, Math.ceil(data.height)) + 'px'
      if (heightText) heightText.textContent = Math.ceil(data.height) + ' px'
    } else if (typeof data === 'string' && data.indexOf('redirect:') === 0) {
      var url = data.slice('redirect:'.length)
      try {
        var target = new URL(url, window.location.href)
        if (target.protocol === 'https:' || target.protocol === 'http:') window.location.assign(target.href)
      } catch (e) {
        // not an address: ignore
      }
    }
  })
})()
