/**
 * The game page's script, served as `/site/copy.<hash>.js`. Without it every hash is still
 * selectable in one click (`user-select: all`), but a keyboard cannot select text in a `<code>`:
 * it adds a Copy button after each hash (`code[data-copy]`), so the hashes are reachable with Tab
 * and copied with Enter or Space. The buttons are created here rather than written into the page,
 * so a page without JavaScript shows no button that would do nothing, and 130,000 pages stay
 * smaller. Plain ES2019, no dependencies.
 */
export const copyScript = `(function () {
  "use strict";
  function fallback(code) {
    // Outside a secure context (plain http on a LAN) there is no navigator.clipboard.
    var range = document.createRange();
    range.selectNodeContents(code);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    var ok = document.execCommand && document.execCommand("copy");
    return ok ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }
  Array.prototype.forEach.call(document.querySelectorAll("code[data-copy]"), function (code) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy";
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy " + code.getAttribute("data-copy"));
    var status = document.createElement("span");
    status.className = "copy-status";
    status.setAttribute("role", "status");
    var timer = 0;
    button.addEventListener("click", function () {
      var text = code.textContent || "";
      var copying = navigator.clipboard && window.isSecureContext ? navigator.clipboard.writeText(text) : fallback(code);
      copying.then(
        function () { status.textContent = "Copied"; },
        function () { status.textContent = "Select the hash and copy it"; }
      );
      clearTimeout(timer);
      timer = setTimeout(function () { status.textContent = ""; }, 2000);
    });
    code.insertAdjacentElement("afterend", status);
    code.insertAdjacentElement("afterend", button);
  });
})();
`;
