import { DEFAULT_READER_SETTINGS, READER_LAYOUT_SETTINGS, READER_SETTINGS_STORAGE_KEY, STORAGE_KEYS } from '@comics/core'
import { COOKIE_CHOICE_ATTRIBUTE } from '@comics/react'
import { AGE_PASSED_ATTRIBUTE, APP_RUNNING_ATTRIBUTE, CLIENT_RENDER_ATTRIBUTE, COOKIE_CHOICE_BEFORE_APP_ATTRIBUTE, CUSTOM_READER_COOKIE, SIGNED_IN_COOKIE } from './documentMarks'

const json = JSON.stringify

/**
 * Sets cookie `name` as the app does (src/app/signedInCookie.ts) and, when it took, hides the guest's
 * render (src/site.css) and loads the page again: the server then leaves it to the browser.
 */
const SET_AND_RELOAD = `function s(n){document.cookie=n+'=1; Path=/; SameSite=Lax; Max-Age=31536000'+(location.protocol==='https:'?'; Secure':'');if(document.cookie.indexOf(n+'=1')<0)return;document.documentElement.setAttribute(${json(CLIENT_RENDER_ATTRIBUTE)},'');location.reload()}function h(n){return(' '+document.cookie).indexOf(' '+n+'=1')>=0}`

/**
 * A session without the signed-in cookie (one from before the cookie, or whose cookie was cleared): the
 * server rendered a guest's page, which the reader's would not match.
 */
const SIGNED_IN_WITHOUT_COOKIE = `try{if(!h(${json(SIGNED_IN_COOKIE)})&&JSON.parse(localStorage.getItem(${json(STORAGE_KEYS.authToken)})||'null'))s(${json(SIGNED_IN_COOKIE)})}catch(e){}`

/**
 * Marks `<html>` with the kit's COOKIE_CHOICE_ATTRIBUTE before the body paints when the page's storage
 * holds a cookie choice (core's consent store: JSON or a bare word): the banner the server renders with
 * every page, for it cannot see the choice, is then never painted for a visitor who made one.
 */
const COOKIE_CHOICE_BEFORE_RENDER = `try{var c=localStorage.getItem(${json(STORAGE_KEYS.consent)});try{c=JSON.parse(c)}catch(e){}if(c==='accepted'||c==='rejected')document.documentElement.setAttribute(${json(COOKIE_CHOICE_ATTRIBUTE)},'')}catch(e){}`

/**
 * Marks `<html>` with AGE_PASSED_ATTRIBUTE when the page's storage holds the age gate's Yes (core's age-gate
 * store: JSON `true`) but the request carried no cookie saying so (an answer from before the cookie, or one
 * whose cookie was cleared): the gate the server rendered is then not painted over the page while the app
 * starts, which closes it and sets the cookie (src/site.css).
 */
const AGE_ANSWER_BEFORE_RENDER = `try{if(JSON.parse(localStorage.getItem(${json(STORAGE_KEYS.isUserPassAgeVerification)})||'null')===true)document.documentElement.setAttribute(${json(AGE_PASSED_ATTRIBUTE)},'')}catch(e){}`

/**
 * The banner's Accept and Reject work from the first paint, before the app has started: a choice tapped
 * then is stored as core's consent store stores it (JSON), so that it holds on the next page even if this
 * one is left at once, marks the root, so the kit's CSS hides the banner at once, and is left on the root
 * for the app (COOKIE_CHOICE_BEFORE_APP_ATTRIBUTE), which makes it once it has taken the page over, as a
 * choice made then (src/app/siteConsent.ts). From then on the app's own handlers make it, and this one
 * stands aside.
 */
const COOKIE_CHOICE_BEFORE_APP = `document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('.comics-cookie-banner__accept,.comics-cookie-banner__reject'),d=document.documentElement;if(!b||d.hasAttribute(${json(APP_RUNNING_ATTRIBUTE)}))return;var c=b.classList.contains('comics-cookie-banner__accept')?'accepted':'rejected';try{localStorage.setItem(${json(STORAGE_KEYS.consent)},JSON.stringify(c))}catch(x){}d.setAttribute(${json(COOKIE_CHOICE_BEFORE_APP_ATTRIBUTE)},c);d.setAttribute(${json(COOKIE_CHOICE_ATTRIBUTE)},'')});`

/**
 * On the reader: reader settings that change the layout (core `READER_LAYOUT_SETTINGS`) other than the
 * defaults (core's reader-settings store) without their cookie. The server rendered the defaults' layout, which the settings would move after the first paint.
 * Settings back at the defaults drop the cookie: the next reader is the server's again.
 */
const READER_SETTINGS = `try{var r=JSON.parse(localStorage.getItem(${json(READER_SETTINGS_STORAGE_KEY)})||'null'),d=${json(Object.fromEntries(READER_LAYOUT_SETTINGS.map((key) => [key, DEFAULT_READER_SETTINGS[key]])))},k=${json(CUSTOM_READER_COOKIE)},m=!!r&&Object.keys(d).some(function(x){return r[x]!==d[x]});if(m&&!h(k))s(k);else if(!m&&h(k))document.cookie=k+'=; Path=/; Max-Age=0'}catch(e){}`

/**
 * A page opened anew (a link from elsewhere, the address typed again) starts at its top: the browser keeps
 * the history entry's state when the same address is opened again, and the framework's scroll
 * restoration would take it for a return. A reload and Back or Forward keep it, and their position.
 */
const NEW_VISIT_AT_TOP = `try{var v=performance.getEntriesByType('navigation')[0];if(v&&v.type==='navigate'&&history.state)history.replaceState(null,'')}catch(e){}`

/**
 * A page whose storage is denied (a browser's setting, a sandboxed frame) keeps its session storage in
 * memory for the visit: the framework's scroll restoration reads it unguarded, before the app runs.
 */
const SESSION_STORAGE_IN_MEMORY = `try{window.sessionStorage.length}catch(e){try{var m={};Object.defineProperty(window,'sessionStorage',{configurable:true,value:{getItem:function(k){return Object.prototype.hasOwnProperty.call(m,k)?m[k]:null},setItem:function(k,v){m[k]=String(v)},removeItem:function(k){delete m[k]},clear:function(){m={}},key:function(i){return Object.keys(m)[i]||null},get length(){return Object.keys(m).length}}})}catch(x){}}`

/** The inline script of every document's head, run before the body paints (it carries the response's nonce). */
export function documentScripts(options: { reader: boolean }): string {
  return `${SESSION_STORAGE_IN_MEMORY}${NEW_VISIT_AT_TOP}${SET_AND_RELOAD}${SIGNED_IN_WITHOUT_COOKIE}${options.reader ? READER_SETTINGS : ''}${COOKIE_CHOICE_BEFORE_RENDER}${AGE_ANSWER_BEFORE_RENDER}${COOKIE_CHOICE_BEFORE_APP}`
}

/**
 * The end of a document the server rendered: the framework's scripts are written inert (their module
 * script as `text/x-module-after-paint`, their preloads as `modulepreload-after-paint`; patches/react-router@*.patch),
 * and this starts them once the page has painted its largest image (the one the render asks for at high
 * priority: the reader's first page, a comic's cover, the carousel's first slide), or at once after the
 * first paint when there is none. On a phone's link the first paint then shares it with nothing: the
 * document, the stylesheet and that image. A hidden page starts at once (it paints nothing until shown),
 * and any page after 3 s at the latest (an image that never answers). Being parser-inserted after the
 * stylesheet, it runs once the stylesheet has arrived.
 */
export const START_APP_AFTER_PAINT = `(function(){var d=document,s=d.querySelector('script[type="text/x-module-after-paint"]'),done=0;if(!s)return;function go(){if(done)return;done=1;d.querySelectorAll('link[rel="modulepreload-after-paint"]').forEach(function(l){var p=d.createElement('link');p.rel='modulepreload';p.href=l.getAttribute('href');if(l.nonce)p.nonce=l.nonce;if(l.crossOrigin)p.crossOrigin=l.crossOrigin;d.head.appendChild(p)});var m=d.createElement('script');m.type='module';if(s.nonce)m.nonce=s.nonce;m.textContent=s.textContent;s.parentNode.insertBefore(m,s.nextSibling)}function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}if(d.visibilityState!=='visible')return go();var i=d.querySelector('img[fetchpriority="high"]');if(!i||i.complete)painted();else{i.addEventListener('load',painted);i.addEventListener('error',painted)}setTimeout(go,3000)})()`
