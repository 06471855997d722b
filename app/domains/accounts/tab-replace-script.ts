/**
 * Makes a plain click on an /auth tab use `location.replace` before hydration, so switching tabs adds no history entry.
 */
export const TAB_REPLACE_SCRIPT = `(function(){var nav=document.currentScript.previousElementSibling;nav.addEventListener("click",function(e){if(document.documentElement.dataset.hydrated==="true"||e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;var a=e.target.closest("a[href]");if(!a)return;e.preventDefault();location.replace(a.href)},true)})()`;
