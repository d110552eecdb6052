// Host side of the embedded booking flow (docs/lead-embed.md): follows its height. Only messages
// from the iframe's own window and origin are accepted.
;(function () {
  var frame = document.getElementById('booking-frame')
  var origin = new URL(frame.src, window.location.href).origin
  var heightText = document.getElementById('height')
  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow || event.origin !== origin) return
    var data = event.data
    if (data && data.type === 'resize' && typeof data.height === 'number' && data.height > 0) {
      frame.style.height = Math.max(600, Math.ceil(data.height)) + 'px'
      if (heightText) heightText.textContent = Math.ceil(data.height) + ' px'
    }
  })
})()
