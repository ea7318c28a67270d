"""The live pages' scripts, kept apart so the server (the standard library only) can tell the browser their hashes:
a page runs these and nothing else, whatever a name typed into the workbook holds."""

from __future__ import annotations

import base64
import hashlib

LIVE = """(function(){
var m0=document.querySelector('meta[name=live-version]'),v=m0?parseInt(m0.getAttribute('content'),10):0;
if(!window.EventSource||!window.fetch||!window.DOMParser)return;
var es=new EventSource('/events'),html=document.documentElement;
html.setAttribute('data-version',String(v));
es.onopen=function(){html.setAttribute('data-listening','1');};
es.onmessage=function(e){
 var n=parseInt(e.data,10);
 if(isNaN(n)||n===v)return;
 fetch(location.pathname,{cache:'no-store'}).then(function(r){return r.text();}).then(function(t){
  var d=new DOMParser().parseFromString(t,'text/html');
  ['header','nav','main'].forEach(function(s){var a=document.querySelector(s),b=d.querySelector(s);if(a&&b)a.innerHTML=b.innerHTML;});
  var m=d.querySelector('meta[name=live-version]');
  v=m?parseInt(m.getAttribute('content'),10):n;
  html.setAttribute('data-version',String(v));
  document.dispatchEvent(new Event('live'));
 }).catch(function(){});
};
})();"""
"""Listens for new versions and swaps the page's header, links and content for the new ones."""


FIND = """(function(){
var q=document.getElementById('q'),out=document.getElementById('found');
function norm(s){return s.normalize('NFKD').replace(/[\\u0300-\\u036f]/g,'').toLowerCase().replace(/\\s+/g,' ').trim();}
function apply(){
 var t=norm(q.value),hits=[];
 document.querySelectorAll('main section').forEach(function(sec){
  var shown=0;
  sec.querySelectorAll('tbody tr[data-table]').forEach(function(tr){
   var names=[].map.call(tr.querySelectorAll('td.name'),function(td){return td.textContent;}),at=-1;
   for(var k=0;t&&k<names.length;k++){if(norm(names[k]).indexOf(t)>=0){at=k;break;}}
   tr.hidden=!!t&&at<0;
   if(!tr.hidden)shown++;
   if(at>=0)hits.push(names[at]+': '+tr.getAttribute('data-label')+' '+tr.getAttribute('data-table')+
     (names.length>1?' v '+names[1-at]:' (bye)')+' \\u00b7 '+sec.getAttribute('data-event'));
  });
  sec.hidden=!!t&&!shown;
 });
 out.textContent='';
 if(!t)return;
 if(!hits.length)hits=['No one by that name in the current round'];
 hits.slice(0,8).forEach(function(h){var p=document.createElement('p');p.textContent=h;out.appendChild(p);});
}
q.addEventListener('input',apply);document.addEventListener('live',apply);apply();
})();"""
"""The name search of `/pairings`: rows of other players hidden, the player's table said in words (as text)."""


CYCLE = """(function(){
document.documentElement.className+=' js';
var i=0,timer=0;
function show(){
 var s=document.querySelectorAll('main .slide');
 if(!s.length)return;
 i=i%s.length;
 s.forEach(function(e,k){e.classList.toggle('on',k===i);});
 clearTimeout(timer);
 timer=setTimeout(function(){i++;show();},1000*(parseInt(s[i].getAttribute('data-seconds'),10)||12));
}
document.addEventListener('DOMContentLoaded',show);
document.addEventListener('live',function(){i=0;show();});
})();"""
"""Shows the slides of `/screen` one at a time; starts again from the first when a new version arrives."""


def script_hash(script: str) -> str:
    """A script's CSP source: its SHA-256, as the browser hashes the text between `<script>` and `</script>`."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; "
    f"script-src {' '.join(script_hash(s) for s in (LIVE, FIND, CYCLE))}; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}
"""Sent with every answer: a page may load only its own inline style, the three scripts above, its images and
`/events`."""
