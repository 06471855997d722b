/**
 * SPEC §2: switching the /auth tabs "updates the query string without adding history". After hydration the
 * tabs are `<Link replace>`; before it (hydration waits for the first paint, decision 007) this inline script,
 * placed right after the tabs' <nav>, turns a plain left click on a tab into `location.replace`. Modified and
 * middle clicks are left to the browser. Without JavaScript the tabs stay plain links (HTML has no markup that
 * navigates without a history entry).
 */
export const TAB_REPLACE_SCRIPT = `(function(){var nav=document.currentScript.previousElementSibling;nav.addEventListener("click",function(e){if(document.documentElement.dataset.hydrated==="true"||e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;var a=e.target.closest("a[href]");if(!a)return;e.preventDefault();location.replace(a.href)},true)})()`;
