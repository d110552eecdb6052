/**
 * The sandbox processor's hosted card page: plain server-rendered HTML, one small stylesheet and a
 * tiny script, all inline under a per-response CSP nonce. It fits a phone-sized iframe, labels every
 * field, announces errors politely and shows a done state after success.
 */
import { randomBytes } from 'node:crypto'

export interface CardPageOptions {
  title: string
  /** e.g. 'Pay £25.00' */
  buttonLabel: string
  /** Shown above the form (amount, what the payment is for). */
  summary?: string
  /** Where the form posts its JSON. */
  action: string
  doneTitle: string
  doneText: string
  /** Optional relative URL the top window goes to after success (setup pages). */
  redirectAfter?: string
  /** Kind of message posted to the parent window after success. */
  messageType: string
  /** Initial state when the payment is already complete or closed. */
  initialState?: { kind: 'done' | 'closed'; text: string }
  /** The embedding app's accent colour (#rrggbb) for the button and focus ring; the app's default otherwise. */
  accent?: string
}

/** The web app's --accent token (src/ui/styles/tokens.css): the frame looks like part of the app. */
export const DEFAULT_ACCENT = '#0f6e6e'
const HEX = /^#[0-9a-f]{6}$/i

/** A '#rrggbb' colour from a query parameter, or undefined (nothing else reaches the stylesheet). */
export function accentParam(value: unknown): string | undefined {
  return typeof value === 'string' && HEX.test(value) ? value : undefined
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

const css = (accent: string) => `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2421;background:#f6f7f5}
main{max-width:420px;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid #e1e5ea;border-radius:12px;padding:20px;box-shadow:0 1px 2px rgba(16,24,40,.05)}
h1{font-size:1.15rem;margin:0 0 4px}
.summary{margin:0 0 16px;color:#55605a}
label{display:block;font-weight:600;font-size:.9rem;margin:12px 0 4px}
input{width:100%;padding:10px 12px;font:inherit;border:1px solid #8a948e;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:3px solid #1a5fd0;outline-offset:1px;border-color:${accent}}
input::placeholder{color:#6b7570}
input[aria-invalid=true]{border-color:#c0392b}
.row{display:flex;gap:12px}.row>div{flex:1;min-width:0}
button{margin-top:20px;width:100%;min-height:48px;padding:12px;font:inherit;font-weight:600;border:0;border-radius:8px;background:${accent};color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #1a5fd0;outline-offset:2px}
button:disabled{opacity:.6;cursor:progress}
.error{margin:12px 0 0;padding:10px 12px;border-radius:8px;background:#fdecea;color:#8a1c12}
.error:empty{display:none}
.done{text-align:center;padding:24px 8px}
.done .tick{display:inline-flex;width:56px;height:56px;border-radius:50%;background:#e3f1f0;color:#1e6b3a;font-size:32px;align-items:center;justify-content:center}
.hint{margin-top:16px;font-size:.8rem;color:#55605a;text-align:center}
[hidden]{display:none!important}
@media (max-width:420px){main{padding:4px}.card{padding:16px}label{margin-top:10px}}
`

const script = (redirectAfter: string | undefined, messageType: string) => `
(function(){
var f=document.getElementById('card-form'),err=document.getElementById('error'),btn=document.getElementById('submit');
var done=document.getElementById('done'),doneText=document.getElementById('done-text');
function finish(body){f.hidden=true;done.hidden=false;if(body&&body.doneText){doneText.textContent=body.doneText}
try{window.parent.postMessage(Object.assign({type:${JSON.stringify(messageType)}},body),window.location.origin)}catch(e){}
${redirectAfter ? `setTimeout(function(){window.top.location.href=${JSON.stringify(redirectAfter)}+(body&&body.clientSecret?(${JSON.stringify(redirectAfter)}.indexOf('?')<0?'?':'&')+'setup_intent_client_secret='+encodeURIComponent(body.clientSecret):'')},1200);` : ''}
done.focus()}
f.addEventListener('submit',function(ev){ev.preventDefault();err.textContent='';btn.disabled=true;
var data={cardNo:f.cardNo.value,expDate:f.expDate.value,cvv:f.cvv.value,postCode:f.postCode.value};
fetch(f.getAttribute('action'),{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(data)})
.then(function(r){return r.json().then(function(b){return {ok:r.ok,body:b}})})
.then(function(res){btn.disabled=false;if(res.ok&&!res.body.failed){finish(res.body)}else if(res.body.closed){f.hidden=true;done.hidden=false;document.getElementById('done-title').textContent='Payment cancelled';document.getElementById('tick').textContent='\u2014';doneText.textContent=res.body.message;done.focus()}else{err.textContent=res.body.message||'Unhandled request.'}})
.catch(function(){btn.disabled=false;err.textContent='Unhandled request.'})});
/* Pay is disabled in the HTML until here: a tap before this listener existed was a native submit, lost without a word. */
btn.disabled=false;
})();
`

export function renderCardPage(options: CardPageOptions): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64')
  const e = escapeHtml
  const initial = options.initialState
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(options.title)}</title>
<style nonce="${nonce}">${css(accentParam(options.accent) ?? DEFAULT_ACCENT)}</style>
</head>
<body>
<main>
<div class="card">
<h1>${e(options.title)}</h1>
${options.summary ? `<p class="summary">${e(options.summary)}</p>` : ''}
<form id="card-form" action="${e(options.action)}" method="post" novalidate${initial ? ' hidden' : ''}>
<label for="cardNo">Card number</label>
<input id="cardNo" name="cardNo" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required aria-describedby="error">
<div class="row">
<div><label for="expDate">Expiry date</label>
<input id="expDate" name="expDate" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required aria-describedby="error"></div>
<div><label for="cvv">CVV</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required aria-describedby="error"></div>
</div>
<label for="postCode">Postal code</label>
<input id="postCode" name="postCode" autocomplete="postal-code" placeholder="SW1A 1AA" required aria-describedby="error">
<p id="error" class="error" role="alert" aria-live="polite"></p>
<button id="submit" type="submit" disabled>${e(options.buttonLabel)}</button>
</form>
<div id="done" class="done" tabindex="-1"${initial ? '' : ' hidden'}>
<span id="tick" class="tick" aria-hidden="true">${initial?.kind === 'closed' ? '&#8212;' : '&#10003;'}</span>
<h2 id="done-title">${e(initial?.kind === 'closed' ? 'Payment closed' : options.doneTitle)}</h2>
<p id="done-text">${e(initial?.text ?? options.doneText)}</p>
</div>
<p class="hint">Sandbox card processor: no real card is charged. See the test cards in docs/test-cards.md.</p>
</div>
</main>
<script nonce="${nonce}">${script(options.redirectAfter, options.messageType)}</script>
</body>
</html>`
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ')
  return { html, csp }
}
